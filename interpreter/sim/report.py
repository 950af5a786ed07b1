"""The balance report as one HTML page with inline SVG charts: opens in a browser, no server, no
scripts from elsewhere."""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

STYLE = """body{font:14px/1.45 system-ui,sans-serif;margin:2em auto;max-width:1100px;color:#222}
h1{font-size:1.6em}h2{margin-top:2em;border-bottom:1px solid #ccc}table{border-collapse:collapse;width:100%}
td,th{padding:3px 6px;border-bottom:1px solid #eee;text-align:right}td:first-child,th:first-child{text-align:left}
th{cursor:pointer;background:#f4f4f4}.pos{color:#176a1e}.neg{color:#a11}.sig{font-weight:bold}
.note{color:#666;font-size:.9em}svg text{font-size:11px}"""

SORT = """<script>document.querySelectorAll('th').forEach((th,i)=>th.onclick=()=>{const t=th.closest('table'),
rows=[...t.querySelectorAll('tbody tr')],d=th.dataset.d=th.dataset.d==='1'?'-1':'1';rows.sort((a,b)=>{
const x=a.children[i].dataset.v??a.children[i].textContent,y=b.children[i].dataset.v??b.children[i].textContent;
return (isNaN(x)||isNaN(y)?x.localeCompare(y):x-y)*d});rows.forEach(r=>t.querySelector('tbody').append(r))})</script>"""


def esc(text: Any) -> str:
    return html.escape(str(text))


def bar_chart(rows: Sequence[tuple[str, float, tuple[float, float] | None]], *, lo: float, hi: float, width: int = 760,
              unit: str = "%", scale: float = 100.0) -> str:
    """Horizontal bars from 0 (the middle when `lo` < 0), with optional interval whiskers."""
    bar_h, label_w = 18, 170
    height = bar_h * len(rows) + 24
    span = hi - lo or 1.0

    def x(v: float) -> float:
        return label_w + (v - lo) / span * (width - label_w - 40)

    parts = [f'<svg width="{width}" height="{height}" role="img">', f'<line x1="{x(0)}" y1="0" x2="{x(0)}" y2="{height - 20}" stroke="#999"/>']
    for i, (label, value, ci) in enumerate(rows):
        y = i * bar_h + 4
        left, right = sorted((x(0), x(value)))
        colour = "#4a8f52" if value >= 0 else "#c0504d"
        parts.append(f'<text x="{label_w - 6}" y="{y + 12}" text-anchor="end">{esc(label)}</text>')
        parts.append(f'<rect x="{left:.1f}" y="{y}" width="{max(1.0, right - left):.1f}" height="{bar_h - 6}" fill="{colour}"/>')
        if ci is not None:
            parts.append(f'<line x1="{x(ci[0]):.1f}" y1="{y + 6}" x2="{x(ci[1]):.1f}" y2="{y + 6}" stroke="#222"/>')
        parts.append(f'<text x="{max(x(value), x(0)) + 4:.1f}" y="{y + 12}">{value * scale:+.0f}{unit}</text>')
    for tick in (lo, 0.0, hi):
        parts.append(f'<text x="{x(tick):.1f}" y="{height - 6}" text-anchor="middle">{tick * scale:+.0f}{unit}</text>')
    parts.append("</svg>")
    return "".join(parts)


def histogram(values: list[float], *, bins: int = 20, width: int = 760, height: int = 160, label: str = "") -> str:
    if not values:
        return "<p>No data.</p>"
    lo, hi = min(values), max(values)
    step = (hi - lo) / bins or 1.0
    counts = [0] * bins
    for v in values:
        counts[min(bins - 1, int((v - lo) / step))] += 1
    top = max(counts)
    bar_w = (width - 60) / bins
    parts = [f'<svg width="{width}" height="{height + 30}" role="img">']
    for i, c in enumerate(counts):
        h = c / top * height
        parts.append(f'<rect x="{40 + i * bar_w:.1f}" y="{height - h:.1f}" width="{bar_w - 2:.1f}" height="{h:.1f}" fill="#5b7fb3">'
                     f'<title>{lo + i * step:.0f}-{lo + (i + 1) * step:.0f}: {c}</title></rect>')
    parts.append(f'<text x="40" y="{height + 16}">{lo:.0f}</text><text x="{width - 20}" y="{height + 16}" text-anchor="end">{hi:.0f}</text>')
    parts.append(f'<text x="{width / 2}" y="{height + 28}" text-anchor="middle">{esc(label)}</text></svg>')
    return "".join(parts)


def _pct(v: float | None) -> str:
    return "" if v is None else f"{100 * v:.0f}%"


