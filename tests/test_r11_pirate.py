"""R11: the PIRATE action (one container from a ship at sea or one island card, loaded if it fits)."""

from __future__ import annotations

from interpreter.engine import pirate
from interpreter.engine.invariants import check
from tests.helpers import asked, clear, find, give, ids, name, new_game, play_turn, use_script

SEA = {
    0: ("batteries", "cell_phones", "drones", "flash_drives"),
    1: ("shotguns", "pistols", "almonds", "apples"),
    2: ("champagne", "cologne", "flamethrowers", "cannabis"),
}
ISLAND = ("seeds", "rope", "beer")


def setup(**options):
    """3 players, P1 leads; empty hands, known ships at sea and island, 10 credits each."""
    game = new_game(players=3, leader=0, **options)
    for p in game.players:
        clear(game, p.hand)
        clear(game, p.ships[1].containers)
    clear(game, game.zones.island)
    for p in game.players:
        give(game, p.ships[1].containers, *SEA[p.seat])
    give(game, game.zones.island, *ISLAND)
    return game


def set_sea(game, seat: int, *ids: str):
    ship = game.players[seat].ships[1]
    clear(game, ship.containers)
    give(game, ship.containers, *ids)
    ship.at_sea = bool(ids)
    return ship


def from_ship(game, cid: str, seat: int) -> str:
    p = game.players[seat]
    return f"pirate {name(game, cid)} ({find(game, cid)[1].good}) from the {p.ships[1].label} of {p.name}"


def from_island(game, cid: str) -> str:
    return f"pirate {name(game, cid)} ({find(game, cid)[1].good}) from the supply island"


def test_pirate_may_take_from_any_ship_at_sea_or_the_island_R11_1():
    game = setup()
    script = use_script(game, [])  # look at the options, then stop
    pirate.perform(game, game.players[0], 1)
    (decision,) = asked(script, "pirate")
    expected = {"stop pirating"}
    for seat, cards in SEA.items():
        expected |= {from_ship(game, cid, seat) for cid in cards}  # own ship (seat 0) included
    expected |= {from_island(game, cid) for cid in ISLAND}
    assert set(decision.labels()) == expected
    assert len(decision.labels()) == 1 + 12 + 3
    check(game)


def test_ships_in_harbor_cannot_be_pirated_R11_7():
    game = setup()
    p2 = game.players[1]
    set_sea(game, 1)                                   # P2's ship at sea comes home
    give(game, p2.ships[0].contracts, "cannons")
    give(game, p2.ships[0].containers, "pistols")      # a loaded container in harbor
    give(game, p2.ships[1].containers, "shotguns")     # a container left on the other harbor ship
    script = use_script(game, [])
    pirate.perform(game, game.players[0], 1)
    labels = asked(script, "pirate")[0].labels()
    assert not any(p2.name in label for label in labels)
    assert not any(name(game, cid) in label for cid in ("pistols", "shotguns") for label in labels)
    assert len(labels) == 1 + 8 + 3
    check(game)


def test_pirated_container_is_loaded_onto_contracted_ship_R11_2():
    game = setup()
    p1 = game.players[0]
    give(game, p1.ships[0].contracts, "cannons")       # illegal x3
    script = use_script(game, [(0, from_ship(game, "shotguns", 1))])
    pirate.perform(game, p1, 1)
    assert ids(p1.ships[0].containers) == ["shotguns"]
    assert "shotguns" not in ids(p1.hand)
    # mandatory: the only legal place, so no discard option and no question (OQ-18)
    assert asked(script, "pirate_load") == []
    assert ids(game.players[1].ships[1].containers) == ["pistols", "almonds", "apples"]
    check(game)


def test_pirate_chooses_the_ship_and_may_not_discard_when_it_fits_R11_2_OQ_18():
    game = setup()
    p1 = game.players[0]
    set_sea(game, 0)                                   # P1's second ship comes home
    give(game, p1.ships[0].contracts, "cannons")
    give(game, p1.ships[1].contracts, "drugs")
    script = use_script(game, [
        (0, from_ship(game, "pistols", 1)),
        (0, f"onto the {p1.ships[1].label}"),
    ])
    pirate.perform(game, p1, 1)
    (decision,) = asked(script, "pirate_load")
    assert len(decision.options) == 2
    assert all(label.startswith("load ") for label in decision.labels())
    assert not any("discard" in label for label in decision.labels())
    assert ids(p1.ships[1].containers) == ["pistols"]
    assert p1.ships[0].containers == []
    check(game)


def test_pirated_card_that_fits_nowhere_is_discarded_R11_2():
    game = setup()
    p1 = game.players[0]
    give(game, p1.ships[0].contracts, "cannons")       # needs illegal only
    script = use_script(game, [(0, from_ship(game, "champagne", 2))])
    pirate.perform(game, p1, 1)
    assert game.zones.discard[-1].id == "champagne"
    assert p1.ships[0].containers == []
    assert p1.hand == [] and p1.imports == [] and p1.goods == []
    assert asked(script, "pirate_load") == []
    check(game)


def test_pirated_card_without_any_contract_is_discarded_R11_2():
    game = setup()
    p1 = game.players[0]
    use_script(game, [(0, from_island(game, "seeds"))])
    pirate.perform(game, p1, 1)
    assert game.zones.discard[-1].id == "seeds"
    assert ids(game.zones.island) == ["rope", "beer"]
    assert p1.hand == []
    check(game)


