"""Setting up a game for 2-6 players (R2), in the engine order of R2.14 so that a seed fixes the game."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

from interpreter.cards.rulesdata import RulesData
from interpreter.engine.errors import SetupError
from interpreter.engine.state import Card, Player, Ship

if TYPE_CHECKING:
    import random

    from interpreter.engine.game import Game

T = TypeVar("T")  # what a shuffled list holds


def cards_needed(data: RulesData, players: int) -> int:
    """The fewest cards a game of `players` can be set up with: each player's ships at sea, island
    cards and starting hand (R2.7-R2.9)."""
    return players * (data.cards_per_ship_at_sea * (data.ships_per_player - 1) + data.island_cards_per_player
                      + data.starting_hand)


def game_seed(batch_seed: int, index: int) -> int:
    """The seed of the `index`-th game of a batch (simulate, balance, tune, the leaf value's fit):
    batches with different seeds do not overlap."""
    return batch_seed * 1_000_003 + index


def shuffle(rng: random.Random, items: list[T]) -> None:
    """`rng.shuffle(items)`: the same draws and the same order (CPython's algorithm: for each place
    from the last, an index below it drawn as `n.bit_length()` random bits, again while too large),
    without two Python calls per item. The deck is shuffled at every setup and reshuffle;
    tests/test_determinism.py checks the two agree."""
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]


def colours_in_use(data: RulesData, n: int) -> list[tuple[str, str | None]]:
    """The ship colours dealt from (R2.3): the grey ship only with `grey_only_with_players` players."""
    return [(c, g) for c, g in data.colours if g is not None or n >= data.grey_only_with_players]


def set_up(game: Game, n: int) -> None:
    data, rng = game.data, game.rng
    # R2.13: the first leader
    first = game.options.first_leader
    if first is not None and not 0 <= first < n:
        raise SetupError(f"first_leader must be a seat from 0 to {n - 1}; got {first}")
    game.leader = rng.randrange(n) if first is None else first
    # R2.3, R2.4: colours dealt at random, the grey player's bonus
    colours = colours_in_use(data, n)
    if len(colours) < n:
        raise SetupError(f"{n} players need {n} ship colours; the rules data has {len(colours)}")
    shuffle(rng, colours)
    for seat in range(n):
        colour, good = colours[seat]
        p = Player(seat=seat, colour=colour, colour_good=good)
        # R2.5, R2.12: one ship in harbor, its twin at sea
        p.ships = [Ship(owner=seat, colour=colour, twin=i, at_sea=i > 0) for i in range(data.ships_per_player)]
        game.players.append(p)
    # R2.7: the deck
    deck = [Card(uid, defn) for uid, defn in enumerate(game.card_set.cards)]
    game.n_cards = len(deck)
    needed = cards_needed(data, n)
    if len(deck) < needed:
        raise SetupError(f"{n} players need at least {needed} cards to set up; the card set has {len(deck)}")
    shuffle(rng, deck)
    game.zones.deck = deck
    deal(game)
    # R2.10, R2.4: credits
    for p in game.players:
        p.credits = starting_credits(data, p.colour_good)


def starting_credits(data: RulesData, colour_good: str | None) -> int:
    """R2.10: 10 credits each; R2.4: the grey player (no colour good) has 4 more."""
    return data.starting_credits + (data.grey_bonus_credits if colour_good is None else 0)


def deal(game: Game) -> None:
    """Deal the cards of setup from the top of the deck (its end), in the engine order of R2.14: 4
    containers onto each ship at sea, ships taken in seating order from the first leader (R2.8); the
    supply island (R2.9); then 5 cards to each player in seating order from the first leader (R2.11).
    The credits of R2.10 come between the island and the hands in R2.14; they take no card."""
    data, deck = game.data, game.zones.deck
    order = [game.players[s] for s in game.seats_from(game.leader)]
    for p in order:  # R2.8
        for ship in p.ships:
            if ship.at_sea:
                ship.containers = [deck.pop() for _ in range(data.cards_per_ship_at_sea)]
                ship.sailed_with = len(ship.containers)
    game.zones.island = [deck.pop() for _ in range(data.island_cards_per_player * len(game.players))]  # R2.9
    for p in order:  # R2.11
        p.hand = [deck.pop() for _ in range(data.starting_hand)]


def dealt_cards(game: Game) -> list[Card]:
    """The cards `deal` took, in the order it took them (first dealt first)."""
    order = [game.players[s] for s in game.seats_from(game.leader)]
    cards = [c for p in order for ship in p.ships if ship.at_sea for c in ship.containers]
    cards += game.zones.island
    return cards + [c for p in order for c in p.hand]
