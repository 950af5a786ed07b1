"""What the power runtime looks up in its card set when a game starts (which cards have any-time
powers usable from hand, `as a container` powers, `as a contract` rules), worked out once per card
set: a batch of games plays one card set many times, and walking every power of every card at each
game's start cost about 1% of a random game (a card set is not changed once made: CardSet.by_id
says so too)."""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import Any

from interpreter.cards.loader import CardSet
from interpreter.lang.timings import CompiledPower


class PowerIndex:
    """The powers of a card set by what the runtime does with them at a game's start."""

    __slots__ = ("from_hand", "container_cards", "contract_ids", "contract_rules")

    def __init__(self, card_set: CardSet):
        cards = card_set.cards
        # card id -> its any-time powers usable from hand
        self.from_hand: dict[str, tuple[CompiledPower, ...]] = {}
        for defn in cards:
            usable_in_hand = tuple(p for p in defn.powers if p.timing == "any_time" and p.from_hand)
            if usable_in_hand:
                self.from_hand[defn.id] = usable_in_hand
        self.container_cards = any(p.timing == "as_container" for c in cards for p in c.powers)
        self.contract_ids = frozenset(c.id for c in cards for p in c.powers if p.timing == "as_contract")
        # (card id, rule number, query, maker) of each `as a contract` rule, in the order of the cards
        self.contract_rules: tuple[tuple[str, int, str, Callable[..., Any]], ...] = tuple(
            (defn.id, i, query, make)
            for defn in {c.id: c for c in cards}.values()
            for power in defn.powers if power.timing == "as_contract"
            for i, (query, make) in enumerate(power.changes))


# id of a card set -> (a weak reference to it, its index); an entry goes when its card set does, so
# an id used again by a later card set never finds the index of another
_INDEXES: dict[int, tuple[weakref.ref[CardSet], PowerIndex]] = {}


def power_index(card_set: CardSet) -> PowerIndex:
    """The index of `card_set`, made the first time it is asked for."""
    key = id(card_set)
    entry = _INDEXES.get(key)
    if entry is not None and entry[0]() is card_set:
        return entry[1]
    index = PowerIndex(card_set)
    _INDEXES[key] = (weakref.ref(card_set, lambda _gone: _INDEXES.pop(key, None)), index)
    return index
