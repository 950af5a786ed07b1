"""R4 Turn structure: leader's draw, draw count, follow or draw, wild pairs, declaring legality,
action instances from imports, execution order, clean-up and the next leader."""

from __future__ import annotations

import pytest

from interpreter.engine import events as ev
from interpreter.engine.invariants import check
from tests.helpers import asked, clear, game3, give, ids, play_turn, set_hand, use_script

# Seed 1, 3 players: P1 red (illegal), P2 black (consumer), P3 blue (luxury).
ISLAND = ["champagne", "cologne", "sauna", "velvet_robes", "shower_heads", "small_poodles",
          "gold_toilets", "impalas"]


def set_island(game, *ids):
    clear(game, game.zones.island)
    give(game, game.zones.island, *ids)


def lead_labels(script):
    (lead,) = asked(script, "lead")
    return lead.labels()


# --- R4.2.1 leader draws ---------------------------------------------------------------------------

def test_leader_draw_ends_turn_at_once_R4_2_1():
    game = game3()
    leader = game.players[0]
    set_hand(game, leader, "cups", "pens")
    give(game, leader.shipments, "rope")
    give(game, leader.imports, "pistols", "shotguns")  # would give PIRATE instances if used
    others = [ids(p.hand) for p in game.players[1:]]
    deck = len(game.zones.deck)
    island = ids(game.zones.island)
    script = use_script(game, [(0, "draw"), (1, "draw"), (2, "draw")])
    play_turn(game)
    assert script.kinds() == ["lead"]  # nobody else acts, no instances used
    assert len(leader.hand) == 5
    assert len(game.zones.deck) == deck - 3
    assert [ids(p.hand) for p in game.players[1:]] == others
    assert ids(game.zones.island) == island
    assert game.zones.discard == []  # nothing was played (R4.9)
    assert ids(leader.imports) == ["pistols", "shotguns"]
    check(game)


@pytest.mark.parametrize(("hand", "drawn"), [(0, 5), (1, 4), (2, 3), (4, 1), (5, 1), (7, 1)])
def test_leader_draw_count_is_max_1_or_up_to_5_R4_2_1(hand, drawn):
    game = game3()
    leader = game.players[0]
    cards = ["cups", "pens", "shoes", "mouthwash", "rope", "paper", "glasses"][:hand]
    set_hand(game, leader, *cards)
    script = use_script(game, [(0, "draw")])
    play_turn(game)
    assert len(leader.hand) == hand + drawn
    assert ids(leader.hand)[:hand] == cards
    if hand == 0:  # an empty hand forces Draw (R4.2.2): not even asked
        assert script.kinds() == []
    else:
        assert script.kinds() == ["lead"]
    check(game)


def test_draw_label_announces_the_count_R4_2_1():
    game = game3()
    set_hand(game, game.players[0], "cups", "pens")
    script = use_script(game, [(0, "draw")])
    play_turn(game)
    assert "draw 3 card(s); the turn ends" in lead_labels(script)


# --- R4.3 followers --------------------------------------------------------------------------------

@pytest.mark.parametrize(("hand", "drawn"), [(2, 3), (5, 1), (6, 1)])
def test_follower_draws_up_to_5_at_least_1_R4_3_1(hand, drawn):
    game = game3()
    set_hand(game, game.players[0], "pistols")
    follower_cards = ["shotguns", "cups", "pens", "shoes", "mouthwash", "rope"][:hand]
    set_hand(game, game.players[1], *follower_cards)
    script = use_script(game, [(0, "PIRATE with Pistols"), (1, "draw"), (2, "draw")])
    play_turn(game)
    follows = asked(script, "follow", 1)
    assert len(follows) == 1 and "PIRATE with Shotguns" in follows[0].labels()
    assert len(game.players[1].hand) == hand + drawn
    assert "shotguns" in ids(game.players[1].hand)  # drew instead of following
    check(game)


def test_follower_who_follows_plays_the_card_R4_3_2():
    game = game3()
    set_hand(game, game.players[0], "pistols")
    set_hand(game, game.players[1], "shotguns", "cups")
    set_hand(game, game.players[2], "pens")
    set_island(game, *ISLAND[:3])
    script = use_script(game, [(0, "PIRATE with Pistols"), (1, "PIRATE with Shotguns"),
                               (1, "from the supply island")])
    play_turn(game)
    assert ids(game.players[1].hand) == ["cups"]  # played, and drew nothing
    assert "shotguns" in ids(game.zones.discard)
    assert len(asked(script, "pirate", 1)) == 1  # a follower has one instance (R4.6.2)
    check(game)


