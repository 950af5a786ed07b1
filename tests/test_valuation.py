"""The heuristic bot's valuation of powers (issue 25, item 4): chance weighed by its odds, an option
worth more than its average, no printed card valued 0, and every card's valuation against the effect
a balance run measured for it (interpreter/sim/valuation_table.py; the measured effects are a small
file made by a documented command, tests/data/card_effects.json, so this test is fast)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from interpreter.agents.valuation import power_value
from interpreter.lang.conditions import ONE_TYPE
from interpreter.sim import valuation_table
from interpreter.sim.valuation_table import TOLERANCE, table, text
from tests.helpers import ALL_CARDS

EFFECTS = Path(__file__).parent / "data" / "card_effects.json"


def parts(card_id: str) -> dict[str, float]:
    """The worth of every construct of a card's powers, by construct name (the last one of a name)."""
    out = {}
    for power in ALL_CARDS.by_id[card_id].powers:
        assert power.node is not None
        for node in power.node.walk():
            out[type(node).__name__] = node.value()
    return out


def test_no_printed_card_with_powers_is_valued_zero():
    assert [c.id for c in ALL_CARDS.cards if c.powers and power_value(c) == 0] == []


def test_a_gamble_on_a_drawn_card_is_weighed_by_its_odds():
    """Exclusive Cards: pay 30, name a good type, draw 1, gain 50 if it is of the named type. The
    player names the type most left in the deck (the deck's make-up is public): about 1 in 4, not
    an even chance."""
    worth = parts("exclusive_cards")
    assert worth["IfThen"] == pytest.approx(0.25 * 50)
    assert worth["IfThen"] < 0.5 * 50
    assert 0 < ONE_TYPE < 0.25


def test_a_coin_flip_is_even():
    from interpreter.lang.parser import parse_power
    power, problems = parse_power("on completion: if a coin flip is heads then gain 10 else gain 2")
    assert problems == [] and power is not None
    if_then = next(n for n in power.walk() if type(n).__name__ == "IfThen")
    assert if_then.value() == pytest.approx(0.5 * 10 + 0.5 * 2)


@pytest.mark.parametrize("card_id", ["chairs", "batteries", "chicken_feed"])
def test_an_option_is_worth_more_than_its_average(card_id):
    """Chairs (you may throw a card away when another player draws: your next draw refills more),
    Batteries (you may pay 2 for a load: worth it on the turns the load is worth more than 2) and
    Chicken Feed (another player may buy it from you for 6: they buy when it suits them, and pay
    you) were valued exactly 0: an option's worth is not its average when that is negative."""
    assert power_value(ALL_CARDS.by_id[card_id]) > 0
    assert parts(card_id)["May"] > 0


def effects() -> dict[str, dict[str, float]]:
    data = json.loads(EFFECTS.read_text())
    assert data["made_by"].startswith("python -m interpreter.sim.valuation_table")
    return data["effects"]


def test_every_cards_valuation_against_its_measured_effect():
    """The table of every card with powers: its valuation relative to the median card's against the
    effect a balance run measured (how much more its completers score than a typical card's), and
    no outlier: a valuation farther than TOLERANCE points outside the measured 95% interval."""
    measured = effects()
    rows = table(ALL_CARDS, measured, power_value)
    shown = text(rows)
    assert len(rows) == sum(1 for c in ALL_CARDS.cards if c.powers) and len(measured) >= 60
    outliers = [r["id"] for r in rows if r["outlier"]]
    assert outliers == [], f"valued far from what they do (tolerance {TOLERANCE}):\n{shown}"


def test_an_outlier_is_flagged():
    """The check can fail: a card valued far from its measured interval is flagged."""
    card = next(c for c in ALL_CARDS.cards if c.powers)
    rows = table(ALL_CARDS, {card.id: {"diff": -40.0, "lo": -42.0, "hi": -38.0, "completers": 100}}, power_value)
    assert [r["id"] for r in rows if r["outlier"]] == [card.id]
    assert "<- outlier" in text(rows)


def test_the_measured_effects_file_is_made_by_its_command(tmp_path):
    results = {"meta": {"games": 10, "players": 4, "seed": 1, "cards": "all", "bots_label": "4 heuristic bots"},
               "cards": [{"id": "cups", "completers": 40, "score_vs_typical": {"diff": 1.5, "lo": -0.5, "hi": 3.5, "p": 0.2}},
                         {"id": "pens", "completers": 3, "score_vs_typical": None}]}
    source, target = tmp_path / "results.json", tmp_path / "out" / "effects.json"
    source.write_text(json.dumps(results))
    assert valuation_table.main([str(source), str(target)]) == 0
    made = json.loads(target.read_text())
    assert made["effects"] == {"cups": {"diff": 1.5, "lo": -0.5, "hi": 3.5, "completers": 40}}
    assert made["run"]["games"] == 10 and "valuation_table" in made["made_by"]
    assert valuation_table.main([str(tmp_path / "missing.json"), str(target)]) == 1
