"""A tune's results in words (the terminal) and as one HTML page (tune.html, which the desk shows): the
suggestion and how sure it is, the best candidates with their effect, interval and n, the response
curve of each varied number, the rounds of the race, and how to confirm the suggestion."""

from __future__ import annotations

import shlex
from typing import Any

from interpreter.sim.report import SORT, STYLE
from interpreter.sim.svg import NEGATIVE, NEUTRAL, POSITIVE, SERIES_A, Point, esc, response_curve

SHOWN = 5  # candidates listed on the terminal


def pts(v: float | None) -> str:
    if v is None:
        return "–"
    rounded = round(100 * v)
    return "0" if rounded == 0 else f"{rounded:+d}"


def target_text(target: float) -> str:
    return "fair (0 points against a typical card)" if target == 0 else f"{pts(target)} points against a typical card"


def effect_text(row: dict[str, Any]) -> str:
    if row["effect"] is None:
        return f"never completed in {row['games']} games"
    return (f"{pts(row['effect'])} points [{pts(row['ci'][0])}, {pts(row['ci'][1])}] "
            f"({row['completions']} completions in {row['games']} games)")


def sure_text(row: dict[str, Any]) -> str:
    return "" if row.get("p_best") is None else f"best in {100 * row['p_best']:.0f}% of resamples"


# Games a side of the suggested check: 6,000 tell about ±3 points for a card completed in a fifth of
# the games, where 2,000 tell about ±5, too wide to confirm most tunes (docs/balance.md).
CONFIRM_GAMES = 6000


def confirm_command(results: dict[str, Any], out: str | None) -> str | None:
    """The balance comparison that confirms the suggestion: the card set tuned (A) against it with the pack (B)."""
    meta = results["meta"]
    if not out or not results.get("pack"):
        return None
    players = ",".join(map(str, meta["player_counts"])) if meta["player_counts"] else str(meta["players"])
    args = ["importexport", "balance", "--games", str(CONFIRM_GAMES), "--players", players, "--seed", str(meta["seed"] + 1)]
    cards = meta.get("spec") or {}
    if cards.get("expansions", "none") not in ("", "none"):
        args += ["--expansions", cards["expansions"]]
    for mod in cards.get("mods", []):
        args += ["--mod", mod]
    for option in meta["options"]:
        args += ["--option", option]
    bots = meta["bots"]
    if any(b != "heuristic" for b in bots):
        args += ["--bots", ",".join(bots)]
    side_a = cards["expansions"] if cards.get("expansions", "none") not in ("", "none") else "base"
    args += ["--out", f"{out.rstrip('/')}-check", "--compare", side_a, out]
    return " ".join(shlex.quote(a) for a in args)


def short_of_target(results: dict[str, Any]) -> str | None:
    """When even the best candidate's interval lies wholly on one side of the target: no single change
    searched reached it in these games (the card may need two numbers moved, or wider ranges)."""
    best, target = results["best"], results["meta"]["target"]
    if best is None or best["effect"] is None:
        return None
    low, high = best["ci"]
    if low <= target <= high:
        return None
    side = "weaker" if high < target else "stronger"
    return (f"Even the best is still {side} than the target (its interval leaves it out): no single change searched "
            "brings the card there in these games. Widen a range (--vary NAME=LOW..HIGH), or tune the pack again to "
            "move a second number, and confirm on fresh seeds.")


def summary_text(results: dict[str, Any], out: str | None = None) -> str:
    meta, best, printed = results["meta"], results["best"], results["printed"]
    lines = [f"Tuning {meta['name']} ({meta['cards']}) towards {target_text(meta['target'])}: {meta['games']} games "
             f"({meta['played']} played now) in {meta['seconds']:g} s",
             "Varied: " + "; ".join(f"{k['name']} {k['least']}..{k['most']} (printed {k['value']})" for k in meta["knobs"]),
             f"As printed: {effect_text(printed)}"]
    if results.get("refused"):
        lines.append(f"{len(results['refused'])} value(s) the checker refuses were not played, e.g. {results['refused'][0]}")
    if best is None:
        lines.append("No candidate was played.")
        return "\n".join(lines)
    finalists = [c for c in results["candidates"] if c["status"] == "finalist"]
    if best["effect"] is None:
        lines.append("No candidate's card was completed in these games: there is no estimate yet; give the search more games or minutes.")
        return "\n".join(lines)
    lines.append(f"Best: {best['label']}: {effect_text(best)}" + (f"; {sure_text(best)}" if sure_text(best) else ""))
    if best["changes"] == 0:
        lines.append("The card as printed is the closest to the target of every candidate: no change is suggested.")
    if results.get("best_at_edge"):
        lines.append("The best value lies at the end of the range searched: the target may lie beyond it (widen it with --vary NAME=LOW..HIGH).")
    short = short_of_target(results)
    if short:
        lines.append(short)
    lines.append(f"Candidates still in the race at the end ({len(finalists)}), closest first:")
    for c in finalists[:SHOWN]:
        lines.append(f"  {c['label']:<22} {effect_text(c)}" + (f"; {sure_text(c)}" if sure_text(c) else ""))
    dropped = [c for c in results["candidates"] if c["status"] == "dropped"]
    if dropped:
        lines.append(f"{len(dropped)} candidate(s) dropped on the way (clearly further from the target, dead, or cut to fit the budget).")
    lines += strength_lines(results.get("strength"), best)
    if meta["interrupted"]:
        lines.append("Interrupted: the results cover the games finished; continue with the same command and --resume.")
    elif meta["out_of_budget"]:
        lines.append("The budget ran out before one candidate was left: more minutes (--budget) would narrow the intervals.")
    if meta["failed"]:
        lines.append(f"{meta['failed']} game(s) failed and were left out (their seeds are in tune.json).")
    command = confirm_command(results, out)
    if command:
        lines.append(f"The best is written as a mod pack in {out}; confirm it on fresh seeds with:\n  {command}")
    return "\n".join(lines)


