"""The published JSON Schema (docs/card.schema.json) is current and accepts every shipped card."""

from __future__ import annotations

import json

import jsonschema
import yaml

from interpreter.cards.catalog import card_dirs, project_root
from interpreter.cards.loader import card_files
from interpreter.reference import card_schema


def test_schema_is_up_to_date():
    committed = json.loads((project_root() / "docs" / "card.schema.json").read_text())
    assert committed == card_schema(), "run `importexport docs` to regenerate docs/card.schema.json"


def test_every_card_file_matches_the_schema():
    validator = jsonschema.Draft202012Validator(card_schema())
    files = card_files(d for d in card_dirs() if d.exists())
    assert len(files) == 128
    for path in files:
        errors = list(validator.iter_errors(yaml.safe_load(path.read_text())))
        assert not errors, f"{path}: {errors[0].message}"


def test_schema_rejects_a_misspelt_field():
    validator = jsonschema.Draft202012Validator(card_schema())
    card = {"id": "x", "name": "X", "set": "base", "good": "luxury", "action": "supply", "tier": 1,
            "load": {"luxury": 2}, "text": "t", "teir": 1}
    assert list(validator.iter_errors(card))
