"""Balance statistics that survive many comparisons, the A/B comparison that shows the change under
test, and the report's pictures (issue 13, items 3-5). The runs here are synthetic game records
with known truth: noise everywhere, or one card planted to win."""

from __future__ import annotations

import dataclasses
import random
import re
from typing import Any

import pytest

from interpreter.cards.loader import CardSet
from interpreter.sim.balance import BalanceJob, CardSpec
from interpreter.sim.cardstats import MIN_COMPLETIONS, summarize, terminal_summary
from interpreter.sim.compare import card_changes, compare, compare_summary
from interpreter.sim.compare_report import compare_page
from interpreter.sim.report import html_report
from interpreter.sim.stats import bh_adjust, detectable_proportion_change, fisher_p, newcombe, paired, welch

COLOURS = ["green", "red", "black", "yellow"]


def records(cards: CardSet, games: int, seed: int, *, rate: float = 0.08, planted: dict[str, float] | None = None,
            rare: dict[str, int] | None = None, turns_shift: float = 0.0) -> list[dict[str, Any]]:
    """Game records of 4 players in which each seat completes each card with probability `rate`,
    independently of who wins, except: a `planted` card's completers are that many times likelier
    to win; a `rare` card is completed only in the first k games, always by the winner."""
    rng = random.Random(seed)
    planted, rare = planted or {}, rare or {}
    ids = [c for c in cards.by_id if c not in rare]
    out = []
    for i in range(games):
        completed = [[c for c in ids if rng.random() < rate] for _ in range(4)]
        weights = [1.0] * 4
        for seat in range(4):
            for card_id, factor in planted.items():
                if card_id in completed[seat]:
                    weights[seat] *= factor
        winner = rng.choices(range(4), weights)[0]
        for card_id, k in rare.items():
            if i < k:
                completed[winner].append(card_id)
        totals = [rng.randint(20, 60) for _ in range(4)]
        totals[winner] = max(totals) + rng.randint(1, 10)
        out.append({"index": i, "seed": 1_000_003 + i, "players": 4, "colours": COLOURS, "totals": totals, "winners": [winner],
                    "end_reason": "credits" if rng.random() < 0.8 else "deck", "turns": int(40 + rng.gauss(turns_shift, 8)),
                    "completed": completed, "in_hand": [[], [], [], []], "power_credits": {}, "fired": {}})
    return out


def run(cards: CardSet, recs: list[dict[str, Any]], pack: str = "") -> dict[str, Any]:
    spec = CardSpec("none", (pack,)) if pack else CardSpec()
    return summarize(recs, cards, BalanceJob(len(recs), 4, 1, spec), 1.0)


# --- the statistics --------------------------------------------------------------------------------

def test_interval_and_test_helpers_agree_with_known_values():
    assert bh_adjust([0.01, 0.02, 0.5]) == pytest.approx([0.03, 0.03, 0.5])
    assert fisher_p(10, 20, 10, 20) == pytest.approx(1.0)
    assert fisher_p(18, 20, 4, 20) < 0.001
    lo, hi = newcombe(30, 100, 20, 100)
    assert lo < 0.1 < hi and -0.05 < lo < 0.0  # Newcombe's interval of +0.10: about [-0.02, +0.22]
    w = welch({"n": 100, "mean": 10.0, "sd": 2.0}, {"n": 100, "mean": 9.0, "sd": 2.0})
    assert w["lo"] < 1.0 < w["hi"] and w["p"] < 0.001
    assert paired([1, 2, 3, 4], [2, 3, 4, 6])["diff"] == pytest.approx(1.25)
    assert detectable_proportion_change(0.3, 500, 500) == pytest.approx(0.081, abs=0.002)


def test_noise_does_not_stand_out_after_the_correction(base_cards):
    """100 cards, no card matters: some p-values fall below 0.05 by chance, none survives
    Benjamini-Hochberg (the uncorrected test of the old report flagged about 5)."""
    results = run(base_cards, records(base_cards, 1200, seed=4))
    tests = results["tests"]
    assert tests["tested"] == 100
    assert tests["raw_below_alpha"] >= 5  # what p < 0.05 alone would have called findings
    assert tests["expected_by_chance"] == 5.0
    assert results["standouts"] == []
    assert "No card stands out after the correction" in terminal_summary(results)


def test_a_planted_card_stands_out_and_ranks_first(base_cards):
    results = run(base_cards, records(base_cards, 1200, seed=7, planted={"cups": 3.0}))
    first = results["cards"][0]
    assert first["id"] == "cups" and first["rank"] == 1 and first["significant"]
    assert first["q_value"] < 0.001 and first["vs_typical"] > 0.15
    lo, hi = first["vs_typical_ci"]
    assert lo < first["vs_typical"] < hi and lo > 0
    assert results["standouts"] == ["cups"]


