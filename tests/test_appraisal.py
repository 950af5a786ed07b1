"""The heuristic bot's Appraisal remembers its answers for one decision (issue 12, item 5): each
remembered answer must equal the question asked afresh, in every state of real games, with every
card active (powers that make containers wild, change loads or what a card is played for)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from interpreter.agents.heuristic import HeuristicAgent, heuristic_agents
from interpreter.agents.valuation import Appraisal, contract_value, good_value, open_slots
from interpreter.cards.model import ACTION_TYPES, GOOD_TYPES
from interpreter.engine.options import GameOptions
from interpreter.engine.slots import fits
from interpreter.engine.state import Card
from interpreter.powers import new_game
from tests.helpers import bring_home, clear, give, goods_of
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
