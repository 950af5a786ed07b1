"""Deep nesting never reaches a RecursionError (issue 22, item 2): every reader of YAML (a card file
for `validate`, `explain` and `mod check`, a pack manifest, a scenario file, the language server's
buffer, the desk's live check) refuses a document nested deeper than MAX_DEPTH with E004 at
file:line:col, whatever the shape of the nesting: flow lists, flow mappings, mappings used as keys
(`{{{...`, which skipped the depth limit), block lists and mixes of them. Game records (JSON) are
refused with one line too."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from interpreter.cards.catalog import load_all_cards
from interpreter.cards.loader import load_card_file, load_card_text
from interpreter.cards.yamlparse import MAX_DEPTH
from interpreter.cards.yamlsource import load_yaml_text
from interpreter.cli import main
from interpreter.lsp.documents import diagnostics_for
from interpreter.mods.pack import load_pack
from interpreter.records import ReplayError, read_record
from interpreter.scenarios.runner import scenarios_in_file
from interpreter.web.editing import check_text

TOO_DEEP = f"invalid YAML: nested too deeply (more than {MAX_DEPTH} levels)"
CARD_HEAD = "id: deep\n"

# One level of nesting each: how it opens and how it closes (a mapping used as a key closes with its value).
LEVELS = {"list": ("[", "]"), "mapping": ("{a: ", "}"), "key": ("{", ": 1}"), "list of key": ("[{", ": 1}]")}
DEPTHS = {"list": 1, "mapping": 1, "key": 1, "list of key": 2}


def nested(shape: list[str], closed: bool = True) -> str:
    opens = "".join(LEVELS[s][0] for s in shape)
    closes = "".join(LEVELS[s][1] for s in reversed(shape)) if closed else ""
    return opens + "x" + closes


def e004(diags: list, path: str) -> list[tuple[str, str]]:
    """(code, message) of the diagnostics at a position inside the text, for `path`."""
    return [(d.code, d.message) for d in diags if d.path == path and d.line >= 1 and d.col >= 1]


def test_a_name_of_a_thousand_braces_is_refused_by_validate_explain_and_mod_check(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The issue's 1 KB file: `name:` followed by 1,000 `{` crashed all three with RecursionError."""
    pack = tmp_path / "pack"
    (pack / "cards").mkdir(parents=True)
    (pack / "mod.yaml").write_text("name: deep\nversion: 0.1.0\ndepends: [base]\n")
    path = pack / "cards" / "deep.yaml"
    path.write_text(CARD_HEAD + "name: " + "{" * 1000 + "\n")
    assert len(path.read_bytes()) < 1100
    for argv in (["validate", str(path)], ["explain", str(path)], ["mod", "check", str(pack)]):
        status = main(argv)
        captured = capsys.readouterr()
        assert status != 0, argv
        assert "E004" in captured.out + captured.err and "nested too deeply" in captured.out + captured.err, argv
        assert "Traceback" not in captured.out + captured.err


@settings(max_examples=60, deadline=None, derandomize=True, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(shape=st.lists(st.sampled_from(sorted(LEVELS)), min_size=1, max_size=12),
       repeat=st.integers(1, 400), closed=st.booleans(), block=st.integers(0, 3))
def test_every_yaml_reader_refuses_deep_nesting_of_any_shape_with_E004(shape: list[str], repeat: int, closed: bool, block: int) -> None:
    """A pattern of levels repeated up to 400 times under up to 3 block-list levels: below the limit
    the nesting is no problem; past it every reader answers E004 at a position in the text."""
    levels = shape * repeat
    depth = block + sum(DEPTHS[s] for s in levels)
    text = CARD_HEAD + "name: " + nested(levels, closed) + "\n" if not block else (
        CARD_HEAD + "name:\n" + "".join("  " * i + "-\n" for i in range(block)) + "  " * block + nested(levels, closed) + "\n")
    readers = {
        "yaml": lambda: load_yaml_text(text, "deep.yaml")[2],
        "card": lambda: load_card_text(text, "deep.yaml")[1],
        "language server": lambda: diagnostics_for(Path("cards/deep.yaml"), text, load_all_cards),
        "desk": lambda: check_text(text, "deep.yaml").diagnostics,
    }
    for reader, read in readers.items():
        found = e004(read(), "deep.yaml" if reader != "language server" else "cards/deep.yaml")
        if depth >= MAX_DEPTH + 2:
            assert ("E004", TOO_DEEP) in found, (reader, found)
        elif depth <= MAX_DEPTH - 2:
            assert all(message != TOO_DEEP for _, message in found), (reader, found)


def test_a_deep_pack_manifest_and_a_deep_scenario_file_are_refused_with_E004(tmp_path: Path) -> None:
    deep = nested(["key"] * 500)
    pack = tmp_path / "pack"
    pack.mkdir()
    (pack / "mod.yaml").write_text(f"name: {deep}\nversion: 0.1.0\n")
    problems = [(d.code, d.message) for d in load_pack(pack).diagnostics]
    assert ("E004", TOO_DEEP) in problems
    scenario = tmp_path / "deep_scenario.yaml"
    scenario.write_text(f"name: deep\nsetup: {deep}\n")
    assert ("E004", TOO_DEEP) in [(d.code, d.message) for d in scenarios_in_file(scenario)[1]]
    card = tmp_path / "deep.yaml"
    card.write_text(CARD_HEAD + f"powers: {deep}\n")
    assert ("E004", TOO_DEEP) in [(d.code, d.message) for d in load_card_file(card)[1]]


def test_the_desk_live_check_reads_a_card_with_problems_with_the_bounded_reader(monkeypatch: pytest.MonkeyPatch) -> None:
    """With problems, the editor reads the power lines again to show their English; that second read
    used plain yaml.safe_load, unbounded: 3,000 levels raised RecursionError, an HTTP 500 (issue 22,
    item 6: on the desk's server it took minutes)."""
    text = CARD_HEAD + "name: Deep\npowers: " + "[" * 3000 + "]" * 3000 + "\n"
    composed: list[int] = []
    compose_node = yaml.composer.Composer.compose_node
    monkeypatch.setattr(yaml.composer.Composer, "compose_node", lambda self, *a: composed.append(1) or compose_node(self, *a))
    checked = check_text(text, "deep.yaml")
    assert len(composed) < 8 * MAX_DEPTH  # each reading stopped at the limit: no node past it was composed
    assert checked.card is None and checked.powers == []
    assert [(d.code, d.message) for d in checked.diagnostics] == [("E004", TOO_DEEP)]


@pytest.mark.parametrize("opener", ["[", '{"a": '])
def test_a_game_record_nested_too_deeply_is_refused_in_one_line(tmp_path: Path, opener: str) -> None:
    path = tmp_path / "game.json"
    path.write_text(opener * 200_000)
    with pytest.raises(ReplayError, match="nested too deeply") as info:
        read_record(path)
    assert "\n" not in str(info.value)
    path.write_text(json.dumps({"decisions": [[[[1]]]]}))
    with pytest.raises(ReplayError):  # not deep: refused by the schema instead
        read_record(path)
