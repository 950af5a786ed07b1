"""Building the game a scenario describes: the seeded setup of R2, then every zone the scenario sets.

A card named by id is taken from wherever the seeded deal put it (the deck first), so a scenario
only names the cards that matter. `copies` changes the card set before the deal; `deal_top` stacks
the deck the setup deals from (R2.14); `deck` and `deck_size` shorten the draw deck, the cards left
over going out of the game, as cards left in the box.
"""

from __future__ import annotations

from typing import Any

from interpreter.cards.loader import CardSet
from interpreter.cards.rulesdata import RulesData
from interpreter.engine.game import Game, SetupError
from interpreter.engine.invariants import all_places, check
from interpreter.engine.options import GameOptions, parse_option
from interpreter.engine.setup import colours_in_use, deal, dealt_cards, starting_credits
from interpreter.engine.state import Card, Player, Ship
from interpreter.powers import new_game
from interpreter.scenarios.model import RANDOM, Scenario


def build_game(sc: Scenario, cards: CardSet, data: RulesData) -> Game:
    d = sc.data
    setup = d.get("setup", {}) or {}
    player_setups = setup.get("players", []) or []
    n = sc.player_count()
    leader = setup.get("leader", 1)
    options = GameOptions(first_leader=None if leader == RANDOM else leader - 1, check_invariants=True)
    for name, value in (d.get("options", {}) or {}).items():
        options = parse_option(f"{name}={value if not isinstance(value, bool) else ('yes' if value else 'no')}", options)
    sets = d.get("sets")
    card_set = with_copies(cards.only_sets(sets) if sets else cards, d.get("copies") or {})
    game = new_game(card_set, data, n, int(d.get("seed", 1)), options, [])
    if "deal_top" in setup:
        redeal(game, setup["deal_top"])
    placed: set[int] = set()
    for i, ps in enumerate(player_setups):  # colours first: a swap must not touch credits set below
        if "colour" in ps:
            set_colour(game, game.players[i], ps["colour"])
    for i, ps in enumerate(player_setups):
        p = game.players[i]
        if "credits" in ps:
            p.credits = int(ps["credits"])
        for zone in ("hand", "goods", "imports", "shipments"):
            if zone in ps:
                _clear(game, getattr(p, zone))
        if "ships" in ps:
            for ship in p.ships:
                _clear(game, ship.contracts)
                _clear(game, ship.containers)
    for zone in ("island", "discard"):
        if zone in setup:
            _clear(game, getattr(game.zones, zone))
    for i, ps in enumerate(player_setups):
        _place_player(game, game.players[i], ps, placed)
    for zone in ("island", "discard"):
        for card_id in setup.get(zone, []) or []:
            getattr(game.zones, zone).append(_take(game, card_id, placed))
    top = [_take(game, card_id, placed) for card_id in setup.get("deck_top", []) or []]
    game.zones.deck.extend(reversed(top))  # the first listed is drawn first
    if "deck" in setup:
        _set_whole_deck(game, setup["deck"], placed)
    if "deck_size" in setup:
        _shorten_deck(game, setup["deck_size"], len(top))
    for i, ps in enumerate(player_setups):
        _check_limits(game, game.players[i], bool(ps.get("over_limit", False)))
    for p in game.players:
        for ship in p.ships:
            if ship.at_sea and not ship.containers:
                raise SetupError(f"{p.name}'s {ship.label} is at sea with no container; give it `containers` or `at_sea: false`")
    check(game)
    return game


# ------------------------------------------------------------------------------------ the card set and the deal

def with_copies(cards: CardSet, copies: dict[str, int]) -> CardSet:
    """The card set with exactly `copies[id]` copies of each listed card (0 takes it out), each in
    the place its first copy had."""
    if not copies:
        return cards
    missing = [card_id for card_id in copies if card_id not in cards.by_id]
    if missing:
        raise SetupError(f"`copies` names {', '.join(missing)}, not in this scenario's card set (see `sets`)")
    out = []
    done: set[str] = set()
    for defn in cards.cards:
        if defn.id not in copies:
            out.append(defn)
        elif defn.id not in done:
            done.add(defn.id)
            out += [defn] * copies[defn.id]
    return CardSet(out)


def redeal(game: Game, top_ids: list[str]) -> None:
    """Deal the setup again (the engine's own `deal`, R2.14) from a deck whose top holds `top_ids`,
    first listed dealt first; the rest of the deck keeps its seeded order below them."""
    dealt = dealt_cards(game)
    for p in game.players:
        p.hand = []
        for ship in p.ships:
            if ship.at_sea:
                ship.containers = []
    game.zones.island = []
    deck = game.zones.deck
    deck.extend(reversed(dealt))  # the deck exactly as it was before the deal
    chosen: list[Card] = []
    for card_id in top_ids:
        card = next((c for c in reversed(deck) if c.id == card_id), None)
        if card is None:
            raise SetupError(f"`deal_top`: no free copy of `{card_id}` is left (give more with `copies`)")
        deck.remove(card)
        chosen.append(card)
    deck.extend(reversed(chosen))
    deal(game)


