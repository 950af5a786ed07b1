"""The `importexport` command line, run in-process: output, determinism and one-line errors."""

from __future__ import annotations

import io
import json
import multiprocessing
import re
from pathlib import Path

import pytest

from interpreter import cli

DIAGNOSTIC = re.compile(r"^(?P<path>.+):(?P<line>\d+):(?P<col>\d+): (?P<code>[A-Z]\d{3}) (?P<message>.+)$")


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# --- simulate -------------------------------------------------------------------------------------

def test_simulate_same_seed_gives_identical_output(capsys):
    first = run(capsys, "simulate", "--players", "4", "--games", "5", "--seed", "1")
    second = run(capsys, "simulate", "--players", "4", "--games", "5", "--seed", "1")
    assert first[0] == 0 and second[0] == 0
    assert first[1] == second[1]
    out = first[1]
    assert "Games: 5" in out
    wins = re.search(r"^Wins by seat: (.*)$", out, flags=re.M)
    assert wins is not None
    assert re.findall(r"P(\d) ", wins.group(1)) == ["1", "2", "3", "4"]
    shares = [float(x) for x in re.findall(r"P\d ([\d.]+) \(", wins.group(1))]
    assert sum(shares) == pytest.approx(5)  # every game has a winner (shared wins split)
    ended = re.search(r"^Ended by: (.*)$", out, flags=re.M)
    assert ended is not None
    counts = re.findall(r"(credits|deck|turn-limit|instant) (\d+) \(", ended.group(1))
    assert counts and sum(int(n) for _, n in counts) == 5


def test_simulate_different_seed_gives_different_games(capsys):
    a = run(capsys, "simulate", "--players", "4", "--games", "5", "--seed", "1")[1]
    b = run(capsys, "simulate", "--players", "4", "--games", "5", "--seed", "2")[1]
    assert a.splitlines()[2:] != b.splitlines()[2:]


@pytest.mark.parametrize("players", [2, 3, 5, 6])
def test_simulate_supports_2_to_6_players_R2_1(capsys, players):
    code, out, err = run(capsys, "simulate", "--players", str(players), "--games", "2", "--seed", "1")
    assert code == 0
    assert out.startswith(f"{players} players, seed 1")
    assert "Games: 2" in out
    seats = re.search(r"^Wins by seat: (.*)$", out, flags=re.M)
    assert seats is not None
    assert len(re.findall(r"P\d ", seats.group(1))) == players
    assert "Traceback" not in err


@pytest.mark.parametrize("expansions", ["all", "jutaku,captain"])
def test_simulate_with_expansions(capsys, expansions):
    code, out, _ = run(capsys, "simulate", "--players", "3", "--games", "2", "--seed", "1", "--expansions", expansions)
    assert code == 0
    deck = re.search(r"deck (\d+) cards \((.*)\)", out.splitlines()[0])
    assert deck is not None
    sets = dict(part.split() for part in deck.group(2).split("; ")[0].split(", "))
    assert sets["base"] == "100"
    assert int(deck.group(1)) == sum(int(n) for n in sets.values()) > 100
    if expansions != "all":
        assert set(sets) == {"base", "jutaku", "captain"}
    assert "Games: 2" in out


