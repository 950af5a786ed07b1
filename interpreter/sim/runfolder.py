"""The folder of a balance run (`balance --out`): games.jsonl (one game per line, appended as games
finish), job.json (the settings), failed/ (games that raised), the reports.

Opening a run folder is checked before any game is played:
- a folder that already holds a run is continued only with `--resume` and replaced only with `--force`;
- one run at a time writes into a folder (an exclusive lock, released when the process ends);
- resuming cuts off a last line torn by an interruption before anything is appended, and keeps the
  recorded number of games unless `--games` asks for more (never fewer than are finished).
"""

from __future__ import annotations

import json
import os
import shutil
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from interpreter.outputs import OutputError, check_output_folder

if TYPE_CHECKING:
    from interpreter.sim.balance import BalanceJob

GAMES_FILE = "games.jsonl"
JOB_FILE = "job.json"
LOCK_FILE = ".lock"
FAILED_DIR = "failed"


class RunFolderError(OutputError):
    """The run cannot use this folder as asked; the message says why and what to do."""


@dataclass
class RunFolder:
    path: Path
    job: BalanceJob
    done: list[dict[str, Any]]  # games recorded before this run
    lock: IO[str]

    @property
    def games_file(self) -> Path:
        return self.path / GAMES_FILE

    @property
    def failed_dir(self) -> Path:
        return self.path / FAILED_DIR

    def close(self) -> None:
        self.lock.close()


def lock_folder(path: Path, what: str = "balance run") -> IO[str]:
    """Hold the folder's lock while this process writes into it (released when the handle is closed
    or the process ends); refused with the holder's pid if another process holds it."""
    handle = (path / LOCK_FILE).open("a+")
    try:
        # optional dependency: fcntl, POSIX only (no advisory locks on Windows)
        import fcntl
    except ImportError:  # no advisory locks on this system (Windows): one run at a time is up to the user
        return handle
    try:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        handle.seek(0)
        holder = handle.read().strip() or "another process"
        handle.close()
        raise RunFolderError(f"the folder {path} is in use by another {what} (pid {holder}); wait for it to finish, "
                             "or give another --out") from None
    handle.seek(0)
    handle.truncate()
    handle.write(str(os.getpid()))
    handle.flush()
    return handle


def cut_torn_tail(games_file: Path) -> int:
    """Remove a last line that an interruption left without its newline; returns the bytes removed."""
    if not games_file.exists():
        return 0
    with games_file.open("rb+") as f:
        f.seek(0, os.SEEK_END)
        size = f.tell()
        keep = size
        step = 4096
        while keep > 0:
            start = max(0, keep - step)
            f.seek(start)
            chunk = f.read(keep - start)
            nl = chunk.rfind(b"\n")
            if nl >= 0:
                keep = start + nl + 1
                break
            keep = start
        if keep < size:
            f.truncate(keep)
    return size - keep


def read_records(out: Path, games: int | None = None) -> list[dict[str, Any]]:
    """The games recorded in a run folder, one per index (a duplicate line is ignored), skipping lines
    that are not whole records (an interruption may have cut the last one short)."""
    path = out / GAMES_FILE
    if not path.exists():
        return []
    records: dict[int, dict[str, Any]] = {}
    with path.open("rb") as f:
        for line in f:
            try:
                record = json.loads(line)
            except (json.JSONDecodeError, UnicodeDecodeError, RecursionError):
                continue
            index = record.get("index") if isinstance(record, dict) else None
            if isinstance(index, int) and not isinstance(index, bool) and index >= 0 and (games is None or index < games):
                records.setdefault(index, record)
    return [records[i] for i in sorted(records)]


def job_dict(job: BalanceJob) -> dict[str, Any]:
    data = asdict(job)
    data["cards"]["mods"] = list(job.cards.mods)
    data["options"] = list(job.options)
    data["bots"] = list(job.bots)
    data["player_counts"] = list(job.player_counts)
    return data


def _same_settings(old: dict[str, Any], new: dict[str, Any]) -> bool:
    """Everything but the number of games must match to resume (a run may be extended)."""
    old = {"bots": [], "player_counts": [], **old}  # a run from before --bots was played by heuristic bots: the default
    return {k: v for k, v in old.items() if k != "games"} == {k: v for k, v in new.items() if k != "games"}


def _holds_a_run(path: Path) -> bool:
    """A folder holds a run once a game is recorded in it (settings alone are not worth keeping)."""
    games = path / GAMES_FILE
    return games.exists() and games.stat().st_size > 0


def open_run(path: Path, job: BalanceJob, *, games_given: bool, resume: bool, force: bool) -> RunFolder:
    """Check and lock the run folder; returns it with the finished games (when resuming) and the job
    with its number of games settled. Nothing is played or deleted before every check has passed."""
    check_output_folder(path, "--out")
    lock = lock_folder(path)
    try:
        return _prepare(path, job, lock, games_given=games_given, resume=resume, force=force)
    except BaseException:
        lock.close()
        raise


def _prepare(path: Path, job: BalanceJob, lock: IO[str], *, games_given: bool, resume: bool, force: bool) -> RunFolder:
    held = _holds_a_run(path)
    if held and not resume and not force:
        n = len(read_records(path))
        raise RunFolderError(f"the folder {path} already holds a run ({n} games recorded): continue it with --resume, "
                             "or replace it with --force (its games are deleted)")
    done: list[dict[str, Any]] = []
    if resume and held:
        meta = path / JOB_FILE
        try:
            old = json.loads(meta.read_text())
        except (OSError, ValueError) as exc:
            raise RunFolderError(f"{meta} cannot be read ({exc}); the run's settings are unknown, so it cannot be "
                                 "resumed: start again with --force, or use another --out") from None
        if not isinstance(old, dict) or not _same_settings(old, job_dict(job)):
            raise RunFolderError(f"the folder {path} holds a run with other settings; resume it with those, or use another --out")
        recorded: int = old["games"] if isinstance(old.get("games"), int) else job.games
        cut_torn_tail(path / GAMES_FILE)
        done = read_records(path)
        least = done[-1]["index"] + 1 if done else 0  # read_records sorts by index
        if not games_given:
            job = replace(job, games=max(recorded, least))
        elif job.games < least:
            raise RunFolderError(f"the folder {path} holds {len(done)} finished games; --games {job.games} would leave some out: "
                                 f"give --games {least} or more (or leave --games out to finish the run)")
    else:
        (path / GAMES_FILE).write_text("")
        shutil.rmtree(path / FAILED_DIR, ignore_errors=True)
    (path / JOB_FILE).write_text(json.dumps(job_dict(job), indent=1))
    return RunFolder(path, job, done, lock)
