"""The power runtime: activation while in Shipments (R15.4), trigger order (R15.7), the loop guard."""

from __future__ import annotations

import dataclasses
import subprocess
import sys

import pytest

from interpreter.bus.bus import TriggerLoopError
from interpreter.cards.loader import CardSet
from interpreter.engine import events as ev
from interpreter.engine.completion import complete
from interpreter.lang import parse_power
from tests.helpers import _PLAIN, clear, give, goods_of, ids, new_game, play_turn, use_script


def with_powers(**lines: list[str]) -> CardSet:
    """The base set with the given cards' powers replaced (synthetic cards for engine tests, OQ-30)."""
    def compiled(texts: list[str]) -> tuple:
        return tuple(parse_power(t)[0].compile() for t in texts)
    return CardSet([dataclasses.replace(c, powers=compiled(lines[c.id])) if c.id in lines else c for c in _PLAIN.cards])


def test_ongoing_power_works_only_while_in_shipments_R15_4():
    cards = with_powers(soap=["when you contract a card: gain 2"])
    game = new_game(players=2, cards=cards)
    p = game.players[0]
    give(game, p.hand, "soap")
    game.add_shipment(p, p.hand.pop())
    clear(game, p.hand)
    give(game, p.hand, "beer", "wheat")
    p.credits = 10
    use_script(game, [(0, "CONTRACT with Wheat"), (0, "contract Beer"), (1, "draw")])
    play_turn(game)
    assert p.credits == 12
    game.remove_shipment(p, p.shipments[0])
    assert not game.powers.triggers[ev.ContractMade]


def test_triggers_run_clockwise_from_the_acting_player_R15_7():
    cards = with_powers(soap=["when any player draws: gain 2"], candy=["when any player draws: gain 2"],
                        pens=["when any player draws: gain 2"])
    game = new_game(players=3, cards=cards)
    order: list[int] = []
    game.bus.subscribe(ev.PowerUsed, lambda e: order.append(e.player))
    for seat, card_id in ((0, "soap"), (1, "candy"), (2, "pens")):
        give(game, game.players[seat].hand, card_id)
        game.add_shipment(game.players[seat], game.players[seat].hand.pop())
    game.draw_into_hand(game.players[1], 1)
    assert order == [1, 2, 0]


def test_a_runaway_chain_of_triggers_is_stopped_naming_the_cards():
    cards = with_powers(soap=["when another player pays 2 or more: gain 2 then pay 2"],
                        candy=["when another player pays 2 or more: gain 2 then pay 2"])
    game = new_game(players=2, cards=cards)
    for seat, card_id in ((0, "soap"), (1, "candy")):
        give(game, game.players[seat].hand, card_id)
        game.add_shipment(game.players[seat], game.players[seat].hand.pop())
    with pytest.raises(TriggerLoopError) as err:
        game.pay(game.players[0], 2, game.players[1], "a test payment")
    assert "Soap" in str(err.value) and "Candy" in str(err.value)


def _runaway_pair(game) -> None:
    for seat, card_id in ((0, "soap"), (1, "candy")):
        give(game, game.players[seat].hand, card_id)
        game.add_shipment(game.players[seat], game.players[seat].hand.pop())


def test_a_runaway_chain_started_deep_in_the_stack_is_still_named_not_a_recursion_error():
    """Python's stack can run out before the chain guard's 100 powers (a game played inside a search
    bot's rollout, or a server's thread): the runaway chain is reported the same way, naming the
    cards, without raising the process's recursion limit."""
    cards = with_powers(soap=["when another player pays 2 or more: gain 2 then pay 2"],
                        candy=["when another player pays 2 or more: gain 2 then pay 2"])
    game = new_game(players=2, cards=cards)
    _runaway_pair(game)

    def deep(n: int) -> None:  # start the chain with most of the stack already used
        if n:
            deep(n - 1)
        else:
            game.pay(game.players[0], 2, game.players[1], "a test payment")
    with pytest.raises(TriggerLoopError) as err:
        deep(sys.getrecursionlimit() - 400)
    assert "Soap" in str(err.value) and "Candy" in str(err.value)


