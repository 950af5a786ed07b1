"""The benchmark: games per second and microseconds per decision of bot games."""

from __future__ import annotations

import resource
import time
from collections.abc import Callable
from pathlib import Path

from interpreter.cards.loader import CardSet
from interpreter.cards.rulesdata import RulesData
from interpreter.engine.options import GameOptions
from interpreter.sim.failures import BatchSettings, Failures
from interpreter.sim.runner import game_seed, play_guarded


def bench(cards: CardSet, data: RulesData, players: int, games: int, seed: int, options: GameOptions,
          settings: BatchSettings | None = None, failed_folder: Path | None = None,
          report: Callable[[str], None] | None = None, failures: Failures | None = None) -> dict[str, float | int | bool]:
    """Time `games` random-bot games end to end (setup, every decision, scoring). A game that raises
    is saved and reported (see sim/failures.py), and the figures cover the games that finished;
    Ctrl-C stops early the same way."""
    failures = failures if failures is not None else Failures()
    decisions = turns = finished = 0
    interrupted = False
    start = time.perf_counter()
    try:
        for i in range(games):
            result, failure = play_guarded(cards, data, players, game_seed(seed, i), options, ["random"] * players, None,
                                           settings or BatchSettings(), i)
            if failure is not None:
                line = failures.add(failure, failed_folder)
                if report:
                    report(line)
                if failures.too_many:
                    break
                continue
            assert result is not None
            finished += 1
            decisions += result.decisions
            turns += result.turns
    except KeyboardInterrupt:
        interrupted = True
    seconds = max(time.perf_counter() - start, 1e-9)
    peak_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return {
        "games": finished,
        "players": players,
        "cards": len(cards),
        "seconds": round(seconds, 3),
        "games_per_s": round(finished / seconds, 2),
        "decisions_per_game": round(decisions / max(finished, 1), 1),
        "turns_per_game": round(turns / max(finished, 1), 1),
        "us_per_decision": round(1e6 * seconds / max(decisions, 1), 2),
        "peak_rss_mib": round(peak_kib / 1024, 1),
        "failed": len(failures.records),
        "interrupted": interrupted,
    }
