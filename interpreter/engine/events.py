"""The event catalogue: every rule point a card power can care about (DESIGN.md, "How data flows").

One class per event. The engine builds an event only when something listens to its type, so an
event no card uses costs one dictionary look-up. Each class's docstring is its documentation and
`text()` is how a watched game narrates it. Players are seat numbers (0-based); cards are `Card`s.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from interpreter.engine.state import Card, Ship

if TYPE_CHECKING:
    from collections.abc import Sequence


class Names:
    """How narration names players; the engine passes its players' display names."""

    def __init__(self, names: Sequence[str]):
        self.names = list(names)

    def __call__(self, seat: int) -> str:
        return self.names[seat]


def _cards(cards: Sequence[Card]) -> str:
    return ", ".join(c.name for c in cards) if cards else "nothing"


@dataclass(slots=True)
class Event:
    rule: ClassVar[str] = ""

    def text(self, n: Names) -> str:
        return type(self).__name__


@dataclass(slots=True)
class TurnStarted(Event):
    """A new turn begins with `leader` as leader (R4.1)."""
    rule = "R4.1"
    turn: int
    leader: int

    def text(self, n: Names) -> str:
        return f"--- Turn {self.turn}: {n(self.leader)} leads ---"


@dataclass(slots=True)
class ActionDeclared(Event):
    """The leader declares `action` by playing `cards` (one card, or a wild pair) (R4.2.2, R4.5)."""
    rule = "R4.2.2"
    player: int
    action: str
    cards: list[Card]

    def text(self, n: Names) -> str:
        return f"{n(self.player)} declares {self.action.upper()} with {_cards(self.cards)}"


@dataclass(slots=True)
class ActionFollowed(Event):
    """A non-leader follows the declared action by playing `cards` (R4.3.2)."""
    rule = "R4.3.2"
    player: int
    action: str
    cards: list[Card]

    def text(self, n: Names) -> str:
        return f"{n(self.player)} follows with {_cards(self.cards)}"

    @property
    def card_count(self) -> int:
        """How many cards followed: two for a wild pair (R4.5)."""
        return len(self.cards)


@dataclass(slots=True)
class DrawActionTaken(Event):
    """A player chose the draw action (as leader R4.2.1, or instead of following R4.3.1)."""
    rule = "R4.2.1"
    player: int
    as_leader: bool

    def text(self, n: Names) -> str:
        return f"{n(self.player)} draws" + (" (the turn ends)" if self.as_leader else "")


@dataclass(slots=True)
class CardsDrawn(Event):
    """`count` cards went from the deck into `player`'s hand (R0.4)."""
    rule = "R0.4"
    player: int
    count: int

    def text(self, n: Names) -> str:
        return f"{n(self.player)} draws {self.count} card{'s' if self.count != 1 else ''}"


@dataclass(slots=True)
class DeckReshuffled(Event):
    """The draw deck ran out and the discard pile was shuffled into a new deck (R3.7)."""
    rule = "R3.7"
    size: int

    def text(self, n: Names) -> str:
        return f"The discard pile ({self.size} cards) is shuffled into a new deck"


@dataclass(slots=True)
class CardsRevealed(Event):
    """A power made `player` reveal `cards` from `source` (the deck, a hand, ...): every player sees
    them; they stay where they are (R15)."""
    rule = "R15"
    player: int
    cards: list[Card]
    source: str

    def text(self, n: Names) -> str:
        return f"{n(self.player)} reveals {_cards(self.cards)} ({self.source})"


@dataclass(slots=True)
class InstancesGranted(Event):
    """After everyone chose, `player` has `count` instances of `action` this turn (R4.6)."""
    rule = "R4.6"
    player: int
    action: str
    count: int

    def text(self, n: Names) -> str:
        return f"{n(self.player)} has {self.count} {self.action} action{'s' if self.count != 1 else ''}"


@dataclass(slots=True)
class ContractMade(Event):
    """`player` contracted `card` on `ship`, spending `instances` contract instances (R6)."""
    rule = "R6.1"
    player: int
    card: Card
    ship: Ship
    instances: int

    def text(self, n: Names) -> str:
        extra = f" (spending {self.instances} actions)" if self.instances > 1 else ""
        return f"{n(self.player)} contracts {self.card.name} on the {self.ship.label}{extra}"


@dataclass(slots=True)
class ContractDiscarded(Event):
    """The leader discarded an uncompleted contract; its containers stay on the ship (R14)."""
    rule = "R14.1"
    player: int
    card: Card
    ship: Ship

    def text(self, n: Names) -> str:
        return f"{n(self.player)} discards the contract {self.card.name}"


@dataclass(slots=True)
class ContainerLoaded(Event):
    """`card` was loaded as a container onto `ship` of `player`; `by` is the action that did it
    (`load` or `pirate`) (R7, R11.2)."""
    rule = "R7.1"
    player: int
    card: Card
    ship: Ship
    by: str

    def text(self, n: Names) -> str:
        return f"{n(self.player)} loads {self.card.name} ({self.card.good}) onto the {self.ship.label}"


