"""R8 completion, R10 import, R12 supply, R15 powers, R16 end, and their open questions: the rules the
earlier rule tests left uncited (issue 23, item 6), each in a game state where it matters.
Seed 1, 3 players: P1 red (illegal), P2 black (consumer), P3 blue (luxury)."""

from __future__ import annotations

from interpreter.engine import events as ev
from interpreter.engine import importing, supply
from interpreter.engine.invariants import check
from tests.helpers import ALL_CARDS, asked, clear, game3, give, ids, new_game, play_turn, set_hand, use_script


def powered_game3():
    game = new_game(players=3, cards=ALL_CARDS)
    assert [p.colour for p in game.players] == ["red", "black", "blue"]
    return game


def record(game, *types):
    """The events of these types, in the order they happen (observers see each event before the
    powers that answer it run, as narration does)."""
    seen: list[ev.Event] = []
    game.bus.subscribe_all(lambda e: seen.append(e) if isinstance(e, types) else None)
    return seen


# --- R8 completion ----------------------------------------------------------------------------------

def test_a_completion_runs_in_the_order_of_r8_2_and_flash_drives_acts_after_payment_before_sailing_R8_2_R8_2_4():
    """Seed, payout, the contracts into Shipments with their one-time powers (Potatoes), the shipment
    announced (ShipmentCompleted, docs/reference.md), the powers that act after payment and before the
    ship sails (Flash Drives takes a container while the ship is still in harbor), then the ship sails."""
    game = powered_game3()
    p = game.players[0]
    drives = give(game, [], "flash_drives")[0]
    game.add_shipment(p, drives)
    ship = p.ships[0]
    give(game, ship.contracts, "potatoes")
    give(game, ship.containers, "almonds")
    set_hand(game, p, "laptops", "sugar")
    seen = record(game, ev.IslandSeeded, ev.CreditsGained, ev.ContractCompleted, ev.PowerUsed, ev.ShipmentCompleted, ev.ShipSailed)
    at_sea_when_flash_drives_ran = []
    game.bus.subscribe(ev.PowerUsed, lambda e: at_sea_when_flash_drives_ran.append(ship.at_sea) if e.card is drives else None)
    use_script(game, [(0, "LOAD with Laptops"), (1, "draw"), (2, "draw"), (0, "load Sugar"), (0, "yes"), (0, "Almonds")])
    play_turn(game)
    kinds = [type(e).__name__ for e in seen if not (isinstance(e, ev.CreditsGained) and e.reason != "payout")]
    assert kinds == ["IslandSeeded", "CreditsGained", "ContractCompleted", "PowerUsed", "ShipmentCompleted", "PowerUsed",
                     "ShipSailed"]
    assert [e.card.id for e in seen if isinstance(e, ev.PowerUsed)] == ["potatoes", "flash_drives"]
    assert at_sea_when_flash_drives_ran == [False]
    assert "almonds" in ids(p.hand) and ids(ship.containers) == ["sugar"]
    (done,) = [e for e in seen if isinstance(e, ev.ShipmentCompleted)]
    assert (done.containers, done.payout) == (2, 6)  # paid for both, before one left the ship


def test_completed_contracts_count_as_shipments_from_the_moment_they_enter_shipments_R8_3():
    """When a ship completes, the limits already count its contract at the ContractCompleted event,
    before the ship sails: the new room is there for the powers that answer the completion."""
    game = game3()
    p = game.players[0]
    ship = p.ships[0]
    give(game, ship.contracts, "beer")
    give(game, ship.containers, "almonds")
    set_hand(game, p, "laptops", "sugar")
    seen: list[tuple[int, int, bool]] = []
    game.bus.subscribe(ev.ContractCompleted, lambda e: seen.append((len(p.shipments), game.rules.imports_limit(p), ship.at_sea)))
    use_script(game, [(0, "LOAD with Laptops"), (1, "draw"), (2, "draw"), (0, "load Sugar")])
    play_turn(game)
    assert seen == [(1, 2, False)]


# --- R10 import, R12 supply -------------------------------------------------------------------------