def test_importing_the_interpreter_leaves_the_recursion_limit_alone():
    """No process-wide interpreter setting changes at import (issue 28): a program that imports the
    engine, the powers, the bots and the command line keeps its own recursion limit."""
    code = ("import sys; before = sys.getrecursionlimit(); "
            "import interpreter.engine.game, interpreter.powers, interpreter.sim.runner, interpreter.cli; "
            "print(before, sys.getrecursionlimit())")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert out[0] == out[1]


def test_as_soon_as_runs_each_time_its_condition_becomes_true_and_watches_only_while_active_R15_4():
    """A standing condition is checked after every event while its card is in Shipments; its effects
    run when the condition becomes true, not again while it stays true, and again after it was false."""
    cards = with_powers(soap=["as soon as the number of your goods >= 2: gain 2"])
    game = new_game(players=2, cards=cards)
    p = game.players[0]
    assert not game.bus._after  # nothing is watched while no such power is active
    give(game, p.hand, "soap")
    game.add_shipment(p, p.hand.pop())
    clear(game, p.goods)
    p.credits = 10
    first, second, third = give(game, [], "wheat", "rice", "beer")
    game.add_to_goods(p, first)
    assert p.credits == 10
    game.add_to_goods(p, second)
    assert p.credits == 12
    game.add_to_goods(p, third)
    assert p.credits == 12  # still true: not run again
    for card in (second, third):
        p.goods.remove(card)
        game.discard(card, "a test", None)
    game.add_to_goods(p, give(game, [], "coffee")[0])
    assert p.credits == 14  # false, then true again
    game.remove_shipment(p, p.shipments[0])
    assert not game.bus._after


def test_an_event_amount_may_be_capped_the_first_import_of_a_turn_costs_2_less_R10_3():
    """`gain the bid (at most 2)`: an event's number takes `(at most N)` like any amount. With
    `once per turn`, the first import won in a turn gives back up to 2 of its bid, the second nothing."""
    from interpreter.engine import importing
    cards = with_powers(soap=["when you import, once per turn: gain the bid (at most 2)"])
    game = new_game(players=2, cards=cards)
    p, other = game.players
    give(game, p.hand, "soap")
    game.add_shipment(p, p.hand.pop())
    ship = other.ships[1]
    clear(game, ship.containers)
    give(game, ship.containers, "almonds", "apples", "bamboo", "beer")
    ship.at_sea = True
    p.credits = other.credits = 10
    use_script(game, [(0, f"auction the {ship.label}"), (0, "bid 4"), (1, "bid 0"), (0, "take"),
                      (0, f"auction the {ship.label}"), (0, "bid 4"), (1, "bid 0"), (0, "take")])
    importing.perform_rounds(game, game.seats_from(0), {0: 2, 1: 2})
    assert p.credits == 10 - 4 + 2 - 4
    assert other.credits == 14  # the import fees (R10.6)


def test_an_odd_cap_on_credits_is_refused_R1_8_3():
    from interpreter.lang.check import check_power
    for line, col in (("when you import: gain the bid (at most 3)", 31),
                      ("when you sell a card: gain 2 for each luxury good you have (at most 5)", 60)):
        power, problems = parse_power(line)
        assert power is not None and not problems
        assert [(p.code, p.col) for p in check_power(power)] == [("P023", col)], line
    power, _ = parse_power("when you import: gain the bid (at most 2)")
    assert power is not None and not check_power(power)
    assert "at most 2" in power.english()


def test_a_returning_ship_counts_the_containers_it_put_to_sea_with_R9_2():
    """`container it carried`: a ship dealt 4 containers at setup (R2.8) that comes home pays for 4,
    however many were left when its last one was taken; the event says so (`carried`)."""
    cards = with_powers(soap=["when one of your ships returns to harbor: gain 2 for each container it carried"])
    game = new_game(players=2, cards=cards)
    p = game.players[0]
    give(game, p.hand, "soap")
    game.add_shipment(p, p.hand.pop())
    ship = p.ships[1]
    assert ship.at_sea and len(ship.containers) == 4 and ship.sailed_with == 4
    returned: list[ev.ShipReturned] = []
    game.bus.subscribe(ev.ShipReturned, returned.append)
    p.credits = 10
    for card in list(ship.containers):
        game.take_from_ship_at_sea(ship, card, None)
    assert not ship.at_sea and p.credits == 18
    assert [e.carried for e in returned] == [4]


