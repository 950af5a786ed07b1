"""The PIRATE action (R11): one container from any ship at sea or one island card, loaded if it fits."""

from __future__ import annotations

from typing import TYPE_CHECKING

from interpreter.engine import events as ev
from interpreter.engine.choices import (
    CompletePair,
    KeepHalf,
    PirateFromDeck,
    PirateFromHand,
    PirateFromIsland,
    PirateFromShip,
)
from interpreter.engine.completion import complete_if_full
from interpreter.engine.decisions import Decision, Option, stop_option
from interpreter.engine.instances import instance_prompt
from interpreter.engine.load import load_container
from interpreter.engine.slots import fits, pair_fits
from interpreter.engine.state import Card, Player, Ship, remove_container

if TYPE_CHECKING:
    from interpreter.engine.game import Game


def pirate_options(game: Game, p: Player, sea_only: bool = False) -> list[Option]:
    """What a pirate instance may take (R11.1): a container of any ship at sea, an island card, and
    the sources a power opens; `sea_only`: ships at sea only (a power's extra pirate action)."""
    options: list[Option] = [stop_option("stop pirating")]
    guarded = "may_pirate_ship" in game.rules.active
    for owner in game.players:
        if guarded and owner is not p and not game.rules.may_pirate_ship(p, owner):
            continue
        for ship in owner.ships:
            if ship.at_sea and ship.containers:
                seen: set[str] = set()
                for card in ship.containers:
                    if card.id not in seen:
                        seen.add(card.id)
                        options.append(PirateFromShip(ship, card, owner))
    if sea_only:
        return options
    seen = set()
    for card in game.zones.island:
        if card.id not in seen:
            seen.add(card.id)
            options.append(PirateFromIsland(card))
    sources = game.rules.pirate_sources(p)
    if len(sources) > 2:
        options += extra_sources(game, p, sources)
    return options


def extra_sources(game: Game, p: Player, sources: frozenset[str]) -> list[Option]:
    """Sources a power opens to a pirate: other players' ships in harbor, the top of the deck, a random
    card of another player's hand."""
    options: list[Option] = []
    guarded = "may_pirate_ship" in game.rules.active
    for owner in game.players:
        if owner is p or (guarded and not game.rules.may_pirate_ship(p, owner)):
            continue
        if "harbor" in sources:
            for ship in owner.harbor_ships():
                for card in {c.id: c for c in ship.containers}.values():
                    options.append(PirateFromShip(ship, card, owner, harbor_note=True))
        if "hand" in sources and owner.hand:
            options.append(PirateFromHand(owner))
    if "deck" in sources and (game.zones.deck or game.zones.discard):
        options.append(PirateFromDeck())
    return options


def take_pirated(game: Game, p: Player, choice: PirateFromShip | PirateFromIsland | PirateFromHand | PirateFromDeck
                 ) -> tuple[Card | None, str, Ship | None, int | None]:
    """Take what the pirate chose (R11.1): (the card, where it came from, its ship, the player it was
    taken from); no card when the deck and the discard pile are empty. An emptied ship at sea returns
    home (R11.4)."""
    if isinstance(choice, PirateFromShip):
        ship, card = choice.ship, choice.card
        source = "sea" if ship.at_sea else "harbor"
        if ship.at_sea:
            game.take_from_ship_at_sea(ship, card, p.seat)
        else:
            remove_container(ship, card)
        return card, source, ship, ship.owner
    if isinstance(choice, PirateFromIsland):
        game.zones.island.remove(choice.card)
        return choice.card, "island", None, None
    if isinstance(choice, PirateFromHand):
        owner = choice.owner
        picked = owner.hand[game.rng.randrange(len(owner.hand))]
        owner.hand.remove(picked)
        return picked, "hand", None, owner.seat
    return game.draw_card(p.seat), "deck", None, None


