"""R0 conventions, R1 components, R2-R3 setup and zones: the rules the earlier rule tests left uncited
(issue 23, item 6), each tested in a game state where it matters. Card facts (R1.3, R1.4.1) are
checked on the shipped card files, since the engine plays what they say."""

from __future__ import annotations

from collections import Counter

import pytest

from interpreter.cards.model import ACTION_TYPES, ANY_COLOUR, GOOD_TYPES
from interpreter.engine import events as ev
from interpreter.engine.errors import SetupError
from interpreter.engine.invariants import check
from interpreter.engine.view import render
from interpreter.sim.runner import bot_game
from tests.helpers import ALL_CARDS, RULES, asked, clear, game3, give, ids, new_game, play_turn, set_hand, use_script

BASE = ALL_CARDS.only_sets(["base"])
PAIRING = {"technology": "load", "agriculture": "contract", "illegal": "pirate", "consumer": "import", "luxury": "supply"}


def credit_events(game):
    seen: list[ev.Event] = []
    game.bus.subscribe(ev.CreditsGained, seen.append)
    game.bus.subscribe(ev.CreditsPaid, seen.append)
    return seen


# --- R0 conventions ---------------------------------------------------------------------------------

def test_a_once_per_turn_power_is_available_again_in_the_next_turn_R0_2_R15_6():
    """`once per turn` counts per leader's turn: the power pays once in turn 1 for two contracts, and
    again in turn 2, led by P2, when its owner contracts as a follower."""
    from tests.test_power_runtime import with_powers
    game = new_game(players=2, cards=with_powers(soap=["when you contract a card, once per turn: gain 2"]))
    p = game.players[0]
    give(game, p.hand, "soap")
    game.add_shipment(p, p.hand.pop())
    set_hand(game, p, "wheat", "beer", "bok_choy", "chicken_feed", "soy_sauce")
    give(game, p.imports, "sugar")  # a CONTRACT import: two contract actions each turn
    p.credits = 10
    set_hand(game, game.players[1], "coffee", "pens")
    use_script(game, [(0, "CONTRACT with Wheat"), (1, "draw"), (0, "contract Beer"), (0, "contract Bok Choy")])
    play_turn(game)
    assert ids(p.ships[0].contracts) == ["beer", "bok_choy"] and p.credits == 12
    game.next_leader()
    use_script(game, [(1, "CONTRACT with Coffee"), (0, "CONTRACT with Chicken Feed"), (0, "contract Soy Sauce")])
    play_turn(game)
    assert ids(p.ships[0].contracts) == ["beer", "bok_choy", "soy_sauce"] and p.credits == 14


def test_the_order_of_choices_goes_clockwise_from_the_leader_R0_3_R4_3():
    """With P2 leading, P3 chooses next and P1 last; the actions are taken in the same order (R4.7)."""
    game = game3(leader=1)
    set_hand(game, game.players[1], "pistols")
    set_hand(game, game.players[2], "shotguns")
    set_hand(game, game.players[0], "cannons")
    clear(game, game.zones.island)
    give(game, game.zones.island, "champagne", "cologne", "sauna")
    script = use_script(game, [(1, "PIRATE with Pistols"), (2, "PIRATE with Shotguns"), (0, "PIRATE with Cannons"),
                               (1, "Champagne"), (2, "Cologne"), (0, "Sauna")])
    play_turn(game)
    assert [d.player for d in asked(script, "follow")] == [2, 0]
    assert [d.player for d in asked(script, "pirate")] == [1, 2, 0]


def test_to_draw_is_to_take_the_top_card_of_the_deck_into_the_hand_R0_4():
    game = game3()
    p = game.players[0]
    set_hand(game, p, "pens", "cups", "shoes", "rope")
    give(game, game.zones.deck, "honey")  # the top of the deck is the end of the list
    use_script(game, [(0, "draw")])
    play_turn(game)
    assert ids(p.hand) == ["pens", "cups", "shoes", "rope", "honey"]


