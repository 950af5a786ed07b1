"""Mod packs (add, replace, remove, deck lists, conflicts, safety) and replays tied to the card set."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from interpreter.cards.catalog import project_root
from interpreter.cards.diagnostics import CardFileError
from interpreter.cli import main
from interpreter.mods.apply import apply_packs
from interpreter.scenarios.runner import run_scenario, scenarios_in_file

EXAMPLE = project_root() / "docs" / "example-mod"


def test_example_mod_adds_replaces_removes_and_sets_the_deck(base_cards):
    applied = apply_packs(base_cards, [EXAMPLE])
    (change,) = applied.changes
    assert sorted(change.added) == ["customs_office", "smugglers_cove", "tea_clipper"]
    assert list(change.replaced) == ["cups"]
    assert "tier: 2 -> 1" in change.replaced["cups"]
    assert change.removed == ["rolls_royce"]
    ids = [c.id for c in applied.cards.cards]
    assert ids.count("pens") == 2 and ids.count("tea_clipper") == 2 and "rolls_royce" not in ids
    assert len(ids) == 104
    assert applied.cards.by_id["cups"].tier == 1


def test_example_mod_cards_play_their_examples(base_cards, data, all_cards):
    cards = apply_packs(all_cards, [EXAMPLE]).cards
    for path in sorted((EXAMPLE / "cards").glob("*.yaml")):
        for scenario in scenarios_in_file(path)[0]:
            outcome = run_scenario(scenario, cards, data)
            assert outcome.passed, outcome.report()


def test_games_with_the_example_mod_run(capsys):
    assert main(["simulate", "--players", "3", "--games", "5", "--seed", "2", "--mod", str(EXAMPLE), "--option", "check_invariants=yes"]) == 0
    out = capsys.readouterr().out
    assert "harbor_tweaks 4" in out and "Games: 5" in out


def write_pack(folder: Path, manifest: str, cards: dict[str, str] | None = None) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "mod.yaml").write_text(manifest)
    for name, text in (cards or {}).items():
        (folder / "cards").mkdir(exist_ok=True)
        (folder / "cards" / f"{name}.yaml").write_text(text)
    return folder


CHEAP_PENS = """id: pens
name: Pens
set: base
good: consumer
action: import
tier: 0
load: {consumer: 2}
text: A cheaper Pens.
"""


def test_two_packs_changing_one_card_are_a_conflict_and_the_later_wins(tmp_path, base_cards):
    a = write_pack(tmp_path / "a", "name: A\nversion: 1\n", {"pens": CHEAP_PENS})
    b = write_pack(tmp_path / "b", "name: B\nversion: 1\nremove: [pens]\n")
    applied = apply_packs(base_cards, [a, b])
    assert applied.conflicts == ["`pens` is changed by `A` and by `B`; `B` wins (applied later)"]
    assert "pens" not in applied.cards.by_id


@pytest.mark.parametrize(("manifest", "code", "words"), [
    ("name: X\n", "M003", "needs `version`"),
    ("name: X\nversion: 1\nremvoe: [cups]\n", "M002", "did you mean `remove`"),
    ("name: X\nversion: 1\nremove: [cupz]\n", "M021", "did you mean `cups`"),
    ("name: X\nversion: 1\ndepends: [jutaku]\n", "M020", "not in the game"),
    ("name: X\nversion: 1\ndeck: {pens: 500}\n", "M006", "from 1 to 100"),
    ("name: X\nversion: 1\ndeck: {'*': 100, pens: 100}\n", "M007", "at most 5000"),
    ("name: X\nversion: 1\ndeck: {penz: 1}\n", "M022", "did you mean `pens`"),
])
def test_bad_packs_get_diagnostics(tmp_path, base_cards, manifest, code, words):
    pack = write_pack(tmp_path / "p", manifest)
    with pytest.raises(CardFileError) as err:
        apply_packs(base_cards, [pack])
    messages = [str(d) for d in err.value.diagnostics]
    assert any(f" {code} " in m and words in m for m in messages), messages


def test_a_pack_cannot_read_outside_its_folder(tmp_path, base_cards):
    outside = tmp_path / "outside.yaml"
    outside.write_text(CHEAP_PENS)
    pack = write_pack(tmp_path / "p", "name: X\nversion: 1\n")
    (pack / "cards").mkdir()
    (pack / "cards" / "pens.yaml").symlink_to(outside)
    with pytest.raises(CardFileError) as err:
        apply_packs(base_cards, [pack])
    assert [d.code for d in err.value.diagnostics] == ["M009"]


def test_a_pack_whose_cards_is_a_file_says_so(tmp_path, base_cards):
    """`cards` written as a file: no card was read, and `mod check` said "no problems"."""
    pack = write_pack(tmp_path / "p", "name: X\nversion: 1\n")
    (pack / "cards").write_text(CHEAP_PENS)
    with pytest.raises(CardFileError) as err:
        apply_packs(base_cards, [pack])
    assert [(d.code, d.message) for d in err.value.diagnostics] == [
        ("M009", "`cards` is a file: a pack keeps its card files in a folder named `cards`, and none was read")]


def test_a_single_file_pack_holds_its_cards_inline(tmp_path, base_cards):
    pack = tmp_path / "pack.yaml"
    pack.write_text("name: Inline\nversion: 2\ncards:\n  - " + CHEAP_PENS.replace("\n", "\n    ").rstrip() + "\n")
    applied = apply_packs(base_cards, [pack])
    assert applied.cards.by_id["pens"].tier == 0


def test_mod_check_reports_changes_and_problems(tmp_path, capsys):
    assert main(["mod", "check", str(EXAMPLE)]) == 0
    out = capsys.readouterr().out
    assert "+ added tea_clipper" in out and "~ replaced cups" in out and "- removed rolls_royce" in out
    bad = write_pack(tmp_path / "bad", "name: X\nversion: 1\nremove: [cupz]\n")
    assert main(["mod", "check", str(bad)]) == 1
    assert "M021" in capsys.readouterr().out


def test_a_recorded_game_replays_exactly(tmp_path, capsys):
    record = tmp_path / "game.json"
    assert main(["play", "--players", "3", "--seed", "9", "--log", str(record)]) == 0
    capsys.readouterr()
    assert main(["replay", str(record)]) == 0
    assert "the same game, the same result" in capsys.readouterr().out


def test_a_replay_is_refused_when_the_card_set_changed(tmp_path, capsys):
    record = tmp_path / "game.json"
    assert main(["play", "--players", "3", "--seed", "9", "--log", str(record)]) == 0
    data = json.loads(record.read_text())
    data["cards"]["cups"] = "0" * 12
    data["card_set"] = "0" * 16
    record.write_text(json.dumps(data))
    capsys.readouterr()
    assert main(["replay", str(record)]) == 1
    err = capsys.readouterr().err
    assert "changed: cups" in err and "Traceback" not in err


def test_a_broken_record_gets_a_message(tmp_path, capsys):
    record = tmp_path / "game.json"
    record.write_text("{not json")
    assert main(["replay", str(record)]) == 1
    assert "not a game record" in capsys.readouterr().err