def _soap_owner(game):  # type: ignore[no-untyped-def]
    """The first player, with Soap (holding the powers under test) in Shipments and an empty hand."""
    p = game.players[0]
    give(game, p.hand, "soap")
    game.add_shipment(p, p.hand.pop())
    clear(game, p.hand)
    return p


def _contract_wheat_with(game, p) -> None:  # type: ignore[no-untyped-def]
    """p (seat 0, leading) leads CONTRACT with Wheat and contracts Beer (tier 0), the other player draws."""
    give(game, p.hand, "wheat", "beer")
    use_script(game, [(0, "CONTRACT with Wheat"), (0, "contract Beer")] + [(seat, "draw") for seat in range(1, len(game.players))])
    play_turn(game)
    assert [c.id for c in p.ships[0].contracts] == ["beer"]


@pytest.mark.parametrize(("goods", "types"), [((), 0), (("rice", "sugar"), 1), (("rice", "pens", "gold_watches"), 3)])
def test_good_types_you_have_counts_each_type_once(goods, types):
    """`good type you have`: the different good types in Goods, not the goods (two agriculture goods are one type)."""
    cards = with_powers(soap=["when you contract a card: gain 2 for each good type you have"])
    game = new_game(players=2, cards=cards)
    p = _soap_owner(game)
    give(game, p.goods, *goods)
    p.credits = 10
    _contract_wheat_with(game, p)
    assert p.credits == 10 + 2 * types


def test_good_types_among_cards_in_a_place():
    """`good type among cards in your hand`: the types of the cards there, compared in words."""
    cards = with_powers(soap=["when you contract a card: if the number of good types among cards in your hand "
                              "is at least 3 then gain 4"])
    for hand, gained in ((("rice", "sugar", "pens"), 0), (("rice", "pens", "gold_watches"), 4)):
        game = new_game(players=2, cards=cards)
        p = _soap_owner(game)
        give(game, p.hand, *hand)
        p.credits = 10
        _contract_wheat_with(game, p)
        assert p.credits == 10 + gained, hand


@pytest.mark.parametrize(("words", "symbol"), [("is at least", ">="), ("is at most", "<="), ("is more than", ">"),
                                               ("is fewer than", "<"), ("is exactly", "=")])
def test_a_comparison_in_words_means_its_symbol(words, symbol):
    """`explain` writes `is at least`; a designer may write it back, and it means `>=`."""
    written = parse_power(f"when you contract a card: if the number of cards in your hand {words} 2 then gain 2")[0]
    symbolic = parse_power(f"when you contract a card: if the number of cards in your hand {symbol} 2 then gain 2")[0]
    assert written.english() == symbolic.english()
    for hand in ((), ("rice",), ("rice", "sugar"), ("rice", "sugar", "pens")):
        results = []
        for power in (written, symbolic):
            game = new_game(players=2, cards=CardSet([dataclasses.replace(c, powers=(power.compile(),)) if c.id == "soap" else c
                                                       for c in _PLAIN.cards]))
            p = _soap_owner(game)
            give(game, p.hand, *hand)
            p.credits = 10
            _contract_wheat_with(game, p)
            results.append(p.credits)
        assert results[0] == results[1], (words, hand)


