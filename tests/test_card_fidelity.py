"""Card fidelity (issue 9): cards doing what the printed card and the appendix say, in game states where
it matters. Each test names the rule ids and the card; most cards also prove their power in their own
`examples:`. These are the cases a scenario file cannot state."""

from __future__ import annotations

from interpreter.engine.scoring import finish
from tests.helpers import ALL_CARDS, clear, give, new_game, use_script

ALL = ALL_CARDS


def full_game(players: int = 3, **options):
    return new_game(players=players, cards=ALL, **options)


def complete_now(game, p, card_id: str) -> None:
    """`card_id` enters p's Shipments and its one-time powers run, as on completion (R8.2.3)."""
    card = give(game, [], card_id)[0]
    game.add_shipment(p, card)
    game.powers.completed(p, card)


# --- 1. Lutefisk works from hand only (R15.3, OQ-2) ------------------------------------------------

def test_wind_turbines_copying_lutefisk_gains_no_any_time_contract_R15_3_OQ_46():
    """Wind Turbines copies a completed Lutefisk (tier 1): Lutefisk's power works from hand, so the
    copy on Wind Turbines, a completed card, can never contract Wind Turbines out of Shipments."""
    game = full_game()
    p1, p2 = game.players[0], game.players[1]
    complete_now(game, p2, "lutefisk")
    for ship in p1.ships:
        clear(game, ship.containers)
        ship.at_sea = False
    use_script(game, [(0, "copy Lutefisk")])
    complete_now(game, p1, "wind_turbines")
    assert [c.id for c in p1.shipments] == ["wind_turbines"]
    assert game.powers.any_time_uses(p1) == []
    assert game.powers.any_time_uses(p2) == []


def test_explain_says_where_each_any_time_power_works_R15_3():
    """`explain` derives the place from the power: Lutefisk from hand only, Segways once completed
    only, Telescopes both (R15.3, R15.3.6)."""
    def reads(card_id: str) -> str:
        return ALL.by_id[card_id].powers[0].node.english()
    assert "(from your hand while you meet its tier)" in reads("lutefisk")
    assert "(once it is completed)" in reads("segways")
    assert "(from your hand while you meet its tier, or once it is completed)" in reads("telescopes")


# --- 2. standing win conditions (R15.4, R15.8, R16.3, OQ-36) --------------------------------------

def shipments(game, p, *card_ids: str) -> None:
    for card in give(game, [], *card_ids):
        game.add_shipment(p, card)


def test_no_instant_win_during_the_final_scoring_adjustments_R16_3_R17_2():
    """Diamond Rings moves two illegal shipments into Goods at game end, making 8 illegal goods for
    The Mother Load's owner: the game is already over, so the scores decide (R16.3, R17.2)."""
    game = full_game()
    p1, p2 = game.players[0], game.players[1]
    shipments(game, p1, "the_mother_load", "diamond_rings", "big_cats", "seeds")
    give(game, p1.goods, "pistols", "ammunition", "cannabis", "cannons", "danger_pets", "drugs")
    p2.credits = 80
    use_script(game, [(0, "yes"), (0, "move to your goods Big Cats"), (0, "move to your goods Seeds")])
    game.end_reason = "credits"
    result = finish(game)
    assert sum(c.good == "illegal" for c in p1.goods) == 8
    assert game.instant_winner is None
    assert result.end_reason == "credits" and result.winners == [1]


def graphics_cards_with_a_tie(the_most: str):
    """P1 holds Graphics Cards and the most goods in three types; in technology P1 and P2 tie."""
    game = full_game(the_most=the_most)
    p1, p2 = game.players[0], game.players[1]
    for p in game.players:
        clear(game, p.goods)
    shipments(game, p1, "graphics_cards")
    give(game, p1.goods, "laptops", "wheat", "pistols", "pens")
    give(game, p2.goods, "televisions")
    game.powers.check_standing()
    return game


