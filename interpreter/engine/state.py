"""Game state: every card instance and the zone it lies in (R3). Plain data; rules live elsewhere."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from interpreter.cards.model import CardDef


class Container(Protocol):
    """What the slots see of a container (R7.1): its good (its colour) and its card's id. A card is
    one; so is a loaded pair that counts as one container (`slots.PairContainer`)."""

    @property
    def good(self) -> str: ...

    @property
    def uid(self) -> int: ...


class Card:
    """One physical good card in a game. Several instances may share a `CardDef` (copies in a deck)."""

    __slots__ = ("uid", "defn", "id", "name", "good", "action", "tier", "load", "load_total", "parked")

    def __init__(self, uid: int, defn: CardDef):
        self.uid = uid
        self.defn = defn
        self.id = defn.id
        self.name = defn.name
        self.good = defn.good
        self.action = defn.action
        self.tier = defn.tier
        self.load = defn.load
        self.load_total = defn.load_total
        self.parked = 0  # passive credits kept on this card (R1.9.2): they go wherever the card goes

    def __repr__(self) -> str:
        return f"{self.name}#{self.uid}"


@dataclass(eq=False)
class Ship:
    """A ship card (R1.6). In harbor it holds contracts and loaded containers; at sea, containers only."""

    owner: int
    colour: str
    twin: int  # 0 or 1: which of the owner's two ships
    at_sea: bool = False
    completing: bool = False  # between completion and sailing (R8.2): not available for contracts
    contracts: list[Card] = field(default_factory=list)  # in the order they were made (R8.2.3)
    containers: list[Card] = field(default_factory=list)
    pairs: list[tuple[int, int]] = field(default_factory=list)  # two containers loaded to count as one
    halves: list[int] = field(default_factory=list)  # pirated cards waiting aboard for the second of a pair
    sailed_with: int = 0  # containers aboard when it last put to sea (dealt at setup, R2.8; or sailing, R8.2.5)

    @property
    def label(self) -> str:
        return f"{self.colour} ship {self.twin + 1}"


@dataclass(eq=False)
class Player:
    seat: int
    colour: str
    colour_good: str | None  # the good type the ship colour gives a level in (None: grey, R2.4)
    credits: int = 0
    hand: list[Card] = field(default_factory=list)
    shipments: list[Card] = field(default_factory=list)  # completed contracts (R13.1)
    imports: list[Card] = field(default_factory=list)
    goods: list[Card] = field(default_factory=list)
    played: list[Card] = field(default_factory=list)  # declared/followed this turn, discarded at clean-up (R4.9)
    ships: list[Ship] = field(default_factory=list)
    end_points: int = 0  # what end-game powers scored (R17.8)
    virtual_goods: dict[str, int] = field(default_factory=dict)  # goods that count without a card (R5.1, OQ-36)
    held_over_limit: tuple[int, int] = (0, 0)  # imports, goods held when a limit shrank below them (R13.6)
    sales_this_turn: int = 0
    drew_this_turn: bool = False

    @property
    def name(self) -> str:
        return f"P{self.seat + 1} ({self.colour})"

    def parked_credits(self) -> int:
        """Passive credits on the cards of the player's harbor areas, scored at game end (R1.9.2,
        R17.3): they belong to the card, so a card another power moves takes them along."""
        return sum(c.parked for area in (self.shipments, self.goods, self.imports) for c in area)

    def harbor_ships(self) -> list[Ship]:
        """Available ships (R3.3): in harbor, and not in the middle of completing."""
        return [s for s in self.ships if not s.at_sea and not s.completing]


@dataclass(eq=False)
class Zones:
    """The shared zones (R3.2). The top of the deck is the end of the list."""

    deck: list[Card] = field(default_factory=list)
    discard: list[Card] = field(default_factory=list)
    island: list[Card] = field(default_factory=list)


def remove_container(ship: Ship, card: Card) -> None:
    """Take a container off a ship, undoing a pair it was part of."""
    ship.containers.remove(card)
    if ship.pairs:
        ship.pairs = [pair for pair in ship.pairs if card.uid not in pair]
    if card.uid in ship.halves:
        ship.halves.remove(card.uid)


def count_goods(cards: list[Card], good: str) -> int:
    n = 0
    for c in cards:
        if c.good == good:
            n += 1
    return n
