"""The LOAD action (R7): a hand card onto a contracted ship in harbor, into an open slot."""

from __future__ import annotations

from typing import TYPE_CHECKING

from interpreter.bus import events as ev
from interpreter.engine.completion import complete_if_full
from interpreter.engine.decisions import Decision, Option
from interpreter.engine.slots import fits
from interpreter.engine.state import Card, Player, Ship

if TYPE_CHECKING:
    from interpreter.engine.game import Game


def load_options(game: Game, p: Player) -> list[Option]:
    options = [Option("stop loading", None)]
    ships = [s for s in p.ships if not s.at_sea and s.contracts]
    seen: set[str] = set()
    for card in p.hand:
        if card.id in seen:
            continue
        seen.add(card.id)
        for ship in ships:
            if fits(game.rules, p, ship, card):
                options.append(Option(f"load {card.name} ({card.good}) onto the {ship.label}", (card, ship)))
    return options


def load_container(game: Game, p: Player, card: Card, ship: Ship, by: str) -> None:
    """Put `card` on `ship` as a container; the shipment completes when its last slot fills (R7.5)."""
    ship.containers.append(card)
    game.emit(ev.ContainerLoaded, p.seat, card, ship, by)
    complete_if_full(game, p, ship)


def perform(game: Game, p: Player, instances: int) -> None:
    for left in range(instances, 0, -1):
        options = load_options(game, p)
        if len(options) == 1:
            return
        choice = game.ask(Decision("load", p.seat, options, f"Load ({left} action(s) left)", stop=0)).value
        if choice is None:
            return
        card, ship = choice
        p.hand.remove(card)
        load_container(game, p, card, ship, "load")
        game.after_action()
