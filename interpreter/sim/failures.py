"""A game of a batch that raises: the batch keeps every finished game and goes on; the failing game is
described (seed, players, sets, mods, options, bots) and saved as a record that `importexport replay`
plays again, so the failure can be reproduced and debugged.

A failure record is a game record (interpreter/records.py) with `bots` (the bot at each seat), the
decisions taken up to the failure, no `result`, and `failed`: the error, its traceback, and where the
game stood in its batch."""

from __future__ import annotations

import json
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from interpreter.records import FORMAT, paths_for_record

if TYPE_CHECKING:
    from interpreter.cards.loader import CardSet
    from interpreter.engine.game import Game

# A batch stops once this many games have failed: a failure that repeats is not worth thousands more.
MAX_FAILURES = 10
FAILED_FOLDER = "failed-games"


@dataclass(frozen=True)
class BatchSettings:
    """How the games of a batch are set up, as given on the command line (enough to play one again)."""

    expansions: str = "none"
    mods: tuple[str, ...] = ()
    options: tuple[str, ...] = ()


@dataclass
class Failures:
    """The failed games of a batch, and where their records were saved."""

    records: list[dict[str, Any]] = field(default_factory=list)
    saved: list[Path | None] = field(default_factory=list)
    limit: int = field(default_factory=lambda: MAX_FAILURES)

    def add(self, record: dict[str, Any], folder: Path | None) -> str:
        """Keep and save a failed game; returns the line that reports it."""
        path = None
        where = ""
        if folder is not None:
            try:
                path = save_failure(record, folder)
                where = f"; saved to {path} (replay it: importexport replay {path})"
            except OSError as exc:
                where = f"; could not be saved in {folder}: {exc.strerror or exc}"
        self.records.append(record)
        self.saved.append(path)
        return failure_line(record) + where

    @property
    def too_many(self) -> bool:
        return len(self.records) >= self.limit

    def summary(self, finished: int, asked: int) -> str:
        n = len(self.records)
        stop = f" The batch stopped after {self.limit} failures." if self.too_many and finished + n < asked else ""
        return (f"{n} game(s) failed and {finished} of {asked} finished; the summary covers the finished games.{stop} "
                f"A failed game replays with `importexport replay FILE`.")


def failure_record(settings: BatchSettings, cards: CardSet, players: int, seed: int, bots: list[str],
                   game: Game | None, error: BaseException, index: int | None = None) -> dict[str, Any]:
    """The record of a game that raised `error` (`game` is None if it failed while being set up)."""
    return {
        "format": FORMAT,
        "expansions": settings.expansions,
        "mods": list(settings.mods),
        "options": list(settings.options),
        "seed": seed,
        "players": players,
        "bots": list(bots),
        "card_set": cards.fingerprint(),
        "cards": cards.card_hashes(),
        "decisions": [r.as_dict() for r in game.log] if game is not None else [],
        "failed": {
            "error": error_line(error),
            "traceback": "".join(traceback.format_exception(error)),
            "index": index,
            "turn": game.turn if game is not None else 0,
        },
    }


def error_line(error: BaseException) -> str:
    text = str(error).strip().splitlines()
    return f"{type(error).__name__}: {text[0]}" if text else type(error).__name__


def failure_line(record: dict[str, Any]) -> str:
    """One line that says which game failed, with what, and enough to play it again."""
    failed = record["failed"]
    game = f"game {failed['index'] + 1} " if failed.get("index") is not None else "a game "
    mods = ", ".join(record["mods"]) or "none"
    options = ", ".join(record["options"]) or "defaults"
    return (f"{game}failed at turn {failed['turn']}: {failed['error']} (seed {record['seed']}, {record['players']} players, "
            f"bots {','.join(record['bots'])}, expansions {record['expansions']}, mods {mods}, options {options})")


def save_failure(record: dict[str, Any], folder: Path) -> Path:
    """Write the record as folder/seed-N.json; mod paths are stored relative to the folder when they
    can be (a record resolves them from its own folder)."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"seed-{record['seed']}.json"
    stored = dict(record, mods=paths_for_record([Path(m) for m in record["mods"]], folder))
    path.write_text(json.dumps(stored, indent=1))
    return path
