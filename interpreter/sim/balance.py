"""The balance workbench: many games between heuristic bots on all cores, written as they finish
(so an interrupted run resumes), and per-card and per-game statistics for the report."""

from __future__ import annotations

import json
import os
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from interpreter.bus import events as ev
from interpreter.cards.loader import CardSet
from interpreter.sim.failures import Failures
from interpreter.sim.runfolder import GAMES_FILE as GAMES_FILE  # re-exported: the run folder's files
from interpreter.sim.runfolder import RunFolder, RunFolderError, open_run
from interpreter.sim.runfolder import read_records as read_records
from interpreter.sim.stats import mean_sd, two_proportion_p, wilson
from interpreter.sim.workers import unordered

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
    """Play game `index` of a job between heuristic bots and return its record; a game that raises
    returns {"index": index, "failed": its failure record} (sim/failures.py) so the run goes on."""
    from interpreter.agents.heuristic import heuristic_agents
    from interpreter.cards.catalog import load_rules
    from interpreter.engine.game import Game, SetupError
    from interpreter.engine.options import GameOptions, parse_option
    from interpreter.sim.failures import BatchSettings, failure_record
    from interpreter.sim.runner import game_seed
    cards = load_spec(job.cards)
    options = GameOptions()
    for text in job.options:
        options = parse_option(text, options)
    seed = game_seed(job.seed, index)
    game = None
    try:
        game = Game(cards, load_rules(), job.players, seed, options, heuristic_agents(seed, job.players))
        names = {c.name: c.id for c in cards.cards}
        power_credits: Counter[str] = Counter()
        fired: Counter[str] = Counter()

        def gained(e: ev.CreditsGained) -> None:
            if e.reason in names:
                power_credits[names[e.reason]] += e.amount

        game.bus.subscribe(ev.CreditsGained, gained)
        game.bus.subscribe(ev.PowerUsed, lambda e: fired.update([e.card.id]))
        result = game.play()
    except SetupError:
        raise
    except Exception as exc:
        settings = BatchSettings(job.cards.expansions, job.cards.mods, job.options)
        return {"index": index, "failed": failure_record(settings, cards, job.players, seed, ["heuristic"] * job.players,
                                                        game, exc, index)}
    return {
        "index": index, "seed": seed, "players": job.players, "colours": result.colours, "totals": result.totals,
        "winners": result.winners, "end_reason": result.end_reason, "turns": result.turns,
        "completed": [[c.id for c in p.shipments] for p in game.players],
        "in_hand": [[c.id for c in p.hand] for p in game.players],
        "power_credits": dict(power_credits), "fired": dict(fired),
    }


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
    return RunOutcome(sorted(done, key=lambda r: r["index"]), interrupted, failures)


def _results(job: BalanceJob, todo: list[int], workers: int, dask_address: str | None) -> Generator[dict[str, Any], None, None]:
    if dask_address:
        yield from _dask_results(job, todo, dask_address)
        return
    if workers <= 1 or len(todo) <= 1:
        for i in todo:
            yield play_one(job, i)
        return
    yield from unordered(_play_job, [(job, i) for i in todo], min(workers, len(todo)))


def _dask_results(job: BalanceJob, todo: list[int], address: str) -> Iterator[dict[str, Any]]:
    """Send the games to an existing Dask cluster (optional extra: pip install '.[dask]')."""
    try:
        from dask.distributed import Client  # type: ignore[import-not-found]
        from dask.distributed import as_completed as dask_completed
    except ImportError:
        raise RunFolderError("--dask needs the optional extra: pip install -e '.[dask]'") from None
    client = Client(address)
    try:
        futures = client.map(_play_job, [(job, i) for i in todo], pure=False)
        for future in dask_completed(futures):
            yield future.result()
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

@dataclass
class CardStats:
    id: str
    name: str
    set: str
    good: str
    tier: int
    games: int = 0  # games in which the card was in the deck
    completed_games: int = 0
    completers: int = 0
    completer_wins: float = 0.0
    others: int = 0
    other_wins: float = 0.0
    power_credits: int = 0
    dead_games: int = 0
    fired: int = 0

    def as_dict(self, typical_wins: float, typical_n: int) -> dict[str, Any]:
        """`typical_*`: completers of every card pooled. Completing any card goes with winning, so a
        card stands out when its completers win more or less often than completers in general."""
        rate_c = self.completer_wins / self.completers if self.completers else None
        rate_o = self.other_wins / self.others if self.others else None
        typical = typical_wins / typical_n if typical_n else 0.0
        p = two_proportion_p(self.completer_wins, self.completers, typical_wins - self.completer_wins, typical_n - self.completers)
        return {
            "id": self.id, "name": self.name, "set": self.set, "good": self.good, "tier": self.tier,
            "completed_rate": self.completed_games / self.games if self.games else 0.0,
            "win_rate_completed": rate_c, "ci_completed": wilson(self.completer_wins, self.completers),
            "win_rate_not": rate_o, "ci_not": wilson(self.other_wins, self.others),
            "delta": (rate_c - rate_o) if rate_c is not None and rate_o is not None else None,
            "vs_typical": (rate_c - typical) if rate_c is not None else None,
            "p_value": p, "significant": p < 0.05 and self.completers >= 10,
            "credit_value": self.power_credits / self.completers if self.completers else 0.0,
            "dead_rate": self.dead_games / self.games if self.games else 0.0,
            "fired_per_game": self.fired / self.games if self.games else 0.0,
            "completers": self.completers,
        }