def test_player_who_cannot_follow_must_draw_R4_3_2():
    game = game3()
    set_hand(game, game.players[0], "pistols")
    # no PIRATE card and no two cards of one colour: cannot follow
    set_hand(game, game.players[1], "almonds", "backpacks", "champagne", "batteries")
    set_hand(game, game.players[2], "shotguns")
    script = use_script(game, [(0, "PIRATE with Pistols"), (2, "draw")])
    play_turn(game)
    assert [d.player for d in asked(script, "follow")] == [2]  # P2 was not even asked
    assert len(game.players[1].hand) == 5  # drew 1 (R4.3.1)
    assert ids(game.players[1].hand)[:4] == ["almonds", "backpacks", "champagne", "batteries"]
    assert game.players[1].drew_this_turn
    check(game)


# --- R4.5 wild pairs -------------------------------------------------------------------------------

def test_leader_declares_with_two_cards_of_one_colour_R4_5():
    game = game3()
    leader = game.players[0]
    give(game, leader.ships[0].contracts, "soy_sauce")  # needs 2 agriculture: LOAD is legal (R4.8)
    set_hand(game, leader, "almonds", "beer", "bok_choy")  # agriculture cards are CONTRACT cards
    script = use_script(game, [(0, "LOAD with the pair Almonds + Beer"), (1, "draw"), (2, "draw"),
                               (0, "load Bok Choy")])
    play_turn(game)
    assert not any(label.startswith("LOAD with Almonds") for label in lead_labels(script))
    assert ids(leader.ships[0].containers) == ["bok_choy"]
    assert sorted(ids(game.zones.discard)) == ["almonds", "beer"]  # both discarded at clean-up
    assert len(asked(script, "load", 0)) == 1  # the pair gives a single instance
    assert leader.hand == []
    check(game)


def test_follower_follows_with_two_cards_of_one_colour_R4_5():
    game = game3()
    set_hand(game, game.players[0], "pistols")
    set_hand(game, game.players[1], "chairs", "rope")  # consumer (IMPORT) cards, no PIRATE card
    set_hand(game, game.players[2], "almonds")
    set_island(game, *ISLAND[:4])
    script = use_script(game, [(0, "PIRATE with Pistols"), (0, "from the supply island"),
                               (1, "PIRATE with the pair"), (1, "from the supply island"),
                               (1, "from the supply island")])
    play_turn(game)
    (follow,) = asked(script, "follow", 1)
    assert any("PIRATE with the pair" in label for label in follow.labels())
    assert game.players[1].hand == []
    assert len(asked(script, "pirate", 1)) == 1  # one instance, not two
    assert {"chairs", "rope", "pistols"} <= set(ids(game.zones.discard))
    assert len(game.zones.island) == 2
    check(game)


def test_two_cards_of_different_colours_are_no_pair_R4_5():
    game = game3()
    set_hand(game, game.players[0], "almonds", "backpacks")  # CONTRACT card, IMPORT card
    script = use_script(game, [(0, "draw")])
    play_turn(game)
    labels = lead_labels(script)
    assert sorted(labels) == sorted(["draw 3 card(s); the turn ends", "CONTRACT with Almonds",
                                     "IMPORT with Backpacks"])


# --- R4.8 declaring and following legality -----------------------------------------------------------

def test_no_contract_declaration_without_ship_in_harbor_R4_8():
    game = game3()
    leader = game.players[0]
    give(game, leader.ships[0].containers, "rope")
    leader.ships[0].at_sea = True  # both ships at sea
    set_hand(game, leader, "almonds", "beer", "pistols")
    script = use_script(game, [(0, "draw")])
    play_turn(game)
    labels = lead_labels(script)
    assert not any(label.startswith("CONTRACT") for label in labels)
    assert "PIRATE with Pistols" in labels
    assert "PIRATE with the pair Almonds + Beer" in labels
    check(game)


def test_follower_without_ship_in_harbor_cannot_follow_contract_R4_8():
    game = game3()
    set_hand(game, game.players[0], "beer", "chicken_feed")
    p1 = game.players[1]
    give(game, p1.ships[0].containers, "rope")
    p1.ships[0].at_sea = True
    set_hand(game, p1, "almonds", "bok_choy")  # a CONTRACT card and an agriculture pair
    set_hand(game, game.players[2], "cups")
    script = use_script(game, [(0, "CONTRACT with Beer"), (0, "contract Chicken Feed")])
    play_turn(game)
    assert asked(script, "follow", 1) == []  # forced to draw
    assert len(p1.hand) == 5 and p1.drew_this_turn
    assert ids(game.players[0].ships[0].contracts) == ["chicken_feed"]
    check(game)


def test_no_load_declaration_without_contract_R4_8():
    game = game3()
    leader = game.players[0]
    set_hand(game, leader, "batteries", "cell_phones", "pistols")
    script = use_script(game, [(0, "draw")])
    play_turn(game)
    labels = lead_labels(script)
    assert not any(label.startswith("LOAD") for label in labels)
    assert "PIRATE with Pistols" in labels


