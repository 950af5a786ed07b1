"""The LOAD action (R7): a hand card onto a contracted ship in harbor, into an open slot."""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from interpreter.engine import events as ev
from interpreter.engine.completion import complete_if_full
from interpreter.engine.decisions import Decision, DescribedOption, Option
from interpreter.engine.slots import fits, fitting, pair_fits
from interpreter.engine.state import Card, Player, Ship

if TYPE_CHECKING:
    from interpreter.engine.game import Game


def _load_label(value: tuple[str, Card, Ship]) -> str:
    _, card, ship = value
    return f"load {card.name} ({card.good}) onto the {ship.label}"


def load_options(game: Game, p: Player) -> list[Option]:
    rules = game.rules
    options = [Option("stop loading", None)]
    ships = [s for s in p.ships if not s.at_sea and s.contracts]
    tests = [(ship, fitting(rules, p, ship)) for ship in ships]  # each ship's slots counted once
    seen: set[str] = set()
    for card in p.hand:
        if card.id in seen:
            continue
        seen.add(card.id)
        for ship, fits_ship in tests:
            if fits_ship(card):
                options.append(DescribedOption(("card", card, ship), _load_label))
    if ships and (game.zones.deck or game.zones.discard) and rules.load_from_deck(p):
        options.append(Option("load the top card of the deck (kept in hand if it fits nowhere)", ("deck", None, None)))
    price = rules.sell_instead_of_load(p)
    if price and p.load_sales_this_turn == 0:
        for card in {c.id: c for c in p.hand}.values():
            if rules.modified("may_sell") and not rules.may_sell(p, card):
                continue
            options.append(Option(f"sell {card.name} to the island for {price} instead of loading", ("sell", card, None)))
    good = rules.pair_slot_good(p)
    if good:
        options += pair_options(game, p, ships, good)
    return options


def pair_options(game: Game, p: Player, ships: list[Ship], good: str) -> list[Option]:
    """Two hand cards of one colour loaded as one `good` container (a power's rule)."""
    options = []
    by_colour: dict[str, list[Card]] = {}
    for card in p.hand:
        by_colour.setdefault(card.good, []).append(card)
    open_ships = [s for s in ships if pair_fits(game.rules, p, s, good)]
    if game.rules.modified("may_load"):  # a power forbids loading some cards (R7.1)
        by_colour = {good: [c for c in cards if game.rules.may_load(p, c)] for good, cards in by_colour.items()}
    for cards in by_colour.values():
        pairs = {tuple(sorted((a.id, b.id))): (a, b) for a, b in combinations(cards, 2)}
        for a, b in pairs.values():
            for ship in open_ships:
                options.append(Option(f"load the pair {a.name} + {b.name} as one {good} container onto the {ship.label}",
                                      ("pair", (a, b), ship)))
    return options


def load_container(game: Game, p: Player, card: Card, ship: Ship, by: str) -> None:
    """Put `card` on `ship` as a container; the shipment completes when its last slot fills (R7.5)."""
    ship.containers.append(card)
    game.emit(ev.ContainerLoaded, p.seat, card, ship, by)
    complete_if_full(game, p, ship)
    game.emit(ev.LoadFinished, p.seat, card, ship, by)


def perform(game: Game, p: Player, instances: int) -> None:
    for left in range(instances, 0, -1):
        options = load_options(game, p)
        if len(options) == 1:
            return
        choice = game.ask(Decision("load", p.seat, options, f"Load ({left} action(s) left)", stop=0)).value
        if choice is None:
            return
        kind, card, ship = choice
        if kind == "card":
            p.hand.remove(card)
            load_container(game, p, card, ship, "load")
        elif kind == "deck":
            load_top_of_deck(game, p)
        elif kind == "sell":
            p.hand.remove(card)
            p.load_sales_this_turn += 1
            price = game.rules.sell_instead_of_load(p)
            game.zones.island.append(card)
            game.emit(ev.CardSold, p.seat, card, price)
            game.gain(p, price, "sale instead of a load")
        else:
            load_pair(game, p, card, ship)
        game.turn_log.append((p.seat, "load"))
        game.after_action()


def load_top_of_deck(game: Game, p: Player) -> None:
    """The top card of the deck must be loaded where it fits (the player picks the ship); else it
    goes to the player's hand."""
    card = game.draw_card()
    if card is not None and not load_where_it_fits(game, p, card, "load"):
        p.hand.append(card)
        game.emit(ev.CardsDrawn, p.seat, 1)


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
    game.emit(ev.ContainerLoaded, p.seat, a, ship, "load")
    game.emit(ev.ContainerLoaded, p.seat, b, ship, "load")
    complete_if_full(game, p, ship)
    for card in cards:  # two containers were loaded: a power answering each load hears both (Fixie Bikes)
        game.emit(ev.LoadFinished, p.seat, card, ship, "load")
