"""The nouns of the power language (issue 21, item 1): players named by seat and by what they did,
ships counted, chosen and referred to again, cards revealed or at the bottom of the deck, credits
active and passive, majorities, actions and turns, and counts wherever a number goes. Each test sets
up a game state where the construct matters and checks what it does (rule ids in the names)."""

from __future__ import annotations

import dataclasses

import pytest

from interpreter.cards.loader import CardSet
from interpreter.engine import events as ev
from interpreter.engine.scoring import majority_awards, score_player
from interpreter.lang import check_power, parse_power
from tests.helpers import _PLAIN, clear, give, ids, new_game, use_script


def with_powers(**lines: list[str]) -> CardSet:
    """The plain base set with the given cards' powers replaced (synthetic cards, OQ-30)."""
    def compiled(texts: list[str]) -> tuple:
        out = []
        for text in texts:
            power, problems = parse_power(text)
            assert power is not None and not problems, problems
            assert not check_power(power), check_power(power)
            out.append(power.compile())
        return tuple(out)
    return CardSet([dataclasses.replace(c, powers=compiled(lines[c.id])) if c.id in lines else c for c in _PLAIN.cards])


def soap_game(*lines: str, players: int = 3, leader: int = 0):  # type: ignore[no-untyped-def]
    """A game whose first player holds Soap, carrying `lines`, in Shipments (its ongoing powers on)."""
    game = new_game(players=players, leader=leader, cards=with_powers(soap=list(lines)))
    p = game.players[0]
    give(game, p.hand, "soap")
    soap = p.hand.pop()
    game.add_shipment(p, soap)
    return game, p, soap


def complete(game, p, card, answers=()):  # type: ignore[no-untyped-def]
    """Run `card`'s `on completion` powers now for `p` (R8.2.3), answering decisions from `answers`."""
    script = use_script(game, answers)
    game.powers.completed(p, card)
    return script


def hand_of(game, seat: int, *card_ids: str) -> None:  # type: ignore[no-untyped-def]
    clear(game, game.players[seat].hand)
    give(game, game.players[seat].hand, *card_ids)


# ------------------------------------------------------------------------------------ players by seat

def test_each_player_gives_the_player_on_their_left_one_card_R4_1():
    """`the player on their left` is the next player clockwise from the one acting (R4.1, docs/rulings.md)."""
    game, p, soap = soap_game("on completion: each player gives the player on their left 1 card from their hand")
    hand_of(game, 0, "rice")
    hand_of(game, 1, "pens")
    hand_of(game, 2, "cups")
    complete(game, p, soap, [(1, "Pens"), (2, "Cups")])  # clockwise from the owner, each giving in turn
    assert [ids(q.hand) for q in game.players] == [["cups"], ["rice"], ["pens"]]


@pytest.mark.parametrize(("line", "payer"), [("the player to your left pays you 2", 1), ("the player to your right pays you 2", 3),
                                             ("the next player pays you 2", 1), ("the previous player pays you 2", 3)])
def test_a_player_named_by_seat_R4_1(line, payer):
    game, p, soap = soap_game(f"on completion: {line}", players=4)
    for q in game.players:
        q.credits = 10
    complete(game, p, soap)
    assert [q.credits for q in game.players] == [12] + [8 if seat == payer else 10 for seat in (1, 2, 3)]


def test_the_player_to_that_players_left_is_counted_from_the_event_player():
    game, p, _ = soap_game("when another player draws: the player to that player's left gives you 1 card from their hand")
    hand_of(game, 0)
    hand_of(game, 2, "pens")
    use_script(game)
    game.draw_into_hand(game.players[1], 1)  # P2 draws: P3, on P2's left, gives a card
    assert ids(p.hand) == ["pens"] and not game.players[2].hand


def test_a_possessive_by_seat_takes_from_that_players_hand():
    game, p, soap = soap_game("on completion: take 1 random card from the player to your right's hand")
    hand_of(game, 0)
    hand_of(game, 1, "pens")
    hand_of(game, 2, "cups")
    complete(game, p, soap)
    assert ids(p.hand) == ["cups"]


