"""A game against bots in the browser. The game runs in its own thread; the person's seat is an agent
whose `choose` waits until the page sends a click. The page reads the table only while the game
thread waits for that click (or is over), so it never sees a state in the middle of a change."""

from __future__ import annotations

import logging
import random
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from interpreter.engine.game import Game
from interpreter.powers import new_game
from interpreter.records import make_record
from interpreter.sim.runner import bot_agents
from interpreter.web.cardview import card_book
from interpreter.web.table import EventLog, decision_info, scores, snapshot

if TYPE_CHECKING:
    from interpreter.engine.decisions import Decision
    from interpreter.web.desk import Desk

BOTS = ("heuristic", "search", "random")  # `search`: the search bot at its default budget (docs/bots.md)
log = logging.getLogger("importexport.desk")


class SeatClosed(Exception):
    """The session was closed while its game waited for the person."""


@dataclass
class Pending:
    number: int  # counts the person's decisions, so a second click on an old page is ignored
    decision: dict[str, Any]
    log_start: int  # log lines from here on happened since the person's previous decision


class BrowserSeat:
    """The agent of the person's seat: waits for a click."""

    def __init__(self, session: PlaySession):
        self.session = session

    def choose(self, decision: Decision, game: Game) -> int:
        return self.session.wait_for_click(decision)


class PlaySession:
    def __init__(self, desk: Desk, players: int, seat: int, seed: int | None, bots: str):
        self.seed = seed if seed is not None else random.randrange(1, 1_000_000)
        self.seat = seat
        self.bots = bots
        self.settings = desk.record_settings()
        agents: list[Any] = bot_agents(self.seed, [bots] * players)  # seeded per seat as in simulate and play
        agents[seat] = BrowserSeat(self)
        self.game = new_game(desk.cards, desk.rules, players, self.seed, None, agents)
        self.log = EventLog(self.game)
        self.book = card_book(self.game.card_set.cards)  # every card's powers, for the tips on the page
        self.cond = threading.Condition()
        self.pending: Pending | None = None
        self.answer: int | None = None
        self.asked = 0
        self.last_seen = 0  # log lines the person has seen at the previous decision
        self.closed = False
        self.finished = False
        self.error: str | None = None
        self.record: dict[str, Any] | None = None
        self.scores: list[dict[str, Any]] = []
        self.saved: Path | None = None  # where the record was written, in the desk's records folder
        self.thread = threading.Thread(target=self._run, name=f"desk game {self.seed}", daemon=True)
        self.thread.start()

    def _run(self) -> None:
        try:
            result = self.game.play()
            self.scores = scores(self.game, result)
            self.record = make_record(self.game, result, self.settings)
        except SeatClosed:
            pass
        except Exception as exc:  # a bug in the engine: say so on the page, keep the server running
            log.exception("the game of seed %s failed", self.seed)
            self.error = f"The game stopped on an internal error: {type(exc).__name__}: {exc}"
        finally:
            with self.cond:
                self.finished = True
                self.cond.notify_all()

    # --- the game thread's side --------------------------------------------------------------
    def wait_for_click(self, decision: Decision) -> int:
        with self.cond:
            self.asked += 1
            self.pending = Pending(self.asked, decision_info(decision, [p.name for p in self.game.players], self.game), self.last_seen)
            self.cond.notify_all()
            self.cond.wait_for(lambda: self.answer is not None or self.closed)
            if self.closed:
                raise SeatClosed()
            answer, self.answer = self.answer, None
            self.last_seen = len(self.log.lines)
            assert answer is not None
            return answer

    # --- the page's side ---------------------------------------------------------------------
    def wait_ready(self, timeout: float) -> bool:
        """Wait until the person is asked something or the game is over; False if the bots are still playing."""
        with self.cond:
            return self.cond.wait_for(lambda: self.pending is not None or self.finished, timeout)

    def click(self, number: int, index: int) -> str | None:
        """Answer decision `number` with option `index`; a message if that is not possible now."""
        with self.cond:
            pending = self.pending
            if pending is None or pending.number != number:
                return "That decision was already taken; here is the game as it stands."
            if not 0 <= index < len(pending.decision["options"]):
                return f"There is no option {index + 1}; choose one of the {len(pending.decision['options'])} below."
            self.answer = index
            self.pending = None  # taken: the page now waits for the next decision, not this one
            self.cond.notify_all()
            return None

    def view(self) -> dict[str, Any]:
        """The table as the person's seat sees it. Call only when `wait_ready` said so."""
        return snapshot(self.game, self.seat)

    def close(self) -> None:
        with self.cond:
            self.closed = True
            self.cond.notify_all()
