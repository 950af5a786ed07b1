"""One failing game does not lose a batch (issue 10, item 2): `simulate`, `bench` and `balance` keep
every finished game when one raises, report the failing game's seed, players, sets, mods, options and
bots, save it as a record that `replay` plays again, and exit 1 (not as a usage error).

The failure is injected: the bots raise in chosen games (by game seed) once turn 3 is reached. The
balance workers are forked, so they inherit the injection."""

from __future__ import annotations

import json

import pytest

from interpreter.agents.heuristic import HeuristicAgent
from interpreter.agents.random_agent import RandomAgent
from interpreter.cards.catalog import project_root
from interpreter.cli import main
from interpreter.sim import failures
from interpreter.sim.balance import read_records

EXAMPLE_MOD = str(project_root() / "docs" / "example-mod")
FAILING = (2, 5)  # game seeds; with --seed 0 the game seed of game i is i


class Injected(RuntimeError):
    pass


def inject(monkeypatch, agent_class, seeds=FAILING):
    choose = agent_class.choose

    def failing(self, decision, game):
        if game.seed % 1_000_003 in seeds and game.turn >= 3:
            raise Injected("a failure injected by the test")
        return choose(self, decision, game)
    monkeypatch.setattr(agent_class, "choose", failing)


def test_simulate_keeps_the_finished_games_reports_and_saves_the_failing_ones(monkeypatch, tmp_path, capsys):
    inject(monkeypatch, RandomAgent)
    folder = tmp_path / "failed"
    code = main(["simulate", "--games", "8", "--seed", "0", "--players", "3", "--mod", EXAMPLE_MOD,
                 "--option", "import_ties=random", "--failures", str(folder)])
    out, err = capsys.readouterr()
    assert code == 1
    assert "Games: 6" in out
    lines = err.splitlines()
    assert lines[0].startswith("game 3 failed at turn 3: Injected: a failure injected by the test (seed 2, 3 players, "
                               f"bots random,random,random, expansions none, mods {EXAMPLE_MOD}, options import_ties=random); "
                               f"saved to {folder / 'seed-2.json'}")
    assert lines[1].startswith("game 6 failed") and "(seed 5," in lines[1]
    assert lines[-1].startswith("2 game(s) failed and 6 of 8 finished")
    assert "Traceback" not in err
    record = json.loads((folder / "seed-2.json").read_text())
    assert record["seed"] == 2 and record["players"] == 3 and record["bots"] == ["random"] * 3
    assert record["options"] == ["import_ties=random"] and record["expansions"] == "none"
    assert record["failed"]["error"].startswith("Injected") and "Traceback" in record["failed"]["traceback"]
    assert record["decisions"], "the decisions up to the failure are kept"


def test_a_saved_failure_replays_the_failure_and_then_the_fix(monkeypatch, tmp_path, capsys):
    inject(monkeypatch, RandomAgent)
    folder = tmp_path / "failed"
    main(["simulate", "--games", "3", "--seed", "0", "--players", "4", "--mod", EXAMPLE_MOD, "--failures", str(folder)])
    capsys.readouterr()
    assert main(["replay", str(folder / "seed-2.json")]) == 1
    err = capsys.readouterr().err
    assert err.splitlines()[-1] == "importexport replay: the failure happens again at turn 3: Injected: a failure injected by the test"
    monkeypatch.undo()  # "the bug is fixed"
    assert main(["replay", str(folder / "seed-2.json")]) == 0
    assert "now finishes" in capsys.readouterr().out


def test_simulate_json_lists_the_failures(monkeypatch, tmp_path, capsys):
    inject(monkeypatch, RandomAgent)
    assert main(["simulate", "--games", "4", "--seed", "0", "--json", "--failures", str(tmp_path)]) == 1
    data = json.loads(capsys.readouterr().out)
    assert len(data["games"]) == 3 and [f["seed"] for f in data["failed"]] == [2]
    assert data["failed"][0]["saved"] == str(tmp_path / "seed-2.json")


def test_a_batch_stops_after_too_many_failures(monkeypatch, tmp_path, capsys):
    inject(monkeypatch, RandomAgent, seeds=range(100))
    monkeypatch.setattr(failures, "MAX_FAILURES", 3)
    assert main(["simulate", "--games", "50", "--seed", "0", "--failures", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert "3 game(s) failed and 0 of 50 finished" in err and "stopped after 3 failures" in err
    assert len(list(tmp_path.glob("seed-*.json"))) == 3


def test_bench_times_the_finished_games_and_reports_the_failing_ones(monkeypatch, tmp_path, capsys):
    inject(monkeypatch, RandomAgent)
    # the random games are what fail here: no heuristic or search games, no start-up runs (test_cli times those)
    assert main(["bench", "--games", "6", "--seed", "0", "--json", "--failures", str(tmp_path), "--heuristic-games", "0",
                 "--search-games", "0", "--startup-runs", "0"]) == 1
    out, err = capsys.readouterr()
    figures = json.loads(out)
    assert figures["games"] == 4 and figures["failed"] == 2
    assert "game 3 failed" in err and (tmp_path / "seed-5.json").exists()


@pytest.mark.parametrize("workers", ["1", "2"])
def test_balance_keeps_its_games_saves_the_failures_and_resumes_them(monkeypatch, tmp_path, capsys, workers):
    inject(monkeypatch, HeuristicAgent)
    out = tmp_path / "run"
    assert main(["balance", "--games", "8", "--seed", "0", "--players", "3", "--workers", workers, "--out", str(out)]) == 1
    printed, err = capsys.readouterr()
    assert "6 games, 3 players" in printed  # the report covers the finished games
    assert "game 3 failed" in err and "bots heuristic,heuristic,heuristic" in err and "usage" not in err
    assert sorted(r["index"] for r in read_records(out)) == [0, 1, 3, 4, 6, 7]
    assert sorted(p.name for p in (out / "failed").iterdir()) == ["seed-2.json", "seed-5.json"]
    monkeypatch.undo()
    assert main(["balance", "--seed", "0", "--players", "3", "--workers", workers, "--out", str(out), "--resume"]) == 0
    assert sorted(r["index"] for r in read_records(out)) == list(range(8))
    assert not list((out / "failed").iterdir()), "a failed game that finished on resume is no longer listed as failed"
