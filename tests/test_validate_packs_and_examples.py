"""`importexport validate` (issue 13.6): a mod pack is validated as a pack, never its manifest as a
card; card examples are checked as scenarios (structure and setup) without being played, unless
`--run-examples`."""

from __future__ import annotations

import re
import shutil
import textwrap

from interpreter.cards.catalog import project_root
from interpreter.cli import main

EXAMPLE_MOD = project_root() / "docs" / "example-mod"

CARD = """\
id: {id}
name: {name}
set: base
good: luxury
action: supply
tier: 0
load: {{luxury: 2}}
text: A card to validate.
"""

EXAMPLE_TYPO = """\
examples:
  - name: an expectation with a misspelt field
    players: 3
    unscripted: decline
    setup: {leader: 1, players: [{hand: [quiet_card]}]}
    steps:
      - {player: 1, kind: lead, choose: draw}
    expect:
      events: [{type: CardsDrawn, playr: 1}]
"""

EXAMPLE_FAILS_WHEN_PLAYED = """\
examples:
  - name: expects credits the card never gives
    players: 3
    unscripted: decline
    setup: {leader: 1, players: [{hand: [quiet_card], credits: 10}]}
    steps:
      - {player: 1, kind: lead, choose: draw}
    expect:
      players: {1: {credits: 12}}
"""


def run(capsys, *argv):
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def write_card(folder, card_id, name, examples=""):
    path = folder / f"{card_id}.yaml"
    path.write_text(CARD.format(id=card_id, name=name) + examples)
    return path


def test_the_example_mod_validates_as_a_pack(capsys):
    code, out, err = run(capsys, "validate", str(EXAMPLE_MOD))
    assert code == 0, out + err
    assert "4 cards, no problems." in out
    assert "4 example(s) checked" in out
    assert "mod.yaml" not in out + err


def test_a_manifest_named_directly_is_its_pack(capsys):
    code, out, _ = run(capsys, "validate", str(EXAMPLE_MOD / "mod.yaml"))
    assert code == 0 and "4 cards, no problems." in out


def test_a_folder_holding_a_pack_validates_the_pack_inside(capsys, tmp_path):
    shutil.copytree(EXAMPLE_MOD, tmp_path / "example-mod")
    write_card(tmp_path, "quiet_card", "Quiet Card")
    code, out, err = run(capsys, "validate", str(tmp_path))
    assert code == 0, out + err
    assert "5 cards, no problems." in out


def test_a_broken_pack_reports_its_problems_not_card_errors_on_the_manifest(capsys, tmp_path):
    pack = tmp_path / "pack"
    shutil.copytree(EXAMPLE_MOD, pack)
    manifest = pack / "mod.yaml"
    manifest.write_text(manifest.read_text().replace("remove: [rolls_royce]", "remove: [rols_royce]"))
    code, out, _ = run(capsys, "validate", str(pack))
    assert code == 1
    assert "M021 cannot remove `rols_royce`: no such card (did you mean `rolls_royce`?)" in out
    assert "C00" not in out  # nothing reads the manifest as a card


def test_a_single_file_pack_and_its_inline_examples(capsys, tmp_path):
    pack = tmp_path / "tiny.yaml"
    pack.write_text(textwrap.dedent("""\
        name: Tiny
        version: 1.0.0
        depends: [base]
        cards:
          - id: harbor_crane
            name: Harbor Crane
            set: tiny
            good: technology
            action: load
            tier: 0
            load: {technology: 2}
            text: Nothing special.
            examples:
              - name: two cranes in a game of one
                players: 3
                unscripted: decline
                setup: {leader: 1, players: [{hand: [harbor_crane, harbor_crane]}]}
                steps:
                  - {player: 1, kind: lead, choose: draw}
        """))
    code, out, _ = run(capsys, "validate", str(pack))
    assert code == 1
    assert re.search(r"FAIL .*tiny\.yaml:14:\d+: two cranes in a game of one", out), out
    assert "no free copy of `harbor_crane` is left to place" in out