def card_table(cards: list[dict[str, Any]]) -> str:
    head = ("card", "set", "good", "tier", "completed", "win if completed", "95% CI", "win otherwise", "vs typical", "p",
            "power credits / completion", "dead in hand", "powers fired / game")
    rows = []
    for c in cards:
        delta = c["vs_typical"]
        cls = ("sig " if c["significant"] else "") + ("pos" if (delta or 0) > 0 else "neg")
        rows.append("<tr>" + "".join([
            f"<td>{esc(c['name'])}</td><td>{esc(c['set'])}</td><td>{esc(c['good'])}</td><td>{c['tier']}</td>",
            f"<td data-v='{c['completed_rate']:.4f}'>{_pct(c['completed_rate'])}</td>",
            f"<td data-v='{c['win_rate_completed'] or 0:.4f}'>{_pct(c['win_rate_completed'])}</td>",
            f"<td>{_pct(c['ci_completed'][0])}-{_pct(c['ci_completed'][1])}</td>",
            f"<td data-v='{c['win_rate_not'] or 0:.4f}'>{_pct(c['win_rate_not'])}</td>",
            f"<td class='{cls}' data-v='{delta or 0:.4f}'>{'' if delta is None else f'{100 * delta:+.0f}'}</td>",
            f"<td data-v='{c['p_value']:.4f}'>{c['p_value']:.3f}</td>",
            f"<td data-v='{c['credit_value']:.2f}'>{c['credit_value']:.1f}</td>",
            f"<td data-v='{c['dead_rate']:.4f}'>{_pct(c['dead_rate'])}</td>",
            f"<td data-v='{c['fired_per_game']:.3f}'>{c['fired_per_game']:.2f}</td>"]) + "</tr>")
    return f"<table><thead><tr>{''.join(f'<th>{h}</th>' for h in head)}</tr></thead><tbody>{''.join(rows)}</tbody></table>"


def html_report(results: dict[str, Any]) -> str:
    meta, game, cards = results["meta"], results["game"], results["cards"]
    rated = [c for c in cards if c["vs_typical"] is not None and c["completers"] >= 10]
    extremes = rated[:15] + [c for c in rated[-15:] if c not in rated[:15]]
    base = {c["id"]: c["win_rate_completed"] - c["vs_typical"] for c in rated}
    delta_rows = [(c["name"], c["vs_typical"], (c["ci_completed"][0] - base[c["id"]], c["ci_completed"][1] - base[c["id"]]))
                  for c in extremes]
    fair = 1 / meta["players"]
    seat_rows = [(f"seat {s['seat']}", s["rate"] - fair, (s["ci"][0] - fair, s["ci"][1] - fair)) for s in game["seats"]]
    colour_rows = [(c["colour"], c["rate"] - fair, (c["ci"][0] - fair, c["ci"][1] - fair)) for c in game["colours"]]
    standouts = [c for c in cards if c["significant"]]
    ends = ", ".join(f"{esc(k)}: {v} ({100 * v / meta['games']:.0f}%)" for k, v in sorted(game["end_reasons"].items()))
    return f"""<!doctype html><html><head><meta charset="utf-8"><title>Balance report: {esc(meta['cards'])}</title>
<style>{STYLE}</style></head><body>
<h1>Balance report</h1>
<p>{meta['games']} games between heuristic bots, {meta['players']} players, card set <b>{esc(meta['cards'])}</b>
({meta['deck_size']} cards), seed {meta['seed']}{f"; {meta['games_per_s']} games per second" if meta['games_per_s'] else ''}.</p>
<h2>Cards that stand out</h2>
<p>{len(standouts)} card(s) whose completers win significantly more or less often than the completers of a typical card
(p &lt; 0.05): {', '.join(esc(c['name']) for c in standouts) or 'none'}.</p>
<p class="note">Completing any card goes with winning, so each card is measured against completers in general. Bars: the
card's completers' win rate minus that of a typical card's completers, with the 95% interval. The 15 highest and 15 lowest
of the cards completed at least 10 times; the table below also gives the win rate of the players who did not complete it.</p>
{bar_chart(delta_rows, lo=-0.6, hi=0.6, unit=" pts")}
<h2>Seats and colours</h2><p class="note">Win rate minus a fair share ({100 * fair:.0f}%), with 95% intervals.</p>
{bar_chart(seat_rows + colour_rows, lo=-0.3, hi=0.3, unit=" pts")}
<h2>The game</h2><p>Ended by {ends}. Turns: mean {game['turns']['mean']} (sd {game['turns']['sd']}, {game['turns']['min']:.0f}-{game['turns']['max']:.0f}).
Scores: mean {game['scores']['mean']} (sd {game['scores']['sd']}); winning score mean {game['winning_score']['mean']}.</p>
{histogram(game['turns_all'], label='turns per game')}
<h2>Every card</h2><p class="note">Click a column to sort. Dead in hand: share of games the card ended in a hand.</p>
{card_table(cards)}
{SORT}</body></html>"""
