"""Rule powers become modifiers of the engine's rule queries (interpreter/engine/queries.py), active
only while their card is in its owner's Shipments. Each returns the (query, modifier) pairs to install."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from interpreter.cards.model import ANY_COLOUR
from interpreter.dsl import ast
from interpreter.engine.state import Card, Player, Ship
from interpreter.powers.context import Ctx

Modifier = Callable[..., Any]


def modifiers_for(rule: ast.Rule, owner: Player, ctx: Ctx) -> list[tuple[str, Modifier]]:
    if rule.kind in NEEDS_CONTEXT:
        return NEEDS_CONTEXT[rule.kind](rule, owner, ctx)
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


def _innate(rule: ast.Rule, owner: Player) -> list[tuple[str, Modifier]]:
    good, value_each = rule.filter.good, rule.number
    return [("innate_value", lambda value, p, g: value_each if p is owner and g == good else value)]


def _fee(rule: ast.Rule, owner: Player, ctx: Ctx) -> list[tuple[str, Modifier]]:
    """The owner's fee becomes N where the rules say 2; with the per-container option, N per container."""
    fee, base = rule.number, ctx.game.data.owner_fee

    def import_fee(value: int, ship_owner: Player, winner: Player, taken: int) -> int:
        return value * fee // base if ship_owner is owner and value and base else value
    return [("import_fee", import_fee)]


def _containers_per_import(rule: ast.Rule, owner: Player) -> list[tuple[str, Modifier]]:
    number = rule.number
    return [("containers_per_import", lambda value, p: max(value, number) if p is owner else value)]


def _virtual_goods(rule: ast.Rule, owner: Player) -> list[tuple[str, Modifier]]:
    number = rule.number
    return [("goods_of_type", lambda value, p, good: value + number if p is owner else value)]


def _pirate_anywhere(rule: ast.Rule, owner: Player) -> list[tuple[str, Modifier]]:
    return [("pirate_sources", lambda value, p: value | {"harbor", "deck", "hand"} if p is owner else value)]


def _load_from_deck(rule: ast.Rule, owner: Player) -> list[tuple[str, Modifier]]:
    return [("load_from_deck", lambda value, p: True if p is owner else value)]


def _sell_instead_of_load(rule: ast.Rule, owner: Player) -> list[tuple[str, Modifier]]:
    price = rule.credits
    return [("sell_instead_of_load", lambda value, p: max(value, price) if p is owner else value)]


def _pair_slot(rule: ast.Rule, owner: Player) -> list[tuple[str, Modifier]]:
    good = rule.good
    return [("pair_slot_good", lambda value, p: good if p is owner else value)]


def _extra_imports(rule: ast.Rule, owner: Player, ctx: Ctx) -> list[tuple[str, Modifier]]:
    """Virtual imports of an action type, counted anew each time (R4.6.7): not subject to the limit."""
    from interpreter.dsl.compile import count
    assert rule.per is not None
    per, number, action = count(rule.per), rule.number, rule.action

    def instances(value: int, p: Player, declared: str, played: bool) -> int:
        if p is owner and declared == action and (played or ctx.game.options.drawers_use_imports == "yes"):
            return value + number * per(ctx)
        return value
    return [("instances", instances)]


def _follow_any(rule: ast.Rule, owner: Player) -> list[tuple[str, Modifier]]:
    return [("may_play_for", lambda value, p, card, action, leading: True if p is owner and not leading else value)]


def _play_for_each_other(rule: ast.Rule, owner: Player) -> list[tuple[str, Modifier]]:
    pair = {rule.action, rule.perform}

    def may_play_for(value: bool, p: Player, card: Card, action: str, leading: bool) -> bool:
        return True if p is owner and {card.action, action} == pair else value
    return [("may_play_for", may_play_for)]