def test_load_declaration_allowed_with_a_contract_R4_8():
    game = game3()
    leader = game.players[0]
    give(game, leader.ships[0].contracts, "mri_machines")
    set_hand(game, leader, "batteries", "pistols")
    script = use_script(game, [(0, "draw")])
    play_turn(game)
    labels = lead_labels(script)
    assert "LOAD with Batteries" in labels


def test_follower_without_contract_cannot_follow_load_R4_8():
    game = game3()
    leader = game.players[0]
    give(game, leader.ships[0].contracts, "mri_machines")
    set_hand(game, leader, "batteries", "cell_phones")
    p1 = game.players[1]
    set_hand(game, p1, "drones", "generators")  # LOAD cards, but no contract
    p2 = game.players[2]
    give(game, p2.ships[0].contracts, "beer")
    set_hand(game, p2, "jets", "almonds")
    script = use_script(game, [(0, "LOAD with Batteries"), (0, "load Cell Phones"), (2, "draw")])
    play_turn(game)
    assert [d.player for d in asked(script, "follow")] == [2]
    assert len(p1.hand) == 5 and p1.drew_this_turn
    check(game)


# --- R4.6 action instances -----------------------------------------------------------------------

def pirate_setup(leader=0, **options):
    """Leader 3 instances (declared + 2 PIRATE imports), follower 2 (+1 PIRATE import, 1 other import),
    drawer 1 PIRATE import. Everyone is scripted to keep pirating island cards as long as asked."""
    game = game3(leader, **options)
    seats = game.seats_from(leader)
    lead, follower, drawer = (game.players[s] for s in seats)
    give(game, lead.shipments, "rope")
    give(game, lead.imports, "seeds", "foxes")
    set_hand(game, lead, "pistols")
    give(game, follower.shipments, "chairs")
    give(game, follower.imports, "cannons", "pants")  # pants is an IMPORT card: no extra PIRATE
    set_hand(game, follower, "shotguns", "cups")
    give(game, drawer.imports, "drugs")
    set_hand(game, drawer, "flamethrowers", "almonds")
    set_island(game, *ISLAND)
    answers = [(lead.seat, "PIRATE with Pistols"), (follower.seat, "PIRATE with Shotguns"),
               (drawer.seat, "draw")]
    for seat in seats:
        answers += [(seat, "from the supply island")] * 4
    return game, lead, follower, drawer, answers


def test_instances_leader_follower_drawer_from_matching_imports_R4_6_1_to_R4_6_3():
    game, lead, follower, drawer, answers = pirate_setup()
    script = use_script(game, answers)
    play_turn(game)
    assert len(asked(script, "pirate", lead.seat)) == 3  # 1 + 2 matching imports (R4.6.1)
    assert len(asked(script, "pirate", follower.seat)) == 2  # 1 + 1 matching import (R4.6.2)
    assert len(asked(script, "pirate", drawer.seat)) == 1  # drew: 1 matching import (R4.6.3)
    assert len(game.zones.island) == len(ISLAND) - 6
    assert drawer.drew_this_turn and len(drawer.hand) == 5
    check(game)


def test_drawers_use_imports_no_gives_drawer_nothing_R4_6_3_option():
    game, lead, follower, drawer, answers = pirate_setup(drawers_use_imports="no")
    script = use_script(game, answers)
    play_turn(game)
    assert len(asked(script, "pirate", lead.seat)) == 3
    assert len(asked(script, "pirate", follower.seat)) == 2
    assert asked(script, "pirate", drawer.seat) == []
    assert len(game.zones.island) == len(ISLAND) - 5
    check(game)


def test_instances_granted_events_R4_6():
    game, lead, follower, drawer, answers = pirate_setup()
    granted = {}
    game.bus.subscribe(ev.InstancesGranted, lambda e: granted.__setitem__(e.player, e.count))
    use_script(game, answers)
    play_turn(game)
    assert granted == {lead.seat: 3, follower.seat: 2, drawer.seat: 1}


def test_imports_are_not_consumed_R4_6_4():
    game, lead, follower, drawer, answers = pirate_setup()
    use_script(game, answers)
    play_turn(game)
    assert ids(lead.imports) == ["seeds", "foxes"]
    assert ids(follower.imports) == ["cannons", "pants"]
    assert ids(drawer.imports) == ["drugs"]
    # and they grant instances again the next turn
    set_hand(game, lead, "big_ammunition")
    set_hand(game, follower, "danger_pets")
    set_island(game, *ISLAND)
    script = use_script(game, [(lead.seat, "PIRATE with Big Ammunition"), (follower.seat, "PIRATE with Danger Pets"),
                               (drawer.seat, "draw")] + [(lead.seat, "from the supply island")] * 4)
    play_turn(game)
    assert len(asked(script, "pirate", lead.seat)) == 3
    check(game)


