"""Rule powers become modifiers of the engine's rule queries (interpreter/engine/queries.py), active
only while their card is in its owner's Shipments. Each returns the (query, modifier) pairs to install."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from interpreter.cards.model import ANY_COLOUR
from interpreter.dsl import ast
from interpreter.engine.state import Card, Player, Ship

Modifier = Callable[..., Any]


def modifiers_for(rule: ast.Rule, owner: Player) -> list[tuple[str, Modifier]]:
    return MAKERS[rule.kind](rule, owner)


def _threshold(rule: ast.Rule, owner: Player) -> list[tuple[str, Modifier]]:
    number = rule.number
    return [("end_threshold", lambda value: number)]


def _rainbow(rule: ast.Rule, owner: Player) -> list[tuple[str, Modifier]]:
    filt = rule.filter

    def contract_load(value: tuple[tuple[str, int], ...], p: Player, card: Card) -> tuple[tuple[str, int], ...]:
        if p is owner and filt.matches(card):
            return ((ANY_COLOUR, sum(n for _, n in value)),)
        return value
    return [("contract_load", contract_load)]


def _wild(rule: ast.Rule, owner: Player) -> list[tuple[str, Modifier]]:
    good = rule.good
    return [("container_wild", lambda value, p, card: True if p is owner and card.good == good else value)]


def _win_ties(rule: ast.Rule, owner: Player) -> list[tuple[str, Modifier]]:
    def tie_order(order: list[int], leader: int) -> list[int]:
        return [owner.seat] + [s for s in order if s != owner.seat] if owner.seat in order else order

    def majority_winners(tied: list[Player], good: str, bonus: int) -> list[Player]:
        if owner not in tied or len(tied) < 2:
            return tied
        return [owner] if bonus > 0 else [p for p in tied if p is not owner]  # OQ-13
    return [("tie_order", tie_order), ("majority_winners", majority_winners)]


def _capacity(rule: ast.Rule, owner: Player) -> list[tuple[str, Modifier]]:
    number = rule.number
    return [("ship_capacity", lambda value, p, ship: max(value, number) if p is owner else value)]


def _payout(rule: ast.Rule, owner: Player) -> list[tuple[str, Modifier]]:
    containers, credits = rule.number, rule.credits

    def payout(value: int, p: Player, ship: Ship, count: int) -> int:
        return max(value, credits) if p is owner and count >= containers else value
    return [("payout", payout)]


def _follow_as(rule: ast.Rule, owner: Player) -> list[tuple[str, Modifier]]:
    card_action, perform = rule.action, rule.perform

    def may_play_for(value: bool, p: Player, card: Card, action: str, leading: bool) -> bool:
        return True if p is owner and not leading and card.action == card_action else value

    def performed_action(value: str, p: Player, cards: tuple[Card, ...], leading: bool) -> str:
        if p is owner and not leading and value != perform and all(c.action == card_action for c in cards):
            return perform
        return value
    return [("may_play_for", may_play_for), ("performed_action", performed_action)]


def _majority_double(rule: ast.Rule, owner: Player) -> list[tuple[str, Modifier]]:
    return [("majority_bonus", lambda value, p, good: value * 2 if p is owner else value)]


MAKERS: dict[str, Callable[[ast.Rule, Player], list[tuple[str, Modifier]]]] = {
    "threshold": _threshold, "rainbow": _rainbow, "wild": _wild, "win_ties": _win_ties, "capacity": _capacity,
    "payout": _payout, "follow_as": _follow_as, "majority_double": _majority_double,
}
