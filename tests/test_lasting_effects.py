"""Issue 21, item 4: lasting effects. A step of any power installs a rule or a trigger for the rest of
the game, until the end of this turn or of the owner's next turn, until the owner's next turn, or for
the next N times an event happens; it works wherever its card goes afterwards, is cloned with the game,
read back by `explain` and listed on the desk's table (interpreter/lang/lasting.py,
interpreter/powers/lasting.py)."""

from __future__ import annotations

import dataclasses

from interpreter.cards.loader import CardSet
from interpreter.engine import events as ev
from interpreter.lang import check_power, parse_power
from tests.game_state import fingerprint
from tests.helpers import _PLAIN, clear, give, new_game, play_turn, use_script


def with_powers(**lines: list[str]) -> CardSet:
    def compiled(texts: list[str]) -> tuple:
        out = []
        for text in texts:
            power, problems = parse_power(text)
            assert not problems and not check_power(power), (text, problems, check_power(power))
            out.append(power.compile())
        return tuple(out)
    return CardSet([dataclasses.replace(c, powers=compiled(lines[c.id])) if c.id in lines else c for c in _PLAIN.cards])


def complete(game, seat: int, card_id: str):
    """`card_id` completes for `seat`: into Shipments, its one-time powers run."""
    p = game.players[seat]
    card = give(game, p.hand, card_id)[0]
    game.powers.world.complete(p, card)  # as a power completes it: the event, then its one-time powers
    return card


def discard_from_shipments(game, seat: int, card) -> None:
    game.remove_shipment(game.players[seat], card)
    game.discard(card, "a test", seat)


def draw_turn(game, seat: int) -> None:
    """A turn led by `seat`, who draws (the turn ends at once, R4.2.1)."""
    game.leader = seat
    use_script(game, [(seat, "draw")])
    play_turn(game)


# --- the rest of the game ------------------------------------------------------------------------

def test_a_trigger_for_the_rest_of_the_game_works_after_its_card_is_discarded():
    game = new_game(players=2, cards=with_powers(soap=["on completion: for the rest of the game, whenever another player draws: gain 2"]))
    p, q = game.players
    p.credits = 10
    soap = complete(game, 0, "soap")
    discard_from_shipments(game, 0, soap)  # the card is gone: the lasting effect is not
    game.draw_into_hand(q, 1)
    assert p.credits == 12
    for _ in range(3):
        draw_turn(game, 1)
    assert p.credits == 12 + 2 * 3
    game.draw_into_hand(p, 1)
    assert p.credits == 18  # the owner's own draws do not count


def test_a_rule_for_the_rest_of_the_game_changes_the_rule_from_then_on():
    game = new_game(players=2, cards=with_powers(soap=["on completion: for the rest of the game, your sale price is 2 more"]))
    p = game.players[0]
    before = game.rules.sale_price(p)
    soap = complete(game, 0, "soap")
    game.remove_shipment(p, soap)
    assert game.rules.sale_price(p) == before + 2
    assert game.rules.sale_price(game.players[1]) == before


# --- turn-bound durations ------------------------------------------------------------------------

def test_until_the_end_of_this_turn_a_trigger_works_this_turn_only():
    game = new_game(players=2, cards=with_powers(soap=["when you declare supply: until the end of this turn, whenever you sell a card: gain 2"]))
    p, q = game.players
    give(game, p.hand, "soap")
    game.add_shipment(p, p.hand.pop())
    clear(game, p.hand)
    give(game, p.hand, "champagne", "rice", "beer")
    p.credits = 10
    price = game.rules.sale_price(p)
    use_script(game, [(0, "SUPPLY with Champagne"), (1, "draw"), (0, "sell Rice")])
    play_turn(game)
    assert p.credits == 10 + price + 2
    assert not game.powers.lasting.in_force  # it ended with the turn
    game.powers.world.sell(p, p.hand[0], 2, "a test")
    assert p.credits == 10 + price + 2 + game.rules.sale_price(p, 2)


