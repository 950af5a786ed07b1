"""R4 turn, R5 levels, R6 contracts: the rules and open questions the earlier rule tests left uncited
(issue 23, item 6), each in a game state where it matters.
Seed 1, 3 players: P1 red (illegal), P2 black (consumer), P3 blue (luxury)."""

from __future__ import annotations

from collections import Counter

from interpreter.cards.model import GOOD_TYPES
from interpreter.engine import events as ev
from interpreter.engine.invariants import check
from interpreter.sim.runner import bot_game
from tests.helpers import ALL_CARDS, RULES, asked, bring_home, clear, game3, give, ids, play_turn, set_hand, use_script


def test_the_leader_draws_or_declares_and_nothing_else_R4_2():
    game = game3()
    set_hand(game, game.players[0], "pistols", "cups")
    script = use_script(game, [(0, "draw")])
    play_turn(game)
    (lead,) = asked(script, "lead")
    labels = lead.labels()
    assert labels[0].startswith("draw") and all(label.startswith("draw") or " with " in label for label in labels)
    assert {"PIRATE with Pistols", "IMPORT with Cups"} <= set(labels)


def test_a_player_draws_at_most_once_in_a_turn_R4_4_R19_1():
    """Over whole games of bots with every card, no player takes the draw action twice in one turn;
    a follower who drew and holds matching imports carries out actions, never a second draw."""
    for seed in (3, 4):
        game = bot_game(ALL_CARDS, RULES, 4, seed, None, ["heuristic", "random", "random", "heuristic"])
        draws: Counter[tuple[int, int]] = Counter()
        game.bus.subscribe(ev.DrawActionTaken, lambda e, g=game, d=draws: d.update([(g.turn, e.player)]))
        game.play()
        assert draws and max(draws.values()) == 1


def test_an_unused_action_is_not_kept_for_a_later_turn_R4_6_6():
    """P1 leads SUPPLY with an import (2 actions) and uses none; in the next turn, led by P2 with
    SUPPLY, P1 draws instead of following and has 1 action (its import) again, not 3."""
    game = game3()
    p = game.players[0]
    set_hand(game, p, "champagne")
    give(game, p.imports, "cologne")
    set_hand(game, game.players[1], "sauna", "rope")
    granted: list[ev.InstancesGranted] = []
    game.bus.subscribe(ev.InstancesGranted, granted.append)
    use_script(game, [(0, "SUPPLY with Champagne"), (1, "draw"), (2, "draw")])
    play_turn(game)
    assert [(e.player, e.count) for e in granted] == [(0, 2)]
    game.next_leader()
    granted.clear()
    use_script(game, [(1, "SUPPLY with Sauna"), (2, "draw"), (0, "draw")])
    play_turn(game)
    assert (0, 1) in [(e.player, e.count) for e in granted]


def test_the_leader_and_only_the_leader_may_discard_contracts_R4_11_R14_3():
    game = game3()
    for q in game.players:
        give(game, q.ships[0].contracts, {0: "beer", 1: "pens", 2: "champagne"}[q.seat])
    set_hand(game, game.players[0], "pistols")
    script = use_script(game, [(0, "PIRATE with Pistols"), (1, "draw"), (2, "draw")])
    play_turn(game)
    assert {d.player for d in asked(script, "discard_contract")} == {0}


def test_a_contract_stays_when_the_level_that_allowed_it_is_lost_R5_4():
    """Red P1 contracts Coffee (agriculture tier 1) with an agriculture good; the good leaves Goods;
    the contract stays on the ship and completes when loaded."""
    game = game3()
    p = game.players[0]
    give(game, p.goods, "honey")
    assert game.rules.level(p, "agriculture") == 1
    set_hand(game, p, "wheat", "coffee")
    use_script(game, [(0, "CONTRACT with Wheat"), (1, "draw"), (2, "draw"), (0, "contract Coffee")])
    play_turn(game)
    assert ids(p.ships[0].contracts) == ["coffee"]
    clear(game, p.goods)  # the level is gone
    assert game.rules.level(p, "agriculture") == 0
    game.next_leader()
    game.next_leader()
    game.next_leader()
    set_hand(game, p, "laptops", "almonds", "sugar")
    use_script(game, [(0, "LOAD with Laptops"), (1, "draw"), (2, "draw"), (0, "load Almonds"), (0, "load Sugar")])
    give(game, p.imports, "batteries")  # a second load action
    play_turn(game)
    assert ids(p.shipments) == ["coffee"]
    check(game)


