"""R15.7, OQ-35: powers triggered at once run clockwise from the player whose action caused them, and
each player orders his or her own: when two or more different powers of one player answer the same
moment, that player chooses which runs first (decision `trigger_order`); copies of one power are not
asked about; option `trigger_order=card-order` runs them in the order their cards entered Shipments.
Satellite's examples show it with printed cards (cards/technology/satellite.yaml)."""

from __future__ import annotations

from tests.helpers import asked, clear, give, new_game, play_turn, use_script
from tests.test_power_runtime import with_powers

TAKE_FOUR = "when you contract a card: take 4 credits from each other player"
TAKE_HALF = "when you contract a card: take half their credits rounded down from each other player"


def _game(options: dict[str, str] | None = None, **powers: list[str]):  # type: ignore[no-untyped-def]
    """Three players; P1 holds the cards with the powers under test in Shipments; P2 has 2 credits,
    P3 20, P1 10."""
    game = new_game(players=3, cards=with_powers(**powers), **(options or {}))
    p = game.players[0]
    for card_id in powers:
        give(game, p.hand, card_id)
        game.add_shipment(p, p.hand.pop())
    clear(game, p.hand)
    give(game, p.hand, "wheat", "beer")
    for q, credits in zip(game.players, (10, 2, 20), strict=True):
        q.credits = credits
    return game


def _contract_beer(game, first: str | None = None):  # type: ignore[no-untyped-def]
    script = [(0, "CONTRACT with Wheat"), (1, "draw"), (2, "draw"), (0, "contract Beer")]
    return use_script(game, script + ([(0, first)] if first else []))


def test_the_player_chooses_the_order_of_two_different_powers_R15_7_OQ_35():
    """Taking half first, then 4: P2 2 -> 1 -> 0, P3 20 -> 10 -> 6; P1 gains 1 + 10 + 1 + 4 = 16."""
    game = _game(soap=[TAKE_FOUR, TAKE_HALF])
    script = _contract_beer(game, first="take half")
    play_turn(game)
    (question,) = asked(script, "trigger_order", 0)
    assert [o.label for o in question.options] == [f"Soap: {TAKE_FOUR}", f"Soap: {TAKE_HALF}"]
    assert [q.credits for q in game.players] == [26, 0, 6]


def test_the_other_order_gives_another_result_so_the_order_matters_R15_7():
    """Taking 4 first, then half: P2 2 -> 0 -> 0, P3 20 -> 16 -> 8; P1 gains 2 + 4 + 0 + 8 = 14."""
    game = _game(soap=[TAKE_FOUR, TAKE_HALF])
    _contract_beer(game, first="take 4")
    play_turn(game)
    assert [q.credits for q in game.players] == [24, 0, 8]


def test_under_the_card_order_option_nobody_is_asked_R15_7():
    game = _game({"trigger_order": "card-order"}, soap=[TAKE_HALF, TAKE_FOUR])
    script = _contract_beer(game)
    play_turn(game)
    assert asked(script, "trigger_order") == []
    assert [q.credits for q in game.players] == [26, 0, 6]  # half first, as written


def test_two_copies_of_one_power_are_not_asked_about_R15_7():
    """The same power twice (two cards with one line) runs twice, without a question: its copies are alike."""
    game = _game(soap=["when you contract a card: gain 2"], candy=["when you contract a card: gain 2"])
    script = _contract_beer(game)
    play_turn(game)
    assert asked(script, "trigger_order") == []
    assert game.players[0].credits == 14


def test_only_a_player_s_own_powers_are_ordered_by_that_player_clockwise_first_R15_7():
    """P2's and P3's powers answering P1's contract run after P1's, clockwise, whatever P1 chooses;
    each player is asked about his or her own only."""
    cards = with_powers(soap=[TAKE_FOUR, TAKE_HALF],
                        candy=["when another player contracts a card: gain 2", "when another player contracts a card: draw 1"],
                        pens=["when another player contracts a card: gain 4"])
    game = new_game(players=3, cards=cards)
    p1, p2, p3 = game.players
    for p, card_id in ((p1, "soap"), (p2, "candy"), (p3, "pens")):
        give(game, p.hand, card_id)
        game.add_shipment(p, p.hand.pop())
    clear(game, p1.hand)
    give(game, p1.hand, "wheat", "beer")
    p1.credits, p2.credits, p3.credits = 10, 20, 20
    seen: list[str] = []
    game.bus.subscribe_all(lambda e: seen.append(f"P{e.player + 1} {e.card.id}") if type(e).__name__ == "PowerUsed" else None)
    script = use_script(game, [(0, "CONTRACT with Wheat"), (1, "draw"), (2, "draw"), (0, "contract Beer"),
                               (0, "Soap: " + TAKE_FOUR), (1, "Candy: when another player contracts a card: draw 1")])
    play_turn(game)
    assert [d.player for d in asked(script, "trigger_order")] == [0, 1]
    assert seen == ["P1 soap", "P1 soap", "P2 candy", "P2 candy", "P3 pens"]
