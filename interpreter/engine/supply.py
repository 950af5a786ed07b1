"""The SUPPLY action (R12): sell a hand card to the supply island, or take an island card into Imports."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from interpreter.engine import events as ev
from interpreter.engine.decisions import Decision, DescribedOption, Option
from interpreter.engine.state import Card, Player

if TYPE_CHECKING:
    from interpreter.engine.game import Game


def _take_label(value: tuple[str, Card]) -> str:
    return f"take {value[1].name} ({value[1].action}) from the island into Imports"


def _sell_label(price: int, value: tuple[str, Card]) -> str:
    return f"sell {value[1].name} to the island for {price}"


def supply_options(game: Game, p: Player) -> list[Option]:
    rules = game.rules
    options = [Option("stop supplying", None)]
    guarded = rules.any_modified("may_sell", "may_take_from_island")  # a power may forbid some sales or takes
    if p.sales_this_turn < rules.sales_per_turn(p):  # R12.2
        sell = partial(_sell_label, rules.sale_price(p))
        seen: set[str] = set()
        for card in p.hand:
            if card.id not in seen and (not guarded or rules.may_sell(p, card)):
                seen.add(card.id)
                options.append(DescribedOption(("sell", card), sell))
    if rules.imports_room(p):  # R12.4, OQ-23: no take into full Imports
        seen = set()
        for card in game.zones.island:
            if card.id not in seen and (not guarded or rules.may_take_from_island(p, card)):
                seen.add(card.id)
                options.append(DescribedOption(("take", card), _take_label))
    return options


def perform(game: Game, p: Player, instances: int) -> None:
    for left in range(instances, 0, -1):
        options = supply_options(game, p)
        if len(options) == 1:
            return
        choice = game.ask(Decision("supply", p.seat, options, f"Supply ({left} action(s) left)", stop=0)).value
        if choice is None:
            return
        kind, card = choice
        if kind == "sell":
            p.hand.remove(card)
            game.zones.island.append(card)
            p.sales_this_turn += 1
            price = game.rules.sale_price(p)
            game.emit(ev.CardSold, p.seat, card, price)
            game.gain(p, price, "sale")
        else:
            game.zones.island.remove(card)
            game.add_to_imports(p, card)
            game.emit(ev.CardTakenFromIsland, p.seat, card)
        game.turn_log.append((p.seat, "supply"))
        game.after_action()
