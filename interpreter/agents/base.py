"""What an agent is: something that picks one option of a decision."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from interpreter.engine.decisions import Decision
    from interpreter.engine.game import Game


class Agent(Protocol):
    def choose(self, decision: Decision, game: Game) -> int:
        """Return the index of the chosen option in `decision.options`."""
        ...
