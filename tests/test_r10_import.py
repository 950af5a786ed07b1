"""R10: the IMPORT action (sealed-bid auctions of ships at sea, in rounds)."""

from __future__ import annotations

import pytest

from interpreter.engine import events as ev
from interpreter.engine import importing
from interpreter.engine.invariants import check
from tests.helpers import asked, clear, find, give, ids, new_game, play_turn, use_script

# Containers of each player's ship at sea (ships[1]), one good type per ship so cards are easy to follow.
SEA = {
    0: ("batteries", "cell_phones", "drones", "flash_drives"),
    1: ("almonds", "apples", "bamboo", "beer"),
    2: ("champagne", "cologne", "diamond_rings", "ferraris"),
    3: ("generators", "jets", "laptops", "nanobots"),
}


def setup(players: int = 3, leader: int = 0, **options):
    """Empty hands, exactly known ships at sea, 10 credits each."""
    game = new_game(players=players, leader=leader, **options)
    for p in game.players:
        clear(game, p.hand)
        clear(game, p.ships[1].containers)
    for p in game.players:
        give(game, p.ships[1].containers, *SEA[p.seat])
        p.ships[1].at_sea = True
        assert p.credits == 10
    return game


def set_sea(game, seat: int, *ids: str):
    """Replace the containers of a player's ship at sea; no ids: the ship is brought home empty."""
    ship = game.players[seat].ships[1]
    clear(game, ship.containers)
    give(game, ship.containers, *ids)
    ship.at_sea = bool(ids)
    return ship


def card(game, cid: str):
    return find(game, cid)[1]


def auction(game, seat: int) -> str:
    p = game.players[seat]
    return f"auction the {p.ships[1].label} of {p.name}"


def take(game, *plan: tuple[str, str]) -> str:
    parts = []
    for cid, where in plan:
        c = card(game, cid)
        parts.append(f"{c.name} ({c.good}, {c.action}) to {where}")
    return "take " + "; ".join(parts)


def rounds(game, instances: dict[int, int]) -> None:
    importing.perform_rounds(game, game.seats_from(game.leader), instances)


# --- R10.2: the leader chooses the ship -------------------------------------------------------------

def test_leader_chooses_ship_every_round_even_without_bidding_R10_2():
    game = setup()
    script = use_script(game, [
        (0, auction(game, 0)),                      # round 1: the leader's own ship
        (1, "bid 2"), (2, "bid 0"),
        (1, take(game, ("batteries", "Imports"), ("cell_phones", "Goods"))),
        (0, auction(game, 2)),                      # round 2: P3's ship, P2 alone
        (1, take(game, ("champagne", "Goods"), ("cologne", "discard"))),  # one goods place left
    ])
    rounds(game, {0: 0, 1: 2, 2: 1})
    ships = asked(script, "import_ship")
    assert [d.player for d in ships] == [0, 0]
    assert all(d.player != 0 for d in asked(script, "bid"))  # the leader took no part
    # every ship at sea, the leader's own included, was offered
    assert len(ships[0].options) == 3
    assert ids(game.players[1].imports) == ["batteries"]
    assert ids(game.players[1].goods) == ["cell_phones", "champagne"]
    assert game.zones.discard[-1].id == "cologne"
    assert ids(game.players[2].ships[1].containers) == ["diamond_rings", "ferraris"]
    check(game)


def test_leader_chooses_ship_in_full_turn_round_without_leader_R10_2():
    game = setup()
    give(game, game.players[0].hand, "backpacks")
    give(game, game.players[1].hand, "pistols")
    give(game, game.players[2].hand, "books")
    give(game, game.players[2].imports, "candy")  # P3: follow + 1 consumer import = 2 instances
    script = use_script(game, [
        (0, "IMPORT with Backpacks"),
        (1, "draw"),
        (2, "IMPORT with Books"),
        (0, auction(game, 1)), (0, "bid 0"), (2, "bid 0"),
        (0, take(game, ("almonds", "Imports"), ("apples", "Goods"))),
        (0, auction(game, 0)),
        (2, take(game, ("batteries", "Goods"), ("cell_phones", "Goods"))),
    ])
    play_turn(game)
    ships = asked(script, "import_ship")
    assert [d.player for d in ships] == [0, 0]
    assert [d.player for d in asked(script, "bid")] == [0, 2]  # round 2 had no bids
    assert ids(game.players[0].imports) == ["almonds"]
    assert ids(game.players[0].goods) == ["apples"]
    assert ids(game.players[2].goods) == ["batteries", "cell_phones"]
    check(game)


