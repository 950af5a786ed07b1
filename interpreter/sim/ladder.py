"""The strength ladder: every pair of bots plays on the same seeds, and each bot gets a win rate
against each other bot (with a 95% Wilson interval) and an Elo-like rating.

A pair (A, B) plays two games on each seed: A at one seat against B at every other seat, and B at
one seat against A at every other. With two players that is A against B with the seats swapped;
with more, it is "one against the field", whose fair share is 1/players. The seat of the lone bot
turns with the seed, so every seat is used equally often.

The rating is the Luce (Plackett) model of who wins a game: a bot of strength g wins a game with
probability g / (the sum of the strengths at the table, one per seat). With two players it is the
Bradley-Terry model behind Elo. The strengths are fitted by maximum likelihood (Hunter's
minorization-maximization, 2004), with one drawn two-player game of every bot against a reference
bot as a prior, so a bot that never wins keeps a finite rating. A rating is 400 * log10(strength)
on a scale where the reference is 1500: 400 points apart, a two-player game is won 10 to 1.
"""

from __future__ import annotations

import math
import os
import time
from collections import defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from interpreter.agents.search import SearchAgent
from interpreter.cards.catalog import shipped_rules
from interpreter.engine.options import GameOptions, parse_option
from interpreter.sim.balance import CardSpec, load_spec
from interpreter.sim.runner import bot_game, game_seed
from interpreter.sim.stats import wilson
from interpreter.sim.workers import unordered

REFERENCE = 1500.0
PRIOR_GAMES = 1.0  # drawn two-player games of every bot against the reference


@dataclass(frozen=True)
class LadderJob:
    bots: tuple[str, ...]
    games: int  # seeds per pair: each pair plays 2 * games games
    players: int
    seed: int
    cards: CardSpec
    options: tuple[str, ...] = ()

    def pairs(self) -> list[tuple[str, str]]:
        return [(a, b) for i, a in enumerate(self.bots) for b in self.bots[i + 1:]]

    def tasks(self) -> list[tuple[int, str, str]]:
        """(seed index, lone bot, field bot) of every game, seed by seed, so that an interrupted
        ladder has played every pair about as often."""
        return [(i, lone, field) for i in range(self.games) for a, b in self.pairs() for lone, field in ((a, b), (b, a))]


def seating(job: LadderJob, index: int, lone: str, field: str) -> list[str]:
    seat = index % job.players
    return [lone if s == seat else field for s in range(job.players)]


class Timed:
    """A seat's agent with the CPU time its decisions take (time.process_time: what this process
    spends, whatever else the machine runs), for the ladder's cost column. Everything else is the
    agent's own (a search bot's checkpoints, its statistics)."""

    def __init__(self, agent: Any):
        self.agent = agent
        self.decisions = 0
        self.cpu = 0.0

    def __getattr__(self, name: str) -> Any:
        return getattr(self.agent, name)

    def choose(self, decision: Any, game: Any) -> int:
        start = time.process_time()
        index: int = self.agent.choose(decision, game)
        self.cpu += time.process_time() - start
        self.decisions += 1
        return index


def play_ladder_game(job: LadderJob, index: int, lone: str, field: str) -> dict[str, Any]:
    """Play one ladder game and return its record: the bot at each seat, the winners, the CPU time
    every seat's decisions took, and what the search bots spent."""
    options = GameOptions()
    for text in job.options:
        options = parse_option(text, options)
    bots = seating(job, index, lone, field)
    game = bot_game(load_spec(job.cards), shipped_rules(), job.players, game_seed(job.seed, index), options, bots)
    timed = [Timed(agent) for agent in game.agents]
    game.agents = list(timed)
    start = time.process_time()
    result = game.play()
    searched = [(t.agent.stats.searched, t.agent.stats.seconds) for t in timed if isinstance(t.agent, SearchAgent)]
    return {"index": index, "lone": lone, "field": field, "bots": bots, "winners": list(result.winners),
            "turns": result.turns, "seconds": round(time.process_time() - start, 4),
            "decisions": [t.decisions for t in timed], "cpu": [round(t.cpu, 5) for t in timed],
            "searched": sum(n for n, _ in searched), "search_seconds": round(sum(s for _, s in searched), 4)}


def _play(args: tuple[LadderJob, int, str, str]) -> dict[str, Any]:
    return play_ladder_game(*args)


def _records(job: LadderJob, workers: int) -> Iterator[dict[str, Any]]:
    # the balance run's workers (sim/workers.py): Ctrl-C stops them at once, and they die with the ladder
    yield from unordered(_play, [(job, index, lone, field) for index, lone, field in job.tasks()], workers)


def run_ladder(job: LadderJob, workers: int | None = None,
               progress: Callable[[int, int, float], None] | None = None) -> tuple[list[dict[str, Any]], bool]:
    """Play the ladder's games on `workers` processes (default: every core). Returns (the records of
    the finished games, interrupted): Ctrl-C stops and keeps what finished."""
    load_spec(job.cards)  # a bad card set fails here, once, before any worker starts
    workers = workers or os.cpu_count() or 1
    total = len(job.tasks())
    records: list[dict[str, Any]] = []
    start = time.perf_counter()
    try:
        for record in _records(job, workers):
            records.append(record)
            if progress:
                progress(len(records), total, time.perf_counter() - start)
    except KeyboardInterrupt:
        return records, True
    return records, False


