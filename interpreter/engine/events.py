"""The event catalogue: every rule point a card power can care about (DESIGN.md, "How data flows").

One class per event, its fields declared (a dataclass built by keyword only: `game.emit(ContractMade,
player=..., card=..., ...)`, so a field misnamed at an emit fails at once). The engine builds an event
only when something listens to its type, so an event no card uses costs one dictionary look-up.

Each class says, besides its fields (docs/reference.md is generated from these):
- its docstring: what happened, with the rule it follows;
- `fires`: the moment it fires. An event fires once the thing it names has happened (the card is in
  hand, the credits are paid), unless `fires` says "before";
- `actor`: the field naming who acted (a seat; None in a path where nobody did), or None for the
  few events that no one player does (`quiet` says why);
- `target`: the field naming the other player it was done to (the pirated ship's owner, the player
  paid, ...), "" if none; `target_is` says who that is, in words;
- `quiet`: "" when a power may listen to it; otherwise why none can;
- `text()`: how a watched game narrates it ("" for nothing).

Players are seat numbers (0-based); cards are `Card`s.
"""

from __future__ import annotations

import dataclasses
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


@dataclass(slots=True, kw_only=True)
class Event:
    rule: ClassVar[str] = ""
    fires: ClassVar[str] = ""
    actor: ClassVar[str | None] = "player"
    target: ClassVar[str] = ""
    target_is: ClassVar[str] = ""
    quiet: ClassVar[str] = ""

    def text(self, n: Names) -> str:
        return type(self).__name__


@dataclass(slots=True, kw_only=True)
class TurnStarted(Event):
    """A new turn begins with `leader` as leader (R4.1)."""
    rule = "R4.1"
    fires = "before the leader chooses what to lead"
    actor = "leader"
    turn: int
    leader: int

    def text(self, n: Names) -> str:
        return f"--- Turn {self.turn}: {n(self.leader)} leads ---"


@dataclass(slots=True, kw_only=True)
class ActionDeclared(Event):
    """The leader declares `action` by playing `cards` (one card, or a wild pair) (R4.2.2, R4.5)."""
    rule = "R4.2.2"
    fires = "once the cards are played, before the others follow"
    player: int
    action: str
    cards: list[Card]

    def text(self, n: Names) -> str:
        return f"{n(self.player)} declares {self.action.upper()} with {_cards(self.cards)}"


@dataclass(slots=True, kw_only=True)
class ActionFollowed(Event):
    """A non-leader follows the action `leader` declared by playing `cards` (R4.3.2)."""
    rule = "R4.3.2"
    fires = "once the cards are played, before the next player chooses"
    target = "leader"
    target_is = "the leader whose action is followed"
    player: int
    action: str
    cards: list[Card]
    leader: int

    def text(self, n: Names) -> str:
        return f"{n(self.player)} follows with {_cards(self.cards)}"

    @property
    def card_count(self) -> int:
        """How many cards followed: two for a wild pair (R4.5)."""
        return len(self.cards)


@dataclass(slots=True, kw_only=True)
class CardPlayed(Event):
    """`player` played `card` from hand to lead (`leading`) or to follow `action` (R4.2.2, R4.3.2);
    once per card: a wild pair plays two (R4.5)."""
    rule = "R4.2.2"
    fires = "once the card is played and the action declared or followed"
    player: int
    card: Card
    action: str
    leading: bool

    def text(self, n: Names) -> str:
        return ""  # ActionDeclared and ActionFollowed narrate the play


@dataclass(slots=True, kw_only=True)
class DrawActionTaken(Event):
    """A player took the draw action (as leader R4.2.1, or instead of following R4.3.1) and drew
    `count` cards."""
    rule = "R4.2.1"
    fires = "after the cards are drawn into hand"
    player: int
    as_leader: bool
    count: int

    def text(self, n: Names) -> str:
        return f"{n(self.player)} took the draw action" + (" (the turn ends)" if self.as_leader else "")


@dataclass(slots=True, kw_only=True)
class CardsDrawn(Event):
    """`count` cards went from the deck into `player`'s hand (R0.4)."""
    rule = "R0.4"
    fires = "after the cards are in hand"
    player: int
    count: int

    def text(self, n: Names) -> str:
        return f"{n(self.player)} draws {self.count} card{'s' if self.count != 1 else ''}"


