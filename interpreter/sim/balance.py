"""The balance workbench: many games between heuristic bots on all cores, written as they finish
(so an interrupted run resumes), and per-card and per-game statistics for the report."""

from __future__ import annotations

import itertools
import json
import os
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from interpreter.cards.loader import CardSet
from interpreter.engine import events as ev
from interpreter.powers import new_game
from interpreter.sim.cardstats import summarize as summarize
from interpreter.sim.cardstats import terminal_summary as terminal_summary

if TYPE_CHECKING:
    from interpreter.cards.rulesdata import RulesData
    from interpreter.engine.options import GameOptions

GAMES_FILE = "games.jsonl"
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


# ------------------------------------------------------------------------------------ one game

_CARDS: dict[CardSpec, CardSet] = {}


def load_spec(spec: CardSpec) -> CardSet:
    """The card set of a spec, loaded once per process."""
    if spec not in _CARDS:
        from interpreter.cards.catalog import choose_sets, load_all_cards
        from interpreter.mods.apply import apply_packs
        cards = choose_sets(load_all_cards(), spec.expansions)
        if spec.mods:
            cards = apply_packs(cards, [Path(m) for m in spec.mods]).cards
        _CARDS[spec] = cards
    return _CARDS[spec]


def play_one(job: BalanceJob, index: int) -> dict[str, Any]:
    """Play game `index` of a job between heuristic bots and return its record."""
    from interpreter.cards.catalog import load_rules
    from interpreter.engine.options import GameOptions, parse_option
    from interpreter.sim.runner import game_seed
    cards = load_spec(job.cards)
    options = GameOptions()
    for text in job.options:
        options = parse_option(text, options)
    return recorded_game(cards, load_rules(), job.players, game_seed(job.seed, index), options, index)


def recorded_game(cards: CardSet, rules: RulesData, players: int, seed: int, options: GameOptions, index: int) -> dict[str, Any]:
    """Play one game between heuristic bots and return its record (what `summarize` reads)."""
    from interpreter.agents.heuristic import heuristic_agents
    game = new_game(cards, rules, players, seed, options, heuristic_agents(seed, players))
    names = {c.name: c.id for c in cards.cards}
    power_credits: Counter[str] = Counter()
    fired: Counter[str] = Counter()

    def gained(e: ev.CreditsGained) -> None:
        if e.reason in names:
            power_credits[names[e.reason]] += e.amount

    game.bus.subscribe(ev.CreditsGained, gained)
    game.bus.subscribe(ev.PowerUsed, lambda e: fired.update([e.card.id]))
    result = game.play()
    return {
        "index": index, "seed": seed, "players": players, "colours": result.colours, "totals": result.totals,
        "winners": result.winners, "end_reason": result.end_reason, "turns": result.turns,
        "completed": [[c.id for c in p.shipments] for p in game.players],
        "in_hand": [[c.id for c in p.hand] for p in game.players],
        "power_credits": dict(power_credits), "fired": dict(fired),
    }


# ------------------------------------------------------------------------------------ running

def read_records(out: Path) -> list[dict[str, Any]]:
    path = out / GAMES_FILE
    if not path.exists():
        return []
    records = []
    for line in path.read_text().splitlines():
        try:
            records.append(json.loads(line))
        except json.JSONDecodeError:
            continue  # a line cut short by an interruption: that game is played again
    return records


def _play_job(args: tuple[BalanceJob, int]) -> dict[str, Any]:
    return play_one(*args)


def run_games(job: BalanceJob, out: Path, *, resume: bool, workers: int,
              progress: Callable[[int, int, float], None] | None = None,
              dask_address: str | None = None) -> tuple[list[dict[str, Any]], bool]:
    """Play the job's games on `workers` processes (or a Dask cluster), appending each record to
    out/games.jsonl as it finishes. With `resume`, games already recorded are not played again.
    Returns (all records, interrupted)."""
    out.mkdir(parents=True, exist_ok=True)
    meta = out / "job.json"
    done = read_records(out) if resume else []
    if resume and meta.exists() and _same_settings(json.loads(meta.read_text()), _job_dict(job)):
        pass
    elif resume and meta.exists():
        raise ValueError(f"{out} holds a run with other settings; resume it with those, or use another --out")
    if not resume:
        (out / GAMES_FILE).write_text("")
    meta.write_text(json.dumps(_job_dict(job), indent=1))
    finished = {r["index"] for r in done}
    todo = [i for i in range(job.games) if i not in finished]
    start = time.perf_counter()
    interrupted = False
    with (out / GAMES_FILE).open("a") as sink:
        try:
            for record in _results(job, todo, workers, dask_address):
                sink.write(json.dumps(record) + "\n")
                sink.flush()
                done.append(record)
                if progress:
                    progress(len(done) - len(finished), len(todo), time.perf_counter() - start)
        except KeyboardInterrupt:
            interrupted = True
    return sorted(done, key=lambda r: r["index"]), interrupted


def _results(job: BalanceJob, todo: list[int], workers: int, dask_address: str | None) -> Iterator[dict[str, Any]]:
    if dask_address:
        yield from _dask_results(job, todo, dask_address)
        return
    if workers <= 1:
        for i in todo:
            yield play_one(job, i)
        return
    pool = ProcessPoolExecutor(max_workers=workers)
    try:
        futures = [pool.submit(_play_job, (job, i)) for i in todo]
        for future in as_completed(futures):
            yield future.result()
    finally:
        pool.shutdown(wait=False, cancel_futures=True)


DASK_CHUNK = 25  # games per Dask task: a second or two of a worker's time, for ~1 ms of scheduling
DASK_TASKS_PER_THREAD = 2  # tasks in flight per worker thread: enough to keep each thread busy


def _play_chunk(job: BalanceJob, indices: list[int]) -> list[dict[str, Any]]:
    return [play_one(job, i) for i in indices]


def _dask_results(job: BalanceJob, todo: list[int], address: str, chunk: int = DASK_CHUNK) -> Iterator[dict[str, Any]]:
    """Send the games to a Dask cluster (optional extra: pip install '.[dask]'), `chunk` games per
    task, and only a few tasks per worker thread at a time: a million-game run holds a few hundred
    futures, not a million, and the scheduler is not flooded. Records stream back as tasks finish."""
    try:
        from dask.distributed import Client
        from dask.distributed import as_completed as dask_completed
    except ImportError:
        raise ValueError("--dask needs the optional extra: pip install 'importexport-interpreter[dask]' (or -e '.[dask]')") from None
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


def _same_settings(old: dict[str, Any], new: dict[str, Any]) -> bool:
    """Everything but the number of games must match to resume (a run may be extended)."""
    return {k: v for k, v in old.items() if k != "games"} == {k: v for k, v in new.items() if k != "games"}


def _job_dict(job: BalanceJob) -> dict[str, Any]:
    data = asdict(job)
    data["cards"]["mods"] = list(job.cards.mods)
    data["options"] = list(job.options)
    return data


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
    from interpreter.sim.report import html_report
    (out / RESULTS_FILE).write_text(json.dumps(results, indent=1))
    (out / REPORT_FILE).write_text(html_report(results))

