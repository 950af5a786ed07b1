"""R5 levels and R6 the CONTRACT action: tier check, stacking, ship capacity, completion at once."""

from __future__ import annotations

import pytest

from interpreter.cards.model import GOOD_TYPES
from interpreter.engine import contract
from interpreter.engine.invariants import check
from tests.helpers import bring_home, game3, give, ids, new_game, play_turn, set_hand, use_script

# Seed 1, 3 players: P1 red (illegal), P2 black (consumer), P3 blue (luxury).


def offered(game, p, instances):
    """{card id: instances it costs} for the contracts offered on the first harbor ship."""
    result = {}
    ship = p.harbor_ships()[0]
    for option in contract.contract_options(game, p, instances)[1:]:
        choice = option.value
        if choice.ship is ship:
            result[choice.card.id] = choice.spend
    return result


def contracts_asked(script, seat=0):
    return [d for d in script.asked if d.kind == "contract" and d.player == seat]


# --- R5 levels -------------------------------------------------------------------------------------

def test_level_is_goods_plus_colour_bonus_R5_1_R5_2():
    game = game3()
    p = game.players[0]  # red: +1 illegal
    assert {g: game.rules.level(p, g) for g in GOOD_TYPES} == {
        "technology": 0, "agriculture": 0, "illegal": 1, "consumer": 0, "luxury": 0}
    give(game, p.shipments, "rope")  # goods limit 4
    give(game, p.goods, "pistols", "shotguns", "almonds")
    assert {g: game.rules.level(p, g) for g in GOOD_TYPES} == {
        "technology": 0, "agriculture": 1, "illegal": 3, "consumer": 0, "luxury": 0}
    check(game)


def test_colour_bonus_lets_tier_1_of_own_colour_cost_one_instance_R5_2_R5_3():
    game = game3()
    red, black = game.players[0], game.players[1]
    for p in (red, black):
        bring_home(game, p.ships[1])
    set_hand(game, red, "big_ammunition", "candy")   # illegal tier 1, consumer tier 1
    set_hand(game, black, "danger_pets", "glasses")  # illegal tier 1, consumer tier 1
    assert offered(game, red, 1) == {"big_ammunition": 1}
    assert offered(game, black, 1) == {"glasses": 1}
    assert offered(game, red, 2) == {"big_ammunition": 1, "candy": 2}
    assert offered(game, black, 2) == {"danger_pets": 2, "glasses": 1}


def test_colour_bonus_does_not_depend_on_ships_at_sea_R5_2():
    game = game3()
    red = game.players[0]
    give(game, red.ships[0].containers, "rope")
    red.ships[0].at_sea = True  # both red ships at sea
    assert game.rules.level(red, "illegal") == 1


def test_grey_player_pays_a_boost_for_every_tier_1_card_R2_4_R5_2():
    game = new_game(players=6, seed=1, leader=0)
    grey = next(p for p in game.players if p.colour == "grey")
    tier1 = ["batteries", "almonds", "big_ammunition", "candy", "gold_watches"]
    set_hand(game, grey, *tier1)
    assert offered(game, grey, 1) == {}
    assert offered(game, grey, 2) == {card: 2 for card in tier1}
    # a coloured player gets one of them for a single instance
    green = next(p for p in game.players if p.colour == "green")
    set_hand(game, green, "drones")
    assert offered(game, green, 1) == {"drones": 1}


def test_goods_raise_the_level_R5_5_R5_3():
    game = game3()
    p = game.players[0]
    set_hand(game, p, "honey")  # agriculture tier 2
    assert offered(game, p, 1) == {}
    give(game, p.goods, "almonds", "beer")
    assert game.rules.level(p, "agriculture") == 2
    assert offered(game, p, 1) == {"honey": 1}


def test_tier_0_needs_no_level_R5_3():
    game = game3()
    p = game.players[0]
    set_hand(game, p, "beer", "pants", "champagne", "mri_machines")
    assert offered(game, p, 1) == {"beer": 1, "pants": 1, "champagne": 1, "mri_machines": 1}


def test_card_above_level_not_contractable_with_one_instance_R5_3():
    game = game3()
    p = game.players[0]
    set_hand(game, p, "honey", "pens")  # agriculture tier 2, consumer tier 2; P1 level 0 in both
    script = use_script(game, [(0, "contract Honey")])
    contract.perform(game, p, 1)
    assert contracts_asked(script) == []  # nothing legal: not even asked
    assert p.ships[0].contracts == []
    assert ids(p.hand) == ["honey", "pens"]


# --- R6.4 stacking ------------------------------------------------------------------------------------

