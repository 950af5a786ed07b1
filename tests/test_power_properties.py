"""Checked means runs (issue 11, item 4): a power line that the checker accepts never raises in
`explain`, in a game, or in a bot.

Lines are generated from the grammar itself (tests/power_lines.py); those that parse and check are
put on a card that starts in the first player's Shipments (so its rules, triggers, any-time and
game-end powers work from the first turn), its one-time power is run once as if the card had just
completed, and complete games are played by random and heuristic bots. The run is derandomized (the
same lines every time, so CI is stable); `POWER_EXAMPLES=2000 pytest tests/test_power_properties.py`
explores more, with other lines when `POWER_SEED` is set."""

from __future__ import annotations

import dataclasses
import os
from functools import cache

from hypothesis import HealthCheck, assume, given, settings

from interpreter.agents.heuristic import HeuristicAgent
from interpreter.agents.random_agent import RandomAgent
from interpreter.cards.catalog import load_all_cards, load_rules
from interpreter.cards.loader import CardSet
from interpreter.engine.errors import GameStop
from interpreter.engine.options import GameOptions
from interpreter.lang import check_power, parse_power
from interpreter.lang.timings import CompiledPower
from interpreter.powers import new_game
from tests.helpers import find
from tests.power_lines import power_lines

EXAMPLES = int(os.environ.get("POWER_EXAMPLES", "120"))
SEED = os.environ.get("POWER_SEED")
HOST = "cups"  # the card that carries the generated power (a tier-1 CONTRACT card of the base set)


@cache
def base() -> CardSet:
    return load_all_cards().only_sets(["base"])


def cards_with(power: CompiledPower, text: str) -> CardSet:
    cards = base()
    host = dataclasses.replace(cards.by_id[HOST], powers=(power,), text=text)
    return CardSet([host if c.id == HOST else c for c in cards.cards])


def play_with(cards: CardSet, seed: int, heuristic: bool) -> None:
    agents = [HeuristicAgent(seed * 31 + s) if heuristic else RandomAgent(seed * 17 + s) for s in range(3)]
    game = new_game(cards, load_rules(), 3, seed, GameOptions(max_turns=120), agents)
    owner = game.players[0]
    zone, card = find(game, HOST)
    zone.remove(card)
    game.add_shipment(owner, card)
    try:
        game.powers.completed(owner, card)  # its one-time power, as if the card had just completed
    except GameStop:  # the power won the game at once (R16.3): there is nothing more to play
        return
    assert game.play().totals


@settings(max_examples=EXAMPLES, deadline=None, derandomize=SEED is None, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.data_too_large])
@given(line=power_lines())
def test_a_power_the_checker_accepts_explains_and_plays_without_an_exception(line: str) -> None:
    power, problems = parse_power(line)
    assume(power is not None and not problems)
    assert power is not None
    assume(not check_power(power))
    assert power.english()
    compiled = power.compile()
    cards = cards_with(compiled, power.english())
    for seed, heuristic in ((1, False), (2, True)):
        play_with(cards, seed, heuristic)