@pytest.mark.parametrize(("credits", "paid_by"), [((10, 20, 14), [1]), ((10, 20, 20), [1, 2]), ((30, 20, 14), [])])
def test_the_opponent_with_the_most_credits_pays_R15(credits, paid_by):
    """`the opponent with the most credits`: every other player who has the most (both on a tie), none
    when you have the most yourself."""
    cards = with_powers(soap=["when you contract a card: the opponent with the most credits pays you 4"])
    game = new_game(players=3, cards=cards)
    p = _soap_owner(game)
    for player, amount in zip(game.players, credits, strict=True):
        player.credits = amount
    use_script(game, [(0, "CONTRACT with Wheat"), (0, "contract Beer"), (1, "draw"), (2, "draw")])
    give(game, p.hand, "wheat", "beer")
    play_turn(game)
    assert [game.players[s].credits for s in (1, 2)] == [credits[s] - (4 if s in paid_by else 0) for s in (1, 2)]
    assert p.credits == credits[0] + 4 * len(paid_by)


@pytest.mark.parametrize(("shipments", "gained"), [((0, 0), 0), ((2, 0), 2), ((2, 3), 4), ((1, 1), 0)])
def test_for_each_opponent_with_more_counts_players(shipments, gained):
    """`for each opponent who has more shipments than you` (you hold 1, Soap): players are counted like cards."""
    cards = with_powers(soap=["when you contract a card: gain 2 for each opponent who has more shipments than you"])
    game = new_game(players=3, cards=cards)
    p = game.players[0]
    give(game, p.hand, "soap")
    game.add_shipment(p, p.hand.pop())
    spare = ["rice", "sugar", "pens", "cups", "gold_watches"]
    for player, n in zip(game.players[1:], shipments, strict=True):
        give(game, player.shipments, *[spare.pop() for _ in range(n)])
    clear(game, p.hand)
    p.credits = 10
    _contract_wheat_with(game, p)
    assert p.credits == 10 + gained


@pytest.mark.parametrize(("credits", "gained"), [(10, 4), (12, 6), (0, 0)])
def test_an_amount_read_from_the_game_moves_credits_in_steps_of_2_R1_8_3(credits, gained):
    """`gain half your credits rounded down`: 10 -> 5 -> 4 (credits move in 2s), 12 -> 6."""
    cards = with_powers(soap=["when you contract a card: gain half your credits rounded down"])
    game = new_game(players=2, cards=cards)
    p = _soap_owner(game)
    p.credits = credits
    _contract_wheat_with(game, p)
    assert p.credits == credits + gained


def test_each_payer_pays_half_of_their_own_credits():
    """`each other player pays you half their credits rounded down (at most 6)`: `their` is the payer's."""
    cards = with_powers(soap=["when you contract a card: each other player pays you half their credits rounded down (at most 6)"])
    game = new_game(players=3, cards=cards)
    p, q, r = _soap_owner(game), *game.players[1:]
    p.credits, q.credits, r.credits = 10, 8, 30
    _contract_wheat_with(game, p)
    assert (q.credits, r.credits, p.credits) == (4, 24, 20)


def test_draw_the_number_of_your_shipments():
    cards = with_powers(soap=["when you contract a card: draw the number of your shipments (at most 4)"])
    game = new_game(players=2, cards=cards)
    p = game.players[0]
    give(game, p.hand, "soap")
    game.add_shipment(p, p.hand.pop())
    give(game, p.shipments, "rice", "pens")
    clear(game, p.hand)
    _contract_wheat_with(game, p)
    assert len(p.hand) == 3


def test_take_credits_from_players_is_paid_by_each_of_them_OQ_33():
    """`take 4 credits from each other player`: each pays 4 to the taker; one short of credits pays all
    he or she has (OQ-33); `half their credits` is read as the payer's."""
    cards = with_powers(soap=["when you contract a card: take 4 credits from each other player",
                              "when you contract a card: take half their credits rounded down from each other player"])
    game = new_game(players=3, cards=cards, trigger_order="card-order")  # the two powers in the order written (R15.7)
    p, q, r = _soap_owner(game), *game.players[1:]
    p.credits, q.credits, r.credits = 10, 2, 20
    _contract_wheat_with(game, p)
    # 4 each (q has only 2), then half of what is left: q 0 -> 0, r 16 -> 8
    assert (q.credits, r.credits, p.credits) == (0, 8, 10 + 2 + 4 + 8)