def test_the_leader_is_this_turns_leader_R4_1():
    game, p, _ = soap_game("when another player draws: the leader pays you 2", leader=2)
    for q in game.players:
        q.credits = 10
    game.draw_into_hand(game.players[1], 1)
    assert [q.credits for q in game.players] == [12, 10, 8]


def test_each_player_other_than_that_player():
    game, p, _ = soap_game("when another player draws: each player other than that player gains 2")
    for q in game.players:
        q.credits = 10
    game.draw_into_hand(game.players[2], 1)
    assert [q.credits for q in game.players] == [12, 12, 10]


def test_choose_an_opponent_with_offers_only_those_who_have_it():
    game, p, soap = soap_game("on completion: choose an opponent with an illegal good then the chosen player pays you 2")
    for q in game.players:
        q.credits = 10
    give(game, game.players[2].goods, "cannabis")
    complete(game, p, soap)  # P3 alone has one: nobody else may be chosen
    assert [q.credits for q in game.players] == [12, 10, 8]
    give(game, game.players[1].goods, "drugs")
    script = complete(game, p, soap, [(0, "P2")])
    chosen = [d for d in script.asked if d.kind == "choose_one"]
    assert [o.label for o in chosen[0].options] == ["choose P2 (black)", "choose P3 (blue)"]
    assert [q.credits for q in game.players] == [14, 8, 8]


@pytest.mark.parametrize(("goods", "drawn"), [(("rice",), 0), (("rice", "pens"), 1)])
def test_a_condition_on_the_player_to_your_left(goods, drawn):
    game, p, soap = soap_game("on completion: if the player to your left has more goods than you then draw 1")
    give(game, p.goods, "sugar")
    give(game, game.players[1].goods, *goods)
    hand_of(game, 0)
    complete(game, p, soap)
    assert len(p.hand) == drawn


# ------------------------------------------------------------------------------------ ships

def test_ships_in_harbor_with_no_contracts_are_counted_R3_3():
    game, p, soap = soap_game("on completion: gain 2 for each of your ships in harbor with no contracts")
    harbor, at_sea = p.ships
    assert not harbor.at_sea and at_sea.at_sea
    p.credits = 10
    complete(game, p, soap)
    assert p.credits == 12  # the ship at sea does not count
    give(game, harbor.contracts, "beer")
    complete(game, p, soap)
    assert p.credits == 12


def test_empty_ships_and_ships_by_colour_R1_6():
    game, p, soap = soap_game("on completion: gain 2 for each empty ship then draw 1 for each black ship")
    hand_of(game, 0)
    p.credits = 10
    for q in game.players:  # each player: one empty ship in harbor, one at sea with containers (R2.5, R2.8)
        assert not q.ships[0].contracts and not q.ships[0].containers and q.ships[1].containers
    complete(game, p, soap)
    assert p.credits == 16 and len(p.hand) == 2 and game.players[1].colour == "black"


def test_choose_a_ship_then_import_from_the_chosen_ship_R10_5():
    game, p, soap = soap_game("on completion: choose a ship at sea with 4 or more containers then import 1 container "
                              "from the chosen ship for free")
    short = game.players[1].ships[1]
    clear(game, short.containers)
    give(game, short.containers, "rice")
    target = game.players[2].ships[1]
    script = complete(game, p, soap, [(0, "blue ship 2"), (0, "take")])
    offered = [o.label for d in script.asked if d.kind == "choose_ship" for o in d.options]
    assert not any("black" in label for label in offered[:2])  # the ship with 1 container is not offered
    assert len(target.containers) == 3 and len(p.imports) + len(p.goods) == 1


def test_the_chosen_ship_is_tested_and_its_owner_named():
    game, p, soap = soap_game("on completion: choose one of each other player's ships then if the chosen ship is at sea "
                              "then the chosen ship's owner pays you 2")
    for q in game.players:
        q.credits = 10
    complete(game, p, soap, [(0, "blue ship 2")])
    assert [q.credits for q in game.players] == [12, 10, 8]
    complete(game, p, soap, [(0, "blue ship 1")])  # in harbor: nothing
    assert [q.credits for q in game.players] == [12, 10, 8]


