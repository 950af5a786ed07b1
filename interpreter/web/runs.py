"""Balance runs (`importexport balance --out FOLDER`) found under the desk's runs folder: their
summaries, their HTML reports, and where a card stands in the latest one."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from interpreter.sim.balance import REPORT_FILE, RESULTS_FILE
from interpreter.sim.cardstats import MIN_COMPLETIONS
from interpreter.sim.report import count, interval, pct, pts
from interpreter.web.desk import DeskError

COMPARE_FILE = "compare.html"
TUNE_RESULTS, TUNE_PAGE = "tune.json", "tune.html"  # `importexport tune --out` (interpreter/sim/tune_run.py)
SERVED = (REPORT_FILE, COMPARE_FILE, RESULTS_FILE, TUNE_PAGE, TUNE_RESULTS)
MAX_DEPTH = 3  # runs/<name>/<a|b>/results.json is as deep as `balance --compare` writes


@dataclass
class Run:
    name: str  # the folder, relative to the runs folder
    meta: dict[str, Any]
    when: float
    files: list[str]
    standouts: list[str]
    health: list[str] = field(default_factory=list)  # deck health in a few words, each figure with its interval and n
    tune: dict[str, Any] | None = None  # a tune's folder: the card, the target and the suggestion

    @property
    def when_text(self) -> str:
        return time.strftime("%Y-%m-%d %H:%M", time.localtime(self.when))


def _folders(root: Path) -> list[Path]:
    out = []
    stack = [(root, 0)]
    while stack:
        folder, depth = stack.pop()
        try:
            children = sorted(folder.iterdir())
        except OSError:
            continue
        if any(child.name in (RESULTS_FILE, COMPARE_FILE, TUNE_RESULTS) for child in children):
            out.append(folder)
        if depth < MAX_DEPTH:
            stack.extend((c, depth + 1) for c in children if c.is_dir() and not c.is_symlink())
    return out


def find_runs(root: Path) -> list[Run]:
    """Every run under `root`, newest first. A folder whose results cannot be read is listed without them."""
    runs: list[Run] = []
    if not root.is_dir():
        return runs
    for folder in _folders(root):
        results = folder / RESULTS_FILE
        meta: dict[str, Any] = {}
        standouts: list[str] = []
        health: list[str] = []
        if results.is_file():
            try:
                data = json.loads(results.read_text())
                meta, standouts = data.get("meta", {}), data.get("standouts", [])
                health = health_words(data.get("health"))
            except (OSError, ValueError, AttributeError, KeyError, TypeError, IndexError):
                meta = {"problem": "results.json cannot be read"}
        files = [name for name in SERVED if (folder / name).is_file()]
        stamp = max((folder / name).stat().st_mtime for name in files) if files else 0.0
        tune = tune_summary(folder / TUNE_RESULTS) if TUNE_RESULTS in files else None
        runs.append(Run(str(folder.relative_to(root)) if folder != root else ".", meta, stamp, files, standouts, health, tune))
    return sorted(runs, key=lambda r: -r.when)


def health_words(health: dict[str, Any] | None) -> list[str]:
    """A run's deck health for the runs table: the first leader's win rate at each player count, and
    the dead cards, each with its interval and n (the report has the rest)."""
    if not health:
        return []
    words = []
    for c in health["by_players"]:
        if c["order"]:
            first = c["order"][0]
            words.append(f"{c['players']} players: first leader wins {100 * first['rate']:.0f}% "
                         f"[{100 * first['ci'][0]:.0f}–{100 * first['ci'][1]:.0f}%] of {first['n']} (fair {100 * c['fair']:.0f}%)")
    cards = health["cards"]
    dead = len(cards["never"]) + len(cards["rare"])
    words.append(f"{dead} dead card{'s' if dead != 1 else ''} (completed in under {100 * cards['thresholds']['rare_rate']:.0f}% "
                 f"of {cards['games']} games)")
    return words


def tune_summary(path: Path) -> dict[str, Any]:
    """A tune's card, target and suggestion in words, with its interval and n (tune.html has the rest)."""
    try:
        data = json.loads(path.read_text())
        meta, best, printed = data["meta"], data.get("best"), data["printed"]
        target = "fair" if meta["target"] == 0 else f"{100 * meta['target']:+.0f} points"
        return {"card": meta["card"], "name": meta["name"], "target": target, "games": meta["games"],
                "printed": _effect_words(printed), "best": best["label"] if best else None,
                "effect": _effect_words(best) if best else "", "changes": best["changes"] if best else 0,
                "sure": None if not best or best.get("p_best") is None else round(100 * best["p_best"])}
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return {"problem": "tune.json cannot be read"}