# ------------------------------------------------------------------------------ the figures

def win_share(record: dict[str, Any], bot: str) -> float:
    """The share of the game's victory that went to `bot`'s seats (tied winners share it, R17.10)."""
    winners = record["winners"]
    return sum(1 for s in winners if record["bots"][s] == bot) / len(winners) if winners else 0.0


def head_to_head(records: list[dict[str, Any]], players: int = 0) -> dict[tuple[str, str], dict[str, Any]]:
    """For each (row, column): games played, the row bot's wins (shared wins count their share) and
    its 95% interval. With more than two players the row bot is the lone seat against the column's
    field; with two, every game of the pair counts, whichever bot had which seat."""
    wins: dict[tuple[str, str], float] = defaultdict(float)
    games: dict[tuple[str, str], int] = defaultdict(int)
    for r in records:
        lone, field = r["lone"], r["field"]
        sides = [(lone, field)] + ([(field, lone)] if players == 2 else [])
        for row, column in sides:
            games[(row, column)] += 1
            wins[(row, column)] += win_share(r, row)
    out = {}
    for key, n in games.items():
        low, high = wilson(wins[key], n)
        out[key] = {"games": n, "wins": round(wins[key], 2), "rate": wins[key] / n, "low": low, "high": high}
    return out


Tables = list[tuple[dict[str, int], float]]  # (seats per bot, weight): the prior's games first, one per bot


def _games(records: list[dict[str, Any]], names: list[str]) -> tuple[dict[str, float], Tables]:
    """The wins of each bot (with the prior: drawn games against the reference, strength 1) and the
    tables played. Games with the same seats per bot weigh in together (one table, weight = their
    number): the fit's rounds then cost the number of different tables, not of games."""
    wins = dict.fromkeys(names, PRIOR_GAMES / 2)
    tables: Tables = [({b: 1}, PRIOR_GAMES) for b in names]
    played: dict[tuple[tuple[str, int], ...], float] = defaultdict(float)
    for r in records:
        seats: dict[str, int] = defaultdict(int)
        for b in r["bots"]:
            seats[b] += 1
        played[tuple(sorted(seats.items()))] += 1.0
        for b in seats:
            wins[b] += win_share(r, b)
    tables.extend((dict(seats_of), weight) for seats_of, weight in played.items())
    return wins, tables


def _total(strength: dict[str, float], seats: dict[str, int], prior: bool) -> float:
    return sum(strength[b] * n for b, n in seats.items()) + (1.0 if prior else 0.0)  # the reference sits at prior tables


def _fit(wins: dict[str, float], tables: Tables, names: list[str], rounds: int) -> dict[str, float]:
    """The maximum-likelihood strengths of the Luce model (minorise-maximise rounds)."""
    strength = dict.fromkeys(names, 1.0)
    for _ in range(rounds):
        denominators = dict.fromkeys(names, 0.0)
        for i, (seats, weight) in enumerate(tables):
            total = _total(strength, seats, i < len(names))
            for b, n in seats.items():
                denominators[b] += weight * n / total
        new = {b: wins[b] / denominators[b] if denominators[b] else strength[b] for b in names}
        done = max(abs(math.log(new[b] / strength[b])) for b in names) < 1e-9
        strength = new
        if done:
            break
    return strength


def _rating(strength: float) -> float:
    return REFERENCE + 400 * math.log10(strength)


def ratings(records: list[dict[str, Any]], bots: tuple[str, ...], rounds: int = 2000) -> dict[str, float]:
    """The Elo-like rating of every bot: the maximum-likelihood strengths of the Luce model of the
    winner (see the module's docstring), as 1500 + 400 * log10(strength)."""
    names = list(bots)
    wins, tables = _games(records, names)
    return {b: _rating(s) for b, s in _fit(wins, tables, names, rounds).items()}


def _strength_for(bot: str, target: float, strength: dict[str, float], tables: Tables, names: list[str]) -> float:
    """The strength at which `bot` would be expected to win `target` games (the prior's included)
    with every other bot's strength as fitted: the expected wins grow with it, so a bisection on its
    logarithm finds it."""
    def expected(s: float) -> float:
        trial = strength | {bot: s}
        return sum(weight * seats[bot] * s / _total(trial, seats, i < len(names))
                   for i, (seats, weight) in enumerate(tables) if bot in seats)
    low, high = -40.0, 40.0  # natural logarithms: far beyond any rating the prior allows
    for _ in range(100):
        middle = (low + high) / 2
        low, high = (middle, high) if expected(math.exp(middle)) < target else (low, middle)
    return math.exp((low + high) / 2)


