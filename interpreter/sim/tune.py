"""`importexport tune CARD`: the values of a card's numbers whose effect is closest to a target.

The effect is the balance report's: the card's completers' win rate minus that of every other card's
completions in the same games (a typical card), in points. The search is a race (successive halving
with statistical elimination):

1. The candidates are the card as printed and every value of each varied number with the others as
   printed (one change each: the fewest changes that can move the card).
2. Every candidate plays the same games (common random numbers: game i has the same seed, the same
   deal and the same bots for every candidate), a block at a time; the blocks double.
3. After each block a candidate is dropped when it is clearly further from the target than the best
   (the bottom of its distance's 95% interval is above the top of the best's), or dead (even the top
   of the interval of its completion rate is below 2% of games, as in the deck-health report).
   When the budget cannot give the next block to every candidate left, only the closest go on
   (successive halving).
4. It stops when one candidate is left, or at the budget (minutes of wall time, or a number of games).

Candidates are ranked by their distance to the target plus CHANGE_COST per number changed (a change
must bring the card at least that much closer to be worth making), and how sure the ranking is comes
from a bootstrap over the common games: the share of resamples in which each candidate ranks first.
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from interpreter.sim.balance import BalanceJob, CardSpec, load_spec
from interpreter.sim.health import RARE_RATE as DEAD_RATE
from interpreter.sim.stats import newcombe, wilson
from interpreter.sim.tunables import Knob, TuneError, build_candidate

if TYPE_CHECKING:
    from interpreter.cards.loader import CardSet
    from interpreter.cards.model import CardDef

Values = tuple[tuple[str, int], ...]  # the numbers a candidate changes, (knob, value), sorted by knob name

CHANGE_COST = 0.01  # one point of win rate per number changed
MIN_BLOCK = 20  # games per candidate in a round, at least
FIRST_BLOCK = 40  # games per candidate in the first round, without a game budget
BOOTSTRAP = 1000  # resamples for how sure the ranking is
GAMES_FILE = "tune-games.jsonl"
RESULTS_FILE = "tune.json"
PAGE_FILE = "tune.html"


@dataclass(frozen=True)
class TuneJob:
    card: str  # the card id
    cards: CardSpec  # the card set the card is tuned in
    players: int
    seed: int
    target: float  # the effect sought, as a share (0.0: fair; 0.05: five points above a typical card)
    knobs: tuple[Knob, ...]  # the numbers varied, with their ranges
    options: tuple[str, ...] = ()
    bots: tuple[str, ...] = ()
    player_counts: tuple[int, ...] = ()

    def balance_job(self) -> BalanceJob:
        """The games as a balance run would play them (the seats' bots, the player counts)."""
        return BalanceJob(0, self.players, self.seed, self.cards, self.options, self.bots, self.player_counts)


def label(values: Values) -> str:
    return ", ".join(f"{name} = {value}" for name, value in values) if values else "as printed"


# --- one game of one candidate (in a worker) ----------------------------------------------------------------

_DECKS: dict[tuple[TuneJob, Values], CardSet] = {}


def candidate_deck(job: TuneJob, values: Values) -> CardSet:
    """The card set with every copy of the card replaced by the candidate. Raises TuneError with the
    checker's words if the candidate is refused (a load no ship can hold, an odd credit, ...)."""
    key = (job, values)
    if key not in _DECKS:
        from interpreter.cards.capacity import capacity_problems
        from interpreter.cards.catalog import load_rules
        from interpreter.cards.loader import CardSet
        base = load_spec(job.cards)
        card = base.by_id[job.card]
        built, problems = build_candidate(card, dict(values), job.knobs)
        if built is None:
            raise TuneError("; ".join(problems))
        deck = CardSet([built if c.id == job.card else c for c in base.cards])
        too_big = capacity_problems(deck.cards, load_rules().ship_capacity)
        if too_big:
            raise TuneError(f"{too_big[0].code} {too_big[0].message}")
        _DECKS[key] = deck
    return _DECKS[key]


def game_tally(record: dict[str, Any], card_id: str) -> dict[str, Any]:
    """What one game says about the card: its completions and their win shares (a shared victory
    counts 1/k), and every other card's completions (the typical card)."""
    won = {w: 1 / len(record["winners"]) for w in record["winners"]}
    n = on = 0
    w = ow = 0.0
    for seat, completed in enumerate(record["completed"]):
        share = won.get(seat, 0.0)
        for cid in set(completed):
            if cid == card_id:
                n += 1
                w += share
            else:
                on += 1
                ow += share
    return {"n": n, "w": round(w, 4), "on": on, "ow": round(ow, 4), "turns": record["turns"]}


def play_candidate(task: tuple[TuneJob, Values, int]) -> dict[str, Any]:
    """Game `index` of the tune with this candidate: its tally, or the error if the game raised."""
    from interpreter.cards.catalog import load_rules
    from interpreter.engine.options import GameOptions, parse_option
    from interpreter.sim.balance import recorded_game
    from interpreter.sim.runner import game_seed
    job, values, index = task
    out: dict[str, Any] = {"values": [list(v) for v in values], "index": index}
    try:
        deck = candidate_deck(job, values)
        options = GameOptions()
        for text in job.options:
            options = parse_option(text, options)
        games = job.balance_job()
        record = recorded_game(deck, load_rules(), games.players_in(index), game_seed(job.seed, index), options, index,
                               None, games.seat_bots(index))
    except TuneError:
        raise
    except Exception as exc:  # a game that raises: reported, and the race goes on without it
        return {**out, "failed": f"{type(exc).__name__}: {exc}", "seed": game_seed(job.seed, index)}
    return {**out, **game_tally(record, job.card)}


def play_candidate_chunk(job: TuneJob, values: Values, indices: list[int]) -> list[dict[str, Any]]:
    return [play_candidate((job, values, i)) for i in indices]


# --- the race -----------------------------------------------------------------------------------------------

@dataclass
class Estimate:
    games: int
    completions: int
    completed_games: int
    effect: float | None
    lo: float
    hi: float

    def distance(self, target: float) -> tuple[float, float, float]:
        """The distance to the target: (point, bottom, top of its 95% interval)."""
        if self.effect is None:
            return (math.inf, 0.0, math.inf)
        point = abs(self.effect - target)
        low = 0.0 if self.lo <= target <= self.hi else min(abs(self.lo - target), abs(self.hi - target))
        return (point, low, max(abs(self.lo - target), abs(self.hi - target)))


def estimate(tallies: Sequence[dict[str, Any]]) -> Estimate:
    n = sum(t["n"] for t in tallies)
    w = sum(t["w"] for t in tallies)
    on = sum(t["on"] for t in tallies)
    ow = sum(t["ow"] for t in tallies)
    completed = sum(1 for t in tallies if t["n"])
    if not n or not on:
        return Estimate(len(tallies), n, completed, None, -1.0, 1.0)
    lo, hi = newcombe(w, n, ow, on)
    return Estimate(len(tallies), n, completed, w / n - ow / on, lo, hi)


@dataclass
class Entry:
    values: Values
    changes: int  # numbers changed from the printed card
    steps: int  # how far from the printed card, in steps of each number
    results: dict[int, dict[str, Any]] = field(default_factory=dict)  # game index -> tally
    dropped: str | None = None  # why it left the race
    dropped_round: int | None = None

    def estimate(self) -> Estimate:
        return estimate(list(self.results.values()))

    def score(self, target: float) -> float:
        return self.estimate().distance(target)[0] + CHANGE_COST * self.changes


@dataclass
class Round:
    number: int
    candidates: int
    games_each: int  # games per candidate after this round
    dropped: list[str] = field(default_factory=list)
    cut: list[str] = field(default_factory=list)


@dataclass
class Budget:
    games: int | None  # games in all (None: no limit but time)
    seconds: float | None  # wall time of this run (None: no limit but games)
    start: float = field(default_factory=time.monotonic)
    played: int = 0  # games played by this run (recorded ones are not played again)
    spent: int = 0  # games of the race so far, recorded ones included

    def time_left(self) -> float:
        return math.inf if self.seconds is None else self.seconds - (time.monotonic() - self.start)

    def games_left(self) -> float:
        """Games the budget still allows: the game budget, and what the time left buys at this run's pace."""
        left = math.inf if self.games is None else self.games - self.spent
        elapsed = time.monotonic() - self.start
        if self.seconds is not None and self.played and elapsed > 0:
            left = min(left, self.time_left() * self.played / elapsed)
        return left


Player = Callable[[list[tuple[Values, int]]], Iterator[dict[str, Any]]]


@dataclass
class Race:
    job: TuneJob
    entries: list[Entry]
    budget: Budget
    play: Player  # plays (candidate, game index) tasks, yielding each tally as it finishes
    known: dict[tuple[Values, int], dict[str, Any]] = field(default_factory=dict)  # recorded by an earlier run
    record: Callable[[dict[str, Any]], None] | None = None  # keeps each new tally (tune-games.jsonl)
    progress: Callable[[str], None] | None = None
    first_block: int = FIRST_BLOCK
    sweep: bool = False  # every candidate plays first_block games, none is dropped: the whole curve, with equal n
    rounds: list[Round] = field(default_factory=list)
    failures: list[dict[str, Any]] = field(default_factory=list)
    interrupted: bool = False
    out_of_budget: bool = False

    def survivors(self) -> list[Entry]:
        return [e for e in self.entries if e.dropped is None]

    def run(self) -> None:
        """Race until one candidate is left or the budget is spent; Ctrl-C stops at once and keeps
        every finished game."""
        done, block = 0, self.first_block
        block = self._fit(self.survivors(), block)
        try:
            while block > 0:
                survivors = self.survivors()
                self._play_block(survivors, range(done, done + block))
                done += block
                rnd = Round(len(self.rounds) + 1, len(survivors), done)
                self.rounds.append(rnd)
                if self.out_of_budget or self.sweep:
                    break
                self._drop_clear_losers(rnd)
                if len(self.survivors()) <= 1:
                    break
                block = self._cut_to_budget(rnd, done)
        except KeyboardInterrupt:
            self.interrupted = True

    def _fit(self, survivors: list[Entry], block: int) -> int:
        left = self.budget.games_left()
        if left == math.inf:
            return block
        return max(0, min(block, int(left // max(1, len(survivors)))))

    def _play_block(self, survivors: list[Entry], indices: range) -> None:
        tasks = []
        for entry in survivors:
            for i in indices:
                if i in entry.results:
                    continue
                if (entry.values, i) in self.known:
                    entry.results[i] = self.known[(entry.values, i)]
                    self.budget.spent += 1
                else:
                    tasks.append((entry.values, i))
        by_values = {e.values: e for e in survivors}
        total = len(tasks)
        for k, tally in enumerate(self.play(tasks), start=1):
            values = tuple((name, value) for name, value in tally["values"])
            self.budget.spent += 1
            self.budget.played += 1
            if "failed" in tally:
                self.failures.append(tally)
                if self.progress:
                    self.progress(f"game {tally['index']} (seed {tally['seed']}) of {label(values)} failed: {tally['failed']}")
            else:
                by_values[values].results[tally["index"]] = tally
                if self.record:
                    self.record(tally)
            if self.progress and (k == total or k % 20 == 0):
                self.progress(self._status(k, total))
            if self.budget.time_left() <= 0:
                self.out_of_budget = True
                return

    def _status(self, k: int, total: int) -> str:
        best = min(self.survivors(), key=lambda e: e.score(self.job.target))
        est = best.estimate()
        shown = "" if est.effect is None else f"{100 * est.effect:+.0f} points [{100 * est.lo:+.0f}, {100 * est.hi:+.0f}]"
        elapsed = time.monotonic() - self.budget.start
        rate = self.budget.played / elapsed if elapsed else 0.0
        left = self.budget.time_left()
        return (f"round {len(self.rounds) + 1}: {k}/{total} games, {len(self.survivors())} candidates, {rate:.1f} games/s"
                + ("" if left == math.inf else f", {max(0, left):.0f}s left") + f"; closest so far {label(best.values)} {shown}")

    def _drop_clear_losers(self, rnd: Round) -> None:
        target = self.job.target
        survivors = self.survivors()
        estimates = {id(e): e.estimate() for e in survivors}
        for e in survivors:
            est = estimates[id(e)]
            if wilson(est.completed_games, est.games)[1] < DEAD_RATE:  # a dead card, not a fair one (sim/health.py)
                e.dropped, e.dropped_round = f"completed in {est.completed_games} of {est.games} games: a dead card", rnd.number
                rnd.dropped.append(label(e.values))
        alive = self.survivors()
        if not alive:
            return
        best_top = min(estimates[id(e)].distance(target)[2] for e in alive)
        for e in alive:
            low = estimates[id(e)].distance(target)[1]
            if low > best_top:
                est = estimates[id(e)]
                e.dropped = (f"clearly further from the target: {100 * est.effect:+.0f} points [{100 * est.lo:+.0f}, {100 * est.hi:+.0f}] "
                             f"after {est.games} games" if est.effect is not None else f"after {est.games} games")
                e.dropped_round = rnd.number
                rnd.dropped.append(label(e.values))

    def _cut_to_budget(self, rnd: Round, done: int) -> int:
        """The next block: as many games again as each candidate has played. If the budget cannot give
        it to every candidate left, the closest go on (successive halving); if not even two can have
        it, the two closest get what is left, in a last round of at least MIN_BLOCK games."""
        survivors = sorted(self.survivors(), key=lambda e: e.score(self.job.target))
        block = done
        left = self.budget.games_left()
        if left == math.inf or len(survivors) * block <= left:
            return block
        keep = int(left // block)
        if keep < 2:
            keep, block = 2, int(left // 2)
            if block < MIN_BLOCK:
                self.out_of_budget = True
                return 0
        for e in survivors[keep:]:
            e.dropped, e.dropped_round = f"cut to fit the budget after {done} games (successive halving)", rnd.number
            rnd.cut.append(label(e.values))
        return block


# --- the outcome --------------------------------------------------------------------------------------------

def ranking(race: Race) -> list[Entry]:
    """The finalists (still in the race) by score, then the others, latest dropped first."""
    target = race.job.target
    final = sorted((e for e in race.entries if e.dropped is None), key=lambda e: (e.score(target), e.steps))
    out = sorted((e for e in race.entries if e.dropped is not None),
                 key=lambda e: (-(e.dropped_round or 0), e.score(target), e.steps))
    return final + out


def how_sure(entries: Sequence[Entry], target: float, resamples: int = BOOTSTRAP, seed: int = 0) -> dict[Values, float]:
    """For each entry, the share of bootstrap resamples of the common games (the same seeds for
    every candidate, resampled together) in which it has the best score (shared when tied)."""
    if not entries:
        return {}
    common = sorted(set.intersection(*(set(e.results) for e in entries)))
    if len(entries) == 1 or not common:
        return {entries[0].values: 1.0} if len(entries) == 1 else {}
    import numpy as np
    rng = np.random.default_rng(seed)
    picks = rng.integers(0, len(common), size=(resamples, len(common)))
    scores = []
    for e in entries:
        cols = {k: np.array([e.results[i][k] for i in common], dtype=float) for k in ("n", "w", "on", "ow")}
        sums = {k: v[picks].sum(axis=1) for k, v in cols.items()}
        with np.errstate(divide="ignore", invalid="ignore"):
            effect = sums["w"] / sums["n"] - sums["ow"] / sums["on"]
        score = np.where(np.isfinite(effect), np.abs(effect - target), np.inf) + CHANGE_COST * e.changes
        scores.append(score)
    table = np.vstack(scores)
    best = table == table.min(axis=0)  # a tie shares the resample between the candidates tied
    shares = best / best.sum(axis=0)
    return {e.values: float(shares[k].mean()) for k, e in enumerate(entries)}


def entry_row(e: Entry, target: float, sure: dict[Values, float]) -> dict[str, Any]:
    est = e.estimate()
    point, _, _ = est.distance(target)
    return {"values": dict(e.values), "label": label(e.values), "changes": e.changes, "steps": e.steps,
            "effect": est.effect, "ci": [est.lo, est.hi], "completions": est.completions, "games": est.games,
            "completed_games": est.completed_games, "completed_rate": est.completed_games / est.games if est.games else 0.0,
            "distance": None if point == math.inf else point, "score": None if point == math.inf else point + CHANGE_COST * e.changes,
            "p_best": sure.get(e.values), "status": "finalist" if e.dropped is None else "dropped", "why": e.dropped,
            "dropped_round": e.dropped_round}


def curves(race: Race, rows: dict[Values, dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    """For each varied number, the effect at each value with the others as printed: the response curve."""
    printed = next(e for e in race.entries if not e.values)
    out: dict[str, list[dict[str, Any]]] = {}
    for knob in race.job.knobs:
        points = [{"value": knob.value, **rows[printed.values]}]
        for e in race.entries:
            if len(e.values) == 1 and e.values[0][0] == knob.name:
                points.append({"value": e.values[0][1], **rows[e.values]})
        out[knob.name] = sorted(points, key=lambda p: p["value"])
    return out


def outcome(race: Race, card: CardDef, seconds: float) -> dict[str, Any]:
    job = race.job
    ranked = ranking(race)
    finalists = [e for e in ranked if e.dropped is None]
    sure = how_sure(finalists, job.target, seed=job.seed)
    rows = {e.values: entry_row(e, job.target, sure) for e in ranked}
    best = ranked[0] if ranked else None
    edge = best is not None and any(_at_edge(k, dict(best.values)) for k in job.knobs)
    return {
        "meta": {"card": job.card, "name": card.name, "cards": job.cards.label(), "target": job.target,
                 "spec": {"expansions": job.cards.expansions, "mods": list(job.cards.mods)},
                 "players": job.players, "player_counts": list(job.player_counts), "seed": job.seed, "options": list(job.options),
                 "bots": list(job.bots) or ["heuristic"] * job.players,
                 "knobs": [{"name": k.name, "value": k.value, "least": k.least, "most": k.most, "step": k.step, "what": k.what,
                            "where": k.where} for k in job.knobs],
                 "games": race.budget.spent, "played": race.budget.played, "seconds": round(seconds, 1),
                 "budget_games": race.budget.games, "budget_seconds": race.budget.seconds,
                 "interrupted": race.interrupted, "out_of_budget": race.out_of_budget, "failed": len(race.failures),
                 "sweep": race.first_block if race.sweep else None,
                 "change_cost": CHANGE_COST},
        "best": rows[best.values] if best is not None else None,
        "best_at_edge": edge,
        "printed": rows[()],
        "candidates": [rows[e.values] for e in ranked],
        "curves": curves(race, rows),
        "rounds": [vars(r) for r in race.rounds],
        "failures": race.failures[:20],
    }


def _at_edge(knob: Knob, values: dict[str, int]) -> bool:
    """The best value of a number lies at the end of its range (the fair value may lie beyond)."""
    value = values.get(knob.name)
    if value is None:
        return False
    return (value == knob.most and value + knob.step <= knob.bound.most) or (value == knob.values()[0] and value - knob.step >= knob.bound.least)


# --- setting up and running -------------------------------------------------------------------------------------

def candidates(card: CardDef, knobs: Sequence[Knob], job: TuneJob) -> tuple[list[Entry], list[str]]:
    """The printed card and every single change of the varied numbers; the changes the checker refuses
    are left out, each with the reason."""
    entries = [Entry((), 0, 0)]
    refused = []
    for knob in knobs:
        for value in knob.values():
            if value == knob.value:
                continue
            values: Values = ((knob.name, value),)
            try:
                candidate_deck(job, values)
            except TuneError as exc:
                refused.append(f"{knob.name} = {value}: {exc}")
                continue
            entries.append(Entry(values, 1, abs(value - knob.value) // knob.step))
    return entries, refused


def first_block(entries: int, budget_games: int | None) -> int:
    """Games per candidate in the first round: FIRST_BLOCK, or with a game budget about an eighth of
    it shared by every candidate (at least MIN_BLOCK)."""
    if budget_games is None:
        return FIRST_BLOCK
    return max(MIN_BLOCK, min(FIRST_BLOCK * 5, budget_games // (8 * max(1, entries))))


def make_player(job: TuneJob, workers: int, dask_address: str | None) -> Player:
    """How the race's games are played: on a Dask cluster, on `workers` local processes, or here."""
    if dask_address:
        return lambda tasks: _dask_play(job, tasks, dask_address)

    def play(tasks: list[tuple[Values, int]]) -> Iterator[dict[str, Any]]:
        items = [(job, values, index) for values, index in tasks]
        if workers <= 1 or len(items) <= 1:
            for item in items:
                yield play_candidate(item)
            return
        from interpreter.sim.workers import unordered
        results = unordered(play_candidate, items, min(workers, len(items)))
        try:
            yield from results
        finally:
            results.close()
    return play


def _dask_play(job: TuneJob, tasks: list[tuple[Values, int]], address: str) -> Iterator[dict[str, Any]]:
    """The tasks on a Dask cluster, DASK_CHUNK games of one candidate per task, a few tasks in flight
    per worker thread (as balance sends its games)."""
    import itertools

    from interpreter.sim.balance import DASK_CHUNK, DASK_TASKS_PER_THREAD
    try:
        from dask.distributed import Client
        from dask.distributed import as_completed as dask_completed
    except ImportError:
        raise TuneError("--dask needs the optional extra: pip install 'importexport-interpreter[dask]' (or -e '.[dask]')") from None
    by_values: dict[Values, list[int]] = {}
    for values, index in tasks:
        by_values.setdefault(values, []).append(index)
    chunks = ((values, indices[k:k + DASK_CHUNK]) for values, indices in by_values.items() for k in range(0, len(indices), DASK_CHUNK))
    client = Client(address)
    try:
        threads = max(1, sum(client.nthreads().values()))
        running = dask_completed()
        for values, indices in itertools.islice(chunks, threads * DASK_TASKS_PER_THREAD):
            running.add(client.submit(play_candidate_chunk, job, values, indices, pure=False))
        for future in running:
            tallies = future.result()
            more = next(chunks, None)
            if more is not None:
                running.add(client.submit(play_candidate_chunk, job, more[0], more[1], pure=False))
            yield from tallies
    finally:
        client.close()


def read_known(folder: Path, job: TuneJob, name: str = GAMES_FILE) -> dict[tuple[Values, int], dict[str, Any]]:
    """The games an earlier run of the same tune recorded in the folder (a torn last line is skipped)."""
    path = folder / name
    known: dict[tuple[Values, int], dict[str, Any]] = {}
    if not path.exists():
        return known
    for line in path.read_text().splitlines():
        try:
            tally = json.loads(line)
            values = tuple((str(name), int(value)) for name, value in tally["values"])
            known.setdefault((values, int(tally["index"])), tally)
        except (ValueError, KeyError, TypeError):
            continue
    return known


def job_dict(job: TuneJob) -> dict[str, Any]:
    return {"card": job.card, "cards": {"expansions": job.cards.expansions, "mods": list(job.cards.mods)}, "players": job.players,
            "player_counts": list(job.player_counts), "seed": job.seed, "target": job.target, "options": list(job.options),
            "bots": list(job.bots), "knobs": {k.name: [k.least, k.most] for k in job.knobs}}