def test_ranking_is_by_evidence_and_rare_cards_are_not_ranked(base_cards):
    """A card completed 5 times, each time by the winner (Honey "+67" in the issue), is listed
    after every ranked card, untested; ranked cards come in the order of their p-values."""
    results = run(base_cards, records(base_cards, 1200, seed=3, planted={"cups": 2.0}, rare={"honey": 5}))
    rows = results["cards"]
    ranked = [r for r in rows if r["ranked"]]
    assert [r["p_value"] for r in ranked] == sorted(r["p_value"] for r in ranked)
    assert [r["rank"] for r in ranked] == list(range(1, len(ranked) + 1))
    honey = next(r for r in rows if r["id"] == "honey")
    assert honey["completers"] == 5 < MIN_COMPLETIONS and honey["win_rate_completed"] == 1.0
    assert not honey["ranked"] and honey["p_value"] is None and not honey["significant"] and honey["rank"] is None
    assert rows.index(honey) >= len(ranked)
    assert results["tests"]["not_ranked"] == 1


def test_every_figure_carries_its_n(base_cards):
    results = run(base_cards, records(base_cards, 600, seed=5, planted={"cups": 3.0}))
    summary = terminal_summary(results)
    assert "(n=600)" in summary and "of 600 games" in summary and re.search(r"completers win \d+% of \d+", summary)
    html = html_report(results)
    table = html[html.index("<h2>Every card</h2>"):]
    rows = re.findall(r"<tr class='[^']*'>(.*?)</tr>", table)
    assert len(rows) == len(base_cards.by_id)
    for row in rows:
        assert "of 600</span>" in row  # completion rate with its n
        assert re.search(r"<td data-v='\d+'>\d+</td>", row)  # the number of completions


# --- the report's pictures ---------------------------------------------------------------------------

def test_the_report_draws_the_forest_the_distributions_the_endings_and_a_page_per_card(base_cards):
    results = run(base_cards, records(base_cards, 600, seed=5, planted={"cups": 3.0}))
    html = html_report(results)
    assert html.count("<svg") >= 5
    forest_rows = re.findall(r'<a href="#card-([a-z_]+)" fill', html[html.index("Per-card effect"):html.index("The games")])
    assert forest_rows[0] == "cups" and len(set(forest_rows)) == results["tests"]["tested"]
    assert 'aria-label="how games ended"' in html and 'aria-label="game length"' in html and 'aria-label="final scores"' in html
    for card_id in base_cards.by_id:
        assert f"<section class='card-page' id='card-{card_id}'>" in html
    cups = html[html.index("id='card-cups'"):]
    cups = cups[:cups.index("</section>")]
    assert "on completion: draw 5" in cups and "shipment completes: draw 5 cards." in cups
    assert "stands out" in cups and "final scores of Cups" in cups


# --- the A/B comparison ----------------------------------------------------------------------------

def retuned(cards: CardSet) -> CardSet:
    """Cups one tier cheaper, Honey gone, two copies of Pens."""
    out = []
    for c in cards.cards:
        if c.id == "honey":
            continue
        out.append(dataclasses.replace(c, tier=1) if c.id == "cups" else c)
        if c.id == "pens":
            out.append(c)
    return CardSet(out)


def test_compare_puts_the_changed_cards_first_with_their_definition_and_play(base_cards):
    b_cards = retuned(base_cards)
    a = run(base_cards, records(base_cards, 800, seed=11))
    b = run(b_cards, records(b_cards, 800, seed=11, planted={"cups": 3.0}, turns_shift=3), "retune")
    outcome = compare(a, b, card_changes(base_cards, b_cards))
    first = outcome["cards"][:3]
    assert [r["id"] for r in first] == ["cups", "pens", "honey"]
    cups = first[0]
    assert cups["definition"]["fields"] == [{"field": "tier", "A": 2, "B": 1}]
    win = cups["play"]["win_change"]
    assert win["diff"] > 0.1 and win["lo"] > 0 and win["p"] < 0.001 and 0 < win["detectable"] < 0.2
    assert {"completed_change", "score_change", "turns_change"} <= cups["play"].keys()
    assert first[1]["definition"]["fields"] == [{"field": "copies in the deck", "A": 1, "B": 2}]
    assert first[2]["only_in"] == "A" and first[2]["definition"]["status"] == "removed"
    assert outcome["turns"]["how"].startswith("paired by seed") and outcome["turns"]["lo"] > 0
    text = compare_summary(outcome)
    assert text.index("Cups: changed: tier: 2 -> 1") < text.index("Turns per game")
    assert "these samples can see a change of about ±" in text and "Honey: removed in B" in text
    page = compare_page(outcome)
    assert page.index("id='change-cups'") < page.index("<h2>The game</h2>") < page.index("<h2>Other cards</h2>")
    assert "these samples can see" in page and "aria-label" in page
    assert "&amp;" not in page and "p &lt; 0.001" in page  # escaped once, in the SVG notes too


def test_compare_of_the_same_cards_names_no_change_and_corrects_the_others(base_cards):
    a = run(base_cards, records(base_cards, 800, seed=11))
    b = run(base_cards, records(base_cards, 800, seed=12))
    outcome = compare(a, b, card_changes(base_cards, base_cards))
    assert not any(r["changed"] for r in outcome["cards"])
    assert outcome["moved"] == []  # two runs of pure noise: nothing moves after the correction
    assert "No card's definition differs" in compare_summary(outcome)
