"""The A/B comparison as one HTML page (compare.html): the changed cards first, each with what
changed in its definition (field by field, powers in English) and in play (B - A with intervals,
and how large a change the samples could see); then the game; then the other cards that moved,
after the correction for many comparisons."""

from __future__ import annotations

from typing import Any

from interpreter.sim.health_report import change_section
from interpreter.sim.report import SORT, STYLE, pct, pts
from interpreter.sim.svg import NEGATIVE, NEUTRAL, POSITIVE, SERIES_A, SERIES_B, Estimate, Series, bin_counts, esc, forest, histogram, nice_span

EXTRA_STYLE = """.card{border:1px solid #d0d7de;border-radius:6px;padding:.4em 1em;margin:.8em 0}.card h3{margin:.3em 0}
table.diff{table-layout:fixed}table.diff td,table.diff th{white-space:normal;text-align:left;vertical-align:top}
table.diff th:first-child{width:16%}.was{color:#b83b35}.now{color:#2f7d3a}
.legend span{display:inline-block;width:10px;height:10px;margin:0 4px 0 10px}"""


def _p(p: float) -> str:
    return "&lt; 0.001" if p < 0.001 else f"{p:.3f}"


def _p_text(p: float) -> str:
    """The p-value for SVG text, which escapes it itself."""
    return "< 0.001" if p < 0.001 else f"= {p:.3f}"


def _can_see(d: float | None, points: bool = True) -> str:
    if d is None:
        return "–"
    return f"±{100 * d:.0f} points" if points else f"±{d:.1f}"


def _colour(diff: float, lo: float, hi: float) -> str:
    if lo > 0:
        return POSITIVE
    if hi < 0:
        return NEGATIVE
    return NEUTRAL


def compare_page(result: dict[str, Any]) -> str:
    a, b = result["A"], result["B"]
    body = (f"<h1>A/B comparison</h1><p class='sub'><b>A</b> {esc(a['cards'])} · <b>B</b> {esc(b['cards'])} · "
            f"{a['games']} and {b['games']} games on the same seeds, {esc(a.get('bots_label') or str(a['players']) + ' heuristic bots')} · "
            f"<a href='a/report.html'>A's report</a> · <a href='b/report.html'>B's report</a></p>"
            + headline(result) + changed_section(result) + game_section(result) + change_section(result.get("health"))
            + others_section(result))
    return (f'<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">'
            f"<title>A/B comparison: {esc(a['cards'])} vs {esc(b['cards'])}</title><style>{STYLE}{EXTRA_STYLE}</style></head>"
            f"<body>{body}{SORT}</body></html>")


def headline(result: dict[str, Any]) -> str:
    changed = [r for r in result["cards"] if r["changed"]]
    moved = [r for r in result["cards"] if not r["changed"] and r.get("significant")]
    t = result["turns"]
    items = [f"<li><b>{len(changed)} card{'s' if len(changed) != 1 else ''} changed</b>: "
             + (", ".join(f"<a href='#change-{esc(r['id'])}'>{esc(r['name'])}</a>" for r in changed) or "none") + "</li>",
             f"<li>Games last {t['B']['mean']:g} turns in B, {t['A']['mean']:g} in A: {t['diff']:+.2f} [{t['lo']:+.2f}, {t['hi']:+.2f}] "
             f"({t['how']}; p {esc(_p_text(t['p']))}; these samples can see a change of {_can_see(t['detectable'], False)} turns).</li>",
             f"<li>{len(moved)} other card{'s' if len(moved) != 1 else ''} moved beyond chance (Benjamini–Hochberg over "
             f"{result['tests']['cards']} cards, false discovery rate 5%)"
             + (": " + ", ".join(esc(r["name"]) for r in moved[:10]) if moved else "") + ".</li>"]
    return f"<section class='findings'><h2 style='margin-top:.2em;border:0'>In short</h2><ul>{''.join(items)}</ul></section>"


