"""One idea, one construct: phrasings a designer may write for the same thing build the same node,
and the general form of each idea runs in a game where it matters (issue 11, "one home per construct")."""

from __future__ import annotations

import pytest

from interpreter.lang import parse_power
from interpreter.lang.check import check_power
from tests.helpers import clear, give, new_game
from tests.test_power_runtime import _contract_wheat_with, _soap_owner, with_powers


def _effects(line: str):  # type: ignore[no-untyped-def]
    power, problems = parse_power(line)
    assert power is not None and not problems, problems
    return power.effects


@pytest.mark.parametrize(("placed", "owned"), [
    ("at game end: score 1 for each card in your hand", "at game end: score 1 for each of your hand"),
    ("at game end: score 1 for each luxury good in your goods", "at game end: score 1 for each of your luxury goods"),
    ("at game end: score 1 for each container on your ships", "at game end: score 1 for each of your containers"),
    ("at game end: score 1 for each card in each other player's hand", "at game end: score 1 for each of each other player's hand"),
])
def test_cards_in_a_place_and_cards_of_an_area_are_one_node(placed, owned):
    """`card in your hand` and `of your hand` name the same cards: the same node, the same English."""
    assert _effects(placed) == _effects(owned)
    assert parse_power(placed)[0].english() == parse_power(owned)[0].english()


@pytest.mark.parametrize("island", [0, 1, 3])
def test_cards_on_a_shared_place_are_counted(island):
    """`for each card on the island`: a shared place, counted where the power runs."""
    game = new_game(players=2, cards=with_powers(soap=["when you contract a card: gain 2 for each card on the island"]))
    p = _soap_owner(game)
    clear(game, game.zones.island)
    give(game, game.zones.island, *["rice", "sugar", "pens"][:island])
    p.credits = 10
    _contract_wheat_with(game, p)
    assert p.credits == 10 + 2 * island


@pytest.mark.parametrize(("top", "gained"), [(("gold_watches", "cups", "rice"), 0),
                                             (("gold_watches", "ferraris", "rice"), 4),
                                             (("gold_watches", "ferraris", "cologne"), 4)])
def test_that_many_cards_drawn_of_a_kind(top, gained):
    """`if 2 cards drawn are luxury cards`: at least that many of the cards this power drew fit."""
    game = new_game(players=2, cards=with_powers(soap=["when you contract a card: draw 3 then if 2 cards drawn are "
                                                        "luxury cards then gain 4"]))
    p = _soap_owner(game)
    give(game, game.zones.deck, *top, "pens")  # the other player draws Pens, then the power draws these three
    p.credits = 10
    _contract_wheat_with(game, p)
    assert set(top) <= {c.id for c in p.hand}
    assert p.credits == 10 + gained


def test_drawn_cards_share_a_good_type_is_that_many_of_one_good_type():
    """`two drawn cards share a good type` is `2 drawn cards are of one good type`: the same node."""
    a = _effects("on completion: draw until two drawn cards share a good type then gain 2")
    b = _effects("on completion: draw until 2 drawn cards are of one good type then gain 2")
    assert a == b


def test_the_named_type_of_a_card_drawn_is_the_one_named_type_filter():
    """`a card drawn is of the named type` reads the type named as any `of the named type` does."""
    drawn = _effects("on completion: name a good type then draw 2 then if a card drawn is of the named type then gain 8")
    assert "of the named good type" in parse_power(
        "on completion: name a good type then draw 2 then if a card drawn is of the named type then gain 8")[0].english()
    assert drawn is not None


def test_leads_is_the_leader_of_this_turn_among_what_a_player_did():
    """`while you lead` and `is the leader` are one predicate with `pirated this turn`: what a player does this turn."""
    a = parse_power("any time after completion while you lead, once per turn: draw 1")[0]
    b = parse_power("any time after completion while you are the leader, once per turn: draw 1")[0]
    assert a is not None and b is not None and a.english() == b.english()


@pytest.mark.parametrize(("line", "problem"), [
    ("rule: your green and yellow containers are wild for each other", None),
    ("rule: your green and yellow containers are wild", None),
    ("rule: your green containers are wild for each other", "P020"),
])
def test_wild_containers_of_several_colours(line, problem):
    """`wild for each other` needs two colours or more; `wild` may name several."""
    power, problems = parse_power(line)
    assert power is not None and not problems
    codes = [p.code for p in check_power(power)]
    assert (problem in codes) if problem else not codes


