"""Which containers fill which load slots of a ship (R6.6, R7.1-R7.3, R8.1).

A ship's slots are the load requirements of all its contracts: slots of one colour, and `any` slots
(rainbow requirements). A container fills a slot of its own colour or an `any` slot; a wild container
(R7.2) fills any slot. Matching colour-first, then `any`, then wild containers last gives the largest
number of filled slots, which is all the rules need: a container "fits" when it raises that number.

A power may let a contract complete with only some of its slots filled, the player choosing which
(`contract_need`: Prefab Houses' half of a mixed requirement), or let a container fill slots of
other colours (`slot_colours`). Then the containers are matched to the slots by a small maximum
flow, each contract taking at most what it needs.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any

from interpreter.cards.model import ANY_COLOUR
from interpreter.engine.state import Card, Container, Player, Ship

if TYPE_CHECKING:
    from interpreter.engine.queries import Rules


Load = tuple[tuple[str, int], ...]


def requirements(rules: Rules, p: Player, ship: Ship) -> list[tuple[Load, int]]:
    """Each contract's load slots and how many of them must be filled (R8.1, `contract_need`)."""
    out = []
    for contract in ship.contracts:
        load = rules.contract_load(p, contract)
        out.append((load, rules.contract_need(p, contract, sum(n for _, n in load))))
    return out


def slot_counts(rules: Rules, p: Player, ship: Ship) -> tuple[dict[str, int], int, int]:
    """(slots by colour, `any` slots, total slots) opened by the contracts on `ship`."""
    contracts = ship.contracts
    modified = "contract_load" in rules.active  # else each load is the card's own: read without a call
    if len(contracts) == 1 and not modified:  # the most common ship: its slots are those of one printed load
        by_colour, any_slots, total = _load_slots(contracts[0].load)
        return dict(by_colour), any_slots, total  # a copy: callers count slots off it
    by_colour = {}
    any_slots = 0
    for contract in contracts:
        for colour, n in (rules.contract_load(p, contract) if modified else contract.load):
            if colour == ANY_COLOUR:
                any_slots += n
            else:
                by_colour[colour] = by_colour.get(colour, 0) + n
    return by_colour, any_slots, sum(by_colour.values()) + any_slots


@cache
def _load_slots(load: Load) -> tuple[dict[str, int], int, int]:
    """(slots by colour, `any` slots, total slots) of one contract's load; never changed by callers."""
    by_colour: dict[str, int] = {}
    any_slots = 0
    for colour, n in load:
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


def _effective(ship: Ship, pair_good: str | None) -> Sequence[Container]:
    """The containers as the slots see them: a loaded pair counts once, as `pair_good`; a card waiting
    for the second of a pair fills nothing yet."""
    if ship.halves:
        waiting = set(ship.halves)
        return [c for c in _effective_pairs(ship, pair_good) if c.uid not in waiting]
    return _effective_pairs(ship, pair_good)


def _effective_pairs(ship: Ship, pair_good: str | None) -> Sequence[Container]:
    if not ship.pairs:
        return ship.containers
    firsts = {a for a, _ in ship.pairs}
    seconds = {b for _, b in ship.pairs}
    out: list[Container] = []
    for card in ship.containers:
        if card.uid in seconds:
            continue
        out.append(PairContainer(pair_good or card.good) if card.uid in firsts else card)
    return out


def _needs_matching(rules: Rules, p: Player, ship: Ship) -> list[tuple[Load, int]] | None:
    """Each contract's slots and need when the containers must be matched by a flow (a power lets a
    contract complete with some of its slots, or a container fill other colours); None when the
    plain colour-first count is exact."""
    if "contract_need" in rules.active or "slot_colours" in rules.active:
        needs = requirements(rules, p, ship)
        if "slot_colours" in rules.active or any(need < sum(n for _, n in load) for load, need in needs):
            return needs
    return None


