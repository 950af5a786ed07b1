"""Loads no ship can hold: a contract goes on a ship only if the loads of its contracts fit the ship's
capacity (R6.6), 6 containers in cards/game.yaml, more for a player whose completed card says `your
ships hold N containers`. A card whose load is larger than the largest capacity its card set allows
can never be contracted; it is reported at its `load` (C033)."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from interpreter.cards.catalog import load_all_cards
from interpreter.cards.diagnostics import Diagnostic
from interpreter.cards.model import CardDef
from interpreter.cards.rulesdata import RulesData
from interpreter.lang.rules import SetQuantity


def capacity_raisers(cards: Iterable[CardDef]) -> list[tuple[CardDef, int]]:
    """The cards whose powers let their owner's ships hold more, with the capacity each gives."""
    out = []
    for card in cards:
        for power in card.powers:
            if power.node is None:
                continue
            for node in power.node.walk():
                if (isinstance(node, SetQuantity) and node.quantity is not None and node.quantity.name == "ship_capacity"
                        and node.op == "set"):
                    out.append((card, node.n))
    return out


def largest_capacity(cards: Iterable[CardDef], base: int) -> tuple[int, str]:
    """The largest ship capacity the cards allow, and where it comes from (for the message)."""
    raisers = capacity_raisers(cards)
    best = max(raisers, key=lambda pair: pair[1], default=None)
    if best is None or best[1] <= base:
        return base, f"a ship holds {base} (R6.6, cards/game.yaml) and no card of the set raises it"
    card, number = best
    return number, f"{card.name} lets ships hold {number}; a ship holds {base} otherwise (R6.6)"


def capacity_problems(cards: Iterable[CardDef], base: int, also: Iterable[CardDef] = ()) -> list[Diagnostic]:
    """C033 for each card of `cards` whose load exceeds the largest capacity that `cards` and `also`
    (cards it will be played with) allow."""
    cards = list(cards)
    largest, source = largest_capacity([*cards, *also], base)
    problems = []
    seen: set[str] = set()
    for card in cards:
        if card.load_total > largest and card.id not in seen:
            seen.add(card.id)
            line, col = card.load_at
            problems.append(Diagnostic(card.path, line, col, "C033",
                                       f"the load needs {card.load_total} containers, more than any ship can hold: {source}"))
    return problems


def check_as_a_set(data: RulesData, *, shipped: bool) -> Callable[[list[CardDef]], list[Diagnostic]]:
    """The set check of `validate`: the shipped cards are a set of their own; other files will be
    played with the shipped cards, which may raise the capacity (loaded only when it matters)."""
    def check(cards: list[CardDef]) -> list[Diagnostic]:
        problems = capacity_problems(cards, data.ship_capacity)
        if problems and not shipped:
            problems = capacity_problems(cards, data.ship_capacity, also=load_all_cards().cards)
        return problems
    return check
