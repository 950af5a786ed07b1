"""Narration of a watched game: every event the engine emits, as a line of text, plus what the
events leave unsaid: a player whose declared or followed action does nothing, and a pirated card
that is discarded because it is not loaded."""

from __future__ import annotations

import textwrap
from collections import deque
from dataclasses import dataclass
from typing import TYPE_CHECKING, TextIO

from interpreter.engine import events as ev

if TYPE_CHECKING:
    from interpreter.engine.game import Game

# Events too fine-grained for a person following the game.
QUIET: tuple[type[ev.Event], ...] = (ev.TurnEnded, ev.CardDiscarded, ev.GoodAdded, ev.ImportAdded, ev.InstancesGranted,
                                     ev.CreditsGained, ev.CreditsPaid)

# The events that show a player carrying out an action of each type (R6, R7, R10, R11, R12).
ACTING: dict[str, tuple[type[ev.Event], ...]] = {
    "contract": (ev.ContractMade,),
    "load": (ev.ContainerLoaded,),
    "import": (ev.AuctionStarted,),
    "pirate": (ev.CardPirated,),
    "supply": (ev.CardSold, ev.CardTakenFromIsland),
}
ACTING_EVENTS = tuple({cls for classes in ACTING.values() for cls in classes})
PIRATED_NOT_LOADED = "pirated, not loaded"  # the discard source pirate.py gives (R11.2, OQ-18)
IMPORT_FEE = "import fee"  # the reason importing.py gives the owner's fee (R10.6)
RECENT = 60  # lines kept for a person who asks to see the narration again


@dataclass
class Granted:
    """A player's action instances this turn, not yet seen carried out."""
    seat: int
    action: str
    count: int
    acted: bool = False


class Narrator:
    def __init__(self, game: Game, out: TextIO, *, verbose: bool = False, width: int | None = None):
        self.out = out
        self.width = width  # wrap lines to this many columns (a person's terminal), or not at all
        self.game = game
        self.names = game.names()
        self.quiet = () if verbose else QUIET
        self.recent: deque[str] = deque(maxlen=RECENT)
        self.pending: list[Granted] = []  # in the order the players carry out their actions (R4.7)
        self.pirated: dict[int, int] = {}  # card uid -> the seat that pirated it, this action
        self.fee: ev.CreditsGained | None = None  # the owner's fee of the import being won, said after it
        game.bus.subscribe_all(self.on_event)

    def say(self, text: str) -> None:
        self.recent.append(text)
        if self.width and len(text) > self.width:
            text = "\n".join(textwrap.wrap(text, self.width, subsequent_indent="    "))
        print(text, file=self.out, flush=True)

    def on_event(self, event: ev.Event) -> None:
        if isinstance(event, ev.InstancesGranted):
            self.pending.append(Granted(event.player, event.action, event.count))
        elif isinstance(event, ACTING_EVENTS):
            self._acted(event)
        elif isinstance(event, ev.TurnEnded):
            self._settle(len(self.pending))
        if isinstance(event, ev.CardPirated):
            self.pirated[event.card.uid] = event.player
        elif isinstance(event, ev.CardDiscarded) and event.source == PIRATED_NOT_LOADED and event.card.uid in self.pirated:
            seat = self.pirated.pop(event.card.uid)
            self.say(f"{self.names(seat)} discards the pirated {event.card.name} ({event.card.good}): it is not loaded onto a ship")
            return
        if isinstance(event, ev.CreditsGained) and event.reason == IMPORT_FEE and event.amount:
            self.fee = event  # said with the import it is paid for, after it
            return
        if isinstance(event, self.quiet):
            return
        text = event.text(self.names)
        if text:
            self.say(text)
        if isinstance(event, ev.ImportWon) and self.fee is not None:
            fee, self.fee = self.fee, None
            self.say(f"{self.names(fee.player)}, the ship's owner, takes {fee.amount} from the bank as the import fee (R10.6)")

    def settle(self, seat: int) -> None:
        """`seat` is about to carry out its actions: every player before it in the order of R4.7 is
        done, so say who of them did nothing."""
        for i, granted in enumerate(self.pending):
            if granted.seat == seat:
                self._settle(i)
                return

    def _acted(self, event: ev.Event) -> None:
        seats = event.participants if isinstance(event, ev.AuctionStarted) else [getattr(event, "player", -1)]
        if isinstance(event, ev.ContainerLoaded) and event.by != "load":
            return  # a pirated container being loaded is part of the pirate action
        if isinstance(event, ev.AuctionStarted):  # the importers act together, in rounds (R10.4)
            for granted in self.pending:
                if granted.seat in seats and granted.action == "import":
                    granted.acted = True
            return
        for i, granted in enumerate(self.pending):
            if granted.seat in seats and isinstance(event, ACTING.get(granted.action, ())):
                granted.acted = True
                self._settle(i)
                return

    def _settle(self, upto: int) -> None:
        """The players of `pending[:upto]` are done: narrate those whose actions did nothing."""
        done, self.pending = self.pending[:upto], self.pending[upto:]
        for granted in done:
            if not granted.acted:
                self.say(self._nothing(granted))

    def _nothing(self, granted: Granted) -> str:
        verb = "declared" if granted.seat == self.game.leader else "followed"
        actions = "its action" if granted.count == 1 else f"its {granted.count} actions"
        return f"{self.names(granted.seat)} {verb} {granted.action.upper()} but does nothing with {actions}"
