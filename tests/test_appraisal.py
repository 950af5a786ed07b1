"""The heuristic bot's Appraisal remembers its answers for one decision (issue 12, item 5): each
remembered answer must equal the question asked afresh, in every state of real games, with every
card active (powers that make containers wild, change loads or what a card is played for)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from interpreter.agents.heuristic import HeuristicAgent, _bid_index, _two_best_goods, heuristic_agents
from interpreter.agents.valuation import Appraisal, contract_value, good_value, open_slots
from interpreter.cards.model import ACTION_TYPES, GOOD_TYPES
from interpreter.engine.decisions import DescribedOption
from interpreter.engine.options import GameOptions
from interpreter.engine.slots import fits
from interpreter.engine.state import Card
from interpreter.engine.turn import play_turn
from interpreter.powers import new_game
from tests.helpers import bring_home, clear, give, goods_of, heuristic_game_at_turn
from tests.helpers import new_game as rule_test_game


def _cards_seen(game: Any) -> Iterator[Card]:
    """Every card whose fit a bot may ask about: its hand, the containers at sea, the island."""
    for q in game.players:
        yield from q.hand
    for ship in game.ships_at_sea():
        yield from ship.containers
    yield from game.zones.island


def _check(game: Any, seat: int) -> int:
    p = game.players[seat]
    rules = game.rules
    view = Appraisal(game, p)
    checked = 0
    for card in _cards_seen(game):
        assert view.fitting_ships(card) == [s for s in p.ships if fits(rules, p, s, card)], card
        checked += 1
    for card in p.hand:
        assert view.contract_value(card) == contract_value(p, card)
        assert view.good_value(card) == good_value(game, p, card)
    for ship in p.ships:
        assert view.open_slots(ship) == open_slots(game, p, ship)
    asked_first = Appraisal(game, p)  # the open slots asked before any fit: counted with the fit tests
    for ship in p.ships:
        assert asked_first.open_slots(ship) == open_slots(game, p, ship)
    for good in GOOD_TYPES:
        assert view.level(good) == rules.level(p, good)
    for action in ACTION_TYPES:
        assert view.hand_cards_for(action) == sum(1 for c in p.hand if c.action == action)
        assert view.imports_for(action) == sum(1 for c in p.imports if c.action == action)

    def fits_a_ship(card: Card) -> bool:
        return any(fits(rules, p, s, card) for s in p.ships)

    assert view.fitting_in_hand() == sum(1 for c in p.hand if fits_a_ship(c))
    at_sea = [c for s in game.ships_at_sea() for c in s.containers]
    assert view.pirate_targets() == sum(1 for c in at_sea + game.zones.island if fits_a_ship(c))
    return checked


def test_remembered_answers_equal_fresh_ones_in_games_with_every_card(all_cards, data):
    checked = decisions = 0
    wild_seen = False

    class Checking(HeuristicAgent):
        def choose(self, decision: Any, game: Any) -> int:
            nonlocal checked, decisions, wild_seen
            decisions += 1
            if decisions % 3 == 0:  # every third decision keeps the test quick
                checked += _check(game, decision.player)
                wild_seen = wild_seen or game.rules.modified("container_wild")
            return super().choose(decision, game)

    for seed in range(6):
        agents = [Checking(a.rng.randrange(10**9)) for a in heuristic_agents(seed, 4)]
        new_game(all_cards, data, 4, seed, GameOptions(), agents).play()
    assert decisions > 1000 and checked > 5000
    assert wild_seen  # the answers were also compared while a power made containers wild


def test_a_power_that_makes_one_card_wild_is_not_shared_with_its_colour_R7_2():
    """Cards of one colour share their fitting ships only while no power makes containers wild: the
    `container_wild` query is asked per card, so one card may fit where another of its colour does not."""
    game = rule_test_game(players=3)
    p = game.players[0]
    ship = p.ships[0]
    bring_home(game, ship)
    clear(game, ship.contracts)
    give(game, ship.contracts, goods_of(game, "technology", 1)[0])
    clear(game, p.hand)
    plain, wild = give(game, p.hand, *goods_of(game, "luxury", 2))
    assert Appraisal(game, p).fitting_ships(plain) == Appraisal(game, p).fitting_ships(wild) == []
    game.rules.add_modifier("container_wild", lambda value, owner, card: value or card is wild)
    view = Appraisal(game, p)
    assert view.fitting_ships(plain) == []
    assert view.fitting_ships(wild) == [ship]


@settings(max_examples=200, deadline=None, derandomize=True, database=None)
@given(amounts=st.lists(st.integers(0, 40), min_size=1, max_size=12), target=st.floats(-3, 45), credits=st.integers(0, 40))
def test_the_bid_is_the_highest_allowed_else_the_least_R10_3(amounts, target, credits):
    """The bid loop chooses what the bot's rule says, the first option of it: the highest amount up to
    the target that leaves 4 credits (0 always allowed), else the least amount (a minimum above 0)."""
    options = [DescribedOption(a, str) for a in amounts]
    allowed = [a for a in amounts if a <= max(0.0, target) and credits - a >= 4 or a == 0]
    assert _bid_index(options, max(0.0, target), credits) == amounts.index(max(allowed) if allowed else min(amounts))


def test_a_ships_worth_is_its_two_best_containers_as_goods_R10_5():
    """The worth of a ship at sea to a bidder is that of the two containers worth most to him or her
    as goods (one container: its own), in every state of a real game with every card."""
    game = heuristic_game_at_turn(12)
    compared = 0
    for _turn in range(30):
        for p in game.players:
            view = Appraisal(game, p)
            for ship in game.ships_at_sea():
                best = sorted((view.good_value(c) for c in ship.containers), reverse=True)[:2]
                assert _two_best_goods(view, ship) == sum(best)
                compared += 1
        if game.over or game.finishing:
            break
        play_turn(game)
        game.next_leader()
    assert compared > 50