def test_a_tie_for_the_most_counts_for_graphics_cards_by_default_and_not_when_strict():
    """One reading of "the most" for every card (docs/rulings.md): a tie counts, as tied players all
    share a majority (R17.6.1); the option `the_most=strict` asks for more than everybody else."""
    assert graphics_cards_with_a_tie("ties-count").instant_winner == 0
    assert graphics_cards_with_a_tie("strict").instant_winner is None


def test_a_payment_between_two_other_players_shows_no_in_between_state_to_exotic_fish():
    """P2 pays P3 2 credits: before and after, P1 (Exotic Fish) lacks twice P3's or P2's credits. If
    the payer's credits fell before the payee's rose, the check in between would see a win."""
    game = full_game()
    p1, p2, p3 = game.players
    for p in game.players:
        clear(game, p.goods)
    shipments(game, p1, "exotic_fish")
    give(game, p1.goods, "wheat")
    p1.credits, p2.credits, p3.credits = 40, 22, 19
    game.pay(p2, 2, p3, "a test payment")
    assert (p2.credits, p3.credits) == (20, 21)
    assert game.instant_winner is None


# --- 4. Helicopter's parked credits belong to the card (R1.9.2, R17.3) -----------------------------

def test_helicopter_credits_go_with_the_card_when_a_power_moves_it_R17_3():
    """4 credits are parked on P2's Helicopter when a luxury card is contracted; a power (Railguns:
    "give you one of their completed shipments") moves Helicopter to P1, and its credits go with it."""
    from interpreter.engine.contract import make_contract
    from interpreter.engine.scoring import score_player
    game = full_game()
    p1, p2 = game.players[0], game.players[1]
    shipments(game, p2, "helicopter")
    ship = p1.ships[0]
    clear(game, ship.containers)
    ship.at_sea = False
    make_contract(game, p1, give(game, p1.hand, "champagne")[0], ship, 1)
    assert score_player(game, p2, 0)["parked"] == 4
    use_script(game, [(1, "give 1 of your shipments")])
    give(game, p1.goods, "pistols", "cannabis")
    for seat in (1, 2):
        clear(game, game.players[seat].goods)
    railguns = give(game, [], "railguns")[0]
    game.add_shipment(p1, railguns)
    game.powers.completed(p1, railguns)
    assert [c.id for c in p1.shipments] == ["railguns", "helicopter"]
    assert score_player(game, p1, 0)["parked"] == 4
    assert score_player(game, p2, 0)["parked"] == 0


# --- 6. "you may" is asked; what cannot be done is not offered (R0.5) ----------------------------

def test_apples_asks_only_when_an_agriculture_card_is_in_hand_R0_5():
    """Apples: "you may also instantly ship an agriculture card from your hand": not asked without
    one (nothing can be done), asked with one; declined, the card stays in hand."""
    game = full_game()
    p1 = game.players[0]
    clear(game, p1.hand)
    give(game, p1.hand, "laptops", "pens")
    apples = give(game, [], "apples")[0]
    game.add_shipment(p1, apples)
    script = use_script(game, lenient=False)
    game.powers.completed(p1, apples)
    assert script.asked == []
    give(game, p1.hand, "potatoes")
    script = use_script(game)  # declines: the `stop` option of the question is "no"
    game.powers.completed(p1, apples)
    assert [d.kind for d in script.asked] == ["optional_power"]
    assert [c.id for c in p1.shipments] == ["apples"] and "potatoes" in [c.id for c in p1.hand]


# --- 7. a contract needing part of its slots (Prefab Houses, R8.1, OQ-17) -------------------------

