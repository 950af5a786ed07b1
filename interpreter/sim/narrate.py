"""Narration of a watched game: every event the engine emits, as a line of text."""

from __future__ import annotations

from typing import TYPE_CHECKING, TextIO

from interpreter.engine import events as ev

if TYPE_CHECKING:
    from interpreter.engine.game import Game

# Events too fine-grained for a person following the game.
QUIET: tuple[type[ev.Event], ...] = (ev.TurnEnded, ev.CardDiscarded, ev.GoodAdded, ev.ImportAdded, ev.InstancesGranted,
                                     ev.CreditsGained, ev.CreditsPaid)


class Narrator:
    def __init__(self, game: Game, out: TextIO, *, verbose: bool = False):
        self.out = out
        self.names = game.names()
        self.quiet = () if verbose else QUIET
        game.bus.subscribe_all(self.on_event)

    def on_event(self, event: ev.Event) -> None:
        if isinstance(event, self.quiet):
            return
        text = event.text(self.names)
        if text:
            print(text, file=self.out)
