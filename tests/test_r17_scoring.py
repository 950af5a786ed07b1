"""R17 final scoring: currency, unfinished shipments, innate values, majorities, one of each, winner."""

from __future__ import annotations

import pytest

from interpreter.cards.model import GOOD_TYPES
from interpreter.engine.invariants import check
from interpreter.engine.scoring import finish, majority_awards, score_player
from tests.helpers import give, goods_of, new_game

BONUS = {"technology": 6, "agriculture": 6, "illegal": -6, "consumer": 6, "luxury": 8}


def _placed(game) -> set[str]:
    """Ids of cards on ships, in Shipments, Imports or Goods: cards a test must not move away."""
    ids = set()
    for p in game.players:
        for zone in (p.shipments, p.imports, p.goods):
            ids |= {c.id for c in zone}
        for s in p.ships:
            ids |= {c.id for c in s.containers + s.contracts}
    return ids


def _give_goods(game, p, good: str, n: int) -> None:
    """Move n cards of one good type (never from a ship or a scored area) into p's Goods."""
    ids = goods_of(game, good, n, exclude=_placed(game))
    assert len(ids) == n
    give(game, p.goods, *ids)


def _fresh(players: int = 3, **options):
    game = new_game(players=players, leader=0, **options)
    for p in game.players:
        assert not p.goods and not p.imports and not any(s.containers for s in p.ships if not s.at_sea)
    return game


# --- R17.3 currency -------------------------------------------------------------------------------

def test_currency_is_active_credits_plus_parked_credits_R17_3():
    game = _fresh()
    p = game.players[1]
    p.credits = 36
    parked_on = game.zones.deck.pop(0)  # credits parked on a completed card (Helicopter), R1.9.2
    parked_on.parked = 8
    p.shipments.append(parked_on)
    parts = score_player(game, p, 0)
    assert parts["credits"] == 36
    assert parts["parked"] == 8
    assert parts["total"] == 44


# --- R17.4 unfinished shipments -------------------------------------------------------------------

def test_containers_on_harbor_ship_score_2_each_not_at_sea_R17_4():
    game = _fresh()
    p = game.players[0]
    harbor, sea = p.ships
    assert not harbor.at_sea and sea.at_sea and len(sea.containers) == 4
    give(game, harbor.contracts, "flour")  # the contract card itself is not a container
    give(game, harbor.containers, "beer", "bok_choy", "chicken_feed")
    assert score_player(game, p, 0)["unfinished"] == 6
    # another player: only the 4 containers at sea, nothing in harbor -> 0
    other = game.players[1]
    assert len(other.ships[1].containers) == 4
    assert score_player(game, other, 0)["unfinished"] == 0


# --- R17.5 innate values --------------------------------------------------------------------------

def test_innate_values_one_each_and_two_for_illegal_R17_5():
    game = _fresh()
    p = game.players[0]
    give(game, p.shipments, "rope", "pants", "books")  # room in Goods (limit 2 + 2*3 = 8)
    for good in GOOD_TYPES:
        _give_goods(game, p, good, 1)
    _give_goods(game, p, "illegal", 1)
    assert score_player(game, p, 0)["innate"] == 4 * 1 + 2 * 2


def test_imports_have_no_innate_value_R17_5():
    game = _fresh()
    p = game.players[0]
    give(game, p.imports, "cannabis")  # an illegal card in Imports, not in Goods
    _give_goods(game, p, "technology", 1)
    assert score_player(game, p, 0)["innate"] == 1
    assert majority_awards(game) == [6, 0, 0]  # Imports do not count for majorities either


# --- R17.6 majorities -----------------------------------------------------------------------------

@pytest.mark.parametrize("good", GOOD_TYPES)
def test_majority_bonus_per_good_type_R17_6(good):
    game = _fresh()
    p1, p2, _ = game.players
    _give_goods(game, p1, good, 2)
    _give_goods(game, p2, good, 1)
    assert majority_awards(game) == [BONUS[good], 0, 0]


def test_no_majority_without_at_least_one_good_OQ_11():
    game = _fresh()
    assert majority_awards(game) == [0, 0, 0]  # nobody pays the illegal penalty at 0 goods
    _give_goods(game, game.players[1], "technology", 1)
    assert majority_awards(game) == [0, 6, 0]  # one good is enough; still nobody holds illegal goods


