"""Setting up a game for 2-6 players (R2), in the engine order of R2.14 so that a seed fixes the game."""

from __future__ import annotations

from typing import TYPE_CHECKING

from interpreter.cards.rulesdata import RulesData
from interpreter.engine.state import Card, Player, Ship

if TYPE_CHECKING:
    from interpreter.engine.game import Game


def colours_in_use(data: RulesData, n: int) -> list[tuple[str, str | None]]:
    """The ship colours dealt from (R2.3): the grey ship only with `grey_only_with_players` players."""
    return [(c, g) for c, g in data.colours if g is not None or n >= data.grey_only_with_players]


def set_up(game: Game, n: int) -> None:
    from interpreter.engine.game import SetupError
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
    rng.shuffle(colours)
    for seat in range(n):
        colour, good = colours[seat]
        p = Player(seat=seat, colour=colour, colour_good=good)
        # R2.5, R2.12: one ship in harbor, its twin at sea
        p.ships = [Ship(owner=seat, colour=colour, twin=i, at_sea=i > 0) for i in range(data.ships_per_player)]
        game.players.append(p)
    # R2.7: the deck
    deck = [Card(uid, defn) for uid, defn in enumerate(game.card_set.cards)]
    game.n_cards = len(deck)
    needed = n * (data.cards_per_ship_at_sea * (data.ships_per_player - 1) + data.island_cards_per_player + data.starting_hand)
    if len(deck) < needed:
        raise SetupError(f"{n} players need at least {needed} cards to set up; the card set has {len(deck)}")
    rng.shuffle(deck)
    game.zones.deck = deck
    order = [game.players[s] for s in game.seats_from(game.leader)]
    # R2.8: 4 containers on each ship at sea, ships taken in seating order from the first leader
    for p in order:
        for ship in p.ships:
            if ship.at_sea:
                ship.containers = [deck.pop() for _ in range(data.cards_per_ship_at_sea)]
    # R2.9: the supply island
    game.zones.island = [deck.pop() for _ in range(data.island_cards_per_player * n)]
    # R2.10, R2.4: credits
    for p in game.players:
        p.credits = data.starting_credits + (data.grey_bonus_credits if p.colour_good is None else 0)
    # R2.11: starting hands
    for p in order:
        p.hand = [deck.pop() for _ in range(data.starting_hand)]
