"""`importexport tune CARD`: the values of a card's numbers whose effect is closest to a target.

The effect is the balance report's: the card's completers' win rate minus that of every other card's
completions in the same games (a typical card), in points. The candidates are the card as printed
and every value of each varied number with the others as printed (one change each: the fewest changes
that can move the card); they race on the same games (sim/race.py). Here: the tune's settings, a
candidate's deck and one game of it (in a worker, on a Dask cluster or here), the candidates, and the
results (tune.json)."""

from __future__ import annotations

import itertools
import json
import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from interpreter.cards.capacity import capacity_problems
from interpreter.cards.catalog import shipped_rules
from interpreter.cards.loader import CardSet
from interpreter.engine.options import GameOptions, parse_option
from interpreter.sim.balance import DASK_CHUNK, DASK_TASKS_PER_THREAD, BalanceJob, CardSpec, load_spec, recorded_game
from interpreter.sim.race import CHANGE_COST, Entry, Player, Race, Values, how_sure, label, ranking
from interpreter.sim.runner import game_seed
from interpreter.sim.tunables import Knob, TuneError, build_candidate
from interpreter.sim.workers import unordered

if TYPE_CHECKING:
    from interpreter.cards.model import CardDef

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


# --- one game of one candidate (in a worker) ----------------------------------------------------------------

_DECKS: dict[tuple[TuneJob, Values], CardSet] = {}


def candidate_deck(job: TuneJob, values: Values) -> CardSet:
    """The card set with every copy of the card replaced by the candidate. Raises TuneError with the
    checker's words if the candidate is refused (a load no ship can hold, an odd credit, ...)."""
    key = (job, values)
    if key not in _DECKS:
        base = load_spec(job.cards)
        card = base.by_id[job.card]
        built, problems = build_candidate(card, dict(values), job.knobs)
        if built is None:
            raise TuneError("; ".join(problems))
        deck = CardSet([built if c.id == job.card else c for c in base.cards])
        too_big = capacity_problems(deck.cards, shipped_rules().ship_capacity)
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
    job, values, index = task
    out: dict[str, Any] = {"values": [list(v) for v in values], "index": index}
    try:
        deck = candidate_deck(job, values)
        options = GameOptions()
        for text in job.options:
            options = parse_option(text, options)
        games = job.balance_job()
        record = recorded_game(deck, shipped_rules(), games.players_in(index), game_seed(job.seed, index), options, index,
                               None, games.seat_bots(index))
    except TuneError:
        raise
    except Exception as exc:  # a game that raises: reported, and the race goes on without it
        return {**out, "failed": f"{type(exc).__name__}: {exc}", "seed": game_seed(job.seed, index)}
    return {**out, **game_tally(record, job.card)}


def play_candidate_chunk(job: TuneJob, values: Values, indices: list[int]) -> list[dict[str, Any]]:
    return [play_candidate((job, values, i)) for i in indices]


# --- the race -----------------------------------------------------------------------------------------------

def entry_row(e: Entry, target: float, sure: dict[Values, float]) -> dict[str, Any]:
    est = e.estimate()
    point, _, _ = est.distance(target)
    return {"values": dict(e.values), "label": label(e.values), "changes": e.changes, "steps": e.steps,
            "effect": est.effect, "ci": [est.lo, est.hi], "completions": est.completions, "games": est.games,
            "completed_games": est.completed_games, "completed_rate": est.completed_games / est.games if est.games else 0.0,
            "distance": None if point == math.inf else point, "score": None if point == math.inf else point + CHANGE_COST * e.changes,
            "p_best": sure.get(e.values), "status": "finalist" if e.dropped is None else "dropped", "why": e.dropped,
            "dropped_round": e.dropped_round}


def curves(job: TuneJob, race: Race, rows: dict[Values, dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    """For each varied number, the effect at each value with the others as printed: the response curve."""
    printed = next(e for e in race.entries if not e.values)
    out: dict[str, list[dict[str, Any]]] = {}
    for knob in job.knobs:
        points = [{"value": knob.value, **rows[printed.values]}]
        for e in race.entries:
            if len(e.values) == 1 and e.values[0][0] == knob.name:
                points.append({"value": e.values[0][1], **rows[e.values]})
        out[knob.name] = sorted(points, key=lambda p: p["value"])
    return out


def outcome(job: TuneJob, race: Race, card: CardDef, seconds: float) -> dict[str, Any]:
    """The results of a tune (tune.json): its settings, the best, the card as printed, every
    candidate ranked, the response curves, the rounds."""
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
        "curves": curves(job, race, rows),
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


def make_player(job: TuneJob, workers: int, dask_address: str | None) -> Player:
    """How the race's games are played: on a Dask cluster, on `workers` local processes, or here."""
    if dask_address:
        return lambda tasks: _dask_play(job, tasks, dask_address)

    def play(tasks: list[tuple[Values, int]]) -> Iterator[dict[str, Any]]:
        items = [(job, values, index) for values, index in tasks]
        results = unordered(play_candidate, items, workers)
        try:
            yield from results
        finally:
            results.close()
    return play


def _dask_play(job: TuneJob, tasks: list[tuple[Values, int]], address: str) -> Iterator[dict[str, Any]]:
    """The tasks on a Dask cluster, DASK_CHUNK games of one candidate per task, a few tasks in flight
    per worker thread (as balance sends its games)."""
    try:
        # optional dependency: distributed (the `dask` extra), only for --dask
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
