"""The balance workbench: many games between bots (heuristic bots unless the run names others) on
all cores, written as they finish (so an interrupted run resumes), and per-card and per-game
statistics for the report."""

from __future__ import annotations

import itertools
import json
import os
import sys
import time
from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from interpreter.agents.search import SearchAgent
from interpreter.cards.catalog import choose_sets, load_all_cards, shipped_rules
from interpreter.cards.loader import CardSet
from interpreter.engine import events as ev
from interpreter.engine.game import SetupError
from interpreter.engine.options import GameOptions, parse_option
from interpreter.mods.apply import apply_packs
from interpreter.outputs import write_atomically
from interpreter.powers import new_game
from interpreter.sim.cardstats import summarize as summarize
from interpreter.sim.cardstats import terminal_summary as terminal_summary
from interpreter.sim.failures import BatchSettings, Failures, failure_record
from interpreter.sim.report import html_report
from interpreter.sim.runfolder import GAMES_FILE as GAMES_FILE  # re-exported: the run folder's files
from interpreter.sim.runfolder import RunFolder, RunFolderError, open_run
from interpreter.sim.runfolder import read_records as read_records
from interpreter.sim.runner import bot_agents, game_seed, seat_bots
from interpreter.sim.workers import unordered

if TYPE_CHECKING:
    from interpreter.cards.rulesdata import RulesData
    from interpreter.engine.game import Game
    from interpreter.engine.options import GameOptions

RESULTS_FILE = "results.json"
REPORT_FILE = "report.html"


@dataclass(frozen=True)
class CardSpec:
    """A card set: expansions and mod packs (paths), as on the command line."""

    expansions: str = "none"
    mods: tuple[str, ...] = ()

    def label(self) -> str:
        parts = ["base" if self.expansions in ("", "none") else f"base+{self.expansions}"]
        return " + ".join(parts + [Path(m).name for m in self.mods])


@dataclass(frozen=True)
class BalanceJob:
    games: int
    players: int
    seed: int
    cards: CardSpec
    options: tuple[str, ...] = ()
    bots: tuple[str, ...] = ()  # the bot at each seat, turned one seat per game; () is heuristic everywhere
    # games go round these player counts (game i has player_counts[i % k] players); () is `players` in every game
    player_counts: tuple[int, ...] = ()

    def players_in(self, index: int) -> int:
        """The number of players of game `index`."""
        return self.player_counts[index % len(self.player_counts)] if self.player_counts else self.players

    def seat_bots(self, index: int) -> list[str]:
        """The bot at each seat of game `index` (sim/runner.py seat_bots); one bot name stands for every seat."""
        players = self.players_in(index)
        if not self.bots:
            return ["heuristic"] * players
        return [self.bots[0]] * players if len(self.bots) == 1 else seat_bots(self.bots, players, index)


# ------------------------------------------------------------------------------------ one game

_CARDS: dict[CardSpec, CardSet] = {}


def load_spec(spec: CardSpec) -> CardSet:
    """The card set of a spec, loaded once per process."""
    if spec not in _CARDS:
        cards = choose_sets(load_all_cards(), spec.expansions)
        if spec.mods:
            cards = apply_packs(cards, [Path(m) for m in spec.mods]).cards
        _CARDS[spec] = cards
    return _CARDS[spec]


def play_one(job: BalanceJob, index: int) -> dict[str, Any]:
    """Play game `index` of a job between its bots and return its record; a game that raises
    returns {"index": index, "failed": its failure record} (sim/failures.py) so the run goes on."""
    cards = load_spec(job.cards)
    options = GameOptions()
    for text in job.options:
        options = parse_option(text, options)
    seed = game_seed(job.seed, index)
    made: list[Game] = []
    try:
        return recorded_game(cards, shipped_rules(), job.players_in(index), seed, options, index, made, job.seat_bots(index))
    except SetupError:
        raise
    except Exception as exc:
        settings = BatchSettings(job.cards.expansions, job.cards.mods, job.options)
        return {"index": index, "failed": failure_record(settings, cards, job.players_in(index), seed, job.seat_bots(index),
                                                        made[0] if made else None, exc, index)}


