"""The SUPPLY action (R12): sell a hand card to the supply island, or take an island card into Imports."""

from __future__ import annotations

from typing import TYPE_CHECKING

from interpreter.engine import events as ev
from interpreter.engine.choices import SellCard, TakeIslandCard
from interpreter.engine.decisions import Option, stop_option
from interpreter.engine.instances import each_instance
from interpreter.engine.state import Player

if TYPE_CHECKING:
    from interpreter.engine.game import Game


def supply_options(game: Game, p: Player, left: int = 1) -> list[Option]:
    """What one SUPPLY instance may do (the same whatever `left`, the instances left)."""
    rules = game.rules
    options: list[Option] = [stop_option("stop supplying")]
    guarded = not rules.active.isdisjoint(("may_sell", "may_take_from_island"))  # a power may forbid some sales or takes
    if p.sales_this_turn < rules.sales_per_turn(p):  # R12.2
        price = rules.sale_price(p)
        seen: set[str] = set()
        for card in p.hand:
            if card.id not in seen and (not guarded or rules.may_sell(p, card)):
                seen.add(card.id)
                options.append(SellCard(card, price))
    if rules.imports_room(p):  # R12.4, OQ-23: no take into full Imports
        seen = set()
        for card in game.zones.island:
            if card.id not in seen and (not guarded or rules.may_take_from_island(p, card)):
                seen.add(card.id)
                options.append(TakeIslandCard(card))
    return options


def perform(game: Game, p: Player, instances: int) -> None:
    each_instance(game, p, instances, "supply", supply_options, supply)


def supply(game: Game, p: Player, choice: SellCard | TakeIslandCard) -> int:
    """One SUPPLY instance: a sale to the island (R12.1.1) or a take from it into Imports (R12.1.2)."""
    card = choice.card
    if isinstance(choice, SellCard):
        p.hand.remove(card)
        game.zones.island.append(card)
        p.sales_this_turn += 1
        price = game.rules.sale_price(p)
        game.gain(p, price, "sale")
        if ev.CardSold in game.bus.wanted:  # built only if something would see it
            game.emit(ev.CardSold, player=p.seat, card=card, price=price)  # sold: on the island, and paid
    else:
        game.zones.island.remove(card)
        game.add_to_imports(p, card)
        if ev.CardTakenFromIsland in game.bus.wanted:  # built only if something would see it
            game.emit(ev.CardTakenFromIsland, player=p.seat, card=card)
    return 1
