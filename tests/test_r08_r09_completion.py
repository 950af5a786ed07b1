"""R8 completing a shipment (seed, payout, Shipments, sail) and R9 ships returning from sea."""

from __future__ import annotations

import pytest

from interpreter.engine import completion, contract, importing, load, pirate
from interpreter.engine import events as ev
from interpreter.engine.invariants import check
from tests.helpers import _BASE, bring_home, clear, game3, give, ids, play_turn, set_hand, use_script

NAME = {c.id: c.name for c in _BASE.cards}

# Seed 1, 3 players: P1 red (illegal), P2 black (consumer), P3 blue (luxury).


# (contracts in the order made, containers already aboard, the last container loaded, payout)
PAYOUTS = [
    (["beer"], ["almonds"], "wheat", 6),                                          # 2
    (["honey"], ["almonds", "wheat"], "sugar", 6),                                 # 3
    (["flour"], ["almonds", "wheat", "sugar"], "potatoes", 10),                    # 4
    (["the_mother_load"], ["pistols", "shotguns", "seeds", "drugs"], "foxes", 10),  # 5
    (["flour", "beer"], ["almonds", "wheat", "sugar", "potatoes", "coffee"], "lutefisk", 14),  # 6
    (["beer", "pants", "shower_heads"], ["almonds", "wheat", "rope", "chairs", "champagne"], "cologne", 14),
]


@pytest.mark.parametrize(("contracts", "aboard", "last", "payout"), PAYOUTS)
def test_payout_by_container_count_R8_2_2_R1_6_1(contracts, aboard, last, payout):
    game = game3()
    p = game.players[0]
    ship = p.ships[0]
    give(game, ship.contracts, *contracts)
    give(game, ship.containers, *aboard)
    set_hand(game, p, last)
    use_script(game, [(0, f"load {NAME[last]}")])
    load.perform(game, p, 1)
    assert p.credits == 10 + payout
    assert ids(p.shipments) == contracts
    assert ship.at_sea and ids(ship.containers) == aboard + [last]
    check(game)


@pytest.mark.parametrize(("containers", "payout"), [(2, 6), (3, 6), (4, 10), (5, 10), (6, 14)])
def test_payout_table_R8_2_2(containers, payout):
    game = game3()
    p = game.players[0]
    assert game.rules.payout(p, p.ships[0], containers) == payout


def test_completion_order_seed_then_payout_then_shipments_then_sail_R8_2():
    game = game3()
    p = game.players[0]
    ship = p.ships[0]
    give(game, ship.contracts, "beer")
    give(game, ship.containers, "almonds")
    set_hand(game, p, "wheat")
    top = game.zones.deck[-1]
    island = len(game.zones.island)
    log = []
    game.bus.subscribe(ev.IslandSeeded,
                       lambda e: log.append(("seed", e.card.id, p.credits, ids(p.shipments), ship.at_sea)))
    game.bus.subscribe(ev.CreditsGained,
                       lambda e: log.append(("payout", e.amount, len(game.zones.island), ids(p.shipments), ship.at_sea)))
    game.bus.subscribe(ev.ContractCompleted,
                       lambda e: log.append(("shipment", e.card.id, p.credits, ship.at_sea)))
    game.bus.subscribe(ev.ShipSailed,
                       lambda e: log.append(("sail", ids(p.shipments), ids(ship.containers))))
    use_script(game, [(0, "load Wheat")])
    load.perform(game, p, 1)
    assert log == [
        ("seed", top.id, 10, [], False),         # R8.2.1 seeding first: nothing paid yet
        ("payout", 6, island + 1, [], False),    # R8.2.2 after seeding, before Shipments
        ("shipment", "beer", 16, False),         # R8.2.3
        ("sail", ["beer"], ["almonds", "wheat"]),  # R8.2.5 last, with its containers
    ]
    assert game.zones.island[-1] is top
    check(game)


def test_seed_is_the_top_card_of_the_deck_R8_4():
    game = game3()
    p = game.players[0]
    ship = p.ships[0]
    give(game, ship.contracts, "beer")
    give(game, ship.containers, "almonds", "wheat")
    give(game, game.zones.deck, "cologne")  # onto the top of the deck
    island = ids(game.zones.island)
    deck = len(game.zones.deck)
    completion.complete(game, p, ship)
    assert ids(game.zones.island) == island + ["cologne"]
    assert len(game.zones.deck) == deck - 1
    check(game)