def test_same_ship_may_be_auctioned_again_while_it_has_containers_R10_2():
    game = setup()
    script = use_script(game, [
        (0, auction(game, 2)), (0, "bid 0"), (1, "bid 0"),
        (0, take(game, ("champagne", "Imports"), ("cologne", "Goods"))),
        (0, auction(game, 2)),
        (0, take(game, ("diamond_rings", "Goods"), ("ferraris", "discard"))),
    ])
    rounds(game, {0: 2, 1: 1, 2: 0})
    second = asked(script, "import_ship")[1]
    assert any(auction(game, 2) in label for label in second.labels())
    assert ids(game.players[0].goods) == ["cologne", "diamond_rings"]
    assert not game.players[2].ships[1].at_sea  # emptied after two rounds (R10.7)
    check(game)


# --- R10.4: rounds --------------------------------------------------------------------------------

def test_rounds_follow_instance_counts_rulebook_example_R10_4():
    """Leader 2 instances, player 2 one, player 3 three: round 1 all bid, round 2 leader and player 3,
    round 3 player 3 alone takes two containers for free (players 1 and 3 in round 2, not the Italian
    example's 2 and 3, OQ-28)."""
    game = setup()
    p1, p2, p3 = game.players
    give(game, p1.imports, "candy")                    # leader: 1 + 1 import = 2
    give(game, p1.hand, "backpacks")
    give(game, p2.hand, "books")                       # player 2: 1
    give(game, p3.shipments, "ammunition")             # S = 1: room for two imports
    give(game, p3.imports, "glasses", "paper")         # player 3: 1 + 2 imports = 3
    give(game, p3.hand, "chairs")
    script = use_script(game, [
        (0, "IMPORT with Backpacks"), (1, "IMPORT with Books"), (2, "IMPORT with Chairs"),
        # round 1: P3's ship; P2 wins with the only non-zero bid
        (0, auction(game, 2)), (0, "bid 0"), (1, "bid 2"), (2, "bid 0"),
        (1, take(game, ("champagne", "Imports"), ("cologne", "Goods"))),
        # round 2: the leader's own ship; the leader outbids P3
        (0, auction(game, 0)), (0, "bid 4"), (2, "bid 2"),
        (0, take(game, ("batteries", "Goods"), ("cell_phones", "Goods"))),
        # round 3: P2's ship; P3 alone, no bid
        (0, auction(game, 1)),
        (2, take(game, ("almonds", "Goods"), ("apples", "Goods"))),
    ])
    play_turn(game)
    sequence = [(d.kind, d.player) for d in script.asked if d.kind in ("import_ship", "bid", "import_take")]
    assert sequence == [
        ("import_ship", 0), ("bid", 0), ("bid", 1), ("bid", 2), ("import_take", 1),
        ("import_ship", 0), ("bid", 0), ("bid", 2), ("import_take", 0),
        ("import_ship", 0), ("import_take", 2),
    ]
    assert ids(p2.imports) == ["champagne"] and ids(p2.goods) == ["cologne"]
    assert ids(p1.goods) == ["batteries", "cell_phones"]
    assert ids(p3.goods) == ["almonds", "apples"]
    # P1 paid 4 (own ship, no fee); P2 paid 2 and got the fee of round 3; P3 got the fee of round 1
    assert [p.credits for p in game.players] == [6, 10, 12]
    check(game)


# --- R10.3: bidding -------------------------------------------------------------------------------

def test_bids_are_even_amounts_from_zero_to_credits_R10_3_OQ_21():
    game = setup()
    game.players[1].credits = 6
    game.players[2].credits = 14
    script = use_script(game, [
        (0, auction(game, 0)), (1, "bid 0"), (2, "bid 0"),
        (1, take(game, ("batteries", "Goods"), ("cell_phones", "Goods"))),
    ])
    rounds(game, {0: 0, 1: 1, 2: 1})
    bids = asked(script, "bid")
    assert bids[0].player == 1
    assert bids[0].labels() == ["bid 0", "bid 2", "bid 4", "bid 6"]
    assert bids[1].labels() == [f"bid {n}" for n in range(0, 15, 2)]
    assert all(d.secret for d in bids)
    check(game)


