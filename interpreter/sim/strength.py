"""Answers that hold for stronger play: the same cards judged with two bot mixes (`--bots` given more
than once), and the verdicts that change with the bots flagged as depending on play strength.

A card's verdict with one mix is the balance report's: too strong or too weak (it stands out after the
correction), fair (ranked and within chance), or not judged (too few completions). A verdict *flips*
when the verdicts differ and the card's effect itself differs between the mixes beyond chance (the
difference of the two effects, with the two runs' intervals combined; Benjamini-Hochberg over every
card and mix compared). A verdict that differs without that evidence is only *unconfirmed*: the other
mix's run could not tell, which says nothing about play strength. Which way it goes is said in words:
stronger play (the mix with more search seats) makes the card stronger or weaker.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from interpreter.sim.stats import ALPHA, Z95, bh_adjust

STRONG, WEAK, FAIR, NOT_JUDGED = "too strong", "too weak", "fair", "not judged"


def verdict(row: dict[str, Any]) -> str:
    """A card's verdict in one run (a row of results.json's cards)."""
    if not row.get("ranked"):
        return NOT_JUDGED
    if row.get("significant"):
        return STRONG if (row.get("vs_typical") or 0) > 0 else WEAK
    return FAIR


def search_seats(bots: Sequence[str]) -> int:
    return sum(1 for b in bots if b.startswith("search"))


def stronger_side(a: Sequence[str], b: Sequence[str]) -> int:
    """1 when mix b plays stronger than mix a (more search seats), -1 when weaker, 0 when it cannot be said."""
    sa, sb = search_seats(a), search_seats(b)
    return (sb > sa) - (sb < sa)


def effect_change(a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any] | None:
    """B - A of a card's effect (completers against a typical card) in two independent runs, with the
    95% interval and p from the two runs' intervals (normal approximation)."""
    if a.get("vs_typical") is None or b.get("vs_typical") is None or not a.get("vs_typical_ci") or not b.get("vs_typical_ci"):
        return None
    se_a = (a["vs_typical_ci"][1] - a["vs_typical_ci"][0]) / (2 * Z95)
    se_b = (b["vs_typical_ci"][1] - b["vs_typical_ci"][0]) / (2 * Z95)
    se = math.hypot(se_a, se_b)
    diff = b["vs_typical"] - a["vs_typical"]
    p = math.erfc(abs(diff) / se / math.sqrt(2)) if se > 0 else (1.0 if diff == 0 else 0.0)
    return {"diff": diff, "lo": diff - Z95 * se, "hi": diff + Z95 * se, "p": p, "q": None}


