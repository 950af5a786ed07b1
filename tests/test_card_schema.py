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
from interpreter.cards.yamlparse import FastLoader
from interpreter.cli import main
from interpreter.reference import card_schema
from interpreter.schema_header import HEADER, SCHEMA_FILES, schema_header
from interpreter.schemas import SCHEMAS, mod_schema, scenario_schema, timing_openings, undescribed

EXAMPLE_MOD = project_root() / "docs" / "example-mod"
EXAMPLE_PACKS = [EXAMPLE_MOD, project_root() / "docs" / "examples" / "novel"]


def shipped_card_files() -> list[Path]:
    return card_files([*(d for d in card_dirs() if d.exists()), *(pack / "cards" for pack in EXAMPLE_PACKS)])


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
    assert len(files) == 128 + 4 + 32
    loader = FastLoader  # libyaml where PyYAML has it: the same data (tests/test_yaml_reading.py), faster
    for path in files:
        errors = list(validator.iter_errors(yaml.load(path.read_text(), Loader=loader)))
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
    for pack in EXAMPLE_PACKS:
        manifest = pack / "mod.yaml"
        first = manifest.read_text().splitlines()[0]
        assert first == schema_header("mod", manifest)
        assert (pack / first.removeprefix(HEADER)).resolve() == project_root() / "docs" / "mod.schema.json"


def test_init_names_the_schemas_in_the_files_it_writes(tmp_path, capsys):
    """A pack made anywhere by `importexport init` names the schemas by absolute path (it may lie
    outside the tool's folder), with the helper the shipped card files use; the pack still checks."""
    pack = tmp_path / "my-mod"
    assert main(["init", str(pack)]) == 0
    card, manifest = pack / "cards" / "trade_office.yaml", pack / "mod.yaml"
    assert card.read_text().splitlines()[0] == schema_header("card", card) == HEADER + (project_root() / "docs" / "card.schema.json").as_posix()
    assert manifest.read_text().splitlines()[0] == schema_header("mod", manifest) == HEADER + (project_root() / "docs" / "mod.schema.json").as_posix()
    assert not list(jsonschema.Draft202012Validator(card_schema()).iter_errors(yaml.safe_load(card.read_text())))
    assert not list(jsonschema.Draft202012Validator(mod_schema()).iter_errors(yaml.safe_load(manifest.read_text())))
    capsys.readouterr()
    assert main(["validate", str(pack)]) == 0


def test_mod_schema_accepts_every_example_pack_and_checks_shorthands():
    validator = jsonschema.Draft202012Validator(mod_schema())
    for pack in EXAMPLE_PACKS:
        manifest = yaml.safe_load((pack / "mod.yaml").read_text())
        assert not list(validator.iter_errors(manifest)), pack
    slang = {"name": "Harbor Slang", "version": "1.0.0", "depends": ["base"],
             "shorthands": [{"says": "cash in {n:number}", "means": "gain {n}", "role": "effect", "note": "slang"}]}
    assert not list(validator.iter_errors(slang))
    slang["shorthands"][0]["mean"] = slang["shorthands"][0].pop("means")
    assert sorted(e.json_path for e in validator.iter_errors(slang)) == ["$.shorthands[0]", "$.shorthands[0]"]


def test_scenario_schema_accepts_every_scenario_file():
    """Scenario files hold one scenario or a list of them (tests/scenarios holds lists)."""
    validator = jsonschema.Draft202012Validator(scenario_schema())
    files = sorted((project_root() / "tests" / "scenarios").glob("*.yaml"))
    assert files
    loader = FastLoader  # libyaml where PyYAML has it: the same data (tests/test_yaml_reading.py), faster
    for path in files:
        errors = list(validator.iter_errors(yaml.load(path.read_text(), Loader=loader)))
        assert not errors, f"{path}: {errors[0].message}"


def test_power_lines_start_with_a_timing_of_the_registry():
    """The schema's check of a power line's opening comes from the timing constructs, in any case."""
    assert {"on completion", "rule", "when", "any time", "at game end", "as soon as", "as a contract"} <= set(timing_openings())
    validator = jsonschema.Draft202012Validator(card_schema())
    card = yaml.safe_load((project_root() / "cards" / "consumer" / "cups.yaml").read_text())
    for line, ok in (("On completion: draw 5", True), ("as a contract: this contract accepts any colour", True),
                     ("whenever you load: gain 2", False), ("on completin: draw 5", False)):
        errors = list(validator.iter_errors({**card, "powers": [line]}))
        assert (not errors) == ok, line


def test_the_header_line_moves_no_diagnostic(tmp_path):
    """Positions count the header line: a typo on line 19 of Cups (header included) is reported there."""
    text = (project_root() / "cards" / "consumer" / "cups.yaml").read_text().replace("on completion: draw 5", "on completion: drwa 5")
    assert text.startswith(HEADER)
    row = next(i for i, line in enumerate(text.splitlines(), 1) if "drwa" in line)
    path = tmp_path / "cups.yaml"
    path.write_text(text)
    for _, found in (load_card_file(path), load_card_text(text, path)):
        assert [(d.line, d.col, d.code) for d in found] == [(row, text.splitlines()[row - 1].index("drwa") + 1, "P001")]
