"""R7 the LOAD action: open slots of the right colour, no overloading, completion mid-action."""

from __future__ import annotations

from interpreter.engine import load
from interpreter.engine.invariants import check
from tests.helpers import bring_home, game3, give, ids, play_turn, set_hand, use_script

# Seed 1, 3 players: P1 red (illegal), P2 black (consumer), P3 blue (luxury).


def loadable(game, p):
    """{(card id, ship twin)} offered by one load instance."""
    return {(o.value.card.id, o.value.ship.twin) for o in load.load_options(game, p)[1:]}


def loads_asked(script, seat=0):
    return [d for d in script.asked if d.kind == "load" and d.player == seat]


def test_load_only_a_container_of_the_slot_colour_R7_1_R7_2():
    game = game3()
    p = game.players[0]
    give(game, p.ships[0].contracts, "beer")  # 2 agriculture
    set_hand(game, p, "almonds", "rope", "batteries", "pistols", "champagne")
    assert loadable(game, p) == {("almonds", 0)}
    use_script(game, [(0, "load Almonds")])
    load.perform(game, p, 1)
    assert ids(p.ships[0].containers) == ["almonds"]
    assert ids(p.hand) == ["rope", "batteries", "pistols", "champagne"]
    check(game)


def test_no_load_onto_a_ship_without_contract_R7_1():
    game = game3()
    p = game.players[0]
    bring_home(game, p.ships[1])
    give(game, p.ships[1].contracts, "pants")  # only ship 2 has a contract
    set_hand(game, p, "rope", "almonds")
    assert loadable(game, p) == {("rope", 1)}


def test_mixed_requirement_accepts_each_colour_up_to_its_count_R7_2():
    game = game3()
    p = game.players[0]
    give(game, p.ships[0].contracts, "hawaiian_salt")  # 2 agriculture + 1 luxury
    give(game, p.ships[0].containers, "champagne")  # luxury slot filled
    set_hand(game, p, "almonds", "cologne", "rope")
    assert loadable(game, p) == {("almonds", 0)}  # no second luxury, no consumer
    check(game)


def test_no_overloading_a_full_colour_R7_3():
    game = game3()
    p = game.players[0]
    ship = p.ships[0]
    give(game, ship.contracts, "beer", "pants")  # 2 agriculture + 2 consumer
    give(game, ship.containers, "almonds", "wheat", "rope")  # agriculture full, 1 consumer
    set_hand(game, p, "sugar", "chairs", "books")
    assert loadable(game, p) == {("chairs", 0), ("books", 0)}
    script = use_script(game, [(0, "load Sugar"), (0, "load Chairs")])
    load.perform(game, p, 2)
    # "load Sugar" is not offered, so the lenient script stops at the first question
    assert len(loads_asked(script)) == 1
    assert not any("Sugar" in label for label in loads_asked(script)[0].labels())
    assert ids(ship.containers) == ["almonds", "wheat", "rope"]
    check(game)


def test_loading_stops_when_nothing_fits_R7_3():
    game = game3()
    p = game.players[0]
    ship = p.ships[0]
    give(game, ship.contracts, "beer")
    give(game, ship.containers, "almonds")
    set_hand(game, p, "wheat", "sugar", "potatoes")
    script = use_script(game, [(0, "load Wheat"), (0, "load Sugar"), (0, "load Potatoes")])
    load.perform(game, p, 3)
    # the first container completes the ship; it sails and nothing else can be loaded
    assert len(loads_asked(script)) == 1
    assert ids(ship.containers) == ["almonds", "wheat"]
    assert ship.at_sea
    assert ids(p.hand) == ["sugar", "potatoes"]
    check(game)


def test_each_instance_loads_one_container_R7_4():
    game = game3()
    p = game.players[0]
    ship = p.ships[0]
    give(game, ship.contracts, "flour")  # 4 agriculture
    set_hand(game, p, "almonds", "wheat", "sugar", "potatoes")
    use_script(game, [(0, "load Almonds"), (0, "load Wheat"), (0, "load Sugar")])
    load.perform(game, p, 2)
    assert ids(ship.containers) == ["almonds", "wheat"]
    assert ids(p.hand) == ["sugar", "potatoes"]
    assert not ship.at_sea
    check(game)


def test_completion_mid_action_then_load_another_ship_R7_5():
    game = game3()
    p = game.players[0]
    first, second = p.ships
    bring_home(game, second)
    give(game, first.contracts, "beer")
    give(game, first.containers, "almonds")
    give(game, second.contracts, "pants")
    give(game, second.containers, "rope")
    set_hand(game, p, "wheat", "chairs", "sugar")
    island = len(game.zones.island)
    script = use_script(game, [(0, "load Wheat"), (0, "load Chairs"), (0, "load Sugar")])
    load.perform(game, p, 3)
    # Wheat completes the first ship at once (paid 6, sails); Chairs completes the second one
    assert first.at_sea and ids(first.containers) == ["almonds", "wheat"]
    assert second.at_sea and ids(second.containers) == ["rope", "chairs"]
    assert ids(p.shipments) == ["beer", "pants"]
    assert p.credits == 22
    assert len(game.zones.island) == island + 2
    second_question = loads_asked(script)[1]
    assert second_question.labels() == ["stop loading", f"load Chairs (consumer) onto the {second.label}"]
    assert len(loads_asked(script)) == 2  # both ships gone: the third instance is lost
    assert ids(p.hand) == ["sugar"]
    check(game)


def test_completion_happens_before_the_next_instance_R7_5():
    """Credits and Shipments already reflect the completion when the next load is asked."""
    game = game3()
    p = game.players[0]
    first, second = p.ships
    bring_home(game, second)
    give(game, first.contracts, "beer")
    give(game, first.containers, "almonds")
    give(game, second.contracts, "flour")
    set_hand(game, p, "wheat", "sugar")
    seen = []

    class Spy:
        def choose(self, decision, game_):
            seen.append((p.credits, ids(p.shipments), first.at_sea))
            return 1  # the first load option

    game.agents = [Spy()] * 3
    load.perform(game, p, 2)
    assert seen == [(10, [], False), (16, ["beer"], True)]
    assert ids(second.containers) == ["sugar"]
    check(game)


def test_load_in_a_turn_with_follower_R7_4_R4_7():
    game = game3()
    leader, follower = game.players[0], game.players[1]
    give(game, leader.ships[0].contracts, "mri_machines")  # 2 technology
    set_hand(game, leader, "batteries", "drones")
    give(game, follower.ships[0].contracts, "cell_phones")  # 2 technology
    set_hand(game, follower, "generators", "jets")
    script = use_script(game, [(0, "LOAD with Batteries"), (1, "LOAD with Generators"), (2, "draw"),
                               (0, "load Drones"), (1, "load Jets")])
    play_turn(game)
    assert ids(leader.ships[0].containers) == ["drones"]
    assert ids(follower.ships[0].containers) == ["jets"]
    assert [d.player for d in script.asked if d.kind == "load"] == [0, 1]
    check(game)
