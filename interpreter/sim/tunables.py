"""The numbers of a card that `importexport tune` may change, found from the card's definition: its
tier, the count of each colour of its load, and each number written in its power lines, each within
the range the language allows it (interpreter/lang/bounds.py) and in the steps it allows (credits
change in steps of 2 during play, R1.8.3). A set of values is made into a card by writing the card
again with those numbers and reading it as any card file is read, so a candidate that the checker
would refuse is never played.

Knob names: `tier`, `load.COLOUR` (`load.consumer`), and `pN.K` for the K-th number of power line N
(`p1.1`; `p1` when the line has one number)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from interpreter.cards.diagnostics import did_you_mean
from interpreter.cards.loader import load_card_text
from interpreter.cards.model import CardDef
from interpreter.cards.packwords import shorthands_for
from interpreter.lang.bounds import MAX_SHIP_CAPACITY, TIER, Bound
from interpreter.lang.check import number_ranges
from interpreter.lang.shorthands import shorthand_key
from interpreter.schema_header import with_header

LOAD = Bound(1, MAX_SHIP_CAPACITY, "containers", "a load counts at least 1 container; no ship holds more than 20")
DEFAULT_SPREAD = 4  # steps above the current value that a power number's default range reaches (or twice the value)
MAX_LOAD_DEFAULT = 6  # a ship holds 6 (R6.6): the default top of a load count's range


class TuneError(ValueError):
    """A knob or value that cannot be tuned as asked; the message says what is allowed."""


@dataclass(frozen=True)
class Knob:
    """One number of the card that may change."""

    name: str  # tier, load.consumer, p1.1
    value: int  # as the card has it
    least: int  # the range searched (within the language's bounds)
    most: int
    step: int  # 2 for credits during play (R1.8.3), else 1
    what: str  # what the number counts, from its bound
    where: str  # the power line with the number marked, or the field
    bound: Bound  # the language's range
    line: int = 0  # power lines: the index of the line, and the column of the number in it
    col: int = 0

    def values(self) -> list[int]:
        """Every value of the range, in steps (the card's own value always among them)."""
        start = self.value - ((self.value - self.least) // self.step) * self.step
        return [v for v in range(start, self.most + 1, self.step)]

    def describe(self) -> str:
        return f"{self.name} = {self.value} ({self.what}; searched {self.least}..{self.most}{' in steps of 2' if self.step == 2 else ''}): {self.where}"


def _power_knobs(card: CardDef) -> list[Knob]:
    knobs = []
    for i, power in enumerate(card.powers):
        if power.node is None:
            continue
        numbers = [(v, c, b) for v, c, b in number_ranges(power.node)]
        text = power.text
        for k, (value, col, bound) in enumerate(sorted(numbers, key=lambda n: n[1])):
            written = str(value)
            at = col - 1
            if text[at:at + len(written)] != written or (at + len(written) < len(text) and text[at + len(written)].isdigit()):
                continue  # the number is not written in the line itself (it comes from a shorthand's meaning)
            name = f"p{i + 1}.{k + 1}"
            marked = f"{text[:at]}[{written}]{text[at + len(written):]}"
            knobs.append(Knob(name, value, bound.least, bound.most, 1, bound.what, f"power line {i + 1}: {marked}", bound, i, col))
    return knobs


def find_knobs(card: CardDef) -> list[Knob]:
    """Every tunable number of the card, with the default range searched: the tier over 0..3; a load
    count from 1 to 6; a power number from the least its bound allows to twice its value or
    DEFAULT_SPREAD steps above it, whichever is more. A power number whose neighbours the checker
    refuses for parity (credits during play) moves in steps of 2."""
    knobs = [Knob("tier", card.tier, TIER.least, TIER.most, 1, TIER.what, f"tier {card.tier}", TIER)]
    for colour, count in card.load:
        knobs.append(Knob(f"load.{colour}", count, 1, max(count, MAX_LOAD_DEFAULT), 1, "containers",
                          f"load {card.load_text()}", LOAD))
    for knob in _power_knobs(card):
        step = 2 if _needs_even(card, knob) else 1
        least = knob.bound.least + (1 if step == 2 and (knob.bound.least - knob.value) % 2 else 0)
        most = min(knob.bound.most, max(2 * knob.value, knob.value + DEFAULT_SPREAD * step))
        knobs.append(replace(knob, least=least, most=most, step=step))
    return _short_names(knobs)


def _short_names(knobs: list[Knob]) -> list[Knob]:
    """`p1` for `p1.1` when power line 1 has one number."""
    per_line: dict[str, int] = {}
    for k in knobs:
        if k.name.startswith("p"):
            head = k.name.split(".")[0]
            per_line[head] = per_line.get(head, 0) + 1
    return [replace(k, name=k.name.split(".")[0]) if k.name.startswith("p") and per_line[k.name.split(".")[0]] == 1 else k for k in knobs]


def _needs_even(card: CardDef, knob: Knob) -> bool:
    """Whether the checker refuses the number one step away (credits move in steps of 2, R1.8.3)."""
    trial = knob.value + 1 if knob.value + 1 <= knob.bound.most else knob.value - 1
    _, problems = build_candidate(card, {knob.name: trial}, [knob])
    return any("P023" in p for p in problems)


# --- choosing knobs from the command line ---------------------------------------------------------------

RANGE = re.compile(r"^(?P<name>[a-z0-9_.]+)(=(?P<lo>-?\d+)(\.\.(?P<hi>-?\d+))?)?$")


def choose_knobs(knobs: Sequence[Knob], vary: Sequence[str], fix: Sequence[str]) -> list[Knob]:
    """The knobs to search: those named by `--vary` (every one if none is named), less those named by
    `--fix`. `--vary p1=2..12` sets the range searched; `--vary tier=1` searches one value (as good as
    fixing it at another value). Raises TuneError naming the knobs there are."""
    by_name = {k.name: k for k in knobs}
    names = ", ".join(by_name) or "none"

    def known(name: str, flag: str) -> Knob:
        if name not in by_name:
            raise TuneError(f"{flag}: this card has no number `{name}`{did_you_mean(name, by_name)}; its numbers are {names}")
        return by_name[name]

    chosen: dict[str, Knob] = {}
    for text in vary:
        m = RANGE.match(text.strip())
        if not m:
            raise TuneError(f"--vary: `{text}` is not NAME or NAME=LOW..HIGH (e.g. p1=2..12); the card's numbers are {names}")
        knob = known(m["name"], "--vary")
        if m["lo"] is not None:
            lo = int(m["lo"])
            hi = int(m["hi"]) if m["hi"] is not None else lo
            if not knob.bound.least <= lo <= hi <= knob.bound.most:
                raise TuneError(f"--vary {text}: {knob.name} counts {knob.what} and must stay from {knob.bound.least} to "
                                f"{knob.bound.most} ({knob.bound.why}), low to high")
            knob = replace(knob, least=lo, most=hi)
        chosen[knob.name] = knob
    if not vary:
        chosen = dict(by_name)
    for name in fix:
        known(name.strip(), "--fix")
        chosen.pop(name.strip(), None)
    if not chosen:
        raise TuneError(f"nothing is left to vary: the card's numbers are {names}")
    return list(chosen.values())


# --- making a candidate card ------------------------------------------------------------------------------

def card_mapping(card: CardDef) -> dict[str, Any]:
    """The card as a card file would hold it (without its examples, which test its printed numbers)."""
    data: dict[str, Any] = {"id": card.id, "name": card.name, "set": card.set, "good": card.good, "action": card.action,
                            "tier": card.tier, "load": dict(card.load), "text": card.text}
    if card.estimated:
        data["estimated"] = list(card.estimated)
    if card.names:
        data["names"] = dict(card.names)
    if card.powers:
        data["powers"] = [p.text for p in card.powers]
    return data


def with_values(card: CardDef, values: dict[str, int], knobs: Iterable[Knob]) -> dict[str, Any]:
    """The card's mapping with the knobs set to `values` (knobs not named keep the card's own)."""
    data = card_mapping(card)
    lines = list(data.get("powers", []))
    edits: dict[int, list[tuple[int, int, int]]] = {}
    for knob in knobs:
        if knob.name not in values:
            continue
        new = values[knob.name]
        if knob.name == "tier":
            data["tier"] = new
        elif knob.name.startswith("load."):
            data["load"][knob.name.removeprefix("load.")] = new
        else:
            edits.setdefault(knob.line, []).append((knob.col, knob.value, new))
    for line, changes in edits.items():
        text = lines[line]
        for col, old, new in sorted(changes, reverse=True):  # right to left: earlier columns stay put
            at = col - 1
            text = text[:at] + str(new) + text[at + len(str(old)):]
        lines[line] = text
    if lines:
        data["powers"] = lines
    return data


def build_candidate(card: CardDef, values: dict[str, int], knobs: Iterable[Knob]) -> tuple[CardDef | None, list[str]]:
    """The card with these values, read as a card file is read; (None, the checker's problems) if it
    refuses them. The card's text is its powers in English when a power line changed (its printed
    words would describe the old numbers)."""
    data = with_values(card, values, knobs)
    changed_powers = data.get("powers", []) != [p.text for p in card.powers]
    shorthands = shorthands_for(Path(card.path)) if card.path else None
    built, diags = _read(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), card.id, _shorthand_key(shorthands), shorthands)
    if built is None:
        return None, [f"{d.code} {d.message}" for d in diags]
    if changed_powers:
        english = " ".join(_sentence(p.node.english()) for p in built.powers if p.node is not None)
        built = replace(built, text=english or built.text)
    return replace(built, path=card.path, examples=()), []


def _sentence(text: str) -> str:
    text = text.strip()
    return text if text.endswith((".", "!", "?")) else text + "."


def _shorthand_key(shorthands: Any) -> str:
    if not shorthands:
        return ""
    return shorthand_key(shorthands)


_SHORTHANDS: dict[str, Any] = {}


def _read(text: str, card_id: str, key: str, shorthands: Any) -> tuple[CardDef | None, list[Any]]:
    _SHORTHANDS.setdefault(key, shorthands)
    return _read_cached(text, card_id, key)


@cache
def _read_cached(text: str, card_id: str, key: str) -> tuple[CardDef | None, list[Any]]:
    """Candidates are read again and again (each worker, each round): once per text is enough."""
    return load_card_text(text, f"{card_id}.yaml", _SHORTHANDS.get(key))


def candidate_yaml(card: CardDef, target: Path) -> str:
    """A candidate as the card file `target` of the mod pack `tune --out` writes."""
    return with_header("card", target, yaml.safe_dump(card_mapping(card), sort_keys=False, allow_unicode=True, width=100))