@dataclass(slots=True, kw_only=True)
class DeckReshuffled(Event):
    """The draw deck ran out and the discard pile was shuffled into a new deck of `size` cards (R3.7);
    `player` is the player who was drawing (None: a power looking at the deck, or seeding the island
    for nobody)."""
    rule = "R3.7"
    fires = "after the new deck is made, before the card is drawn from it"
    size: int
    player: int | None

    def text(self, n: Names) -> str:
        return f"The discard pile ({self.size} cards) is shuffled into a new deck"


@dataclass(slots=True, kw_only=True)
class InstancesGranted(Event):
    """After everyone chose, `player` has `count` instances of `action` this turn (R4.6)."""
    rule = "R4.6"
    fires = "after every player has led, followed or drawn, before the actions are carried out"
    player: int
    action: str
    count: int

    def text(self, n: Names) -> str:
        return f"{n(self.player)} has {self.count} {self.action} action{'s' if self.count != 1 else ''}"


@dataclass(slots=True, kw_only=True)
class ContractMade(Event):
    """`player` contracted `card` on `ship`, spending `instances` contract instances (0: a power made
    it) (R6)."""
    rule = "R6.1"
    fires = "once the card is on the ship, before a completion it causes (R6.8)"
    player: int
    card: Card
    ship: Ship
    instances: int

    def text(self, n: Names) -> str:
        extra = f" (spending {self.instances} actions)" if self.instances > 1 else ""
        return f"{n(self.player)} contracts {self.card.name} on the {self.ship.label}{extra}"


@dataclass(slots=True, kw_only=True)
class ContractDiscarded(Event):
    """The leader discarded an uncompleted contract; its containers stay on the ship (R14)."""
    rule = "R14.1"
    fires = "once the contract is off the ship"
    player: int
    card: Card
    ship: Ship

    def text(self, n: Names) -> str:
        return f"{n(self.player)} discards the contract {self.card.name}"


@dataclass(slots=True, kw_only=True)
class ContainerLoaded(Event):
    """`card` was loaded as a container onto `ship` of `player`; `by` is what did it (`load`, `pirate`
    or `power`) (R7, R11.2)."""
    rule = "R7.1"
    fires = "once the container is aboard, before the completion it causes"
    player: int
    card: Card
    ship: Ship
    by: str

    def text(self, n: Names) -> str:
        return f"{n(self.player)} loads {self.card.name} ({self.card.good}) onto the {self.ship.label}"


@dataclass(slots=True, kw_only=True)
class LoadFinished(Event):
    """A load of `card` onto `ship` is over, the completion it caused included (R7.5): powers that
    answer a load (`when ... loads a container`) run here, after the ship completed and sailed. Once
    per container: a pair loaded with one action gives two."""
    rule = "R7.5"
    fires = "after the load and the completion it caused"
    player: int
    card: Card
    ship: Ship
    by: str

    def text(self, n: Names) -> str:
        return ""


@dataclass(slots=True, kw_only=True)
class ShipmentCompleted(Event):
    """Every slot of `ship` is filled: its shipment completes and pays `payout` (R8). Once per ship.
    It comes after the whole completion but the sailing: the island seeded, the payout, every
    contract into Shipments with its one-time powers and the triggers they set off (ContractCompleted,
    R8.2.3), and the `as a container` powers (R8.2.4); ShipSailed follows (R8.2.5). `containers`
    counts only the containers paid for, those filling a slot of `contracts` (OQ-47): leftovers of
    a discarded contract sail with the ship unpaid and uncounted."""
    rule = "R8.2"
    fires = "after the payout and the contracts' one-time powers, before the ship sails (R8.2.4)"
    player: int
    ship: Ship
    contracts: list[Card]
    containers: int
    payout: int

    def text(self, n: Names) -> str:
        return (f"{n(self.player)} completes {_cards(self.contracts)} on the {self.ship.label} "
                f"with {self.containers} containers and takes {self.payout}")


@dataclass(slots=True, kw_only=True)
class ContractCompleted(Event):
    """One contract card of a completing ship enters its owner's Shipments (R8.2.3). Once per card;
    `contracts` are all the contracts completing on that ship; `ship` is None for a card a power put
    into Shipments as if just completed."""
    rule = "R8.2.3"
    fires = "once the card is in Shipments, before its one-time powers run"
    player: int
    card: Card
    ship: Ship | None
    contracts: list[Card]

    def text(self, n: Names) -> str:
        return f"{self.card.name} enters the Shipments of {n(self.player)}"


@dataclass(slots=True, kw_only=True)
class IslandSeeded(Event):
    """The top card of the deck was put on the supply island (R8.4): `player` completed a ship, or a
    power of `player` put it there."""
    rule = "R8.4"
    fires = "once the card is on the island"
    card: Card
    player: int | None

    def text(self, n: Names) -> str:
        return f"{self.card.name} is put on the supply island"


