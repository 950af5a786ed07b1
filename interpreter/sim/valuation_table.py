"""The heuristic bot's valuation of each card's powers (agents/valuation.py `power_value`, from the
constructs of the power language) against the effect the balance workbench measured for the card:
how much higher its completers' final scores are than those of a typical card's completers, with
its 95% interval (`score_vs_typical` of a balance run's results.json; docs/balance.md).

The measured effect is relative to a typical card, so the valuation is too: a card's valuation less
the median valuation of the cards with powers (a credit of valuation is a point of final score). A
card is an outlier when that lies outside the measured interval widened by TOLERANCE points each
way: the valuation prices the powers alone and the measured effect is the whole card's (its load
and tier too), so only a large disagreement says the valuation is wrong.

The measured effects are kept as a small file so the test that compares them is fast
(tests/test_valuation.py). Made again, from a balance run of heuristic bots with every card:

    importexport balance --games 600 --players 4 --expansions all --seed 7 --out runs/valuation
    python -m interpreter.sim.valuation_table runs/valuation/results.json tests/data/card_effects.json
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

from interpreter.cards.loader import CardSet

TOLERANCE = 10.0  # credits: beyond the measured interval, what a valuation of the powers alone may be off by


def measured_effects(results: dict[str, Any]) -> dict[str, dict[str, float]]:
    """card id -> the measured effect (diff, lo, hi: final score points) and its completers, for
    every card the run ranked (enough completions)."""
    out = {}
    for card in results["cards"]:
        score = card.get("score_vs_typical")
        if score is None:
            continue
        out[card["id"]] = {"diff": round(score["diff"], 2), "lo": round(score["lo"], 2), "hi": round(score["hi"], 2),
                           "completers": card["completers"]}
    return out


def table(cards: CardSet, effects: dict[str, dict[str, float]], value_of: Any) -> list[dict[str, Any]]:
    """One row per card with powers: its valuation (`value_of(card definition)`), the valuation
    relative to the median card's, its measured effect (None when the run did not rank it) and
    whether it is an outlier."""
    valued = [(card, float(value_of(card))) for card in cards.cards if card.powers]
    typical = statistics.median(v for _, v in valued) if valued else 0.0
    rows = []
    for card, valuation in valued:
        effect = effects.get(card.id)
        relative = valuation - typical
        outlier = effect is not None and not effect["lo"] - TOLERANCE <= relative <= effect["hi"] + TOLERANCE
        rows.append({"id": card.id, "valuation": round(valuation, 2), "relative": round(relative, 2), "measured": effect,
                     "outlier": outlier})
    return rows


def text(rows: list[dict[str, Any]]) -> str:
    """The table as lines: card, valuation, measured effect [interval], and a mark on outliers."""
    lines = [f"{'card':<24}{'valuation':>10}{'relative':>10}   measured effect [95% interval]"]
    for r in sorted(rows, key=lambda r: r["valuation"]):
        m = r["measured"]
        effect = "not ranked" if m is None else f"{m['diff']:+.1f} [{m['lo']:+.1f}, {m['hi']:+.1f}] n={m['completers']}"
        lines.append(f"{r['id']:<24}{r['valuation']:>10.1f}{r['relative']:>+10.1f}   {effect}{'   <- outlier' if r['outlier'] else ''}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 2:
        print("usage: python -m interpreter.sim.valuation_table RESULTS.json OUT.json", file=sys.stderr)
        return 2
    source, target = Path(args[0]), Path(args[1])
    try:
        results = json.loads(source.read_text())
    except (OSError, ValueError) as exc:
        print(f"valuation_table: cannot read a balance run's results from {source}: {exc}", file=sys.stderr)
        return 1
    meta = results.get("meta", {})
    data = {"made_by": "python -m interpreter.sim.valuation_table " + " ".join(args),
            "run": {k: meta.get(k) for k in ("games", "players", "seed", "cards", "bots_label")},
            "effects": measured_effects(results)}
    target.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.NamedTemporaryFile("w", dir=target.parent, suffix=".tmp", delete=False) as tmp:  # atomic: temp file, then rename
        json.dump(data, tmp, indent=1, sort_keys=True)
    os.replace(tmp.name, target)
    print(f"{len(data['effects'])} cards' measured effects written to {target}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