@dataclass(slots=True)
class LoadFinished(Event):
    """A load of `card` onto `ship` is over, the completion it caused included (R7.5): powers that
    answer a load (`when ... loads a container`) run here, after the ship completed and sailed. Once
    per container: a pair loaded with one action gives two."""
    rule = "R7.5"
    player: int
    card: Card
    ship: Ship
    by: str

    def text(self, n: Names) -> str:
        return ""


@dataclass(slots=True)
class ShipmentCompleted(Event):
    """Every slot of `ship` is filled: its shipment completes and pays `payout` (R8). Once per ship."""
    rule = "R8.2"
    player: int
    ship: Ship
    contracts: list[Card]
    containers: int
    payout: int

    def text(self, n: Names) -> str:
        return (f"{n(self.player)} completes {_cards(self.contracts)} on the {self.ship.label} "
                f"with {self.containers} containers and takes {self.payout}")


@dataclass(slots=True)
class ContractCompleted(Event):
    """One contract card of a completing ship enters its owner's Shipments (R8.2.3). Once per card;
    `contracts` are all the contracts completing on that ship; `ship` is None for a card a power put
    into Shipments as if just completed."""
    rule = "R8.2.3"
    player: int
    card: Card
    ship: Ship | None
    contracts: list[Card]

    def text(self, n: Names) -> str:
        return f"{self.card.name} enters the Shipments of {n(self.player)}"


@dataclass(slots=True)
class IslandSeeded(Event):
    """The top card of the deck was put on the supply island because a ship completed (R8.4)."""
    rule = "R8.4"
    card: Card

    def text(self, n: Names) -> str:
        return f"{self.card.name} is put on the supply island"


@dataclass(slots=True)
class ShipSailed(Event):
    """A completed ship sails to the open sea with its containers (R8.2.5)."""
    rule = "R8.2.5"
    player: int
    ship: Ship

    def text(self, n: Names) -> str:
        return f"The {self.ship.label} of {n(self.player)} sails with {len(self.ship.containers)} containers"


@dataclass(slots=True)
class ShipReturned(Event):
    """A ship at sea lost its last container and is back in its owner's harbor (R9.2); `carried`:
    the containers it put to sea with."""
    rule = "R9.2"
    player: int
    ship: Ship
    carried: int

    def text(self, n: Names) -> str:
        return f"The {self.ship.label} of {n(self.player)} returns to harbor"


@dataclass(slots=True)
class AuctionStarted(Event):
    """Import round `round`: the leader put `ship` up for auction among `participants` (R10.2, R10.4)."""
    rule = "R10.4"
    round: int
    ship: Ship
    participants: list[int]

    def text(self, n: Names) -> str:
        who = ", ".join(n(p) for p in self.participants)
        return f"Import round {self.round}: the {self.ship.label} ({_cards(self.ship.containers)}) is auctioned among {who}"


@dataclass(slots=True)
class BidsRevealed(Event):
    """The sealed bids of an import round, revealed together (R10.3): seat -> bid."""
    rule = "R10.3"
    bids: dict[int, int]

    def text(self, n: Names) -> str:
        return "Bids: " + ", ".join(f"{n(p)} {b}" for p, b in self.bids.items())


@dataclass(slots=True)
class ImportWon(Event):
    """`player` won an import from `ship` (None: a supply-island card auctioned by a power), paying
    `bid`; `to_imports`/`to_goods`/`discarded` say where the cards went (R10.5)."""
    rule = "R10.5"
    player: int
    ship: Ship | None
    bid: int
    to_imports: list[Card]
    to_goods: list[Card]
    discarded: list[Card]

    def text(self, n: Names) -> str:
        parts = []
        if self.to_imports:
            parts.append(f"{_cards(self.to_imports)} into Imports")
        if self.to_goods:
            parts.append(f"{_cards(self.to_goods)} into Goods")
        if self.discarded:
            parts.append(f"{_cards(self.discarded)} discarded (no room)")
        paid = f" for {self.bid}" if self.bid else " for free"
        return f"{n(self.player)} wins the import{paid}: " + "; ".join(parts)


@dataclass(slots=True)
class CardPirated(Event):
    """`player` pirated `card` from `source` (`sea` or `island`); `ship` is the ship it came from (R11.1)."""
    rule = "R11.1"
    player: int
    card: Card
    source: str
    ship: Ship | None

    def text(self, n: Names) -> str:
        where = f"the {self.ship.label}" if self.ship else "the supply island"
        return f"{n(self.player)} pirates {self.card.name} ({self.card.good}) from {where}"


@dataclass(slots=True)
class PirateFinished(Event):
    """A pirate instance is over: `card`, taken from `source` (`ship` it came from, if any), is placed
    (loaded, kept, discarded), the completion it caused included. Powers that answer a pirate action
    (`when ... pirates`) run here (R11.2, like LoadFinished for loads)."""
    rule = "R11.2"
    player: int
    card: Card
    source: str
    ship: Ship | None

    def text(self, n: Names) -> str:
        return ""


