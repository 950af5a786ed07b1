"""`balance --bots` (issue 16, item 4): any bot mix plays a balance run, the report and results.json
say which bots played and how each did, and an A/B comparison plays both sides with the same bots."""

from __future__ import annotations

import json

import pytest

from interpreter.cli import main
from interpreter.sim.balance import BalanceJob, CardSpec, read_records
from interpreter.sim.cardstats import bots_label
from interpreter.sim.compare import compare

SHORT = ["--option", "max_turns=6", "--workers", "1", "--seed", "4"]


def test_a_balance_run_plays_the_bots_it_is_given(tmp_path, capsys):
    out = tmp_path / "run"
    assert main(["balance", "--games", "6", "--players", "3", "--bots", "search:2it,heuristic,random", "--out", str(out), *SHORT]) == 0
    printed = capsys.readouterr().out
    assert "Bots: 1 heuristic, 1 random and 1 search:2it bots (seats turned one per game)" in printed
    assert "Wins by bot: heuristic" in printed and "search:2it" in printed and "ms per searched decision" in printed
    records = read_records(out)
    assert [r["bots"] for r in records[:3]] == [["search:2it", "heuristic", "random"], ["random", "search:2it", "heuristic"],
                                                ["heuristic", "random", "search:2it"]]
    results = json.loads((out / "results.json").read_text())
    assert results["meta"]["bots"] == ["search:2it", "heuristic", "random"]
    wins = {b["bot"]: b for b in results["bot_wins"]}
    assert set(wins) == {"search:2it", "heuristic", "random"} and all(b["seats"] == 6 for b in wins.values())
    assert sum(b["wins"] for b in wins.values()) == pytest.approx(6)
    assert results["meta"]["ms_per_search_decision"] > 0 and all(r["searched"] > 0 for r in records)
    assert "games between 1 heuristic, 1 random and 1 search:2it bots" in (out / "report.html").read_text()


def test_without_bots_a_run_is_played_by_heuristic_bots_and_says_so(tmp_path, capsys):
    out = tmp_path / "run"
    assert main(["balance", "--games", "2", "--players", "3", "--out", str(out), *SHORT]) == 0
    assert "Bots: 3 heuristic bots\n" in capsys.readouterr().out
    assert all(r["bots"] == ["heuristic"] * 3 for r in read_records(out))
    results = json.loads((out / "results.json").read_text())
    assert results["meta"]["bots_label"] == "3 heuristic bots" and results["bot_wins"] == []
    assert results["meta"]["ms_per_search_decision"] is None


def test_a_run_is_resumed_only_with_the_same_bots(tmp_path, capsys):
    out = tmp_path / "run"
    assert main(["balance", "--games", "2", "--players", "2", "--bots", "heuristic,random", "--out", str(out), *SHORT]) == 0
    capsys.readouterr()
    assert main(["balance", "--games", "3", "--players", "2", "--bots", "random", "--out", str(out), "--resume", *SHORT]) == 2
    assert "other settings" in capsys.readouterr().err
    assert main(["balance", "--games", "3", "--players", "2", "--bots", "heuristic,random", "--out", str(out), "--resume", *SHORT]) == 0


def test_a_run_from_before_bots_resumes_as_heuristic(tmp_path):
    out = tmp_path / "run"
    assert main(["balance", "--games", "2", "--players", "2", "--out", str(out), *SHORT]) == 0
    job = json.loads((out / "job.json").read_text())
    del job["bots"]
    (out / "job.json").write_text(json.dumps(job))
    assert main(["balance", "--games", "3", "--players", "2", "--out", str(out), "--resume", *SHORT]) == 0
    assert len(read_records(out)) == 3


def test_an_ab_comparison_plays_both_sides_with_the_same_bots(tmp_path, capsys):
    out = tmp_path / "ab"
    assert main(["balance", "--games", "3", "--players", "2", "--bots", "search:2it,heuristic", "--compare", "base", "jutaku",
                 "--out", str(out), *SHORT]) == 0
    assert "search:2it" in capsys.readouterr().out
    for side in "ab":
        assert json.loads((out / side / "results.json").read_text())["meta"]["bots"] == ["search:2it", "heuristic"]
    assert "1 heuristic and 1 search:2it bots" in (out / "compare.html").read_text()


def test_results_of_different_bots_are_not_compared():
    a = {"meta": {"bots": ["heuristic", "heuristic"], "players": 2}, "cards": []}
    b = {"meta": {"bots": ["search:20it", "heuristic"], "players": 2}, "cards": []}
    with pytest.raises(ValueError, match="different bots"):
        compare(a, b)


def test_bot_labels():
    assert bots_label(["heuristic"] * 4) == "4 heuristic bots"
    assert bots_label(["search:20it", "heuristic", "heuristic", "heuristic"]) == "3 heuristic and 1 search:20it bots (seats turned one per game)"
    assert BalanceJob(3, 2, 1, CardSpec(), bots=("search", "random")).seat_bots(1) == ["random", "search"]


def test_a_bad_bot_is_refused_before_any_game(tmp_path, capsys):
    assert main(["balance", "--games", "2", "--bots", "heuristic,clever", "--players", "2", "--out", str(tmp_path / "r")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("importexport balance: --bots: unknown bot `clever`") and not (tmp_path / "r").exists()