def test_simulate_json(capsys):
    code, out, _ = run(capsys, "simulate", "--players", "3", "--games", "2", "--seed", "4", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["interrupted"] is False
    assert len(data["games"]) == 2
    for game in data["games"]:
        assert game["players"] == 3
        assert len(game["totals"]) == 3
        assert game["end_reason"] in ("credits", "deck", "turn-limit")
        assert set(game["winners"]) <= {0, 1, 2} and game["winners"]
        best = max(game["totals"])
        assert game["winners"] == [s for s, t in enumerate(game["totals"]) if t == best]


# --- bench ----------------------------------------------------------------------------------------

def test_bench_json_prints_one_object_with_figures(capsys, monkeypatch):
    """Every figure, start-up included; the start-up processes are timed by a stand-in here (a cold one
    builds the parser tables and every card, seconds of CPU): the next two tests check what they run."""
    from interpreter.sim import bench
    monkeypatch.setattr(bench, "_wall", lambda args, env: 0.5 if env.get("IMPORTEXPORT_CACHE") else 0.25)
    code, out, _ = run(capsys, "bench", "--players", "4", "--games", "3", "--seed", "1", "--json", "--heuristic-games", "2", "--startup-runs", "1",
                       "--search-games", "0")
    assert code == 0
    lines = out.strip().splitlines()
    assert len(lines) == 1
    data = json.loads(lines[0])
    assert isinstance(data, dict)
    for key in ("games_per_s", "decisions_per_game", "us_per_decision", "peak_rss_mib", "heuristic_games_per_s", "clone_us",
                "startup_s", "startup_cold_s"):
        assert key in data
        assert isinstance(data[key], (int, float)) and data[key] > 0
    assert data["games"] == 3


def test_bench_start_up_is_the_slower_command_at_its_best_and_a_cold_validate(monkeypatch):
    """`startup_s`: the slower of the timed commands, each at its best of the runs with the cache as it
    is; `startup_cold_s`: `validate` with an empty cache folder of its own."""
    from interpreter.sim import bench
    runs: list[tuple[tuple[str, ...], str | None]] = []
    times = iter([0.9, 0.7, 0.4, 0.5, 3.0])  # validate twice, explain twice, then validate cold

    def wall(args: tuple[str, ...], env: dict[str, str]) -> float:
        cache = env.get("IMPORTEXPORT_CACHE")
        if args == ("validate",) and cache and len(runs) == 4:
            assert Path(cache).is_dir() and not any(Path(cache).iterdir()), "the cold run starts from an empty cache"
        runs.append((args, cache))
        return next(times)

    monkeypatch.setattr(bench, "_wall", wall)
    figures = bench.startup(2)
    assert [args for args, _ in runs] == [("validate",), ("validate",), ("explain", "cups"), ("explain", "cups"), ("validate",)]
    assert runs[4][1] not in (None, runs[0][1])
    assert figures == {"startup_s": 0.7, "startup_validate_s": 0.7, "startup_explain_s": 0.4, "startup_cold_s": 3.0}


def test_bench_times_a_fresh_process_of_the_tool():
    import os
    import subprocess

    from interpreter.sim.bench import _wall
    assert _wall(("--version",), dict(os.environ)) > 0
    with pytest.raises(subprocess.CalledProcessError):  # a command that fails is not timed as if it had run
        _wall(("no-such-command",), dict(os.environ))


def test_bench_times_the_search_bot_in_cpu_time(capsys):
    """Issue 25, item 2: clone, rollout and searched-decision costs, in CPU time."""
    code, out, _ = run(capsys, "bench", "--games", "1", "--json", "--heuristic-games", "0", "--startup-runs", "0",
                       "--search-games", "1", "--search-bot", "search:3ro", "--option", "max_turns=6")
    assert code == 0
    data = json.loads(out)
    assert data["search_bot"] == "search:3ro" and data["search_games"] == 1
    assert data["search_rollouts_per_decision"] == 3
    for key in ("clone_us", "rollout_us", "search_ms_per_decision", "search_cpu_s_per_game", "heuristic_us_per_decision"):
        assert data[key] > 0, key
    assert data["search_ms_per_decision"] == pytest.approx(3 * data["rollout_us"] / 1000, rel=0.01)


def test_bench_times_the_environment_step_and_its_observation(capsys):
    pytest.importorskip("pettingzoo")
    code, out, _ = run(capsys, "bench", "--games", "1", "--json", "--heuristic-games", "0", "--startup-runs", "0",
                       "--search-games", "0", "--env-games", "1", "--players", "2", "--option", "max_turns=4")
    assert code == 0
    data = json.loads(out)
    assert data["env_steps"] > 0 and data["env_step_us"] > 0 and data["observe_us"] >= 0


@pytest.mark.parametrize("bot", ["heuristic", "search:fast"])
def test_bench_refuses_a_search_bot_that_is_not_one(capsys, bot):
    code, _, err = run(capsys, "bench", "--search-bot", bot)
    assert code == 2 and "--search-bot" in err


def test_bench_times_heuristic_games_on_several_processes_as_balance_does(capsys):
    code, out, _ = run(capsys, "bench", "--games", "1", "--json", "--heuristic-games", "4", "--heuristic-workers", "2",
                       "--startup-runs", "0", "--search-games", "0")
    assert code == 0
    data = json.loads(out)
    assert data["heuristic_games"] == 4 and data["heuristic_games_per_s"] > 0
    assert data["heuristic_workers"] == (2 if "fork" in multiprocessing.get_all_start_methods() else 1)


# --- play -----------------------------------------------------------------------------------------

def test_play_prints_final_score_table_and_winner(capsys):
    code, out, _ = run(capsys, "play", "--seed", "3")
    assert code == 0
    assert "Final scores" in out
    rows = re.findall(r"^  (P\d \(\w+\))\s+(-?\d+)\s+", out, flags=re.M)
    assert [name[:2] for name, _ in rows] == ["P1", "P2", "P3", "P4"]
    totals = {name: int(t) for name, t in rows}
    winner_line = re.search(r"^Winner: (.*)$", out, flags=re.M)
    assert winner_line is not None
    winners = winner_line.group(1).split(", ")
    best = max(totals.values())
    assert sorted(winners) == sorted(n for n, t in totals.items() if t == best)  # R17.10
    assert "--- Turn" not in out  # no narration without --watch


def test_play_same_seed_is_reproducible(capsys):
    a = run(capsys, "play", "--seed", "3")[1]
    b = run(capsys, "play", "--seed", "3")[1]
    assert a == b


def test_play_watch_narrates_turns(capsys):
    code, out, _ = run(capsys, "play", "--seed", "3", "--watch")
    assert code == 0
    turns = re.findall(r"^--- Turn (\d+): ", out, flags=re.M)
    assert turns[:3] == ["1", "2", "3"]
    over = re.search(r"^Game over after (\d+) turns", out, flags=re.M)
    assert over is not None
    assert int(turns[-1]) == int(over.group(1))
    assert "Winner:" in out


def test_play_log_writes_decisions(capsys, tmp_path):
    log = tmp_path / "game.json"
    code, out, _ = run(capsys, "play", "--players", "3", "--seed", "5", "--log", str(log))
    assert code == 0
    record = json.loads(log.read_text())
    assert record["seed"] == 5 and record["players"] == 3
    assert record["decisions"] and {"kind", "player", "index", "label"} <= set(record["decisions"][0])


# --- bad input: exit 2, one line on stderr, no traceback -----------------------------------------

@pytest.mark.parametrize(("argv", "fragment"), [
    (["simulate", "--players", "7"], "2 to 6"),
    (["play", "--players", "1"], "2 to 6"),
    (["simulate", "--games", "-1"], "at least 1"),
    (["simulate", "--games", "x"], "`x`"),
    (["bench", "--games", "0"], "at least 1"),
    (["simulate", "--option", "nope=1"], "unknown option `nope`"),
    (["simulate", "--option", "import_ties=maybe"], "leader-clockwise"),
    (["simulate", "--option", "game_end"], "name=value"),
    (["simulate", "--option", "import_tie=random"], "did you mean `import_ties`"),
    (["simulate", "--expansions", "foo"], "foo"),
    (["play", "--human", "5"], "seat"),
    (["frobnicate"], "frobnicate"),
    (["simulate", "--no-such-flag"], "--no-such-flag"),
])
def test_bad_input_exits_2_with_one_line(capsys, argv, fragment):
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert "Traceback" not in err and "Traceback" not in out
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert fragment in lines[0]
    assert out == ""


# --- validate -------------------------------------------------------------------------------------

def test_validate_shipped_cards_is_clean(capsys):
    code, out, _ = run(capsys, "validate")
    assert code == 0
    assert re.search(r"^\d+ cards, no problems\.$", out, flags=re.M)


def test_validate_bad_card_reports_path_line_col_code(capsys, tmp_path):
    bad = tmp_path / "bad_card.yaml"
    bad.write_text(
        "id: bad_card\n"
        "name: Bad Card\n"
        "set: base\n"
        "good: technology\n"
        "action: load\n"
        "teir: 1\n"
        "load: {technology: 2}\n"
        "text: A card with a misspelt key.\n"
    )
    code, out, err = run(capsys, "validate", str(bad))
    assert code == 1
    assert "Traceback" not in out + err
    diags = [m for m in (DIAGNOSTIC.match(line) for line in (out + err).splitlines()) if m]
    assert diags, out + err
    assert all(m["path"] == str(bad) for m in diags)
    teir = [m for m in diags if "teir" in m["message"]]
    assert len(teir) == 1
    assert (teir[0]["line"], teir[0]["col"]) == ("6", "1")
    assert "did you mean `tier`" in teir[0]["message"]


def test_validate_reports_every_problem_of_a_folder(capsys, tmp_path):
    (tmp_path / "one.yaml").write_text(
        "id: one\nname: One\nset: base\ngood: technolgy\naction: load\ntier: 1\nload: {technology: 2}\ntext: x\n")
    (tmp_path / "two.yaml").write_text(
        "id: two\nname: Two\nset: base\ngood: luxury\naction: supply\ntier: 7\nload: {luxury: 2}\ntext: y\n")
    code, out, err = run(capsys, "validate", str(tmp_path))
    assert code == 1
    diags = [m for m in (DIAGNOSTIC.match(line) for line in (out + err).splitlines()) if m]
    by_file = {m["path"].rsplit("/", 1)[-1]: m for m in diags}
    assert set(by_file) == {"one.yaml", "two.yaml"}
    assert by_file["one.yaml"]["line"] == "4" and "did you mean `technology`" in by_file["one.yaml"]["message"]
    assert by_file["two.yaml"]["line"] == "6" and "tier" in by_file["two.yaml"]["message"]


# --- play --human ---------------------------------------------------------------------------------

def test_play_human_reasks_on_wrong_entry_and_quits_cleanly(capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO("abc\n1\n1\n1\n1\nq\n"))
    code, out, err = run(capsys, "play", "--human", "1")
    assert "Traceback" not in out + err
    assert "'abc' is not an option" in out
    # the first decision is asked twice (after "abc"), then four more decisions; "q" ends at the sixth prompt
    assert out.count("q to quit)") == 6
    assert "Game abandoned." in out
    assert "Final scores" not in out
    assert code == 1


def test_play_human_end_of_input_ends_cleanly(capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    code, out, err = run(capsys, "play", "--human", "2", "--players", "3")
    assert "Traceback" not in out + err
    assert "Game abandoned." in out
    assert code == 1


def test_main_reuses_one_parser_and_gives_each_call_lists_of_its_own(monkeypatch):
    """`main` parses with the process's one parser; a command that appends to a list option left at
    its default changes neither the parser's default nor what the next call reads."""
    seen = []

    def appends(args):
        seen.append(list(args.mod))
        args.mod.append(Path("added"))
        return 0
    monkeypatch.setitem(cli.COMMANDS, "simulate", appends)
    assert cli.main(["simulate"]) == 0 and cli.main(["simulate"]) == 0
    assert seen == [[], []]
    assert cli.shared_parser() is cli.shared_parser() and cli.shared_parser().parse_args(["simulate"]).mod == []


def test_ctrl_c_while_the_command_line_loads_ends_with_130_and_no_traceback(monkeypatch, capsys):
    """A hostile probe pressed Ctrl-C in the first tenths of a second of `simulate`: the modules were
    still loading, outside the command's own guard, and Python printed a traceback from the middle of
    an import and ended by the signal. The entry point (interpreter.launch) loads them inside one."""
    import builtins
    import sys

    from interpreter import launch
    real_import = builtins.__import__

    def interrupted(name, *args, **kwargs):
        if name == "interpreter.cli":
            raise KeyboardInterrupt
        return real_import(name, *args, **kwargs)
    monkeypatch.delitem(sys.modules, "interpreter.cli")
    monkeypatch.setattr(builtins, "__import__", interrupted)
    assert launch.main() == 130
    assert capsys.readouterr().err == "\ninterrupted\n"