def test_it_ends_after_the_powers_answering_the_moment_it_ends_at():
    game = new_game(players=2, cards=with_powers(soap=["on completion: until the end of this turn, whenever a turn ends: draw 1"]))
    p = game.players[0]
    complete(game, 0, "soap")
    clear(game, p.hand)
    draw_turn(game, 1)
    assert len(p.hand) == 1  # the turn's end came while it was in force: it answered, then ended
    draw_turn(game, 1)
    assert len(p.hand) == 1


def test_until_the_end_of_your_next_turn_spans_the_others_turns_and_the_owners_next():
    game = new_game(players=3, cards=with_powers(soap=["on completion: until the end of your next turn, your draw action size is 1 more"]))
    p = game.players[0]
    game.leader, game.turn = 0, 1
    complete(game, 0, "soap")  # during P1's own turn 1: P1's next turn is a later one
    size = game.rules.draw_count(p)
    for leader, in_force in ((1, True), (2, True), (0, False)):
        assert bool(game.powers.lasting.in_force) and game.rules.draw_count(p) == size
        draw_turn(game, leader)
        assert bool(game.powers.lasting.in_force) == in_force
    assert game.rules.draw_count(p) == size - 1


def test_until_your_next_turn_ends_as_it_starts():
    game = new_game(players=2, cards=with_powers(soap=["on completion: until your next turn, other players cannot pirate your ships"]))
    game.leader = 1
    complete(game, 0, "soap")
    draw_turn(game, 1)
    assert game.powers.lasting.in_force
    game.leader = 0
    use_script(game, [(0, "draw")])
    seen: list[bool] = []
    game.bus.subscribe(ev.ActionDeclared, lambda e: seen.append(bool(game.powers.lasting.in_force)))
    game.bus.subscribe(ev.DrawActionTaken, lambda e: seen.append(bool(game.powers.lasting.in_force)))
    play_turn(game)
    assert seen == [False] and not game.powers.lasting.in_force


# --- the next N times ----------------------------------------------------------------------------

def test_the_next_n_times_runs_that_many_times_then_stops():
    game = new_game(players=2, cards=with_powers(soap=["on completion: the next 2 times another player draws, gain 2"]))
    p, q = game.players
    p.credits = 10
    complete(game, 0, "soap")
    for _ in range(4):
        game.draw_into_hand(q, 1)
    assert p.credits == 14 and not game.powers.lasting.in_force


def test_a_rule_for_the_next_n_times_an_event_happens():
    game = new_game(players=2, cards=with_powers(soap=["on completion: for the next 2 times you sell a card, your sale price is 2 more"]))
    p = game.players[0]
    base = game.rules.sale_price(p)
    complete(game, 0, "soap")
    clear(game, p.hand)
    give(game, p.hand, "rice", "beer", "wheat")
    paid = []
    for _ in range(3):
        before = p.credits
        game.powers.world.sell(p, p.hand[0], base, "a test")
        paid.append(p.credits - before)
    assert paid == [base + 2, base + 2, base]


def test_the_completion_under_way_is_not_counted():
    game = new_game(players=2, cards=with_powers(soap=["on completion: the next time you complete a card, gain 4"]))
    p = game.players[0]
    p.credits = 10
    complete(game, 0, "soap")
    assert p.credits == 10 and game.powers.lasting.in_force
    complete(game, 0, "candy")
    assert p.credits == 14 and not game.powers.lasting.in_force


# --- installed by any power, limited like any trigger ----------------------------------------------

def test_installed_by_an_any_time_power_and_limited_to_once_per_turn():
    game = new_game(players=2, cards=with_powers(
        books=["any time from hand: discard this card to (for the rest of the game, whenever another player draws, once per turn: gain 2)"]))
    p, q = game.players
    p.credits = 10
    clear(game, p.hand)
    give(game, p.hand, "books")
    use_script(game, [(0, "use Books")])
    game.powers.offer_any_time(p)
    assert not p.hand and game.powers.lasting.in_force
    game.draw_into_hand(q, 1)
    game.draw_into_hand(q, 1)
    assert p.credits == 12
    game.turn += 1
    game.draw_into_hand(q, 1)
    assert p.credits == 14


