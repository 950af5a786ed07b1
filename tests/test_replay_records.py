"""Game records (issue 10, item 3): a record is checked against its schema before it is replayed, every
problem is one line on stderr with exit 1 and no traceback, a replay must take exactly the recorded
decisions, and mod paths in a record are read from the record's folder.

HOSTILE is the corpus of hostile records: each is a recorded game with one thing changed, and the exact
line `importexport replay` must answer with."""

from __future__ import annotations

import copy
import json
import os
import shutil
from pathlib import Path

import pytest

from interpreter import records as records_module
from interpreter.cards.catalog import project_root
from interpreter.cli import main
from interpreter.engine.decisions import KINDS
from interpreter.records import read_record, record_schema

EXAMPLE_MOD = project_root() / "docs" / "example-mod"


@pytest.fixture(scope="module")
def recorded(tmp_path_factory) -> dict:
    path = tmp_path_factory.mktemp("record") / "game.json"
    assert main(["play", "--players", "3", "--seed", "9", "--log", str(path)]) == 0
    return json.loads(path.read_text())


def _set(path: str, value: object):
    def change(record: dict) -> None:
        *head, last = path.split(".")
        target = record
        for part in head:
            target = target[int(part)] if part.isdigit() else target[part]
        target[int(last) if last.isdigit() else last] = value
    return change


def _drop(key: str):
    return lambda record: record.pop(key)


def _append_decision(record: dict) -> None:
    record["decisions"].append(dict(record["decisions"][-1]))


def _drop_last_decision(record: dict) -> None:
    record["decisions"].pop()


# name -> (change, the exact line on stderr; {path} is the record's path, {n} the number of decisions)
HOSTILE = {
    "index_as_text": (_set("decisions.0.index", "1"), "{path}: decisions[0].index: '1' is not of type 'integer'"),
    "index_as_float": (_set("decisions.0.index", 1.0), "{path}: decisions[0].index: 1.0 is not of type 'integer'"),
    "index_negative": (_set("decisions.0.index", -1), "{path}: decisions[0].index: -1 is less than the minimum of 0"),
    "players_as_text": (_set("players", "4"), "{path}: players: '4' is not of type 'integer'"),
    "players_as_bool": (_set("players", True), "{path}: players: True is not of type 'integer'"),
    "players_seven": (_set("players", 7), "{path}: players: 7 is greater than the maximum of 6"),
    "options_a_number": (_set("options", 5), "{path}: options: 5 is not of type 'array'"),
    "option_unknown": (_set("options", ["nope=1"]), "{path}: options: unknown option `nope`; options: end_threshold, first_leader, "
                       "import_ties, import_fee, drawers_use_imports, game_end, contract_discards, pirate_load, leftover_payout, tie_rounding, "
                       "the_most, trigger_order, cannabis, led_lamps, small_poodles, max_turns, check_invariants"),
    "result_a_list": (_set("result", []), "{path}: result: [] is not of type 'object'"),
    "result_missing": (_drop("result"), "{path}: the record: needs `result` (the game's outcome), `failed` for a game that failed, "
                                        "or `abandoned` for a game left before its end"),
    "winner_out_of_range": (_set("result.winners", [6]), "{path}: result.winners[0]: 6 is greater than the maximum of 5"),
    "winner_not_seated": (_set("result.winners", [4]), "{path}: result.winners: a seat from 0 to 2 (0 is P1)"),
    "totals_short": (_set("result.totals", [1]), "{path}: result.totals: 1 scores for 3 players"),
    "seed_negative": (_set("seed", -1), "{path}: seed: -1 is less than the minimum of 0"),
    "seed_huge": (_set("seed", 10**30), "{path}: seed: 1000000000000000000000000000000 is greater than the maximum of 9223372036854775807"),
    "kind_unknown": (_set("decisions.1.kind", "leed"), "{path}: decisions[1].kind: " + f"'leed' is not one of {list(KINDS)}"[:197] + "..."),
    "decision_player_unseated": (_set("decisions.0.player", 4), "{path}: decisions[0].player: seat 4 in a game of 3 players"),
    "decision_extra_key": (_set("decisions.0.why", "x"), "{path}: decisions[0]: Additional properties are not allowed ('why' was unexpected)"),
    "unknown_field": (_set("colour", "red"), "{path}: the record: Additional properties are not allowed ('colour' was unexpected)"),
    "format_two": (_set("format", 2), "{path} is a record of format 2; this version reads format 1"),
    "format_missing": (_drop("format"), "{path}: the record: 'format' is a required property"),
    "card_set_not_a_hash": (_set("card_set", "x"), "{path}: card_set: 'x' does not match '^[0-9a-f]{{16}}$'"),
    "expansions_unknown": (_set("expansions", "foo"), "{path}: the record's expansions: unknown expansion `foo`; choose from captain, jutaku, "
                           "kickstarter, all or none"),
    "mod_missing": (_set("mods", ["no-such-pack"]), "the record's mod pack `no-such-pack` is not at {folder}/no-such-pack (a record reads "
                    "its mod paths from its own folder; move the pack there or edit `mods`)"),
    "decision_appended": (_append_decision, "the game took another course than the record: it ended after decision {n}, "
                          "but the record holds {n_plus_1} decisions"),
    "decision_missing": (_drop_last_decision, "the game took another course than the record: the log ended but P{last_player} was asked {last_kind}"),
    "first_leader_not_seated": (_set("options", ["first_leader=5"]),
                                "{path}: the record's game cannot be set up: first_leader must be a seat from 0 to 2; got 5"),
    "abandoned_but_played_to_its_end": (lambda r: (r.pop("result"), r.update(abandoned={"turn": 3})),
                                        "the game took another course than the record: the record says the game was left in turn 3, "
                                        "but its decisions play it to its end"),
    "label_changed": (_set("decisions.0.label", "x"),
                      "the game took another course than the record: decision 1: option `x` is not offered at index {first_index}"),
}


