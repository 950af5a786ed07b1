"""Every command given a bad value or path answers with one line and a non-zero exit (issue 10, items 4
and 13), before it does any work: no game is played, no folder is made where a file stands.

BAD_COMMAND_LINES is the corpus: each command line, run in a folder holding a file `afile` and an empty
folder `adir`, with the exact exit code and the exact line it must print on stderr (nothing on stdout)."""

from __future__ import annotations

import shlex

import pytest

from interpreter.cli import main

OPTIONS = ("end_threshold, first_leader, import_ties, import_fee, drawers_use_imports, game_end, contract_discards, pirate_load, "
           "leftover_payout, tie_rounding, the_most, trigger_order, cannabis, led_lamps, small_poodles, max_turns, check_invariants")
EXPANSIONS = "choose from captain, jutaku, kickstarter, all or none"

BAD_COMMAND_LINES: list[tuple[str, int, str]] = [
    # a saved object's name is a file name in --out, never a path out of it
    ("export tts --out OUT --name ../../evil --cards cups", 2,
     "importexport export tts: argument --name: must be a plain file name (no `/`, `\\`, leading `.` or control characters); "
     "got `../../evil` (see `importexport export tts --help`)"),
    ("export tts --out OUT --name a/b --cards cups", 2,
     "importexport export tts: argument --name: must be a plain file name (no `/`, `\\`, leading `.` or control characters); "
     "got `a/b` (see `importexport export tts --help`)"),
    ("export tts --out OUT --name .hidden --cards cups", 2,
     "importexport export tts: argument --name: must be a plain file name (no `/`, `\\`, leading `.` or control characters); "
     "got `.hidden` (see `importexport export tts --help`)"),
    # values that said nothing and played a default
    ("play --expansions ''", 2, "importexport play: argument --expansions: give none, all, or set names separated by commas "
                                "(jutaku,captain); got `` (see `importexport play --help`)"),
    ("balance --out x --expansions ,,", 2, "importexport balance: argument --expansions: give none, all, or set names separated by "
                                           "commas (jutaku,captain); got `,,` (see `importexport balance --help`)"),
    # numbers
    ("simulate --players 7", 2, "importexport simulate: --players must be from 2 to 6; got 7"),
    ("balance --out x --players 2-9", 2, "importexport balance: --players must be from 2 to 6; got 7, one of the counts --players gives "
                                        "(2, 3, 4, 5, 6, 7, 8, 9)"),
    ("simulate --players 0", 2, "importexport simulate: argument --players: must be at least 1; got 0 (see `importexport simulate --help`)"),
    ("simulate --players x", 2, "importexport simulate: argument --players: `x` is not a whole number (see `importexport simulate --help`)"),
    ("simulate --games 0", 2, "importexport simulate: argument --games: must be at least 1; got 0 (see `importexport simulate --help`)"),
    ("simulate --games 1e3", 2, "importexport simulate: argument --games: `1e3` is not a whole number (see `importexport simulate --help`)"),
    ("simulate --games 99999999999999999999", 2,
     "importexport simulate: argument --games: must be at most 10,000,000; got 99999999999999999999 (see `importexport simulate --help`)"),
    ("simulate --seed -1", 2, "importexport simulate: argument --seed: must be at least 0; got -1 (see `importexport simulate --help`)"),
    ("play --seed 1000000000001", 2,
     "importexport play: argument --seed: must be at most 1,000,000,000,000; got 1000000000001 (see `importexport play --help`)"),
    ("play --human 9", 2, "importexport play: --human must be a seat from 1 to 4; got 9"),
    ("bench --players 9", 2, "importexport bench: --players must be from 2 to 6; got 9"),
    ("balance --workers 0 --out x", 2, "importexport balance: argument --workers: must be at least 1; got 0 (see `importexport balance --help`)"),
    ("balance --workers 5000 --out x", 2,
     "importexport balance: argument --workers: must be at most 1,024; got 5000 (see `importexport balance --help`)"),
    # names and options
    ("simulate --expansions foo", 2, f"importexport simulate: --expansions: unknown expansion `foo`; {EXPANSIONS}"),
    ("simulate --bots x,y", 2, "importexport simulate: --bots needs one name for every seat, or 4 names, one per seat, among random, "
                               "heuristic, search or search:BUDGET (search:50ro rollouts, search:20ms CPU per decision); got `x,y`"),
    ("simulate --bots search:", 2, "importexport simulate: --bots: bot `search:` gives no budget after `:` (the bots are random, "
                                   "heuristic, search or search:BUDGET (search:50ro rollouts, search:20ms CPU per decision))"),
    ("simulate --bots search:fast", 2, "importexport simulate: --bots: bot `search:fast`: a search budget is a number of rollouts "
                                       "(`50ro`) or a CPU time per decision (`20ms`, `1.5s`); got `fast` (the bots are random, heuristic, "
                                       "search or search:BUDGET (search:50ro rollouts, search:20ms CPU per decision))"),
    ("ladder --bots random,clever", 2, "importexport ladder: --bots: unknown bot `clever`: the bots are random, heuristic, search or "
                                       "search:BUDGET (search:50ro rollouts, search:20ms CPU per decision)"),
    ("simulate --option x", 2, f"importexport simulate: --option: option `x` must be written name=value; options: {OPTIONS}"),
    ("simulate --option nope=1", 2, f"importexport simulate: --option: unknown option `nope`; options: {OPTIONS}"),
    ("simulate --option import_ties=maybe", 2, "importexport simulate: --option: option import_ties must be one of leader-clockwise, random; got `maybe`"),
    ("simulate --option end_threshold=0", 2, "importexport simulate: --option: option end_threshold must be at least 1; got 0"),
    ("simulate --option end_threshold=99999999999999999999", 2, "importexport simulate: --option: option end_threshold must be at most 1,000 "
     "(the base game ends at 50 credits (R16.1.1), the extended game at 80 (R18)); got 99999999999999999999"),
    ("simulate --option max_turns=100001", 2, "importexport simulate: --option: option max_turns must be at most 100,000 "
     "(a safeguard; bot games take some 50 to 200 turns); got 100001"),
    ("simulate --option max_turns=ten", 2, "importexport simulate: --option: option max_turns must be a whole number; got `ten`"),
    ("play --option first_leader=9", 2, "importexport play: --option: option first_leader must be at most 5 (a seat, counted from 0); got 9"),
    ("play --option first_leader=5 --players 3", 2, "importexport play: first_leader must be a seat from 0 to 2; got 5"),
    ("balance --out x --resume --force", 2, "importexport balance: --resume continues the run in --out and --force replaces it; give one"),
    ("balance --out x --compare nope base", 2, f"importexport balance: unknown expansion `nope`; {EXPANSIONS}"),
    ("explain nope", 2, "importexport explain: unknown card `nope` (did you mean `rope`?); a mod pack's card is found with --mod PATH"),
    ("mod check adir --expansions zz", 2, f"importexport mod: --expansions: unknown expansion `zz`; {EXPANSIONS}"),
    # paths that are missing, or a file where a folder must be, or a folder where a file must be
    ("simulate --mod nope", 2, "importexport simulate: --mod: no such file or folder: nope"),
    ("balance --out x --mod nope", 2, "importexport balance: --mod: no such file or folder: nope"),
    ("mod check nope", 2, "importexport mod check: no such file or folder: nope"),
    ("scenario run nope", 2, "importexport scenario run: no such file or folder: nope"),
    ("validate adir", 2, "importexport validate: no card files or mod packs found in adir (card files end in .yaml)"),
    ("replay missing.json", 1, "importexport replay: cannot read missing.json: No such file or directory"),
    ("replay adir", 1, "importexport replay: adir is not a file but a folder"),
    ("replay afile", 1, "importexport replay: afile is not a game record (invalid JSON at line 1, column 1: Expecting value)"),
    ("play --log adir", 2, "importexport play: --log: adir is a folder; give a file name, such as adir/game.json"),
    ("play --log missing/game.json", 2, "importexport play: --log: the folder missing does not exist; create it first, or give another path"),
    ("play --log afile/game.json", 2, "importexport play: --log: afile is a file, so afile/game.json cannot be written"),
    ("simulate --failures afile", 2, "importexport simulate: --failures: afile is a file, not a folder"),
    ("simulate --failures afile/sub", 2, "importexport simulate: --failures: afile is a file, so the folder afile/sub cannot be made"),
    ("bench --failures afile", 2, "importexport bench: --failures: afile is a file, not a folder"),
    ("balance --out afile --games 2", 2, "importexport balance: --out: afile is a file, not a folder"),
    ("balance --out afile/run --games 2", 2, "importexport balance: --out: afile is a file, so the folder afile/run cannot be made"),
    ("docs --out afile", 2, "importexport docs: --out: afile is a file, not a folder"),
    ("ladder --bots random,heuristic --games 1 --out afile", 2, "importexport ladder: --out: afile is a file, not a folder"),
    ("ladder --bots random,heuristic --games 1 --out afile/x", 2,
     "importexport ladder: --out: afile is a file, so the folder afile/x cannot be made"),
    ("docs --out afile/x", 2, "importexport docs: --out: afile is a file, so the folder afile/x cannot be made"),
    # the command line itself
    ("balance --games 2", 2, "importexport balance: the following arguments are required: --out (see `importexport balance --help`)"),
    ("replay", 2, "importexport replay: the following arguments are required: record (see `importexport replay --help`)"),
    ("options --x", 2, "importexport: unrecognized arguments: --x (see `importexport --help`)"),
    ("mod", 2, "importexport mod: choose an action: check"),
    ("scenario", 2, "importexport scenario: choose an action: run"),
]


@pytest.fixture
def workdir(tmp_path, monkeypatch):
    (tmp_path / "afile").write_text("not a folder\n")
    (tmp_path / "adir").mkdir()
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.mark.parametrize(("line", "code", "message"), BAD_COMMAND_LINES, ids=[c[0] for c in BAD_COMMAND_LINES])
def test_a_bad_command_line_gets_one_line(line, code, message, workdir, capsys):
    before = sorted(p.name for p in workdir.iterdir())
    assert main(shlex.split(line)) == code
    out, err = capsys.readouterr()
    assert err == message + "\n"
    assert out == ""
    assert sorted(p.name for p in workdir.iterdir()) == before, "nothing is written before the command line is found bad"


def test_the_corpus_is_large_enough():
    assert len(BAD_COMMAND_LINES) >= 45
