"""Where the desk's online tables live between server runs: one SQLite file (stdlib sqlite3, WAL, every
write in a transaction). A table is its settings, its seats (each with its secret token), its
spectators' token and its decision log; the game itself is never stored: a restart plays the log
again (the engine is deterministic given the seed and the decisions), so a table resumes exactly
where it was. The file is created on the first table, not when the desk starts."""

from __future__ import annotations

import json
import logging
import os
import sqlite3
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

try:
    import fcntl
except ImportError:  # not on Windows: two desks on one file are then not refused
    fcntl = None  # type: ignore[assignment]

log = logging.getLogger(__name__)

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    created REAL NOT NULL,
    settings TEXT NOT NULL,          -- JSON: players, expansions, options, seed, bots, hot_seat, title
    watch_token TEXT NOT NULL UNIQUE,
    status TEXT NOT NULL,            -- running, finished, failed
    record TEXT,                     -- the game record (JSON) once finished
    error TEXT
);
CREATE TABLE IF NOT EXISTS seats (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    kind TEXT NOT NULL,              -- person or bot
    token TEXT UNIQUE,               -- a person's secret link; NULL for a bot
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS decisions (
    table_id TEXT NOT NULL REFERENCES tables(id),
    n INTEGER NOT NULL,
    kind TEXT NOT NULL,
    player INTEGER NOT NULL,
    choice INTEGER NOT NULL,
    label TEXT NOT NULL,
    PRIMARY KEY (table_id, n)
);
"""


@dataclass(frozen=True)
class StoredDecision:
    kind: str
    player: int
    index: int
    label: str


@dataclass(frozen=True)
class StoredTable:
    id: str
    created: float
    settings: dict[str, Any]
    watch_token: str
    status: str
    seats: list[tuple[str, str | None]]  # per seat: kind, token
    decisions: list[StoredDecision]
    record: dict[str, Any] | None
    error: str | None


class TableStore:
    """The SQLite file of the tables. One connection, used under a lock (the game threads and the
    request threads all write through it); sqlite3 serialises the writers of other processes."""

    def __init__(self, path: Path):
        self.path = path
        self.lock = threading.Lock()
        self._conn: sqlite3.Connection | None = None
        self._claim: int | None = None  # the lock file's descriptor, while this desk holds the file

    def claim(self) -> None:
        """Hold the file for this desk alone, until close(): a second desk on it would replay every
        table too and both would write the same decisions, each refused by the other's (ValueError
        says so). The lock is on a file beside it, `.NAME.lock`: sqlite3 takes its own on the file."""
        if fcntl is None or self._claim is not None:
            return
        lock = self.path.with_name(f".{self.path.name}.lock")
        try:
            lock.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o600)
        except OSError as exc:
            raise ValueError(f"cannot use the tables file {self.path}: {exc.strerror or exc}") from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            raise ValueError(f"another desk is serving the tables of {self.path}; stop it first, or give this one "
                             "another --tables file") from None
        self._claim = fd

    def _db(self) -> sqlite3.Connection:
        if self._conn is None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            conn = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None, timeout=10)
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA synchronous=NORMAL")
            conn.execute("PRAGMA foreign_keys=ON")
            conn.executescript(SCHEMA)
            self._conn = conn
        return self._conn

    def _write(self, statements: list[tuple[str, tuple[Any, ...]]]) -> None:
        with self.lock:
            db = self._db()
            db.execute("BEGIN IMMEDIATE")
            try:
                for sql, params in statements:
                    db.execute(sql, params)
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise

    def create(self, table_id: str, created: float, settings: dict[str, Any], watch_token: str,
               seats: list[tuple[str, str | None]]) -> None:
        self._write([("INSERT INTO tables (id, created, settings, watch_token, status) VALUES (?, ?, ?, ?, 'running')",
                      (table_id, created, json.dumps(settings), watch_token)),
                     *[("INSERT INTO seats (table_id, seat, kind, token) VALUES (?, ?, ?, ?)", (table_id, seat, kind, token))
                       for seat, (kind, token) in enumerate(seats)]])

    def add_decision(self, table_id: str, n: int, decision: StoredDecision) -> None:
        self._write([("INSERT INTO decisions (table_id, n, kind, player, choice, label) VALUES (?, ?, ?, ?, ?, ?)",
                      (table_id, n, decision.kind, decision.player, decision.index, decision.label))])

    def truncate(self, table_id: str, keep: int) -> None:
        """Forget the decisions from number `keep` on (an undo), and the table is running again."""
        self._write([("DELETE FROM decisions WHERE table_id = ? AND n >= ?", (table_id, keep)),
                     ("UPDATE tables SET status = 'running', record = NULL, error = NULL WHERE id = ?", (table_id,))])

    def finish(self, table_id: str, record: dict[str, Any] | None, error: str | None) -> None:
        self._write([("UPDATE tables SET status = ?, record = ?, error = ? WHERE id = ?",
                      ("failed" if error else "finished", json.dumps(record) if record is not None else None, error, table_id))])

    def exists(self) -> bool:
        return self.path.is_file()

    def load_all(self) -> list[StoredTable]:
        """Every table in the file, oldest first, with its decisions in order."""
        if not self.exists():
            return []
        with self.lock:
            try:
                return self._read_all(self._db())
            except sqlite3.DatabaseError as exc:  # not SQLite, or damaged: said in one line, the file left as it is
                self._forget()
                raise ValueError(f"{self.path} cannot be read as the tables' database ({exc}); move it aside, or give "
                                 "another --tables file, to start with no tables") from None

    @staticmethod
    def _read_all(db: sqlite3.Connection) -> list[StoredTable]:
        rows = db.execute("SELECT id, created, settings, watch_token, status, record, error FROM tables ORDER BY created").fetchall()
        out = []
        for table_id, created, settings, watch, status, record, error in rows:
            seats = db.execute("SELECT kind, token FROM seats WHERE table_id = ? ORDER BY seat", (table_id,)).fetchall()
            decisions = db.execute("SELECT kind, player, choice, label FROM decisions WHERE table_id = ? ORDER BY n",
                                   (table_id,)).fetchall()
            try:
                stored = StoredTable(table_id, created, json.loads(settings), watch, status, [(k, t) for k, t in seats],
                                     [StoredDecision(*d) for d in decisions], json.loads(record) if record else None, error)
            except (TypeError, ValueError) as exc:  # a row damaged by hand: that table is passed over, the others resume
                log.warning("table %s cannot be read from the tables file: %s", table_id, exc)
                continue
            out.append(stored)
        return out

    def _forget(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None

    def close(self) -> None:
        with self.lock:
            self._forget()
            if self._claim is not None:
                os.close(self._claim)  # closing releases the lock
                self._claim = None
