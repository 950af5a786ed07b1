"""The card set a game plays with: the cards in deck order, by id, and their content hashes.

Separate from the loader (loader.py), which compiles powers with the power language: the engine
needs the set, not the language, and imports this module only (tests/test_layers.py)."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from dataclasses import dataclass, field

from interpreter.cards.model import CardDef


@dataclass
class CardSet:
    """The cards a game may use, in a stable order (the order of the deck before shuffling)."""

    cards: list[CardDef]
    by_id: dict[str, CardDef] = field(init=False)

    def __post_init__(self) -> None:
        self.by_id = {c.id: c for c in self.cards}

    def __len__(self) -> int:
        return len(self.cards)

    def only_sets(self, sets: Iterable[str]) -> CardSet:
        wanted = set(sets)
        return CardSet([c for c in self.cards if c.set in wanted])

    def set_names(self) -> list[str]:
        return sorted({c.set for c in self.cards})

    def card_hashes(self) -> dict[str, str]:
        """A short hash of each distinct card's content (facts and powers), by id."""
        return {c.id: card_hash(c) for c in self.by_id.values()}

    def fingerprint(self) -> str:
        """A hash of the whole card set: every card's content and the number of copies of each."""
        copies: dict[str, int] = {}
        for c in self.cards:
            copies[c.id] = copies.get(c.id, 0) + 1
        body = json.dumps([[i, h, copies[i]] for i, h in sorted(self.card_hashes().items())])
        return hashlib.sha256(body.encode()).hexdigest()[:16]


def card_hash(card: CardDef) -> str:
    facts = [card.id, card.name, card.set, card.good, card.action, card.tier, list(card.load), card.text,
             [p.text for p in card.powers]]
    if card.readings:  # only then: the hash of a card without readings stays what it was
        facts.append([[name, [p.text for p in powers]] for name, powers in card.readings])
    return hashlib.sha256(json.dumps(facts).encode()).hexdigest()[:12]