def test_tier_2_with_level_1_costs_2_instances_R6_4():
    game = game3()
    p = game.players[0]
    give(game, p.goods, "almonds")  # agriculture level 1
    set_hand(game, p, "honey", "beer")
    assert offered(game, p, 1) == {"beer": 1}
    script = use_script(game, [(0, "contract Honey"), (0, "contract Beer")])
    contract.perform(game, p, 2)
    (decision,) = contracts_asked(script)  # both instances spent on Honey: no second question
    assert any("contract Honey" in label and "spending 2 actions" in label for label in decision.labels())
    assert ids(p.ships[0].contracts) == ["honey"]
    assert ids(p.hand) == ["beer"]
    check(game)


def test_tier_3_with_level_0_costs_4_instances_R6_4():
    game = game3()
    p = game.players[0]
    set_hand(game, p, "apples")  # agriculture tier 3
    assert offered(game, p, 3) == {}
    assert offered(game, p, 4) == {"apples": 4}
    script = use_script(game, [(0, "contract Apples")])
    contract.perform(game, p, 4)
    assert len(contracts_asked(script)) == 1
    assert ids(p.ships[0].contracts) == ["apples"]
    check(game)


def test_tier_3_with_colour_level_costs_3_instances_R6_4():
    game = game3()
    p = game.players[0]  # red: illegal level 1
    set_hand(game, p, "railguns")  # illegal tier 3
    assert offered(game, p, 2) == {}
    assert offered(game, p, 3) == {"railguns": 3}


def test_boost_is_consumed_by_its_contract_R6_5():
    game = game3()
    p = game.players[0]
    give(game, p.goods, "almonds")  # agriculture level 1
    set_hand(game, p, "honey", "onions", "beer")  # tier 2, tier 2, tier 0
    script = use_script(game, [(0, "contract Honey"), (0, "contract Beer")])
    contract.perform(game, p, 3)
    first, second = contracts_asked(script)
    assert not any("contract Onions" in label for label in second.labels())  # boost did not carry over
    assert any("contract Beer" in label for label in second.labels())
    assert ids(p.ships[0].contracts) == ["honey", "beer"]
    assert ids(p.hand) == ["onions"]
    check(game)


def test_stacking_within_a_played_turn_R6_4():
    """Leader (agriculture level 0) declares CONTRACT; two CONTRACT imports give 3 instances, exactly
    the cost of a tier 2 agriculture card at level 0 (R4.6.1)."""
    game = game3()
    p = game.players[0]
    give(game, p.shipments, "rope")
    give(game, p.imports, "wheat", "sugar")  # CONTRACT imports: 1 + 2 instances
    set_hand(game, p, "almonds", "honey")
    script = use_script(game, [(0, "CONTRACT with Almonds"), (1, "draw"), (2, "draw"),
                               (0, "contract Honey")])
    play_turn(game)
    assert ids(p.ships[0].contracts) == ["honey"]
    assert len(contracts_asked(script)) == 1
    check(game)


# --- R6.1, R6.3 ships -----------------------------------------------------------------------------------

def test_contract_on_either_ship_in_harbor_R6_1_R6_3():
    game = game3()
    p = game.players[0]
    bring_home(game, p.ships[1])
    set_hand(game, p, "beer", "pants")
    script = use_script(game, [(0, "contract Beer"), (0, f"contract Pants (consumer tier 0, loads 2 consumer) on the {p.ships[1].label}")])
    contract.perform(game, p, 2)
    first = contracts_asked(script)[0]
    beer = [label for label in first.labels() if "contract Beer" in label]
    assert len(beer) == 2  # one option per ship in harbor
    assert ids(p.ships[0].contracts) == ["beer"]
    assert ids(p.ships[1].contracts) == ["pants"]
    check(game)


def test_no_contract_on_a_ship_at_sea_R6_1():
    game = game3()
    p = game.players[0]
    set_hand(game, p, "beer")
    labels = [o.label for o in contract.contract_options(game, p, 1)]
    assert labels == ["stop contracting",
                      f"contract Beer (agriculture tier 0, loads 2 agriculture) on the {p.ships[0].label}"]


# --- R6.6 capacity ------------------------------------------------------------------------------------

def test_capacity_6_across_several_contracts_R6_6():
    game = game3()
    p = game.players[0]
    give(game, p.goods, "almonds", "wheat")  # agriculture level 2
    give(game, p.ships[0].contracts, "flour")  # 4 agriculture
    set_hand(game, p, "honey", "beer", "chicken_feed")  # loads 3, 2, 2
    assert offered(game, p, 3) == {"beer": 1, "chicken_feed": 1}  # 4 + 3 > 6
    script = use_script(game, [(0, "contract Beer"), (0, "contract Chicken Feed")])
    contract.perform(game, p, 3)
    assert len(contracts_asked(script)) == 1  # after 4 + 2 = 6 nothing fits: not asked again
    assert ids(p.ships[0].contracts) == ["flour", "beer"]
    assert ids(p.hand) == ["honey", "chicken_feed"]
    check(game)


