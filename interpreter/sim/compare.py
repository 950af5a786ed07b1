"""A/B comparison of two card sets played on the same seeds: what changed, and whether it is more
than chance."""

from __future__ import annotations

import html
from typing import Any

from interpreter.sim.stats import two_proportion_p, welch_p


def compare(a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    cards_a = {c["id"]: c for c in a["cards"]}
    cards_b = {c["id"]: c for c in b["cards"]}
    games_a, games_b = a["meta"]["games"], b["meta"]["games"]
    rows = []
    for card_id in sorted(cards_a.keys() | cards_b.keys()):
        ca, cb = cards_a.get(card_id), cards_b.get(card_id)
        if ca is None or cb is None:
            present = ca if ca is not None else cb
            assert present is not None
            rows.append({"id": card_id, "name": present["name"], "only_in": "A" if cb is None else "B"})
            continue
        p_win = two_proportion_p((ca["win_rate_completed"] or 0) * ca["completers"], ca["completers"],
                                 (cb["win_rate_completed"] or 0) * cb["completers"], cb["completers"])
        p_done = two_proportion_p(ca["completed_rate"] * games_a, games_a, cb["completed_rate"] * games_b, games_b)
        rows.append({
            "id": card_id, "name": ca["name"],
            "win_rate_completed": [ca["win_rate_completed"], cb["win_rate_completed"]], "p_win": p_win,
            "completed_rate": [ca["completed_rate"], cb["completed_rate"]], "p_completed": p_done,
            "significant": (p_win < 0.05 and min(ca["completers"], cb["completers"]) >= 10) or p_done < 0.05,
        })
    ends = sorted(set(a["game"]["end_reasons"]) | set(b["game"]["end_reasons"]))
    end_rows = [{"reason": e, "A": a["game"]["end_reasons"].get(e, 0) / games_a, "B": b["game"]["end_reasons"].get(e, 0) / games_b,
                 "p": two_proportion_p(a["game"]["end_reasons"].get(e, 0), games_a, b["game"]["end_reasons"].get(e, 0), games_b)}
                for e in ends]
    turns_p = welch_p(a["game"]["turns_all"], b["game"]["turns_all"])
    return {"A": a["meta"], "B": b["meta"], "cards": rows, "end_reasons": end_rows,
            "turns": {"A": a["game"]["turns"], "B": b["game"]["turns"], "p": turns_p},
            "changed": [r["id"] for r in rows if r.get("significant") or "only_in" in r]}


def compare_summary(result: dict[str, Any]) -> str:
    lines = [f"A: {result['A']['cards']} ({result['A']['games']} games)   B: {result['B']['cards']} ({result['B']['games']} games)"]
    t = result["turns"]
    lines.append(f"Turns per game: {t['A']['mean']} -> {t['B']['mean']} (p = {t['p']:.3f})")
    for e in result["end_reasons"]:
        lines.append(f"Ended by {e['reason']}: {100 * e['A']:.0f}% -> {100 * e['B']:.0f}% (p = {e['p']:.3f})")
    changed = [r for r in result["cards"] if r.get("significant") or "only_in" in r]
    if not changed:
        lines.append("No card changed significantly (p < 0.05).")
    for r in changed:
        if "only_in" in r:
            lines.append(f"  {r['name']}: only in {r['only_in']}")
            continue
        wa, wb = r["win_rate_completed"]
        ca, cb = r["completed_rate"]
        lines.append(f"  {r['name']}: win rate when completed {_pct(wa)} -> {_pct(wb)} (p = {r['p_win']:.3f}); "
                     f"completed in {_pct(ca)} -> {_pct(cb)} of games (p = {r['p_completed']:.3f})")
    return "\n".join(lines)


def _pct(v: float | None) -> str:
    return "-" if v is None else f"{100 * v:.0f}%"


def compare_html(result: dict[str, Any]) -> str:
    summary = html.escape(compare_summary(result)).replace("\n", "<br>")
    return (f"<!doctype html><html><head><meta charset='utf-8'><title>A/B balance comparison</title>"
            f"<style>body{{font:14px system-ui;max-width:1000px;margin:2em auto}}</style></head><body>"
            f"<h1>A/B balance comparison</h1><p>{summary}</p></body></html>")