@pytest.mark.parametrize("leader", [0, 1, 2])
def test_execution_order_leader_first_then_clockwise_R4_7(leader):
    game, lead, follower, drawer, answers = pirate_setup(leader)
    script = use_script(game, answers)
    play_turn(game)
    order = [d.player for d in script.asked if d.kind == "pirate"]
    assert order == [lead.seat] * 3 + [follower.seat] * 2 + [drawer.seat]
    follow_order = [d.player for d in script.asked if d.kind == "follow"]
    assert follow_order == [follower.seat, drawer.seat]
    assert [lead.seat, follower.seat, drawer.seat] == [leader, (leader + 1) % 3, (leader + 2) % 3]
    check(game)


def test_leader_takes_island_cards_before_the_others_R4_7():
    game, lead, follower, drawer, answers = pirate_setup()
    taken = []
    game.bus.subscribe(ev.CardPirated, lambda e: taken.append((e.player, e.card.id)))
    use_script(game, answers)
    play_turn(game)
    # the island is taken from its start: the leader's three cards are the first three
    assert taken == [(lead.seat, "champagne"), (lead.seat, "cologne"), (lead.seat, "sauna"),
                     (follower.seat, "velvet_robes"), (follower.seat, "shower_heads"),
                     (drawer.seat, "small_poodles")]


# --- R4.9 clean-up ---------------------------------------------------------------------------------

def test_cleanup_discards_declared_and_followed_cards_R4_9():
    game, lead, follower, drawer, answers = pirate_setup()
    during = []
    game.bus.subscribe(ev.CardPirated, lambda e: during.append((ids(lead.played), ids(follower.played))))
    use_script(game, answers)
    play_turn(game)
    # during execution the played cards lie apart from the hand
    assert during[0] == (["pistols"], ["shotguns"])
    assert lead.played == [] and follower.played == []
    assert {"pistols", "shotguns"} <= set(ids(game.zones.discard))
    assert "pistols" not in ids(lead.hand) and "shotguns" not in ids(follower.hand)
    check(game)


def test_declared_card_cannot_be_loaded_R4_9_R7_6():
    game = game3()
    leader = game.players[0]
    give(game, leader.ships[0].contracts, "mri_machines")  # needs 2 technology
    set_hand(game, leader, "batteries", "cell_phones")
    script = use_script(game, [(0, "LOAD with Batteries"), (1, "draw"), (2, "draw"), (0, "load Cell")])
    play_turn(game)
    (load,) = asked(script, "load", 0)
    assert load.labels() == ["stop loading", f"load Cell Phones (technology) onto the {leader.ships[0].label}"]
    assert ids(leader.ships[0].containers) == ["cell_phones"]
    assert ids(game.zones.discard) == ["batteries"]
    check(game)


def test_only_technology_card_used_to_declare_leaves_nothing_to_load_R4_9():
    game = game3()
    leader = game.players[0]
    give(game, leader.ships[0].contracts, "mri_machines")
    set_hand(game, leader, "batteries", "almonds")
    script = use_script(game, [(0, "LOAD with Batteries"), (1, "draw"), (2, "draw")])
    play_turn(game)
    assert asked(script, "load") == []
    assert leader.ships[0].containers == []
    assert ids(leader.hand) == ["almonds"]
    assert ids(game.zones.discard) == ["batteries"]
    check(game)


# --- R4.10 next leader -----------------------------------------------------------------------------

def test_next_leader_is_clockwise_also_after_a_draw_R4_10_R4_1():
    game = game3(leader=1, max_turns=3)
    set_hand(game, game.players[2], "pistols", "cups")
    script = use_script(game, [(1, "draw"),
                               (2, "PIRATE with Pistols"), (0, "draw"), (1, "draw"),
                               (0, "draw")])
    game.play()
    assert [d.player for d in asked(script, "lead")] == [1, 2, 0]
    assert game.turn == 3
    assert script.answers == []


def test_drawers_and_followers_act_alike_in_seat_order_R4_7():
    """Seat 1 draws (one PIRATE import), seat 2 follows: seat 1 still acts before seat 2."""
    game = game3()
    p0, p1, p2 = game.players
    set_hand(game, p0, "pistols")
    give(game, p1.imports, "drugs")
    set_hand(game, p1, "shotguns")
    set_hand(game, p2, "flamethrowers")
    set_island(game, *ISLAND)
    script = use_script(game, [(0, "PIRATE with Pistols"), (1, "draw"), (2, "PIRATE with Flamethrowers")]
                        + [(seat, "from the supply island") for seat in (0, 1, 2)])
    play_turn(game)
    assert [d.player for d in script.asked if d.kind == "pirate"] == [0, 1, 2]
    assert len(game.zones.island) == len(ISLAND) - 3
    check(game)
