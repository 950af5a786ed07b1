"""One door for every choice: a `Decision` lists the legal options; an agent picks one (DESIGN.md, 5)."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

# The decision kinds, with what each asks. Docs and the human agent read this table.
KINDS: dict[str, str] = {
    "lead": "as leader: draw, or declare an action with one card of that type or a wild pair (R4.2)",
    "follow": "draw, or follow the declared action with one card of its type or a wild pair (R4.3)",
    "discard_contract": "as leader: discard one of your uncompleted contracts, or keep them (R14)",
    "contract": "use contract actions: which card on which ship, or stop (R6)",
    "load": "use a load action: which container onto which ship, or stop (R7)",
    "import_ship": "as leader: which ship at sea is auctioned this import round (R10.2)",
    "bid": "your sealed bid for this import round (R10.3)",
    "import_take": "which containers you take from the auctioned ship and where they go (R10.5)",
    "pirate": "use a pirate action: which container or island card you take, or stop (R11.1)",
    "pirate_load": "which of your ships the pirated container is loaded onto (R11.2)",
    "supply": "use a supply action: sell a hand card or take an island card, or stop (R12.1)",
    "any_time": "use an any-time power now, or be done (R15.3)",
    "optional_power": "whether to use an optional power (\"you may\", R0.5)",
    "give_card": "which of your cards you give to another player, as a power demands",
    "choose_one": "which of a power's alternatives you carry out",
    "choose_card": "which card a power acts on (to sell, discard or copy)",
    "choose_ship": "which of your ships a power puts a card on (a contract, a container), or where else the power allows",
    "solo_action": "which card's action you act out alone, or stop",
    "trigger_order": "which of your powers answering the same moment runs first, when two or more different ones do (R15.7)",
}


class Option:
    """One legal choice: a stable human-readable label and the value the engine acts on."""

    __slots__ = ("label", "value")

    def __init__(self, label: str, value: Any):
        self.label = label
        self.value = value

    def __repr__(self) -> str:
        return f"Option({self.label!r})"


@cache
def stop_option(label: str) -> Option:
    """The option that declines or stops (its value None), one per label, made once and shared by
    every decision offering it: an option is never changed once made."""
    return Option(label, None)


class DescribedOption(Option):
    """An option whose label is written from its value when it is read, by `describe`: a function of
    the value alone (names of cards, ships and players), so the label is the same whenever it is
    read. For decisions with many options, of which only the chosen one's label is logged."""

    __slots__ = ("describe",)

    def __init__(self, value: Any, describe: Callable[[Any], str]):
        self.value = value
        self.describe = describe

    @property
    def label(self) -> str:  # type: ignore[override]  # read-only: written from the value
        return self.describe(self.value)

    def __repr__(self) -> str:
        return f"Option({self.label!r})"


class Decision:
    """A choice for `player`. `secret` marks sealed choices (bids): nobody else sees them before all
    are made. `stop` is the index of the option that declines (an optional action, R0.5), if any."""

    __slots__ = ("kind", "player", "options", "prompt", "secret", "stop")

    def __init__(self, kind: str, player: int, options: list[Option], prompt: str = "",
                 secret: bool = False, stop: int | None = None):  # the hot callers give `stop` by place: a keyword costs
        self.kind = kind
        self.player = player
        self.options = options
        self.prompt = prompt
        self.secret = secret
        self.stop = stop

    def labels(self) -> list[str]:
        return [o.label for o in self.options]

    def __repr__(self) -> str:
        return f"Decision({self.kind}, P{self.player + 1}, {len(self.options)} options)"


class DecisionRecord:
    """One entry of a game's decision log (the basis of replays)."""

    __slots__ = ("kind", "player", "index", "label")

    def __init__(self, kind: str, player: int, index: int, label: str):
        self.kind = kind
        self.player = player
        self.index = index
        self.label = label

    def as_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "player": self.player, "index": self.index, "label": self.label}
