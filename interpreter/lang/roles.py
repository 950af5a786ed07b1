"""The interface of each role: what a construct of that role compiles to (DESIGN.md, "a small core
that composes"). Every construct subclasses one of these and implements its role's methods; the
compile methods build closures once, at load, which later run with a `Ctx`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from interpreter.lang.registry import Node
from interpreter.lang.world import Card, CardsOf, Ctx, Maker, Number, Player, PlayersOf, Run, Ship, Test, always


@dataclass(frozen=True)
class Effect(Node):
    """Something a power does."""

    role: ClassVar[str] = "effect"

    def run(self) -> Run:
        raise NotImplementedError(type(self).__name__)

    def possible(self) -> Test:
        """Whether it can be carried out now (an optional effect is offered only then, R0.5)."""
        return always


@dataclass(frozen=True)
class Condition(Node):
    role: ClassVar[str] = "condition"

    def test(self) -> Test:
        raise NotImplementedError(type(self).__name__)

    def odds(self) -> float:
        """How likely the condition is to hold when its step comes, for the heuristic bot's valuation
        (IfThen weighs its branches by it): even, unless the construct knows better (a coin flip,
        a card drawn from a deck whose make-up is public)."""
        return 0.5


@dataclass(frozen=True)
class Value(Node):
    """A whole number computed when the power runs."""

    role: ClassVar[str] = "value"

    def number(self) -> Number:
        raise NotImplementedError(type(self).__name__)

    def of(self, noun: str, where: str = "") -> str:
        """The value as an amount of `noun` (`2 credits`, `that many cards`); `where` (`from the bank`)
        is said after it."""
        return f"{self.english()} {noun}s" + (f" {where}" if where else "")


@dataclass(frozen=True)
class Players(Node):
    """A group of players, resolved when the power runs (clockwise from the owner)."""

    role: ClassVar[str] = "players"

    def resolve(self) -> PlayersOf:
        raise NotImplementedError(type(self).__name__)

    def possessive(self) -> str:
        return self.english() + "'s"


@dataclass(frozen=True)
class Group(Node):
    """Cards (or containers) counted by `for each ...` and `the number of ...`."""

    role: ClassVar[str] = "group"

    def count(self) -> Number:
        raise NotImplementedError(type(self).__name__)

    def plural(self) -> str:
        return self.english()


@dataclass(frozen=True)
class Cards(Node):
    """Cards an effect acts on: `pick` resolves them (the actor chooses, or they are random)."""

    role: ClassVar[str] = "cards"
    verb_zone: ClassVar[str] = ""  # where the cards come from, when the phrase says it alone

    def pick(self, purpose: str) -> CardsOf:
        raise NotImplementedError(type(self).__name__)

    def pool(self) -> CardsOf:
        """Every card the phrase could mean (for `possible` and for counting)."""
        raise NotImplementedError(type(self).__name__)

    def least(self) -> int:
        """How many cards the phrase needs at least to be carried out in full."""
        return 1


@dataclass(frozen=True)
class Place(Node):
    """Where cards go: a player's zone, or a shared place."""

    role: ClassVar[str] = "place"

    def where(self) -> Callable[[Ctx], list[tuple[Player | None, str]]]:
        """A closure giving (player or None, zone) when the power runs."""
        raise NotImplementedError(type(self).__name__)


@dataclass(frozen=True)
class ShipRef(Node):
    role: ClassVar[str] = "ship"

    def ships(self) -> Callable[[Ctx], list[Ship]]:
        """A closure giving the ships meant, when the power runs."""
        raise NotImplementedError(type(self).__name__)


@dataclass(frozen=True)
class Trigger(Node):
    """An event a power listens to. `event` names the engine's event class; `binds` says what the
    event gives the power's words (`that player`, `that ship`, `that card`, `its payout`)."""

    role: ClassVar[str] = "trigger"
    event: ClassVar[str] = ""
    binds: ClassVar[frozenset[str]] = frozenset({"that player"})
    sides: ClassVar[tuple[str, ...]] = ("anyone",)  # the sides of the event it can be said from: actor, target, anyone
    reads: ClassVar[tuple[str, ...]] = ()  # the event fields its words read (checked against the engine's events)

    def matches(self) -> Any:
        """A closure (ctx, event) -> bool."""
        raise NotImplementedError(type(self).__name__)

    def event_name(self) -> str:
        return self.event

    def names_actor(self) -> bool:
        """Whether the event says who acted (`you contract ...`), so `once per turn for each player` can count."""
        return False

    def own_completion(self) -> bool:
        """A completion trigger: it does not fire for the completion that brings its own card into
        Shipments, unless the power says `this one included`."""
        return False

    def bind(self, ctx: Ctx, event: Any) -> None:
        """Set what the event gives the power's words: `that player` is its player, `that ship` its
        ship; numbers (`its payout`, `the bid`, `that many`) come from its fields."""
        seat = getattr(event, "player", None)
        if isinstance(seat, int):
            ctx.that = ctx.world.player(seat)
        ship = getattr(event, "ship", None)
        if ship is not None:
            ctx.ship = ship
        contracts = getattr(event, "contracts", None)
        if contracts:
            ctx.contracts = list(contracts)
        for name in EVENT_NUMBERS:
            value = getattr(event, name, None)
            if isinstance(value, int) and not isinstance(value, bool):
                ctx.values[name] = value


EVENT_NUMBERS = ("payout", "containers", "bid", "amount", "count", "carried")


@dataclass(frozen=True)
class RuleNode(Node):
    """A rule: `changes` lists (query, maker) pairs; a maker, given the context of the card that
    holds the rule, returns the modifier function the engine's query applies (value, *args) -> value."""

    role: ClassVar[str] = "rule"

    def changes(self) -> list[tuple[str, Maker]]:
        raise NotImplementedError(type(self).__name__)

    def of_this_contract(self) -> bool:
        """Whether it holds only while this card is a contract (`this contract ...`): such a rule has
        no duration of its own to be given."""
        return False


def card_matches(card: Card, good: str | None, action: str | None, lo: int, hi: int) -> bool:
    return ((good is None or card.good == good) and (action is None or card.action == action)
            and lo <= card.tier <= hi)


__all__ = ["Cards", "Condition", "Effect", "Group", "Place", "Players", "RuleNode", "ShipRef", "Trigger", "Value",
           "card_matches", "Card", "Ctx", "Number", "Player", "PlayersOf", "Run", "Test"]
