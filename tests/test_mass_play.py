"""Mass play: 500 seeded random-bot games with all 100 base goods and their powers, across 2-6
players, invariants checked after every turn; which powers fired is counted."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

import pytest

from interpreter.agents.random_agent import random_agents
from interpreter.engine.invariants import check
from interpreter.engine.options import CHOICES, GameOptions
from interpreter.powers import new_game
from interpreter.sim.coverage import PowerCoverage
from tests.helpers import OnceEach

# x 5 player counts = 500 games: they leave 11 base powers that never fire (200 a count: fewer), within
# test_most_card_powers_fire_in_mass_play's 12.
GAMES_PER_COUNT = 100
PLAYER_COUNTS = [2, 3, 4, 5, 6]


@dataclass
class MassPlay:
    """What one player count's games did: how they ended and how many shipments completed."""

    endings: Counter[str] = field(default_factory=Counter)
    completions: int = 0


@pytest.fixture(scope="module")
def coverage() -> PowerCoverage:
    return PowerCoverage()


@pytest.fixture(scope="module")
def mass_play(base_cards, data, coverage) -> OnceEach:
    """A player count's games, played once for every test of this module that asks."""
    return OnceEach(lambda players: _play_games(base_cards, data, players, coverage))


def _play_games(base_cards, data, players: int, coverage: PowerCoverage) -> MassPlay:
    options = GameOptions(check_invariants=True)
    done = MassPlay()
    for seed in range(GAMES_PER_COUNT):
        game = new_game(base_cards, data, players, seed, options, random_agents(seed, players))
        coverage.watch(game)
        result = game.play()
        check(game)
        done.endings[result.end_reason] += 1
        done.completions += sum(len(p.shipments) for p in game.players)
        assert result.winners and all(0 <= w < players for w in result.winners)
        assert result.totals == [b["total"] for b in result.breakdown]
    return done


@pytest.mark.slow
@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_random_games_complete_with_invariants(players, mass_play):
    """R1-R19 end to end, every card power active: every game ends by a rule (R16), never by an
    exception or a runaway chain of triggers, and after every turn each card is in exactly one place,
    credits are even and non-negative, and no area or ship is past its limit."""
    done = mass_play(players)
    assert done.endings["turn-limit"] == 0, done.endings
    assert set(done.endings) <= {"credits", "deck", "instant"}
    assert done.completions > GAMES_PER_COUNT  # shipments do complete in random play


@pytest.mark.slow
def test_most_card_powers_fire_in_mass_play(base_cards, mass_play, coverage):
    """The random bots of the games above (played here if no test played them yet) complete most
    cards, and their powers fire. Cards random bots rarely complete (high tier or load) may stay
    silent; the message names them."""
    for players in PLAYER_COUNTS:
        mass_play(players)
    never = coverage.never_fired(base_cards)
    assert len(never) <= 12, coverage.report(base_cards)


def test_option_variants_play_through(base_cards, data):
    """Every named option value plays complete games (docs/rulings.md): each value other than the
    default of every option in CHOICES (so an option added there is played here too), and R18's 80."""
    variants: list[dict[str, object]] = [{name: value} for name, (values, _) in CHOICES.items() for value in values[1:]]
    assert {"leftover_payout": "paid"} in variants and {"pirate_load": "optional"} in variants
    variants.append(dict(end_threshold=80))
    for i, values in enumerate(variants):
        options = GameOptions(check_invariants=True).with_values(**values)
        for seed in range(10):
            game = new_game(base_cards, data, 2 + (seed + i) % 5, seed, options, random_agents(seed, 2 + (seed + i) % 5))
            assert game.play().end_reason in ("credits", "deck", "instant")