def changed_section(result: dict[str, Any]) -> str:
    changed = [r for r in result["cards"] if r["changed"]]
    if not changed:
        return "<h2>Changed cards</h2><p>No card's definition differs between A and B.</p>"
    rows: list[Estimate] = []
    for r in changed:
        if "only_in" in r:
            continue
        play = r["play"]
        c = play["completed_change"]
        rows.append(Estimate(f"{r['name']}: completed", c["diff"], c["lo"], c["hi"],
                             f"{pct(play['completed_rate'][0])} → {pct(play['completed_rate'][1])} of games; p {_p_text(c['p'])}",
                             _colour(c["diff"], c["lo"], c["hi"]), link=f"#change-{r['id']}"))
        w = play["win_change"]
        if w is not None:
            rows.append(Estimate(f"{r['name']}: completers win", w["diff"], w["lo"], w["hi"],
                                 f"{pct(play['win_rate_completed'][0])} → {pct(play['win_rate_completed'][1])}; "
                                 f"n {play['completers'][0]} → {play['completers'][1]}; p {_p_text(w['p'])}",
                                 _colour(w["diff"], w["lo"], w["hi"]), link=f"#change-{r['id']}"))
    for r in changed:
        p = r["play"]
        if "only_in" in r and p["vs_typical"] is not None and p.get("vs_typical_ci"):
            lo, hi = p["vs_typical_ci"]
            rows.append(Estimate(f"{r['name']}: vs typical in {p['side']}", p["vs_typical"], lo, hi,
                                 f"completers win {pct(p['win_rate_completed'])} of {p['completers']}; typical {pct(p['typical_rate'])}",
                                 _colour(p["vs_typical"], lo, hi), link=f"#change-{r['id']}"))
    chart = ""
    if rows:
        span = nice_span([v for e in rows for v in (e.lo, e.hi)], 0.1)
        chart = forest(rows, span=span, scale=100, title="B − A (new or removed cards: against a typical card), points, 95% intervals",
                       label_width=300, note_width=330)
    return "<h2>Changed cards</h2>" + chart + "".join(change_card(r) for r in changed)


def _field_value(value: Any) -> str:
    if value is None:
        return "–"
    if isinstance(value, list):  # power lines, each with its English
        return "".join(f"<code>{esc(p['line'])}</code><br><span class='note'>{esc(p['english'])}</span><br>" for p in value) or "(none)"
    return esc(value)


def change_card(r: dict[str, Any]) -> str:
    d = r.get("definition") or {}
    status = d.get("status", "changed")
    title = {"added": "new in B", "removed": "only in A (removed in B)"}.get(status, "changed")
    parts = [f"<div class='card' id='change-{esc(r['id'])}'><h3>{esc(r['name'])} <span class='note'>({title})</span></h3>"]
    if d.get("fields"):
        parts.append("<table class='diff'><thead><tr><th>field</th><th>A</th><th>B</th></tr></thead><tbody>"
                     + "".join(f"<tr><td>{esc(f['field'])}</td><td class='was'>{_field_value(f['A'])}</td>"
                               f"<td class='now'>{_field_value(f['B'])}</td></tr>" for f in d["fields"]) + "</tbody></table>")
    parts.append(play_table(r))
    parts.append("</div>")
    return "".join(parts)


def play_table(r: dict[str, Any]) -> str:
    play = r["play"]
    if "only_in" in r:
        vs = "" if play["vs_typical"] is None else (f"; {pts(play['vs_typical'])} points against a typical card of {play['side']}"
                                                   + (f" [{pts(play['vs_typical_ci'][0])}, {pts(play['vs_typical_ci'][1])}]"
                                                      if play.get("vs_typical_ci") else ""))
        return (f"<p>In {play['side']}: completed in {pct(play['completed_rate'])} of {play['games']} games; completers win "
                f"{pct(play['win_rate_completed'])} of {play['completers']}{vs}; completers' score {play['score']['mean']:g} "
                f"(n={play['score']['n']}).</p>")
    head = "<tr><th>in play</th><th>A</th><th>B</th><th>B − A</th><th>95% interval</th><th>p</th><th>these samples can see</th></tr>"
    rows = []
    c = play["completed_change"]
    rows.append(("completed in", f"{pct(play['completed_rate'][0])} <span class='n'>{play['completed_games'][0]} of {play['games'][0]}</span>",
                 f"{pct(play['completed_rate'][1])} <span class='n'>{play['completed_games'][1]} of {play['games'][1]}</span>",
                 f"{pts(c['diff'])} points", f"[{pts(c['lo'])}, {pts(c['hi'])}]", _p(c["p"]), _can_see(c["detectable"])))
    w = play["win_change"]
    if w is not None:
        rows.append(("completers win", f"{pct(play['win_rate_completed'][0])} <span class='n'>of {play['completers'][0]}</span>",
                     f"{pct(play['win_rate_completed'][1])} <span class='n'>of {play['completers'][1]}</span>",
                     f"{pts(w['diff'])} points", f"[{pts(w['lo'])}, {pts(w['hi'])}]", _p(w["p"]), _can_see(w["detectable"])))
    for label, key, change in (("completers' final score", "score", "score_change"), ("length of games where completed, turns", "turns", "turns_change")):
        m, ch = play[key], play[change]
        rows.append((label, f"{m[0]['mean']:g} <span class='n'>n={m[0]['n']}</span>", f"{m[1]['mean']:g} <span class='n'>n={m[1]['n']}</span>",
                     f"{ch['diff']:+.1f}", f"[{ch['lo']:+.1f}, {ch['hi']:+.1f}]", _p(ch["p"]), _can_see(ch["detectable"], False)))
    body = "".join("<tr>" + "".join(f"<td>{cell}</td>" for cell in row) + "</tr>" for row in rows)
    return f"<table><thead>{head}</thead><tbody>{body}</tbody></table>"