def _interchangeable(rule: ast.Rule, owner: Player) -> list[tuple[str, Modifier]]:
    """The two actions stand in for each other: a card of either type may declare or follow either
    (R4.5's single card), and whichever is declared the owner chooses which of the two to carry out,
    all his or her instances that turn being of that one (R4.6.7)."""
    pair = (rule.action, rule.perform)

    def action_choices(value: tuple[str, ...], p: Player, declared: str) -> tuple[str, ...]:
        if p is owner and declared in pair:
            return (declared, pair[1] if declared == pair[0] else pair[0])
        return value
    return _play_for_each_other(rule, owner) + [("action_choices", action_choices)]


def _pirate_to_goods(rule: ast.Rule, owner: Player) -> list[tuple[str, Modifier]]:
    cost = rule.credits
    return [("pirate_to_goods_cost", lambda value, p: cost if p is owner else value)]


def _return_with(rule: ast.Rule, owner: Player) -> list[tuple[str, Modifier]]:
    number = rule.number
    return [("returns_with", lambda value, p: max(value, number) if p is owner else value)]


def _unlimited_imports(rule: ast.Rule, owner: Player) -> list[tuple[str, Modifier]]:
    from interpreter.cards.model import GOOD_TYPES

    def imports_limit(value: int, p: Player) -> int:
        if p is owner and all(any(c.good == g for c in p.shipments) for g in GOOD_TYPES):
            return 10**6
        return value
    return [("imports_limit", imports_limit)]


def _no_end(rule: ast.Rule, owner: Player) -> list[tuple[str, Modifier]]:
    return [("can_trigger_end", lambda value, p: False if p is owner else value)]


def _penalty_bonus(rule: ast.Rule, owner: Player) -> list[tuple[str, Modifier]]:
    good = rule.good
    return [("majority_bonus", lambda value, p, g: -value if p is owner and g == good and value < 0 else value)]


def _goods_count_as(rule: ast.Rule, owner: Player) -> list[tuple[str, Modifier]]:
    every, counts_as, good = rule.number, rule.credits, rule.good

    def goods_counted(value: int, p: Player) -> int:
        if p is not owner or not every:
            return value
        groups = sum(1 for c in p.goods if c.good == good) // every
        return value - groups * (every - counts_as)
    return [("goods_counted", goods_counted)]


def _half_load(rule: ast.Rule, owner: Player) -> list[tuple[str, Modifier]]:
    """Half the whole requirement, rounded up (OQ-17); the player chooses which of its containers to
    load (a mixed requirement: any of its colours, up to what it asks of each)."""
    filt = rule.filter

    def contract_need(value: int, p: Player, card: Card) -> int:
        return -(-value // 2) if p is owner and filt.matches(card) else value
    return [("contract_need", contract_need)]


def _auction_island(rule: ast.Rule, owner: Player) -> list[tuple[str, Modifier]]:
    return [("auction_island", lambda value, p: True if p is owner else value)]


MAKERS: dict[str, Callable[[ast.Rule, Player], list[tuple[str, Modifier]]]] = {
    "follow_any": _follow_any, "play_for_each_other": _play_for_each_other, "pirate_to_goods": _pirate_to_goods,
    "interchangeable": _interchangeable,
    "return_with": _return_with, "unlimited_imports": _unlimited_imports, "no_end": _no_end,
    "penalty_bonus": _penalty_bonus, "goods_count_as": _goods_count_as, "half_load": _half_load,
    "auction_island": _auction_island,
    "threshold": _threshold, "rainbow": _rainbow, "wild": _wild, "win_ties": _win_ties, "capacity": _capacity,
    "payout": _payout, "follow_as": _follow_as, "majority_double": _majority_double, "innate": _innate,
    "containers_per_import": _containers_per_import, "virtual_goods": _virtual_goods, "pirate_anywhere": _pirate_anywhere,
    "load_from_deck": _load_from_deck, "sell_instead_of_load": _sell_instead_of_load, "pair_slot": _pair_slot,
}
NEEDS_CONTEXT: dict[str, Callable[[ast.Rule, Player, Ctx], list[tuple[str, Modifier]]]] = {
    "extra_imports": _extra_imports, "fee": _fee,
}
