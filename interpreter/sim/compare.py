"""A/B comparison of two card sets played on the same seeds: the cards whose definition changed
first (what changed, field by field, and what changed in play), then the game, then every other
card, corrected for the many comparisons. Every difference is B - A with its 95% interval, and a
power statement says how large a change each sample could see."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from interpreter.sim.compare_report import compare_page
from interpreter.sim.health import change_lines as health_change_lines
from interpreter.sim.health import health_changes
from interpreter.sim.stats import (
    ALPHA,
    Moments,
    bh_adjust,
    detectable_mean_change,
    detectable_proportion_change,
    fisher_p,
    newcombe,
    paired,
    welch,
)

if TYPE_CHECKING:
    from interpreter.cards.loader import CardSet
    from interpreter.cards.model import CardDef

FIELDS = ("name", "set", "good", "action", "tier", "load", "text", "estimated")


# --- what changed in the definitions ------------------------------------------------------------------

def _value(card: CardDef, name: str) -> Any:
    if name == "load":
        return card.load_text()
    if name == "estimated":
        return ", ".join(card.estimated) or "none"
    return getattr(card, name)


def _powers(card: CardDef) -> list[dict[str, str]]:
    return [{"line": p.text, "english": p.node.english()} for p in card.powers]


def card_changes(a: CardSet, b: CardSet) -> dict[str, dict[str, Any]]:
    """Each card whose definition differs between the sets: added, removed, or changed with every
    changed field (A and B values), its power lines and its number of copies in the deck."""
    copies_a: dict[str, int] = {}
    copies_b: dict[str, int] = {}
    for c in a.cards:
        copies_a[c.id] = copies_a.get(c.id, 0) + 1
    for c in b.cards:
        copies_b[c.id] = copies_b.get(c.id, 0) + 1
    changes: dict[str, dict[str, Any]] = {}
    for card_id in sorted(a.by_id.keys() | b.by_id.keys()):
        ca, cb = a.by_id.get(card_id), b.by_id.get(card_id)
        copies = {"A": copies_a.get(card_id, 0), "B": copies_b.get(card_id, 0)}
        if ca is None or cb is None:  # every field of the card, on its side only
            present = cb if ca is None else ca
            assert present is not None
            side, other = ("B", "A") if ca is None else ("A", "B")
            fields = [{"field": f, side: _value(present, f), other: None} for f in FIELDS]
            fields.append({"field": "powers", side: _powers(present), other: None})
            fields.append({"field": "copies in the deck", **copies})
            changes[card_id] = {"id": card_id, "name": present.name, "status": "added" if ca is None else "removed",
                                "fields": fields, "copies": copies}
            continue
        fields = [{"field": f, "A": _value(ca, f), "B": _value(cb, f)} for f in FIELDS if _value(ca, f) != _value(cb, f)]
        powers_a, powers_b = _powers(ca), _powers(cb)
        if [p["line"] for p in powers_a] != [p["line"] for p in powers_b]:
            fields.append({"field": "powers", "A": powers_a, "B": powers_b})
        if copies["A"] != copies["B"]:
            fields.append({"field": "copies in the deck", **copies})
        if fields:
            changes[card_id] = {"id": card_id, "name": cb.name, "status": "changed", "fields": fields, "copies": copies}
    return changes


# --- what changed in play ------------------------------------------------------------------------------

def _difference(diff: float, ci: tuple[float, float], p: float, detectable: float | None) -> dict[str, Any]:
    return {"diff": diff, "lo": ci[0], "hi": ci[1], "p": p, "detectable": detectable}


def play_change(ca: dict[str, Any], cb: dict[str, Any]) -> dict[str, Any]:
    """B - A for one card present in both runs: completion rate, completers' win rate and score,
    length of the games in which it was completed; each with its interval and the smallest change
    the samples could see (80% power, 5% level)."""
    ga, gb = ca["games"], cb["games"]
    da, db = ca["completed_games"], cb["completed_games"]
    na, nb = ca["completers"], cb["completers"]
    wa, wb = ca["completer_wins"], cb["completer_wins"]
    completed = _difference(db / gb - da / ga if ga and gb else 0.0, newcombe(db, gb, da, ga), fisher_p(db, gb, da, ga),
                            detectable_proportion_change((da + db) / max(1, ga + gb), ga, gb))
    wins = None
    if na and nb:
        wins = _difference(wb / nb - wa / na, newcombe(wb, nb, wa, na), fisher_p(wb, nb, wa, na),
                           detectable_proportion_change((wa + wb) / (na + nb), na, nb))
    sa, sb = ca["score_completed"], cb["score_completed"]
    score = welch(sb, sa)
    pooled_sd = max(sa["sd"], sb["sd"])
    ta, tb = ca["turns_completed"], cb["turns_completed"]
    turns = welch(tb, ta)
    return {
        "games": [ga, gb], "completed_games": [da, db], "completers": [na, nb], "completer_wins": [wa, wb],
        "completed_rate": [ca["completed_rate"], cb["completed_rate"]], "completed_change": completed,
        "win_rate_completed": [ca["win_rate_completed"], cb["win_rate_completed"]], "win_change": wins,
        "score": [sa, sb], "score_change": _difference(score["diff"], (score["lo"], score["hi"]), score["p"],
                                                       detectable_mean_change(pooled_sd, sa["n"], sb["n"])),
        "turns": [ta, tb], "turns_change": _difference(turns["diff"], (turns["lo"], turns["hi"]), turns["p"],
                                                       detectable_mean_change(max(ta["sd"], tb["sd"]), ta["n"], tb["n"])),
    }


def one_side(row: dict[str, Any], side: str) -> dict[str, Any]:
    """A card in one run only: how it did there, against a typical card of that run."""
    return {"side": side, "games": row["games"], "completed_games": row["completed_games"], "completed_rate": row["completed_rate"],
            "completers": row["completers"], "win_rate_completed": row["win_rate_completed"], "ci_completed": row["ci_completed"],
            "vs_typical": row["vs_typical"], "vs_typical_ci": row.get("vs_typical_ci"), "typical_rate": row.get("typical_rate"),
            "score": row["score_completed"], "turns": row["turns_completed"]}


def compare(a: dict[str, Any], b: dict[str, Any], changes: dict[str, dict[str, Any]] | None = None) -> dict[str, Any]:
    """Compare two runs' results (results.json). `changes` (card_changes) says which cards were
    changed and how; without it, only cards in one run count as changed."""
    bots_a, bots_b = (r["meta"].get("bots") or ["heuristic"] * r["meta"]["players"] for r in (a, b))
    if bots_a != bots_b:
        raise ValueError(f"A and B were played by different bots ({', '.join(bots_a)} and {', '.join(bots_b)}): "
                         "an A/B comparison needs the same bots on both sides")
    cards_a = {c["id"]: c for c in a["cards"]}
    cards_b = {c["id"]: c for c in b["cards"]}
    min_n = max(a["meta"].get("min_completions", 30), b["meta"].get("min_completions", 30))
    changes = dict(changes or {})
    for card_id in cards_a.keys() ^ cards_b.keys():
        if card_id not in changes:
            present = cards_a.get(card_id) or cards_b[card_id]
            changes[card_id] = {"id": card_id, "name": present["name"], "status": "added" if card_id in cards_b else "removed",
                                "fields": [], "copies": {}}
    rows = []
    for card_id in sorted(cards_a.keys() | cards_b.keys()):
        ca, cb = cards_a.get(card_id), cards_b.get(card_id)
        if ca is None or cb is None:
            present = ca if ca is not None else cb
            assert present is not None
            rows.append({"id": card_id, "name": present["name"], "only_in": "A" if cb is None else "B",
                         "play": one_side(present, "A" if cb is None else "B"), "changed": True})
            continue
        play = play_change(ca, cb)
        win = play["win_change"]
        rows.append({
            "id": card_id, "name": cb["name"], "changed": card_id in changes, "play": play,
            "win_rate_completed": play["win_rate_completed"], "completed_rate": play["completed_rate"],
            "p_win": win["p"] if win else 1.0, "p_completed": play["completed_change"]["p"],
            "tested_win": bool(win) and min(ca["completers"], cb["completers"]) >= min_n,
        })
    _correct(rows)
    changed = [r for r in rows if r["changed"]]
    changed.sort(key=lambda r: (r.get("only_in") is not None, r["name"]))
    for r in changed:
        r["definition"] = changes.get(r["id"])
    others = sorted((r for r in rows if not r["changed"]), key=lambda r: min(r["q_win"] if r["q_win"] is not None else 1.0, r["q_completed"]))
    return {"A": a["meta"], "B": b["meta"], "cards": changed + others, "changed_cards": [r["id"] for r in changed],
            "end_reasons": end_reasons(a, b), "turns": turns_change(a, b), "scores": scores_change(a, b),
            "moved": [r["id"] for r in others if r["significant"]],
            "changed": [r["id"] for r in changed] + [r["id"] for r in others if r["significant"]],
            "hists": {"turns": [a["game"]["turns_all"], b["game"]["turns_all"]],
                      "scores": [a["game"].get("scores_all", []), b["game"].get("scores_all", [])]},
            "tests": {"cards": sum(1 for r in rows if "only_in" not in r), "min_completions": min_n, "fdr": ALPHA},
            "health": health_changes(a.get("health"), b.get("health"))}


def _correct(rows: list[dict[str, Any]]) -> None:
    """Benjamini-Hochberg over every card present in both runs: the changes of completion rate (one
    family) and of completers' win rate where both runs have enough completions (another)."""
    both = [r for r in rows if "only_in" not in r]
    for r, q in zip(both, bh_adjust([r["p_completed"] for r in both]), strict=True):
        r["q_completed"] = q
    tested = [r for r in both if r["tested_win"]]
    for r in both:
        r["q_win"] = None
    for r, q in zip(tested, bh_adjust([r["p_win"] for r in tested]), strict=True):
        r["q_win"] = q
    for r in both:
        r["significant"] = r["q_completed"] < ALPHA or (r["q_win"] is not None and r["q_win"] < ALPHA)


