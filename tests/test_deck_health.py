"""Deck health in balance reports (issue 24, item 2): the first-player advantage by player count, how
games end and their length, completers by good and action type, dead cards and the winner's cards,
and what changed against a second run, each with its interval and n. Tested with planted truth: a
mod whose deck lets the first leader win at once must show a first-player advantage; synthetic
records plant the other figures."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from interpreter.cli import main
from interpreter.sim.balance import BalanceJob, CardSpec, run_games, summarize
from interpreter.sim.cardstats import MIN_COMPLETIONS
from interpreter.sim.compare import card_changes, compare, compare_summary
from interpreter.sim.compare_report import compare_page
from interpreter.sim.health import RARE_RATE, health_lines
from interpreter.sim.report import html_report
from tests.test_balance_stats import records, run

SPRINT_CARD = """\
id: sprint
name: Sprint
set: sprint
good: consumer
action: contract
tier: 0
load: {any: 1}
text: >-
  When you contract this card, you may load a container from your hand onto its ship. When this
  shipment completes, you win the game.
powers:
  - "on contract: you may load 1 container from your hand onto this ship"
  - "on completion: win the game"
"""


def sprint_pack(folder: Path) -> Path:
    """A deck of 60 Sprints: whoever contracts first completes at once and wins, and the first leader
    contracts first (R4.7: the leader carries out his actions before the followers). The first seat
    in turn order wins every game: a planted first-player advantage."""
    (folder / "cards").mkdir(parents=True)
    (folder / "mod.yaml").write_text('name: Sprint\nversion: 1.0.0\ndepends: [base]\ndeck: {sprint: 60, "*": 0}\n')
    (folder / "cards" / "sprint.yaml").write_text(SPRINT_CARD)
    return folder


def test_a_deck_that_lets_the_first_leader_win_shows_a_first_player_advantage_for_every_player_count(tmp_path):
    """R2.13, R4.7: the first leader acts first; with the Sprint deck that decides the game."""
    job = BalanceJob(18, 2, 3, CardSpec("none", (str(sprint_pack(tmp_path / "sprint")),)), player_counts=(2, 3, 4))
    recs = run_games(job, tmp_path / "run", workers=1).records
    assert [r["players"] for r in recs[:6]] == [2, 3, 4, 2, 3, 4]
    from interpreter.sim.balance import load_spec
    health = summarize(recs, load_spec(job.cards), job, 1.0)["health"]
    assert [c["players"] for c in health["by_players"]] == [2, 3, 4]
    for c in health["by_players"]:
        first = c["order"][0]
        assert c["games"] == 6 and first["n"] == 6 and first["rate"] == 1.0
        assert first["ci"][0] > c["fair"]  # the interval is clear of a fair share
        assert all(o["rate"] == 0.0 for o in c["order"][1:])
        assert c["end_reasons"] == [{"reason": "instant", "count": 6, "n": 6, "rate": 1.0, "ci": [c["end_reasons"][0]["ci"][0], 1.0]}]
        assert c["turns"]["mean"] == 1.0 and c["turns"]["n"] == 6
    winners = [w["id"] for w in health["cards"]["winners"]]
    assert winners == []  # 18 completions: fewer than a ranked card needs
    text = "\n".join(health_lines(health))
    assert "3 players (6 games): the first leader wins 100% [61%-100%] of 6 (a fair share is 33%" in text


def test_without_an_advantage_the_first_leader_wins_a_fair_share(base_cards):
    recs = with_first_leader(records(base_cards, 800, seed=9), lambda i, winner: (winner + i) % 4)
    health = run(base_cards, recs)["health"]
    (four,) = health["by_players"]
    assert four["first_leader_p"] > 0.01
    assert all(o["ci"][0] < 0.25 < o["ci"][1] for o in four["order"])


def with_first_leader(recs: list[dict[str, Any]], first: Any) -> list[dict[str, Any]]:
    """The records with a first leader: `first(index, winner)` gives the seat."""
    for i, r in enumerate(recs):
        r["first_leader"] = first(i, r["winners"][0])
    return recs


def test_a_planted_first_leader_advantage_shows_in_a_comparison(base_cards):
    """B: the first leader is the winner in two games of three; A: a fair share. The change of the
    first place's win rate is found after the correction; the other places' shares fall."""
    rng = random.Random(4)
    a = run(base_cards, with_first_leader(records(base_cards, 900, seed=11), lambda i, w: (w + 1 + i) % 4))
    b = run(base_cards, with_first_leader(records(base_cards, 900, seed=12), lambda i, w: w if rng.random() < 0.67 else (w + 1) % 4))
    outcome = compare(a, b, card_changes(base_cards, base_cards))
    changes = outcome["health"]
    (four,) = changes["by_players"]
    first = four["order"][0]
    assert first["diff"] > 0.3 and first["lo"] > 0 and first["q"] < 0.001
    assert changes["moved"] >= 1
    text = compare_summary(outcome)
    assert "4 players, first leader wins" in text
    page = compare_page(outcome)
    assert "<h2>Deck health</h2>" in page and "first leader wins" in page


def test_completers_by_type_dead_cards_and_the_winners_cards(base_cards):
    """Cups' completers are 30 times likelier to win (a consumer, IMPORT card: its type's completers win
    more); Honey is completed in 5 of 1200 games (rarely: the top of its interval is below 2%); Pens
    never; Cups is the winner's card. By good type each type is tested against the other completions."""
    recs = records(base_cards, 1200, seed=7, planted={"cups": 30.0}, rare={"honey": 5})
    for r in recs:
        for hand in r["completed"]:
            if "pens" in hand:
                hand.remove("pens")
    summary = run(base_cards, recs)  # one summary, checked in the report below too
    health = summary["health"]
    cards = health["cards"]
    assert [c["id"] for c in cards["never"]] == ["pens"] and cards["never"][0]["ci_completed_rate"][1] < RARE_RATE
    assert [c["id"] for c in cards["rare"]] == ["honey"] and cards["rare"][0]["completed_games"] == 5
    assert [c["id"] for c in cards["winners"]] == ["cups"] and cards["winners"][0]["completers"] >= MIN_COMPLETIONS
    goods = {r["type"]: r for r in health["types"]["good"]}
    assert set(goods) == {"technology", "agriculture", "illegal", "consumer", "luxury"}
    assert all(r["completions"] > 0 and r["ci"][0] <= r["rate"] <= r["ci"][1] for r in goods.values())
    assert sum(r["completions"] for r in goods.values()) == sum(c["completers"] for c in summary["cards"])
    html = html_report(summary)
    section = html[html.index("<h2 id='health'>"):html.index("<h2>Every card</h2>")]
    assert "Pens" in section and "never completed" in section and "Honey" in section and "the winner's card" in section
    assert 'aria-label="by good type' in section and 'aria-label="by action type' in section