# --- clones, explain, the desk ---------------------------------------------------------------------

def test_a_clone_keeps_each_effect_its_uses_and_its_count():
    game = new_game(players=2, cards=with_powers(soap=["on completion: the next 3 times another player draws, gain 2"],
                                                 candy=["on completion: for the rest of the game, whenever you draw, once per turn: gain 2"],
                                                 pens=["on completion: until the end of your next turn, your sale price is 2 more"]))
    p, q = game.players
    for card_id in ("soap", "candy", "pens"):
        complete(game, 0, card_id)
    game.draw_into_hand(q, 1)  # one of the three counted
    game.draw_into_hand(p, 1)  # the once-per-turn use spent
    clone = game.clone()
    assert fingerprint(clone) == fingerprint(game)
    assert [x.left for x in clone.powers.lasting.in_force] == [2, 0, 0]
    for g in (game, clone):
        g.draw_into_hand(g.players[0], 1)
        for _ in range(3):
            g.draw_into_hand(g.players[1], 1)
    assert fingerprint(clone) == fingerprint(game)
    assert clone.players[0].credits == game.players[0].credits
    cloned_rule = clone.powers.lasting.in_force[-1]
    assert cloned_rule.ctx is not None and cloned_rule.ctx.world.game is clone
    assert clone.rules.sale_price(clone.players[0]) == game.rules.sale_price(p)


def test_a_lasting_trigger_recalls_the_type_named_and_the_player_chosen_when_it_was_installed():
    """`name a good type then for the rest of the game, whenever ...: (if that card is of the named type
    ...)`: the trigger runs long after the power that named the type, which it still knows (as a
    lasting rule does); so does a clone of the game."""
    game = new_game(players=2, cards=with_powers(
        soap=["on completion: name a good type then for the rest of the game, whenever a card enters your goods: "
              "(if that card is of the named type then gain 2)"],
        candy=["on completion: choose an opponent then for the rest of the game, whenever you draw: the chosen player pays you 4"]))
    p, q = game.players
    p.credits, q.credits = 10, 10
    use_script(game, [(0, "name consumer")])
    complete(game, 0, "soap")
    complete(game, 0, "candy")  # the only opponent is chosen without asking
    clone = game.clone()
    for g in (game, clone):
        me, other = g.players
        clear(g, me.goods)
        for card in give(g, me.hand, "pens", "rice"):  # consumer: paid; agriculture: not
            me.hand.remove(card)
            assert g.add_to_goods(me, card)
        g.draw_into_hand(me, 1)  # the chosen player pays
        assert (me.credits, other.credits) == (10 + 2 + 4, 10 - 4)


def test_explain_reads_each_duration_back():
    english = {
        "on completion: for the rest of the game, whenever another player draws: gain 2":
            "for the rest of the game, whenever another player draws cards, take 2 credits from the bank",
        "on completion: until the end of your next turn, your sale price is 2 more":
            "until the end of your next turn, your sale price is raised by 2",
        "on completion: the next 2 times you sell a card, draw 1": "each of the next 2 times you sell a card",
        "on completion: for the next time you contract a card, your contract cost of tier 2 cards is 0":
            "for the next time you contract a card, ",
    }
    for line, words in english.items():
        assert words in parse_power(line)[0].english(), parse_power(line)[0].english()


def test_the_desk_lists_the_effects_in_force_with_their_end():
    game = new_game(players=2, cards=with_powers(soap=["on completion: the next 2 times another player draws, gain 2"],
                                                 candy=["on completion: until the end of your next turn, your sale price is 2 more"]))
    complete(game, 0, "soap")
    complete(game, 0, "candy")
    table = game.powers.lasting_in_force()
    assert [(x["owner"], x["card_id"]) for x in table] == [(0, "soap"), (0, "candy")]
    assert table[0]["until"] == "for the next 2 times another player draws cards"
    assert table[1]["text"] == "your sale price is raised by 2"
    assert table[1]["until"] == f"until the end of the next turn {game.players[0].name} leads"