def test_load_onto_ships_with_a_contract_of_a_type_R7_1():
    game, p, soap = soap_game("on completion: load 1 card from your hand onto one of your ships with a consumer contract")
    harbor = p.ships[0]
    give(game, harbor.contracts, "pens")  # a consumer contract: its slots take consumer containers
    hand_of(game, 0, "cups", "rice")
    complete(game, p, soap)
    assert ids(harbor.containers) == ["cups"]


def test_players_with_no_ships_at_sea_pay_R9_2():
    game, p, soap = soap_game("on completion: each other player with no ships at sea pays you 2")
    for q in game.players:
        q.credits = 10
    game.players[2].ships[1].at_sea = False
    clear(game, game.players[2].ships[1].containers)
    complete(game, p, soap)
    assert [q.credits for q in game.players] == [12, 10, 8]


# ------------------------------------------------------------------------------------ cards revealed, the deck

@pytest.mark.parametrize(("top", "gained", "in_hand"), [("cannabis", 4, []), ("rice", 0, ["rice"])])
def test_reveal_the_top_card_and_test_it(top, gained, in_hand):
    game, p, soap = soap_game("on completion: reveal the top card of the deck then if it is an illegal card then gain 4 "
                              "else take it into your hand")
    hand_of(game, 0)
    give(game, game.zones.deck, top)
    seen: list[ev.CardsRevealed] = []
    game.bus.subscribe(ev.CardsRevealed, seen.append)
    p.credits = 10
    complete(game, p, soap)
    assert p.credits == 10 + gained and ids(p.hand) == in_hand
    assert [ids(e.cards) for e in seen] == [[top]]
    assert (game.zones.deck[-1].id == top) == (gained > 0)  # a revealed card stays where it was


def test_the_revealed_luxury_cards_move_and_are_counted():
    game, p, soap = soap_game("on completion: reveal the top 3 cards of the deck then move the revealed luxury cards to "
                              "your goods then gain 2 for each luxury card revealed")
    clear(game, p.goods)
    give(game, game.zones.deck, "sauna", "rice", "cologne")
    p.credits = 10
    complete(game, p, soap)
    assert sorted(ids(p.goods)) == ["cologne", "sauna"] and p.credits == 14
    assert game.zones.deck[-1].id == "rice"


@pytest.mark.parametrize(("shown", "taken"), [("champagne", ["champagne"]), ("rice", [])])
def test_a_card_another_player_revealed_is_it_for_the_next_step(shown, taken):
    """`it` after another player's reveal is the card that player revealed (powers.md's example: the
    step runs as that player, and what it showed comes back to the power's later steps)."""
    game, p, soap = soap_game("on completion: the player on your left reveals 1 random card from their hand then if it "
                              "is a luxury card then the player on your left gives you it")
    hand_of(game, 0)
    hand_of(game, 1, shown)
    complete(game, p, soap)
    assert ids(p.hand) == taken and ids(game.players[1].hand) == ([] if taken else [shown])


@pytest.mark.parametrize(("second", "gained"), [("cannabis", 4), ("rice", 0)])
def test_them_after_each_other_player_acts_are_the_cards_all_of_them_acted_on(second, gained):
    """`any of them` after `each other player reveals ...` looks at every player's card, not one."""
    game, p, soap = soap_game("on completion: each other player reveals 1 random card from their hand then if any of them "
                              "is an illegal card then gain 4")
    hand_of(game, 1, "pens")
    hand_of(game, 2, second)
    p.credits = 10
    complete(game, p, soap)
    assert p.credits == 10 + gained


def test_the_rest_after_each_other_player_takes_one_is_what_none_of_them_took():
    """Cards looked at, one taken by each other player in turn: `the rest` is what is left of them."""
    game, p, soap = soap_game("on completion: look at the top 3 cards of the deck then each other player takes 1 of them "
                              "into their hand then discard the rest")
    give(game, game.zones.deck, "sauna", "rice", "cologne")
    hand_of(game, 1)
    hand_of(game, 2)
    script = complete(game, p, soap, answers=[(1, "Sauna"), (2, "Rice")])
    assert ids(game.players[1].hand) == ["sauna"] and ids(game.players[2].hand) == ["rice"]
    assert game.zones.discard[-1].id == "cologne" and "cologne" not in ids(game.zones.deck)
    offered_to_p3 = [d for d in script.asked if d.player == 2][0].labels()
    assert not any("Sauna" in label for label in offered_to_p3), offered_to_p3  # taken by P2 already


