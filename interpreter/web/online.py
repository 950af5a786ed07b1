"""Online tables: one game, several people (each at a seat of their own, by a secret link, or several
at one screen in hot-seat mode), the empty seats played by bots, spectators watching the public table.

The game runs in its own thread. Every seat's agent is a `TableAgent`: while the table resumes it
answers from the stored decision log, then a bot seat asks its bot and a person's seat waits for that
person's click. Every decision taken is written to the table store (tablestore.py) before the game
goes on, so a restart of the server plays the log again and the table is where it was.

What a page may see is taken at the game's safe points only (when a decision is asked: the state is
then whole), once per role, from the seat's own view (table.snapshot with that seat: its hand only,
the deck as a count): a payload for a seat never holds another hand or the deck's order, and a
spectator's holds no hand at all."""

from __future__ import annotations

import json
import logging
import secrets
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from interpreter.agents.scripted import ScriptedLog
from interpreter.engine.decisions import DecisionRecord
from interpreter.engine.options import GameOptions, parse_option
from interpreter.powers import new_game
from interpreter.records import make_record
from interpreter.sim.runner import bot_agents
from interpreter.web.cardview import card_book
from interpreter.web.desk import DeskError
from interpreter.web.saving import write_new
from interpreter.web.table import EventLog, LogLine, decision_info, scores, snapshot
from interpreter.web.tablestore import StoredDecision, StoredTable, TableStore

if TYPE_CHECKING:
    from interpreter.cards.loader import CardSet
    from interpreter.cards.rulesdata import RulesData
    from interpreter.engine.decisions import Decision
    from interpreter.engine.game import Game

log = logging.getLogger("importexport.desk")
PUBLIC = -1  # the seat number of the spectators' view: no hand is anyone's
BOT_PAUSE = 0.15  # seconds between two bot decisions, so that people can follow the moves


class TableClosed(Exception):
    """The table was stopped (an undo restarts it, the server stops) while its game was running."""


@dataclass(frozen=True)
class TableSettings:
    players: int
    seats: tuple[str, ...]  # per seat: "person" or "bot"
    bots: str  # the bot kind of the bot seats
    seed: int
    expansions: str
    mods: tuple[str, ...]  # mod pack paths, in the order applied
    options: tuple[str, ...]  # NAME=VALUE, as --option takes them
    hot_seat: bool  # the people share one screen (one link), the hand hidden between seats
    title: str

    def as_dict(self) -> dict[str, Any]:
        return {"players": self.players, "seats": list(self.seats), "bots": self.bots, "seed": self.seed,
                "expansions": self.expansions, "mods": list(self.mods), "options": list(self.options),
                "hot_seat": self.hot_seat, "title": self.title}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> TableSettings:
        return cls(int(d["players"]), tuple(d["seats"]), str(d["bots"]), int(d["seed"]), str(d["expansions"]),
                   tuple(d["mods"]), tuple(d["options"]), bool(d["hot_seat"]), str(d["title"]))

    def game_options(self) -> GameOptions:
        options = GameOptions()
        for text in self.options:
            options = parse_option(text, options)
        return options

    def people(self) -> list[int]:
        return [i for i, kind in enumerate(self.seats) if kind == "person"]

    def record_settings(self) -> dict[str, Any]:
        return {"expansions": self.expansions, "mods": list(self.mods), "options": list(self.options)}


@dataclass
class Pending:
    number: int  # the decision's number in the log: a click on an older page is refused
    seat: int
    decision: dict[str, Any]


@dataclass
class Frame:
    """The table at a safe point: one view per role (seats and spectators), the log's length."""

    version: int
    views: dict[int, dict[str, Any]]
    log_length: int


@dataclass(frozen=True)
class Role:
    """Who a token speaks for: a seat, the spectators, or the shared screen of a hot-seat table."""

    table: OnlineTable
    seat: int | None  # None: a spectator or the hot-seat screen
    hot: bool = False

    @property
    def name(self) -> str:
        if self.hot:
            return "hot-seat screen"
        return "spectator" if self.seat is None else f"P{self.seat + 1}"