def test_pirate_load_optional_allows_discarding_a_fitting_card_R11_2_OQ_18():
    game = setup(pirate_load="optional")
    p1 = game.players[0]
    give(game, p1.ships[0].contracts, "cannons")
    script = use_script(game, [
        (0, from_ship(game, "shotguns", 1)),
        (0, "discard"),
    ])
    pirate.perform(game, p1, 1)
    (decision,) = asked(script, "pirate_load")
    assert len(decision.options) == 2
    assert any(label.startswith("load ") for label in decision.labels())
    assert game.zones.discard[-1].id == "shotguns"
    assert p1.ships[0].containers == []
    check(game)


def test_pirate_load_optional_still_allows_loading_R11_2():
    game = setup(pirate_load="optional")
    p1 = game.players[0]
    give(game, p1.ships[0].contracts, "cannons")
    use_script(game, [
        (0, from_ship(game, "shotguns", 1)),
        (0, "load"),
    ])
    pirate.perform(game, p1, 1)
    assert ids(p1.ships[0].containers) == ["shotguns"]
    check(game)


def test_owner_of_pirated_ship_gets_nothing_R11_3():
    game = setup()
    p1 = game.players[0]
    give(game, p1.ships[0].contracts, "cannons")
    use_script(game, [
        (0, from_ship(game, "shotguns", 1)),
        (0, from_ship(game, "flamethrowers", 2)),
    ])
    pirate.perform(game, p1, 2)
    assert [p.credits for p in game.players] == [10, 10, 10]
    assert ids(p1.ships[0].containers) == ["shotguns", "flamethrowers"]
    check(game)


def test_ship_whose_last_container_is_pirated_returns_home_R11_4():
    game = setup()
    ship = set_sea(game, 2, "champagne")
    use_script(game, [(0, from_ship(game, "champagne", 2))])
    pirate.perform(game, game.players[0], 1)
    assert not ship.at_sea and ship.containers == []
    assert ship in game.players[2].harbor_ships()
    check(game)


def test_pirating_own_ship_brings_it_home_R11_6():
    """Taking the last container of one's own ship at sea brings it home sooner (R9.3)."""
    game = setup()
    p1 = game.players[0]
    ship = set_sea(game, 0, "pistols")
    give(game, p1.ships[0].contracts, "cannons")
    use_script(game, [(0, from_ship(game, "pistols", 0))])
    pirate.perform(game, p1, 1)
    assert not ship.at_sea
    assert ship in p1.harbor_ships()
    assert ids(p1.ships[0].containers) == ["pistols"]  # and it was loaded on the contracted ship
    check(game)


def test_pirating_can_complete_a_shipment_R11_2():
    game = setup()
    p1 = game.players[0]
    ship = p1.ships[0]
    give(game, ship.contracts, "ammunition")           # illegal x2
    give(game, ship.containers, "big_ammunition")
    island = len(game.zones.island)
    use_script(game, [(0, from_ship(game, "shotguns", 1))])
    pirate.perform(game, p1, 1)
    assert ids(p1.shipments) == ["ammunition"]
    assert ship.at_sea and ship.contracts == []
    assert ids(ship.containers) == ["big_ammunition", "shotguns"]
    assert p1.credits == 16                            # payout for 2 containers (R8.2.2)
    assert len(game.zones.island) == island + 1        # seeded (R8.4)
    check(game)


def test_island_card_can_be_pirated_and_loaded_R11_1_R11_2():
    game = setup()
    p1 = game.players[0]
    give(game, p1.ships[0].contracts, "cannons")
    use_script(game, [(0, from_island(game, "seeds"))])
    pirate.perform(game, p1, 1)
    assert ids(p1.ships[0].containers) == ["seeds"]
    assert ids(game.zones.island) == ["rope", "beer"]
    check(game)


def test_each_instance_takes_one_container_leader_first_R11_1_R11_5():
    game = setup()
    p1, p2, p3 = game.players
    give(game, p1.hand, "poison_bottles")
    give(game, p1.imports, "danger_pets")              # leader: 1 + 1 illegal import = 2
    give(game, p2.hand, "foxes")                       # P2 follows: 1
    give(game, p3.hand, "laptops")
    script = use_script(game, [
        (0, "PIRATE with Poison Bottles"), (1, "PIRATE with Foxes"), (2, "draw"),
        (0, from_ship(game, "champagne", 2)), (0, from_ship(game, "cologne", 2)),
        (1, from_ship(game, "batteries", 0)),
    ])
    play_turn(game)
    assert [d.player for d in asked(script, "pirate")] == [0, 0, 1]
    assert ids(game.players[2].ships[1].containers) == ["flamethrowers", "cannabis"]
    assert ids(game.players[0].ships[1].containers) == ["cell_phones", "drones", "flash_drives"]
    # nothing fitted anywhere: all three pirated cards and the two played cards were discarded
    assert {"champagne", "cologne", "batteries", "poison_bottles", "foxes"} <= set(ids(game.zones.discard))
    assert [p.credits for p in game.players] == [10, 10, 10]
    check(game)