def test_the_bottom_cards_of_the_deck():
    game, p, soap = soap_game("on completion: take the bottom 2 cards of the deck into your hand")
    hand_of(game, 0)
    bottom = ids(game.zones.deck[:2])
    complete(game, p, soap)
    assert ids(p.hand) == bottom  # the bottom one first


def test_counting_the_cards_in_the_deck_never_reshuffles_R3_7():
    game, p, soap = soap_game("on completion: gain 2 for each card in the deck")
    give(game, game.zones.discard, *ids(game.zones.deck[:-3]))
    assert len(game.zones.deck) == 3
    p.credits = 10
    complete(game, p, soap)
    assert p.credits == 16 and len(game.zones.deck) == 3 and game.zones.discard


@pytest.mark.parametrize(("card", "drawn"), [("beer", 0), ("wheat", 1)])
def test_that_card_is_not_a_tier_0_card(card, drawn):
    game, p, _ = soap_game("when another player contracts a card: if that card is not a tier 0 card then draw 1")
    hand_of(game, 0)
    q = game.players[1]
    hand_of(game, 1, card)
    from interpreter.engine.contract import make_contract
    make_contract(game, q, q.hand[0], q.ships[0], 1)
    assert len(p.hand) == drawn


# ------------------------------------------------------------------------------------ credits, majorities, actions, turns

def test_passive_credits_are_what_final_scoring_would_add_R1_9_2():
    game, p, soap = soap_game("on completion: if your passive credits >= 9 then gain 2")
    clear(game, p.goods)
    give(game, p.goods, "cannabis", "drugs", "rice")  # illegal 2 + 2, agriculture 1; majorities as they stand
    parts = score_player(game, p, majority_awards(game)[p.seat])
    passive = parts["total"] - parts["credits"] - parts["powers"]
    p.credits = 10
    complete(game, p, soap)
    assert p.credits == (12 if passive >= 9 else 10)
    assert game.powers.world.passive_credits(p) == passive


def test_majorities_you_have_R17_6():
    game, p, soap = soap_game("on completion: gain 2 for each majority you have")
    for q in game.players:
        clear(game, q.goods)
    give(game, p.goods, "rice", "pens")
    give(game, game.players[1].goods, "cups", "cologne")
    p.credits = 10
    complete(game, p, soap)
    assert p.credits == 14  # agriculture alone, consumer tied (a tie counts)


def test_actions_taken_this_turn_are_counted_from_the_turn_log():
    game, p, soap = soap_game("on completion: gain 2 for each pirate action you took this turn")
    game.turn_log[:] = [(0, "lead"), (0, "pirate"), (1, "pirate"), (0, "pirate")]
    p.credits = 10
    complete(game, p, soap)
    assert p.credits == 14


def test_the_turn_number_R4_1():
    game, p, soap = soap_game("on completion: if the turn number >= 3 then gain 2")
    p.credits = 10
    game.turn = 2
    complete(game, p, soap)
    game.turn = 3
    complete(game, p, soap)
    assert p.credits == 12


@pytest.mark.parametrize(("bid", "drawn"), [(2, 0), (4, 1)])
def test_the_bid_compared_R10_3(bid, drawn):
    from interpreter.engine import importing
    game, p, _ = soap_game("when another player imports: if the bid >= 4 then draw 1", players=2)
    hand_of(game, 0)
    other = game.players[1]
    other.credits = 10
    ship = p.ships[1]
    use_script(game, [(1, "take")])
    importing.take_containers(game, other, ship, bid)
    assert len(p.hand) == drawn


# ------------------------------------------------------------------------------------ counts where a number goes

def test_discard_one_card_for_each_of_your_shipments():
    game, p, soap = soap_game("on completion: each other player discards 1 card for each of your shipments")
    give(game, p.shipments, "rice")  # Soap and Rice: 2
    hand_of(game, 1, "pens", "cups", "sugar")
    hand_of(game, 2, "wheat")
    complete(game, p, soap, [(1, "Pens"), (1, "Cups")])
    assert ids(game.players[1].hand) == ["sugar"] and not game.players[2].hand