@dataclass(slots=True, kw_only=True)
class ShipSailed(Event):
    """A completed ship of `player` sails to the open sea with its containers (R8.2.5)."""
    rule = "R8.2.5"
    fires = "once the ship is at sea"
    player: int
    ship: Ship

    def text(self, n: Names) -> str:
        return f"The {self.ship.label} of {n(self.player)} sails with {len(self.ship.containers)} containers"


@dataclass(slots=True, kw_only=True)
class ShipReturned(Event):
    """A ship of `player` at sea lost its last container and is back in harbor (R9.2); `by` took that
    container (None: nobody, as when a power emptied a ship before it sailed); `carried`: the
    containers it put to sea with."""
    rule = "R9.2"
    fires = "once the ship is back in harbor"
    actor = "by"
    target = "player"
    target_is = "the ship's owner"
    player: int
    ship: Ship
    carried: int
    by: int | None

    def text(self, n: Names) -> str:
        return f"The {self.ship.label} of {n(self.player)} returns to harbor"


@dataclass(slots=True, kw_only=True)
class AuctionStarted(Event):
    """Import round `round`: `player` (the leader, or the player importing alone) put `ship` of `owner`
    up for auction among `participants` (R10.2, R10.4), carrying `containers` as it was put up (a
    log written later, once the winner has taken them, still names them)."""
    rule = "R10.4"
    fires = "once the ship is chosen, before the bids"
    target = "owner"
    target_is = "the auctioned ship's owner"
    round: int
    ship: Ship
    participants: list[int]
    player: int
    owner: int
    containers: list[Card]

    def text(self, n: Names) -> str:
        who = ", ".join(n(p) for p in self.participants)
        return f"Import round {self.round}: the {self.ship.label} ({_cards(self.containers)}) is auctioned among {who}"


@dataclass(slots=True, kw_only=True)
class BidsRevealed(Event):
    """The sealed bids of an import round, revealed together (R10.3): seat -> bid."""
    rule = "R10.3"
    fires = "once every bid is made, before the winner is known"
    actor = None
    quiet = "all the bidders reveal at once: a power listens to each bid (`ACTOR bid(s)`, event BidPlaced)"
    bids: dict[int, int]

    def text(self, n: Names) -> str:
        return "Bids: " + ", ".join(f"{n(p)} {b}" for p, b in self.bids.items())


@dataclass(slots=True, kw_only=True)
class BidPlaced(Event):
    """`player` bid `bid` in import round `round` (R10.3); one event per bidder, in seat order from the
    leader, when the bids are revealed."""
    rule = "R10.3"
    fires = "when the bids are revealed, before the winner is known"
    player: int
    bid: int
    round: int

    def text(self, n: Names) -> str:
        return ""  # BidsRevealed narrates the bids together


@dataclass(slots=True, kw_only=True)
class AuctionLost(Event):
    """`player` bid `bid` in an import auction that `winner` won (R10.3); once per losing bidder."""
    rule = "R10.3.1"
    fires = "after the winner has taken and placed the containers"
    target = "winner"
    target_is = "the winner of the auction"
    player: int
    bid: int
    winner: int

    def text(self, n: Names) -> str:
        return ""


@dataclass(slots=True, kw_only=True)
class ImportWon(Event):
    """`player` won an import from `ship` (None: a supply-island card auctioned by a power), paying
    `bid`; `to_imports`/`to_goods`/`discarded` say where the cards went (R10.5); `owner` is the ship's
    owner (for an island card, the player whose power auctioned it). `by` is `action` for an import
    made by an Import action (an auction round, or a free Import action a power grants) and `power`
    for one a power makes directly (`import N containers ...`)."""
    rule = "R10.5"
    fires = "after the bid is paid and the cards placed, before an emptied ship returns"
    target = "owner"
    target_is = "the owner of the ship imported from"
    player: int
    ship: Ship | None
    bid: int
    to_imports: list[Card]
    to_goods: list[Card]
    discarded: list[Card]
    owner: int
    by: str = "action"

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


