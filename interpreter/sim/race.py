"""The race of `importexport tune` (sim/tune.py): candidates play the same games in doubling blocks
until one is left or the budget is spent (successive halving with statistical elimination).

- Every candidate still in the race plays the next block of games, on the same seeds for all of them
  (common random numbers); the blocks double.
- After each block a candidate is dropped when it is clearly further from the target than the best
  (the bottom of its distance's 95% interval is above the top of the best's), or dead (even the top
  of the interval of its completion rate is below 2% of games, as in the deck-health report).
- When the next block would take more than half of what the budget has left, only the closest go on.

Candidates are ranked by their distance to the target plus CHANGE_COST per number changed (a change
must bring the card at least that much closer to be worth making); the suggestion is the candidate
with the fewest changes among those the intervals cannot tell from the closest (so the card as
printed stays when the games cannot show a change does better). How sure the ranking is comes from a
bootstrap over the common games: the share of resamples in which each candidate has the best score.
The race knows nothing of cards: a candidate is its values, a game is a tally (sim/tune.py)."""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from interpreter.sim.health import RARE_RATE as DEAD_RATE
from interpreter.sim.stats import newcombe, wilson

Values = tuple[tuple[str, int], ...]  # the numbers a candidate changes, (knob, value), sorted by knob name

CHANGE_COST = 0.01  # one point of win rate per number changed
MIN_BLOCK = 20  # games per candidate in a round, at least
FIRST_BLOCK = 40  # games per candidate in the first round, without a game budget
BOOTSTRAP = 1000  # resamples for how sure the ranking is


def label(values: Values) -> str:
    return ", ".join(f"{name} = {value}" for name, value in values) if values else "as printed"


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
    target: float  # the effect sought
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
        best = min(self.survivors(), key=lambda e: e.score(self.target))
        est = best.estimate()
        shown = "" if est.effect is None else f"{100 * est.effect:+.0f} points [{100 * est.lo:+.0f}, {100 * est.hi:+.0f}]"
        elapsed = time.monotonic() - self.budget.start
        rate = self.budget.played / elapsed if elapsed else 0.0
        left = self.budget.time_left()
        return (f"round {len(self.rounds) + 1}: {k}/{total} games, {len(self.survivors())} candidates, {rate:.1f} games/s"
                + ("" if left == math.inf else f", {max(0, left):.0f}s left") + f"; closest so far {label(best.values)} {shown}")

    def _drop_clear_losers(self, rnd: Round) -> None:
        target = self.target
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
        """The next block: as many games again as each candidate has played. If the round would take
        more than half of what the budget has left, only the closest go on, as many as half of it
        allows (successive halving: the games saved go to the closest, in the rounds after); when not
        even two can have the block, the two closest get what is left, in a last round of at least
        MIN_BLOCK games."""
        survivors = sorted(self.survivors(), key=lambda e: e.score(self.target))
        block = done
        left = self.budget.games_left()
        if left == math.inf or len(survivors) * block <= left / 2:
            return block
        keep = int(left / 2 // block)
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
    """The finalists (still in the race) by score, then the others, latest dropped first. First of
    all comes the suggestion: of the finalists the intervals cannot tell from the closest (the bottom
    of their distance's interval is not above the top of the closest one's), the one with the fewest
    changes; so the card as printed is kept whenever the games cannot show that a change does better."""
    target = race.target
    final = sorted((e for e in race.entries if e.dropped is None), key=lambda e: (e.score(target), e.steps))
    if final:
        top = final[0].estimate().distance(target)[2]
        close = [e for e in final if e.estimate().distance(target)[1] <= top]
        pick = min(close, key=lambda e: (e.changes, e.score(target), e.steps))
        final.remove(pick)
        final.insert(0, pick)
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
    # start-up: `importexport tune` loads NumPy (+416 ms measured) only when it ranks its finalists
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
