"""Properties of the scenario setup over many seeds and player counts: the random first leader
(R2.13), the order of the deal from a stacked deck (R2.14), copies and deck sizes keep every card in
exactly one place (R3)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from interpreter.cards.catalog import load_rules
from interpreter.cards.yamlsource import SourceMap
from interpreter.engine.invariants import all_places, check
from interpreter.engine.setup import dealt_cards
from interpreter.scenarios.build import build_game
from interpreter.scenarios.model import Scenario
from tests.helpers import ALL_CARDS

CARDS = ALL_CARDS.only_sets(["base"])
DATA = load_rules()
IDS = sorted(CARDS.by_id)


def scenario(data: dict) -> Scenario:
    return Scenario("property", {"name": "property", **data}, SourceMap("<test>"), ())


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_a_random_first_leader_can_be_any_seat_R2_13(players):
    leaders = Counter(build_game(scenario({"players": players, "seed": seed, "setup": {"leader": "random"}}), CARDS, DATA).leader
                      for seed in range(40 * players))
    assert set(leaders) == set(range(players))
    assert min(leaders.values()) >= 20  # about 40 each: no seat is starved


@pytest.mark.parametrize("seed", range(12))
def test_a_stacked_deal_follows_the_engine_order_R2_14(seed):
    rng = random.Random(seed)
    players = 2 + seed % 5
    top = rng.sample(IDS, 4 * players + players + 5 * players)
    game = build_game(scenario({"players": players, "seed": seed, "setup": {"leader": "random", "deal_top": top}}), CARDS, DATA)
    order = game.seats_from(game.leader)
    expected_ships = [top[4 * i:4 * i + 4] for i in range(players)]
    assert [[c.id for c in game.players[s].ships[1].containers] for s in order] == expected_ships  # R2.8
    assert [c.id for c in game.zones.island] == top[4 * players:5 * players]  # R2.9
    hands = top[5 * players:]
    assert [[c.id for c in game.players[s].hand] for s in order] == [hands[5 * i:5 * i + 5] for i in range(players)]  # R2.11
    assert [c.id for c in dealt_cards(game)] == top
    check(game)


@pytest.mark.parametrize("seed", range(12))
def test_copies_and_deck_sizes_keep_every_card_in_one_place_R3(seed):
    rng = random.Random(seed)
    copies = {card_id: rng.randint(0, 3) for card_id in rng.sample(IDS, 5)}
    placed = [card_id for card_id, n in copies.items() if n][:2]
    size = rng.randint(0, 20)
    game = build_game(scenario({"players": 3, "seed": seed, "copies": copies,
                                "setup": {"players": [{"hand": placed}], "deck_size": size}}), CARDS, DATA)
    held = Counter(c.id for _, cards in all_places(game) for c in cards)
    for card_id, n in copies.items():
        assert held[card_id] <= n
    assert len(game.zones.deck) == size
    assert sorted(c.id for c in game.players[0].hand) == sorted(placed)
    check(game)


@pytest.mark.parametrize("seed", range(30))
def test_a_ship_is_paid_for_the_containers_that_fill_its_slots_OQ_47(seed):
    """With no pairs aboard, the containers paid are the slots filled: never more than the
    requirements (R6.7), never more than the containers aboard (R8.2.2)."""
    from interpreter.engine.slots import filled_slots, paid_containers, required_total
    rng = random.Random(seed)
    ids = rng.sample(IDS, 10)
    contracts, containers = ids[:rng.randint(1, 2)], ids[2:2 + rng.randint(0, 8)]
    game = build_game(scenario({"players": 3, "seed": seed, "setup": {"players": [
        {"ships": [{"contracts": contracts, "containers": containers}]}]}}), CARDS, DATA)
    p = game.players[0]
    ship = p.ships[0]
    paid = paid_containers(game.rules, p, ship)
    assert paid == filled_slots(game.rules, p, ship)[0]
    assert paid <= min(len(ship.containers), required_total(game.rules, p, ship))