def test_too_few_games_call_no_card_dead(base_cards):
    """Pens not completed in 40 games: the interval of its completion rate still reaches 9%."""
    recs = records(base_cards, 40, seed=2)
    for r in recs:
        r["completed"] = [[c for c in hand if c != "pens"] for hand in r["completed"]]
    cards = run(base_cards, recs)["health"]["cards"]
    assert cards["never"] == [] and cards["rare"] == [] and cards["unseen"] == 1


def test_balance_goes_round_player_counts_and_prints_deck_health(tmp_path, capsys):
    pack = sprint_pack(tmp_path / "sprint")
    out = tmp_path / "run"
    assert main(["balance", "--games", "6", "--players", "2-3", "--workers", "1", "--mod", str(pack), "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "6 games, 2 and 3 players" in printed and "Bots: heuristic bots at every seat" in printed
    assert "2 players (3 games): the first leader wins 100%" in printed and "3 players (3 games)" in printed
    results = json.loads((out / "results.json").read_text())
    assert results["meta"]["player_counts"] == [2, 3]
    html = (out / "report.html").read_text()
    assert "Deck health" in html and "With 2 players, the first leader wins 100%" in html


def test_bad_player_counts_and_bots_for_several_counts_are_refused(tmp_path, capsys):
    for players, message in (("5-3", "rising range"), ("four", "not a number of players"), ("2,9", "--players must be from 2 to 6")):
        assert main(["balance", "--games", "2", "--players", players, "--out", str(tmp_path / "x")]) == 2
        assert message in capsys.readouterr().err
    assert main(["balance", "--games", "2", "--players", "3,4", "--bots", "heuristic,random,random", "--out", str(tmp_path / "y")]) == 2
    assert "give one bot name for every seat" in capsys.readouterr().err