def strength_lines(strength: dict[str, Any] | None, best: dict[str, Any] | None) -> list[str]:
    """The finalists checked with the other bot mixes: the suggestion's verdict, and any that flips."""
    if not strength:
        return []
    labels = strength["labels"]
    lines = []
    for item in strength["checked"]:
        if best is None or item["label"] != best["label"]:
            continue
        here = item["here"]
        lines.append(f"With {labels[item['mix'] - 1]} the suggestion is {item['verdicts'][1]}: "
                     + effect_text({**here, "effect": here["effect"]}) + f" (with {labels[0]}: {item['verdicts'][0]})")
    for flip in strength["flips"]:
        lines.append(f"Depends on play strength: {flip['label']} is {flip['verdicts'][0]} with {labels[0]} and "
                     f"{flip['verdicts'][1]} with {labels[flip['mix'] - 1]}; {flip['way']} ({pts(flip['change']['diff'])} points "
                     f"[{pts(flip['change']['lo'])}, {pts(flip['change']['hi'])}])")
    if not strength["flips"]:
        lines.append(f"No finalist's verdict changes with {' or '.join(labels[1:])} beyond chance.")
    return lines


# --- the page ---------------------------------------------------------------------------------------------

EXTRA = """.best{background:#eef6ee;border:1px solid #b9dcb9;border-radius:6px;padding:.5em 1em}.curves{display:flex;flex-wrap:wrap;gap:16px}
table.candidates td:last-child{white-space:normal;text-align:left;min-width:22em}
code.cmd{display:block;white-space:pre-wrap;background:#f6f8fa;padding:.5em;border-radius:4px}"""


def tune_page(results: dict[str, Any], out: str | None = None) -> str:
    meta = results["meta"]
    body = header(results) + best_section(results, out) + curves_section(results) + candidates_section(results) + rounds_section(results)
    return (f'<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">'
            f"<title>Tuning {esc(meta['name'])}</title><style>{STYLE}{EXTRA}</style></head><body>{body}{SORT}</body></html>")


def header(results: dict[str, Any]) -> str:
    meta = results["meta"]
    players = ", ".join(map(str, meta["player_counts"])) if meta["player_counts"] else str(meta["players"])
    state = (" · interrupted" if meta["interrupted"] else "") + (" · the budget ran out" if meta["out_of_budget"] else "")
    return (f"<h1>Tuning {esc(meta['name'])}</h1><p class='sub'>towards {esc(target_text(meta['target']))} · {esc(meta['cards'])} · "
            f"{players} players · bots {esc(', '.join(sorted(set(meta['bots']))))} · {meta['games']} games, the same seeds for every "
            f"candidate (seed {meta['seed']}) · {meta['seconds']:g} s{state}</p>")


def best_section(results: dict[str, Any], out: str | None) -> str:
    best, printed, meta = results["best"], results["printed"], results["meta"]
    if best is None:
        return "<p>No candidate was played.</p>"
    if best["effect"] is None:
        return "<section class='best'><p>No candidate's card was completed in these games: there is no estimate yet.</p></section>"
    items = [f"<li>As printed: {esc(effect_text(printed))}.</li>",
             f"<li><b>Suggested: {esc(best['label'])}</b>: {esc(effect_text(best))}" + (f"; {esc(sure_text(best))}" if sure_text(best) else "")
             + ".</li>"]
    if best["changes"] == 0:
        items.append("<li>The card as printed is the closest to the target: no change is suggested.</li>")
    if results.get("best_at_edge"):
        items.append("<li>The suggestion lies at the end of the range searched: the target may lie beyond it.</li>")
    short = short_of_target(results)
    if short:
        items.append(f"<li>{esc(short)}</li>")
    command = confirm_command(results, out or results.get("pack"))
    if command:
        items.append(f"<li>The suggestion is written as a mod pack ({esc(results['pack'])}); confirm it on fresh seeds:"
                     f"<code class='cmd'>{esc(command)}</code></li>")
    items += [f"<li>{esc(line)}</li>" for line in strength_lines(results.get("strength"), best)]
    items.append(f"<li>A candidate's score is its distance to the target plus {100 * meta['change_cost']:g} point per number changed; "
                 "\"best in N% of resamples\" is how often it ranks first when the common games are resampled (bootstrap).</li>")
    return f"<section class='best'><ul>{''.join(items)}</ul></section>"