def test_discard_the_number_of_their_illegal_goods():
    game, p, soap = soap_game("on completion: each other player discards the number of their illegal goods")
    hand_of(game, 1, "pens", "cups", "sugar")
    hand_of(game, 2, "wheat")
    clear(game, game.players[1].goods)
    give(game, game.players[1].goods, "cannabis", "drugs")
    complete(game, p, soap, [(1, "Pens"), (1, "Cups")])
    assert ids(game.players[1].hand) == ["sugar"] and ids(game.players[2].hand) == ["wheat"]


def test_discard_that_many_cards_after_a_draw():
    game, p, _ = soap_game("when you draw 2 or more cards: discard that many cards")
    hand_of(game, 0, "rice")
    use_script(game, [(0, "discard"), (0, "discard")])
    game.draw_into_hand(p, 2)
    assert len(p.hand) == 1


@pytest.mark.parametrize(("held", "left"), [(5, 3), (2, 2)])
def test_discard_down_to_a_number(held, left):
    game, p, soap = soap_game("on completion: each other player discards down to 3 cards")
    hand_of(game, 1, *["pens", "cups", "sugar", "wheat", "rice"][:held])
    hand_of(game, 2)
    complete(game, p, soap, [(1, "discard")] * 5)
    assert len(game.players[1].hand) == left


def test_for_each_ship_refers_to_that_ship_and_its_owner_R9_2():
    """`for each of SHIPS, EFFECT`: the effect once per ship, `that ship` being that one each time."""
    game, p, soap = soap_game("on completion: for each of each other player's ships at sea, that ship's owner pays you 2")
    for q in game.players:
        q.credits = 10
    game.players[2].ships[1].at_sea = False  # P3's second ship is home: P3 pays nothing
    clear(game, game.players[2].ships[1].containers)
    complete(game, p, soap)
    assert [q.credits for q in game.players] == [12, 8, 10]


def test_each_of_your_neighbours_and_the_player_to_the_left_of_the_leader_R4_1():
    game, p, soap = soap_game("on completion: each of your neighbours pays you 2", players=4)
    for q in game.players:
        q.credits = 10
    complete(game, p, soap)
    assert [q.credits for q in game.players] == [14, 8, 10, 8]
    game, p, _ = soap_game("when another player draws: the player to the left of the leader gains 2", players=4, leader=2)
    for q in game.players:
        q.credits = 10
    game.draw_into_hand(game.players[1], 1)
    assert [q.credits for q in game.players] == [10, 10, 10, 12]


def test_the_players_who_won_an_import_this_turn_R10_5():
    game, p, soap = soap_game("on completion: each player who won an import this turn pays you 2")
    for q in game.players:
        q.credits = 10
    game.turn_log[:] = [(1, "lead"), (2, "import")]
    complete(game, p, soap)
    assert [q.credits for q in game.players] == [12, 10, 8]


def test_a_limit_that_a_card_arriving_would_lift_is_read_as_it_stands_R13_4():
    """`other players' goods limit is 1 less while you have the most goods`: a card moved into a
    rival's full Goods would itself end the `while`. The room is the room as it stands (the limit
    now), the same for the power's check and for the move: the card has no room and is discarded, as
    a card moved where there is no room is. They used to disagree, and the game stopped on an
    AssertionError ("room was checked")."""
    game = new_game(players=3, cards=with_powers(soap=["rule: other players' goods limit is 1 less while you have the most goods"],
                                                 candy=["on completion: move 1 card from the island to your goods"]))
    p, q = game.players[0], game.players[1]
    give(game, p.hand, "soap")
    game.add_shipment(p, p.hand.pop())
    for player, goods in ((p, ("sauna", "rice", "cups")), (q, ("pens", "wheat", "cologne"))):
        clear(game, player.goods)
        give(game, player.goods, *goods)
    clear(game, game.zones.island)
    give(game, game.zones.island, "beer")
    give(game, q.hand, "candy")
    candy = q.hand.pop()
    game.add_shipment(q, candy)
    complete(game, q, candy)
    assert ids(q.goods) == ["pens", "wheat", "cologne"] and not game.zones.island
    assert game.zones.discard[-1].id == "beer"