def test_interchangeable_containers_are_wild_for_each_other():
    """The printed wording is a shorthand of the core rule: the same node."""
    printed = parse_power("rule: agriculture and consumer containers are interchangeable on your ships")[0]
    core = parse_power("rule: your agriculture and consumer containers are wild for each other")[0]
    assert printed is not None and core is not None and printed.rule == core.rule


def test_interchangeable_actions_are_cards_played_for_either_action():
    printed = parse_power("rule: your contract and load actions are interchangeable")[0]
    core = parse_power("rule: you may play contract and load cards for either action")[0]
    assert printed is not None and core is not None and printed.rule == core.rule


@pytest.mark.parametrize("luxury", [0, 1, 2])
def test_park_takes_any_amount_R1_9_2(luxury):
    """`park 2 for each of your luxury goods`: credits from the bank lie on this card, the amount read when it runs."""
    game = new_game(players=2, cards=with_powers(soap=["when you contract a card: park 2 for each of your luxury goods"]))
    p = _soap_owner(game)
    clear(game, p.goods)
    give(game, p.goods, *["gold_watches", "ferraris"][:luxury])
    p.credits = 10
    _contract_wheat_with(game, p)
    soap = next(c for c in p.shipments if c.id == "soap")
    assert soap.parked == 2 * luxury and p.credits == 10
    assert p.parked_credits() == 2 * luxury


def test_put_credits_on_this_card_is_park():
    assert _effects("when any player contracts a luxury card: put 4 credits on this card") == \
        _effects("when any player contracts a luxury card: park 4 credits")


def test_following_with_a_wild_pair_and_following_your_action_are_one_event():
    """`follows your import` / `with a wild pair` narrow the one `follows` event (ActionFollowed)."""
    for line in ("when another player follows your import: gain 2", "when you follow with a wild pair: gain 2",
                 "when any player follows: gain 2"):
        power = parse_power(line)[0]
        assert power is not None and power.compile().event == "ActionFollowed"


def test_the_top_cards_of_the_deck_are_cards_from_the_deck():
    """`the top 2 cards of the deck` is `2 cards from the deck`: its top cards, nothing to choose."""
    a = _effects("on completion: move the top 2 cards of the deck to the island")
    b = _effects("on completion: move 2 cards from the deck to the island")
    assert a == b


@pytest.mark.parametrize(("line", "hand", "gained"), [
    ("gain 1 for each card in your hand rounded up to an even number", 3, 4),
    ("gain 1 for each card in your hand rounded down to an even number", 3, 2),
    ("gain 1 for each card in your hand rounded down to an even number", 4, 4),
])
def test_an_amount_rounded_to_an_even_number_either_way_R1_8_3(line, hand, gained):
    """`rounded up|down to an even number`: an odd amount becomes the even number next to it that way."""
    game = new_game(players=2, cards=with_powers(soap=[f"when you contract a card: {line}"]))
    p = _soap_owner(game)
    give(game, p.hand, *["rice", "sugar", "pens", "cups"][:hand])
    p.credits = 10
    power = parse_power(f"when you contract a card: {line}")[0]
    assert power is not None
    power.compile().run(game.powers.ctx(p, p.shipments[0]))  # the power's effect, with this hand
    assert p.credits == 10 + gained


def test_halves_round_with_the_same_construct_as_amounts():
    """`half ... rounded down` and `is halved rounded down` read their rounding with the one `rounded` construct."""
    from interpreter.lang.values import Rounded
    for line in ("at game end: score half the number of cards in your hand rounded down",
                 "rule: your load requirement of luxury contracts is halved rounded down"):
        power = parse_power(line)[0]
        assert power is not None
        found = [n for n in power.walk() if isinstance(n, Rounded)]
        assert len(found) == 1 and found[0].down and not found[0].even
    assert [Rounded(down=True).half(n) for n in (4, 5)] == [2, 2]
    assert [Rounded().half(n) for n in (4, 5)] == [2, 3]
