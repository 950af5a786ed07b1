"""What a running power knows: the game, its owner, its card and the event that triggered it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from interpreter.engine.game import Game
    from interpreter.engine.state import Card, Player, Ship


class Ctx:
    __slots__ = ("game", "owner", "card", "event", "that", "ship", "taken", "moved", "drawn", "named", "contracts", "declined")

    def __init__(self, game: Game, owner: Player, card: Card, event: Any = None, that: Player | None = None,
                 ship: Ship | None = None):
        self.game = game
        self.owner = owner
        self.card = card
        self.event = event
        self.that = that  # `that player`: the player of the triggering event
        self.ship = ship if ship is not None else getattr(event, "ship", None)  # `that ship`, `this ship`
        self.taken = 0  # cards taken so far by this power (`for each card taken`)
        self.moved = 0  # cards moved so far by this power (`for each card moved`)
        self.drawn: list[Card] = []  # cards drawn so far by this power (`card drawn`, `a drawn card`)
        self.named: str | None = None  # a good type or card id named by this power
        self.contracts: list[Card] = list(getattr(event, "contracts", None) or [])  # the completing shipment
        self.declined = False  # the owner declined an optional effect (`you may`): no use of the power