@dataclass(slots=True, kw_only=True)
class CardPirated(Event):
    """`player` pirated `card` from `source` (`sea`, `harbor`, `island`, `hand`, `deck`); `ship` is the
    ship it came from, `victim` the player it was taken from (None: the island or the deck) (R11.1)."""
    rule = "R11.1"
    fires = "once the card is taken, before it is placed (R11.2)"
    target = "victim"
    target_is = "the player the card was taken from"
    player: int
    card: Card
    source: str
    ship: Ship | None
    victim: int | None

    def text(self, n: Names) -> str:
        where = f"the {self.ship.label}" if self.ship else "the supply island"
        return f"{n(self.player)} pirates {self.card.name} ({self.card.good}) from {where}"


@dataclass(slots=True, kw_only=True)
class PirateFinished(Event):
    """A pirate instance is over: `card`, taken from `source` (`ship` it came from, if any; `victim`
    its owner), is placed (loaded, kept, discarded), the completion it caused included. Powers that
    answer a pirate action (`when ... pirates`) run here (R11.2, like LoadFinished for loads)."""
    rule = "R11.2"
    fires = "after the card is placed and the completion it caused"
    target = "victim"
    target_is = "the player the card was taken from"
    player: int
    card: Card
    source: str
    ship: Ship | None
    victim: int | None

    def text(self, n: Names) -> str:
        return ""


@dataclass(slots=True, kw_only=True)
class CardSold(Event):
    """`player` sold `card` onto the supply island for `price` (R12.1.1; by a power's `sell` too)."""
    rule = "R12.1.1"
    fires = "once the card is on the island and the price paid"
    player: int
    card: Card
    price: int

    def text(self, n: Names) -> str:
        return f"{n(self.player)} sells {self.card.name} to the supply island for {self.price}"


@dataclass(slots=True, kw_only=True)
class CardTakenFromIsland(Event):
    """`player` took `card` from the supply island into Imports (R12.1.2)."""
    rule = "R12.1.2"
    fires = "once the card is in Imports"
    player: int
    card: Card

    def text(self, n: Names) -> str:
        return f"{n(self.player)} takes {self.card.name} from the supply island into Imports"


@dataclass(slots=True, kw_only=True)
class GoodAdded(Event):
    """`card` entered `player`'s Goods area (R5.5)."""
    rule = "R5.5"
    fires = "once the card is in Goods"
    player: int
    card: Card

    def text(self, n: Names) -> str:
        return f"{self.card.name} enters the Goods of {n(self.player)}"


@dataclass(slots=True, kw_only=True)
class ImportAdded(Event):
    """`card` entered `player`'s Imports area (R13.2)."""
    rule = "R13.2"
    fires = "once the card is in Imports"
    player: int
    card: Card

    def text(self, n: Names) -> str:
        return f"{self.card.name} enters the Imports of {n(self.player)}"


@dataclass(slots=True, kw_only=True)
class CardDiscarded(Event):
    """`card` went to the discard pile from `source` (a hand, a ship, a pirate that found no slot, ...);
    `player` held it (None: it came from the island or the deck)."""
    rule = "R3.2"
    fires = "once the card is on the discard pile"
    card: Card
    source: str
    player: int | None

    def text(self, n: Names) -> str:
        return f"{self.card.name} is discarded ({self.source})"


@dataclass(slots=True, kw_only=True)
class CardsRevealed(Event):
    """`player` revealed `cards` from `source` (a hand, the deck, ...) by a power (`reveal CARDS`): every
    player sees them; they stay where they are (R15)."""
    rule = "R15"
    fires = "once the cards are shown"
    player: int
    cards: list[Card]
    source: str

    def text(self, n: Names) -> str:
        return f"{n(self.player)} reveals {_cards(self.cards)} ({self.source})"


@dataclass(slots=True, kw_only=True)
class CreditsGained(Event):
    """`player` took `amount` credits from the bank for `reason` (R0.6)."""
    rule = "R0.6"
    fires = "once the credits are taken"
    player: int
    amount: int
    reason: str

    def text(self, n: Names) -> str:
        return f"{n(self.player)} takes {self.amount} ({self.reason})"


@dataclass(slots=True, kw_only=True)
class CreditsPaid(Event):
    """`player` paid `amount` credits for `reason`, to the bank (`to` is None) or to another player (R0.6)."""
    rule = "R0.6"
    fires = "once both sides' credits have changed"
    target = "to"
    target_is = "the player paid"
    player: int
    amount: int
    to: int | None
    reason: str

    def text(self, n: Names) -> str:
        dest = "the bank" if self.to is None else n(self.to)
        return f"{n(self.player)} pays {self.amount} to {dest} ({self.reason})"


