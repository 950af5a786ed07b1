"""What the engine asks of the cards' powers: the small interface the engine depends on (DESIGN.md,
"layers"). The powers runtime (interpreter/powers/runtime.py) implements it; `NoPowers` is the
engine alone, for games whose cards have no powers. The engine never imports the power language."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from interpreter.engine.cloning import Mapper
    from interpreter.engine.game import Game
    from interpreter.engine.queries import Modifier
    from interpreter.engine.state import Card, Player, Ship


class Powers(Protocol):
    standing: Any  # truthy while a standing condition (`as soon as ...`) must be re-checked

    def activate(self, owner: Player, host: Card) -> None:
        """`host` entered `owner`'s Shipments: its ongoing powers start (R15.4)."""

    def deactivate(self, host: Card) -> None:
        """`host` left Shipments: its powers stop (R15.4)."""

    def completed(self, owner: Player, card: Card, ship: Ship | None, contracts: list[Card], payout: int = 0) -> None:
        """`card` completed on `ship` with `contracts`, which paid `payout` (R8.2.3): its one-time powers run."""

    def containers_completed(self, owner: Player, ship: Ship, contracts: list[Card]) -> None:
        """The containers of a completing ship: their `as a container` powers run (R15.1)."""

    def contracted(self, owner: Player, card: Card, ship: Ship) -> None:
        """`card` became a contract on `ship` (R6.9)."""

    def offer_any_time(self, p: Player) -> None:
        """An any-time window for `p` (R15.3)."""

    def check_standing(self) -> None:
        """Re-check the standing conditions (R16.1.3)."""

    def lasting_in_force(self) -> list[dict[str, Any]]:
        """The lasting effects in force, as plain data: `owner` (a seat), `card` and `card_id` (the card
        whose power installed it), `text` (what it does), `until` (when it ends), in words."""

    def run_adjustments(self, order: list[Player]) -> None:
        """The end-game adjustments (R17.2)."""

    def run_scoring(self, order: list[Player]) -> None:
        """The end-game powers that score (R17.8)."""

    def copy_for(self, game: Game, mapper: Mapper) -> tuple[Powers, dict[int, Modifier]]:
        """The powers' state copied for `game`, a clone (engine/cloning.py), with `mapper` turning this
        game's cards, players and ships into the clone's; and, for each rule modifier the powers
        installed on this game's rules (by id), the one that stands for it on the clone's."""

    def handler_owners(self, new: Powers) -> dict[int, object]:
        """The objects whose methods the powers subscribed to the game's events (by id), each with its
        counterpart in `new`, the clone's powers."""


class NoPowers:
    """Cards without powers: every hook does nothing."""

    standing: list[Any] = []

    def activate(self, owner: Player, host: Card) -> None:
        return None

    def deactivate(self, host: Card) -> None:
        return None

    def completed(self, owner: Player, card: Card, ship: Ship | None, contracts: list[Card], payout: int = 0) -> None:
        return None

    def containers_completed(self, owner: Player, ship: Ship, contracts: list[Card]) -> None:
        return None

    def contracted(self, owner: Player, card: Card, ship: Ship) -> None:
        return None

    def offer_any_time(self, p: Player) -> None:
        return None

    def check_standing(self) -> None:
        return None

    def lasting_in_force(self) -> list[dict[str, Any]]:
        return []

    def run_adjustments(self, order: list[Player]) -> None:
        return None

    def run_scoring(self, order: list[Player]) -> None:
        return None

    def copy_for(self, game: Game, mapper: Mapper) -> tuple[Powers, dict[int, Modifier]]:
        return NoPowers(), {}

    def handler_owners(self, new: Powers) -> dict[int, object]:
        return {id(self): new}
