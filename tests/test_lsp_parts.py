"""The language server's editor-independent parts: finding the power line under the cursor, the
kind of a buffer, completion and hover on text (tests/test_lsp.py drives the whole server)."""

from __future__ import annotations

import builtins
from pathlib import Path

import pytest

from interpreter.cli import main
from interpreter.lsp.completion import next_words, suggestions
from interpreter.lsp.documents import CARD, OTHER, PACK_FILE, PACK_MANIFEST, RULES, SCENARIO, diagnostics_for, document_kind
from interpreter.lsp.hover import hover_markdown
from interpreter.lsp.powerline import power_at

CARD_TEXT = """\
id: test_card
powers:
  - on completion: draw 5   # a comment
  - "when you contract an agriculture card: gain 2"
  - 'at game end: score 1 for each card in your hand'
  - on completion: gain 2
    then draw 1
examples:
  - name: not a power
"""


def test_power_lines_are_found_whatever_their_quoting():
    lines = CARD_TEXT.splitlines()
    plain, double, single = power_at(lines, 2), power_at(lines, 3), power_at(lines, 4)
    assert plain is not None and (plain.text, plain.start) == ("on completion: draw 5", 4)
    assert double is not None and (double.text, double.start) == ("when you contract an agriculture card: gain 2", 5)
    assert single is not None and single.text.startswith("at game end") and single.start == 5
    assert lines[3][double.character(6)] == "y"  # column 6 of the power is the `y` of `you`


def test_a_folded_power_is_read_whole_from_any_of_its_lines():
    lines = CARD_TEXT.splitlines()
    first, second = power_at(lines, 5), power_at(lines, 6)
    assert first == second and first is not None and first.full == "on completion: gain 2 then draw 1"


def test_items_of_other_lists_are_not_powers():
    lines = CARD_TEXT.splitlines()
    assert power_at(lines, 8) is None and power_at(lines, 0) is None


@pytest.mark.parametrize(("path", "text", "kind"), [
    ("anywhere/cups.yaml", "id: cups\n", CARD),
    ("my-mod/cards/new.yaml", "", CARD),
    ("my-mod/mod.yaml", "", PACK_MANIFEST),
    ("one-file-pack.yaml", "name: Tweaks\nversion: 1\ncards: []\n", PACK_FILE),
    ("scenarios/cups.yaml", "name: cups draws\nsteps: []\n", SCENARIO),
    ("cards/game.yaml", "", RULES),
    (".github/workflows/ci.yml", "name: CI\non: push\n", OTHER),
    ("cards/notes.md", "", OTHER),
])
def test_the_kind_of_a_buffer(path, text, kind):
    assert document_kind(Path(path), text) == kind


def test_a_yaml_file_that_is_not_ours_gets_no_diagnostics():
    assert diagnostics_for(Path("ci.yml"), "name: CI\non: push\n", lambda: pytest.fail("no cards needed")) == []


def test_next_words_come_from_the_parser():
    assert next_words("") == ["any", "as", "at", "on", "rule", "when"]
    after_each = next_words("on completion: gain 2 for each of your")
    assert after_each is not None and {"agriculture", "goods", "shipments"} <= set(after_each) and "draw" not in after_each
    assert next_words("on completion: frobnicate") is None  # a wrong prefix: nothing can be told


def test_a_wrong_prefix_still_offers_the_language_words():
    text = "id: x\npowers:\n  - on completion: frobnicate d\n"
    words = {s.label for s in suggestions(text, 2, len(text.splitlines()[2]), CARD) if s.kind == "word"}
    assert {"draw", "gain", "when"} <= words


def test_an_empty_power_line_offers_the_timings_and_their_examples():
    text = "id: x\npowers:\n  - \n"
    found = suggestions(text, 2, 4, CARD)
    assert {"on", "when", "rule"} <= {s.label for s in found if s.kind == "word"}
    assert "on completion: draw 5" in {s.label for s in found if s.kind == "example"}


def test_fields_and_their_values_are_offered_outside_power_lines():
    assert "powers" in {s.label for s in suggestions("id: x\n\n", 1, 0, CARD)}
    assert [s.label for s in suggestions("id: x\ngood: lu\n", 1, 8, CARD)] == [
        "technology", "agriculture", "illegal", "consumer", "luxury"]
    assert "depends" in {s.label for s in suggestions("name: x\n\n", 1, 0, PACK_MANIFEST)}


def test_hover_reads_a_quoted_power_and_describes_a_field():
    shown = hover_markdown(CARD_TEXT, 3, 10, CARD)
    assert shown is not None and "Whenever you contract an agriculture card" in shown
    field = hover_markdown(CARD_TEXT, 1, 2, CARD)
    assert field is not None and field.startswith("**powers**")


def test_lsp_command_without_the_extra_says_how_to_install_it(monkeypatch, capsys):
    real_import = builtins.__import__

    def no_pygls(name, *args, **kwargs):
        if name == "interpreter.lsp.server" or name.startswith("pygls"):
            raise ModuleNotFoundError("No module named 'pygls'", name="pygls")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_pygls)
    assert main(["lsp"]) == 2
    assert "pip install 'importexport-interpreter[lsp]'" in capsys.readouterr().err


def test_the_editor_setup_in_the_docs_starts_the_installed_server():
    """docs/editors.md: its JSON blocks are valid, and the command they start is the console script."""
    import json
    import re
    import tomllib

    from interpreter.cards.catalog import project_root
    root = project_root()
    scripts = tomllib.loads((root / "pyproject.toml").read_text())["project"]["scripts"]
    assert scripts["importexport-lsp"] == "interpreter.lsp.command:main"
    doc = (root / "docs" / "editors.md").read_text()
    blocks = re.findall(r"```json\n(.*?)```", doc, re.S)
    extension = json.loads(blocks[0])
    assert extension["contributes"]["configuration"]["properties"]["importexport.server"]["default"] == "importexport-lsp"
    for block in blocks[1:]:
        for schema in json.loads(block)["yaml.schemas"]:
            assert (root / "docs" / Path(schema).name).exists()
    assert doc.count('cmd = { "importexport-lsp" }') == 2


