"""A game driven from outside: every decision put to a driven seat stops the game and is handed to
the caller, who answers it later.

The engine asks its agents (`Game.ask` calls `agent.choose` deep inside the rules), so a caller that
wants to be asked instead, one decision per call (a PettingZoo `step`), needs the game's call stack
to pause at each question. The game runs in a greenlet: a coroutine with a stack of its own in the
same thread. A driven seat's `choose` switches back to the caller with the decision; `answer`
switches into the game again with the chosen index. Only one side runs at a time and the switches
happen at fixed points, so a driven game is exactly as deterministic as a game between bots, and no
thread is started. `close` unwinds a game left in the middle by raising `GreenletExit` at the
question it waits on. Call it: a suspended greenlet and the driver refer to each other, and the
garbage collector does not free such a pair (the environment closes its driver when it is reset,
closed or collected).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from greenlet import GreenletExit, getcurrent, greenlet

if TYPE_CHECKING:
    from interpreter.engine.decisions import Decision
    from interpreter.engine.game import Game, GameResult


class DrivenSeat:
    """The agent of a driven seat: it passes each decision to the driver's caller and waits."""

    def __init__(self, driver: GameDriver):
        self.driver = driver

    def choose(self, decision: Decision, game: Game) -> int:
        return self.driver.wait_for_answer(decision)


class GameDriver:
    """Plays `game` in a greenlet; `pending` is the decision a driven seat must answer now, or None
    once the game is over (then `result` is set). Give the game `seat()` agents for the driven seats
    before `start`."""

    def __init__(self, game: Game):
        self.game = game
        self.pending: Decision | None = None
        self.result: GameResult | None = None
        self._runner: greenlet | None = None
        self._caller: greenlet | None = None
        self._closing = False

    def seat(self) -> DrivenSeat:
        return DrivenSeat(self)

    @property
    def over(self) -> bool:
        return self.result is not None

    def start(self) -> None:
        """Play until the first decision of a driven seat, or to the end."""
        if self._runner is not None:
            raise RuntimeError("this game has already started")
        self._runner = greenlet(self._play)
        self._resume(None)

    def answer(self, index: int) -> None:
        """Answer the pending decision with the index of an option; play to the next one."""
        if self.pending is None:
            raise RuntimeError("no decision is waiting for an answer" + (": the game is over" if self.over else ""))
        if not 0 <= index < len(self.pending.options):
            raise ValueError(f"option {index} of a decision with {len(self.pending.options)} options")
        self._resume(index)

    def close(self) -> None:
        """Unwind a game left in the middle, so that nothing of it stays suspended."""
        runner = self._runner
        if runner is not None and not runner.dead:
            self._closing = True
            runner.parent = getcurrent()  # the unwound runner ends by returning here
            runner.throw(GreenletExit)
        self.pending = None

    # --- the two sides of a switch ------------------------------------------------------------------
    def _resume(self, value: int | None) -> None:
        assert self._runner is not None
        self._caller = self._runner.parent = getcurrent()
        asked = self._runner.switch(value)  # back here at the next question, or when the game ends
        self.pending = asked

    def _play(self, _start: None) -> None:
        self.result = self.game.play()
        return None  # the runner ends: `_resume` receives None

    def wait_for_answer(self, decision: Decision) -> int:
        """Inside the game: hand `decision` to the caller and wait for the answer."""
        if self._closing or self._caller is None:
            raise GreenletExit
        answer: int = self._caller.switch(decision)
        return answer