def end_reasons(a: dict[str, Any], b: dict[str, Any]) -> list[dict[str, Any]]:
    ga, gb = a["meta"]["games"], b["meta"]["games"]
    out = []
    for reason in sorted(set(a["game"]["end_reasons"]) | set(b["game"]["end_reasons"])):
        ka, kb = a["game"]["end_reasons"].get(reason, 0), b["game"]["end_reasons"].get(reason, 0)
        lo, hi = newcombe(kb, gb, ka, ga)
        out.append({"reason": reason, "A": ka / ga if ga else 0.0, "B": kb / gb if gb else 0.0, "n": [ka, kb], "games": [ga, gb],
                    "diff": (kb / gb if gb else 0.0) - (ka / ga if ga else 0.0), "lo": lo, "hi": hi, "p": fisher_p(kb, gb, ka, ga)})
    return out


def turns_change(a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    """Game length, B - A: paired by seed (the same deal played with either card set) where the runs
    share seeds, otherwise as two samples."""
    ga, gb = a["game"], b["game"]
    by_seed_a = dict(zip(ga.get("seeds", []), ga["turns_all"], strict=False))
    by_seed_b = dict(zip(gb.get("seeds", []), gb["turns_all"], strict=False))
    common = sorted(by_seed_a.keys() & by_seed_b.keys())
    if len(common) >= 2:
        change = paired([by_seed_a[s] for s in common], [by_seed_b[s] for s in common])
        diffs = [by_seed_b[s] - by_seed_a[s] for s in common]
        mean = sum(diffs) / len(diffs)
        sd = (sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1)) ** 0.5
        detectable = detectable_mean_change(sd / 2 ** 0.5, len(common), len(common))
        how = f"paired by seed over {len(common)} games"
    else:
        change = welch(_moments(gb["turns_all"]), _moments(ga["turns_all"]))
        detectable = detectable_mean_change(max(ga["turns"]["sd"], gb["turns"]["sd"]), len(ga["turns_all"]), len(gb["turns_all"]))
        how = "two samples"
    return {"A": ga["turns"], "B": gb["turns"], "diff": change["diff"], "lo": change["lo"], "hi": change["hi"], "p": change["p"],
            "detectable": detectable, "how": how}