def test_highest_bid_wins_R10_3_1():
    game = setup()
    script = use_script(game, [
        (0, auction(game, 1)), (0, "bid 2"), (1, "bid 4"), (2, "bid 6"),
        (2, take(game, ("almonds", "Imports"), ("apples", "Goods"))),
    ])
    rounds(game, {0: 1, 1: 1, 2: 1})
    assert [d.player for d in asked(script, "import_take")] == [2]
    assert ids(game.players[2].imports) == ["almonds"]
    assert ids(game.players[2].goods) == ["apples"]
    assert game.players[0].imports == [] and game.players[1].imports == []
    assert game.players[2].credits == 4
    check(game)


def test_tied_bids_go_to_the_leader_R10_3_1():
    game = setup(leader=1)
    # seat 0 ties with the leader (seat 1); seat 0 comes first by seat number but not by the rule
    script = use_script(game, [
        (1, auction(game, 2)), (1, "bid 4"), (2, "bid 2"), (0, "bid 4"),
        (1, take(game, ("champagne", "Imports"), ("cologne", "Goods"))),
    ])
    rounds(game, {0: 1, 1: 1, 2: 1})
    assert [d.player for d in asked(script, "import_take")] == [1]
    assert ids(game.players[1].imports) == ["champagne"]
    assert [p.credits for p in game.players] == [10, 6, 12]
    check(game)


@pytest.mark.parametrize("players, leader, tied, winner", [
    (3, 1, (0, 2), 2),      # clockwise from seat 1: seat 2 before seat 0
    (4, 2, (0, 1), 0),      # clockwise from seat 2: 3, 0, 1
    (4, 0, (1, 3), 1),
    (4, 3, (1, 2), 1),
])
def test_tie_without_leader_goes_to_first_clockwise_from_leader_R10_3_1(players, leader, tied, winner):
    """OQ-4: without Foxes or the leader among them, tied bidders win in clockwise order from the leader."""
    game = setup(players=players, leader=leader)
    owner = next(s for s in range(players) if s != winner)
    answers = [(leader, auction(game, owner))]
    for seat in game.seats_from(leader):
        answers.append((seat, "bid 6" if seat in tied else "bid 2"))
    first, second = SEA[owner][:2]
    answers.append((winner, take(game, (first, "Imports"), (second, "Goods"))))
    script = use_script(game, answers)
    rounds(game, {s: 1 for s in range(players)})
    assert [d.player for d in asked(script, "import_take")] == [winner]
    assert ids(game.players[winner].imports) == [first]
    assert game.players[winner].credits == 4
    check(game)


def test_import_ties_random_option_draws_among_tied_only_R10_3_1():
    winners = set()
    for seed in range(24):
        game = new_game(players=3, seed=seed, leader=0, import_ties="random")
        for p in game.players:
            clear(game, p.hand)
        set_sea(game, 1)
        set_sea(game, 2)
        set_sea(game, 0, "batteries", "cell_phones", "drones")
        script = use_script(game, [(0, "bid 4"), (1, "bid 4"), (2, "bid 2")]
                            + [(s, "take") for s in range(3)])
        rounds(game, {0: 1, 1: 1, 2: 1})
        (decision,) = asked(script, "import_take")
        winners.add(decision.player)
        check(game)
    assert winners == {0, 1}  # the leader does not always win; the lower bidder never does


def test_only_the_winner_pays_R10_3_2_R19_4():
    game = setup()
    use_script(game, [
        (0, auction(game, 0)), (0, "bid 6"), (1, "bid 8"), (2, "bid 4"),
        (1, take(game, ("batteries", "Imports"), ("cell_phones", "Goods"))),
    ])
    rounds(game, {0: 1, 1: 1, 2: 1})
    # P2 paid 8 to the bank; P1 took only the owner's fee; P3 paid nothing
    assert [p.credits for p in game.players] == [12, 2, 10]
    check(game)


