"""R14: the leader may discard uncompleted contracts; containers stay aboard (OQ-10)."""

from __future__ import annotations

from interpreter.engine import contract, load
from interpreter.engine.invariants import check
from interpreter.engine.slots import filled_slots
from interpreter.engine.turn import offer_contract_discards
from tests.helpers import asked, clear, give, ids, name, new_game, play_turn, use_script


def setup(leader: int = 0):
    """3 players; empty hands; all ships at sea keep their cards; 10 credits each."""
    game = new_game(players=3, leader=leader)
    for p in game.players:
        clear(game, p.hand)
    return game


def discard_label(game, cid: str) -> str:
    return f"discard the contract {name(game, cid)}"


def test_leader_may_discard_an_uncompleted_contract_R14_1():
    game = setup()
    p1 = game.players[0]
    ship = p1.ships[0]
    give(game, ship.contracts, "cannons")              # illegal x3, one loaded
    give(game, ship.containers, "pistols")
    give(game, p1.hand, "laptops")
    script = use_script(game, [(0, discard_label(game, "cannons")), (0, "draw")])
    play_turn(game)
    (decision,) = asked(script, "discard_contract")
    assert decision.player == 0
    assert decision.labels() == ["keep all contracts", f"discard the contract Cannons from the {ship.label}"]
    assert ship.contracts == []
    assert ids(ship.containers) == ["pistols"]          # R14.2: the container stays aboard
    assert game.zones.discard[-1].id == "cannons"       # the card goes to the discard pile
    assert "cannons" not in ids(p1.hand) + ids(p1.shipments)
    check(game)


def test_discarded_contract_card_is_on_the_discard_pile_R14_1():
    game = setup()
    p1 = game.players[0]
    give(game, game.zones.discard, "rope", "chairs")
    give(game, p1.ships[0].contracts, "honey")
    use_script(game, [(0, discard_label(game, "honey"))])
    offer_contract_discards(game, p1)
    assert ids(game.zones.discard) == ["rope", "chairs", "honey"]
    assert p1.ships[0].contracts == []
    check(game)


def test_leader_may_keep_one_contract_and_discard_another_R14_1():
    game = setup()
    p1 = game.players[0]
    ship = p1.ships[0]
    give(game, ship.contracts, "ammunition", "cannons")
    use_script(game, [(0, discard_label(game, "cannons"))])
    offer_contract_discards(game, p1)
    assert ids(ship.contracts) == ["ammunition"]
    assert game.zones.discard[-1].id == "cannons"
    check(game)


def test_leader_is_offered_only_own_contracts_R14_1_R14_3():
    game = setup()
    give(game, game.players[0].ships[0].contracts, "ammunition")
    give(game, game.players[1].ships[0].contracts, "cannons")
    script = use_script(game, [])
    offer_contract_discards(game, game.players[0])
    (decision,) = asked(script, "discard_contract")
    assert decision.labels() == ["keep all contracts",
                                 f"discard the contract Ammunition from the {game.players[0].ships[0].label}"]
    assert ids(game.players[1].ships[0].contracts) == ["cannons"]


def test_non_leaders_are_never_offered_to_discard_R14_3():
    game = setup()
    p1, p2, p3 = game.players
    give(game, p1.ships[0].contracts, "ammunition")
    give(game, p2.ships[0].contracts, "cannons")
    give(game, p3.ships[0].contracts, "drugs")
    give(game, p1.hand, "laptops", "shotguns")
    give(game, p2.hand, "drones", "pistols")
    give(game, p3.hand, "tablets", "flamethrowers")
    script = use_script(game, [
        (0, "LOAD with Laptops"), (1, "LOAD with Drones"), (2, "LOAD with Tablets"),
        (0, "load Shotguns"), (1, "load Pistols"), (2, "load Flamethrowers"),
    ])
    play_turn(game)
    discards = asked(script, "discard_contract")
    # the leader: at the start of the turn and again before his or her own actions
    assert [d.player for d in discards] == [0, 0]
    assert [d.player for d in asked(script, "load")] == [0, 1, 2]  # the others did act this turn
    assert ids(p2.ships[0].contracts) == ["cannons"] and ids(p2.ships[0].containers) == ["pistols"]
    assert ids(p3.ships[0].contracts) == ["drugs"] and ids(p3.ships[0].containers) == ["flamethrowers"]
    check(game)


def test_non_leader_with_contracts_is_not_offered_when_leading_player_has_none_R14_3():
    game = setup(leader=1)
    p1, p2, _ = game.players
    give(game, p1.ships[0].contracts, "ammunition")   # P1 is not the leader this turn
    give(game, p2.hand, "laptops")
    script = use_script(game, [(1, "draw")])
    play_turn(game)
    assert asked(script, "discard_contract") == []
    assert ids(p1.ships[0].contracts) == ["ammunition"]
    check(game)


def test_leftover_containers_complete_a_later_contract_on_the_ship_R14_2_OQ_10():
    game = setup()
    p1 = game.players[0]
    ship = p1.ships[0]
    give(game, ship.contracts, "cannons")              # illegal x3 with two loaded
    give(game, ship.containers, "pistols", "shotguns")
    give(game, p1.hand, "beer", "ammunition")         # Beer declares CONTRACT; Ammunition is illegal x2
    give(game, game.players[1].hand, "laptops")
    give(game, game.players[2].hand, "drones")
    island = len(game.zones.island)
    script = use_script(game, [
        (0, discard_label(game, "cannons")),
        (0, "CONTRACT with Beer"), (1, "draw"), (2, "draw"),
        (0, "contract Ammunition"),
    ])
    play_turn(game)
    assert [d.player for d in asked(script, "discard_contract")] == [0]
    # the two containers left aboard fill both slots: the shipment completes at once (R6.8)
    assert ids(p1.shipments) == ["ammunition"]
    assert ship.at_sea and ids(ship.containers) == ["pistols", "shotguns"]
    assert p1.credits == 16
    assert len(game.zones.island) == island + 1
    assert "cannons" in ids(game.zones.discard)
    check(game)


def test_leftover_container_fills_one_slot_of_a_later_contract_R14_2():
    game = setup()
    p1 = game.players[0]
    ship = p1.ships[0]
    give(game, ship.contracts, "cannons")
    give(game, ship.containers, "pistols")
    give(game, p1.hand, "ammunition", "shotguns")
    use_script(game, [(0, discard_label(game, "cannons"))])
    offer_contract_discards(game, p1)
    use_script(game, [(0, "contract Ammunition")])
    contract.perform(game, p1, 1)
    assert ids(ship.contracts) == ["ammunition"] and not ship.at_sea
    assert filled_slots(game.rules, p1, ship) == (1, 2)
    use_script(game, [(0, "load Shotguns")])
    load.perform(game, p1, 1)                          # one more container completes it
    assert ids(p1.shipments) == ["ammunition"]
    assert ship.at_sea and ids(ship.containers) == ["pistols", "shotguns"]
    assert p1.credits == 16
    check(game)
