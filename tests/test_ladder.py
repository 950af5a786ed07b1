"""The strength ladder (issue 16, item 3): every pair of bots on the same seeds, win rates with
Wilson intervals, an Elo-like rating (the Luce model of the winner), progress, and Ctrl-C keeping
what finished (interpreter/sim/ladder.py)."""

from __future__ import annotations

import json
import math
import random

import pytest

from interpreter.cli import main
from interpreter.sim import ladder
from interpreter.sim.balance import CardSpec
from interpreter.sim.ladder import LadderJob, head_to_head, ratings, run_ladder, seating, summary

JOB = LadderJob(("random", "heuristic", "search:2it"), games=2, players=2, seed=3, cards=CardSpec(), options=("max_turns=6",))


def synthetic(lone: str, field: str, players: int, p_lone: float, games: int, seed: int = 1) -> list[dict]:
    """Games where the lone seat wins with probability `p_lone`, else one of the field's seats."""
    rng = random.Random(seed)
    records = []
    for i in range(games):
        bots = [lone] + [field] * (players - 1)
        winner = 0 if rng.random() < p_lone else rng.randrange(1, players)
        records.append({"index": i, "lone": lone, "field": field, "bots": bots, "winners": [winner], "searched": 0, "search_seconds": 0})
    return records


def test_the_rating_of_two_player_games_is_elo():
    """Won 3 games in 4 against B: 400 * log10(3) = 191 points above B (Bradley-Terry, as Elo)."""
    r = ratings(synthetic("A", "B", 2, 0.75, 4000), ("A", "B"))
    assert r["A"] - r["B"] == pytest.approx(400 * math.log10(3), abs=15)


def test_the_rating_of_one_seat_against_a_field_is_the_luce_model():
    """One seat of A wins half the 4-player games against three seats of B: g_A / (g_A + 3 g_B) = 1/2,
    so A is 3 times as strong, 191 points; a fair share (1/4) is the same rating."""
    r = ratings(synthetic("A", "B", 4, 0.5, 4000), ("A", "B"))
    assert r["A"] - r["B"] == pytest.approx(400 * math.log10(3), abs=20)
    fair = ratings(synthetic("A", "B", 4, 0.25, 4000), ("A", "B"))
    assert fair["A"] - fair["B"] == pytest.approx(0, abs=20)


def test_a_bot_that_never_wins_keeps_a_finite_rating():
    r = ratings(synthetic("A", "B", 2, 1.0, 50), ("A", "B"))
    assert math.isfinite(r["B"]) and r["A"] - r["B"] > 300


def test_win_rates_carry_wilson_intervals_and_shared_wins_count_their_share():
    records = synthetic("A", "B", 4, 0.5, 10)
    records[0]["winners"] = [0, 1]
    pair = head_to_head(records, 4)[("A", "B")]
    wins = sum(1 for r in records[1:] if r["winners"] == [0]) + 0.5
    assert pair["games"] == 10 and pair["wins"] == wins
    assert pair["low"] < pair["rate"] < pair["high"]
    assert ("B", "A") not in head_to_head(records, 4)  # B never had the lone seat


def test_two_player_win_rates_count_every_game_of_the_pair():
    records = synthetic("A", "B", 2, 0.7, 20) + synthetic("B", "A", 2, 0.3, 20, seed=2)
    table = head_to_head(records, 2)
    a, b = table[("A", "B")], table[("B", "A")]
    assert a["games"] == b["games"] == 40
    assert a["wins"] + b["wins"] == 40 and a["rate"] > 0.5 > b["rate"]


def test_every_pair_plays_the_same_seeds_one_seat_each_way():
    pairs = {(lone, field) for _, lone, field in JOB.tasks()}
    assert pairs == {(a, b) for a in JOB.bots for b in JOB.bots if a != b}
    for key in pairs:
        assert sorted(i for i, lone, field in JOB.tasks() if (lone, field) == key) == [0, 1]
    four = LadderJob(("a", "b"), 8, 4, 1, CardSpec())
    assert [seating(four, i, "a", "b").index("a") for i in range(8)] == [0, 1, 2, 3, 0, 1, 2, 3]