def recorded_game(cards: CardSet, rules: RulesData, players: int, seed: int, options: GameOptions, index: int,
                  made: list[Game] | None = None, bots: list[str] | None = None) -> dict[str, Any]:
    """Play one game between `bots` (the bot at each seat; heuristic bots by default) and return its
    record (what `summarize` reads); the game is put in `made` first, for a failure record if it raises."""
    bots = bots or ["heuristic"] * players
    game = new_game(cards, rules, players, seed, options, bot_agents(seed, bots))
    if made is not None:
        made.append(game)
    names = {c.name: c.id for c in cards.cards}
    power_credits: dict[str, int] = {}
    fired: dict[str, int] = {}

    def gained(e: ev.CreditsGained) -> None:
        card_id = names.get(e.reason)
        if card_id is not None:
            power_credits[card_id] = power_credits.get(card_id, 0) + e.amount

    def used(e: ev.PowerUsed) -> None:  # plain dicts, not Counter.update: these run at every power and credit of a game
        fired[e.card.id] = fired.get(e.card.id, 0) + 1

    completions: list[list[str]] = [[] for _ in range(players)]

    def completed(e: ev.ContractCompleted) -> None:  # a card that leaves Shipments at once (Beer, Small Poodles) counts too
        completions[e.player].append(e.card.id)

    game.bus.subscribe(ev.CreditsGained, gained)
    game.bus.subscribe(ev.PowerUsed, used)
    game.bus.subscribe(ev.ContractCompleted, completed)
    first_leader = game.leader
    result = game.play()
    return {
        "index": index, "seed": seed, "players": players, "bots": bots, "first_leader": first_leader,
        "colours": result.colours, "totals": result.totals,
        "winners": result.winners, "end_reason": result.end_reason, "turns": result.turns,
        # completed: in Shipments at the end, or completed during the game (each id once)
        "completed": [list(dict.fromkeys([c.id for c in p.shipments] + completions[p.seat])) for p in game.players],
        "in_hand": [[c.id for c in p.hand] for p in game.players],
        "power_credits": power_credits, "fired": fired,
        **search_spent(game),
    }


def search_spent(game: Game) -> dict[str, Any]:
    """What the game's search bots spent: decisions searched and seconds (none: nothing)."""
    bots = [a for a in game.agents if isinstance(a, SearchAgent)]
    if not bots:
        return {}
    return {"searched": sum(b.stats.searched for b in bots), "search_seconds": round(sum(b.stats.seconds for b in bots), 4)}


# ------------------------------------------------------------------------------------ running

def _play_job(args: tuple[BalanceJob, int]) -> dict[str, Any]:
    return play_one(*args)


@dataclass
class RunOutcome:
    records: list[dict[str, Any]]  # every finished game of the run folder, by index
    interrupted: bool
    failures: Failures


def run_games(job: BalanceJob, out: Path | RunFolder, *, resume: bool = False, workers: int = 1,
              progress: Callable[[int, int, float], None] | None = None,
              dask_address: str | None = None, report: Callable[[str], None] | None = None,
              force: bool = False) -> RunOutcome:
    """Play the job's games on `workers` processes (or a Dask cluster), appending each record to
    games.jsonl as it finishes; games already recorded are not played again. A game that raises is
    saved under failed/ and reported, and the run goes on (up to MAX_FAILURES failed games). `out`
    is a folder (opened here, see runfolder.py) or a RunFolder opened by the caller."""
    folder = out if isinstance(out, RunFolder) else open_run(out, job, games_given=True, resume=resume, force=force)
    try:
        return _run(folder, workers, progress, dask_address, report)
    finally:
        if folder is not out:
            folder.close()