@pytest.mark.parametrize(("written", "same_as"), [
    ("when your turn begins: draw 1", "when your turn starts: draw 1"),
    ("when another player gains 6 or more credits: draw 1", "when another player gains 6 or more: draw 1"),
    ("when you pay 4 or more credits: gain 2", "when you pay 4 or more: gain 2"),
    ("rule: other players may not pirate from your ships", "rule: other players cannot pirate your ships"),
    ("when one of your ships is pirated: gain 2", "when any player pirates from your ships: gain 2"),
    ("when a luxury container is pirated from your ship: gain 2", "when any player pirates a luxury card from your ship: gain 2"),
])
def test_words_a_designer_writes_for_the_same_event(written, same_as):
    """Synonyms are the same event: the same English and the same compiled trigger."""
    a, b = parse_power(written)[0], parse_power(same_as)[0]
    assert a is not None and b is not None
    assert a.english() == b.english()
    assert a.compile().event is b.compile().event
    assert [q for q, _ in a.compile().changes] == [q for q, _ in b.compile().changes]


@pytest.mark.parametrize("line", ["when you contract a card: gain 4 if your credits < 10",
                                  "when you contract a card: if your credits < 10 then gain 4"])
@pytest.mark.parametrize(("credits", "gained"), [(8, 4), (10, 0)])
def test_a_condition_after_its_effect_means_the_same_as_before_it(line, credits, gained):
    """`EFFECT if CONDITION` is `if CONDITION then EFFECT`: the step happens only when it holds."""
    game = new_game(players=2, cards=with_powers(soap=[line]))
    p = _soap_owner(game)
    p.credits = credits
    _contract_wheat_with(game, p)
    assert p.credits == credits + gained


def test_cards_without_a_place_come_from_the_acting_players_hand():
    """`each other player discards 1 card`: each discards from his or her own hand (no `from` written)."""
    cards = with_powers(soap=["when you contract a card: each other player discards 1 card"])
    game = new_game(players=3, cards=cards)
    p, q, r = _soap_owner(game), *game.players[1:]
    give(game, p.hand, "wheat", "beer", "sugar")
    for other, held in ((q, ("rice", "pens")), (r, ("cups",))):
        clear(game, other.hand)
        give(game, other.hand, *held)
    use_script(game, [(0, "CONTRACT with Wheat"), (0, "contract Beer"), (1, "draw"), (1, "discard Rice"),
                      (2, "discard Cups"), (2, "draw")])  # the third seat follows after the leader's contract
    play_turn(game)
    assert {"rice", "cups"} <= {c.id for c in game.zones.discard}
    assert "rice" not in ids(q.hand) and "cups" not in ids(r.hand) and "pens" in ids(q.hand)
    assert ids(p.hand) == ["sugar"]


@pytest.mark.parametrize(("drawn", "gained"), [(2, 0), (3, 2), (5, 2)])
def test_draws_n_or_more_cards_counts_one_draw(drawn, gained):
    """`when you draw 3 or more cards`: one draw of that many at once (the event's count)."""
    cards = with_powers(soap=["when you draw 3 or more cards: gain 2"])
    game = new_game(players=2, cards=cards)
    p = game.players[0]
    give(game, p.hand, "soap")
    game.add_shipment(p, p.hand.pop())
    p.credits = 10
    game.draw_into_hand(p, drawn)
    assert p.credits == 10 + gained


def test_on_completion_its_payout_is_the_payout_of_this_shipment_R8_2_2():
    """`on completion: gain its payout` doubles what the completing ship paid."""
    cards = with_powers(soap=["on completion: gain its payout"])
    game = new_game(players=2, cards=cards)
    p = game.players[0]
    paid: list[int] = []
    game.bus.subscribe(ev.ShipmentCompleted, lambda e: paid.append(e.payout))
    give(game, p.hand, "soap")
    soap = p.hand.pop()
    ship = p.ships[0]
    ship.contracts.append(soap)
    give(game, ship.containers, *goods_of(game, "consumer", 2))
    p.credits = 10
    complete(game, p, ship)
    assert paid and paid[0] > 0 and p.credits == 10 + 2 * paid[0]
