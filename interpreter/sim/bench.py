"""The benchmark: games per second and microseconds per decision of bot games."""

from __future__ import annotations

import resource
import time

from interpreter.cards.loader import CardSet
from interpreter.cards.rulesdata import RulesData
from interpreter.engine.options import GameOptions
from interpreter.sim.runner import bot_game, game_seed


def bench(cards: CardSet, data: RulesData, players: int, games: int, seed: int, options: GameOptions) -> dict[str, float | int]:
    """Time `games` random-bot games end to end (setup, every decision, scoring)."""
    decisions = 0
    turns = 0
    start = time.perf_counter()
    for i in range(games):
        result = bot_game(cards, data, players, game_seed(seed, i), options).play()
        decisions += result.decisions
        turns += result.turns
    seconds = time.perf_counter() - start
    peak_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return {
        "games": games,
        "players": players,
        "cards": len(cards),
        "seconds": round(seconds, 3),
        "games_per_s": round(games / seconds, 2),
        "decisions_per_game": round(decisions / games, 1),
        "turns_per_game": round(turns / games, 1),
        "us_per_decision": round(1e6 * seconds / max(decisions, 1), 2),
        "peak_rss_mib": round(peak_kib / 1024, 1),
    }
