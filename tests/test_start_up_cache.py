"""The start-up cache (interpreter/cache.py): loaded card files and the grammar's parser tables are
kept between runs, and never served stale (issue 12, start-up)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from interpreter import cache
from interpreter.cards import yamlparse
from interpreter.cards.loader import load_card_file

CARD = """\
id: bolts
name: Bolts
set: base
good: consumer
action: import
tier: 2
load: {consumer: 3}
text: Bolts.
powers:
  - "on completion: draw 2"
"""


@pytest.fixture()
def store(tmp_path, monkeypatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv(cache.ENV, str(folder))
    monkeypatch.setattr(cache, "_kept_here", {})  # nothing this process read before
    return folder


def compositions(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The texts the YAML layer parses from now on."""
    seen: list[str] = []
    original = yamlparse.compose
    monkeypatch.setattr("interpreter.cards.yamlsource.compose", lambda text: seen.append(text) or original(text))
    return seen


def test_a_card_file_loaded_again_comes_from_the_cache_and_its_powers_run(store, tmp_path, monkeypatch):
    path = tmp_path / "bolts.yaml"
    path.write_text(CARD)
    first, diags = load_card_file(path)
    parsed = compositions(monkeypatch)
    again, diags_again = load_card_file(path)
    assert parsed == []  # not parsed again
    assert first is not None and again is not None and diags == diags_again == []
    assert again == first and again.path == str(path)
    assert [p.node for p in again.powers] == [p.node for p in first.powers]
    assert callable(again.powers[0].run) and again.powers[0].timing == "on_completion"
    assert len(list((store / "cards").iterdir())) == 1


def test_an_edited_card_file_is_never_served_from_the_cache(store, tmp_path, monkeypatch):
    """The key is the content: an edit of the same size, with the modification time put back, is seen."""
    path = tmp_path / "bolts.yaml"
    path.write_text(CARD)
    load_card_file(path)
    stamp = path.stat()
    path.write_text(CARD.replace("draw 2", "draw 3"))
    os.utime(path, ns=(stamp.st_atime_ns, stamp.st_mtime_ns))
    card, _ = load_card_file(path)
    assert card is not None and card.powers[0].text == "on completion: draw 3"


def test_a_problem_is_cached_with_its_position_and_the_fix_is_seen(store, tmp_path):
    path = tmp_path / "bolts.yaml"
    path.write_text(CARD.replace("draw 2", "drow 2"))
    for _ in range(2):
        card, diags = load_card_file(path)
        assert card is None and [(d.line, d.col, d.code) for d in diags] == [(10, 21, "P001")]
    path.write_text(CARD)
    assert load_card_file(path)[0] is not None


def test_a_damaged_entry_is_built_again(store, tmp_path, monkeypatch):
    path = tmp_path / "bolts.yaml"
    path.write_text(CARD)
    first, _ = load_card_file(path)
    for entry in (store / "cards").iterdir():
        entry.write_bytes(b"not a pickle")
    monkeypatch.setattr(cache, "_kept_here", {})  # as a new process would: read the damaged entry
    again, diags = load_card_file(path)
    assert again == first and again is not first and diags == []


def test_a_card_file_loaded_again_by_one_process_is_not_unpickled_again(store, tmp_path, monkeypatch):
    """A long-running process (the desk, the language server) loads the same files again and again:
    the second load hands back the card the first one made (it is frozen), and a list of problems of
    the caller's own."""
    good, bad = tmp_path / "bolts.yaml", tmp_path / "nuts.yaml"
    good.write_text(CARD)
    bad.write_text(CARD.replace("draw 2", "drow 2"))
    first, _ = load_card_file(good)
    _, problems = load_card_file(bad)
    unpickled: list[bytes] = []
    real_loads = cache.pickle.loads
    monkeypatch.setattr(cache.pickle, "loads", lambda blob: unpickled.append(blob) or real_loads(blob))
    parsed = compositions(monkeypatch)
    again, _ = load_card_file(good)
    missing, problems_again = load_card_file(bad)
    assert unpickled == [] and parsed == []
    assert first is not None and again is first and missing is None
    assert problems_again == problems != [] and problems_again is not problems
    good.write_text(CARD.replace("draw 2", "draw 3"))  # an edit is still seen at once: the key is the content
    edited, _ = load_card_file(good)
    assert edited is not None and edited.powers[0].text == "on completion: draw 3"


def test_what_one_process_keeps_follows_the_cache_folder(store, tmp_path, monkeypatch):
    """Another cache folder, or the cache turned off, reads afresh: nothing kept from before is served."""
    path = tmp_path / "bolts.yaml"
    path.write_text(CARD)
    first, _ = load_card_file(path)
    monkeypatch.setenv(cache.ENV, str(tmp_path / "other"))
    elsewhere, _ = load_card_file(path)
    assert elsewhere == first and elsewhere is not first
    assert len(list((tmp_path / "other" / "cards").iterdir())) == 1
    monkeypatch.setenv(cache.ENV, "off")
    assert load_card_file(path)[0] is not first and load_card_file(path)[0] is not load_card_file(path)[0]


def test_caching_can_be_turned_off(tmp_path, monkeypatch):
    monkeypatch.setenv(cache.ENV, "off")
    assert cache.cache_dir() is None
    path = tmp_path / "bolts.yaml"
    path.write_text(CARD)
    load_card_file(path)
    parsed = compositions(monkeypatch)
    load_card_file(path)
    assert len(parsed) == 1