@pytest.mark.parametrize(("good", "tied", "share"), [
    ("technology", 2, 3),  # 6 between 2 -> 3
    ("luxury", 3, 3),      # 8 between 3 -> 2.67 -> 3
    ("consumer", 4, 2),    # 6 between 4 -> 1.5 -> 2
    ("illegal", 2, -3),    # -6 between 2 -> -3
    ("illegal", 3, -2),    # -6 between 3 -> -2
    ("illegal", 4, -1),    # -6 between 4 -> -1.5 -> -1 (rounded up, toward zero)
])
def test_tied_majority_shared_rounded_up_R17_6_1(good, tied, share):
    """`tied` players hold 2 goods each; one more player holds 1 and gets nothing."""
    game = _fresh(players=tied + 1)
    for p in game.players[:tied]:
        _give_goods(game, p, good, 2)
    _give_goods(game, game.players[tied], good, 1)
    assert majority_awards(game) == [share] * tied + [0]


@pytest.mark.parametrize(("good", "tied", "share"), [
    ("technology", 2, 4),  # 3 -> 4
    ("luxury", 3, 4),      # 3 -> 4
    ("consumer", 4, 2),    # 2 stays 2
    ("illegal", 3, -2),    # -2 stays -2
])
def test_tie_rounding_up_to_even_option_OQ_12(good, tied, share):
    game = _fresh(players=tied + 1, tie_rounding="up-to-even")
    for p in game.players[:tied]:
        _give_goods(game, p, good, 1)
    assert majority_awards(game) == [share] * tied + [0]


# --- R17.7 one of each ----------------------------------------------------------------------------

def test_one_of_each_bonus_for_every_qualifying_player_R17_7_OQ_29():
    game = _fresh()
    p1, p2, p3 = game.players
    for p, shipped in zip((p1, p2, p3), (("rope", "pants"), ("books", "chairs"), ("backpacks", "shampoo")), strict=True):
        give(game, p.shipments, *shipped)  # goods limit 6
    for good in GOOD_TYPES:
        _give_goods(game, p1, good, 1)
        _give_goods(game, p2, good, 1)
        if good != "luxury":
            _give_goods(game, p3, good, 1)
    assert score_player(game, p1, 0)["one_of_each"] == 10
    assert score_player(game, p2, 0)["one_of_each"] == 10  # not a majority: both get it
    assert score_player(game, p3, 0)["one_of_each"] == 0  # no luxury good
    check(game)


# --- R17.1, R17.10 totals and winner --------------------------------------------------------------

def test_final_total_sums_every_part_R17_1():
    game = _fresh()
    p1, p2, p3 = game.players
    p1.credits, p2.credits, p3.credits = 12, 20, 16
    give(game, p1.shipments, "rope", "pants")  # goods limit 6
    give(game, p1.ships[0].contracts, "flour")
    give(game, p1.ships[0].containers, "beer", "bok_choy")
    for good in GOOD_TYPES:
        _give_goods(game, p1, good, 1)
    _give_goods(game, p1, "illegal", 1)
    _give_goods(game, p2, "technology", 2)
    _give_goods(game, p3, "luxury", 1)
    # technology P2 +6; agriculture P1 +6; illegal P1 -6; consumer P1 +6; luxury P1/P3 tie 8/2 = 4
    assert majority_awards(game) == [10, 6, 4]
    result = finish(game)
    assert result.breakdown[0] == {"credits": 12, "parked": 0, "unfinished": 4, "innate": 8, "majorities": 10,
                                   "one_of_each": 10, "powers": 0, "total": 44}
    assert result.totals == [44, 28, 21]
    assert result.winners == [0]
    check(game)


def test_highest_total_wins_R17_10():
    game = _fresh()
    for p, credits in zip(game.players, (20, 30, 10), strict=True):
        p.credits = credits
    assert finish(game).winners == [1]


def test_tied_players_share_the_victory_R17_10():
    game = _fresh()
    for p, credits in zip(game.players, (20, 10, 18), strict=True):
        p.credits = credits
    _give_goods(game, game.players[2], "illegal", 1)  # 18 + 2 innate - 6 majority = 14
    _give_goods(game, game.players[1], "luxury", 1)  # 10 + 1 + 8 = 19
    give(game, game.players[2].ships[0].containers, "cups", "pens", "rope")  # 14 + 6 = 20
    result = finish(game)
    assert result.totals == [20, 19, 20]
    assert result.winners == [0, 2]
