"""The PIRATE action (R11): one container from any ship at sea or one island card, loaded if it fits."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from interpreter.engine import events as ev
from interpreter.engine.completion import complete_if_full
from interpreter.engine.decisions import Decision, DescribedOption, Option
from interpreter.engine.load import load_container
from interpreter.engine.slots import fits, pair_fits
from interpreter.engine.state import Card, Player, Ship, remove_container

if TYPE_CHECKING:
    from interpreter.engine.game import Game


def _at_sea_label(players: list[Player], value: tuple[Ship, Card]) -> str:
    ship, card = value
    return f"pirate {card.name} ({card.good}) from the {ship.label} of {players[ship.owner].name}"


def _island_label(value: tuple[None, Card]) -> str:
    return f"pirate {value[1].name} ({value[1].good}) from the supply island"


def pirate_options(game: Game, p: Player, sea_only: bool = False) -> list[Option]:
    """What a pirate instance may take (R11.1): a container of any ship at sea, an island card, and
    the sources a power opens; `sea_only`: ships at sea only (a power's extra pirate action)."""
    options = [Option("stop pirating", None)]
    at_sea = partial(_at_sea_label, game.players)
    guarded = game.rules.modified("may_pirate_ship")
    for owner in game.players:
        if guarded and owner is not p and not game.rules.may_pirate_ship(p, owner):
            continue
        for ship in owner.ships:
            if ship.at_sea and ship.containers:
                seen: set[str] = set()
                for card in ship.containers:
                    if card.id not in seen:
                        seen.add(card.id)
                        options.append(DescribedOption((ship, card), at_sea))
    if sea_only:
        return options
    seen = set()
    for card in game.zones.island:
        if card.id not in seen:
            seen.add(card.id)
            options.append(DescribedOption((None, card), _island_label))
    sources = game.rules.pirate_sources(p)
    if len(sources) > 2:
        options += extra_sources(game, p, sources)
    return options


def extra_sources(game: Game, p: Player, sources: frozenset[str]) -> list[Option]:
    """Sources a power opens to a pirate: other players' ships in harbor, the top of the deck, a random
    card of another player's hand."""
    options = []
    guarded = game.rules.modified("may_pirate_ship")
    for owner in game.players:
        if owner is p or (guarded and not game.rules.may_pirate_ship(p, owner)):
            continue
        if "harbor" in sources:
            for ship in owner.harbor_ships():
                for card in {c.id: c for c in ship.containers}.values():
                    options.append(Option(f"pirate {card.name} ({card.good}) from the {ship.label} of {owner.name} in harbor",
                                          ("harbor", ship, card)))
        if "hand" in sources and owner.hand:
            options.append(Option(f"pirate a random card from the hand of {owner.name}", ("hand", owner, None)))
    if "deck" in sources and (game.zones.deck or game.zones.discard):
        options.append(Option("pirate the top card of the deck", ("deck", None, None)))
    return options


def take_from_extra_source(game: Game, p: Player, kind: str, where: object, card: Card | None) -> Card | None:
    if kind == "harbor":
        ship = where
        assert isinstance(ship, Ship) and card is not None
        remove_container(ship, card)
        return card
    if kind == "hand":
        owner = where
        assert isinstance(owner, Player)
        picked = owner.hand[game.rng.randrange(len(owner.hand))]
        owner.hand.remove(picked)
        return picked
    return game.draw_card(p.seat)


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
    elif isinstance(target, tuple) and target[0] == "half":
        ship = target[1]
        ship.containers.append(card)
        ship.halves.append(card.uid)
        if kept is not None:
            kept.append((card, ship))
    elif isinstance(target, tuple):
        _, ship, half = target
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
    options = []
    for ship in p.ships:
        if ship.at_sea or not ship.contracts or not pair_fits(game.rules, p, ship, good):
            continue
        waiting = [c for c in ship.containers if c.uid in ship.halves and c.good == card.good]
        if waiting:
            half = waiting[0]
            options.append(Option(f"load {card.name} with {half.name} as one {good} container onto the {ship.label}",
                                  ("pair", ship, half)))
        elif more:
            options.append(Option(f"keep {card.name} on the {ship.label} as half of a pair (a second {card.good} "
                                  "container pirated this turn completes it)", ("half", ship)))
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
    choice = game.ask(Decision("pirate", p.seat, options, f"Pirate ({left} action(s) left)", stop=0)).value
    if choice is None:
        return False
    game.turn_log.append((p.seat, "pirate"))
    if len(choice) == 3:  # a source a power opened
        taken = take_from_extra_source(game, p, *choice)
        if taken is None:
            return True
        card, source, ship = taken, choice[0], (choice[1] if choice[0] == "harbor" else None)
        victim = ship.owner if ship is not None else choice[1].seat if source == "hand" else None
    else:
        ship, card = choice
        source = "island" if ship is None else "sea"
        if ship is None:
            game.zones.island.remove(card)
        else:
            game.take_from_ship_at_sea(ship, card, p.seat)  # R11.4: an emptied ship returns home
        victim = None if ship is None else ship.owner
    game.emit(ev.CardPirated, player=p.seat, card=card, source=source, ship=ship, victim=victim)
    place_pirated(game, p, card, left > 1, kept)
    game.emit(ev.PirateFinished, player=p.seat, card=card, source=source, ship=ship, victim=victim)
    game.after_action()
    return True