class TableAgent:
    """The agent of one seat: the stored log first (a resume), then the seat's bot or person."""

    def __init__(self, table: OnlineTable, seat: int, bot: Any | None):
        self.table = table
        self.seat = seat
        self.bot = bot

    def choose(self, decision: Decision, game: Game) -> int:
        table = self.table
        table.safe_point(game)
        if table.script.position < len(table.script.records):
            index = table.script.next_for(decision)
        elif self.bot is not None:
            table.pause_for_people()
            index = self.bot.choose(decision, game)
        else:
            index = table.wait_for_person(decision, self.seat)
        table.taken(decision, index)
        return index


@dataclass
class OnlineTable:
    id: str
    settings: TableSettings
    tokens: list[str | None]  # per seat: the person's secret token, None for a bot
    watch_token: str
    hot_token: str | None
    created: float
    store: TableStore
    cards: CardSet
    rules: RulesData
    decisions: list[StoredDecision] = field(default_factory=list)
    status: str = "running"
    record: dict[str, Any] | None = None
    error: str | None = None
    revealed: int | None = None  # hot-seat: the seat whose hand the shared screen shows now
    bot_pause: float = BOT_PAUSE
    records: Path | None = None  # the desk's --records folder: a finished game's record is saved there

    def __post_init__(self) -> None:
        self.cond = threading.Condition()
        self.version = 0
        self.frame = Frame(0, {}, 0)
        self.pending: Pending | None = None
        self.answer: int | None = None
        self.closed = False
        self.final_scores: list[dict[str, Any]] = []
        self.book = card_book(self.cards.cards)
        self.thread: threading.Thread | None = None
        self.script = ScriptedLog([])
        self.lines: list[LogLine] = []

    # --- starting, resuming, undoing ----------------------------------------------------------
    def start(self) -> None:
        """Build the game and play it in a thread: the stored decisions first (a resume), then live."""
        self.prepare()
        self.launch()

    def prepare(self) -> None:
        """Build the game (SetupError if its settings make none: a first leader beyond its seats)."""
        s = self.settings
        bots = bot_agents(s.seed, [s.bots] * s.players)
        agents = [TableAgent(self, seat, bots[seat] if kind == "bot" else None) for seat, kind in enumerate(s.seats)]
        self.game = new_game(self.cards, self.rules, s.players, s.seed, s.game_options(), agents)
        self.events = EventLog(self.game)
        self.lines = self.events.lines
        self.script = ScriptedLog([DecisionRecord(d.kind, d.player, d.index, d.label) for d in self.decisions])
        self.decisions = []
        self.closed = False
        self.pending = None
        self.answer = None

    def launch(self) -> None:
        """Play the built game in a thread of its own."""
        self.thread = threading.Thread(target=self._run, name=f"table {self.id}", daemon=True)
        self.thread.start()

    def _run(self) -> None:
        error = None
        try:
            result = self.game.play()
            with self.cond:
                self.final_scores = scores(self.game, result)
                self.record = make_record(self.game, result, self.settings.record_settings())
                self._frame()
        except TableClosed:
            return
        except Exception as exc:  # a bug, or a log that no longer replays: said on the page, the server goes on
            log.exception("table %s failed", self.id)
            error = f"The game stopped: {type(exc).__name__}: {exc}"
        with self.cond:
            self.status = "failed" if error else "finished"
            self.error = error
            self.pending = None
            self._bump()
        self.store.finish(self.id, self.record, error)
        if self.record is not None and self.records is not None and not error:
            self._save_record(self.records, self.record)

    def _save_record(self, folder: Path, record: dict[str, Any]) -> None:
        """The finished game's record into the desk's records folder, as games played on /play are, once:
        a restart plays a finished table to its end again, and finds the same record saved."""
        text = json.dumps(record, indent=1)
        try:
            if any(path.read_text(encoding="utf-8") == text for path in folder.glob(f"table-{self.id}*.json")):
                return
            write_new(folder, f"table-{self.id}-seed{self.settings.seed}", ".json", text)
        except (OSError, DeskError) as exc:  # a records folder that cannot be written: the table is finished all the same
            log.warning("the record of table %s was not saved in %s: %s", self.id, folder, exc)

    def stop(self) -> None:
        with self.cond:
            self.closed = True
            self.cond.notify_all()
        if self.thread is not None and self.thread is not threading.current_thread():
            self.thread.join(timeout=30)

    def undo(self, seat: int) -> str | None:
        """Take back `seat`'s last decision (and the bots' after it): the log is cut before it and the
        game played again to that point. A message if there is nothing to undo."""
        with self.cond:
            mine = [i for i, d in enumerate(self.decisions) if d.player == seat]
            if not mine:
                return "There is no decision of yours to take back yet."
            keep = mine[-1]
            kept = self.decisions[:keep]
        self.stop()
        self.store.truncate(self.id, keep)
        with self.cond:
            self.decisions = kept
            self.status, self.record, self.error = "running", None, None
            self.final_scores = []
        self.start()
        return None

    # --- the game thread's side ---------------------------------------------------------------
    def _bump(self) -> None:
        self.version += 1
        self.cond.notify_all()

    def _frame(self) -> None:
        """The views of every role now (call at a safe point, holding the lock)."""
        game = self.game
        views = {seat: snapshot(game, seat) for seat in range(self.settings.players)}
        views[PUBLIC] = snapshot(game, PUBLIC)
        self.frame = Frame(self.version + 1, views, len(self.lines))
        self._bump()

    def safe_point(self, game: Game) -> None:
        with self.cond:
            if self.closed:
                raise TableClosed()
            if self.script.position >= len(self.script.records):  # no views while a resume replays the log
                self._frame()

    def pause_for_people(self) -> None:
        """A short pause before a bot's move when people watch, so that the moves can be followed."""
        if not self.settings.people() or self.bot_pause <= 0:
            return
        with self.cond:
            self.cond.wait_for(lambda: self.closed, self.bot_pause)
            if self.closed:
                raise TableClosed()

    def wait_for_person(self, decision: Decision, seat: int) -> int:
        with self.cond:
            self.pending = Pending(len(self.decisions), seat, decision_info(decision, [p.name for p in self.game.players], self.game))
            self._bump()
            self.cond.wait_for(lambda: self.answer is not None or self.closed)
            if self.closed:
                raise TableClosed()
            answer, self.answer = self.answer, None
            assert answer is not None
            return answer

    def taken(self, decision: Decision, index: int) -> None:
        stored = StoredDecision(decision.kind, decision.player, index, decision.options[index].label)
        with self.cond:
            n = len(self.decisions)
            self.decisions.append(stored)
        if n >= len(self.script.records):  # a new decision: stored before the game goes on
            self.store.add_decision(self.id, n, stored)

    # --- the pages' side ----------------------------------------------------------------------
    def click(self, seat: int, number: int, index: int) -> str | None:
        with self.cond:
            pending = self.pending
            if pending is None or pending.number != number:
                return "That decision was already taken; here is the table as it stands."
            if pending.seat != seat:
                return f"It is P{pending.seat + 1}'s decision, not yours."
            if not 0 <= index < len(pending.decision["options"]):
                return f"There is no option {index + 1}; choose one of the {len(pending.decision['options'])} offered."
            self.answer = index
            self.pending = None
            self._bump()
            return None

    def reveal(self, seat: int) -> None:
        """Hot-seat: the person at `seat` has the screen; show that hand."""
        with self.cond:
            self.revealed = seat
            self._bump()

    def payload(self, role: Role) -> dict[str, Any]:
        """Everything the page of `role` may know now, as plain data."""
        with self.cond:
            seat = role.seat
            pending = self.pending
            covered = False
            if role.hot:
                asked = pending.seat if pending is not None and pending.seat in self.settings.people() else None
                seat = asked if asked is not None and self.revealed == asked else None
                covered = asked is not None and seat is None
            view = self.frame.views.get(PUBLIC if seat is None else seat)
            mine = pending if pending is not None and seat is not None and pending.seat == seat else None
            waiting_for = None
            if pending is not None:
                waiting_for = self.game.players[pending.seat].name
            return {
                "table": self.id, "title": self.settings.title, "role": role.name, "seat": seat,
                "version": self.version, "status": self.status, "error": self.error,
                "view": view, "decision": ({"number": mine.number, **mine.decision} if mine else None),
                "waiting_for": waiting_for, "cover": (self.game.players[pending.seat].name if covered and pending else None),
                "cover_seat": pending.seat if covered and pending else None,
                "log": [{"text": line.text, "power": line.power, "card_uid": line.card_uid}
                        for line in self.lines[:self.frame.log_length]],
                "scores": self.final_scores if self.status == "finished" else None,
                "can_undo": self.can_undo(seat),
                "seats": [{"seat": i, "name": f"P{i + 1}", "kind": kind} for i, kind in enumerate(self.settings.seats)],
            }

    def undo_allowed(self, seat: int | None) -> bool:
        """Undo is for a person playing against bots (one person, or the people of a hot-seat screen):
        it would take back moves other people have seen and answered."""
        if seat is None or self.settings.seats[seat] != "person":
            return False
        return len(self.settings.people()) == 1 or self.settings.hot_seat

    def can_undo(self, seat: int | None) -> bool:
        """Undo is allowed here and there is a decision of `seat`'s to take back (the page's button)."""
        return self.undo_allowed(seat) and any(d.player == seat for d in self.decisions)

    def roles(self) -> dict[str, Role]:
        out = {self.watch_token: Role(self, None)}
        for seat, token in enumerate(self.tokens):
            if token is not None:
                out[token] = Role(self, seat)
        if self.hot_token is not None:
            out[self.hot_token] = Role(self, None, hot=True)
        return out