def game_section(result: dict[str, Any]) -> str:
    t = result["turns"]
    ends = "".join(f"<tr><td>{esc(e['reason'])}</td><td>{pct(e['A'])} <span class='n'>{e['n'][0]} of {e['games'][0]}</span></td>"
                   f"<td>{pct(e['B'])} <span class='n'>{e['n'][1]} of {e['games'][1]}</span></td><td>{pts(e['diff'])} points</td>"
                   f"<td>[{pts(e['lo'])}, {pts(e['hi'])}]</td><td>{_p(e['p'])}</td></tr>" for e in result["end_reasons"])
    s = result["scores"]
    hists = result.get("hists", {})
    turns_a, turns_b = hists.get("turns", [[], []])
    scores_a, scores_b = hists.get("scores", [[], []])
    charts = ("<div class='charts'><div><h3>Game length</h3>"
              + histogram([Series("A", bin_counts(turns_a, 2), SERIES_A), Series("B", bin_counts(turns_b, 2), SERIES_B)],
                          bin_width=2, x_label="turns", title="game length, A and B")
              + "</div><div><h3>Final scores</h3>"
              + histogram([Series("A", bin_counts(scores_a, 5), SERIES_A), Series("B", bin_counts(scores_b, 5), SERIES_B)],
                          bin_width=5, x_label="final score (all players)", title="final scores, A and B") + "</div></div>")
    return (f"<h2>The game</h2><table><thead><tr><th>game</th><th>A</th><th>B</th><th>B − A</th><th>95% interval</th><th>p</th></tr></thead>"
            f"<tbody><tr><td>turns per game ({esc(t['how'])})</td><td>{t['A']['mean']:g} <span class='n'>n={t['A'].get('n', '')}</span></td>"
            f"<td>{t['B']['mean']:g} <span class='n'>n={t['B'].get('n', '')}</span></td><td>{t['diff']:+.2f}</td>"
            f"<td>[{t['lo']:+.2f}, {t['hi']:+.2f}]</td><td>{_p(t['p'])}</td></tr>"
            f"<tr><td>winning score</td><td>{s['A']['mean']:g}</td><td>{s['B']['mean']:g}</td><td>{s['diff']:+.1f}</td>"
            f"<td>[{s['lo']:+.1f}, {s['hi']:+.1f}]</td><td>{_p(s['p'])}</td></tr>{ends}</tbody></table>{charts}")


def others_section(result: dict[str, Any]) -> str:
    others = [r for r in result["cards"] if not r["changed"]]
    tested = [r for r in others if r["play"]["win_change"] is not None and r.get("q_win") is not None]
    rows = []
    for r in tested[:40]:
        w = r["play"]["win_change"]
        rows.append(Estimate(r["name"], w["diff"], w["lo"], w["hi"],
                             f"{pts(w['diff'])} n {r['play']['completers'][0]} → {r['play']['completers'][1]} q={r['q_win']:.2f}",
                             (POSITIVE if w["diff"] > 0 else NEGATIVE) if r["significant"] else NEUTRAL, r["significant"]))
    chart = ""
    if rows:
        span = nice_span([v for e in rows for v in (e.lo, e.hi)], 0.1)
        chart = forest(rows, span=span, scale=100, title="completers' win rate, B − A, points (strongest evidence first)")
    table_rows = []
    for r in others:
        play = r["play"]
        w = play["win_change"]
        q_win = "" if r["q_win"] is None else f"{r['q_win']:.3f}"
        wins = "" if w is None else f"{pct(play['win_rate_completed'][0])} → {pct(play['win_rate_completed'][1])}"
        table_rows.append(
            f"<tr class='{'standout' if r['significant'] else ''}'><td>{esc(r['name'])}</td>"
            f"<td data-v='{play['completed_rate'][1] - play['completed_rate'][0]:.4f}'>{pct(play['completed_rate'][0])} → "
            f"{pct(play['completed_rate'][1])}</td><td data-v='{r['q_completed']:.4f}'>{r['q_completed']:.3f}</td>"
            f"<td data-v='{(w or {}).get('diff', 0):.4f}'>{wins}"
            f" <span class='n'>n {play['completers'][0]} → {play['completers'][1]}</span></td>"
            f"<td data-v='{r['q_win'] if r['q_win'] is not None else 9}'>{q_win}</td></tr>")
    return (f"<h2>Other cards</h2><p class='note'>Cards whose definition is the same in A and B, their results B − A; q: the p-value "
            f"corrected for the {result['tests']['cards']} cards compared (Benjamini–Hochberg). A change of win rate is tested where "
            f"both runs have at least {result['tests']['min_completions']} completions.</p>{chart}"
            "<table class='sortable'><thead><tr><th>card</th><th>completed in</th><th>q</th><th>completers win</th><th>q</th></tr></thead>"
            f"<tbody>{''.join(table_rows)}</tbody></table>")
