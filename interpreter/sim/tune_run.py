"""Running a tune into its folder (`tune --out DIR`): the folder is checked and locked before any
game, each finished game is appended to tune-games.jsonl (so Ctrl-C keeps it and `--resume` does not
play it again), and at the end, or at Ctrl-C, DIR receives:

- tune.json and tune.html: the candidates, the response curve of each varied number, the rounds;
- mod.yaml and cards/CARD.yaml: the best candidate as a mod pack, ready for `balance --compare`
  (none when the card as printed is the best).

A folder that holds anything but a tune's files is refused: a tune never writes over a pack or a run."""

from __future__ import annotations

import json
import shutil
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import IO, Any

import yaml

from interpreter.cards.catalog import load_all_cards
from interpreter.mods.pack import load_pack
from interpreter.outputs import OutputError, check_output_folder, write_atomically
from interpreter.schema_header import with_header
from interpreter.sim.balance import load_spec
from interpreter.sim.cardstats import bots_label
from interpreter.sim.race import FIRST_BLOCK, Budget, Entry, Race, Values, label, ranking
from interpreter.sim.runfolder import LOCK_FILE, lock_folder
from interpreter.sim.stats import ALPHA, bh_adjust
from interpreter.sim.strength import effect_change, which_way
from interpreter.sim.tunables import candidate_yaml
from interpreter.sim.tune import (
    GAMES_FILE,
    PAGE_FILE,
    RESULTS_FILE,
    TuneJob,
    candidate_deck,
    candidates,
    job_dict,
    make_player,
    outcome,
    read_known,
)
from interpreter.sim.tune_report import tune_page

JOB_FILE = "tune-job.json"
CHECK_GAMES = 300  # games of each finalist with each further bot mix
CHECKED = 3  # finalists checked with the other bots (and the card as printed)
CHECK_SHARE = 0.75  # of the minutes, for the race when other bot mixes check its finalists
MANIFEST = "mod.yaml"
CARDS_DIR = "cards"
OWN = {GAMES_FILE, RESULTS_FILE, PAGE_FILE, JOB_FILE, MANIFEST, CARDS_DIR, LOCK_FILE}


@dataclass
class TuneFolder:
    path: Path
    lock: IO[str]
    resumed: bool  # the games recorded in the folder are used, not played again

    def close(self) -> None:
        self.lock.close()


def open_tune_folder(path: Path, job: TuneJob, *, resume: bool, force: bool) -> TuneFolder:
    """Check and lock the folder: new or empty, or a tune's (continued with --resume if its settings
    match, replaced with --force); nothing is deleted before every check has passed."""
    check_output_folder(path, "--out")
    foreign = sorted(p.name for p in path.iterdir() if p.name not in OWN and not p.name.startswith(".")
                     and not (p.name.startswith("tune-games-bots-") and p.name.endswith(".jsonl")))
    if foreign:
        raise OutputError(f"--out: the folder {path} holds other files ({', '.join(foreign[:4])}{' ...' if len(foreign) > 4 else ''}); "
                          "a tune writes a mod pack and its reports into a new or empty folder, or into a tune's own folder")
    lock = lock_folder(path, "tune")
    try:
        games = path / GAMES_FILE
        held = games.exists() and games.stat().st_size > 0
        if held and not resume and not force:
            raise OutputError(f"--out: the folder {path} already holds a tune ({len(games.read_text().splitlines())} games): "
                              "continue it with --resume, or replace it with --force (its games are deleted)")
        if held and resume:
            try:
                old = json.loads((path / JOB_FILE).read_text())
            except (OSError, ValueError):
                old = None
            if old != job_dict(job):
                raise OutputError(f"--out: the folder {path} holds a tune with other settings; resume it with those, or use another --out")
        elif held or force:
            for name in OWN - {LOCK_FILE, CARDS_DIR}:
                (path / name).unlink(missing_ok=True)
            for checks in path.glob("tune-games-bots-*.jsonl"):
                checks.unlink()
            shutil.rmtree(path / CARDS_DIR, ignore_errors=True)
        write_atomically(path / JOB_FILE, json.dumps(job_dict(job), indent=1))
        return TuneFolder(path, lock, held and resume)
    except BaseException:
        lock.close()
        raise