def new_token() -> str:
    return secrets.token_urlsafe(18)


def create_table(store: TableStore, settings: TableSettings, cards: CardSet, rules: RulesData,
                 bot_pause: float = BOT_PAUSE, records: Path | None = None) -> OnlineTable:
    """A new table, stored, its game started. SetupError, with nothing stored, if it cannot be set up:
    a stored table that cannot start would stop the desk from resuming every other table."""
    table_id = secrets.token_urlsafe(6)
    people = settings.people()
    tokens = [new_token() if seat in people and not settings.hot_seat else None for seat in range(settings.players)]
    hot = new_token() if settings.hot_seat else None
    if settings.hot_seat:  # the shared screen's token stands for every person's seat
        tokens = [None] * settings.players
    table = OnlineTable(table_id, settings, tokens, new_token(), hot, time.time(), store, cards, rules, bot_pause=bot_pause,
                        records=records)
    seats: list[tuple[str, str | None]] = [(kind, tokens[i]) for i, kind in enumerate(settings.seats)]
    stored = settings.as_dict() | {"hot_token": hot}
    table.prepare()  # built before it is stored
    store.create(table_id, table.created, stored, table.watch_token, seats)
    table.launch()
    return table


def resume_table(store: TableStore, stored: StoredTable, cards: CardSet, rules: RulesData,
                 bot_pause: float = BOT_PAUSE, records: Path | None = None) -> OnlineTable:
    """A stored table, its game played again from its decision log (finished tables too: their final
    table and scores are shown again)."""
    settings = TableSettings.from_dict(stored.settings)
    table = OnlineTable(stored.id, settings, [token for _, token in stored.seats], stored.watch_token,
                        stored.settings.get("hot_token"), stored.created, store, cards, rules, list(stored.decisions),
                        "running", bot_pause=bot_pause, records=records)
    table.start()
    return table