def test_an_import_action_is_an_auction_of_a_ship_at_sea_among_those_with_an_import_action_R10_1():
    game = game3()
    set_hand(game, game.players[0], "pens")
    set_hand(game, game.players[1], "cups")
    set_hand(game, game.players[2], "honey")  # no IMPORT card: draws, and takes no part
    auctions = record(game, ev.AuctionStarted)
    use_script(game, [(0, "IMPORT with Pens"), (1, "IMPORT with Cups"), (2, "draw"), (0, "auction the blue ship 2"),
                      (0, "bid 2"), (1, "bid 0"), (0, "take")])
    play_turn(game)
    (auction,) = auctions
    assert auction.participants == [0, 1] and auction.ship is game.players[2].ships[1] and auction.ship.at_sea


def test_a_supply_action_sells_a_hand_card_or_takes_an_island_card_R12_1():
    game = game3()
    p = game.players[0]
    set_hand(game, p, "champagne", "sauna")
    clear(game, game.zones.island)
    give(game, game.zones.island, "honey")
    script = use_script(game, [(0, "sell Sauna")])
    supply.perform(game, p, 1)
    (decision,) = asked(script, "supply", 0)
    assert {"sell Champagne to the island for 4", "sell Sauna to the island for 4",
            "take Honey (contract) from the island into Imports"} <= set(decision.labels())
    assert p.credits == 14 and "sauna" in ids(game.zones.island)


def test_ties_between_players_other_than_the_leader_go_clockwise_from_the_leader_OQ_4():
    """P1 leads but bids less; P2 and P3 tie: P2, first clockwise from the leader, wins."""
    game = game3()
    for q, card in zip(game.players, ("pens", "cups", "rope"), strict=True):
        set_hand(game, q, card)
    use_script(game, [(0, "IMPORT with Pens"), (1, "IMPORT with Cups"), (2, "IMPORT with Rope"), (0, "auction the blue ship 2"),
                      (0, "bid 0"), (1, "bid 4"), (2, "bid 4"), (1, "take")])
    won = record(game, ev.ImportWon)
    play_turn(game)
    assert [e.player for e in won][:1] == [1]


def test_a_winner_puts_at_most_one_taken_card_into_imports_OQ_22_R10_5():
    """With Shampoo (3 containers) and room for 2 imports, no plan puts two cards into Imports; a ship
    with one container gives one card, into Imports or Goods."""
    game = powered_game3()
    p = game.players[0]
    shampoo = give(game, [], "shampoo")[0]
    game.add_shipment(p, shampoo)
    give(game, p.shipments, "rope")  # imports limit 3
    ship = game.players[1].ships[1]
    plans = {option.plan for option in importing.take_options(game, p, ship)}
    assert plans and all(plan.count("Imports") <= 1 for plan in plans)
    assert max(len(plan) for plan in plans) == 3
    clear(game, ship.containers)
    give(game, ship.containers, "honey")
    assert {option.plan for option in importing.take_options(game, p, ship)} == {("Imports",), ("Goods",)}


# --- R15 powers, R16 end, R13 limits ----------------------------------------------------------------

def test_a_card_has_no_power_in_hand_as_a_container_in_imports_goods_at_sea_or_on_the_island_R15_1():
    """Powers work from Shipments only: Mouthwash in a hand pays nothing for another player's consumer
    shipment, Shoes in Imports draws nothing, Chapstick in Goods and Bubblegum on the island pay
    nothing, and the completing ship's containers (Candy, Soap ...) add nothing to it."""
    game = powered_game3()
    p1, p2, p3 = game.players
    give(game, p1.hand, "mouthwash")
    give(game, p1.imports, "shoes")
    give(game, p3.goods, "chapstick")
    clear(game, game.zones.island)
    give(game, game.zones.island, "bubblegum")
    p1_credits, p3_credits = p1.credits, p3.credits
    ship = p2.ships[0]
    give(game, ship.contracts, "pens")
    need = dict(ship.contracts[0].defn.load)["consumer"]
    give(game, ship.containers, *["candy", "soap", "rope", "pants"][:need - 1])
    set_hand(game, p2, "laptops", "glasses")
    game.leader = 1
    use_script(game, [(1, "LOAD with Laptops"), (2, "draw"), (0, "draw"), (1, "load Glasses")])
    play_turn(game)
    assert ids(p2.shipments) == ["pens"]
    assert (p1.credits, p3.credits) == (p1_credits, p3_credits)