def test_it_first_in_a_when_power_is_the_events_card():
    """`when another player sells a card: you may pay 2 to take it into your imports`: before any step
    has acted, `it` is the card of the event (the card sold, on the island now); it was nothing, and
    the power did nothing while the checker let it through."""
    game, p, soap = soap_game("when another player sells a card: you may pay 2 to take it into your imports")
    q = game.players[1]
    clear(game, p.imports)
    hand_of(game, 1, "pens")
    p.credits = q.credits = 10
    use_script(game, [(0, "yes")])
    game.powers.world.sell(q, q.hand[0], 2, "a test")
    assert ids(p.imports) == ["pens"] and "pens" not in ids(game.zones.island) and p.credits == 8


@pytest.mark.parametrize("line", ["on completion: discard them", "when another player draws: discard them",
                                  "on completion: gain 2 then move it to your goods"])
def test_it_or_them_with_no_cards_before_is_refused_P022(line):
    """A step's own words cannot name what the step will act on: `discard them` with no cards before
    (and no card in the event) is P022, as card-format.md says; the checker let it through."""
    power, problems = parse_power(line)
    assert power is not None and not problems
    assert [problem.code for problem in check_power(power)] == ["P022"]


def test_a_rule_sets_a_quantity_to_the_number_of_things():
    """`is the number of X` (1 for each X): a modder wrote it three ways and met a refusal each time.
    Credits come in 2s, so for a credit quantity it says to write `2 for each ...` instead (P023)."""
    game, p, soap = soap_game("rule: other players' goods limit is the number of your shipments")
    q = game.players[1]
    assert game.rules.goods_limit(q) == 1  # Soap is the one shipment
    give(game, p.hand, "cups")
    game.add_shipment(p, p.hand.pop())
    assert game.rules.goods_limit(q) == 2 and game.rules.goods_limit(p) != 2
    power, problems = parse_power("rule: your import fee is the number of your consumer goods")
    assert not problems and [(x.code, "2 for each" in x.message) for x in check_power(power)] == [("P023", True)]


def test_a_rule_sets_a_quantity_to_half_or_twice_a_value():
    """`is half the number of X rounded down` / `is twice ...`: an amount read from the game, as effects
    take (`gain half your credits`), read again each time the rules ask. Half a number of credits can
    be odd, so a credit quantity refuses `half` (P023, R1.8.3)."""
    game, p, soap = soap_game("rule: other players' goods limit is half the number of your goods rounded down",
                              "rule: your goods limit is twice the number of your shipments")
    q = game.players[1]
    clear(game, p.goods)
    assert game.rules.goods_limit(q) == 0 and game.rules.goods_limit(p) == 2  # no goods; Soap the one shipment
    give(game, p.goods, "cups", "pens", "wheat")
    assert game.rules.goods_limit(q) == 1  # 3 goods, halved and rounded down
    power, problems = parse_power("rule: your goods limit is half your credits")
    assert not problems and power is not None
    assert "goods limit is half your active credits, rounded up" in power.english()
    power, problems = parse_power("rule: your import fee is half the number of your consumer goods")
    assert not problems and [x.code for x in check_power(power)] == ["P023"]
    power, problems = parse_power("rule: your import fee is twice the number of your consumer goods")
    assert not problems and check_power(power) == []


def test_their_in_a_rules_amount_is_the_player_whose_quantity_it_is():
    """`other players' goods limit is the number of their shipments`: `their` is each other player's,
    read when the rules ask about that player; `your` stays the card's owner. Both the English and
    the game read `their` as the owner's before."""
    game, p, soap = soap_game("rule: other players' goods limit is the number of their shipments")
    q, r = game.players[1], game.players[2]
    clear(game, q.shipments)
    clear(game, r.shipments)
    hand_of(game, 1, "cups", "pens")
    for card in list(q.hand):
        q.hand.remove(card)
        game.add_shipment(q, card)
    assert game.rules.goods_limit(q) == 2 and game.rules.goods_limit(r) == 0  # Soap's owner has 1
    power, _ = parse_power("rule: other players' goods limit is the number of their shipments")
    assert power is not None and "1 for each shipment in their Shipments" in power.english()


