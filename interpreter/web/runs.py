"""Balance runs (`importexport balance --out FOLDER`) found under the desk's runs folder: their
summaries, their HTML reports, and where a card stands in the latest one."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from interpreter.sim.balance import REPORT_FILE, RESULTS_FILE
from interpreter.sim.cardstats import MIN_COMPLETIONS
from interpreter.sim.report import count, interval, pct, pts
from interpreter.web.desk import DeskError

COMPARE_FILE = "compare.html"
SERVED = (REPORT_FILE, COMPARE_FILE, RESULTS_FILE)
MAX_DEPTH = 3  # runs/<name>/<a|b>/results.json is as deep as `balance --compare` writes


@dataclass
class Run:
    name: str  # the folder, relative to the runs folder
    meta: dict[str, Any]
    when: float
    files: list[str]
    standouts: list[str]

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
        if any(child.name in (RESULTS_FILE, COMPARE_FILE) for child in children):
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
        if results.is_file():
            try:
                data = json.loads(results.read_text())
                meta, standouts = data.get("meta", {}), data.get("standouts", [])
            except (OSError, ValueError, AttributeError):
                meta = {"problem": "results.json cannot be read"}
        files = [name for name in SERVED if (folder / name).is_file()]
        stamp = max((folder / name).stat().st_mtime for name in files) if files else 0.0
        runs.append(Run(str(folder.relative_to(root)) if folder != root else ".", meta, stamp, files, standouts))
    return sorted(runs, key=lambda r: -r.when)


def run_file(root: Path, name: str, file: str) -> Path:
    """A report file of a run, refused unless it is one of the run files inside the runs folder."""
    if file not in SERVED:
        raise DeskError(f"Only {', '.join(SERVED)} of a run are shown here, not `{file}`.", 404)
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
        if RESULTS_FILE not in run.files:
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