def run_tune(job: TuneJob, folder: TuneFolder | None, *, minutes: float | None, games: int | None, workers: int,
             dask_address: str | None = None, progress: Callable[[str], None] | None = None, sweep: int | None = None,
             checks: Sequence[tuple[str, ...]] = (), check_games: int = CHECK_GAMES) -> dict[str, Any]:
    """Race the candidates within the budget and write the outputs into the folder (if any); returns
    the results (tune.json). Ctrl-C stops the race and the results cover the games finished. With
    `sweep`, every candidate plays that many games and none is dropped (a reference curve). Each mix
    of `checks` then plays the finalists and the card as printed `check_games` games each on the same
    seeds, and a suggestion whose verdict changes with the bots is flagged (sim/strength.py); the
    race has three quarters of the minutes when there are checks."""
    card = load_spec(job.cards).by_id[job.card]
    entries, refused = candidates(card, job.knobs, job)
    seconds = None if minutes is None else 60 * minutes
    budget = Budget(games, None if seconds is None else seconds * (CHECK_SHARE if checks else 1.0))
    start = time.monotonic()
    race = _race(job, entries, budget, folder, GAMES_FILE, workers, dask_address, progress, sweep or FIRST_BLOCK, sweep is not None)
    results = outcome(job, race, card, time.monotonic() - start)
    results["refused"] = refused
    if checks and not race.interrupted:
        finalists = [e for e in ranking(race) if e.dropped is None][:CHECKED] or ranking(race)[:1]
        if all(e.values for e in finalists):
            finalists.append(next(e for e in race.entries if not e.values))
        others = []
        for k, mix in enumerate(checks, start=2):
            left = None if seconds is None else max(1.0, seconds - (time.monotonic() - start))
            check = _race(replace(job, bots=mix), [Entry(e.values, e.changes, e.steps) for e in finalists], Budget(None, left), folder,
                          f"tune-games-bots-{k}.jsonl", workers, dask_address, progress, check_games, True)
            others.append((mix, check))
            if check.interrupted:
                break
        results["strength"] = tune_strength(results, job, others)
        results["meta"]["seconds"] = round(time.monotonic() - start, 1)
        results["meta"]["interrupted"] = any(c.interrupted for _, c in others)
    if folder is not None:
        write_outputs(results, job, folder.path)
    return results


def _race(job: TuneJob, entries: list[Entry], budget: Budget, folder: TuneFolder | None, games_file: str, workers: int,
          dask_address: str | None, progress: Callable[[str], None] | None, block: int, sweep: bool) -> Race:
    """Run one race (or sweep), each finished game appended to `games_file` in the folder."""
    sink = (folder.path / games_file).open("a") if folder is not None else None

    def record(tally: dict[str, Any]) -> None:
        if sink is not None:
            sink.write(json.dumps(tally) + "\n")
            sink.flush()

    known = read_known(folder.path, job, games_file) if folder is not None and folder.resumed else {}
    race = Race(job.target, entries, budget, make_player(job, workers, dask_address), known, record, progress, block, sweep)
    try:
        race.run()
    finally:
        if sink is not None:
            sink.close()
    return race


