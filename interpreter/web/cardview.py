"""A card as the desk draws it: the facts of its face, its powers in English, its constructs; and
the card book a page embeds so that every card it shows gives its powers on hover or tap
(static/cards.js)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from interpreter.cards.model import ANY_COLOUR, CardDef
from interpreter.web.constructs import card_constructs


@dataclass(frozen=True)
class Container:
    colour: str  # a CSS colour class name: green, yellow, ..., or `any` (rainbow)
    good: str  # the good type, or `any`
    count: int


@dataclass(frozen=True)
class PowerLine:
    text: str  # as written
    english: str  # from explain


@dataclass(frozen=True)
class CardFace:
    id: str
    name: str
    set: str
    good: str
    colour: str
    action: str
    tier: int
    load: tuple[Container, ...]
    load_total: int
    powers: tuple[PowerLine, ...]
    text: str
    estimated: tuple[str, ...]
    pack: str
    copies: int
    constructs: tuple[str, ...]

    def search_text(self) -> str:
        """What the gallery's search box looks in."""
        return " ".join([self.id, self.name, self.good, self.action, self.set, self.pack, self.text,
                         *(p.text for p in self.powers), *(p.english for p in self.powers)]).lower()


def english(card: CardDef) -> tuple[PowerLine, ...]:
    return tuple(PowerLine(p.text, p.node.english()) for p in card.powers)


def card_face(card: CardDef, colours: dict[str, str], pack: str = "", copies: int = 1) -> CardFace:
    load = tuple(Container(ANY_COLOUR if c == ANY_COLOUR else colours.get(c, c), c, n) for c, n in card.load)
    return CardFace(card.id, card.name, card.set, card.good, colours.get(card.good, card.good), card.action, card.tier,
                    load, card.load_total, english(card), card.text, card.estimated, pack, copies,
                    tuple(card_constructs(card)))


def card_book(cards: Iterable[CardDef]) -> dict[str, dict[str, Any]]:
    """Each distinct card, by id, as the tips of static/cards.js show it: its facts and each power
    line with its English (as `importexport explain` gives it)."""
    book: dict[str, dict[str, Any]] = {}
    for card in cards:
        if card.id not in book:
            book[card.id] = {"name": card.name, "good": card.good, "action": card.action, "tier": card.tier,
                             "load": card.load_text(), "text": card.text,
                             "powers": [{"line": p.text, "english": p.node.english()} for p in card.powers]}
    return book