def test_slot_matching_equals_brute_force_with_and_without_partial_needs_R7_1_R8_1():
    """Filled slots computed by the engine (the greedy matching, or the flow when a contract needs
    only part of its slots) equal the best assignment found by trying every one, on 3000 random
    small ships: mixed, `any` and wild slots, each contract needing all or part of its slots."""
    import itertools
    import random
    from types import SimpleNamespace

    from interpreter.cards.model import ANY_COLOUR
    from interpreter.engine.slots import filled_slots
    from interpreter.engine.state import Ship

    class Stub:
        def __init__(self, partial: bool):
            self.partial = partial

        def contract_load(self, p, card):
            return card.load

        def contract_need(self, p, card, slots):
            return card.need

        def container_wild(self, p, card):
            return card.wild

        def pair_slot_good(self, p):
            return None

        def slot_colours(self, p, card):
            return frozenset((card.good,))

        def modified(self, query):  # as Rules.modified: a wild container is a modifier at work
            return query in self.active

        @property
        def active(self):  # as Rules.active: the queries some modifier changes
            return {"container_wild", "contract_need"} if self.partial else {"container_wild"}

    def brute(contracts, containers) -> int:
        choices = [[None] + [(g, colour) for g, c in enumerate(contracts) for colour, _ in c.load
                             if card.wild or colour in (ANY_COLOUR, card.good)] for card in containers]
        best = 0
        for pick in itertools.product(*choices):
            used = [x for x in pick if x is not None]
            caps_ok = all(used.count((g, colour)) <= n for g, c in enumerate(contracts) for colour, n in c.load)
            needs_ok = all(sum(1 for x in used if x[0] == g) <= c.need for g, c in enumerate(contracts))
            if caps_ok and needs_ok:
                best = max(best, len(used))
        return best

    rng = random.Random(9)
    colours = ["technology", "luxury", ANY_COLOUR]
    for _ in range(3000):
        partial = rng.random() < 0.5
        contracts = []
        for _ in range(rng.randint(1, 2)):
            keys = rng.sample(colours, rng.randint(1, 2))
            load = tuple((k, rng.randint(1, 2)) for k in keys)
            total = sum(n for _, n in load)
            contracts.append(SimpleNamespace(load=load, need=rng.randint(1, total) if partial else total))
        containers = [SimpleNamespace(good=rng.choice(["technology", "luxury", "illegal"]), wild=rng.random() < 0.15, uid=i)
                      for i in range(rng.randint(0, 4))]
        ship = Ship(owner=0, colour="blue", twin=0, contracts=contracts, containers=containers)
        filled, total = filled_slots(Stub(partial), None, ship)
        assert total == sum(c.need for c in contracts)
        assert filled == brute(contracts, containers), (contracts, containers)


# --- 8. Robot Cats: two pirate actions collect a pair (R11.2, A.1) ---------------------------------

def robot_cats_pirate(answers):
    """P1 (Robot Cats) has a technology contract with one slot open and pirates twice from P2's ship
    at sea carrying Wheat and Rice."""
    from interpreter.engine import pirate
    game = full_game()
    p1, p2 = game.players[0], game.players[1]
    shipments(game, p1, "robot_cats")
    ship = p1.ships[0]
    clear(game, ship.containers)
    ship.at_sea = False
    give(game, ship.contracts, "neural_units")
    give(game, ship.containers, "televisions", "laptops")
    sea = p2.ships[1] if p2.ships[1].at_sea else p2.ships[0]
    clear(game, sea.containers)
    give(game, sea.containers, "wheat", "rice")
    use_script(game, answers, lenient=False)
    pirate.perform(game, p1, 2)
    return game, ship


def test_a_card_kept_as_half_of_a_pair_is_discarded_if_no_second_card_joins_it_R11_2():
    game, ship = robot_cats_pirate([(0, "pirate Wheat"), (0, "keep Wheat"), (0, "stop pirating")])
    assert [c.id for c in ship.containers] == ["televisions", "laptops"] and not ship.halves
    assert game.zones.discard[-1].id == "wheat"