def test_single_participant_takes_for_free_R10_3_3():
    game = setup()
    script = use_script(game, [
        (0, auction(game, 0)),
        (1, take(game, ("drones", "Imports"), ("flash_drives", "Goods"))),
    ])
    rounds(game, {0: 0, 1: 1, 2: 0})
    assert asked(script, "bid") == []
    assert ids(game.players[1].imports) == ["drones"]
    assert ids(game.players[1].goods) == ["flash_drives"]
    assert game.players[1].credits == 10
    assert game.players[0].credits == 12  # the owner's fee is still paid (R10.6)
    check(game)


# --- R10.5: taking and placing containers -----------------------------------------------------------

def test_winner_chooses_any_two_containers_R10_5():
    game = setup()
    script = use_script(game, [
        (0, auction(game, 2)),
        (1, take(game, ("cologne", "Imports"), ("ferraris", "Goods"))),
    ])
    rounds(game, {0: 0, 1: 1, 2: 0})
    (decision,) = asked(script, "import_take")
    takes, last = decision.options[:-1], decision.options[-1]
    pairs = {tuple(sorted(c.id for c in o.value.cards)) for o in takes}
    assert pairs == {
        ("champagne", "cologne"), ("champagne", "diamond_rings"), ("champagne", "ferraris"),
        ("cologne", "diamond_rings"), ("cologne", "ferraris"), ("diamond_rings", "ferraris"),
    }
    assert all(len(o.value.cards) == 2 for o in takes)
    assert last.label == "take nothing (decline this import, R0.5)"  # P2 alone, for nothing: may decline
    assert ids(game.players[1].imports) == ["cologne"]
    assert ids(game.players[1].goods) == ["ferraris"]
    assert ids(game.players[2].ships[1].containers) == ["champagne", "diamond_rings"]
    check(game)


def test_placement_never_both_into_imports_even_with_room_R10_5():
    game = setup()
    p2 = game.players[1]
    give(game, p2.shipments, "ammunition", "pistols")  # S = 2: imports limit 3, goods limit 6
    script = use_script(game, [
        (0, auction(game, 1)),
        (1, take(game, ("almonds", "Goods"), ("apples", "Goods"))),
    ])
    rounds(game, {0: 0, 1: 1, 2: 0})
    (decision,) = asked(script, "import_take")
    plans = {o.value.plan for o in decision.options if o.value.cards}
    assert plans == {("Imports", "Goods"), ("Goods", "Imports"), ("Goods", "Goods")}
    assert all(label.count("to Imports") <= 1 for label in decision.labels())
    assert p2.imports == []
    assert ids(p2.goods) == ["almonds", "apples"]
    check(game)


def test_one_into_imports_one_into_goods_R10_5():
    game = setup()
    p2 = game.players[1]
    use_script(game, [
        (0, auction(game, 1)),
        (1, take(game, ("almonds", "Goods"), ("bamboo", "Imports"))),
    ])
    rounds(game, {0: 0, 1: 1, 2: 0})
    assert ids(p2.imports) == ["bamboo"]
    assert ids(p2.goods) == ["almonds"]
    assert ids(game.players[1].ships[1].containers) == ["apples", "beer"]
    check(game)


def test_ship_with_one_container_can_be_auctioned_R10_5_R19_5():
    game = setup()
    set_sea(game, 2, "ferraris")
    script = use_script(game, [
        (0, auction(game, 2)),
        (1, take(game, ("ferraris", "Imports"))),
    ])
    rounds(game, {0: 0, 1: 1, 2: 0})
    (choice,) = asked(script, "import_ship")
    assert any(auction(game, 2) in label for label in choice.labels())
    (decision,) = asked(script, "import_take")
    assert all(len(o.value.cards) == 1 for o in decision.options if o.value.cards)
    assert {o.value.plan for o in decision.options if o.value.cards} == {("Imports",), ("Goods",)}
    assert ids(game.players[1].imports) == ["ferraris"]
    assert game.players[1].goods == []
    assert not game.players[2].ships[1].at_sea  # emptied: home at once (R10.7)
    check(game)


