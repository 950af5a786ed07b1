"""An agent that answers from a recorded decision log (replays) and checks it is asked the same."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from interpreter.engine.decisions import Decision, DecisionRecord
    from interpreter.engine.game import Game


class ReplayMismatch(RuntimeError):
    pass


class ScriptedLog:
    """The shared cursor into a decision log; one `ScriptedAgent` per seat reads from it."""

    def __init__(self, records: list[DecisionRecord]):
        self.records = records
        self.position = 0

    def next_for(self, decision: Decision) -> int:
        if self.position >= len(self.records):
            raise ReplayMismatch(f"the log ended but P{decision.player + 1} was asked {decision.kind}")
        record = self.records[self.position]
        self.position += 1
        if record.kind != decision.kind or record.player != decision.player:
            raise ReplayMismatch(f"decision {self.position}: the log has {record.kind} for P{record.player + 1}, "
                                 f"the game asked {decision.kind} of P{decision.player + 1}")
        if record.index >= len(decision.options) or decision.options[record.index].label != record.label:
            raise ReplayMismatch(f"decision {self.position}: option `{record.label}` is not offered at index {record.index}")
        return record.index


class ScriptedAgent:
    def __init__(self, log: ScriptedLog):
        self.log = log

    def choose(self, decision: Decision, game: Game) -> int:
        return self.log.next_for(decision)
