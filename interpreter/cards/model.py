"""The static facts of a good card, as read from its card file."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

GOOD_TYPES: tuple[str, ...] = ("technology", "agriculture", "illegal", "consumer", "luxury")
ACTION_TYPES: tuple[str, ...] = ("contract", "load", "import", "pirate", "supply")
ANY_COLOUR = "any"  # a load slot that accepts a container of any colour ("rainbow", R1.3.5)
ESTIMABLE_FIELDS: tuple[str, ...] = ("good", "action", "tier", "load")


@dataclass(frozen=True, slots=True)
class CardDef:
    """One card as a designer wrote it. Immutable; a game makes `Card` instances from it."""

    id: str
    name: str
    set: str
    good: str
    action: str
    tier: int
    load: tuple[tuple[str, int], ...]  # (colour, count) pairs; colour is a good type or "any"
    text: str
    estimated: tuple[str, ...] = ()
    names: tuple[tuple[str, str], ...] = ()
    powers: tuple[Any, ...] = field(default=(), compare=False)  # CompiledPower, in the order written
    # Other readings of the card's powers, played through the game option named after the card
    # (`--option led_lamps=once-per-turn`): (reading name, its CompiledPowers), in the order written.
    readings: tuple[tuple[str, tuple[Any, ...]], ...] = field(default=(), compare=False)
    examples: tuple[Any, ...] = field(default=(), compare=False)  # scenarios (docs/scenarios.md)
    path: str = field(default="", compare=False)
    load_at: tuple[int, int] = field(default=(1, 1), compare=False)  # line and column of `load` in the file
    # The containers the load asks for: counted once, when the card is read, not for every card of
    # every game's deck (a game's setup copies it onto each `Card`)
    load_total: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        total = 0
        for _, n in self.load:
            total += n
        object.__setattr__(self, "load_total", total)  # the way a frozen dataclass sets a derived field

    def load_text(self) -> str:
        return " + ".join(f"{n} {colour}" for colour, n in self.load)
