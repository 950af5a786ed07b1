"""The benchmark: games per second and microseconds per decision of bot games, heuristic-bot games
per second, microseconds per clone of a game in progress, peak memory, the start-up time of a
command, and (with RLCard installed) random play's cost per decision against RLCard's UNO."""

from __future__ import annotations

import multiprocessing
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from interpreter.agents.search import SearchAgent
from interpreter.cards.loader import CardSet
from interpreter.cards.rulesdata import RulesData
from interpreter.engine.errors import GameStop
from interpreter.engine.options import GameOptions
from interpreter.engine.turn import clean_up, play_turn
from interpreter.sim.failures import BatchSettings, Failures
from interpreter.sim.runner import bot_game, game_seed, run_batch
from interpreter.sim.workers import keep_loaded_out_of_gc, unordered

# The commands whose start-up is measured: checking every shipped card, and explaining one.
STARTUP_COMMANDS = (("validate",), ("explain", "cups"))


def bench(cards: CardSet, data: RulesData, players: int, games: int, seed: int, options: GameOptions,
          settings: BatchSettings | None = None, failed_folder: Path | None = None,
          report: Callable[[str], None] | None = None, failures: Failures | None = None,
          heuristic_games: int = 0, startup_runs: int = 0, heuristic_workers: int = 1,
          search_games: int = 0, search_bot: str = "search", env_games: int = 0) -> dict[str, float | int | bool | str]:
    """Time `games` random-bot games end to end (setup, every decision, scoring), then
    `heuristic_games` games between heuristic bots (on `heuristic_workers` processes, as `balance`
    plays them), and the start-up of fresh processes. A game that
    raises is saved and reported (see sim/failures.py), and the figures cover the games that
    finished; Ctrl-C stops early the same way."""
    batch = run_batch(cards, data, players, games, seed, options, settings=settings, failed_folder=failed_folder,
                      report=report, failures=failures)
    finished = len(batch.results)
    decisions = sum(r.decisions for r in batch.results)
    turns = sum(r.turns for r in batch.results)
    interrupted = batch.interrupted
    seconds = max(batch.seconds, 1e-9)
    failures = batch.failures
    figures: dict[str, float | int | bool | str] = {
        "games": finished,
        "players": players,
        "cards": len(cards),
        "seconds": round(seconds, 3),
        "games_per_s": round(finished / seconds, 2),
        "decisions_per_game": round(decisions / max(finished, 1), 1),
        "turns_per_game": round(turns / max(finished, 1), 1),
        "us_per_decision": round(1e6 * seconds / max(decisions, 1), 2),
    }
    if heuristic_games and not interrupted:
        workers = heuristic_workers if "fork" in multiprocessing.get_all_start_methods() else 1
        figures["heuristic_games"] = heuristic_games
        figures["heuristic_workers"] = workers
        figures["heuristic_games_per_s"] = round(heuristic_rate(cards, data, players, heuristic_games, seed, options, workers), 2)
    figures.update(clone_cost(cards, data, players, seed, options))
    if search_games and not interrupted:
        figures.update(search_cost(cards, data, players, seed, options, search_games, search_bot))
    if env_games and not interrupted:
        figures.update(environment_cost(cards, players, seed, options, env_games))
    figures["peak_rss_mib"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
    figures["failed"] = len(failures.records)
    figures["interrupted"] = interrupted
    if startup_runs:
        figures.update(startup(startup_runs))
    return figures


def clone_cost(cards: CardSet, data: RulesData, players: int, seed: int, options: GameOptions,
               turns: int = 20, clones: int = 200) -> dict[str, float]:
    """Microseconds per `game.clone()` (what a search bot pays per rollout) of a game `turns` turns
    into play between heuristic bots, with its active powers and the rules they set."""
    game = bot_game(cards, data, players, game_seed(seed, 0), options, ["heuristic"] * players)
    for _ in range(turns):
        if game.end_reason is not None:
            break
        try:
            play_turn(game)
        except GameStop:
            clean_up(game)
        game.next_leader()
    game.clone()  # warm
    start = time.process_time()  # CPU time: what the clones cost this process, whatever else the machine runs
    for _ in range(clones):
        game.clone([])
    return {"clone_us": round(1e6 * (time.process_time() - start) / clones, 1), "clone_after_turns": game.turn}


def search_cost(cards: CardSet, data: RulesData, players: int, seed: int, options: GameOptions, games: int,
                bot: str = "search") -> dict[str, float | int | str]:
    """What a search bot costs, in CPU time (time.process_time: the machine's other work does not
    count): `games` games of one `bot` seat against heuristic seats (the seat turns with the game).
    `search_ms_per_decision`: CPU milliseconds per searched decision, what its budget is about;
    `search_ms_per_own_decision`: per decision of its seat, searched or not; `rollout_us`: CPU
    microseconds per rollout (a copy of the turn's start, the turn replayed to the decision, a new
    deal of the unseen cards, the play to the horizon); `search_cpu_s_per_game`: a whole game's CPU
    time, every seat's decisions and the engine included; `heuristic_us_per_decision`: CPU
    microseconds per decision of heuristic-only games on the same seeds, engine included."""
    searched = rollouts = own = 0
    search_seconds = 0.0
    start = time.process_time()
    for i in range(games):
        kinds = ["heuristic"] * players
        kinds[i % players] = bot
        game = bot_game(cards, data, players, game_seed(seed, i), options, kinds)
        agent = game.agents[i % players]
        assert isinstance(agent, SearchAgent)
        agent.clock = time.process_time
        game.play()
        searched += agent.stats.searched
        rollouts += agent.stats.rollouts
        search_seconds += agent.stats.seconds
        own += agent.stats.decisions
    cpu = time.process_time() - start
    decisions = 0
    start = time.process_time()
    for i in range(games):
        decisions += bot_game(cards, data, players, game_seed(seed, i), options, ["heuristic"] * players).play().decisions
    heuristic = time.process_time() - start
    return {"search_bot": bot, "search_games": games,
            "search_ms_per_decision": round(1000 * search_seconds / max(searched, 1), 2),
            "search_ms_per_own_decision": round(1000 * search_seconds / max(own, 1), 2),
            "search_rollouts_per_decision": round(rollouts / max(searched, 1), 2),
            "rollout_us": round(1e6 * search_seconds / max(rollouts, 1), 1),
            "search_decisions_per_game": round(searched / games, 1),
            "search_cpu_s_per_game": round(cpu / games, 3),
            "heuristic_us_per_decision": round(1e6 * heuristic / max(decisions, 1), 1)}


def environment_cost(cards: CardSet, players: int, seed: int, options: GameOptions, games: int) -> dict[str, float]:
    """CPU microseconds per step of the PettingZoo environment (docs/environment.md) under a random
    masked policy: `env_step_us`, the engine's part (the games played without observing), and
    `observe_us`, what observing each step adds (the same games played again, observed: the
    actions do not depend on the observations). Needs the optional extra `pettingzoo`."""
    # optional dependency: pettingzoo, gymnasium, greenlet (the `pettingzoo` extra), only for `bench --env-games`
    from interpreter.envs.pettingzoo import ImportExportEnv
    env = ImportExportEnv(players=players, options=options, cards=cards)

    def play(observe: bool) -> tuple[float, int]:
        steps = 0
        start = time.process_time()
        for i in range(games):
            env.reset(seed=game_seed(seed, i))
            rng = random.Random(i)
            while env.decision is not None:
                if observe:
                    env.observe(env.agent_selection)
                env.step(rng.randrange(min(len(env.decision.options), env.encoder.max_options)))
                steps += 1
        return time.process_time() - start, steps

    bare, steps = play(False)
    observed, _ = play(True)
    return {"env_steps": steps, "env_step_us": round(1e6 * bare / steps, 1), "observe_us": round(1e6 * max(0.0, observed - bare) / steps, 1)}


HEURISTIC_CHUNK = 10  # games per task of a worker: a fraction of a second each, for little messaging
_shared: tuple[CardSet, RulesData, int, int, GameOptions] | None = None  # inherited by forked workers


def heuristic_rate(cards: CardSet, data: RulesData, players: int, games: int, seed: int, options: GameOptions,
                   workers: int = 1) -> float:
    """Games between heuristic bots per second of wall time, on `workers` forked processes (they
    start with the loaded cards, as balance's workers do), forking included."""
    global _shared
    start = time.perf_counter()
    _shared = (cards, data, players, seed, options)
    chunks = [range(k, min(k + HEURISTIC_CHUNK, games)) for k in range(0, games, HEURISTIC_CHUNK)]
    try:
        sum(unordered(_heuristic_games, chunks, workers))
    finally:
        _shared = None
    return games / (time.perf_counter() - start)


def _heuristic_games(indices: range) -> int:
    assert _shared is not None, "heuristic_rate forks its workers"
    cards, data, players, seed, options = _shared
    for i in indices:
        bot_game(cards, data, players, game_seed(seed, i), options, ["heuristic"] * players).play()
    return len(indices)


# --- the same sitting as RLCard's UNO ------------------------------------------------------------

class UnoMissing(RuntimeError):
    """RLCard is not installed: the comparison with its UNO cannot run."""


def uno_env(seed: int) -> Any:
    """RLCard's UNO environment with RLCard's own random agent at every seat (optional: pip install
    rlcard, or the extra `uno`)."""
    try:
        # optional dependency: rlcard (the `uno` extra), only for `bench --uno`
        import rlcard
        from rlcard.agents import RandomAgent
    except ImportError:
        raise UnoMissing("the comparison with RLCard's UNO needs RLCard: pip install rlcard "
                         "(or pip install -e '.[uno]')") from None
    env = rlcard.make("uno", config={"seed": seed})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])
    return env