def test_seed_reshuffles_discard_when_deck_empty_R8_4_R3_7():
    game = game3()
    p = game.players[0]
    ship = p.ships[0]
    give(game, ship.contracts, "beer")
    give(game, ship.containers, "almonds", "wheat")
    game.zones.discard.extend(game.zones.deck)
    game.zones.deck.clear()
    n_discard = len(game.zones.discard)
    island = len(game.zones.island)
    completion.complete(game, p, ship)
    assert len(game.zones.island) == island + 1
    assert game.zones.discard == [] and len(game.zones.deck) == n_discard - 1
    assert game.end_reason is None
    check(game)


def test_contracts_enter_shipments_in_contract_order_R8_2_3():
    game = game3()
    p = game.players[0]
    ship = p.ships[0]
    set_hand(game, p, "pants", "beer", "chairs")
    give(game, ship.containers, "almonds", "wheat", "rope")
    # contract Pants first, then Beer: Shipments keep that order (not hand or alphabetical order)
    use_script(game, [(0, "contract Pants"), (0, "contract Beer")])
    contract.perform(game, p, 2)
    assert ids(ship.contracts) == ["pants", "beer"] and not ship.at_sea
    use_script(game, [(0, "load Chairs")])
    load.perform(game, p, 1)
    assert ids(p.shipments) == ["pants", "beer"]
    assert p.credits == 20  # 4 containers
    assert ship.at_sea and ship.contracts == []
    assert ids(ship.containers) == ["almonds", "wheat", "rope", "chairs"]
    check(game)


def test_none_completes_before_all_contracts_are_satisfied_R8_1():
    game = game3()
    p = game.players[0]
    ship = p.ships[0]
    give(game, ship.contracts, "beer", "pants")
    give(game, ship.containers, "almonds", "rope")
    set_hand(game, p, "wheat", "chairs")
    use_script(game, [(0, "load Wheat"), (0, "load Chairs")])
    load.perform(game, p, 1)
    # Beer's requirement is met but Pants' is not: nothing completes
    assert not ship.at_sea and p.shipments == [] and p.credits == 10
    assert ids(ship.contracts) == ["beer", "pants"]
    load.perform(game, p, 1)
    assert ship.at_sea and ids(p.shipments) == ["beer", "pants"] and p.credits == 20
    check(game)


def test_one_island_card_per_ship_with_several_contracts_R8_4():
    game = game3()
    p = game.players[0]
    ship = p.ships[0]
    give(game, ship.contracts, "beer", "pants", "shower_heads")
    give(game, ship.containers, "almonds", "wheat", "rope", "chairs", "champagne")
    set_hand(game, p, "cologne")
    island = len(game.zones.island)
    deck = len(game.zones.deck)
    seeded = []
    game.bus.subscribe(ev.IslandSeeded, lambda e: seeded.append(e.card.id))
    use_script(game, [(0, "load Cologne")])
    load.perform(game, p, 1)
    assert len(seeded) == 1
    assert len(game.zones.island) == island + 1
    assert len(game.zones.deck) == deck - 1
    assert len(p.shipments) == 3 and p.credits == 24
    check(game)


def test_two_ships_completing_seed_two_cards_R8_4():
    game = game3()
    p = game.players[0]
    first, second = p.ships
    bring_home(game, second)
    give(game, first.contracts, "beer")
    give(game, first.containers, "almonds")
    give(game, second.contracts, "pants")
    give(game, second.containers, "rope")
    set_hand(game, p, "wheat", "chairs")
    island = len(game.zones.island)
    use_script(game, [(0, "load Wheat"), (0, "load Chairs")])
    load.perform(game, p, 2)
    assert len(game.zones.island) == island + 2
    check(game)


def test_completed_ship_is_no_longer_available_R8_2_5():
    game = game3()
    p = game.players[0]
    ship = p.ships[0]
    give(game, ship.contracts, "beer")
    give(game, ship.containers, "almonds")
    set_hand(game, p, "wheat", "pants")
    use_script(game, [(0, "load Wheat")])
    load.perform(game, p, 1)
    assert p.harbor_ships() == []
    assert [o.label for o in contract.contract_options(game, p, 1)] == ["stop contracting"]
    assert ship in game.ships_at_sea()
    check(game)


def test_completion_in_a_played_turn_R8_R4_7():
    game = game3()
    p = game.players[0]
    ship = p.ships[0]
    give(game, ship.contracts, "mri_machines")
    give(game, ship.containers, "drones")
    set_hand(game, p, "batteries", "generators")
    use_script(game, [(0, "LOAD with Batteries"), (1, "draw"), (2, "draw"), (0, "load Generators")])
    play_turn(game)
    assert ids(p.shipments) == ["mri_machines"]
    assert p.credits == 16
    assert ship.at_sea and ids(ship.containers) == ["drones", "generators"]
    check(game)