@pytest.mark.parametrize("name", list(HOSTILE))
def test_a_hostile_record_gets_one_line(name, recorded, tmp_path, capsys):
    change, expected = HOSTILE[name]
    record = copy.deepcopy(recorded)
    change(record)
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(record))
    last = recorded["decisions"][-1]
    facts = {"path": path, "folder": tmp_path, "n": len(recorded["decisions"]), "n_plus_1": len(recorded["decisions"]) + 1,
             "last_player": last["player"] + 1, "last_kind": last["kind"], "first_index": recorded["decisions"][0]["index"]}
    code = main(["replay", str(path)])
    out, err = capsys.readouterr()
    assert code == 1
    assert err == f"importexport replay: {expected.format(**facts)}\n"
    assert out == ""


# Files that are not records at all: (bytes, the exact line after `importexport replay: `).
NOT_RECORDS = {
    "empty": (b"", "{path} is not a game record (invalid JSON at line 1, column 1: Expecting value)"),
    "not_json": (b"{not json", "{path} is not a game record (invalid JSON at line 1, column 2: Expecting property name enclosed in double quotes)"),
    "a_list": (b"[1, 2]", "{path} is not a game record (it must be a JSON object with format, seed, players, card_set, cards, decisions)"),
    "latin1": ('{"a": "caf\xe9"}'.encode("latin-1"), "{path} is not a game record (not UTF-8 text: byte 11)"),
    "deeply_nested": (b"[" * 100_000, "{path} is not a game record (its JSON is nested too deeply)"),
}


@pytest.mark.parametrize("name", list(NOT_RECORDS))
def test_a_file_that_is_not_a_record_gets_one_line(name, tmp_path, capsys):
    data, expected = NOT_RECORDS[name]
    path = tmp_path / f"{name}.json"
    path.write_bytes(data)
    assert main(["replay", str(path)]) == 1
    assert capsys.readouterr().err == f"importexport replay: {expected.format(path=path)}\n"


def test_special_paths_are_refused_without_reading_them(tmp_path, capsys):
    """A folder, a missing file and a named pipe (which would block a reader forever)."""
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    for path, expected in ((tmp_path, f"{tmp_path} is not a file but a folder"),
                           (tmp_path / "missing.json", f"cannot read {tmp_path / 'missing.json'}: No such file or directory"),
                           (fifo, f"{fifo} is not a file")):
        assert main(["replay", str(path)]) == 1
        assert capsys.readouterr().err == f"importexport replay: {expected}\n"


def test_a_record_too_large_is_refused(tmp_path, monkeypatch, recorded, capsys):
    monkeypatch.setattr(records_module, "MAX_RECORD_BYTES", 1000)
    path = tmp_path / "big.json"
    path.write_text(json.dumps(recorded))
    assert main(["replay", str(path)]) == 1
    assert "is larger than" in capsys.readouterr().err


def test_the_unchanged_record_replays(recorded, tmp_path, capsys):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(recorded))
    assert main(["replay", str(path)]) == 0
    assert "the same game, the same result" in capsys.readouterr().out


def test_a_record_with_another_result_says_what_differs(recorded, tmp_path, capsys):
    record = copy.deepcopy(recorded)
    record["result"]["turns"] += 1
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    assert main(["replay", str(path)]) == 1
    out = capsys.readouterr().out
    assert f"another result than the record: turns: recorded {record['result']['turns']}, replayed {recorded['result']['turns']}" in out


def test_mod_paths_are_read_from_the_records_folder(tmp_path, capsys, monkeypatch):
    """A record and its pack move together: the record stores the pack's path relative to its folder."""
    project = tmp_path / "project"
    shutil.copytree(EXAMPLE_MOD, project / "packs" / "harbor")
    monkeypatch.chdir(project)
    assert main(["play", "--players", "3", "--seed", "4", "--mod", "packs/harbor", "--log", "game.json"]) == 0
    assert json.loads((project / "game.json").read_text())["mods"] == ["packs/harbor"]
    moved = shutil.move(project, tmp_path / "elsewhere")
    monkeypatch.chdir(tmp_path)
    capsys.readouterr()
    assert main(["replay", str(Path(moved) / "game.json")]) == 0
    assert "the same game" in capsys.readouterr().out


def test_a_pack_outside_the_records_folder_is_stored_absolutely(tmp_path, capsys):
    log = tmp_path / "game.json"
    assert main(["play", "--players", "3", "--seed", "4", "--mod", str(EXAMPLE_MOD), "--log", str(log)]) == 0
    assert json.loads(log.read_text())["mods"] == [str(EXAMPLE_MOD.resolve())]


def test_the_published_schema_is_the_one_checked(recorded):
    """docs/record.schema.json is generated by `importexport docs` from record_schema()."""
    published = json.loads((project_root() / "docs" / "record.schema.json").read_text())
    assert published == record_schema()


def test_a_record_read_back_is_the_record_written(recorded, tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(recorded))
    assert read_record(path) == recorded


def test_replay_watch_narrates_the_replayed_game(recorded, tmp_path, capsys):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(recorded))
    assert main(["replay", str(path), "--watch"]) == 0
    out = capsys.readouterr().out
    assert "--- Turn 1: " in out and "the same game, the same result" in out