def tune_strength(results: dict[str, Any], job: TuneJob, others: Sequence[tuple[tuple[str, ...], Race]]) -> dict[str, Any]:
    """The finalists' effect with each other bot mix, and whether the suggestion's verdict (on the
    target, above or below it) changes beyond chance (the two effects' difference, Benjamini-Hochberg
    over the candidates and mixes compared)."""
    main_bots = results["meta"]["bots"]
    labels = [bots_label(main_bots)] + [bots_label(list(mix) or ["heuristic"] * job.players) for mix, _ in others]
    rows = {c["label"]: c for c in results["candidates"]}
    checked: list[dict[str, Any]] = []
    tested = []
    for k, (mix, race) in enumerate(others, start=2):
        for e in race.entries:
            est = e.estimate()
            main = rows[label(e.values)]
            here = {"effect": est.effect, "ci": [est.lo, est.hi], "completions": est.completions, "games": est.games}
            change = effect_change({"vs_typical": main["effect"], "vs_typical_ci": main["ci"]},
                                   {"vs_typical": est.effect, "vs_typical_ci": [est.lo, est.hi]})
            item: dict[str, Any] = {"label": label(e.values), "mix": k, "bots": list(mix), "here": here, "change": change,
                                    "main": {key: main[key] for key in ("effect", "ci", "completions", "games")},
                                    "verdicts": [side_of(main, job.target), side_of(here, job.target)]}
            checked.append(item)
            if change is not None:
                tested.append(change)
    for tested_change, q in zip(tested, bh_adjust([c["p"] for c in tested]), strict=True):
        tested_change["q"] = q
    best = results["best"]["label"] if results.get("best") else None
    flips = []
    for item in checked:
        moved = item["change"]
        if moved is None or moved["q"] is None or moved["q"] >= ALPHA or item["verdicts"][0] == item["verdicts"][1]:
            continue
        item["way"] = which_way(main_bots, item["bots"] or ["heuristic"] * job.players, moved["diff"])
        flips.append(item)
    return {"labels": labels, "checked": checked, "flips": flips, "best_flips": any(f["label"] == best for f in flips)}


def side_of(row: dict[str, Any], target: float) -> str:
    """Where a candidate's effect lies against the target: on it (the interval holds it), above, below."""
    if row.get("effect") is None:
        return "unknown"
    lo, hi = row["ci"]
    return "on target" if lo <= target <= hi else ("above the target" if lo > target else "below the target")


def write_outputs(results: dict[str, Any], job: TuneJob, out: Path) -> None:
    """tune.json, tune.html, and the best candidate as a mod pack (mod.yaml, cards/CARD.yaml)."""
    best = results["best"]
    pack = None
    if best is not None and best["changes"]:
        pack = write_pack(out, job, tuple(sorted(best["values"].items())), results)
    results["pack"] = str(out) if pack else None
    write_atomically(out / RESULTS_FILE, json.dumps(results, indent=1))
    write_atomically(out / PAGE_FILE, tune_page(results))


def write_pack(out: Path, job: TuneJob, values: Values, results: dict[str, Any]) -> Path:
    """The best candidate as a mod pack that replaces the card (every copy) in the card set tuned."""
    card = candidate_deck(job, values).by_id[job.card]
    best = results["best"]
    effect = "" if best["effect"] is None else (f"{100 * best['effect']:+.0f} points [{100 * best['ci'][0]:+.0f}, "
                                                f"{100 * best['ci'][1]:+.0f}] against a typical card in {best['games']} games")
    manifest = {"name": f"tune-{job.card}", "version": "1.0.0", "depends": [depends_on(job, card.set)],
                "description": f"importexport tune {job.card}: {results['best']['label']}; {effect}"}
    (out / CARDS_DIR).mkdir(exist_ok=True)
    target = out / CARDS_DIR / f"{job.card}.yaml"
    write_atomically(target, candidate_yaml(card, target))
    write_atomically(out / MANIFEST, with_header("mod", out / MANIFEST, yaml.safe_dump(manifest, sort_keys=False, allow_unicode=True, width=100)))
    return out


def depends_on(job: TuneJob, card_set: str) -> str:
    """What the pack builds on: the card's set when it is one of the game's, else the last pack that has the card."""
    if card_set in load_all_cards().set_names():
        return card_set
    for mod in reversed(job.cards.mods):
        pack = load_pack(Path(mod))
        if any(c.id == job.card for c in pack.cards):
            return pack.name
    return card_set