def summarize(records: list[dict[str, Any]], cards: CardSet, job: BalanceJob, seconds: float,
              played: int | None = None) -> dict[str, Any]:
    """`played`: games played in this run (the others were recorded earlier), for the speed."""
    n = len(records)
    played = n if played is None else played
    stats = {c.id: CardStats(c.id, c.name, c.set, c.good, c.tier) for c in cards.by_id.values()}
    seats = [0.0] * job.players
    colours: dict[str, float] = defaultdict(float)
    colour_games: Counter[str] = Counter()
    for r in records:
        share = 1 / len(r["winners"])
        won = {w: share for w in r["winners"]}
        for seat in range(r["players"]):
            seats[seat] += won.get(seat, 0.0)
            colours[r["colours"][seat]] += won.get(seat, 0.0)
            colour_games[r["colours"][seat]] += 1
        completed = [set(ids) for ids in r["completed"]]
        in_hand = set(i for hand in r["in_hand"] for i in hand)
        for card_id, s in stats.items():
            s.games += 1
            who = [seat for seat, ids in enumerate(completed) if card_id in ids]
            if who:
                s.completed_games += 1
            for seat in range(r["players"]):
                if seat in who:
                    s.completers += 1
                    s.completer_wins += won.get(seat, 0.0)
                else:
                    s.others += 1
                    s.other_wins += won.get(seat, 0.0)
            if card_id in in_hand:
                s.dead_games += 1
            s.power_credits += r["power_credits"].get(card_id, 0)
            s.fired += r["fired"].get(card_id, 0)
    typical_wins = sum(s.completer_wins for s in stats.values())
    typical_n = sum(s.completers for s in stats.values())
    card_rows = sorted((s.as_dict(typical_wins, typical_n) for s in stats.values()), key=lambda d: -(d["vs_typical"] or 0))
    turns = [float(r["turns"]) for r in records]
    scores = [float(t) for r in records for t in r["totals"]]
    winning = [float(max(r["totals"])) for r in records]
    return {
        "meta": {"games": n, "players": job.players, "seed": job.seed, "cards": job.cards.label(),
                 "options": list(job.options), "seconds": round(seconds, 2),
                 "games_per_s": round(played / seconds, 2) if seconds and played else None, "deck_size": len(cards)},
        "game": {
            "end_reasons": dict(Counter(r["end_reason"] for r in records)),
            "turns": _describe(turns), "turns_all": turns,
            "scores": _describe(scores), "winning_score": _describe(winning),
            "seats": [{"seat": i + 1, "wins": w, "rate": w / n if n else 0.0, "ci": wilson(w, n)} for i, w in enumerate(seats)],
            "colours": [{"colour": c, "wins": w, "games": colour_games[c], "rate": w / colour_games[c], "ci": wilson(w, colour_games[c])}
                        for c, w in sorted(colours.items())],
        },
        "cards": card_rows,
        "standouts": [c["id"] for c in card_rows if c["significant"]],
    }


def _describe(values: list[float]) -> dict[str, float]:
    mean, sd = mean_sd(values)
    return {"mean": round(mean, 2), "sd": round(sd, 2), "min": min(values, default=0.0), "max": max(values, default=0.0)}


def terminal_summary(results: dict[str, Any]) -> str:
    meta, game = results["meta"], results["game"]
    speed = f"{meta['games_per_s']} games/s" if meta["games_per_s"] else "all games recorded earlier"
    lines = [f"{meta['games']} games, {meta['players']} players, {meta['cards']} ({meta['deck_size']} cards), "
             f"{speed}",
             "Ended by: " + ", ".join(f"{k} {v}" for k, v in sorted(game["end_reasons"].items())),
             f"Turns: mean {game['turns']['mean']}, sd {game['turns']['sd']}; winning score mean {game['winning_score']['mean']}",
             "Seats: " + "  ".join(f"P{s['seat']} {100 * s['rate']:.0f}% [{100 * s['ci'][0]:.0f}-{100 * s['ci'][1]:.0f}]"
                                    for s in game["seats"])]
    standouts = [c for c in results["cards"] if c["significant"]]
    if standouts:
        lines.append("Cards that stand out (their completers win more or less often than completers of a typical card, p < 0.05):")
        for c in standouts[:12]:
            lines.append(f"  {c['name']:<18} completers win {100 * c['win_rate_completed']:.0f}% "
                         f"({100 * c['vs_typical']:+.0f} points vs a typical card; non-completers {100 * c['win_rate_not']:.0f}%), "
                         f"completed in {100 * c['completed_rate']:.0f}% of games")
    else:
        lines.append("No card's win rate differs significantly (p < 0.05) from the others'.")
    return "\n".join(lines)


def write_outputs(results: dict[str, Any], out: Path) -> None:
    from interpreter.sim.report import html_report
    (out / RESULTS_FILE).write_text(json.dumps(results, indent=1))
    (out / REPORT_FILE).write_text(html_report(results))