def set_colour(game: Game, p: Player, colour: str) -> None:
    """Give `p` the ship colour `colour`, with its setup rules: only a colour in use with this many
    players (R2.3), swapped with whoever had it, and each player's starting credits for the new colour
    (R2.4, R2.10; a scenario's `credits` still override them)."""
    in_use = dict(colours_in_use(game.data, len(game.players)))
    every = dict(game.data.colours)
    if colour not in every:
        raise SetupError(f"unknown colour `{colour}`; colours: {', '.join(every)}")
    if colour not in in_use:
        raise SetupError(f"the {colour} ship is not used with {len(game.players)} players (R2.3: only with "
                         f"{game.data.grey_only_with_players}); colours: {', '.join(in_use)}")
    other = next((q for q in game.players if q.colour == colour and q is not p), None)
    if other is not None:  # swap, so colours stay unique
        _recolour(game, other, p.colour, p.colour_good)
    _recolour(game, p, colour, in_use[colour])


def _recolour(game: Game, p: Player, colour: str, good: str | None) -> None:
    p.credits += starting_credits(game.data, good) - starting_credits(game.data, p.colour_good)
    p.colour, p.colour_good = colour, good
    for ship in p.ships:
        ship.colour = colour


# ------------------------------------------------------------------------------------ placing cards

def _take(game: Game, card_id: str, placed: set[int]) -> Card:
    """The first instance of `card_id` not already placed by this setup, removed from where it lies,
    looking in the deck first. A card taken from a hand, a ship or the island the scenario does not
    set is replaced by a card from the bottom of the deck, so the dealt sizes stay as they were."""
    for where, cards in sorted(all_places(game), key=lambda place: place[0] != "deck"):
        for card in cards:
            if card.id == card_id and card.uid not in placed:
                index = cards.index(card)
                cards.remove(card)
                placed.add(card.uid)
                if where != "deck" and game.zones.deck and cards is not game.zones.discard:
                    filler = next((c for c in game.zones.deck if c.uid not in placed), None)
                    if filler is not None:
                        game.zones.deck.remove(filler)
                        cards.insert(index, filler)
                return card
    copies = sum(1 for c in game.card_set.cards if c.id == card_id)
    raise SetupError(f"no free copy of `{card_id}` is left to place (the game has {copies}; "
                     f"give more with `copies: {{{card_id}: N}}`)")


def _clear(game: Game, cards: list[Card]) -> None:
    game.zones.deck[:0] = cards
    cards.clear()


def _leave_game(game: Game, cards: list[Card]) -> None:
    """Cards the scenario's deck does not hold leave the game, like cards left in the box."""
    game.n_cards -= len(cards)


def _set_whole_deck(game: Game, card_ids: list[str], placed: set[int]) -> None:
    top = [_take(game, card_id, placed) for card_id in card_ids]
    _leave_game(game, game.zones.deck)
    game.zones.deck = list(reversed(top))  # the first listed is drawn first


def _shorten_deck(game: Game, size: int, stacked: int) -> None:
    deck = game.zones.deck
    if size > len(deck):
        raise SetupError(f"`deck_size: {size}`: the deck holds only {len(deck)} cards once the scenario's cards are placed "
                         f"(add cards with `copies`)")
    if size < stacked:
        raise SetupError(f"`deck_size: {size}` is smaller than the {stacked} cards of `deck_top`")
    cut = len(deck) - size
    _leave_game(game, deck[:cut])
    del deck[:cut]


def _place_player(game: Game, p: Player, ps: dict[str, Any], placed: set[int]) -> None:
    for card_id in ps.get("hand", []) or []:
        p.hand.append(_take(game, card_id, placed))
    for card_id in ps.get("goods", []) or []:
        p.goods.append(_take(game, card_id, placed))
    for card_id in ps.get("imports", []) or []:
        p.imports.append(_take(game, card_id, placed))
    for card_id in ps.get("shipments", []) or []:
        game.add_shipment(p, _take(game, card_id, placed))
    ships = ps.get("ships")
    if ships is None:
        return
    if len(ships) > len(p.ships):
        raise SetupError(f"{p.name} has {len(p.ships)} ships; the scenario lists {len(ships)}")
    for ship, spec in zip(p.ships, ships + [{}] * (len(p.ships) - len(ships)), strict=True):
        _place_ship(game, ship, spec, placed)


def _place_ship(game: Game, ship: Ship, spec: dict[str, Any], placed: set[int]) -> None:
    ship.at_sea = bool(spec.get("at_sea", False))
    ship.contracts = [_take(game, card_id, placed) for card_id in spec.get("contracts", []) or []]
    ship.containers = [_take(game, card_id, placed) for card_id in spec.get("containers", []) or []]
    ship.sailed_with = len(ship.containers) if ship.at_sea else 0
    if ship.at_sea and ship.contracts:
        raise SetupError(f"the {ship.label} is at sea and cannot carry contracts")


def _check_limits(game: Game, p: Player, over_limit: bool) -> None:
    """Imports and Goods past their limits (R13.2, R13.3) only where the scenario says so: then the
    player keeps them and may add none until below the limit, as when a limit falls (R13.6)."""
    rules = game.rules
    imports, goods = len(p.imports), rules.goods_counted(p)
    imports_limit, goods_limit = rules.imports_limit(p), rules.goods_limit(p)
    over = [f"{imports} imports, limit {imports_limit} (R13.2)"] if imports > imports_limit else []
    over += [f"{goods} goods, limit {goods_limit} (R13.3)"] if goods > goods_limit else []
    if over and not over_limit:
        raise SetupError(f"{p.name} holds {' and '.join(over)}; to set up a limit already fallen below what "
                         f"a player holds (R13.6), write `over_limit: true` for this player")
    if over_limit and not over:
        raise SetupError(f"{p.name} has `over_limit: true` but holds {imports} imports (limit {imports_limit}) and "
                         f"{goods} goods (limit {goods_limit}); remove `over_limit`")
    if over_limit:
        p.held_over_limit = (imports, goods)