def test_taken_cards_without_room_are_discarded_R10_5_1_R19_2():
    game = setup()
    p2 = game.players[1]
    give(game, p2.imports, "candy")                 # imports full (limit 1)
    give(game, p2.goods, "pistols", "shotguns")     # goods full (limit 2)
    script = use_script(game, [
        (0, auction(game, 0)),
        (1, take(game, ("batteries", "discard"), ("drones", "discard"))),
    ])
    rounds(game, {0: 0, 1: 1, 2: 0})
    (decision,) = asked(script, "import_take")
    assert {o.value.plan for o in decision.options if o.value.cards} == {("discard", "discard")}
    assert ids(p2.imports) == ["candy"]                       # nothing swapped out (R19.3)
    assert ids(p2.goods) == ["pistols", "shotguns"]
    assert ids(game.zones.discard[-2:]) == ["batteries", "drones"]
    assert ids(game.players[0].ships[1].containers) == ["cell_phones", "flash_drives"]
    check(game)


def test_limits_respected_only_the_card_without_room_is_discarded_R10_5_1():
    game = setup()
    p2 = game.players[1]
    give(game, p2.imports, "candy")                 # imports full
    give(game, p2.goods, "pistols")                 # one goods place left
    script = use_script(game, [
        (0, auction(game, 0)),
        (1, take(game, ("batteries", "discard"), ("drones", "Goods"))),
    ])
    rounds(game, {0: 0, 1: 1, 2: 0})
    (decision,) = asked(script, "import_take")
    assert {o.value.plan for o in decision.options if o.value.cards} == {("Goods", "discard"), ("discard", "Goods")}
    assert ids(p2.imports) == ["candy"]
    assert ids(p2.goods) == ["pistols", "drones"]
    assert game.zones.discard[-1].id == "batteries"
    check(game)


def test_full_goods_leaves_one_card_for_imports_and_discards_the_other_R10_5_1():
    game = setup()
    p2 = game.players[1]
    give(game, p2.goods, "pistols", "shotguns")     # goods full; Imports empty
    script = use_script(game, [
        (0, auction(game, 0)),
        (1, take(game, ("batteries", "discard"), ("drones", "Imports"))),
    ])
    rounds(game, {0: 0, 1: 1, 2: 0})
    (decision,) = asked(script, "import_take")
    assert {o.value.plan for o in decision.options if o.value.cards} == {("Imports", "discard"), ("discard", "Imports")}
    assert ids(p2.imports) == ["drones"]
    assert ids(p2.goods) == ["pistols", "shotguns"]
    assert game.zones.discard[-1].id == "batteries"
    check(game)


def test_full_imports_sends_both_cards_to_goods_R10_5_1():
    game = setup()
    p2 = game.players[1]
    give(game, p2.imports, "candy")
    script = use_script(game, [
        (0, auction(game, 0)),
        (1, take(game, ("batteries", "Goods"), ("drones", "Goods"))),
    ])
    rounds(game, {0: 0, 1: 1, 2: 0})
    (decision,) = asked(script, "import_take")
    assert {o.value.plan for o in decision.options if o.value.cards} == {("Goods", "Goods")}
    assert ids(p2.goods) == ["batteries", "drones"]
    check(game)


# --- R10.6: the owner's fee ----------------------------------------------------------------------

def test_owner_fee_is_two_per_import_not_per_container_R10_6_OQ_3():
    game = setup()
    use_script(game, [
        (0, auction(game, 2)), (0, "bid 0"), (1, "bid 2"),
        (1, take(game, ("champagne", "Imports"), ("cologne", "Goods"))),
    ])
    rounds(game, {0: 1, 1: 1, 2: 0})
    assert [p.credits for p in game.players] == [10, 8, 12]
    check(game)


def test_no_fee_when_importing_from_own_ship_R10_6():
    game = setup()
    use_script(game, [
        (0, auction(game, 1)), (0, "bid 0"), (1, "bid 2"),
        (1, take(game, ("almonds", "Imports"), ("apples", "Goods"))),
    ])
    rounds(game, {0: 1, 1: 1, 2: 0})
    assert [p.credits for p in game.players] == [10, 8, 10]
    check(game)


