"""`majorities held` (R17.6) as powers count it (lang/cards.py `majorities_held`): in how many good
types a player has the most goods, at least one, a tie counting unless `the_most=strict`. Checked
against the plain reading on any goods of up to five players, both ways of reading "the most"."""

from __future__ import annotations

from types import SimpleNamespace

from hypothesis import given, settings
from hypothesis import strategies as st

from interpreter.lang.cards import GOODS, majorities_held


class _World:
    """A stand-in for the world a power asks: goods by player and type, seats clockwise."""

    def __init__(self, goods: list[dict[str, int]], ties: bool):
        self.goods, self.ties = goods, ties

    def ties_are_the_most(self) -> bool:
        return self.ties

    def players_from(self, first: int) -> list[int]:
        n = len(self.goods)
        return [(first + i) % n for i in range(n)]

    def goods_of_type(self, p: int, good: str) -> int:
        return self.goods[p].get(good, 0)


def _reference(world: _World, p: int) -> int:
    held = 0
    for good in GOODS:
        mine = world.goods_of_type(p, good)
        others = [world.goods_of_type(q, good) for q in world.players_from(p)[1:]]
        if mine and all(k <= mine if world.ties else k < mine for k in others):
            held += 1
    return held


_goods = st.dictionaries(st.sampled_from(sorted(GOODS)), st.integers(0, 3))


@settings(max_examples=300, deadline=None)
@given(st.lists(_goods, min_size=2, max_size=5), st.booleans(), st.data())
def test_majorities_held_are_the_good_types_with_the_most_goods_r17_6(goods, ties, data) -> None:  # type: ignore[no-untyped-def]
    world = _World(goods, ties)
    p = data.draw(st.integers(0, len(goods) - 1))
    assert majorities_held(SimpleNamespace(world=world), p) == _reference(world, p)  # type: ignore[arg-type]


def test_a_tie_counts_unless_strict_and_none_is_no_majority() -> None:
    goods = [{"agriculture": 2, "consumer": 1}, {"agriculture": 2}, {}]
    assert majorities_held(SimpleNamespace(world=_World(goods, True)), 0) == 2  # type: ignore[arg-type]
    assert majorities_held(SimpleNamespace(world=_World(goods, False)), 0) == 1  # type: ignore[arg-type]
    assert majorities_held(SimpleNamespace(world=_World(goods, True)), 2) == 0  # type: ignore[arg-type]