def test_keeping_half_of_a_pair_is_offered_only_with_a_pirate_action_left_R11_2():
    game, ship = robot_cats_pirate([(0, "pirate Wheat"), (0, "discard Wheat"), (0, "pirate Rice")])
    kinds = [d.kind for d in game.agents[0].asked]
    assert kinds == ["pirate", "pirate_load", "pirate"]  # the last Rice fits nothing and can wait for nothing: discarded
    assert game.zones.discard[-1].id == "rice"


# --- 10. Drugs: the extra container comes from a ship at sea (A.3) --------------------------------

def test_drugs_extra_pirate_offers_ships_at_sea_only_never_the_island_R11_1():
    from interpreter.engine import pirate
    game = full_game()
    p1 = game.players[0]
    shipments(game, p1, "drugs")
    clear(game, game.zones.island)
    give(game, game.zones.island, "wheat", "coffee")
    script = use_script(game, [(0, "from the supply island"), (0, "yes"), (0, "from the")], lenient=False)
    pirate.perform(game, p1, 1)
    first, extra = [d for d in script.asked if d.kind == "pirate"]
    assert any("supply island" in label for label in first.labels())
    assert not any("supply island" in label for label in extra.labels())
    assert any("ship" in label for label in extra.labels())


# --- 14. Flour loads all 4 at once, or nothing (A.2) -----------------------------------------------

def flour_contracted(hand: list[str]):
    from interpreter.engine.contract import make_contract
    game = full_game()
    p1 = game.players[0]
    ship = p1.ships[0]
    clear(game, ship.containers)
    ship.at_sea = False
    clear(game, p1.hand)
    give(game, p1.hand, *hand)
    script = use_script(game, [(0, "yes")])
    make_contract(game, p1, p1.hand[0], ship, 1)
    return game, script, p1


def test_flour_with_three_fitting_cards_is_not_offered_its_loading():
    game, script, p1 = flour_contracted(["flour", "wheat", "rice", "beer", "laptops"])
    assert script.asked == []
    assert [c.id for c in p1.ships[0].contracts] == ["flour"] and not p1.ships[0].containers


def test_flour_with_four_fitting_cards_loads_all_four_and_completes():
    game, script, p1 = flour_contracted(["flour", "wheat", "rice", "beer", "coffee", "laptops"])
    assert [d.kind for d in script.asked][0] == "optional_power"
    assert [c.id for c in p1.shipments] == ["flour"] and [c.id for c in p1.hand] == ["laptops"]


def test_the_heuristic_bot_answers_the_new_pirate_and_printed_money_choices():
    """The bots play every legal option: keeping half of a pair, completing it, keeping a taken card."""
    from interpreter.agents.heuristic import HeuristicAgent
    from interpreter.engine import pirate
    game = full_game()
    p1, p2 = game.players[0], game.players[1]
    shipments(game, p1, "robot_cats")
    ship = p1.ships[0]
    clear(game, ship.containers)
    ship.at_sea = False
    give(game, ship.contracts, "neural_units")
    give(game, ship.containers, "televisions", "laptops")
    sea = p2.ships[1] if p2.ships[1].at_sea else p2.ships[0]
    clear(game, sea.containers)
    give(game, sea.containers, "wheat", "rice")
    game.agents = [HeuristicAgent(seed) for seed in range(3)]
    pirate.perform(game, p1, 2)
    complete_now(game, p1, "printed_money")


def test_counted_goods_of_every_type_include_virtual_goods_OQ_36():
    """`the number of your goods` (no type) counts virtual goods too (Ferraris: one of each type)."""
    from interpreter.lang import parse_power
    game = full_game()
    p1 = game.players[0]
    clear(game, p1.goods)
    give(game, p1.goods, "wheat")
    shipments(game, p1, "ferraris")
    power, _ = parse_power("as soon as the number of your goods >= 6: win the game")
    assert power.condition.left.number()(game.powers.ctx(p1, p1.shipments[0])) == 6
