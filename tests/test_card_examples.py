"""Every example of every card passes, and fails once the card's powers are removed (so each example
proves its power)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from interpreter.cards.loader import CardSet
from interpreter.scenarios.runner import run_scenario, scenarios_in_file
from tests.helpers import ALL_CARDS as CARDS
from tests.helpers import RULES as DATA

EXAMPLES = [(card, sc) for card in CARDS.cards if card.examples for sc in scenarios_in_file(Path(card.path))[0]]


def without_powers(cards: CardSet, card_id: str) -> CardSet:
    return CardSet([dataclasses.replace(c, powers=(), readings=()) if c.id == card_id else c for c in cards.cards])


@pytest.mark.parametrize(("card", "scenario"), EXAMPLES, ids=[f"{c.id}: {s.name}" for c, s in EXAMPLES])
def test_example_passes(card, scenario):
    outcome = run_scenario(scenario, CARDS, DATA)
    assert outcome.passed, outcome.report()


@pytest.mark.parametrize(("card", "scenario"), EXAMPLES, ids=[f"{c.id}: {s.name}" for c, s in EXAMPLES])
def test_example_fails_without_the_power(card, scenario):
    outcome = run_scenario(scenario, without_powers(CARDS, card.id), DATA)
    assert not outcome.passed, f"{card.id}: example `{scenario.name}` still passes with the power removed"


def test_every_card_with_powers_has_an_example():
    missing = [c.id for c in CARDS.cards if c.powers and not c.examples]
    assert not missing, f"cards with powers but no example: {missing}"