def test_import_fee_per_container_option_R10_6_OQ_3():
    game = setup(import_fee="per-container")
    set_sea(game, 0, "batteries")
    use_script(game, [
        (0, auction(game, 2)),
        (1, take(game, ("champagne", "Imports"), ("cologne", "Goods"))),
        (0, auction(game, 0)),
        (1, take(game, ("batteries", "Goods"))),
    ])
    rounds(game, {0: 0, 1: 2, 2: 0})
    # two containers from P3's ship: 2 x 2; one container from P1's ship: 2
    assert [p.credits for p in game.players] == [12, 10, 14]
    check(game)


def test_import_fee_per_container_option_none_for_own_ship_R10_6():
    game = setup(import_fee="per-container")
    use_script(game, [
        (0, auction(game, 1)),
        (1, take(game, ("almonds", "Imports"), ("apples", "Goods"))),
    ])
    rounds(game, {0: 0, 1: 1, 2: 0})
    assert [p.credits for p in game.players] == [10, 10, 10]
    check(game)


# --- R10.7, OQ-20: emptied ships and rounds without a ship ------------------------------------------

def test_emptied_ship_returns_home_and_is_not_offered_again_R10_7():
    game = setup()
    ship = set_sea(game, 2, "champagne", "cologne")
    script = use_script(game, [
        (0, auction(game, 2)),
        (1, take(game, ("champagne", "Imports"), ("cologne", "Goods"))),
        (0, auction(game, 0)),
        (1, take(game, ("batteries", "Goods"), ("cell_phones", "discard"))),
    ])
    rounds(game, {0: 0, 1: 2, 2: 0})
    assert not ship.at_sea and ship.containers == []
    assert ship in game.players[2].harbor_ships()
    second = asked(script, "import_ship")[1]
    assert not any(auction(game, 2) in label for label in second.labels())
    assert len(second.options) == 2
    check(game)


def test_no_ship_at_sea_round_is_lost_OQ_20():
    game = setup()
    for seat in range(3):
        set_sea(game, seat)
    script = use_script(game, [])
    before = [(p.credits, ids(p.imports), ids(p.goods)) for p in game.players]
    rounds(game, {0: 1, 1: 2, 2: 1})
    assert script.asked == []
    assert [(p.credits, ids(p.imports), ids(p.goods)) for p in game.players] == before
    check(game)


def test_rounds_after_the_last_ship_is_emptied_are_lost_OQ_20():
    game = setup()
    set_sea(game, 0)
    set_sea(game, 1)
    set_sea(game, 2, "champagne", "cologne")
    script = use_script(game, [
        (0, "bid 0"), (1, "bid 2"),
        (1, take(game, ("champagne", "Imports"), ("cologne", "Goods"))),
    ])
    rounds(game, {0: 1, 1: 3, 2: 0})
    assert [d.kind for d in script.asked] == ["bid", "bid", "import_take"]
    assert ids(game.players[1].imports) == ["champagne"]
    assert ids(game.players[1].goods) == ["cologne"]
    assert [p.credits for p in game.players] == [10, 8, 12]
    check(game)


def test_an_import_won_for_nothing_may_be_declined_R0_5_R10_3_3():
    """R0.5: every action instance may be declined. A single participant takes the containers for
    free (R10.3.3), and a probe found no way not to: Glasses' free import paid an opponent his fee
    however little the containers were worth. Declined, nothing moves: no fee, no import made."""
    game = setup()
    ship = game.players[2].ships[1]
    before = list(ship.containers)
    imports = []
    game.bus.subscribe(ev.ImportWon, imports.append)
    use_script(game, [(0, auction(game, 2)), (1, "take nothing (decline this import, R0.5)")])
    rounds(game, {0: 0, 1: 1, 2: 0})
    assert ship.containers == before and not imports
    assert [p.credits for p in game.players] == [10, 10, 10]  # no bid, no fee (R10.6)
    assert not game.players[1].imports and not game.players[1].goods
    check(game)


def test_a_winner_who_bid_is_not_offered_to_decline_R10_3_2():
    """A bid of more than 0 was a choice to import: the winner pays it and takes containers."""
    game = setup()
    script = use_script(game, [(0, auction(game, 2)), (1, "bid 2"), (2, "bid 0"),
                               (1, take(game, ("champagne", "Imports"), ("cologne", "Goods")))])
    rounds(game, {0: 0, 1: 1, 2: 1})
    (decision,) = asked(script, "import_take")
    assert all(o.value.cards for o in decision.options)