def scores_change(a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    ga, gb = a["game"], b["game"]
    win = welch(_moments(gb.get("winning_all", [])), _moments(ga.get("winning_all", [])))
    return {"A": ga["winning_score"], "B": gb["winning_score"], **win}


def _moments(values: list[float]) -> dict[str, Any]:
    m = Moments()
    for v in values:
        m.add(v)
    return m.as_dict()


# --- the summary for the terminal -------------------------------------------------------------------

def _pct(v: float | None) -> str:
    return "-" if v is None else f"{100 * v:.0f}%"


def _pts(v: float) -> str:
    rounded = round(100 * v)
    return "0" if rounded == 0 else f"{rounded:+d}"


def _p(p: float) -> str:
    return "p < 0.001" if p < 0.001 else f"p = {p:.3f}"


def _text(value: Any) -> str:
    if isinstance(value, list):  # power lines
        return "; ".join(p["line"] if isinstance(p, dict) else str(p) for p in value) or "(none)"
    return str(value)


CONTEXT = 16  # characters of unchanged text kept before and after a change


def changed_part(a: str, b: str, room: int = 60) -> tuple[str, str]:
    """Two values short enough for a terminal line, cut around what differs between them, with a
    little of the unchanged text on either side: `… pays 2 credits …` -> `… pays 3 credits …`."""
    if len(a) <= room and len(b) <= room:
        return a, b
    same_start = 0
    while same_start < min(len(a), len(b)) and a[same_start] == b[same_start]:
        same_start += 1
    same_end = 0
    while same_end < min(len(a), len(b)) - same_start and a[-1 - same_end] == b[-1 - same_end]:
        same_end += 1
    start = max(0, same_start - CONTEXT)

    def cut(text: str) -> str:
        end = min(len(text), len(text) - same_end + CONTEXT)
        part = text[start:end]
        if len(part) > room:
            part, end = part[:room - 1], start + room - 1
        return ("…" if start > 0 else "") + part + ("…" if end < len(text) else "")
    return cut(a), cut(b)


def field_text(f: dict[str, Any]) -> str:
    """`tier: 2 -> 1`; long values (texts, powers) are cut around the change, never before it (the
    HTML report has them whole). Powers: only the lines that changed, when the count is the same."""
    a, b = f["A"], f["B"]
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b) and len(a) > 1:
        pairs = [(x, y) for x, y in zip(a, b, strict=True) if _text([x]) != _text([y])]
        return "; ".join(f"{f['field']}: " + " -> ".join(changed_part(_text([x]), _text([y]))) for x, y in pairs)
    shown_a, shown_b = changed_part(_text(a) if a is not None else "(none)", _text(b) if b is not None else "(none)")
    return f"{f['field']}: {shown_a} -> {shown_b}"


