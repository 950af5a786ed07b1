"""Running games between bots: one game, or a batch with progress that can be interrupted."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from interpreter.agents.heuristic import HeuristicAgent
from interpreter.agents.random_agent import random_agents
from interpreter.agents.search import SearchAgent, parse_budget
from interpreter.cards.loader import CardSet
from interpreter.cards.rulesdata import RulesData
from interpreter.engine.game import Game, GameResult, SetupError
from interpreter.engine.options import GameOptions
from interpreter.engine.setup import game_seed as game_seed  # the batch seeds, also read from here
from interpreter.powers import new_game
from interpreter.sim.failures import BatchSettings, Failures, failure_record
from interpreter.sim.workers import keep_loaded_out_of_gc

BOTS = ("random", "heuristic", "search")
BOTS_HELP = "random, heuristic, search or search:BUDGET (search:50ro rollouts, search:20ms CPU per decision)"


def check_bot(name: str) -> str:
    """A bot name: `random`, `heuristic`, `search`, or `search:BUDGET` (`search:20ms`, `search:50ro`).
    Raises ValueError saying what is allowed."""
    kind, colon, budget = name.partition(":")
    if kind not in BOTS or (colon and kind != "search"):
        raise ValueError(f"unknown bot `{name}`: the bots are {BOTS_HELP}")
    if colon and not budget.strip():
        raise ValueError(f"bot `{name}` gives no budget after `:` (the bots are {BOTS_HELP})")
    if budget:
        try:
            parse_budget(budget)
        except ValueError as exc:
            raise ValueError(f"bot `{name}`: {exc} (the bots are {BOTS_HELP})") from None
    return name


def parse_bots(text: str, players: int) -> tuple[str, ...]:
    """A `--bots` value: one bot name for every seat (`heuristic`), or one name per seat
    (`heuristic,random,random,search:100ms`). Raises ValueError saying what is allowed."""
    names = tuple(b.strip() for b in text.split(","))
    if len(names) == 1:
        names *= players
    if len(names) != players:
        raise ValueError(f"--bots needs one name for every seat, or {players} names, one per seat, "
                         f"among {BOTS_HELP}; got `{text}`")
    for name in names:
        try:
            check_bot(name)
        except ValueError as exc:
            raise ValueError(f"--bots: {exc}") from None
    return names


def bot_agents(seed: int, kinds: list[str] | tuple[str, ...]) -> list[Any]:
    """The agents of a game with this seed, a bot of the given kind at each seat; each seat's bot
    has its own random stream derived from the seed, so a seat's play does not depend on the others'."""
    agents: list[Any] = random_agents(seed, len(kinds))
    for seat, kind in enumerate(kinds):
        if kind == "heuristic":
            agents[seat] = HeuristicAgent(seed * 2003 + seat * 31 + 7)
        elif kind.startswith("search"):
            budget = kind.partition(":")[2]
            agents[seat] = SearchAgent(seed * 4001 + seat * 67 + 11, *([parse_budget(budget)] if budget else []))
    return agents


def seat_bots(bots: tuple[str, ...] | None, players: int, index: int) -> list[str]:
    """The bot kind at each seat of game `index`: the list turns one seat per game, so every kind
    sits in every seat equally often."""
    if not bots:
        return ["random"] * players
    return [bots[(seat - index) % players] for seat in range(players)]


def bot_game(cards: CardSet, data: RulesData, players: int, seed: int, options: GameOptions,
             kinds: list[str] | None = None) -> Game:
    return new_game(cards, data, players, seed, options, bot_agents(seed, kinds or ["random"] * players))


@dataclass
class Batch:
    results: list[GameResult]
    seconds: float
    interrupted: bool
    kinds: list[list[str]] = field(default_factory=list)  # the bot kind at each seat, per finished game
    failures: Failures = field(default_factory=Failures)


def run_batch(cards: CardSet, data: RulesData, players: int, games: int, seed: int, options: GameOptions,
              progress: Callable[[int, int, float], None] | None = None,
              watch: Callable[[Game], None] | None = None, bots: tuple[str, ...] | None = None,
              settings: BatchSettings | None = None, failed_folder: Path | None = None,
              report: Callable[[str], None] | None = None, failures: Failures | None = None) -> Batch:
    """Play `games` bot games; Ctrl-C stops early and keeps every finished game. `watch` sees each
    game before it is played (to subscribe to its events). A game that raises is kept aside (and
    saved in `failed_folder`), `report` is told, and the batch goes on, up to MAX_FAILURES.
    `failures`: where the failed games go (a new Failures by default). The one loop that plays a
    batch and records its failures: `simulate` and the benchmark both play through it."""
    results: list[GameResult] = []
    kinds: list[list[str]] = []
    failures = failures if failures is not None else Failures()
    keep_loaded_out_of_gc()
    start = time.perf_counter()
    interrupted = False
    try:
        for i in range(games):
            seat_kinds = seat_bots(bots, players, i)
            result, failure = play_guarded(cards, data, players, game_seed(seed, i), options, seat_kinds, watch,
                                           settings or BatchSettings(), i)
            if failure is not None:
                line = failures.add(failure, failed_folder)
                if report:
                    report(line)
                if failures.too_many:
                    break
            else:
                assert result is not None
                results.append(result)
                kinds.append(seat_kinds)
            if progress:
                progress(i + 1, games, time.perf_counter() - start)
    except KeyboardInterrupt:
        interrupted = True
    return Batch(results, time.perf_counter() - start, interrupted, kinds, failures)


def play_guarded(cards: CardSet, data: RulesData, players: int, seed: int, options: GameOptions, kinds: list[str],
                 watch: Callable[[Game], None] | None, settings: BatchSettings,
                 index: int | None = None) -> tuple[GameResult | None, dict[str, Any] | None]:
    """Play one bot game: (its result, None), or (None, its failure record) if it raises. A game that
    cannot be set up at all (SetupError) and Ctrl-C are not failures of one game: they propagate."""
    game = None
    try:
        game = bot_game(cards, data, players, seed, options, kinds)
        if watch is not None:
            watch(game)
        return game.play(), None
    except SetupError:
        raise
    except Exception as exc:
        return None, failure_record(settings, cards, players, seed, kinds, game, exc, index)


def terminal_progress(every: float = 0.5) -> Callable[[int, int, float], None]:
    """A one-line progress display on stderr, shown only on a terminal."""
    last = [0.0]

    def show(done: int, total: int, elapsed: float) -> None:
        if not sys.stderr.isatty() or (elapsed - last[0] < every and done < total):
            return
        last[0] = elapsed
        rate = done / elapsed if elapsed else 0.0
        left = (total - done) / rate if rate else 0.0
        end = "\n" if done == total else ""
        sys.stderr.write(f"\r{done}/{total} games, {rate:.1f} games/s, {left:.0f}s left   {end}")
        sys.stderr.flush()

    return show