def test_a_duration_at_game_end_is_refused():
    power, problems = parse_power("at game end: for the rest of the game, your sale price is 2 more")
    assert not problems
    assert any(p.code == "P020" for p in check_power(power))


# --- leading twice: a lasting rule, not a field of the engine (issue 28) -------------------------

def leaders(game, turns: int) -> list[int]:
    """The leader of each of the next `turns` turns, each leader drawing (R4.2.1), play passing as R4.10 says."""
    seen = []
    for _ in range(turns):
        game.next_leader()
        seen.append(game.leader)
        use_script(game, [(game.leader, "draw")])
        play_turn(game)
    return seen


def test_lead_twice_is_a_lasting_rule_until_the_owners_next_turn_who_then_leads_two_turns_in_a_row_R4_10():
    """Delayed Game's effect, completed during the owner's own turn: not the next turn (another player's),
    but the owner's next two; then play passes on. The desk lists it while it waits."""
    game = new_game(players=3, cards=with_powers(soap=["on completion: you lead twice on your next turn"]))
    game.leader = 0
    use_script(game, [(0, "draw")])
    play_turn(game)
    complete(game, 0, "soap")
    assert [x["text"] for x in game.powers.lasting_in_force()] == ["you may lead two turns in a row"]
    assert leaders(game, 6) == [1, 2, 0, 0, 1, 2]
    assert not game.powers.lasting_in_force()


def test_a_rule_of_the_language_lets_a_player_lead_two_turns_in_a_row_R4_10():
    """The same mechanism, written by a modder as a rule with a condition: read as each turn starts."""
    game = new_game(players=2, cards=with_powers(soap=["rule: while you have 20 or more credits, you may lead two turns in a row"]))
    p = game.players[0]
    give(game, p.hand, "soap")
    game.add_shipment(p, p.hand.pop())
    game.leader, p.credits = 1, 20
    assert leaders(game, 4) == [0, 0, 0, 0]
    p.credits = 10
    assert leaders(game, 3) == [0, 1, 0]


# --- a pair of containers filling one slot: a rule any card may declare, not Robot Cats' field (issue 28) --

def pair_offers(rule: str, contract: str, containers: list[str], hand: list[str]):
    """Player 1 holds a Soap whose power is `rule`, a ship in port with `contract` and `containers`
    aboard, and `hand`: the game, the player, their ship and the pairs a LOAD instance offers."""
    from interpreter.engine import load
    from interpreter.engine.choices import LoadPair
    game = new_game(players=2, cards=with_powers(soap=[rule]))
    p = game.players[0]
    complete(game, 0, "soap")
    ship = p.ships[0]
    clear(game, ship.containers)
    ship.at_sea = False
    give(game, ship.contracts, contract)
    give(game, ship.containers, *containers)
    clear(game, p.hand)
    give(game, p.hand, *hand)
    return game, p, ship, [o.value for o in load.load_options(game, p) if isinstance(o.value, LoadPair)]


def test_a_pack_rule_lets_two_containers_of_one_colour_fill_a_luxury_slot_as_robot_cats_does_technology_R7_5():
    """The engine keeps which containers were loaded as a pair, for whatever good a power names: here a
    modder's Soap lets two agriculture containers fill the last slot of a luxury contract, which then
    completes and pays for all its containers (R13.3)."""
    from interpreter.engine import load
    game, p, ship, pairs = pair_offers("rule: two of your containers of one colour may fill one luxury slot",
                                       "gold_watches", ["cologne"], ["wheat", "rice", "laptops"])
    assert [(sorted(c.id for c in pair.cards), pair.good) for pair in pairs] == [(["rice", "wheat"], "luxury")]
    load.load(game, p, pairs[0])
    assert "gold_watches" in [c.id for c in p.shipments]
    assert [c.id for c in ship.containers] == ["cologne", "wheat", "rice"] and ship.pairs == []


def test_a_pair_is_offered_only_for_a_slot_of_the_good_the_rule_names_R7_5():
    *_, pairs = pair_offers("rule: two of your containers of one colour may fill one technology slot",
                            "gold_watches", [], ["wheat", "rice"])
    assert pairs == []  # a technology pair, and only luxury slots to fill
