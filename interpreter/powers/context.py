"""What a running power knows: the game, its owner, its card and the event that triggered it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from interpreter.engine.game import Game
    from interpreter.engine.state import Card, Player


class Ctx:
    __slots__ = ("game", "owner", "card", "event", "that", "taken")

    def __init__(self, game: Game, owner: Player, card: Card, event: Any = None, that: Player | None = None):
        self.game = game
        self.owner = owner
        self.card = card
        self.event = event
        self.that = that  # `that player`: the player of the triggering event
        self.taken = 0  # cards taken so far by this power (`for each card taken`)
