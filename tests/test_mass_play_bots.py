"""Mass play of the heuristic bot (issue 10, item 1): seeded games with every set and the example mod,
heuristic bots at every seat and heuristic bots against random ones, across 2-6 players, invariants
checked after every turn. With the random-bot games of test_mass_play.py and
test_mass_play_all_sets.py, CI plays some 1,060 games.

A larger run, outside CI (see docs/balance.md):
    importexport simulate --games 100000 --expansions all --mod docs/example-mod --bots heuristic,random,heuristic,random
"""

from __future__ import annotations

from collections import Counter

import pytest

from interpreter.cards.catalog import project_root
from interpreter.engine.decisions import KINDS
from interpreter.engine.game import Game
from interpreter.engine.options import GameOptions
from interpreter.mods.apply import apply_packs
from interpreter.sim.runner import bot_game
from tests.helpers import OnceEach

# Per player count (every set, every count from 2 to 6, invariants on). 20 + 12 games a count meet every
# decision kind of the turn at least 185 times (choose_one, the rarest; measured); the card examples
# put the rare ones to every bot (test_bots_every_decision.py). The larger run is the command below.
HEURISTIC_GAMES = 20  # per player count: 100 games
MIXED_GAMES = 12  # per player count: 60 games
PLAYER_COUNTS = [2, 3, 4, 5, 6]


@pytest.fixture(scope="module")
def modded(all_cards):
    return apply_packs(all_cards, [project_root() / "docs" / "example-mod"]).cards


def _play(game: Game) -> Counter[str]:
    """Plays the game through; the kinds of decision it asked."""
    result = game.play()
    assert result.end_reason in ("credits", "deck", "instant"), result.end_reason
    assert result.winners and result.totals == [b["total"] for b in result.breakdown]
    return Counter(r.kind for r in game.log)


@pytest.fixture(scope="module")
def heuristic_games(modded, data) -> OnceEach:
    """A player count's games with heuristic bots at every seat, played once for the module's tests."""
    def play(players: int) -> Counter[str]:
        met: Counter[str] = Counter()
        for seed in range(HEURISTIC_GAMES):
            met += _play(bot_game(modded, data, players, 50_000 + seed, GameOptions(check_invariants=True), ["heuristic"] * players))
        return met
    return OnceEach(play)


@pytest.fixture(scope="module")
def mixed_games(modded, data) -> OnceEach:
    """A player count's games with heuristic and random bots in turn, played once for the module's tests."""
    def play(players: int) -> Counter[str]:
        met: Counter[str] = Counter()
        for seed in range(MIXED_GAMES):
            bots = [("heuristic", "random")[(seat + seed) % 2] for seat in range(players)]
            met += _play(bot_game(modded, data, players, 90_000 + seed, GameOptions(check_invariants=True), bots))
        return met
    return OnceEach(play)


@pytest.mark.slow
@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_heuristic_bots_play_every_set_through(players, heuristic_games):
    assert heuristic_games(players)


@pytest.mark.slow
@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_heuristic_and_random_bots_play_every_set_through(players, mixed_games):
    assert mixed_games(players)


@pytest.mark.slow
def test_mass_play_asks_the_turns_decisions(heuristic_games, mixed_games):
    """The games above (played here if no test played them yet) ask every decision of the turn. The
    rarest kinds (a power's choice of ship, acting out a hand) are put to every bot by the card
    examples (test_bots_every_decision.py); the turn's own are met here."""
    met: Counter[str] = Counter()
    for players in PLAYER_COUNTS:
        met += heuristic_games(players) + mixed_games(players)
    turn = {"lead", "follow", "discard_contract", "contract", "load", "import_ship", "bid", "import_take",
            "pirate", "pirate_load", "supply", "any_time", "optional_power", "choose_one", "choose_card"}
    assert turn <= set(met), f"never asked: {sorted(turn - set(met))}"
    assert set(met) <= set(KINDS), f"kinds missing from decisions.KINDS: {sorted(set(met) - set(KINDS))}"
