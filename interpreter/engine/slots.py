"""Which containers fill which load slots of a ship (R6.6, R7.1-R7.3, R8.1).

A ship's slots are the load requirements of all its contracts: slots of one colour, and `any` slots
(rainbow requirements). A container fills a slot of its own colour or an `any` slot; a wild container
(R7.2) fills any slot. Matching colour-first, then `any`, then wild containers last gives the largest
number of filled slots, which is all the rules need: a container "fits" when it raises that number.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from interpreter.cards.model import ANY_COLOUR
from interpreter.engine.state import Card, Player, Ship

if TYPE_CHECKING:
    from interpreter.engine.queries import Rules


def slot_counts(rules: Rules, p: Player, ship: Ship) -> tuple[dict[str, int], int, int]:
    """(slots by colour, `any` slots, total slots) opened by the contracts on `ship`."""
    by_colour: dict[str, int] = {}
    any_slots = 0
    for contract in ship.contracts:
        for colour, n in rules.contract_load(p, contract):
            if colour == ANY_COLOUR:
                any_slots += n
            else:
                by_colour[colour] = by_colour.get(colour, 0) + n
    return by_colour, any_slots, sum(by_colour.values()) + any_slots


class PairContainer:
    """Two containers of one colour loaded to count as one container of `good` (a power's rule)."""

    __slots__ = ("good", "uid")

    def __init__(self, good: str):
        self.good = good
        self.uid = -1


def _effective(ship: Ship, pair_good: str | None) -> list[Any]:
    """The containers as the slots see them: a loaded pair counts once, as `pair_good`."""
    if not ship.pairs:
        return ship.containers
    firsts = {a for a, _ in ship.pairs}
    seconds = {b for _, b in ship.pairs}
    out: list[Any] = []
    for card in ship.containers:
        if card.uid in seconds:
            continue
        out.append(PairContainer(pair_good or card.good) if card.uid in firsts else card)
    return out


def filled_slots(rules: Rules, p: Player, ship: Ship, extra: Any = None) -> tuple[int, int]:
    """(slots filled by the containers on `ship` plus `extra`, total slots)."""
    by_colour, any_slots, total = slot_counts(rules, p, ship)
    filled = 0
    wild = 0
    containers = _effective(ship, rules.pair_slot_good(p) if ship.pairs else None)
    if extra is not None:
        containers = containers + [extra]
    for card in containers:
        if rules.container_wild(p, card):
            wild += 1
            continue
        left = by_colour.get(card.good, 0)
        if left:
            by_colour[card.good] = left - 1
            filled += 1
        elif any_slots:
            any_slots -= 1
            filled += 1
    return min(total, filled + wild), total


def paid_containers(rules: Rules, p: Player, ship: Ship) -> int:
    """The containers a completing shipment is paid for (R8.2.2, OQ-47): those that fill its slots,
    a loaded pair counting as its two cards (R6.7; a pair is only ever loaded where it fills a slot).
    Containers left aboard by a discarded contract (R14.2) that fill no slot are carried, not paid."""
    filled, _ = filled_slots(rules, p, ship)
    return min(len(ship.containers), filled + len(ship.pairs))


def fits(rules: Rules, p: Player, ship: Ship, card: Card) -> bool:
    """Would `card` fill a still-open slot of `ship` (R7.1, R7.3)?"""
    if not ship.contracts or ship.at_sea:
        return False
    before, total = filled_slots(rules, p, ship)
    if before >= total:
        return False
    after, _ = filled_slots(rules, p, ship, card)
    return after > before


def pair_fits(rules: Rules, p: Player, ship: Ship, good: str) -> bool:
    """Would a pair counting as one `good` container fill a still-open slot of `ship`?"""
    return fits(rules, p, ship, PairContainer(good))  # type: ignore[arg-type]


def is_complete(rules: Rules, p: Player, ship: Ship) -> bool:
    """Every slot of every contract on the ship is filled (R8.1)."""
    if not ship.contracts:
        return False
    filled, total = filled_slots(rules, p, ship)
    return filled >= total


def required_total(rules: Rules, p: Player, ship: Ship) -> int:
    return sum(n for contract in ship.contracts for _, n in rules.contract_load(p, contract))


def open_slots_text(rules: Rules, p: Player, ship: Ship) -> str:
    """A short description of what a ship still needs, for views and labels."""
    by_colour, any_slots, _ = slot_counts(rules, p, ship)
    for card in ship.containers:
        if by_colour.get(card.good, 0):
            by_colour[card.good] -= 1
        elif any_slots:
            any_slots -= 1
    parts = [f"{n} {colour}" for colour, n in by_colour.items() if n]
    if any_slots:
        parts.append(f"{any_slots} any")
    return ", ".join(parts) if parts else "nothing"