def rating_intervals(records: list[dict[str, Any]], bots: tuple[str, ...]) -> dict[str, tuple[float, float]]:
    """A 95% interval of each bot's rating: the ratings at which it would be expected to win the low
    and the high end of the Wilson interval of its wins in the games it played, every other bot's
    rating held where the fit put it. A bot's wins are counted per game (a game with two of its
    seats counts once, as any of its seats winning). (Replacing its wins and fitting all again, as
    before, left the wins of all bots adding up to more or fewer than the games: the fit ran off,
    and a 2-bot ladder printed intervals like -26965 to 2477.)"""
    names = list(bots)
    wins, tables = _games(records, names)
    strength = _fit(wins, tables, names, 2000)
    out = {}
    for bot in bots:
        games = [r for r in records if bot in r["bots"]]
        won = sum(win_share(r, bot) for r in games)
        low, high = wilson(won, len(games)) if games else (0.0, 1.0)

        def rated(share: float, bot: str = bot, n: int = len(games)) -> float:
            return _rating(_strength_for(bot, PRIOR_GAMES / 2 + share * n, strength, tables, names))
        out[bot] = (rated(low), rated(high))
    return out


def cpu_per_decision(records: list[dict[str, Any]], bots: tuple[str, ...]) -> dict[str, float]:
    """CPU milliseconds per decision of each bot, over every seat it had (records without CPU times,
    from before the ladder measured them, are left out)."""
    cpu: dict[str, float] = defaultdict(float)
    decisions: dict[str, int] = defaultdict(int)
    for r in records:
        for bot, n, seconds in zip(r["bots"], r.get("decisions", ()), r.get("cpu", ()), strict=False):
            decisions[bot] += n
            cpu[bot] += seconds
    return {b: round(1000 * cpu[b] / decisions[b], 3) for b in bots if decisions[b]}


def summary(job: LadderJob, records: list[dict[str, Any]], interrupted: bool, seconds: float) -> dict[str, Any]:
    """What the ladder found, as the JSON the command prints."""
    pairs = head_to_head(records, job.players)
    rating = ratings(records, job.bots)
    intervals = rating_intervals(records, job.bots)
    searched = sum(r["searched"] for r in records)
    search_ms = {}
    for bot in (b for b in job.bots if b.startswith("search")):
        # the games where this is the only search bot: what they spent is its own
        alone = [r for r in records if bot in r["bots"] and all(b == bot or not b.startswith("search") for b in r["bots"])]
        n = sum(r["searched"] for r in alone)
        if n:
            search_ms[bot] = round(1000 * sum(r["search_seconds"] for r in alone) / n, 2)
    return {
        "bots": list(job.bots), "players": job.players, "seeds": job.games, "seed": job.seed, "cards": job.cards.label(),
        "options": list(job.options), "games": len(records), "planned": len(job.tasks()), "interrupted": interrupted,
        "seconds": round(seconds, 1), "fair_share": 1 / job.players, "searched_decisions": searched,
        "ms_per_search_decision": search_ms, "cpu_ms_per_decision": cpu_per_decision(records, job.bots),
        "rating": {b: round(v) for b, v in sorted(rating.items(), key=lambda kv: -kv[1])},
        "rating_interval": {b: [round(low), round(high)] for b, (low, high) in intervals.items()},
        "pairs": [{"lone": lone, "field": field, **{k: round(v, 4) if isinstance(v, float) else v for k, v in figures.items()}}
                  for (lone, field), figures in sorted(pairs.items())],
    }


def table_text(s: dict[str, Any]) -> str:
    """The ladder as a terminal table: ratings, then the lone seat's win rate against each field."""
    bots: list[str] = s["bots"]
    fair = s["fair_share"]
    what = ("head to head, every game of the pair, seats swapped" if s["players"] == 2 else
            f"one seat (row) against {s['players'] - 1} seats of the column's bot; a fair share is {fair:.0%}")
    lines = [f"Ladder: {s['games']} of {s['planned']} games{' (interrupted)' if s['interrupted'] else ''}, "
             f"{s['players']} players, {s['seeds']} seeds per pair from seed {s['seed']}, cards {s['cards']}, {s['seconds']}s",
             "", "Rating (Elo-like, 1500 = the reference; 95% interval from the Wilson interval of its wins; "
                 "CPU time per decision of its seats, and per searched decision):"]
    for bot, value in s["rating"].items():
        low, high = s["rating_interval"][bot]
        cpu = s["cpu_ms_per_decision"].get(bot)
        ms = s["ms_per_search_decision"].get(bot)
        lines.append(f"  {bot:<16} {value:>5} ({low} to {high})" + (f"   {cpu} ms CPU per decision" if cpu is not None else "")
                     + (f", {ms} ms per searched decision" if ms is not None else ""))
    lines += ["", f"Win rate of the row's bot, {what} (95% Wilson interval, games):"]
    cells = {(p["lone"], p["field"]): p for p in s["pairs"]}
    width = max(16, *(len(b) + 2 for b in bots))
    lines.append(" " * width + "".join(f"{b:>{width + 8}}" for b in bots))
    for row in bots:
        text = f"{row:<{width}}"
        for col in bots:
            p = cells.get((row, col))
            cell = "-" if p is None else f"{p['rate']:.0%} ({p['low']:.0%}-{p['high']:.0%}, {p['games']})"
            text += f"{cell:>{width + 8}}"
        lines.append(text)
    return "\n".join(lines)
