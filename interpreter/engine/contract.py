"""The CONTRACT action (R5, R6): a hand card onto a ship in harbor, with tier stacking."""

from __future__ import annotations

from typing import TYPE_CHECKING

from interpreter.engine import events as ev
from interpreter.engine.choices import ContractCard
from interpreter.engine.completion import complete_if_full
from interpreter.engine.decisions import Decision, Option, stop_option
from interpreter.engine.instances import each_instance
from interpreter.engine.slots import required_total
from interpreter.engine.state import Card, Player, Ship

if TYPE_CHECKING:
    from interpreter.engine.game import Game


def cost(game: Game, p: Player, card: Card) -> int | None:
    """Instances needed to contract `card` (R6.4): 1 plus one per missing level, or None if the
    level is missing and stacking is not allowed."""
    missing = game.rules.tier_needed(p, card) - game.rules.level(p, card.good)
    if missing <= 0:
        return 1
    if not game.rules.stacking_allowed(p):
        return None
    boost = game.data.stacking_boost_per_instance
    return 1 + -(-missing // boost)


def has_room(game: Game, p: Player, ship: Ship, card: Card) -> bool:
    """R6.6: the load requirements of a ship's contracts may not exceed its capacity."""
    return card.load_total <= room(game, p, ship)


def room(game: Game, p: Player, ship: Ship) -> int:
    """How many more containers the contracts on `ship` may require (R6.6)."""
    return game.rules.ship_capacity(p, ship) - required_total(game.rules, p, ship)


def contract_options(game: Game, p: Player, remaining: int, ships: list[Ship] | None = None,
                     stop: str = "stop contracting") -> list[Option]:
    """The contracts `p` may make with `remaining` instances (on `ships`, if given): tier met or
    stacked (R6.4), room on the ship (R6.6), and the credits a power asks for contracting paid."""
    options: list[Option] = [stop_option(stop)]
    rooms = [(ship, room(game, p, ship)) for ship in (p.harbor_ships() if ships is None else ships)]
    seen: set[str] = set()
    priced = "contract_cost" in game.rules.active
    guarded = "may_contract" in game.rules.active  # a power may forbid contracting some cards
    for card in p.hand:
        if card.id in seen:
            continue
        seen.add(card.id)
        if guarded and not game.rules.may_contract(p, card):
            continue
        spend = cost(game, p, card)
        if spend is None or spend > remaining:
            continue
        price = game.rules.contract_cost(p, card) if priced else 0
        if price > p.credits:
            continue
        for ship, left in rooms:
            if card.load_total <= left:
                options.append(ContractCard(card, ship, spend, price))
    return options


def make_contract(game: Game, p: Player, card: Card, ship: Ship, spend: int) -> None:
    if card in p.hand:
        p.hand.remove(card)
    ship.contracts.append(card)
    if ev.ContractMade in game.bus.wanted:  # built only if something would see it
        game.emit(ev.ContractMade, player=p.seat, card=card, ship=ship, instances=spend)
    if card.defn.powers:
        game.powers.contracted(p, card, ship)
    complete_if_full(game, p, ship)  # R6.8: containers already aboard may complete it at once


def perform(game: Game, p: Player, instances: int) -> None:
    each_instance(game, p, instances, "contract", contract_options, contract)


def contract(game: Game, p: Player, choice: ContractCard) -> int:
    """One CONTRACT instance (R6.1), or more spent on one card to make up a missing level (R6.4);
    returns the instances spent."""
    ship, spend = choice.ship, choice.spend
    contract_paid(game, p, choice.card, ship, spend)
    for _ in range(game.rules.contracts_per_action(p) - 1):  # a power: more cards with the same instance
        more = contract_options(game, p, 1, [ship] if not ship.at_sea and not ship.completing else [],
                                "no more contracts with this action")
        extra = game.ask(Decision("contract", p.seat, more, "Contract another card on this ship with the same action?",
                                  stop=0)).value if len(more) > 1 else None
        if not isinstance(extra, ContractCard):
            break
        contract_paid(game, p, extra.card, ship, 0)
    return spend


def contract_paid(game: Game, p: Player, card: Card, ship: Ship, spend: int) -> None:
    """A contract made with an action: the credits a power asks for it are paid first."""
    if "contract_cost" in game.rules.active:
        price = game.rules.contract_cost(p, card)
        if price:
            game.pay(p, price, None, f"contracting {card.name}")
    make_contract(game, p, card, ship, spend)