def _count(rules: Rules, p: Player, ship: Ship, containers: Sequence[Container]) -> tuple[dict[str, int], int, int, int]:
    """The plain count (R7.1, R7.2): each container fills a slot of its colour, else an `any` slot;
    wild containers are counted apart. Returns (colour slots left, `any` slots left, slots filled
    with wild containers counted, total slots)."""
    by_colour, any_slots, total = slot_counts(rules, p, ship)
    filled = 0
    wild = "container_wild" in rules.active
    for card in containers:
        if wild and rules.container_wild(p, card):
            filled += 1
            continue
        left = by_colour.get(card.good, 0)
        if left:
            by_colour[card.good] = left - 1
            filled += 1
        elif any_slots:
            any_slots -= 1
            filled += 1
    return by_colour, any_slots, min(total, filled), total


def filled_slots(rules: Rules, p: Player, ship: Ship, extra: Container | None = None, extras: list[Card] | None = None) -> tuple[int, int]:
    """(slots filled by the containers on `ship` plus `extra` and `extras`, slots that must be filled)."""
    # a ship with no pairs or halves: its containers as they are, without a call
    containers: Sequence[Container] = _effective(ship, rules.pair_slot_good(p) if ship.pairs else None) if ship.pairs or ship.halves else ship.containers
    if extra is not None:
        containers = [*containers, extra]
    if extras:
        containers = [*containers, *extras]
    needs = _needs_matching(rules, p, ship)
    if needs is not None:
        return _matched(rules, p, needs, containers), sum(need for _, need in needs)
    _, _, filled, total = _count(rules, p, ship, containers)
    return filled, total


def paid_containers(rules: Rules, p: Player, ship: Ship) -> int:
    """The containers a completing shipment is paid for (R8.2.2, OQ-47): those that fill its slots,
    a loaded pair counting as its two cards (R6.7; a pair is only ever loaded where it fills a slot).
    Containers left aboard by a discarded contract (R14.2) that fill no slot are carried, not paid."""
    filled, _ = filled_slots(rules, p, ship)
    return min(len(ship.containers), filled + len(ship.pairs))


def fits(rules: Rules, p: Player, ship: Ship, card: Container) -> bool:
    """Would `card` fill a still-open slot of `ship` (R7.1, R7.3)?"""
    return fitting(rules, p, ship)(card)


def fits_by_colour(rules: Rules) -> bool:
    """Whether a container fits a ship by its colour alone (R7.1): no power makes containers wild
    (R7.2) or lets them fill slots of other colours. Then cards of one good type fit the same ships."""
    return "container_wild" not in rules.active and "slot_colours" not in rules.active


def fitting(rules: Rules, p: Player, ship: Ship) -> Callable[[Container], bool]:
    """`fits` for many cards and one ship: the ship's slots are counted once, then each card is a
    look-up (the options of a load, a bot weighing its hand)."""
    if not ship.contracts or ship.at_sea:
        return _fits_nowhere
    return fitting_and_open(rules, p, ship)[0]


def fitting_and_open(rules: Rules, p: Player, ship: Ship) -> tuple[Callable[[Container], bool], int]:
    """`fitting` of a ship in harbor with contracts, and its open slots (slots to fill less slots
    filled, as `filled_slots` gives them), from one count of its slots."""
    fits_card, open_slots = _fitting(rules, p, ship)
    if "may_load" in rules.active:  # a power forbids loading some cards (R7.1): those fit nowhere
        fits_colour = fits_card
        return (lambda card: fits_colour(card) and rules.may_load(p, card)), open_slots
    return fits_card, open_slots


def _fitting(rules: Rules, p: Player, ship: Ship) -> tuple[Callable[[Container], bool], int]:
    if _needs_matching(rules, p, ship) is not None:
        before, total = filled_slots(rules, p, ship)
        if before >= total:
            return _fits_nowhere, total - before
        return (lambda card: filled_slots(rules, p, ship, card)[0] > before), total - before
    # the plain count gives each container the same slot whatever comes after it: a card fits when a
    # slot is still open and one of its colour, an `any` slot, or (wild) any slot is left for it
    containers = _effective(ship, rules.pair_slot_good(p) if ship.pairs else None) if ship.pairs or ship.halves else ship.containers
    left, any_left, filled, total = _count(rules, p, ship, containers)
    if filled >= total:
        return _fits_nowhere, total - filled
    if any_left:
        return _fits_anything, total - filled
    if "container_wild" not in rules.active:
        return (lambda card: left.get(card.good, 0) > 0), total - filled
    return (lambda card: left.get(card.good, 0) > 0 or rules.container_wild(p, card)), total - filled


