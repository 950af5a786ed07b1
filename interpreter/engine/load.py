"""The LOAD action (R7): a hand card onto a contracted ship in harbor, into an open slot."""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from interpreter.engine import events as ev
from interpreter.engine.choices import LoadCard, LoadFromDeck, LoadPair, SellInsteadOfLoad
from interpreter.engine.completion import complete_if_full
from interpreter.engine.decisions import Decision, Option, stop_option
from interpreter.engine.instances import each_instance
from interpreter.engine.slots import fits, fitting, pair_fits
from interpreter.engine.state import Card, Player, Ship

if TYPE_CHECKING:
    from interpreter.engine.game import Game

# What the turn's record (game.turn_log) notes, beside the load instance, for a sale instead of a load:
# a rule allows one per turn (`sell_instead_of_load`), so the record says whether it was made.
SALE_INSTEAD_OF_LOAD = "sale instead of a load"


def load_options(game: Game, p: Player, left: int = 1) -> list[Option]:
    """What one LOAD instance may do (the same whatever `left`, the instances left)."""
    rules = game.rules
    options: list[Option] = [stop_option("stop loading")]
    ships = [s for s in p.ships if not s.at_sea and s.contracts]
    tests = [(ship, fitting(rules, p, ship)) for ship in ships]  # each ship's slots counted once
    seen: set[str] = set()
    for card in p.hand:
        if card.id in seen:
            continue
        seen.add(card.id)
        for ship, fits_ship in tests:
            if fits_ship(card):
                options.append(LoadCard(card, ship))
    if ships and (game.zones.deck or game.zones.discard) and rules.load_from_deck(p):
        options.append(LoadFromDeck())
    price = rules.sell_instead_of_load(p)
    if price and (p.seat, SALE_INSTEAD_OF_LOAD) not in game.turn_log:
        for card in {c.id: c for c in p.hand}.values():
            if "may_sell" in rules.active and not rules.may_sell(p, card):
                continue
            options.append(SellInsteadOfLoad(card, price))
    good = rules.pair_slot_good(p)
    if good:
        options += pair_options(game, p, ships, good)
    return options


def pair_options(game: Game, p: Player, ships: list[Ship], good: str) -> list[Option]:
    """Two hand cards of one colour loaded as one `good` container (a power's rule)."""
    options: list[Option] = []
    by_colour: dict[str, list[Card]] = {}
    for card in p.hand:
        by_colour.setdefault(card.good, []).append(card)
    open_ships = [s for s in ships if pair_fits(game.rules, p, s, good)]
    if "may_load" in game.rules.active:  # a power forbids loading some cards (R7.1)
        by_colour = {good: [c for c in cards if game.rules.may_load(p, c)] for good, cards in by_colour.items()}
    for cards in by_colour.values():
        pairs = {tuple(sorted((a.id, b.id))): (a, b) for a, b in combinations(cards, 2)}
        for a, b in pairs.values():
            for ship in open_ships:
                options.append(LoadPair((a, b), ship, good))
    return options


def load_container(game: Game, p: Player, card: Card, ship: Ship, by: str) -> None:
    """Put `card` on `ship` as a container; the shipment completes when its last slot fills (R7.5)."""
    ship.containers.append(card)
    if ev.ContainerLoaded in game.bus.wanted:  # built only if something would see it
        game.emit(ev.ContainerLoaded, player=p.seat, card=card, ship=ship, by=by)
    complete_if_full(game, p, ship)
    if ev.LoadFinished in game.bus.wanted:  # built only if something would see it
        game.emit(ev.LoadFinished, player=p.seat, card=card, ship=ship, by=by)


def perform(game: Game, p: Player, instances: int) -> None:
    each_instance(game, p, instances, "load", load_options, load)


def load(game: Game, p: Player, choice: LoadCard | LoadFromDeck | SellInsteadOfLoad | LoadPair) -> int:
    """One LOAD instance: a hand card (R7), the deck's top card, a sale instead, or a pair (powers)."""
    if isinstance(choice, LoadCard):
        p.hand.remove(choice.card)
        load_container(game, p, choice.card, choice.ship, "load")
    elif isinstance(choice, LoadFromDeck):
        load_top_of_deck(game, p)
    elif isinstance(choice, SellInsteadOfLoad):
        card = choice.card
        p.hand.remove(card)
        game.turn_log.append((p.seat, SALE_INSTEAD_OF_LOAD))
        price = game.rules.sell_instead_of_load(p)
        game.zones.island.append(card)
        game.gain(p, price, "sale instead of a load")
        game.emit(ev.CardSold, player=p.seat, card=card, price=price)  # sold: on the island, and paid
    else:
        load_pair(game, p, choice.cards, choice.ship)
    return 1


def load_top_of_deck(game: Game, p: Player) -> None:
    """The top card of the deck must be loaded where it fits (the player picks the ship); else it
    goes to the player's hand."""
    card = game.draw_card(p.seat)
    if card is not None and not load_where_it_fits(game, p, card, "load"):
        p.hand.append(card)
        game.emit(ev.CardsDrawn, player=p.seat, count=1)


def load_where_it_fits(game: Game, p: Player, card: Card, by: str, ships: list[Ship] | None = None) -> bool:
    """Load `card` onto one of `p`'s ships where it fills a slot, `p` choosing the ship; False (and
    nothing done) if it fits nowhere. `ships`: the fitting ships, when already known."""
    if ships is None:
        ships = [s for s in p.ships if fits(game.rules, p, s, card)]
    if not ships:
        return False
    options = [Option(f"load {card.name} onto the {s.label}", s) for s in ships]
    ship = game.ask(Decision("choose_ship", p.seat, options, f"Where does {card.name} go?")).value
    load_container(game, p, card, ship, by)
    return True


def load_pair(game: Game, p: Player, cards: tuple[Card, Card], ship: Ship) -> None:
    a, b = cards
    p.hand.remove(a)
    p.hand.remove(b)
    ship.containers += [a, b]
    ship.pairs.append((a.uid, b.uid))
    game.emit(ev.ContainerLoaded, player=p.seat, card=a, ship=ship, by="load")
    game.emit(ev.ContainerLoaded, player=p.seat, card=b, ship=ship, by="load")
    complete_if_full(game, p, ship)
    for card in cards:  # two containers were loaded: a power answering each load hears both (Fixie Bikes)
        game.emit(ev.LoadFinished, player=p.seat, card=card, ship=ship, by="load")
