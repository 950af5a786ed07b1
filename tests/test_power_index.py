"""The power index of a card set (powers/card_index.py): what the runtime looks up when a game starts
is worked out once per card set, says the same as walking every card's powers, and is never the
index of another card set (a card set made later may take the id of one gone)."""

from __future__ import annotations

import dataclasses
import gc
import weakref

from interpreter.cards.loader import CardSet
from interpreter.powers.card_index import _INDEXES, power_index
from tests.helpers import new_game


def _walked(card_set: CardSet) -> tuple[dict, bool, set, list]:  # type: ignore[type-arg]
    """What the runtime found by walking the cards at each game's start (before the index)."""
    cards = card_set.cards
    from_hand = {}
    for defn in cards:
        usable = tuple(p for p in defn.powers if p.timing == "any_time" and p.from_hand)
        if usable:
            from_hand[defn.id] = usable
    container = any(p.timing == "as_container" for c in cards for p in c.powers)
    ids = {c.id for c in cards for p in c.powers if p.timing == "as_contract"}
    rules = [(d.id, i, query, make) for d in {c.id: c for c in cards}.values() for p in d.powers
             if p.timing == "as_contract" for i, (query, make) in enumerate(p.changes)]
    return from_hand, container, ids, rules


def test_the_index_says_what_walking_the_cards_says(all_cards) -> None:  # type: ignore[no-untyped-def]
    index = power_index(all_cards)
    from_hand, container, ids, rules = _walked(all_cards)
    assert from_hand and ids and rules  # the printed cards have each kind: the comparison says something
    assert index.from_hand == from_hand
    assert list(index.from_hand) == list(from_hand)
    assert index.container_cards == container
    assert index.contract_ids == ids
    assert list(index.contract_rules) == rules


def test_games_of_one_card_set_share_its_index_and_own_their_tables(all_cards) -> None:  # type: ignore[no-untyped-def]
    a, b = new_game(players=3, cards=all_cards), new_game(players=4, cards=all_cards)
    assert a.card_set is b.card_set
    assert power_index(a.card_set) is power_index(b.card_set)
    assert a.powers.from_hand == b.powers.from_hand and a.powers.from_hand is not b.powers.from_hand
    assert a.powers.contract_rules.ids == b.powers.contract_rules.ids
    assert a.powers.contract_rules.ids is not b.powers.contract_rules.ids


def test_an_index_goes_with_its_card_set(all_cards) -> None:  # type: ignore[no-untyped-def]
    """A card set made after another is gone never finds the other's index, even under its id."""
    plain = [dataclasses.replace(c, powers=()) for c in all_cards.cards]
    for _ in range(4):
        gone = CardSet(list(all_cards.cards))
        assert power_index(gone).contract_ids
        key, ref = id(gone), weakref.ref(gone)
        del gone
        _collect_unless_gone(ref)
        assert key not in _INDEXES
        fresh = CardSet(plain)  # often at the address of the set just gone
        assert not power_index(fresh).contract_ids and not power_index(fresh).from_hand
        ref = weakref.ref(fresh)
        del fresh
        _collect_unless_gone(ref)


def _collect_unless_gone(ref: weakref.ref[CardSet]) -> None:
    """A card set is in no reference cycle, so it goes as soon as its last name is deleted; a collection
    is run only if it did not (a collection walks the whole heap: in a full test session, the eight
    this test ran cost 44 s of CPU)."""
    if ref() is not None:
        gc.collect()
    assert ref() is None