def test_the_end_is_triggered_by_credits_as_soon_as_they_are_reached_R16_1():
    game = game3()
    p = game.players[0]
    p.credits = 44
    ship = p.ships[0]
    give(game, ship.contracts, "beer")
    give(game, ship.containers, "almonds")
    set_hand(game, p, "laptops", "sugar")
    triggered = record(game, ev.GameEndTriggered, ev.ShipSailed)
    use_script(game, [(0, "LOAD with Laptops"), (1, "draw"), (2, "draw"), (0, "load Sugar")])
    play_turn(game)
    assert p.credits == 50 and game.end_reason == "credits"
    assert [type(e).__name__ for e in triggered] == ["GameEndTriggered", "ShipSailed"]  # at once, mid-completion


def test_a_limit_below_what_is_held_keeps_the_cards_and_blocks_additions_OQ_16_R13_6():
    """Railguns takes a completed shipment from P2 (P2's choice), whose limits fall to 1 import and 2
    goods while it holds 2 imports and 3 goods: the cards stay, and an island card cannot be taken."""
    game = powered_game3()
    p1, p2 = game.players[0], game.players[1]
    give(game, p2.shipments, "rope")
    give(game, p2.imports, "pens", "cups")
    give(game, p2.goods, "soap", "candy", "wheat")
    p2.credits = 0  # cannot give 4 credits
    set_hand(game, p2, "shoes")
    railguns = give(game, [], "railguns")[0]
    use_script(game, [(1, "give 1 of your shipments"), (2, "4 credits")])
    game.add_shipment(p1, railguns)
    game.powers.completed(p1, railguns)
    assert p2.shipments == [] and (game.rules.imports_limit(p2), game.rules.goods_limit(p2)) == (1, 2)
    assert ids(p2.imports) == ["pens", "cups"] and ids(p2.goods) == ["soap", "candy", "wheat"]
    clear(game, game.zones.island)
    give(game, game.zones.island, "honey")
    script = use_script(game, [(1, "take Honey")])
    supply.perform(game, p2, 1)
    assert not any("take" in label for d in asked(script, "supply", 1) for label in d.labels())
    check(game)


def test_payouts_the_ship_card_does_not_print_OQ_17_R1_6_1():
    game = game3()
    p, ship = game.players[0], game.players[0].ships[0]
    assert [game.rules.payout(p, ship, n) for n in (1, 2, 3, 4, 5, 6, 7, 8)] == [6, 6, 6, 10, 10, 14, 14, 14]
    powered = powered_game3()
    q = powered.players[0]
    tablets = give(powered, [], "tablets")[0]
    powered.add_shipment(q, tablets)
    assert [powered.rules.payout(q, q.ships[0], n) for n in (6, 7, 8)] == [14, 14, 18]


def test_an_ongoing_power_works_every_time_not_once_OQ_43_R15_4():
    """Mouthwash pays 2 for each consumer shipment another player completes, the second one too."""
    game = powered_game3()
    p1, p2 = game.players[0], game.players[1]
    give(game, p1.hand, "mouthwash")
    game.add_shipment(p1, p1.hand.pop())
    credits = p1.credits
    for contract in ("pens", "cups"):
        ship = p2.ships[0]
        give(game, ship.contracts, contract)
        need = dict(ship.contracts[0].defn.load)["consumer"]
        give(game, ship.containers, *["candy", "soap", "rope", "pants", "paper", "books"][:need - 1])
        set_hand(game, p2, "laptops", "glasses" if contract == "pens" else "chairs")
        game.leader = 1
        use_script(game, [(1, "LOAD with Laptops"), (2, "draw"), (0, "draw"), (1, "load ")])
        play_turn(game)
        clear(game, ship.containers)
        ship.at_sea = False
    assert ids(p2.shipments) == ["pens", "cups"] and p1.credits == credits + 4