def change_lines(r: dict[str, Any]) -> list[str]:
    """A changed card for the terminal: what changed in its definition, then in play."""
    d = r.get("definition") or {}
    status = d.get("status", "changed")
    if "only_in" in r:
        p = r["play"]
        copies = (d.get("copies") or {}).get(r["only_in"])
        where = ("new in B" if r["only_in"] == "B" else "removed in B (only in A)") + (f", {copies} cop{'y' if copies == 1 else 'ies'}" if copies else "")
        vs = "" if p["vs_typical"] is None else f" ({_pts(p['vs_typical'])} points against a typical card)"
        return [f"  {r['name']}: {where}",
                f"    in {r['only_in']}: completed in {_pct(p['completed_rate'])} of {p['games']} games; completers win "
                f"{_pct(p['win_rate_completed'])} of {p['completers']}{vs}"]
    lines = [f"  {r['name']}: {status}" + (": " + "; ".join(field_text(f) for f in d.get("fields", [])) if d.get("fields") else "")]
    play = r["play"]
    c = play["completed_change"]
    lines.append(f"    completed in {_pct(play['completed_rate'][0])} -> {_pct(play['completed_rate'][1])} of games "
                 f"({_pts(c['diff'])} points [{_pts(c['lo'])}, {_pts(c['hi'])}], {_p(c['p'])}; n={play['games'][0]}, {play['games'][1]})")
    w = play["win_change"]
    if w is not None:
        can_see = f"; these samples can see a change of about ±{100 * w['detectable']:.0f} points" if w["detectable"] else ""
        lines.append(f"    completers win {_pct(play['win_rate_completed'][0])} of {play['completers'][0]} -> "
                     f"{_pct(play['win_rate_completed'][1])} of {play['completers'][1]} ({_pts(w['diff'])} points "
                     f"[{_pts(w['lo'])}, {_pts(w['hi'])}], {_p(w['p'])}){can_see}")
    s = play["score_change"]
    lines.append(f"    completers' score {play['score'][0]['mean']:g} -> {play['score'][1]['mean']:g} ({s['diff']:+.1f} [{s['lo']:+.1f}, "
                 f"{s['hi']:+.1f}]); games where it was completed last {play['turns'][0]['mean']:g} -> {play['turns'][1]['mean']:g} turns")
    return lines


def compare_summary(result: dict[str, Any]) -> str:
    a, b = result["A"], result["B"]
    lines = [f"A: {a['cards']} ({a['games']} games)   B: {b['cards']} ({b['games']} games), {a['players']} players, the same seeds, "
             f"{a.get('bots_label') or 'heuristic bots'}"]
    changed = [r for r in result["cards"] if r["changed"]]
    lines.append(f"Changed cards ({len(changed)}):" if changed else "No card's definition differs between A and B.")
    for r in changed:
        lines += change_lines(r)
    t = result["turns"]
    lines.append(f"Turns per game: {t['A']['mean']} -> {t['B']['mean']} ({t['diff']:+.2f} [{t['lo']:+.2f}, {t['hi']:+.2f}], "
                 f"{_p(t['p'])}, {t['how']})")
    for e in result["end_reasons"]:
        lines.append(f"Ended by {e['reason']}: {_pct(e['A'])} -> {_pct(e['B'])} ({_pts(e['diff'])} points [{_pts(e['lo'])}, "
                     f"{_pts(e['hi'])}], {_p(e['p'])})")
    moved = [r for r in result["cards"] if not r["changed"] and r["significant"]]
    tests = result["tests"]
    if moved:
        lines.append(f"Other cards whose results moved (Benjamini-Hochberg over {tests['cards']} cards, false discovery rate 5%): "
                     + ", ".join(r["name"] for r in moved))
    else:
        lines.append(f"No other card's results moved beyond chance (Benjamini-Hochberg over {tests['cards']} cards).")
    lines += health_change_lines(result.get("health"))
    return "\n".join(lines)


def compare_html(result: dict[str, Any]) -> str:
    return compare_page(result)