PACK_MANIFEST_TEXT = """\
name: Harbor Slang
version: 1.0.0
depends: [base]
shorthands:
  - says: "cash in {n:number}"
    means: "gain {n}"
    role: effect
"""

SLANG_CARD = """\
id: slang_card
name: Slang Card
set: harbor_slang
good: consumer
action: load
tier: 1
load: {consumer: 2}
text: Take 6 credits when it completes.
powers:
  - "on completion: cash in 6"
"""


def test_a_pack_cards_own_shorthands_are_read_by_diagnostics_hover_and_completion(tmp_path):
    """A card of a pack whose manifest names `cash in N` (docs/modding.md, section 7): the buffer is
    checked, read and completed with the pack's phrases, as the loader reads the file; elsewhere the
    phrase is an unknown word."""
    from interpreter.lsp.documents import shorthands_in
    (tmp_path / "slang" / "cards").mkdir(parents=True)
    (tmp_path / "slang" / "mod.yaml").write_text(PACK_MANIFEST_TEXT)
    card = tmp_path / "slang" / "cards" / "slang_card.yaml"
    card.write_text(SLANG_CARD)
    assert diagnostics_for(card, SLANG_CARD, lambda: pytest.fail("no cards needed")) == []
    words = shorthands_in(card, SLANG_CARD, CARD)
    assert words is not None and any(s.says == "cash in {n:number}" for s in words)
    shown = hover_markdown(SLANG_CARD, 9, 25, CARD, words)
    assert shown is not None and shown.startswith("**Power**") and "6 credits" in shown
    assert next_words("on completion: cash in 6", words) == next_words("on completion: gain 6")
    assert next_words("on completion: cash in 6") is None

    loose = tmp_path / "elsewhere" / "slang_card.yaml"
    loose.parent.mkdir()
    assert [d.code for d in diagnostics_for(loose, SLANG_CARD, lambda: pytest.fail("no cards needed"))] == ["P001"]
    assert shorthands_in(loose, SLANG_CARD, CARD) is None
    unread = hover_markdown(SLANG_CARD, 9, 25, CARD, None)
    assert unread is not None and "does not read" in unread


def test_a_position_past_the_end_offers_nothing_and_costs_nothing():
    """A completion at line 100,000,000 padded the buffer with empty lines up to it: gigabytes."""
    assert suggestions(CARD_TEXT, 100_000_000, 0, CARD) == []
    assert suggestions("id: x\n", 1, 0, CARD)  # the empty last line after the final line break is a line


@pytest.mark.parametrize("odd", ["\f", "\v", "\x1c", "\u2028", "\x85"])
def test_lines_are_counted_as_the_editor_counts_them(odd):
    """LSP lines break at CR LF, CR and LF only: a form feed or U+2028 in a comment moved hover and
    completion to the line above."""
    text = CARD_TEXT.replace("# a comment", f"# a{odd}comment")
    shown = hover_markdown(text, 3, 10, CARD)
    assert shown is not None and "Whenever you contract an agriculture card" in shown


def test_half_a_surrogate_pair_in_a_buffer_is_a_diagnostic_where_it_stands(tmp_path):
    """An editor can send text no file can hold (a lone surrogate): the checker failed on it (E000,
    "this is a bug"); it is E003 at its line and column."""
    from interpreter.cards.catalog import load_all_cards
    text = "id: sur\nname: S\ud800x\nset: base\n"
    found = diagnostics_for(tmp_path / "sur.yaml", text, load_all_cards)
    assert [(d.line, d.col, d.code) for d in found] == [(2, 8, "E003")]


def test_the_server_checks_a_huge_buffer_within_the_time_of_a_keystroke(tmp_path, monkeypatch):
    """As the desk's check as you type: a file of 20,000 power lines, each with an unknown word, kept
    the server from answering anything for 50 s. The check stops at the budget with a C081 there
    (here a clock the test drives: each power line costs 0.3 s of it)."""
    import interpreter.lsp.documents as documents
    from interpreter.cards.budget import CheckBudget

    ticks = iter(range(10_000))
    monkeypatch.setattr(documents, "CheckBudget", lambda seconds: CheckBudget(seconds, clock=lambda: 0.3 * next(ticks)))
    lines = "".join(f'  - "on completion: gain {n} zzz"\n' for n in range(2, 40, 2))
    text = "id: big\nname: Big\nset: base\ngood: consumer\naction: import\ntier: 1\nload: {consumer: 2}\ntext: t\npowers:\n" + lines
    found = documents.diagnostics_for(tmp_path / "big.yaml", text, lambda: None)  # type: ignore[arg-type,return-value]
    codes = [d.code for d in found]
    assert codes[-1] == "C081" and 1 <= codes.count("P001") < 19, codes


def test_nothing_is_offered_in_the_comment_after_a_power_or_past_its_closing_quote():
    """Every word of the language (321) was offered there."""
    text = 'id: x\npowers:\n  - on completion: draw 5   # a comm\n  - "on completion: gain 2"  \n  - on completion: \n'
    assert suggestions(text, 2, len("  - on completion: draw 5   # a comm"), CARD) == []
    assert suggestions(text, 3, len('  - "on completion: gain 2"  '), CARD) == []
    assert {"draw", "gain"} <= {s.label for s in suggestions(text, 4, len("  - on completion: "), CARD)}