def test_a_ladder_plays_and_rates_every_bot():
    records, interrupted = run_ladder(JOB, workers=1)
    assert not interrupted and len(records) == len(JOB.tasks()) == 12
    s = summary(JOB, records, interrupted, 1.0)
    assert set(s["rating"]) == set(JOB.bots) and s["games"] == 12 and len(s["pairs"]) == 6
    assert s["ms_per_search_decision"]["search:2it"] > 0
    # issue 25, item 6: CPU time per decision of every bot, and an interval on every rating
    assert all(len(r["cpu"]) == len(r["decisions"]) == JOB.players for r in records)
    assert set(s["cpu_ms_per_decision"]) == set(JOB.bots) and all(v >= 0 for v in s["cpu_ms_per_decision"].values())
    assert s["cpu_ms_per_decision"]["search:2it"] > s["cpu_ms_per_decision"]["random"]
    for bot, (low, high) in s["rating_interval"].items():
        assert low <= s["rating"][bot] <= high


def test_a_rating_interval_narrows_with_more_games():
    """The interval of a rating is the rating at the ends of the Wilson interval of the bot's wins:
    it holds the rating, and 16 times the games make it about 4 times narrower."""
    few = ladder.rating_intervals(synthetic("A", "B", 2, 0.75, 40), ("A", "B"))
    many = ladder.rating_intervals(synthetic("A", "B", 2, 0.75, 640), ("A", "B"))
    rating = ratings(synthetic("A", "B", 2, 0.75, 640), ("A", "B"))
    assert many["A"][0] < rating["A"] < many["A"][1]
    width = {k: v["A"][1] - v["A"][0] for k, v in (("few", few), ("many", many))}
    assert 2.5 < width["few"] / width["many"] < 6


def test_cpu_per_decision_adds_every_seat_of_a_bot():
    records = [{"bots": ["a", "b", "b"], "decisions": [10, 20, 20], "cpu": [0.01, 0.002, 0.002], "winners": [0]},
               {"bots": ["b", "a", "a"], "decisions": [10, 5, 5], "cpu": [0.001, 0.02, 0.02], "winners": [1]}]
    assert ladder.cpu_per_decision(records, ("a", "b")) == {"a": 2.5, "b": 0.1}


def test_ctrl_c_keeps_the_games_that_finished(monkeypatch):
    real = ladder.play_ladder_game
    calls = []

    def stopping(*args):
        calls.append(args)
        if len(calls) == 4:
            raise KeyboardInterrupt
        return real(*args)

    monkeypatch.setattr(ladder, "play_ladder_game", stopping)
    records, interrupted = run_ladder(JOB, workers=1)
    assert interrupted and len(records) == 3


def test_the_ladder_command(capsys, tmp_path):
    code = main(["ladder", "--bots", "random,heuristic", "--games", "2", "--option", "max_turns=5", "--workers", "2",
                 "--out", str(tmp_path)])
    out = capsys.readouterr().out
    assert code == 0 and "Rating (Elo-like" in out and "heuristic" in out and "95% Wilson interval" in out
    assert "ms CPU per decision" in out
    saved = json.loads((tmp_path / "ladder.json").read_text())
    assert saved["games"] == 4 and len(saved["records"]) == 4 and saved["bots"] == ["random", "heuristic"]


@pytest.mark.parametrize(("bots", "message"), [("random", "at least two"), ("random,random", "at least two"),
                                               ("random,search:fast", "search budget"), ("random,clever", "unknown bot")])
def test_the_ladder_refuses_bad_bots(capsys, bots, message):
    assert main(["ladder", "--bots", bots]) == 2
    err = capsys.readouterr().err
    assert err.startswith("importexport ladder:") and message in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize(("p_lone", "games"), [(0.98, 400), (0.9, 20), (0.5, 200)])
def test_a_rating_interval_holds_the_rating_and_stays_near_it_when_one_bot_wins_most_games(p_lone, games):
    """A hostile probe's ladder of the heuristic and the random bot (393 wins of 400) printed
    `heuristic 1769 (-3902-4052)`: the interval replaced one bot's wins and fitted again, leaving
    the wins of both adding up to more or fewer than the games, and the fit ran off. Now each end is
    the rating at which the bot would be expected to win that many games, the other held as fitted."""
    records = synthetic("A", "B", 2, p_lone, games)
    rating, intervals = ratings(records, ("A", "B")), ladder.rating_intervals(records, ("A", "B"))
    for bot in ("A", "B"):
        low, high = intervals[bot]
        assert low <= rating[bot] <= high and high - low < 600, (bot, low, rating[bot], high)
