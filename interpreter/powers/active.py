"""What the powers runtime keeps for each power at work: an `Active` (one power working for its owner
through a card, or the trigger of a lasting effect) and a `Lasting` (a lasting effect in force).
Plain records, shared by the runtime (runtime.py) and the lasting effects (lasting.py)."""

from __future__ import annotations

from dataclasses import dataclass, field

from interpreter.engine.state import Card, Player
from interpreter.lang.timings import CompiledPower
from interpreter.lang.world import Ctx, LastingEffect, Modifier


@dataclass(eq=False)
class Active:
    """One power working for `owner` through `host` (the card in Shipments; a copy runs on its host)."""

    owner: Player
    host: Card
    power: CompiledPower
    order: int
    last: tuple[int, int] = (-1, -1)  # (turn, 0) of the last use, for `once per turn`; (0, 1) once per game
    used_by: dict[int, int] = field(default_factory=dict)  # `once per turn for each player`: seat -> turn
    installed: list[tuple[str, Modifier]] = field(default_factory=list)
    holds: bool = False  # `as soon as`: whether its condition held at the last check
    lasting: Lasting | None = None  # the trigger of a lasting effect (not hosted by a card: stopped when the effect ends)


@dataclass(eq=False)
class Lasting:
    """One lasting effect in force: `effect` installed by a step of `card`'s power for `owner` in turn
    `turn`; `left`: the events still to count (`times`); `ctx`: the context of the run that installed it
    (its rule is made with it; its trigger recalls what that run named and chose);
    `installed`: its rule's modifiers in the queries; `active`: its trigger; `counter`: what counts its
    events (its trigger itself for `the next N times EVENT, EFFECT`)."""

    owner: Player
    card: Card
    effect: LastingEffect
    turn: int
    left: int
    ctx: Ctx | None = None
    installed: list[tuple[str, Modifier]] = field(default_factory=list)
    active: Active | None = None
    counter: Active | None = None

    def expiry(self) -> str:
        """When it ends, in words (the desk's table)."""
        until, name = self.effect.until, self.owner.name
        if until == "times":
            counted = self.effect.counting.english() if self.effect.counting is not None else "the event happens"
            return f"for the next {self.left} time{'s' if self.left != 1 else ''} {counted}"
        return {"game": "for the rest of the game", "this_turn": "until the end of this turn",
                "next_turn": f"until the end of the next turn {name} leads",
                "next_turn_starts": f"until the next turn {name} leads starts"}[until]