def test_examples_are_checked_as_scenarios_without_being_played(capsys, tmp_path):
    write_card(tmp_path, "quiet_card", "Quiet Card", EXAMPLE_TYPO)
    code, out, _ = run(capsys, "validate", str(tmp_path))
    assert code == 1
    assert "S020 CardsDrawn has no field `playr` (did you mean `player`?)" in out
    assert re.search(r"quiet_card\.yaml:\d+:\d+: S020", out)


def test_an_example_that_fails_when_played_fails_only_with_run_examples(capsys, tmp_path):
    write_card(tmp_path, "quiet_card", "Quiet Card", EXAMPLE_FAILS_WHEN_PLAYED)
    code, out, _ = run(capsys, "validate", str(tmp_path))
    assert code == 0, out
    assert "1 example(s) checked" in out
    code, out, _ = run(capsys, "validate", "--run-examples", str(tmp_path))
    assert code == 1
    assert "FAIL" in out and "P1 credits: expected 12, got 10" in out


def test_an_example_may_use_the_shipped_cards_beside_the_validated_one(capsys, tmp_path):
    examples = EXAMPLE_FAILS_WHEN_PLAYED.replace("hand: [quiet_card], credits: 10", "hand: [quiet_card, cups], credits: 10")
    examples = examples.replace("credits: 12", "credits: 10")
    write_card(tmp_path, "quiet_card", "Quiet Card", examples)
    code, out, _ = run(capsys, "validate", "--run-examples", str(tmp_path))
    assert code == 0, out


def test_a_missing_path_is_a_usage_error(capsys, tmp_path):
    code, _, err = run(capsys, "validate", str(tmp_path / "nowhere"))
    assert code == 2 and "no such file or folder" in err


def test_a_folder_without_cards_says_so(capsys, tmp_path):
    code, _, err = run(capsys, "validate", str(tmp_path))
    assert code == 2 and "no card files or mod packs found" in err


def test_a_pack_with_no_card_files_is_validated_not_refused(capsys, tmp_path):
    """A pack that only removes cards (or only sets a deck list) is a pack: `validate` said it found
    no card files or mod packs, with status 2 (a hostile-input probe)."""
    pack = tmp_path / "trim"
    pack.mkdir()
    (pack / "mod.yaml").write_text("name: trim\nversion: 0.1.0\ndepends: [base]\nremove: [cups]\n")
    for target in (pack, pack / "mod.yaml"):
        code, out, err = run(capsys, "validate", str(target))
        assert (code, out.strip().splitlines()[-1], err) == (0, "1 mod pack(s) with no cards of their own, no problems.", "")


def test_a_deck_no_game_can_be_set_up_with_is_a_problem_M023(capsys, tmp_path):
    """`mod check` and `validate` said "no problems" for a pack whose deck list leaves one card; `play`
    then refused it. The fewest players (2) need 20 cards (ships at sea, island, hands: R2.7-R2.9)."""
    pack = tmp_path / "tiny"
    pack.mkdir()
    (pack / "mod.yaml").write_text('name: tiny\nversion: 0.1.0\ndepends: [base]\ndeck:\n  "*": 0\n  cups: 1\n')
    said = f"{pack / 'mod.yaml'}:5:3: M023 the deck holds 1 card(s); a game of 2 players needs at least 20"
    code, out, _ = run(capsys, "validate", str(pack))
    assert code == 1 and said in out
    code, out, _ = run(capsys, "mod", "check", str(pack))
    assert code == 1 and said in out and out.strip().endswith("1 problem(s) found.")


def test_a_card_defined_twice_in_a_single_file_pack_is_shown_at_its_second_definition_M013(capsys, tmp_path):
    pack = tmp_path / "twice.yaml"
    card = "  - id: foo_card\n    name: Foo\n    set: twice\n    good: consumer\n    action: import\n    tier: 1\n    load: {consumer: 2}\n    text: A card.\n"
    pack.write_text("name: twice\nversion: 0.1.0\ndepends: [base]\ncards:\n" + card + card)
    code, out, _ = run(capsys, "validate", str(pack))
    assert code == 1 and f"{pack}:13:9: M013 the pack defines `foo_card` twice" in out, out
