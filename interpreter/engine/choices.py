"""The options of the engine's decisions as small typed records: what choosing one does, field by
field (the card played, the ship, the actions spent, ...), never a tuple whose places a reader must
know. A record is its own option: its `value` is itself, and its label is written from its fields when
read (most options of a decision never are), the same words as every game record keeps (labels and
indices are what replays match, docs/records.md).

Agents read the fields (the heuristic bot scores a `LoadCard` by its ship's open slots); the engine
tells the records apart by their class. Options whose value is one plain thing (a ship, a card, a bid,
`draw`, `None` to stop) stay plain `Option`s."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, ClassVar

from interpreter.engine.decisions import Option
from interpreter.engine.state import Card, Player, Ship


class Choice(Option):
    """An option that is its own value: a typed record (a dataclass subclass) labelled from its fields."""

    __slots__ = ()
    tag: ClassVar[str] = ""  # one word for what it does (`sell`, `deck`, ...), for observation encoders

    @property
    def value(self) -> Choice:  # read-only: the record is the value
        return self

    @property
    def label(self) -> str:  # type: ignore[override]  # read-only: written from the fields
        return self.describe()

    def describe(self) -> str:
        raise NotImplementedError(type(self).__name__)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "describe" in vars(cls):  # the label is the record's own describe, one call (not two): every chosen option is labelled
            cls.label = property(cls.describe)  # type: ignore[assignment,method-assign,misc]

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.label!r})"


def _instead(declared: str, performed: str) -> str:
    return "" if performed == declared else f" (taking {performed.upper()} actions instead)"


# --- the turn (R4) -------------------------------------------------------------------------------------

@dataclass(slots=True, eq=False)
class Play(Choice):
    """Declare (leading) or follow `declared` with `cards` from hand, one card or a wild pair (R4.2.2,
    R4.3.2, R4.5), and carry out `performed` (R4.6.7: another action, by a power)."""

    declared: str
    cards: tuple[Card, ...]
    performed: str
    pair: bool = False

    def describe(self) -> str:
        # the chosen lead or follow of every turn is labelled: the usual cases are written out (one
        # card, or a pair of two, carrying out the action declared), with no call to join them
        declared, cards = self.declared, self.cards
        instead = "" if self.performed == declared else _instead(declared, self.performed)
        if not self.pair:
            return f"{declared.upper()} with {cards[0].name}{instead}"
        if len(cards) == 2:
            return f"{declared.upper()} with the pair {cards[0].name} + {cards[1].name}{instead}"
        return f"{declared.upper()} with the pair {' + '.join([c.name for c in cards])}{instead}"


@dataclass(slots=True, eq=False)
class DiscardContract(Choice):
    """As leader, discard the uncompleted contract `card` from `ship` (R14)."""

    ship: Ship
    card: Card

    def describe(self) -> str:
        return f"discard the contract {self.card.name} from the {self.ship.label}"


# --- CONTRACT (R6) -------------------------------------------------------------------------------------

@dataclass(slots=True, eq=False)
class ContractCard(Choice):
    """Contract `card` from hand on `ship`, spending `spend` contract instances (R6.4) and paying
    `price` credits (a power's contract cost)."""

    card: Card
    ship: Ship
    spend: int
    price: int = 0

    def describe(self) -> str:
        card = self.card
        note = f", spending {self.spend} actions" if self.spend > 1 else ""
        note += f", paying {self.price}" if self.price else ""
        return f"contract {card.name} ({card.good} tier {card.tier}, loads {card.defn.load_text()}) on the {self.ship.label}{note}"


# --- LOAD (R7) -----------------------------------------------------------------------------------------

@dataclass(slots=True, eq=False)
class LoadCard(Choice):
    """Load `card` from hand onto `ship`, in an open slot (R7)."""

    tag: ClassVar[str] = "card"
    card: Card
    ship: Ship

    def describe(self) -> str:
        return f"load {self.card.name} ({self.card.good}) onto the {self.ship.label}"


@dataclass(slots=True, eq=False, init=False)
class LoadFromDeck(Choice):
    """Load the top card of the deck where it fits, else keep it in hand (a power)."""

    tag: ClassVar[str] = "deck"

    def __init__(self) -> None:
        """No field: the top card is the one there when the load is carried out."""

    def describe(self) -> str:
        return "load the top card of the deck (kept in hand if it fits nowhere)"


@dataclass(slots=True, eq=False)
class SellInsteadOfLoad(Choice):
    """Sell `card` from hand to the island for `price` instead of a load, once per turn (a power)."""

    tag: ClassVar[str] = "sell"
    card: Card
    price: int

    def describe(self) -> str:
        return f"sell {self.card.name} to the island for {self.price} instead of loading"


@dataclass(slots=True, eq=False)
class LoadPair(Choice):
    """Load two hand cards of one colour, `cards`, onto `ship` as one container of `good` (a power, R6.7)."""

    tag: ClassVar[str] = "pair"
    cards: tuple[Card, Card]
    ship: Ship
    good: str

    def describe(self) -> str:
        a, b = self.cards
        return f"load the pair {a.name} + {b.name} as one {self.good} container onto the {self.ship.label}"


# --- IMPORT (R10) --------------------------------------------------------------------------------------

@dataclass(slots=True, eq=False)
class TakeContainers(Choice):
    """Take `cards` from the auctioned ship, each to where `plan` says (Imports, Goods or discard, R10.5)."""

    cards: tuple[Card, ...]
    plan: tuple[str, ...]

    def describe(self) -> str:
        return "take " + "; ".join(f"{c.name} ({c.good}, {c.action}) to {where}" for c, where in zip(self.cards, self.plan, strict=True))


@dataclass(slots=True, eq=False)
class DeclineImport(TakeContainers):
    """Take nothing: an import won for nothing (alone, R10.3.3, or at a bid of 0) may be declined, as
    every action instance may (R0.5); the containers stay on the ship and its owner gets no fee."""

    def describe(self) -> str:
        return "take nothing (decline this import, R0.5)"


@dataclass(slots=True, eq=False)
class PlaceIslandCard(TakeContainers):
    """Put the island card won at auction (a power's auction, OQ-42) where `plan` says."""

    def describe(self) -> str:
        return f"put {self.cards[0].name} into your {self.plan[0]}"


# --- PIRATE (R11) --------------------------------------------------------------------------------------

@dataclass(slots=True, eq=False)
class PirateFromShip(Choice):
    """Take container `card` from `ship` of `owner`: at sea (R11.1), or in harbor where a power allows."""

    ship: Ship
    card: Card
    owner: Player
    harbor_note: bool = False  # the label says "in harbor" (a source a power opened to the PIRATE action)

    def describe(self) -> str:
        where = " in harbor" if self.harbor_note else ""
        return f"pirate {self.card.name} ({self.card.good}) from the {self.ship.label} of {self.owner.name}{where}"


@dataclass(slots=True, eq=False)
class PirateFromIsland(Choice):
    """Take `card` from the supply island (R11.1)."""

    card: Card

    def describe(self) -> str:
        return f"pirate {self.card.name} ({self.card.good}) from the supply island"


@dataclass(slots=True, eq=False)
class PirateFromHand(Choice):
    """Take a random card from the hand of `owner` (a power)."""

    tag: ClassVar[str] = "hand"
    owner: Player

    def describe(self) -> str:
        return f"pirate a random card from the hand of {self.owner.name}"


@dataclass(slots=True, eq=False, init=False)
class PirateFromDeck(Choice):
    """Take the top card of the deck (a power)."""

    tag: ClassVar[str] = "deck"

    def __init__(self) -> None:
        """No field: the top card is the one there when the pirate takes it."""

    def describe(self) -> str:
        return "pirate the top card of the deck"


@dataclass(slots=True, eq=False)
class KeepHalf(Choice):
    """Keep the pirated `card` aboard `ship` as half of a pair a second pirated container completes
    this turn (a power pairing containers)."""

    tag: ClassVar[str] = "half"
    ship: Ship
    card: Card

    def describe(self) -> str:
        return (f"keep {self.card.name} on the {self.ship.label} as half of a pair (a second {self.card.good} "
                "container pirated this turn completes it)")


@dataclass(slots=True, eq=False)
class CompletePair(Choice):
    """Load the pirated `card` with `half`, waiting aboard `ship`, as one container of `good`."""

    tag: ClassVar[str] = "pair"
    ship: Ship
    half: Card
    card: Card
    good: str

    def describe(self) -> str:
        return f"load {self.card.name} with {self.half.name} as one {self.good} container onto the {self.ship.label}"


# --- SUPPLY (R12) --------------------------------------------------------------------------------------

@dataclass(slots=True, eq=False)
class SellCard(Choice):
    """Sell `card` from hand to the supply island for `price` (R12.1.1)."""

    tag: ClassVar[str] = "sell"
    card: Card
    price: int

    def describe(self) -> str:
        return f"sell {self.card.name} to the island for {self.price}"


@dataclass(slots=True, eq=False)
class TakeIslandCard(Choice):
    """Take `card` from the supply island into Imports (R12.1.2)."""

    tag: ClassVar[str] = "take"
    card: Card

    def describe(self) -> str:
        return f"take {self.card.name} ({self.card.action}) from the island into Imports"


def fields_of(choice: Choice) -> list[Any]:
    """A record's field values, in order (what an encoder walks)."""
    return [getattr(choice, f.name) for f in dataclasses.fields(choice)]  # type: ignore[arg-type]  # every Choice is a dataclass