def test_credits_come_from_and_go_to_the_bank_in_twos_R0_6_R1_8_3():
    """A whole game of bots with every card: every credit movement is an even amount, and those with no
    recipient go to the bank (no player receives them)."""
    game = bot_game(ALL_CARDS, RULES, 4, 5, None, ["heuristic", "random", "heuristic", "random"])
    seen = credit_events(game)
    before = sum(p.credits for p in game.players)
    game.play()
    assert seen and all(e.amount > 0 and e.amount % 2 == 0 for e in seen)
    gained = sum(e.amount for e in seen if isinstance(e, ev.CreditsGained))  # a payment to a player is gained by him
    paid = sum(e.amount for e in seen if isinstance(e, ev.CreditsPaid))
    assert any(isinstance(e, ev.CreditsPaid) and e.to is None for e in seen)  # bids, fees to the bank ...
    assert sum(p.credits + p.end_points for p in game.players) == before + gained - paid


# --- R1 components ----------------------------------------------------------------------------------

def test_the_base_game_has_100_good_cards_20_of_each_type_R1_1_R1_2():
    assert len(BASE) == 100
    assert Counter(c.good for c in BASE.cards) == {good: 20 for good in GOOD_TYPES}


def test_every_card_states_name_power_action_good_tier_and_load_R1_3_R1_3_1_to_R1_3_5():
    for card in ALL_CARDS.cards:
        assert card.name.strip() and card.text.strip()  # R1.3.1
        assert card.action in ACTION_TYPES  # R1.3.2: BUILD is written `contract`
        assert card.good in GOOD_TYPES  # R1.3.3
        assert 0 <= card.tier <= 3  # R1.3.4
        assert card.load and all(colour in (*GOOD_TYPES, ANY_COLOUR) and n >= 1 for colour, n in card.load)  # R1.3.5
    mixed = ALL_CARDS.by_id["hawaiian_salt"].load
    assert dict(mixed) == {"agriculture": 2, "luxury": 1}  # a requirement may mix colours


def test_the_cards_with_the_any_time_symbol_are_the_candidates_of_oq_2_R1_3_6_OQ_2():
    """The one-time symbol is a power `on completion`; the any-time symbol a power usable from hand."""
    from_hand = {c.id for c in ALL_CARDS.cards for p in c.powers if p.timing == "any_time" and p.from_hand}
    assert from_hand == {"lutefisk", "iceland_water", "telescopes", "oysters"}
    segways = [p for p in ALL_CARDS.by_id["segways"].powers]
    assert all(p.timing == "any_time" and not p.from_hand and p.from_shipments for p in segways)  # it moves itself out of Shipments
    assert {p.timing for p in ALL_CARDS.by_id["cups"].powers} == {"on_completion"}


def test_the_card_facts_the_sources_state_are_those_of_the_card_files_R1_3_7():
    cards = ALL_CARDS.by_id
    assert (cards["hawaiian_salt"].good, cards["hawaiian_salt"].tier) == ("agriculture", 2)
    assert dict(cards["laptops"].load) == {"technology": 2} == dict(cards["mri_machines"].load)
    assert dict(cards["diamond_rings"].load) == {"luxury": 4}
    assert dict(cards["flour"].load) == {"agriculture": 4}
    assert "tier" not in cards["hawaiian_salt"].estimated  # printed facts are not marked as estimates
    assert all("load" not in cards[c].estimated for c in ("laptops", "mri_machines", "diamond_rings", "flour"))


def test_every_base_card_pairs_its_good_type_with_its_action_type_R1_4_1():
    assert [c.id for c in BASE.cards if PAIRING[c.good] != c.action] == []


def test_the_harbor_scoring_column_is_the_rules_data_R1_4_2_R1_4_3():
    """`1:6 1:6 2:-6 1:6 1:8` and `10`: innate value and majority bonus per type, then one of each."""
    game = game3()
    p = game.players[0]
    assert [(game.rules.innate_value(p, g), RULES.majority_bonus[g]) for g in GOOD_TYPES] == [
        (1, 6), (1, 6), (2, -6), (1, 6), (1, 8)]
    assert game.rules.one_of_each_bonus(p) == 10