def uno_decisions(env: Any, games: int) -> int:
    """Play `games` games of UNO as RLCard plays them (`env.run`: each agent picks a legal action at
    random); returns the decisions taken (the actions in the players' trajectories, which alternate
    states and actions and end on a state)."""
    decisions = 0
    for _ in range(games):
        trajectories, _payoffs = env.run(is_training=False)
        decisions += sum((len(t) - 1) // 2 for t in trajectories)
    return decisions


def uno_comparison(cards: CardSet, data: RulesData, players: int, seed: int, options: GameOptions, games: int,
                   uno_games: int, rounds: int = 3, make_env: Callable[[int], Any] = uno_env) -> dict[str, float]:
    """CPU microseconds per decision of random play here and in RLCard's UNO between its random
    agents, in the same process and in alternating rounds (so both see the same machine), and the
    ratio of ours to UNO's. Each round plays `games` of ours and `uno_games` of UNO."""
    env = make_env(seed)
    keep_loaded_out_of_gc()  # both games' loaded data: neither side's full collections walk it
    ours_s = uno_s = 0.0
    ours_n = uno_n = 0
    for r in range(rounds):
        start = time.process_time()
        for i in range(games):
            result = bot_game(cards, data, players, game_seed(seed + r, i), options, ["random"] * players).play()
            ours_n += result.decisions
        ours_s += time.process_time() - start
        start = time.process_time()
        uno_n += uno_decisions(env, uno_games)
        uno_s += time.process_time() - start
    ours = 1e6 * ours_s / max(ours_n, 1)
    uno = 1e6 * uno_s / max(uno_n, 1)
    return {"cpu_us_per_decision": round(ours, 2), "uno_cpu_us_per_decision": round(uno, 2),
            "uno_ratio": round(ours / uno, 3) if uno else 0.0, "uno_decisions": uno_n, "uno_rounds": rounds}


def _wall(args: tuple[str, ...], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "interpreter", *args], env=env, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def startup(runs: int) -> dict[str, float]:
    """Wall seconds of a fresh process running each of STARTUP_COMMANDS, best of `runs` with the
    start-up cache as it is (warm after the first run); `startup_s` is the slower command. And
    `startup_cold_s`: `validate` with an empty cache (parser tables and every card built anew)."""
    env = dict(os.environ)
    best = {args: min(_wall(args, env) for _ in range(runs)) for args in STARTUP_COMMANDS}
    with tempfile.TemporaryDirectory(prefix="importexport-cold-cache-") as empty:
        cold = _wall(STARTUP_COMMANDS[0], {**env, "IMPORTEXPORT_CACHE": empty})
    return {
        "startup_s": round(max(best.values()), 3),
        "startup_validate_s": round(best[STARTUP_COMMANDS[0]], 3),
        "startup_explain_s": round(best[STARTUP_COMMANDS[1]], 3),
        "startup_cold_s": round(cold, 3),
    }
