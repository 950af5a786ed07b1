"""R4.5: the wild pairs of a hand. `wild_pairs` runs at every lead and follow and is written for
speed; this checks it against the plain reading of its rule on any hand (copies of one card, many
cards of one colour, pairs of 2 or 3 cards): the same pairs, in the same order (the order is the
order of the options, which replays and seeded games rely on)."""

from __future__ import annotations

from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from interpreter.engine.state import Card
from interpreter.engine.turn import wild_pairs
from tests.helpers import _BASE


def _reference(hand: list[Card], size: int) -> list[tuple[Card, ...]]:
    """Colour by colour in the order of the hand: one pair per combination of card ids, then the
    copies of one card together."""
    by_good: dict[str, list[Card]] = {}
    for card in hand:
        by_good.setdefault(card.good, []).append(card)
    pairs: list[tuple[Card, ...]] = []
    for same in by_good.values():
        if len(same) < size:
            continue
        copies: dict[str, list[Card]] = {}
        for card in same:
            copies.setdefault(card.id, []).append(card)
        if size == 2 and len(same) == 2:  # two cards of one colour: one pair, copies or not
            pairs.append((same[0], same[1]))
            continue
        pairs += combinations([cards[0] for cards in copies.values()], size)
        pairs += [tuple(cards[:size]) for cards in copies.values() if len(cards) >= size]
    return pairs


# a few cards of two colours, so that hands have colours twice and copies of one card
_DEFS = ([d for d in _BASE.by_id.values() if d.good == "agriculture"][:3]
         + [d for d in _BASE.by_id.values() if d.good == "consumer"][:2]
         + [d for d in _BASE.by_id.values() if d.good == "luxury"][:1])


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, len(_DEFS) - 1), max_size=9), st.sampled_from([2, 3]))
def test_wild_pairs_are_the_rule_s_pairs_in_order_r4_5(picks: list[int], size: int) -> None:
    hand = [Card(uid, _DEFS[i]) for uid, i in enumerate(picks)]
    assert wild_pairs(hand, size) == _reference(hand, size)


def test_a_hand_without_a_colour_twice_has_no_pair() -> None:
    hand = [Card(uid, d) for uid, d in enumerate({d.good: d for d in _BASE.by_id.values()}.values())]
    assert wild_pairs(hand, 2) == []
