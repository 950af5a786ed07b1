"""Power lines generated from the language's grammar, for property-based tests (Hypothesis).

Hypothesis' own Lark strategy joins tokens without spaces, which this keyword language cannot read,
so this walks the grammar's rules itself: every choice is drawn by Hypothesis (so failures shrink),
words are joined with spaces, and past a depth the shortest way out of each rule is taken."""

from __future__ import annotations

from functools import cache

from hypothesis import strategies as st

from interpreter.lang.parser import parser

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


@st.composite
def power_lines(draw: st.DrawFn, start: str = "start", max_depth: int = 9) -> str:
    words: list[str] = []
    literal = _terminal_words()
    rules, depth = _rules(), _depth()

    def expand(symbol: str, level: int) -> None:
        options = rules[symbol]
        if level >= max_depth:
            best = min(max((depth.get(s, 0) for s, t in exp if not t), default=0) for exp in options)
            options = [exp for exp in options if max((depth.get(s, 0) for s, t in exp if not t), default=0) == best]
        exp = draw(st.sampled_from(options))
        for sym, term in exp:
            if not term:
                expand(sym, level + 1)
            elif sym == "INT":
                words.append(str(draw(st.integers(min_value=0, max_value=12))))
            elif sym in VALUES:
                words.append(draw(st.sampled_from(VALUES[sym])))
            else:
                words.append(literal[sym])

    expand(start, 0)
    return " ".join(words).replace(" :", ":").replace(" ,", ",").replace("( ", "(").replace(" )", ")")
