"""Mass play: many seeded random-bot games across 2-6 players, invariants checked after every turn."""

from __future__ import annotations

from collections import Counter

import pytest

from interpreter.agents.random_agent import random_agents
from interpreter.engine.game import Game
from interpreter.engine.invariants import check
from interpreter.engine.options import GameOptions

GAMES_PER_COUNT = 100  # x 5 player counts = 500 games


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_games_complete_with_invariants(players, base_cards, data):
    """R1-R19 end to end: every game ends by a rule (R16), never by an exception, and after every
    turn each card is in exactly one place, credits are even and non-negative, and no area or ship
    is past its limit."""
    options = GameOptions(check_invariants=True)
    endings: Counter[str] = Counter()
    completions = 0
    for seed in range(GAMES_PER_COUNT):
        game = Game(base_cards, data, players, seed, options, random_agents(seed, players))
        result = game.play()
        check(game)
        endings[result.end_reason] += 1
        completions += sum(len(p.shipments) for p in game.players)
        assert result.winners and all(0 <= w < players for w in result.winners)
        assert result.totals == [b["total"] for b in result.breakdown]
    assert endings["turn-limit"] == 0, endings
    assert set(endings) <= {"credits", "deck"}
    assert completions > GAMES_PER_COUNT  # shipments do complete in random play


def test_option_variants_play_through(base_cards, data):
    """Every named option value plays complete games (docs/rulings.md)."""
    variants = [dict(import_ties="random"), dict(import_fee="per-container"), dict(drawers_use_imports="no"),
                dict(game_end="after-action"), dict(pirate_load="optional"), dict(tie_rounding="up-to-even"),
                dict(end_threshold=80)]
    for i, values in enumerate(variants):
        options = GameOptions(check_invariants=True).with_values(**values)
        for seed in range(10):
            game = Game(base_cards, data, 2 + (seed + i) % 5, seed, options, random_agents(seed, 2 + (seed + i) % 5))
            assert game.play().end_reason in ("credits", "deck")