def test_a_container_is_only_its_colour_R1_5():
    """Cups (tier 2, with a power) is loaded as a consumer container by a player of consumer level 1,
    and its power does not run when the ship completes: as a container it is a colour, nothing more."""
    game = new_game(players=3, cards=ALL_CARDS)
    p = game.players[0]
    assert game.rules.level(p, "consumer") < ALL_CARDS.by_id["cups"].tier + 1
    ship = p.ships[0]
    give(game, ship.contracts, "pens")  # needs consumer containers
    need = dict(ship.contracts[0].defn.load)["consumer"]
    clear(game, p.hand)
    give(game, ship.containers, *["candy", "soap", "rope", "shoes"][:need - 1])
    give(game, p.hand, "cups", "laptops")
    hand_before = len(p.hand)
    use_script(game, [(0, "LOAD with Laptops"), (1, "draw"), (2, "draw"), (0, "load Cups")])
    play_turn(game)
    assert ids(p.shipments) == ["pens"]
    assert len(p.hand) == hand_before - 2  # Cups' "draw 5" did not run
    check(game)


def test_two_ships_of_each_colour_the_grey_ones_only_with_six_players_R1_6_R1_6_3():
    for players in (2, 3, 4, 5, 6):
        game = new_game(players=players)
        colours = [p.colour for p in game.players]
        assert len(set(colours)) == players and ("grey" in colours) == (players == 6)
        for p in game.players:
            assert [s.colour for s in p.ships] == [p.colour, p.colour]


def test_contracts_are_made_and_containers_loaded_on_ships_R1_6_2():
    game = game3()
    p = game.players[0]
    set_hand(game, p, "wheat", "beer")
    use_script(game, [(0, "CONTRACT with Wheat"), (1, "draw"), (2, "draw"), (0, "contract Beer")])
    play_turn(game)
    assert ids(p.ships[0].contracts) == ["beer"] and p.ships[0].containers == []


def test_credits_are_numbers_and_the_bank_never_runs_out_R1_8_R1_8_2_OQ_32():
    """Six players with 100 credits each hold more than the 520 credits of the physical bars and cubes;
    a payout is still paid in full."""
    game = new_game(players=6)
    for q in game.players:
        q.credits = 100
    p = game.players[0]
    give(game, p.ships[0].contracts, "pens")
    need = dict(p.ships[0].contracts[0].defn.load)["consumer"]
    give(game, p.ships[0].containers, *["candy", "soap", "rope", "shoes"][:need - 1])
    set_hand(game, p, "laptops", "cups")
    use_script(game, [(0, "LOAD with Laptops")] + [(s, "draw") for s in range(1, 6)] + [(0, "load Cups")])
    play_turn(game)
    assert p.credits == 100 + RULES.payout[need]


def test_only_active_credits_trigger_the_end_or_can_be_bid_R1_9_R1_9_1_R1_9_2():
    """44 active credits and 8 parked on Helicopter (passive) are not 50: the end is not triggered, and
    a bid may use only the 44; the parked credits score at game end (R17.3)."""
    game = new_game(players=3, cards=ALL_CARDS)
    p = game.players[0]
    heli = give(game, [], "helicopter")[0]
    game.add_shipment(p, heli)
    heli.parked = 8
    p.credits = 44
    set_hand(game, p, "pens")
    set_hand(game, game.players[1], "cups")
    script = use_script(game, [(0, "IMPORT with Pens"), (1, "IMPORT with Cups"), (2, "draw"), (0, "auction"),
                               (0, "bid 0"), (1, "bid 0"), (0, "take")])
    play_turn(game)
    (bid,) = asked(script, "bid", 0)
    assert bid.labels()[-1] == "bid 44"
    assert game.end_reason is None and p.credits + p.parked_credits() >= 50


def test_island_cards_are_face_up_for_every_seat_R1_10_R3_5_OQ_5():
    game = game3()
    clear(game, game.zones.island)
    give(game, game.zones.island, "champagne", "honey")
    for seat in range(3):
        view = render(game, seat)
        assert "Champagne" in view and "Honey" in view
        for q in game.players:  # the containers of every ship at sea, too
            for ship in q.ships:
                assert all(c.name in view for c in ship.containers)