@dataclass(slots=True)
class CardSold(Event):
    """`player` sold `card` from hand onto the supply island for `price` (R12.1.1)."""
    rule = "R12.1.1"
    player: int
    card: Card
    price: int

    def text(self, n: Names) -> str:
        return f"{n(self.player)} sells {self.card.name} to the supply island for {self.price}"


@dataclass(slots=True)
class CardTakenFromIsland(Event):
    """`player` took `card` from the supply island into Imports (R12.1.2)."""
    rule = "R12.1.2"
    player: int
    card: Card

    def text(self, n: Names) -> str:
        return f"{n(self.player)} takes {self.card.name} from the supply island into Imports"


@dataclass(slots=True)
class GoodAdded(Event):
    """`card` entered `player`'s Goods area (R5.5)."""
    rule = "R5.5"
    player: int
    card: Card

    def text(self, n: Names) -> str:
        return f"{self.card.name} enters the Goods of {n(self.player)}"


@dataclass(slots=True)
class ImportAdded(Event):
    """`card` entered `player`'s Imports area (R13.2)."""
    rule = "R13.2"
    player: int
    card: Card

    def text(self, n: Names) -> str:
        return f"{self.card.name} enters the Imports of {n(self.player)}"


@dataclass(slots=True)
class CardDiscarded(Event):
    """`card` went to the discard pile from `source` (a hand, a ship, a pirate that found no slot, ...)."""
    rule = "R3.2"
    card: Card
    source: str

    def text(self, n: Names) -> str:
        return f"{self.card.name} is discarded ({self.source})"


@dataclass(slots=True)
class CreditsGained(Event):
    """`player` took `amount` credits from the bank for `reason` (R0.6)."""
    rule = "R0.6"
    player: int
    amount: int
    reason: str

    def text(self, n: Names) -> str:
        return f"{n(self.player)} takes {self.amount} ({self.reason})"


@dataclass(slots=True)
class CreditsPaid(Event):
    """`player` paid `amount` credits for `reason`, to the bank (`to` is None) or to another player (R0.6)."""
    rule = "R0.6"
    player: int
    amount: int
    to: int | None
    reason: str

    def text(self, n: Names) -> str:
        dest = "the bank" if self.to is None else n(self.to)
        return f"{n(self.player)} pays {self.amount} to {dest} ({self.reason})"


@dataclass(slots=True)
class GameEndTriggered(Event):
    """A game-end condition was met (R16.1); the turn is still finished (R16.2). `reason` is
    `credits`, `deck` or `instant`."""
    rule = "R16.1"
    reason: str
    player: int | None

    def text(self, n: Names) -> str:
        who = f" by {n(self.player)}" if self.player is not None else ""
        return f"*** The game end is triggered ({self.reason}){who} ***"


@dataclass(slots=True)
class TurnEnded(Event):
    """Clean-up is done: played cards are discarded (R4.9)."""
    rule = "R4.9"
    turn: int

    def text(self, n: Names) -> str:
        return ""


@dataclass(slots=True)
class GameEnded(Event):
    """The game is over and scored (R16.2, R17): `totals` per seat, `winners` seats."""
    rule = "R17"
    reason: str
    totals: list[int]
    winners: list[int]

    def text(self, n: Names) -> str:
        return f"The game ends ({self.reason}). Winner: {', '.join(n(w) for w in self.winners)}"


@dataclass(slots=True)
class PowerUsed(Event):
    """The power of `card` (owned by `player`) ran: `timing` is on_completion, triggered, any_time or
    game_end; `line` is the power as written (R15)."""
    rule = "R15"
    player: int
    card: Card
    timing: str
    line: str

    def text(self, n: Names) -> str:
        return f"  [{self.card.name} of {n(self.player)}] {self.line}"


@dataclass(slots=True)
class CardsGiven(Event):
    """`count` cards went from `giver`'s `zone` (hand, goods, shipments, imports) to `receiver`'s, by a power."""
    rule = "R15"
    giver: int
    receiver: int
    count: int
    zone: str

    def text(self, n: Names) -> str:
        return f"{n(self.giver)} gives {n(self.receiver)} {self.count} card{'s' if self.count != 1 else ''} ({self.zone})"


@dataclass(slots=True)
class CoinFlipped(Event):
    """A power flipped a coin for `player` (decided by the game's seeded RNG)."""
    rule = "R15"
    player: int
    heads: bool

    def text(self, n: Names) -> str:
        return f"{n(self.player)} flips a coin: {'heads' if self.heads else 'tails'}"


CATALOGUE: tuple[type[Event], ...] = tuple(
    cls for cls in list(globals().values())
    if isinstance(cls, type) and issubclass(cls, Event) and cls is not Event
)