def curves_section(results: dict[str, Any]) -> str:
    meta = results["meta"]
    best = results["best"]
    charts = []
    for knob in meta["knobs"]:
        pts_ = results["curves"].get(knob["name"], [])
        points = []
        for p in pts_:
            if p["effect"] is None:
                continue
            is_best = best is not None and p["label"] == best["label"]
            mark = "best" if is_best else ("printed" if p["value"] == knob["value"] else "")
            colour = POSITIVE if is_best else (SERIES_A if p["status"] == "finalist" else NEUTRAL)
            points.append(Point(p["value"], p["effect"], p["ci"][0], p["ci"][1],
                                f"{knob['name']} = {p['value']}: {effect_text(p)}" + (f"; dropped: {p['why']}" if p["why"] else ""),
                                colour, mark))
        where = knob["where"] if len(knob["where"]) <= 80 else knob["where"][:79] + "…"
        charts.append("<div>" + response_curve(points, target=meta["target"], x_label=f"{knob['name']} ({knob['what']})",
                                               y_label="points vs a typical card", title=where, width=600)
                      + "</div>")
    return ("<h2>Response curves</h2><p class='note'>The effect (completers' win rate minus a typical card's, points) at each value "
            "of one number, the others as printed, with 95% intervals; the dashed line is the target. Grey points left the race "
            "early, so they have fewer games and wider intervals.</p>"
            f"<div class='curves'>{''.join(charts)}</div>")


def candidates_section(results: dict[str, Any]) -> str:
    rows = []
    for rank, c in enumerate(results["candidates"], start=1):
        colour = "pos" if c["effect"] is not None and c["ci"][0] > results["meta"]["target"] else (
            "neg" if c["effect"] is not None and c["ci"][1] < results["meta"]["target"] else "")
        cells = [(rank, rank), (esc(c["label"]), c["label"]), (c["changes"], c["changes"]),
                 (f"<span class='{colour}'>{pts(c['effect'])}</span>"
                  + (f" <span class='n'>[{pts(c['ci'][0])}, {pts(c['ci'][1])}]</span>" if c["effect"] is not None else ""),
                  c["effect"] if c["effect"] is not None else 9),
                 (c["completions"], c["completions"]), (c["games"], c["games"]),
                 (f"{100 * c['completed_rate']:.0f}%", c["completed_rate"]),
                 ("" if c["p_best"] is None else f"{100 * c['p_best']:.0f}%", c["p_best"] if c["p_best"] is not None else -1),
                 (esc(c["why"] or "in the race to the end"), c["dropped_round"] or 0)]
        rows.append(f"<tr class='{'standout' if rank == 1 else ''}'>" + "".join(f"<td data-v='{esc(v)}'>{t}</td>" for t, v in cells) + "</tr>")
    head = "".join(f"<th>{h}</th>" for h in ("rank", "candidate", "changes", "effect, points [95% CI]", "completions", "games",
                                              "completed in", "best in resamples", "status"))
    return (f"<h2>Every candidate</h2><div class='wide'><table class='sortable candidates'><thead><tr>{head}</tr></thead>"
            f"<tbody>{''.join(rows)}</tbody></table></div>")


def rounds_section(results: dict[str, Any]) -> str:
    items = []
    for r in results["rounds"]:
        gone = r["dropped"] + r["cut"]
        items.append(f"<li>Round {r['number']}: {r['candidates']} candidates, {r['games_each']} games each so far"
                     + (f"; dropped {esc(', '.join(r['dropped']))}" if r["dropped"] else "")
                     + (f"; cut to fit the budget: {esc(', '.join(r['cut']))}" if r["cut"] else "")
                     + ("" if gone else "; none left the race") + ".</li>")
    refused = results.get("refused") or []
    more = (f"<p class='note'>Values the checker refuses were not played: {esc('; '.join(refused[:8]))}"
            f"{' ...' if len(refused) > 8 else ''}</p>") if refused else ""
    return f"<h2>The race</h2><ol>{''.join(items)}</ol>{more}" + _legend()


def _legend() -> str:
    return (f"<p class='note'>Colours: <span style='color:{POSITIVE}'>the suggestion</span>, <span style='color:{SERIES_A}'>in the "
            f"race to the end</span>, <span style='color:{NEUTRAL}'>dropped</span>; effects whose interval lies wholly above the "
            f"target are <span style='color:{POSITIVE}'>green</span> in the table, wholly below <span style='color:{NEGATIVE}'>red"
            "</span>.</p>")
