"""What a player may see at a decision, as text, for a scenario step's `sees` / `does_not_see`
(docs/scenarios.md): the table from that player's seat (engine/view.py `render`: every public zone and
the player's own hand, R3.1, R3.5), the narration of every event so far (events are public: a sealed
bid is no event until all bids are revealed, R10.3), and the question with its options."""

from __future__ import annotations

from typing import TYPE_CHECKING

from interpreter.engine.view import render

if TYPE_CHECKING:
    from interpreter.engine import events as ev
    from interpreter.engine.decisions import Decision
    from interpreter.engine.game import Game


def seat_view(game: Game, decision: Decision, events: list[ev.Event]) -> str:
    names = game.names()
    narration = [text for text in (e.text(names) for e in events) if text]
    return "\n".join([render(game, decision.player), *narration, decision.prompt, *decision.labels()])


def shown(text: str, view: str) -> bool:
    """`text` is in the view, case ignored; a card may be written by id (`diamond_rings`: Diamond Rings)."""
    return text.replace("_", " ").lower() in view.lower()