def test_their_in_a_lasting_rule_made_in_a_choice_is_the_chooser():
    """`each other player chooses one: pay you 4 or (for the rest of the game, their goods limit is 2
    less)`: powers.md says `their` inside a choice is the chooser's. The lasting rule hit the card's
    owner instead, and explain said `your goods limit` (a modder probe)."""
    line = "on completion: each other player chooses one: pay you 4 or (for the rest of the game, their goods limit is 2 less)"
    game, p, soap = soap_game(line)
    q, r = game.players[1], game.players[2]
    before = {x.seat: game.rules.goods_limit(x) for x in game.players}
    q.credits = r.credits = 10
    complete(game, p, soap, [(1, "goods limit"), (2, "pay")])
    after = {x.seat: game.rules.goods_limit(x) for x in game.players}
    assert after == {0: before[0], 1: before[1] - 2, 2: before[2]} and r.credits == 6
    power, _ = parse_power(line)
    assert power is not None and "for the rest of the game, their goods limit is lowered by 2" in power.english()


@pytest.mark.parametrize("line, refused", [
    ("when you lose an import: that player pays you 2", True),
    ("when you discard a card: that player gives you 1 card from their hand", True),
    ("when another player imports: that player pays you 2", False),
    ("when you lose an import: that player draws 1", False),
])
def test_that_player_paying_you_for_your_own_event_is_refused_P028(line, refused):
    """In `when you ...` the event's player is the owner: `that player pays you 2` moved nothing,
    and validate let it through (a modder meant the winner of the auction he or she lost)."""
    power, problems = parse_power(line)
    assert power is not None and not problems
    assert [p.code for p in check_power(power)] == (["P028"] if refused else [])


def test_a_rules_amount_may_have_a_cap():
    """`rule: your import fee is 2 for each of your shipments (at most 6)`: powers.md gives amounts a
    cap, but a rule's amount refused it (a modder wrote two rules instead). An odd cap of credits is
    P023 (R1.8.3)."""
    game, p, soap = soap_game("rule: your goods limit is the number of your shipments (at most 2)")
    assert game.rules.goods_limit(p) == 1  # Soap alone
    give(game, p.hand, "cups", "pens", "wheat")
    for card in list(p.hand[-3:]):
        p.hand.remove(card)
        game.add_shipment(p, card)
    assert len(p.shipments) == 4 and game.rules.goods_limit(p) == 2
    power, problems = parse_power("rule: your import fee is 2 for each of your shipments (at most 5)")
    assert power is not None and not problems and [x.code for x in check_power(power)] == ["P023"]


def test_a_rule_lowers_the_tier_requirement_of_some_cards_R6_4():
    """`rule: your tier requirement of luxury cards is 1 less`: a modder wanted "you may contract
    luxury cards even if your level is too low" and found only `your level in luxury is at least 3`,
    which changes the level for everything else too. Each level still missing costs one instance:
    Ferraris (tier 3) at level 0 takes 3 instances instead of 4 (R6.4)."""
    from interpreter.engine.contract import cost
    game, p, soap = soap_game("rule: your tier requirement of luxury cards is 1 less")
    clear(game, p.goods)
    p.colour_good = "technology"
    give(game, p.hand, "ferraris")
    ferraris = p.hand[-1]
    assert game.rules.level(p, "luxury") == 0 and ferraris.tier == 3
    assert game.rules.tier_needed(p, ferraris) == 2 and game.rules.tier_needed(game.players[1], ferraris) == 3
    assert cost(game, p, ferraris) == 3
    game.remove_shipment(p, soap)
    assert cost(game, p, ferraris) == 4


def test_they_as_a_subject_points_to_the_form_that_works():
    """A modder wrote `..., they cannot follow your lead` inside another player's choice; the message
    offered `that player`, which the checker then refused (P021: no event). It now shows the
    per-player form that works, and that form passes the checker."""
    line = "on completion: each other player chooses one: pay you 4 or (until your next turn, they cannot follow your lead)"
    _, problems = parse_power(line)
    assert [p.code for p in problems] == ["P003"] and "for each other player, (that player chooses one" in problems[0].message
    power, problems = parse_power("on completion: for each other player, (that player chooses one: pay you 4 or "
                                  "(until your next turn, that player cannot follow your lead))")
    assert power is not None and not problems and check_power(power) == []