def play_strength(main: dict[str, Any], others: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Every card's verdict with each mix, and those that flip (results.json's `strength`)."""
    mixes = [main["meta"]["bots"], *[o["meta"]["bots"] for o in others]]
    labels = [main["meta"].get("bots_label", ""), *[o["meta"].get("bots_label", "") for o in others]]
    rows_by_mix = [{c["id"]: c for c in r["cards"]} for r in (main, *others)]
    cards = []
    tested = []
    for card in main["cards"]:
        per_mix = []
        for k, rows in enumerate(rows_by_mix):
            row = rows.get(card["id"])
            if row is None:
                per_mix.append({"mix": k, "verdict": NOT_JUDGED})
                continue
            per_mix.append({"mix": k, "verdict": verdict(row), "effect": row.get("vs_typical"), "ci": row.get("vs_typical_ci"),
                            "completers": row.get("completers", 0), "games": row.get("games", 0)})
        changes = []
        for k in range(1, len(rows_by_mix)):
            other = rows_by_mix[k].get(card["id"])
            change = effect_change(card, other) if other is not None else None
            if change is not None:
                change["mix"] = k
                changes.append(change)
                tested.append(change)
        cards.append({"id": card["id"], "name": card["name"], "mixes": per_mix, "changes": changes})
    for change, q in zip(tested, bh_adjust([c["p"] for c in tested]), strict=True):
        change["q"] = q
    for c in cards:
        c["flips"] = [_flip(c, ch, mixes) for ch in c["changes"] if ch["q"] is not None and ch["q"] < ALPHA
                      and c["mixes"][0]["verdict"] != c["mixes"][ch["mix"]]["verdict"]]
        c["unconfirmed"] = [k for k in range(1, len(mixes)) if c["mixes"][0]["verdict"] in (STRONG, WEAK)
                            and c["mixes"][k]["verdict"] != c["mixes"][0]["verdict"]
                            and not any(f["mix"] == k for f in c["flips"])]
    return {"mixes": [list(m) for m in mixes], "labels": labels, "cards": cards,
            "flipped": [c["id"] for c in cards if c["flips"]], "tested": len(tested)}


def which_way(first: Sequence[str], other: Sequence[str], diff: float) -> str:
    """What the other mix does to the card, in words: by play strength when one mix has more search
    seats (`stronger play makes it weaker`), else by the mix (`it is weaker with the other bots`)."""
    moved = "stronger" if diff > 0 else "weaker"
    side = stronger_side(first, other)
    if not side:
        return f"it is {moved} with the other bots"
    return f"stronger play makes it {moved if side > 0 else ('weaker' if moved == 'stronger' else 'stronger')}"


def _flip(card: dict[str, Any], change: dict[str, Any], mixes: Sequence[Sequence[str]]) -> dict[str, Any]:
    k = change["mix"]
    return {"mix": k, "from": card["mixes"][0]["verdict"], "to": card["mixes"][k]["verdict"],
            "way": which_way(mixes[0], mixes[k], change["diff"]), **change}


def _pts(v: float | None) -> str:
    if v is None:
        return "-"
    rounded = round(100 * v)
    return "0" if rounded == 0 else f"{rounded:+d}"


def flip_text(card: dict[str, Any], flip: dict[str, Any], labels: Sequence[str]) -> str:
    """`Cups: too strong with 4 heuristic bots (+15 points [+9, +21]), fair with 1 search:8ro and 3
    heuristic bots (+2 [-6, +10]): depends on play strength, stronger play makes it weaker`"""
    a, b = card["mixes"][0], card["mixes"][flip["mix"]]
    return (f"{card['name']}: {a['verdict']} with {labels[0]} ({_pts(a['effect'])} points [{_pts(a['ci'][0])}, {_pts(a['ci'][1])}], "
            f"n={a['completers']}), {b['verdict']} with {labels[flip['mix']]} ({_pts(b['effect'])} [{_pts(b['ci'][0])}, "
            f"{_pts(b['ci'][1])}], n={b['completers']}): depends on play strength, {flip['way']} "
            f"(a change of {_pts(flip['diff'])} points [{_pts(flip['lo'])}, {_pts(flip['hi'])}])")


def strength_lines(strength: dict[str, Any] | None) -> list[str]:
    if not strength:
        return []
    labels = strength["labels"]
    lines = [f"Play strength: the verdicts of {labels[0]} checked with " + " and ".join(labels[1:])
             + f" ({strength['tested']} cards compared, Benjamini-Hochberg)"]
    flipped = [c for c in strength["cards"] if c["flips"]]
    for c in flipped:
        for f in c["flips"]:
            lines.append("  " + flip_text(c, f, labels))
    if not flipped:
        lines.append("  No verdict flips with the bots beyond chance.")
    unconfirmed = [c for c in strength["cards"] if c["unconfirmed"]]
    if unconfirmed:
        lines.append("  Not confirmed by the other bots (their run could not tell; more games would): "
                     + ", ".join(f"{c['name']} ({c['mixes'][0]['verdict']})" for c in unconfirmed[:12])
                     + (" ..." if len(unconfirmed) > 12 else ""))
    return lines
