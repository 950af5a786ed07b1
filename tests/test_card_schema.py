"""The published JSON Schemas (docs/card.schema.json, docs/mod.schema.json, docs/scenario.schema.json)
are current, describe every field, accept every shipped file and reject misspellings; every card file
names its schema in its first line for yaml-language-server, without moving any diagnostic."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
import yaml

from interpreter.cards.catalog import card_dirs, project_root
from interpreter.cards.loader import card_files, load_card_file, load_card_text
from interpreter.reference import card_schema
from interpreter.schemas import HEADER, SCHEMA_FILES, SCHEMAS, mod_schema, scenario_schema, schema_header, undescribed

EXAMPLE_MOD = project_root() / "docs" / "example-mod"


def shipped_card_files() -> list[Path]:
    return card_files([*(d for d in card_dirs() if d.exists()), EXAMPLE_MOD / "cards"])


@pytest.mark.parametrize("kind", list(SCHEMAS))
def test_schema_is_up_to_date(kind):
    committed = json.loads((project_root() / "docs" / SCHEMA_FILES[kind]).read_text())
    assert committed == SCHEMAS[kind](), f"run `importexport docs` to regenerate docs/{SCHEMA_FILES[kind]}"


@pytest.mark.parametrize("kind", list(SCHEMAS))
def test_every_field_has_a_description(kind):
    schema = SCHEMAS[kind]()
    jsonschema.Draft202012Validator.check_schema(schema)
    assert undescribed(schema) == [], "describe these fields in interpreter/schemas.py"


def test_every_card_file_matches_the_schema():
    validator = jsonschema.Draft202012Validator(card_schema())
    files = shipped_card_files()
    assert len(files) == 128 + 4
    for path in files:
        errors = list(validator.iter_errors(yaml.safe_load(path.read_text())))
        assert not errors, f"{path}: {errors[0].message}"


def test_schema_rejects_a_misspelt_field():
    validator = jsonschema.Draft202012Validator(card_schema())
    card = {"id": "x", "name": "X", "set": "base", "good": "luxury", "action": "supply", "tier": 1,
            "load": {"luxury": 2}, "text": "t", "teir": 1}
    assert list(validator.iter_errors(card))


def test_card_schema_checks_examples_as_scenarios():
    validator = jsonschema.Draft202012Validator(card_schema())
    card = yaml.safe_load((project_root() / "cards" / "consumer" / "cups.yaml").read_text())
    card["examples"][0]["steps"][0]["kind"] = "leed"
    assert [e.json_path for e in validator.iter_errors(card)] == ["$.examples[0].steps[0].kind"]


def test_mod_schema_accepts_the_example_mod_and_rejects_a_misspelt_key():
    validator = jsonschema.Draft202012Validator(mod_schema())
    manifest = yaml.safe_load((EXAMPLE_MOD / "mod.yaml").read_text())
    assert not list(validator.iter_errors(manifest))
    manifest["depend"] = manifest.pop("depends")
    assert list(validator.iter_errors(manifest))


def test_mod_schema_checks_inline_cards():
    validator = jsonschema.Draft202012Validator(mod_schema())
    card = yaml.safe_load((EXAMPLE_MOD / "cards" / "tea_clipper.yaml").read_text())
    assert not list(validator.iter_errors({"name": "One file", "version": 1, "cards": [card]}))
    card["good"] = "luxary"
    assert [e.json_path for e in validator.iter_errors({"name": "One file", "version": 1, "cards": [card]})] == ["$.cards[0].good"]


def test_scenario_schema_accepts_a_scenario_and_rejects_unknown_keys():
    validator = jsonschema.Draft202012Validator(scenario_schema())
    cups = yaml.safe_load((project_root() / "cards" / "consumer" / "cups.yaml").read_text())
    scenario = cups["examples"][0]
    assert not list(validator.iter_errors(scenario))
    assert list(validator.iter_errors({**scenario, "stpes": []}))
    assert list(validator.iter_errors({**scenario, "options": {"import_fee": "per-card"}}))


def test_every_card_file_names_its_schema_in_its_first_line():
    for path in shipped_card_files():
        first = path.read_text().splitlines()[0]
        assert first == schema_header("card", path), f"{path}: first line should be `{schema_header('card', path)}`"
        assert (path.parent / first.removeprefix(HEADER)).resolve() == project_root() / "docs" / "card.schema.json"
    manifest = EXAMPLE_MOD / "mod.yaml"
    assert manifest.read_text().splitlines()[0] == schema_header("mod", manifest) == HEADER + "../mod.schema.json"


def test_the_header_line_moves_no_diagnostic(tmp_path):
    """Positions count the header line: a typo on line 19 of Cups (header included) is reported there."""
    text = (project_root() / "cards" / "consumer" / "cups.yaml").read_text().replace("on completion: draw 5", "on completion: drwa 5")
    assert text.startswith(HEADER)
    row = next(i for i, line in enumerate(text.splitlines(), 1) if "drwa" in line)
    path = tmp_path / "cups.yaml"
    path.write_text(text)
    for _, found in (load_card_file(path), load_card_text(text, path)):
        assert [(d.line, d.col, d.code) for d in found] == [(row, text.splitlines()[row - 1].index("drwa") + 1, "P001")]