def test_three_contracts_of_two_fill_one_ship_R6_6():
    game = game3()
    p = game.players[0]
    set_hand(game, p, "beer", "bok_choy", "chicken_feed", "soy_sauce")
    script = use_script(game, [(0, "contract Beer"), (0, "contract Bok Choy"), (0, "contract Chicken Feed"),
                               (0, "contract Soy Sauce")])
    contract.perform(game, p, 4)
    assert ids(p.ships[0].contracts) == ["beer", "bok_choy", "chicken_feed"]
    assert ids(p.hand) == ["soy_sauce"]
    assert len(contracts_asked(script)) == 3
    check(game)


def test_mixed_requirement_counts_all_colours_toward_capacity_R6_6():
    game = game3()
    p = game.players[0]
    give(game, p.goods, "almonds", "wheat")  # agriculture level 2
    give(game, p.ships[0].contracts, "honey")  # 3 agriculture
    set_hand(game, p, "hawaiian_salt", "onions")  # 2 agriculture + 1 luxury = 3; 3 agriculture
    assert offered(game, p, 1) == {"hawaiian_salt": 1, "onions": 1}
    give(game, p.ships[0].contracts, "hawaiian_salt")
    assert offered(game, p, 1) == {}


def test_contract_on_ship_with_loaded_containers_within_capacity_R6_6():
    game = game3()
    p = game.players[0]
    ship = p.ships[0]
    give(game, ship.contracts, "flour")
    give(game, ship.containers, "almonds", "wheat")  # 2 of 4 loaded
    set_hand(game, p, "beer")
    use_script(game, [(0, "contract Beer")])
    contract.perform(game, p, 1)
    assert ids(ship.contracts) == ["flour", "beer"]
    assert not ship.at_sea and p.credits == 10  # 2 of 6 slots filled: not complete
    check(game)


# --- R6.8 completing at once ---------------------------------------------------------------------------

def test_contract_completes_at_once_with_containers_aboard_R6_8():
    game = game3()
    p = game.players[0]
    ship = p.ships[0]
    give(game, ship.containers, "almonds", "wheat")  # left over from a discarded contract (R14.2)
    set_hand(game, p, "beer", "pants")
    island = len(game.zones.island)
    script = use_script(game, [(0, "contract Beer"), (0, "contract Pants")])
    contract.perform(game, p, 2)
    assert ids(p.shipments) == ["beer"]
    assert p.credits == 16  # 2 containers pay 6
    assert ship.at_sea and ship.contracts == [] and ids(ship.containers) == ["almonds", "wheat"]
    assert len(game.zones.island) == island + 1
    # the ship sailed: the second instance has no ship in harbor to use
    assert len(contracts_asked(script)) == 1
    assert ids(p.hand) == ["pants"]
    check(game)


def test_contract_with_wrong_colour_containers_aboard_does_not_complete_R6_8():
    game = game3()
    p = game.players[0]
    ship = p.ships[0]
    give(game, ship.containers, "rope", "chairs")  # consumer containers
    set_hand(game, p, "beer")
    use_script(game, [(0, "contract Beer")])
    contract.perform(game, p, 1)
    assert ids(ship.contracts) == ["beer"]
    assert not ship.at_sea and p.shipments == [] and p.credits == 10
    check(game)


def test_second_contract_completes_ship_when_all_aboard_R6_8_R8_1():
    game = game3()
    p = game.players[0]
    ship = p.ships[0]
    give(game, ship.contracts, "beer")
    give(game, ship.containers, "almonds", "wheat", "rope", "chairs")  # beer is full, plus 2 consumer
    set_hand(game, p, "pants")
    use_script(game, [(0, "contract Pants")])
    contract.perform(game, p, 1)
    assert ids(p.shipments) == ["beer", "pants"]
    assert p.credits == 20  # 4 containers pay 10
    assert ship.at_sea and len(ship.containers) == 4
    check(game)


@pytest.mark.parametrize("level_goods", [0, 1])
def test_stacked_contract_can_complete_at_once_R6_4_R6_8(level_goods):
    game = game3()
    p = game.players[0]
    ship = p.ships[0]
    give(game, p.goods, *["bamboo"][:level_goods])
    give(game, ship.containers, "almonds", "wheat", "beer")
    set_hand(game, p, "honey")  # tier 2, loads 3 agriculture
    use_script(game, [(0, "contract Honey")])
    contract.perform(game, p, 3 - level_goods)
    assert ids(p.shipments) == ["honey"]
    assert p.credits == 16
    check(game)
