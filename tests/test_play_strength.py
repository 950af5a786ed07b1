"""Answers that hold for stronger play (issue 24, item 3): `--bots` given twice plays a second bot mix,
and a verdict that flips between the mixes (beyond chance) is flagged as depending on play strength,
saying which way; a verdict the second run merely could not confirm is not called a flip."""

from __future__ import annotations

import json

from interpreter.cli import main
from interpreter.sim.balance import BalanceJob, CardSpec
from interpreter.sim.cardstats import summarize, terminal_summary
from interpreter.sim.report import html_report
from interpreter.sim.strength import FAIR, STRONG, play_strength, strength_lines, stronger_side
from tests.test_balance_stats import records

SEARCH_MIX = ("search:8ro", "heuristic", "heuristic", "heuristic")


def results_with(cards, bots, recs):
    return summarize(recs, cards, BalanceJob(len(recs), 4, 1, CardSpec(), bots=bots), 1.0)


def test_a_card_too_strong_for_heuristic_bots_and_fair_for_search_bots_is_flagged(base_cards):
    """Planted: Cups' completers are three times likelier to win with heuristic bots, and not at all
    with a search seat; Pens is planted in both; Honey stands out only in a run too small to say."""
    heuristic = results_with(base_cards, ("heuristic",) * 4, records(base_cards, 1500, seed=1, planted={"cups": 3.0, "pens": 3.0}))
    search = results_with(base_cards, SEARCH_MIX, records(base_cards, 1500, seed=2, planted={"pens": 3.0}))
    strength = play_strength(heuristic, [search])
    cards = {c["id"]: c for c in strength["cards"]}
    assert strength["flipped"] == ["cups"]
    (flip,) = cards["cups"]["flips"]
    assert (flip["from"], flip["to"]) == (STRONG, FAIR) and flip["hi"] < 0 and flip["q"] < 0.05
    assert flip["way"] == "stronger play makes it weaker"
    assert cards["pens"]["flips"] == [] and [m["verdict"] for m in cards["pens"]["mixes"]] == [STRONG, STRONG]
    heuristic["strength"] = strength
    text = terminal_summary(heuristic)
    assert "Cups: too strong with 4 heuristic bots" in text and "fair with 1 heuristic" not in text
    assert "depends on play strength, stronger play makes it weaker" in text
    assert "depends on play strength" in html_report(heuristic)


def test_a_verdict_another_run_cannot_confirm_is_not_a_flip(base_cards):
    big = results_with(base_cards, ("heuristic",) * 4, records(base_cards, 1500, seed=1, planted={"cups": 2.0}))
    small = results_with(base_cards, SEARCH_MIX, records(base_cards, 150, seed=3, planted={"cups": 2.0}))
    strength = play_strength(big, [small])
    cups = next(c for c in strength["cards"] if c["id"] == "cups")
    assert cups["flips"] == [] and cups["unconfirmed"] == [1]
    assert "Not confirmed by the other bots" in "\n".join(strength_lines(strength))


def test_which_mix_plays_stronger():
    assert stronger_side(("heuristic",) * 4, SEARCH_MIX) == 1
    assert stronger_side(SEARCH_MIX, ("heuristic",) * 4) == -1
    assert stronger_side(("heuristic",) * 4, ("random",) * 4) == 0


def test_balance_with_two_bot_mixes_runs_both_and_compares_their_verdicts(tmp_path, capsys):
    out = tmp_path / "run"
    assert main(["balance", "--games", "6", "--players", "3", "--workers", "1", "--option", "max_turns=8", "--out", str(out),
                 "--bots", "heuristic", "--bots", "random", "--check-games", "4"]) == 0
    printed = capsys.readouterr().out
    assert "Play strength: the verdicts of 3 heuristic bots checked with 3 random bots" in printed
    results = json.loads((out / "results.json").read_text())
    assert results["strength"]["labels"] == ["3 heuristic bots", "3 random bots"]
    assert json.loads((out / "bots-2" / "results.json").read_text())["meta"]["games"] == 4
    assert main(["balance", "--games", "4", "--out", str(tmp_path / "x"), "--bots", "heuristic", "--bots", "random",
                 "--compare", "base", "base"]) == 2
    assert "--compare plays both sides with one bot mix" in capsys.readouterr().err


def test_tune_checks_its_finalists_with_a_second_bot_mix(tmp_path, capsys):
    out = tmp_path / "tune"
    assert main(["tune", "pistols", "--vary", "p1=2..4", "--games", "16", "--players", "3", "--workers", "1", "--out", str(out),
                 "--bots", "heuristic", "--bots", "random", "--check-games", "4"]) == 0
    results = json.loads((out / "tune.json").read_text())
    strength = results["strength"]
    assert strength["labels"] == ["3 heuristic bots", "3 random bots"]
    assert {c["label"] for c in strength["checked"]} >= {"as printed"} and all(c["here"]["games"] == 4 for c in strength["checked"])
    assert all(len(c["verdicts"]) == 2 for c in strength["checked"])
    assert (out / "tune-games-bots-2.jsonl").exists()
    printed = capsys.readouterr().out
    assert "with 3 random bots" in printed
