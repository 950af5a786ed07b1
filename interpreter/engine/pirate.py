"""The PIRATE action (R11): one container from any ship at sea or one island card, loaded if it fits."""

from __future__ import annotations

from typing import TYPE_CHECKING

from interpreter.bus import events as ev
from interpreter.engine.decisions import Decision, Option
from interpreter.engine.load import load_container
from interpreter.engine.slots import fits
from interpreter.engine.state import Card, Player

if TYPE_CHECKING:
    from interpreter.engine.game import Game


def pirate_options(game: Game, p: Player) -> list[Option]:
    options = [Option("stop pirating", None)]
    for owner in game.players:
        for ship in owner.ships:
            if ship.at_sea:
                seen: set[str] = set()
                for card in ship.containers:
                    if card.id not in seen:
                        seen.add(card.id)
                        options.append(Option(f"pirate {card.name} ({card.good}) from the {ship.label} of {owner.name}", (ship, card)))
    seen = set()
    for card in game.zones.island:
        if card.id not in seen:
            seen.add(card.id)
            options.append(Option(f"pirate {card.name} ({card.good}) from the supply island", (None, card)))
    return options


def place_pirated(game: Game, p: Player, card: Card) -> None:
    """R11.2, OQ-18: load the card onto a ship of the pirate's where it fills a slot (the pirate
    chooses the ship); if it fits nowhere it is discarded."""
    ships = [s for s in p.ships if fits(game.rules, p, s, card)]
    options = [Option(f"load {card.name} onto the {s.label}", s) for s in ships]
    if game.options.pirate_load == "optional" or not options:
        options.append(Option(f"discard {card.name}", None))
    target = game.ask(Decision("pirate_load", p.seat, options, f"Where does {card.name} go?")).value
    if target is None:
        game.discard(card, "pirated, not loaded")
    else:
        load_container(game, p, card, target, "pirate")


def perform(game: Game, p: Player, instances: int) -> None:
    for left in range(instances, 0, -1):
        options = pirate_options(game, p)
        if len(options) == 1:
            return
        choice = game.ask(Decision("pirate", p.seat, options, f"Pirate ({left} action(s) left)", stop=0)).value
        if choice is None:
            return
        ship, card = choice
        if ship is None:
            game.zones.island.remove(card)
            game.emit(ev.CardPirated, p.seat, card, "island", None)
        else:
            game.emit(ev.CardPirated, p.seat, card, "sea", ship)
            game.take_from_ship_at_sea(ship, card)  # R11.4: an emptied ship returns home
        place_pirated(game, p, card)
        game.after_action()