def test_which_expansion_cards_are_shuffled_in_is_chosen_for_each_game_R1_11():
    base_game = new_game(players=3, cards=ALL_CARDS.only_sets(["base"]))
    full_game = new_game(players=3, cards=ALL_CARDS)
    assert base_game.n_cards == 100 and full_game.n_cards == 128
    assert {c.set for c in ALL_CARDS.cards} == {"base", "jutaku", "kickstarter", "captain"}


# --- R2-R3 setup and zones --------------------------------------------------------------------------

def test_deck_face_down_discard_face_up_R3_2():
    """No seat sees the deck's cards; every seat sees what lies on the discard pile."""
    game = game3()
    clear(game, game.zones.discard)
    give(game, game.zones.discard, "pens")
    top = game.zones.deck[-1]
    for seat in range(3):
        view = render(game, seat)
        assert "Pens" in view
        assert top.name not in view


def test_a_ship_in_harbor_with_a_contract_is_still_available_for_another_R3_3():
    game = game3()
    p = game.players[0]
    give(game, p.ships[0].contracts, "beer")
    give(game, p.ships[0].containers, "almonds")
    set_hand(game, p, "wheat", "bok_choy")
    give(game, p.imports, "sugar")
    use_script(game, [(0, "CONTRACT with Wheat"), (1, "draw"), (2, "draw"), (0, "contract Bok Choy")])
    play_turn(game)
    assert ids(p.ships[0].contracts) == ["beer", "bok_choy"]


def test_a_contract_card_is_no_container_of_its_own_shipment_R3_4():
    """Pens (consumer) contracted on a ship fills none of its own consumer slots."""
    from interpreter.engine.slots import open_slots_text
    game = game3()
    p = game.players[0]
    give(game, p.ships[0].contracts, "pens")
    assert p.ships[0].containers == []
    assert "consumer" in open_slots_text(game.rules, p, p.ships[0])


def test_a_ship_belongs_to_the_player_of_its_colour_wherever_it_is_R3_6():
    """The owner of a ship at sea receives the fee when another player imports from it, and the
    emptied ship comes back to that owner's harbor (R10.6, R10.7)."""
    game = game3()
    p1, p2 = game.players[0], game.players[1]
    ship = p2.ships[1]
    assert ship.at_sea and ship.colour == p2.colour and ship.owner == p2.seat
    clear(game, ship.containers)
    give(game, ship.containers, "honey")
    set_hand(game, p1, "pens")
    credits = p2.credits
    use_script(game, [(0, "IMPORT with Pens"), (1, "draw"), (2, "draw"), (0, "auction the black ship 2"), (0, "Honey")])
    play_turn(game)
    assert p2.credits == credits + 2 and not ship.at_sea and ship in p2.ships


def test_two_to_six_players_OQ_44_R2_1():
    for players in (2, 6):
        assert len(new_game(players=players).players) == players
    for players in (1, 7):
        with pytest.raises(SetupError, match="players must be from 2 to 6"):
            new_game(players=players)


def test_the_first_leader_is_drawn_from_the_seed_or_given_OQ_14_R2_13():
    from interpreter.engine.options import GameOptions
    from interpreter.powers import new_game as powered_game
    leaders = {powered_game(BASE, RULES, 4, seed, GameOptions(), []).leader for seed in range(12)}
    assert len(leaders) > 1  # drawn, not always the same seat
    assert {powered_game(BASE, RULES, 4, seed, GameOptions(first_leader=2), []).leader for seed in range(5)} == {2}


def test_no_hand_limit_OQ_31_R3_1():
    """A hand of 12 cards is kept whole through a turn; the draw action then draws 1 (R4.2.1)."""
    game = game3()
    p = game.players[0]
    twelve = ["pens", "cups", "shoes", "rope", "paper", "glasses", "chairs", "pants", "books", "lumber", "candy", "soap"]
    set_hand(game, p, *twelve)
    use_script(game, [(0, "draw")])
    play_turn(game)
    assert len(p.hand) == 13 and ids(p.hand)[:12] == twelve