def _effect_words(row: dict[str, Any]) -> str:
    if row.get("effect") is None:
        return f"no completion in {row['games']} games"
    lo, hi = row["ci"]
    return f"{100 * row['effect']:+.0f} points [{100 * lo:+.0f}, {100 * hi:+.0f}] ({row['completions']} completions, {row['games']} games)"


def card_tune(root: Path, card_id: str) -> Run | None:
    """The latest tune of a card under the runs folder, if any."""
    return next((r for r in find_runs(root) if r.tune and r.tune.get("card") == card_id), None)


def run_file(root: Path, name: str, file: str) -> Path:
    """A report file of a run, refused unless it is one of the run files inside the runs folder."""
    if file not in SERVED:
        raise DeskError(f"Only {', '.join(SERVED)} of a run are shown here, not `{file[:60]}`.", 404)
    if not name.isprintable() or len(name) > 300:  # a NUL byte cannot even be a path
        raise DeskError(f"There is no run `{name[:60].encode('unicode_escape').decode('ascii')}` in {root}.", 404)
    base = root.resolve()
    path = (base / name / file).resolve()
    if not path.is_relative_to(base) or not path.is_file():
        raise DeskError(f"There is no run `{name}` with a {file} in {root}.", 404)
    return path


def card_standing(root: Path, card_id: str) -> dict[str, Any] | None:
    """Where a card stands in the latest run that played it: its row, the run, and its rank among
    the cards the run ranked (None if the run did not rank it: too few completions to judge, as the
    report says), with the completions a card needs to be ranked."""
    for run in find_runs(root):
        if RESULTS_FILE not in run.files or run.tune:
            continue
        try:
            data = json.loads((root / run.name / RESULTS_FILE).read_text())
            rows = data["cards"]
        except (OSError, ValueError, KeyError, TypeError):
            continue
        for row in rows:
            if isinstance(row, dict) and row.get("id") == card_id:
                tests = data.get("tests") if isinstance(data.get("tests"), dict) else {}
                tested = tests.get("tested", sum(1 for r in rows if isinstance(r, dict) and r.get("ranked")))
                ranked = bool(row.get("ranked")) and isinstance(row.get("rank"), int)
                least = run.meta.get("min_completions", MIN_COMPLETIONS)
                rank = row["rank"] if ranked else None
                return {"run": run, "row": row, "rank": rank, "of": tested, "min_completions": least,
                        "words": standing_words(row, rank, tested, least)}
    return None


def standing_words(row: dict[str, Any], rank: int | None, tested: int, least: int) -> list[str]:
    """A card's row of a run in the words of the balance report: every rate with its count and its
    95% interval; a rank only for a card the run ranked."""
    words = []
    if "completed_rate" in row:
        games = f" ({row['completed_games']} of {row['games']})" if "completed_games" in row and "games" in row else ""
        words.append(f"completed in {pct(row['completed_rate'])} of games{games} {interval(row.get('ci_completed_rate'), False)}".rstrip())
    completers = row.get("completers")
    if completers == 0:
        words.append("nobody completed it")
    elif row.get("win_rate_completed") is not None:
        wins = f" ({count(row['completer_wins'])} of {completers})" if "completer_wins" in row and completers else ""
        words.append(f"its completers won {pct(row['win_rate_completed'])}{wins} {interval(row.get('ci_completed'), False)}".rstrip())
    if rank is not None:
        verdict = "more than chance" if row.get("significant") else "within chance"
        vs = f"{pts(row.get('vs_typical'))} points against a typical card {interval(row.get('vs_typical_ci'))}".replace("  ", " ")
        words.append(f"{vs.rstrip()}, {verdict}; rank {rank} of {tested} by strength of evidence")
    else:
        n = f"{completers} completion{'s' if completers != 1 else ''}" if isinstance(completers, int) else "too few completions"
        words.append(f"not ranked: {n}, fewer than the {least} a card needs to be ranked, too few to judge")
    return words