def _run(folder: RunFolder, workers: int, progress: Callable[[int, int, float], None] | None,
         dask_address: str | None, report: Callable[[str], None] | None) -> RunOutcome:
    job = folder.job
    done = list(folder.done)
    finished = {r["index"] for r in done}
    todo = [i for i in range(job.games) if i not in finished]
    failures = Failures()
    start = time.perf_counter()
    interrupted = False
    results = _results(job, todo, workers, dask_address)
    try:
        with folder.games_file.open("a") as sink:
            for record in results:
                if "failed" in record:
                    line = failures.add(record["failed"], folder.failed_dir)
                    if report:
                        report(line)
                    if failures.too_many:
                        break
                    continue
                sink.write(json.dumps(record) + "\n")
                sink.flush()
                (folder.failed_dir / f"seed-{record['seed']}.json").unlink(missing_ok=True)  # it failed before, it finished now
                done.append(record)
                if progress:
                    progress(len(done) - len(finished) + len(failures.records), len(todo), time.perf_counter() - start)
    except KeyboardInterrupt:
        interrupted = True
    finally:
        results.close()  # stops the workers at once if the run ended early
    if interrupted:
        # Ctrl-C may land between writing a record and counting it: the games file is the truth,
        # so results.json never disagrees with the games it summarises
        done = read_records(folder.path, job.games)
    return RunOutcome(sorted(done, key=lambda r: r["index"]), interrupted, failures)


def _results(job: BalanceJob, todo: list[int], workers: int, dask_address: str | None) -> Generator[dict[str, Any], None, None]:
    if dask_address:
        yield from _dask_results(job, todo, dask_address)
        return
    yield from unordered(_play_job, [(job, i) for i in todo], workers)


DASK_CHUNK = 25  # games per Dask task: a second or two of a worker's time, for ~1 ms of scheduling
DASK_TASKS_PER_THREAD = 2  # tasks in flight per worker thread: enough to keep each thread busy


def _play_chunk(job: BalanceJob, indices: list[int]) -> list[dict[str, Any]]:
    return [play_one(job, i) for i in indices]


def _dask_results(job: BalanceJob, todo: list[int], address: str, chunk: int = DASK_CHUNK) -> Iterator[dict[str, Any]]:
    """Send the games to a Dask cluster (optional extra: pip install '.[dask]'), `chunk` games per
    task, and only a few tasks per worker thread at a time: a million-game run holds a few hundred
    futures, not a million, and the scheduler is not flooded. Records stream back as tasks finish."""
    try:
        # optional dependency: distributed (the `dask` extra), only for --dask
        from dask.distributed import Client
        from dask.distributed import as_completed as dask_completed
    except ImportError:
        raise RunFolderError("--dask needs the optional extra: pip install 'importexport-interpreter[dask]' (or -e '.[dask]')") from None
    client = Client(address)
    try:
        chunks = (todo[k:k + chunk] for k in range(0, len(todo), chunk))
        threads = max(1, sum(client.nthreads().values()))
        running = dask_completed()
        for indices in itertools.islice(chunks, threads * DASK_TASKS_PER_THREAD):
            running.add(client.submit(_play_chunk, job, indices, pure=False))
        for future in running:
            records = future.result()
            more = next(chunks, None)
            if more is not None:
                running.add(client.submit(_play_chunk, job, more, pure=False))
            yield from records
    finally:
        client.close()


def default_workers() -> int:
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1))


def progress_line(stream: Any = None) -> Callable[[int, int, float], None]:
    """A progress bar with games per second and time left, on a terminal."""
    stream = stream or sys.stderr
    last = [0.0]

    def show(done: int, total: int, elapsed: float) -> None:
        if not stream.isatty() or (elapsed - last[0] < 0.5 and done < total):
            return
        last[0] = elapsed
        rate = done / elapsed if elapsed else 0.0
        left = (total - done) / rate if rate else 0.0
        width = 30
        filled = int(width * done / total) if total else width
        stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games, {rate:.1f}/s, {left:.0f}s left ")
        if done == total:
            stream.write("\n")
        stream.flush()

    return show


# ------------------------------------------------------------------------------------ statistics
# The statistics are in cardstats.py, the report in report.py (summarize and terminal_summary are
# imported above for the callers of this module).


def write_outputs(results: dict[str, Any], out: Path) -> None:
    write_atomically(out / RESULTS_FILE, json.dumps(results, indent=1))
    write_atomically(out / REPORT_FILE, html_report(results))

