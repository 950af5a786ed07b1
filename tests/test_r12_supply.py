"""R12: the SUPPLY action (sell a hand card to the island for 4, or take an island card into Imports)."""

from __future__ import annotations

from interpreter.engine import supply
from interpreter.engine.invariants import check
from tests.helpers import asked, clear, give, ids, name, new_game, play_turn, use_script

ISLAND = ("seeds", "rope", "beer")


def setup():
    """3 players, P1 leads; empty hands, Imports and Goods; a known island; 10 credits each."""
    game = new_game(players=3, leader=0)
    for p in game.players:
        clear(game, p.hand)
    clear(game, game.zones.island)
    give(game, game.zones.island, *ISLAND)
    return game


def sell(game, cid: str) -> str:
    return f"sell {name(game, cid)} to the island for 4"


def take(game, cid: str) -> str:
    return f"take {name(game, cid)} ("


def test_sell_a_hand_card_to_the_island_for_4_R12_1_1():
    game = setup()
    p1 = game.players[0]
    give(game, p1.hand, "ferraris", "laptops")
    use_script(game, [(0, sell(game, "ferraris"))])
    supply.perform(game, p1, 1)
    assert p1.credits == 14
    assert ids(p1.hand) == ["laptops"]
    assert ids(game.zones.island) == list(ISLAND) + ["ferraris"]
    check(game)


def test_one_sale_per_turn_however_many_instances_R12_2():
    game = setup()
    p1 = game.players[0]
    give(game, p1.shipments, "ammunition")             # imports limit 2: takes stay possible
    give(game, p1.hand, "ferraris", "laptops", "cups")
    script = use_script(game, [
        (0, sell(game, "ferraris")),
        (0, take(game, "seeds")),
    ])
    supply.perform(game, p1, 3)
    decisions = asked(script, "supply")
    assert len(decisions) == 3
    assert sum(label.startswith("sell ") for label in decisions[0].labels()) == 3
    for later in decisions[1:]:
        assert not any(label.startswith("sell ") for label in later.labels())
    assert p1.credits == 14
    assert ids(p1.hand) == ["laptops", "cups"]
    assert ids(p1.imports) == ["seeds"]
    check(game)


def test_one_sale_per_turn_in_a_full_turn_with_supply_imports_R12_2():
    game = setup()
    p1 = game.players[0]
    give(game, p1.shipments, "ammunition", "pistols")  # S = 2: imports limit 3, room for a take
    give(game, p1.imports, "shower_heads", "cologne")  # 1 + 2 luxury imports = 3 instances
    give(game, p1.hand, "champagne", "laptops", "cups")
    give(game, game.players[1].hand, "shotguns")
    give(game, game.players[2].hand, "drones")
    script = use_script(game, [
        (0, "SUPPLY with Champagne"), (1, "draw"), (2, "draw"),
        (0, sell(game, "laptops")),
        (0, sell(game, "cups")),                       # not offered any more: the player stops
    ])
    play_turn(game)
    decisions = [d for d in asked(script, "supply") if d.player == 0]
    assert len(decisions) == 2
    assert not any(label.startswith("sell ") for label in decisions[1].labels())
    assert p1.credits == 14
    assert ids(p1.hand) == ["cups"]
    check(game)


def test_sale_limit_resets_with_the_next_turn_R12_2():
    game = setup()
    p1, p2, _ = game.players
    give(game, p1.hand, "champagne", "laptops", "cups")
    give(game, p2.hand, "cologne", "pistols")
    give(game, game.players[2].hand, "drones")
    use_script(game, [
        (0, "SUPPLY with Champagne"), (1, "draw"), (2, "draw"),
        (0, sell(game, "laptops")),
    ])
    play_turn(game)
    assert p1.credits == 14
    game.leader = 1
    give(game, p2.hand, "shower_heads")
    give(game, p1.hand, "velvet_robes")                # P1 follows this time (a drawer has no instance)
    script = use_script(game, [
        (1, "SUPPLY with Shower Heads"), (2, "draw"), (0, "SUPPLY with Velvet Robes"),
        (1, sell(game, "pistols")),
        (0, sell(game, "cups")),
    ])
    play_turn(game)
    assert [d.player for d in asked(script, "supply")] == [1, 0]
    assert p1.credits == 18
    assert p2.credits == 14
    check(game)


def test_take_an_island_card_into_imports_R12_1_2():
    game = setup()
    p1 = game.players[0]
    use_script(game, [(0, take(game, "rope"))])
    supply.perform(game, p1, 1)
    assert ids(p1.imports) == ["rope"]
    assert ids(game.zones.island) == ["seeds", "beer"]
    assert p1.credits == 10
    check(game)


def test_no_take_when_imports_are_full_R12_4_OQ_23_R19_3():
    game = setup()
    p1 = game.players[0]
    give(game, p1.imports, "candy")                    # limit 1 + 0
    give(game, p1.hand, "laptops")
    script = use_script(game, [])
    supply.perform(game, p1, 1)
    (decision,) = asked(script, "supply")
    assert not any(label.startswith("take ") for label in decision.labels())
    assert decision.labels() == ["stop supplying", sell(game, "laptops")]
    assert ids(p1.imports) == ["candy"]
    assert ids(game.zones.island) == list(ISLAND)
    check(game)


def test_no_supply_option_at_all_with_full_imports_after_the_sale_R12_4():
    game = setup()
    p1 = game.players[0]
    give(game, p1.imports, "candy")
    give(game, p1.hand, "laptops", "cups")
    script = use_script(game, [(0, sell(game, "laptops"))])
    supply.perform(game, p1, 3)
    assert len(asked(script, "supply")) == 1           # afterwards only "stop" is left
    assert ids(p1.hand) == ["cups"] and ids(p1.imports) == ["candy"]
    assert p1.credits == 14
    check(game)


def test_takes_are_unlimited_up_to_the_imports_limit_R12_2_R12_4():
    game = setup()
    p1 = game.players[0]
    give(game, p1.shipments, "ammunition")             # imports limit 2
    script = use_script(game, [
        (0, take(game, "seeds")), (0, take(game, "beer")), (0, take(game, "rope")),
    ])
    supply.perform(game, p1, 3)
    assert ids(p1.imports) == ["seeds", "beer"]
    assert ids(game.zones.island) == ["rope"]
    assert len(asked(script, "supply")) == 2           # the third instance had nothing left to do
    check(game)


def test_order_is_free_take_then_sell_R12_3():
    game = setup()
    p1 = game.players[0]
    give(game, p1.hand, "laptops")
    use_script(game, [(0, take(game, "seeds")), (0, sell(game, "laptops"))])
    supply.perform(game, p1, 2)
    assert ids(p1.imports) == ["seeds"]
    assert p1.hand == []
    assert p1.credits == 14
    assert ids(game.zones.island) == ["rope", "beer", "laptops"]
    check(game)


def test_order_is_free_sell_then_take_the_sold_card_R12_3():
    game = setup()
    p1 = game.players[0]
    give(game, p1.hand, "laptops")
    use_script(game, [(0, sell(game, "laptops")), (0, take(game, "laptops"))])
    supply.perform(game, p1, 2)
    assert ids(p1.imports) == ["laptops"]
    assert p1.credits == 14
    assert ids(game.zones.island) == list(ISLAND)
    check(game)