@dataclass(slots=True, kw_only=True)
class GameEndTriggered(Event):
    """A game-end condition was met (R16.1); the turn is still finished (R16.2). `reason` is
    `credits`, `deck` or `instant`; `player` met it (None: the deck ran out)."""
    rule = "R16.1"
    fires = "once the condition is met; the turn goes on (R16.2)"
    reason: str
    player: int | None

    def text(self, n: Names) -> str:
        who = f" by {n(self.player)}" if self.player is not None else ""
        return f"*** The game end is triggered ({self.reason}){who} ***"


@dataclass(slots=True, kw_only=True)
class TurnEnded(Event):
    """Clean-up is done: played cards are discarded (R4.9); `leader` led the turn."""
    rule = "R4.9"
    fires = "after the clean-up"
    actor = "leader"
    turn: int
    leader: int

    def text(self, n: Names) -> str:
        return ""


@dataclass(slots=True, kw_only=True)
class GameEnded(Event):
    """The game is over and scored (R16.2, R17): `totals` per seat, `winners` seats."""
    rule = "R17"
    fires = "after the final scoring"
    actor = None
    quiet = "the game is over: nothing can happen after it (a power works at game end with `at game end:`)"
    reason: str
    totals: list[int]
    winners: list[int]

    def text(self, n: Names) -> str:
        return f"The game ends ({self.reason}). Winner: {', '.join(n(w) for w in self.winners)}"


@dataclass(slots=True, kw_only=True)
class PowerUsed(Event):
    """The power of `card` (owned by `player`) ran: `timing` is on_completion, triggered, any_time,
    game_end, standing, on_contract, as_container, or rule / as_contract when a rule starts to hold;
    `line` is the power as written (R15); `answering` the event a triggered power answered ("" if
    none)."""
    rule = "R15"
    fires = "when the power starts to run, before its effects"
    player: int
    card: Card
    timing: str
    line: str
    answering: str = ""

    def text(self, n: Names) -> str:
        return f"  [{self.card.name} of {n(self.player)}] {self.line}"


@dataclass(slots=True, kw_only=True)
class CardsGiven(Event):
    """`count` cards went from `giver`'s `zone` (hand, goods, shipments, imports) to `receiver`'s, by a power."""
    rule = "R15"
    fires = "once the cards are with the receiver"
    actor = "giver"
    target = "receiver"
    target_is = "the player given the cards"
    giver: int
    receiver: int
    count: int
    zone: str

    def text(self, n: Names) -> str:
        return f"{n(self.giver)} gives {n(self.receiver)} {self.count} card{'s' if self.count != 1 else ''} ({self.zone})"


@dataclass(slots=True, kw_only=True)
class CoinFlipped(Event):
    """A power flipped a coin for `player` (decided by the game's seeded RNG)."""
    rule = "R15"
    fires = "once the coin has landed"
    player: int
    heads: bool

    def text(self, n: Names) -> str:
        return f"{n(self.player)} flips a coin: {'heads' if self.heads else 'tails'}"


CATALOGUE: tuple[type[Event], ...] = tuple(
    cls for cls in list(globals().values())
    if isinstance(cls, type) and issubclass(cls, Event) and cls is not Event
)


def field_names(cls: type[Event]) -> tuple[str, ...]:
    """The fields an event of this type carries, and what it says of them (`card_count`): what a
    power's words may read."""
    said = tuple(name for name, value in vars(cls).items() if isinstance(value, property))
    return tuple(f.name for f in dataclasses.fields(cls)) + said


def sides(cls: type[Event]) -> tuple[str, ...]:
    """The sides a power can listen to this event from: `actor` (what a player did), `target` (what
    was done to a player), `anyone` (whoever did it); none for a quiet event."""
    if cls.quiet:
        return ()
    return tuple(side for side, present in (("actor", cls.actor), ("target", cls.target), ("anyone", True)) if present)


def _check_catalogue() -> None:
    """Every event says when it fires, and who acted (or why nobody did): checked at import."""
    for cls in CATALOGUE:
        names = field_names(cls)
        if not cls.fires or not cls.__doc__:
            raise TypeError(f"event {cls.__name__}: say what it is (docstring) and when it fires (`fires`)")
        if cls.actor is None and not cls.quiet:
            raise TypeError(f"event {cls.__name__}: name the field of who acted (`actor`), or say why nobody did (`quiet`)")
        for side in (cls.actor, cls.target):
            if side and side not in names:
                raise TypeError(f"event {cls.__name__}: `{side}` is not one of its fields ({', '.join(names)})")
        if cls.target and not cls.target_is:
            raise TypeError(f"event {cls.__name__}: say who its target is (`target_is`)")


_check_catalogue()
