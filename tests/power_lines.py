"""Power lines generated from the language's grammar, for property-based tests (Hypothesis).

Hypothesis' own Lark strategy joins tokens without spaces, which this keyword language cannot read,
so this walks the grammar's rules itself: words are joined with spaces, and past a depth the shortest
way out of each rule is taken. Every choice is made by a `Picks`: Hypothesis' draws (so failures
shrink), or a seeded random generator, many times faster, for tests that need hundreds of lines."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Protocol, TypeVar

from hypothesis import strategies as st

from interpreter.lang.parser import parser

T = TypeVar("T")


class Picks(Protocol):
    """Who makes the choices of a derivation."""

    def choice(self, options: Sequence[T]) -> T: ...

    def integer(self, low: int, high: int) -> int: ...


class Drawn:
    """Choices drawn by Hypothesis."""

    def __init__(self, draw: st.DrawFn) -> None:
        self.draw = draw

    def choice(self, options: Sequence[T]) -> T:
        return self.draw(_sampled_from(tuple(options)))

    def integer(self, low: int, high: int) -> int:
        return self.draw(_integers(low, high))


# One strategy per list of options, made once: a derivation makes dozens of choices among the same few
# lists, and a strategy made anew for each choice was validated anew (a third of a line's drawing).
# The draws are the same, and so are the lines.
@cache
def _sampled_from(options: tuple[T, ...]) -> st.SearchStrategy[T]:
    return st.sampled_from(options)


@cache
def _integers(low: int, high: int) -> st.SearchStrategy[int]:
    return st.integers(min_value=low, max_value=high)


class Seeded:
    """Choices made by a seeded random generator."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choice(self, options: Sequence[T]) -> T:
        return self.rng.choice(options)

    def integer(self, low: int, high: int) -> int:
        return self.rng.randint(low, high)


# Terminals that are patterns rather than words (every good type and colour is a keyword of its own).
VALUES = {"COMPARATOR": ["<=", ">=", "<", ">", "="], "_COMMA_THEN": [", then"], "_OTHER_THAN": ["other than"],
          "WITH_A_BID_OF": ["with a bid of"], "NO_FEES": ["with no fees"]}


@cache
def _rules() -> dict[str, list[tuple[tuple[str, bool], ...]]]:
    out: dict[str, list[tuple[tuple[str, bool], ...]]] = {}
    for r in parser().rules:
        out.setdefault(r.origin.name, []).append(tuple((s.name, s.is_term) for s in r.expansion))
    return out


@cache
def _depth() -> dict[str, int]:
    """The least depth each rule needs to end, to steer deep derivations home."""
    rules = _rules()
    depth: dict[str, int] = {}
    changed = True
    while changed:
        changed = False
        for name, expansions in rules.items():
            for exp in expansions:
                if all(term or sym in depth for sym, term in exp):
                    d = 1 + max((depth[sym] for sym, term in exp if not term), default=0)
                    if d < depth.get(name, 10**9):
                        depth[name] = d
                        changed = True
    return depth


@cache
def _terminal_words() -> dict[str, str]:
    return {t.name: t.pattern.value for t in parser().terminals if t.pattern.type == "str"}


@dataclass
class Derivation:
    """One node of a derivation: a rule (or a terminal drawn from several values: INT, COMPARATOR)
    and what it expanded into, each child a Derivation or a fixed word."""

    symbol: str
    level: int
    children: list[Derivation | str] = field(default_factory=list)

    def words(self) -> list[str]:
        out: list[str] = []
        for child in self.children:
            out += child.words() if isinstance(child, Derivation) else [child]
        return out

    def nodes(self) -> list[Derivation]:
        """Every node, depth first: the places where a second line may differ from this one."""
        found = [self]
        for child in self.children:
            if isinstance(child, Derivation):
                found += child.nodes()
        return found

    def replaced(self, old: Derivation, new: Derivation) -> Derivation:
        if self is old:
            return new
        return Derivation(self.symbol, self.level,
                          [c.replaced(old, new) if isinstance(c, Derivation) else c for c in self.children])


def derive(picks: Picks, symbol: str, level: int = 0, max_depth: int = 9) -> Derivation:
    """A random derivation of `symbol`; past `max_depth`, the shortest way out of each rule."""
    literal = _terminal_words()
    rules = _rules()
    node = Derivation(symbol, level)
    if symbol == "INT":
        node.children.append(str(picks.integer(0, 12)))
        return node
    if symbol in VALUES:
        node.children.append(picks.choice(VALUES[symbol]))
        return node
    options = _shortest(symbol) if level >= max_depth else rules[symbol]
    for sym, term in picks.choice(options):
        if not term or sym == "INT" or sym in VALUES:
            node.children.append(derive(picks, sym, level + 1, max_depth))
        else:
            node.children.append(literal[sym])
    return node


@cache
def _shortest(symbol: str) -> list[tuple[tuple[str, bool], ...]]:
    """The expansions of `symbol` that end soonest (in the grammar's order): the way out past the depth."""
    depth, options = _depth(), _rules()[symbol]
    best = min(max((depth.get(s, 0) for s, t in exp if not t), default=0) for exp in options)
    return [exp for exp in options if max((depth.get(s, 0) for s, t in exp if not t), default=0) == best]


def text_of(derivation: Derivation) -> str:
    return _joined(derivation.words())


def _joined(words: list[str]) -> str:
    return " ".join(words).replace(" :", ":").replace(" ,", ",").replace("( ", "(").replace(" )", ")")


@st.composite
def power_lines(draw: st.DrawFn, start: str = "start", max_depth: int = 9) -> str:
    return text_of(derive(Drawn(draw), start, 0, max_depth))


def neighbour(picks: Picks, first: Derivation, max_depth: int = 9) -> str:
    """A line that differs from `first` in one place: one rule of its derivation (or one number, or
    one comparator) derived again another way, or one pair of parentheses taken away (`you may (A
    then B)` and `you may A then B`). Neighbours are where two meanings most easily share a sentence."""
    words = first.words()
    opening = [i for i, w in enumerate(words) if w == "("]
    if opening and picks.integer(0, 3) == 0:
        start = picks.choice(opening)
        end = _closing(words, start)
        return _joined(words[:start] + words[start + 1:end] + words[end + 1:])
    spot = picks.choice([n for n in first.nodes() if n.level > 0])
    return text_of(first.replaced(spot, derive(picks, spot.symbol, spot.level, max_depth)))


def _closing(words: list[str], start: int) -> int:
    depth = 0
    for i in range(start, len(words)):
        depth += {"(": 1, ")": -1}.get(words[i], 0)
        if depth == 0:
            return i
    raise ValueError("unbalanced parentheses in a generated line")
