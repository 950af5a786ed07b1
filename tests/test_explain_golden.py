"""The reviewed English of every printed card (issue 21, item 6): `importexport
explain --all` prints tests/golden/explain.txt exactly.

The golden file was read line by line against each card's `text:` and the rulebook's power text and
clarification (/work/shared/rules/cards.yaml). When a change to a construct's `english` changes it,
this test fails with the lines that differ; write the file again with

    python -m interpreter explain --all > tests/golden/explain.txt

and review every changed line against its card before committing (docs/cli.md)."""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest

from interpreter.cards.catalog import load_all_cards
from interpreter.cli import main

GOLDEN = Path(__file__).resolve().parent / "golden" / "explain.txt"


def explained(capsys: pytest.CaptureFixture[str]) -> str:
    assert main(["explain", "--all"]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    return out


def test_every_printed_card_reads_as_the_reviewed_english(capsys):
    got, want = explained(capsys), GOLDEN.read_text()
    changed = "".join(difflib.unified_diff(want.splitlines(True), got.splitlines(True), "golden", "explain", n=1))
    assert got == want, ("the English of printed cards changed; review each line, then write the file again with "
                         f"`python -m interpreter explain --all > tests/golden/explain.txt`:\n{changed}")


def test_the_golden_file_covers_every_power_of_every_printed_card():
    text = GOLDEN.read_text()
    for card in load_all_cards().cards:
        assert f"\n{card.name} (" in f"\n{text}", card.id
        for power in card.powers:
            assert f"\n  {power.text}\n    -> {power.node.english()}\n" in text, (card.id, power.text)


def test_explain_of_named_cards_is_their_part_of_the_whole(capsys):
    whole = explained(capsys)
    assert main(["explain", "cups", "bubblegum"]) == 0
    named = capsys.readouterr().out
    assert named.startswith("Cups (") and "\nBubblegum (" in named
    for block in named.strip().split("\nBubblegum")[0], "Bubblegum" + named.split("\nBubblegum")[1]:
        assert block.strip() in whole