def place_pirated(game: Game, p: Player, card: Card, more: bool = False, kept: list[tuple[Card, Ship]] | None = None) -> None:
    """R11.2, OQ-18: load the card onto a ship of the pirate's where it fills a slot (the pirate
    chooses the ship); if it fits nowhere it is discarded. With a power pairing containers, it may
    instead complete a pair with a card kept aboard, or, when `more` pirate actions follow, be kept
    aboard as half of a pair (noted in `kept`)."""
    ships = [s for s in p.ships if fits(game.rules, p, s, card)]
    options = [Option(f"load {card.name} onto the {s.label}", s) for s in ships]
    options += pair_options(game, p, card, more)
    if game.options.pirate_load == "optional" or not ships:
        options.append(Option(f"discard {card.name}", None))
    cost = game.rules.pirate_to_goods_cost(p)
    if cost and p.credits >= cost and game.rules.goods_room(p):  # a power's alternative
        options.append(Option(f"pay {cost} to put {card.name} into your Goods", "goods"))
    target = game.ask(Decision("pirate_load", p.seat, options, f"Where does {card.name} go?")).value
    if target is None:
        game.discard(card, "pirated, not loaded", p.seat)
    elif target == "goods":
        game.pay(p, cost, None, "pirated card into Goods")
        game.add_to_goods(p, card)
    elif isinstance(target, KeepHalf):
        ship = target.ship
        ship.containers.append(card)
        ship.halves.append(card.uid)
        if kept is not None:
            kept.append((card, ship))
    elif isinstance(target, CompletePair):
        ship, half = target.ship, target.half
        ship.halves.remove(half.uid)
        ship.containers.append(card)
        ship.pairs.append((half.uid, card.uid))
        game.emit(ev.ContainerLoaded, player=p.seat, card=half, ship=ship, by="pirate")
        game.emit(ev.ContainerLoaded, player=p.seat, card=card, ship=ship, by="pirate")
        complete_if_full(game, p, ship)
    else:
        load_container(game, p, card, target, "pirate")


def pair_options(game: Game, p: Player, card: Card, more: bool) -> list[Option]:
    """A power lets two containers of one colour fill one slot of a good together; by PIRATE it
    takes two actions: the first card waits aboard, the second completes the pair."""
    good = game.rules.pair_slot_good(p)
    if not good:
        return []
    options: list[Option] = []
    for ship in p.ships:
        if ship.at_sea or not ship.contracts or not pair_fits(game.rules, p, ship, good):
            continue
        waiting = [c for c in ship.containers if c.uid in ship.halves and c.good == card.good]
        if waiting:
            options.append(CompletePair(ship, waiting[0], card, good))
        elif more:
            options.append(KeepHalf(ship, card))
    return options


def discard_unpaired(game: Game, kept: list[tuple[Card, Ship]]) -> None:
    """Cards kept as half of a pair that no second card joined are discarded (R11.2)."""
    for card, ship in kept:
        if card.uid in ship.halves:
            remove_container(ship, card)
            game.discard(card, "pirated, never paired", ship.owner)


def perform(game: Game, p: Player, instances: int, sea_only: bool = False) -> None:
    kept: list[tuple[Card, Ship]] = []  # cards waiting aboard as half of a pair
    try:
        for left in range(instances, 0, -1):
            if not pirate_once(game, p, left, kept, sea_only):
                return
    finally:
        discard_unpaired(game, kept)


def pirate_once(game: Game, p: Player, left: int, kept: list[tuple[Card, Ship]], sea_only: bool = False) -> bool:
    """One pirate instance; False if the pirate stops (or has nothing to take)."""
    options = pirate_options(game, p, sea_only)
    if len(options) == 1:
        return False
    choice = game.ask(Decision("pirate", p.seat, options, instance_prompt("pirate", left), False, 0)).value  # stop=0
    if choice is None:
        return False
    game.turn_log.append((p.seat, "pirate"))
    card, source, ship, victim = take_pirated(game, p, choice)
    if card is None:
        return True
    if ev.CardPirated in game.bus.wanted:  # built only if something would see it
        game.emit(ev.CardPirated, player=p.seat, card=card, source=source, ship=ship, victim=victim)
    place_pirated(game, p, card, left > 1, kept)
    if ev.PirateFinished in game.bus.wanted:  # built only if something would see it
        game.emit(ev.PirateFinished, player=p.seat, card=card, source=source, ship=ship, victim=victim)
    game.after_action()
    return True
