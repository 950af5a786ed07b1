"""Shorthands: readable phrases defined, as data, in terms of the core language.

A shorthand says how a phrase is written (`says`) and what it means in the core (`means`), with typed
slots: `your ships hold {n:number} containers` means `your ship capacity is {n}`. The built-in ones
(grammar/shorthands.yaml) keep the printed cards' familiar wording; a mod pack may add its own in its
manifest. Before a line is parsed, every shorthand phrase in it is replaced by its meaning (leftmost
first, longest first, again until none is left); messages still point into the line as written.

Slot kinds: `number` (a whole number), `good` (a good type), `colour`, `action` (an action type),
`players` (each other player, every player, that player, you, ...), `words` (any words, as few as
possible)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import yaml

from interpreter.resources import shorthands_file

SLOT = re.compile(r"\{([a-z_][a-z0-9_]*)(?::([a-z]+))?\}")
KINDS: dict[str, str] = {
    "number": r"\d+",
    "good": r"technology|agriculture|illegal|consumer|luxury",
    "colour": r"green|yellow|red|black|blue",
    "action": r"contract|load|import|pirate|supply",
    "players": (r"each other player|every other player|each opponent|every opponent|other players|all other players|"
                r"each player|every player|all players|that player|the chosen player|you"),
    "words": r"[^:;()]+?",
}
MAX_EXPANSIONS = 20
# A line written with shorthands grows at most to this many characters (or twice its own length): a
# shorthand that repeats its slot (`twice {n:words}` meaning `{n} {n}`) doubles the line at each use,
# and twenty uses made lines of millions of characters (minutes and gigabytes before any message).
MAX_EXPANDED = 4000


@dataclass(frozen=True)
class Shorthand:
    says: str
    means: str
    role: str = ""
    source: str = "grammar/shorthands.yaml"
    note: str = ""
    pattern: re.Pattern[str] = field(init=False, compare=False, repr=False)
    slots: tuple[str, ...] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "pattern", compile_phrase(self.says))
        object.__setattr__(self, "slots", tuple(m.group(1) for m in SLOT.finditer(self.says)))


def compile_phrase(says: str) -> re.Pattern[str]:
    """`your ships hold {n:number} containers` -> a regex with a named group per slot. A `words` slot
    at the end of the phrase runs to the end of the clause (`:`, `;`, `then` or the end of the line)."""
    parts, pos = [], 0
    for m in SLOT.finditer(says):
        parts.append(_literal(says[pos:m.start()]))
        kind = m.group(2) or "words"
        if kind not in KINDS:
            raise ValueError(f"unknown slot kind `{kind}` in `{says}`; use one of {', '.join(KINDS)}")
        pattern = KINDS[kind]
        if kind == "words" and m.end() == len(says):
            pattern = r"(?:(?!\sthen\s)[^:;()])+"
        parts.append(f"(?P<{m.group(1)}>{pattern})")
        pos = m.end()
    parts.append(_literal(says[pos:]))
    return re.compile(r"(?<![\w'])" + "".join(parts) + r"(?![\w'])")


def _literal(text: str) -> str:
    return r"\s+".join(re.escape(w) for w in text.split(" ")) if text.strip() else (r"\s+" if text else "")


@dataclass
class Expansion:
    """A line after expansion, and for each of its characters the column it came from."""

    text: str
    cols: list[int]
    used: list[Shorthand] = field(default_factory=list)
    problem: tuple[int, str] | None = None

    def original_col(self, col: int) -> int:
        if not self.cols:
            return col
        i = min(max(col - 1, 0), len(self.cols) - 1)
        return self.cols[i] if col - 1 < len(self.cols) else self.cols[-1] + (col - len(self.cols))


def expand(text: str, shorthands: Iterable[Shorthand] | None) -> Expansion:
    """`shorthands`: those that apply (None: the built-in ones; a pack passes the built-in ones and its own)."""
    found = builtin() if shorthands is None else list(shorthands)
    out = Expansion(text, list(range(1, len(text) + 1)))
    longest = max(MAX_EXPANDED, 2 * len(text))
    for _ in range(MAX_EXPANSIONS):
        best: tuple[int, int, Shorthand, re.Match[str]] | None = None
        for sh in found:
            m = sh.pattern.search(out.text)
            if m and (best is None or (m.start(), -(m.end() - m.start())) < (best[0], -(best[1] - best[0]))):
                best = (m.start(), m.end(), sh, m)
        if best is None:
            return out
        start, end, sh, m = best
        new_text, new_cols = _replace(out, start, end, sh, m)
        out.text, out.cols = new_text, new_cols
        out.used.append(sh)
        if len(new_text) > longest:
            out.problem = (1, f"shorthands make this line longer than {longest:,} characters; check `{sh.says}` ({sh.source}), "
                              "which repeats what it is given")
            return out
    out.problem = (1, f"shorthands keep expanding into each other (more than {MAX_EXPANSIONS} times); check "
                      f"`{out.used[-1].says}` ({out.used[-1].source})")
    return out


def _replace(exp: Expansion, start: int, end: int, sh: Shorthand, m: re.Match[str]) -> tuple[str, list[int]]:
    text, cols, at = [], [], exp.cols[start]
    pos = 0
    for slot in SLOT.finditer(sh.means):
        literal = sh.means[pos:slot.start()]
        text.append(literal)
        cols += [at] * len(literal)
        name = slot.group(1)
        value = m.group(name) if name in m.groupdict() else ""
        text.append(value)
        origin = m.start(name) if name in m.groupdict() and m.start(name) >= 0 else start
        cols += [exp.cols[origin + i] for i in range(len(value))]
        pos = slot.end()
    tail = sh.means[pos:]
    text.append(tail)
    cols += [at] * len(tail)
    return exp.text[:start] + "".join(text) + exp.text[end:], exp.cols[:start] + cols + exp.cols[end:]


def shorthands_from(items: Any, source: str) -> tuple[list[Shorthand], list[tuple[int, str]]]:
    """Shorthands from a list of mappings (`says`, `means`, optional `role`, `note`); problems by item index."""
    out: list[Shorthand] = []
    problems: list[tuple[int, str]] = []
    if not isinstance(items, list):
        return [], [(-1, "`shorthands` must be a list of `{says: ..., means: ...}` entries")]
    for i, item in enumerate(items):
        if not isinstance(item, dict) or not isinstance(item.get("says"), str) or not isinstance(item.get("means"), str):
            problems.append((i, "a shorthand needs `says` (the phrase) and `means` (what it stands for in the core language)"))
            continue
        unknown = set(item) - {"says", "means", "role", "note"}
        if unknown:
            problems.append((i, f"unknown key `{sorted(unknown)[0]}` in a shorthand; use says, means, role, note"))
            continue
        says, means = item["says"].strip().lower(), item["means"].strip().lower()
        try:
            sh = Shorthand(says, means, str(item.get("role", "")), source, str(item.get("note", "")))
        except ValueError as exc:
            problems.append((i, str(exc)))
            continue
        missing = {m.group(1) for m in SLOT.finditer(means)} - set(sh.slots)
        if missing:
            problems.append((i, f"`means` uses `{{{sorted(missing)[0]}}}`, which `says` does not define"))
            continue
        out.append(sh)
    return out, problems


_builtin: list[Shorthand] | None = None


def builtin() -> list[Shorthand]:
    """The shorthands every card may use (grammar/shorthands.yaml)."""
    global _builtin
    if _builtin is None:

        data = yaml.safe_load(shorthands_file().read_text(encoding="utf-8")) or {}
        found, problems = shorthands_from(data.get("shorthands", []), "grammar/shorthands.yaml")
        if problems:
            raise ValueError(f"grammar/shorthands.yaml: entry {problems[0][0] + 1}: {problems[0][1]}")
        _builtin = found
    return _builtin


def shorthand_key(shorthands: Sequence[Shorthand] | None) -> str:
    """What a set of shorthands means, as text: part of the key under which a card loaded with them
    is cached ("" for the built-in ones, which the interpreter's own fingerprint covers)."""
    if shorthands is None:
        return ""
    return repr([(s.says, s.means, s.role) for s in shorthands])