# --- R9 ships at sea -------------------------------------------------------------------------------

def test_setup_ship_at_sea_carries_4_containers_R9_1():
    game = game3()
    for p in game.players:
        assert p.ships[1].at_sea and len(p.ships[1].containers) == 4


def test_ship_emptied_by_pirate_returns_at_once_and_is_available_R9_2_R11_4():
    game = game3()
    pirate_player, owner = game.players[0], game.players[1]
    sea = owner.ships[1]
    clear(game, sea.containers)
    give(game, sea.containers, "cologne")  # one container left at sea
    returned = []
    game.bus.subscribe(ev.ShipReturned, lambda e: returned.append((e.player, e.ship)))
    use_script(game, [(0, "pirate Cologne")])
    pirate.perform(game, pirate_player, 1)
    assert returned == [(1, sea)]
    assert not sea.at_sea and sea.containers == []
    assert owner.harbor_ships() == [owner.ships[0], sea]
    assert sea not in game.ships_at_sea()
    # available: the owner can contract on it
    set_hand(game, owner, "pants")
    labels = [o.label for o in contract.contract_options(game, owner, 1)]
    assert f"contract Pants (consumer tier 0, loads 2 consumer) on the {sea.label}" in labels
    check(game)


def test_ship_returning_lets_its_owner_follow_contract_R9_2_R4_8():
    game = game3()
    p0, p1 = game.players[0], game.players[1]
    # P2 has both ships at sea; the home-bound one carries a single container
    give(game, p1.ships[0].containers, "cologne")
    p1.ships[0].at_sea = True
    set_hand(game, p0, "pistols")
    use_script(game, [(0, "PIRATE with Pistols"), (0, "pirate Cologne"), (1, "draw"), (2, "draw")])
    play_turn(game)
    assert not p1.ships[0].at_sea
    # next turn P2 may join a CONTRACT action again
    game.leader = 2
    set_hand(game, game.players[2], "beer")
    set_hand(game, p1, "chicken_feed")
    script = use_script(game, [(2, "CONTRACT with Beer"), (1, "CONTRACT with Chicken Feed"), (0, "draw")])
    play_turn(game)
    follows = [d for d in script.asked if d.kind == "follow" and d.player == 1]
    assert len(follows) == 1 and "CONTRACT with Chicken Feed" in follows[0].labels()
    check(game)


def test_ship_emptied_by_import_returns_at_once_R9_2_R10_7():
    game = game3()
    owner = game.players[1]
    sea = owner.ships[1]
    clear(game, sea.containers)
    give(game, sea.containers, "cologne", "rope")
    others = [s for p in game.players for s in p.ships if s.at_sea and s is not sea]
    use_script(game, [(0, f"auction the {sea.label}"), (0, "take")])
    importing.perform_rounds(game, [0, 1, 2], {0: 1, 1: 0, 2: 0})
    assert not sea.at_sea and sea.containers == []
    assert owner.harbor_ships() == [owner.ships[0], sea]
    assert all(s.at_sea for s in others)
    check(game)


def test_ship_not_emptied_stays_at_sea_R9_2():
    game = game3()
    owner = game.players[1]
    sea = owner.ships[1]
    use_script(game, [(0, f"from the {sea.label}")])
    pirate.perform(game, game.players[0], 1)
    assert sea.at_sea and len(sea.containers) == 3
    assert owner.harbor_ships() == [owner.ships[0]]
    check(game)


def test_ship_emptied_in_a_turn_available_to_its_owner_the_same_turn_R9_2():
    """The leader pirates the last container of P2's ship; when P2 acts later in the same turn the
    ship is already back in harbor."""
    game = game3()
    p0, p1 = game.players[0], game.players[1]
    sea = p1.ships[1]
    clear(game, sea.containers)
    give(game, sea.containers, "cologne")
    set_hand(game, p0, "pistols")
    set_hand(game, p1, "shotguns")
    state = []
    game.bus.subscribe(ev.CardPirated, lambda e: state.append((e.player, sea.at_sea)))
    use_script(game, [(0, "PIRATE with Pistols"), (0, "pirate Cologne"), (1, "PIRATE with Shotguns"),
                      (1, "from the supply island"), (2, "draw")])
    play_turn(game)
    # the pirated container leaves the ship before the pirate event, so the ship is home at once (R11.4)
    assert state == [(0, False), (1, False)]
    assert not sea.at_sea
    check(game)
