"""`importexport --version`, `importexport init` (a new pack that checks, validates and plays as it
is), `validate` with no card files, and where the shipped data is found (issue 12, items 1, 2, 4)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from interpreter import __version__, resources
from interpreter.cli import main

REPO = Path(__file__).resolve().parents[1]


def test_version_names_the_release_and_where_the_cards_come_from(capsys):
    assert main(["--version"]) == 0
    out = capsys.readouterr().out.strip()
    assert out.startswith(f"importexport {__version__} (Python ")
    assert out.endswith(f"cards and grammar from {REPO})")


def test_a_source_checkout_reads_its_own_folders():
    assert resources.source_checkout() == REPO
    assert resources.cards_dir() == REPO / "cards"
    assert resources.grammar_file() == REPO / "grammar" / "powers.lark"
    assert resources.schema_file() == REPO / "docs" / "card.schema.json"


def test_importexport_home_names_another_data_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("IMPORTEXPORT_HOME", str(tmp_path))
    assert resources.expansions_dir() == tmp_path / "expansions"
    assert resources.rules_file() == tmp_path / "cards" / "game.yaml"


def test_init_makes_a_pack_that_checks_validates_and_plays(tmp_path, capsys):
    pack = tmp_path / "my-mod"
    assert main(["init", str(pack)]) == 0
    assert sorted(p.relative_to(pack).as_posix() for p in pack.rglob("*") if p.is_file()) == [
        "README.md", "cards/trade_office.yaml", "mod.yaml"]
    capsys.readouterr()
    assert main(["mod", "check", str(pack)]) == 0
    assert "+ added trade_office" in capsys.readouterr().out
    assert main(["validate", "--run-examples", str(pack)]) == 0
    assert capsys.readouterr().out == "1 example(s) run.\n1 cards, no problems.\n"
    assert main(["scenario", "run", "--mod", str(pack), str(pack / "cards")]) == 0
    assert capsys.readouterr().out.endswith("1 passed, 0 failed\n")
    assert main(["play", "--mod", str(pack), "--seed", "4", "--players", "3"]) == 0
    assert "Winner:" in capsys.readouterr().out
    assert "set: my_mod" in (pack / "cards" / "trade_office.yaml").read_text()
    assert "name: My Mod" in (pack / "mod.yaml").read_text()


def test_the_sample_cards_example_proves_its_power(tmp_path, capsys):
    """With the power changed, the example fails: it checks what the power does."""
    pack = tmp_path / "my-mod"
    main(["init", str(pack)])
    card = pack / "cards" / "trade_office.yaml"
    card.write_text(card.read_text().replace('"on completion: gain 4"', '"on completion: gain 2"'))
    capsys.readouterr()
    assert main(["scenario", "run", "--mod", str(pack), str(pack / "cards")]) == 1
    assert "P1 credits: expected 20, got 18" in capsys.readouterr().out


@pytest.mark.parametrize(("make", "message"), [
    (lambda p: (p.mkdir(), (p / "notes.txt").write_text("mine")), "already exists and is not an empty folder"),
    (lambda p: p.write_text("a file"), "already exists and is not an empty folder"),
])
def test_init_never_writes_into_something_that_exists(tmp_path, capsys, make, message):
    target = tmp_path / "my-mod"
    make(target)
    before = sorted(os.listdir(tmp_path))
    assert main(["init", str(target)]) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1
    assert sorted(os.listdir(tmp_path)) == before


def test_init_needs_a_folder_name_that_gives_a_set_name(tmp_path, capsys):
    assert main(["init", str(tmp_path / "2024")]) == 2
    assert "start it with a letter" in capsys.readouterr().err
    assert not (tmp_path / "2024").exists()


def test_init_into_an_empty_folder_is_allowed(tmp_path):
    (tmp_path / "My Pack").mkdir()
    assert main(["init", str(tmp_path / "My Pack")]) == 0
    assert "set: my_pack" in (tmp_path / "My Pack" / "cards" / "trade_office.yaml").read_text()


@pytest.mark.parametrize("contents", [[], ["game.yaml"], ["notes.txt"]])
def test_validate_with_no_card_files_is_an_error(tmp_path, capsys, contents):
    for name in contents:
        (tmp_path / name).write_text("x: 1\n")
    assert main(["validate", str(tmp_path)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.strip() == f"importexport validate: no card files or mod packs found in {tmp_path} (card files end in .yaml)"


def test_a_package_installed_without_its_data_says_so(tmp_path, monkeypatch, capsys):
    """A broken build (the package without data/, and no checkout around it): one line, not a
    traceback and not '0 cards'."""
    (tmp_path / "interpreter").mkdir()
    monkeypatch.setattr(resources, "_package_dir", lambda: tmp_path / "interpreter")
    assert main(["validate"]) == 2
    assert capsys.readouterr().err.strip() == (
        f"importexport validate: the card data is missing from {tmp_path / 'interpreter' / 'data'}: "
        "reinstall importexport (pip install importexport-interpreter)")
