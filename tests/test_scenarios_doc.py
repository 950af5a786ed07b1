"""docs/scenarios.md runs as written: every YAML example on the page is a scenario that passes, and
every key of the format appears in one of them (issue 15: every key documented with an example that
a test runs)."""

from __future__ import annotations

import re
from typing import Any

import pytest
import yaml

from interpreter.cards.catalog import load_rules, project_root
from interpreter.scenarios import model
from interpreter.scenarios.runner import run_scenario, scenarios_in_file
from tests.helpers import ALL_CARDS

DOC = project_root() / "docs" / "scenarios.md"
BLOCKS = re.findall(r"```yaml\n(.*?)```", DOC.read_text(), re.S)
CARDS = ALL_CARDS
DATA = load_rules()


def test_the_page_has_examples():
    assert len(BLOCKS) >= 8


@pytest.mark.parametrize("block", BLOCKS, ids=[yaml.safe_load(b)["name"] for b in BLOCKS])
def test_example_runs_as_written(tmp_path, block):
    path = tmp_path / "example.yaml"
    path.write_text(block)
    scenarios, diags = scenarios_in_file(path)
    assert not diags and len(scenarios) == 1
    outcome = run_scenario(scenarios[0], CARDS, DATA)
    assert outcome.passed, outcome.report()


def used_keys(sc: dict[str, Any]) -> dict[str, set[str]]:
    """The keys a scenario uses, by the table they belong to."""
    used: dict[str, set[str]] = {name: set() for name in ("top", "setup", "player", "ship", "step", "expect",
                                                          "expect_player", "expect_ship", "score")}
    used["top"] |= set(sc)
    setup = sc.get("setup") or {}
    used["setup"] |= set(setup)
    for p in setup.get("players") or []:
        used["player"] |= set(p)
        for ship in p.get("ships") or []:
            used["ship"] |= set(ship)
    for step in sc.get("steps") or []:
        used["step"] |= set(step)
    expect = sc.get("expect") or {}
    used["expect"] |= set(expect)
    for want in (expect.get("players") or {}).values():
        used["expect_player"] |= set(want)
        used["score"] |= set(want.get("score_breakdown") or {})
        for ship in want.get("ships") or []:
            used["expect_ship"] |= set(ship)
    return used


def test_every_key_of_the_format_has_an_example():
    tables = {"top": model.TOP_KEYS, "setup": model.SETUP_KEYS, "player": model.PLAYER_KEYS, "ship": model.SHIP_KEYS,
              "step": model.STEP_KEYS, "expect": model.EXPECT_KEYS, "expect_player": model.EXPECT_PLAYER_KEYS,
              "expect_ship": model.EXPECT_SHIP_KEYS, "score": model.SCORE_PARTS}
    seen: dict[str, set[str]] = {name: set() for name in tables}
    for block in BLOCKS:
        for name, keys in used_keys(yaml.safe_load(block)).items():
            seen[name] |= keys
    missing = {name: sorted(set(keys) - seen[name]) for name, keys in tables.items() if set(keys) - seen[name]}
    assert not missing, f"keys with no example in docs/scenarios.md: {missing}"


def test_every_key_is_named_in_the_text():
    text = DOC.read_text()
    keys = {*model.TOP_KEYS, *model.SETUP_KEYS, *model.PLAYER_KEYS, *model.SHIP_KEYS, *model.STEP_KEYS,
            *model.EXPECT_KEYS, *model.EXPECT_PLAYER_KEYS, *model.EXPECT_SHIP_KEYS, *model.SCORE_PARTS}
    assert not [k for k in keys if f"`{k}`" not in text]