def _fits_nowhere(card: Container) -> bool:
    return False


def _fits_anything(card: Container) -> bool:
    return True


def can_load_all(rules: Rules, p: Player, ship: Ship, cards: list[Card], n: int) -> bool:
    """Could `n` of `cards` be loaded onto `ship` together, each filling a slot?"""
    if ship.at_sea or not ship.contracts:
        return False
    before, _ = filled_slots(rules, p, ship)
    after, _ = filled_slots(rules, p, ship, extras=cards)
    return after - before >= n


def pair_fits(rules: Rules, p: Player, ship: Ship, good: str) -> bool:
    """Would a pair counting as one `good` container fill a still-open slot of `ship`?"""
    return fits(rules, p, ship, PairContainer(good))


def is_complete(rules: Rules, p: Player, ship: Ship) -> bool:
    """Every slot of every contract on the ship is filled (R8.1)."""
    if not ship.contracts:
        return False
    filled, total = filled_slots(rules, p, ship)
    return filled >= total


def _matched(rules: Rules, p: Player, needs: list[tuple[Load, int]], containers: Sequence[Container]) -> int:
    """The most containers that fill slots when each contract takes at most what it needs: a maximum
    flow from the containers through the (contract, colour) slots and the contracts (a few nodes)."""
    graph: dict[Any, dict[Any, int]] = {}

    def edge(u: Any, v: Any, capacity: int) -> None:
        graph.setdefault(u, {})[v] = graph.get(u, {}).get(v, 0) + capacity
        graph.setdefault(v, {}).setdefault(u, 0)
    for g, (load, need) in enumerate(needs):
        edge(("contract", g), "sink", need)
        for colour, n in load:
            edge(("slot", g, colour), ("contract", g), n)
    for i, card in enumerate(containers):
        edge("source", ("container", i), 1)
        wild = rules.container_wild(p, card)
        colours = rules.slot_colours(p, card)  # its own colour, and more where a power says so
        for g, (load, _) in enumerate(needs):
            for colour, _n in load:
                if wild or colour == ANY_COLOUR or colour in colours:
                    edge(("container", i), ("slot", g, colour), 1)
    flow = 0
    while "source" in graph:  # augmenting paths, one container each
        parent: dict[Any, Any] = {"source": None}
        queue: list[Any] = ["source"]  # the nodes: "source", "sink" and tuples
        for u in queue:
            for v, capacity in graph[u].items():
                if capacity > 0 and v not in parent:
                    parent[v] = u
                    queue.append(v)
        if "sink" not in parent:
            break
        v = "sink"
        while parent[v] is not None:
            u = parent[v]
            graph[u][v] -= 1
            graph[v][u] += 1
            v = u
        flow += 1
    return flow


def required_total(rules: Rules, p: Player, ship: Ship) -> int:
    """The containers the contracts on `ship` require together (R6.6)."""
    if "contract_load" not in rules.active and "contract_need" not in rules.active:
        total = 0  # each contract needs its printed load: no requirements listed (every CONTRACT asks, per ship)
        for contract in ship.contracts:
            total += contract.load_total
        return total
    return sum(need for _, need in requirements(rules, p, ship))


def open_slots_text(rules: Rules, p: Player, ship: Ship) -> str:
    """A short description of what a ship still needs, for views and labels."""
    needs = requirements(rules, p, ship)
    if any(need < sum(n for _, n in load) for load, need in needs):
        filled, total = filled_slots(rules, p, ship)
        colours = sorted({colour for load, _ in needs for colour, _ in load})
        return f"{total - filled} of {'/'.join(colours)}" if total > filled else "nothing"
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