@pytest.mark.skipif(not hasattr(os, "getuid"), reason="POSIX permissions")
def test_a_cache_folder_others_can_write_to_is_not_used(tmp_path, monkeypatch):
    """Entries are pickles: a folder another user could plant one in is ignored."""
    folder = tmp_path / "shared"
    folder.mkdir()
    folder.chmod(0o777)
    monkeypatch.setenv(cache.ENV, str(folder))
    assert cache.cache_dir() is None
    path = tmp_path / "bolts.yaml"
    path.write_text(CARD)
    assert load_card_file(path)[0] is not None
    assert list(folder.iterdir()) == []


def test_a_new_cache_folder_is_private(store):
    assert cache.cache_dir() == store
    assert store.stat().st_mode & 0o077 == 0


def test_the_parser_tables_are_cached_and_a_changed_grammar_gets_its_own(store):
    options = {"parser": "lalr"}
    first = cache.lark_parser('start: "a" "b"', **options)
    assert first.parse("ab") is not None
    assert len(list((store / "lark").iterdir())) == 1
    again = cache.lark_parser('start: "a" "b"', **options)  # read from the cache
    assert again.parse("ab") == first.parse("ab")
    changed = cache.lark_parser('start: "a" "c"', **options)
    assert changed.parse("ac") is not None
    assert len(list((store / "lark").iterdir())) == 2


def test_a_damaged_parser_table_entry_is_built_again(store):
    cache.lark_parser('start: "a"', parser="lalr")
    for entry in (store / "lark").iterdir():
        entry.write_bytes(b"\x80\x05garbage")
    assert cache.lark_parser('start: "a"', parser="lalr").parse("a") is not None


def test_the_cached_power_parser_parses_like_a_fresh_one(tmp_path, monkeypatch, fresh_power_parser):
    """The power grammar's tables read from the cache give the same trees as a fresh build. The session's
    cache is used (conftest.py): the loads of the cards have stored these tables there already (they
    are stored first if not), and the fresh build is the session's, shared with the grammar's strict
    check (each build is seconds of CPU)."""
    from interpreter.lang.grammar import grammar_text
    from interpreter.lang.parser import PARSER_OPTIONS as options
    text = grammar_text()
    if cache.cache_dir() is None:  # the session runs without the cache: a folder of the test's own
        monkeypatch.setenv(cache.ENV, str(tmp_path / "cache"))
    cache.lark_parser(text, **options)
    folder = cache.cache_dir()
    assert folder is not None and any((folder / "lark").iterdir())  # stored: the next one is read
    cached = cache.lark_parser(text, **options)
    fresh = fresh_power_parser
    for line in ("on completion: draw 5", "when you contract an agriculture card: gain 2", "rule: your green containers are wild"):
        assert cached.parse(line) == fresh.parse(line)
    assert [t.name for t in cached.terminals] == [t.name for t in fresh.terminals]


def test_the_examples_of_a_card_file_come_from_the_cache_and_an_edit_is_seen(store, tmp_path, monkeypatch):
    """`validate` checks the examples of every card: their file is not parsed again while unchanged."""
    from interpreter.scenarios.runner import scenarios_in_file
    path = tmp_path / "bolts.yaml"
    path.write_text(CARD + "examples:\n  - name: first\n    players: 2\n")
    first, diags = scenarios_in_file(path)
    parsed = compositions(monkeypatch)
    again, diags_again = scenarios_in_file(path)
    assert parsed == [] and diags == diags_again == []
    assert [(s.name, s.data, s.key, s.card_id) for s in again] == [(s.name, s.data, s.key, s.card_id) for s in first]
    assert again[0].where("players") == f"{path}:13:14"  # positions survive the cache
    path.write_text(CARD + "examples:\n  - name: second\n    players: 2\n")
    edited, _ = scenarios_in_file(path)
    assert [s.name for s in edited] == ["second"] and len(parsed) == 1


def test_checked_example_setups_come_from_the_cache_but_follow_the_card_set(store, tmp_path, monkeypatch, capsys):
    """`validate` keeps each file's checked example setups, keyed by the file and the whole card set:
    unchanged, nothing is built again; when another card the example uses leaves the set, the
    example is checked again and fails."""
    from interpreter.cli import main
    from interpreter.scenarios import runner
    folder = tmp_path / "pack"
    folder.mkdir()
    (folder / "bolts.yaml").write_text(CARD.replace("set: base", "set: tools") + (
        "examples:\n  - name: bolts in a hand with nuts\n    players: 2\n    setup:\n      players:\n"
        "        - hand: [bolts, nuts]\n"))
    nuts = folder / "nuts.yaml"
    nuts.write_text(CARD.replace("bolts", "nuts").replace("Bolts", "Nuts").replace("set: base", "set: tools"))
    assert main(["validate", str(folder)]) == 0
    built: list[str] = []
    original = runner.check_scenario_setup
    monkeypatch.setattr(runner, "check_scenario_setup", lambda sc, *a: built.append(sc.name) or original(sc, *a))
    capsys.readouterr()
    assert main(["validate", str(folder)]) == 0 and built == []  # served from the cache
    nuts.unlink()
    assert main(["validate", str(folder)]) == 1 and built == ["bolts in a hand with nuts"]
    assert "nuts" in capsys.readouterr().out