def test_without_a_ship_in_harbor_there_is_no_contract_R6_2_OQ_19():
    game = game3()
    p = game.players[0]
    p.ships[0].at_sea = True
    give(game, p.ships[0].containers, "pens")
    set_hand(game, p, "wheat", "beer")
    script = use_script(game, [(0, "draw")])
    play_turn(game)
    (lead,) = asked(script, "lead")
    assert not any(label.startswith("CONTRACT") for label in lead.labels())


def test_an_action_that_cannot_be_carried_out_when_its_time_comes_is_lost_R4_8_OQ_19():
    """P2 may follow CONTRACT (a ship in harbor), but follows with its only card: when its action comes
    there is nothing to contract, and the action passes without a question."""
    game = game3()
    set_hand(game, game.players[0], "wheat", "beer")
    set_hand(game, game.players[1], "sugar")  # follows with its only card: nothing left to contract
    script = use_script(game, [(0, "CONTRACT with Wheat"), (1, "CONTRACT with Sugar"), (2, "draw"), (0, "contract Beer")])
    play_turn(game)
    assert asked(script, "contract", 1) == []
    assert game.players[1].hand == [] and "sugar" in ids(game.zones.discard)


def test_a_drawer_keeps_the_actions_of_matching_imports_OQ_6_R4_6_3():
    game = game3()
    set_hand(game, game.players[0], "pistols")
    set_hand(game, game.players[1], "cups")  # no PIRATE card: draws
    give(game, game.players[1].imports, "shotguns")
    clear(game, game.zones.island)
    give(game, game.zones.island, "champagne", "cologne")
    script = use_script(game, [(0, "PIRATE with Pistols"), (1, "draw"), (2, "draw"), (0, "Champagne"), (1, "Cologne")])
    play_turn(game)
    assert game.players[1].drew_this_turn and len(asked(script, "pirate", 1)) == 1


def test_a_bought_level_serves_one_contract_only_OQ_7_R6_4_R6_5():
    """Red P1 (agriculture level 0) has 3 contract actions: Coffee (tier 1) takes 2 of them; the third
    may contract a tier-0 card, not a second tier-1 card (the boost was spent on Coffee)."""
    game = game3()
    p = game.players[0]
    set_hand(game, p, "wheat", "coffee", "sugar", "beer")
    give(game, p.imports, "potatoes", "jasmine_tea")  # CONTRACT imports: 3 actions
    give(game, p.shipments, "rope")  # room for 2 imports
    script = use_script(game, [(0, "CONTRACT with Wheat"), (1, "draw"), (2, "draw"), (0, "contract Coffee"), (0, "contract Beer")])
    play_turn(game)
    contracts = asked(script, "contract", 0)
    assert len(contracts) == 2
    assert not any("Sugar" in label for label in contracts[1].labels())  # tier 1, one action left
    assert sorted(ids(p.ships[0].contracts)) == ["beer", "coffee"]


def test_the_colour_level_is_one_level_wherever_the_ships_are_OQ_8_R5_2():
    game = game3()
    p = game.players[0]  # red
    levels = {g: game.rules.level(p, g) for g in GOOD_TYPES}
    assert levels["illegal"] == 1 and sum(levels.values()) == 1
    p.ships[0].at_sea = True  # both ships at sea
    assert game.rules.level(p, "illegal") == 1
    bring_home(game, p.ships[1])  # both ships in harbor
    p.ships[0].at_sea = False
    assert game.rules.level(p, "illegal") == 1


def test_a_leader_who_draws_ends_the_turn_nobody_follows_no_import_is_used_OQ_34_R4_2_1():
    game = game3()
    p = game.players[0]
    set_hand(game, p, "pens")
    give(game, p.imports, "cups")  # an IMPORT import: unused
    set_hand(game, game.players[1], "pistols", "shotguns")
    script = use_script(game, [(0, "draw")])
    play_turn(game)
    assert script.kinds() == ["lead"] and asked(script, "follow") == []
    game.next_leader()
    assert game.leader == 1
