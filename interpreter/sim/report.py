"""The balance report: one self-contained HTML page (inline SVG, no server, no script from
elsewhere). It opens on what stands out, after the correction for many comparisons, and the forest
plot of every ranked card's effect; then how games went (how they ended, their length, the scores,
seats and colours); then every card in a sortable table. Each card has its own page inside the file
(`report.html#card-cups`): its definition, its numbers with their n, and its score distribution."""

from __future__ import annotations

from typing import Any

from interpreter.sim.cardstats import players_text
from interpreter.sim.health_report import findings_items, health_section
from interpreter.sim.strength import strength_lines
from interpreter.sim.svg import NEGATIVE, NEUTRAL, POSITIVE, SERIES_A, SERIES_B, Estimate, Series, bin_counts, esc, forest, histogram, nice_span, stacked_bar

STYLE = """body{font:14px/1.45 system-ui,sans-serif;margin:1.2em auto;max-width:1180px;color:#1f2328;padding:0 12px}
h1{font-size:1.55em;margin:.2em 0}h2{margin-top:1.6em;border-bottom:1px solid #d0d7de;font-size:1.2em}h3{font-size:1.05em}
.sub{color:#57606a;margin:0 0 .8em}.findings{background:#f6f8fa;border:1px solid #d0d7de;border-radius:6px;padding:.6em 1em}
.findings li{margin:.2em 0}.pos{color:#2f7d3a}.neg{color:#b83b35}.note{color:#57606a;font-size:.92em}
table{border-collapse:collapse;width:100%;font-size:.93em}td,th{padding:3px 6px;border-bottom:1px solid #eaeef2;text-align:right;white-space:nowrap}
td:first-child,th:first-child,td:nth-child(2),th:nth-child(2){text-align:left}th{cursor:pointer;background:#f6f8fa;position:sticky;top:0}
tr.standout td{font-weight:600}tr.unranked td{color:#6e7781}.n{color:#6e7781;font-size:.9em}
.wide{overflow-x:auto}.charts{display:flex;flex-wrap:wrap;gap:18px}.chart{max-width:100%;height:auto}
.card-page{display:none}.card-page:target{display:block}body:has(.card-page:target) #overview{display:none}
.def{background:#fbfbfb;border-left:3px solid #d0d7de;padding:.4em .9em}.def code{font-size:.95em}
dl.figures{display:grid;grid-template-columns:max-content auto;gap:2px 14px}dl.figures dt{color:#57606a}table.health{width:auto}"""

FOREST_ROWS = 30  # cards in the overview's forest plot; the others are one click away
STANDOUTS_LISTED = 10  # standouts named in "What stands out"; all are in the table and the forest

SORT = """<script>document.querySelectorAll('table.sortable th').forEach((th,i)=>th.onclick=()=>{const t=th.closest('table'),
rows=[...t.querySelectorAll('tbody tr')],d=th.dataset.d=th.dataset.d==='1'?'-1':'1';rows.sort((a,b)=>{
const x=a.children[i].dataset.v??a.children[i].textContent,y=b.children[i].dataset.v??b.children[i].textContent;
return (isNaN(x)||isNaN(y)?x.localeCompare(y):x-y)*d});rows.forEach(r=>t.querySelector('tbody').append(r))})</script>"""


def pct(v: float | None) -> str:
    return "–" if v is None else f"{100 * v:.0f}%"


def pts(v: float | None) -> str:
    """A share as signed points; a value that rounds to 0 shows as ±0."""
    if v is None:
        return "–"
    rounded = round(100 * v)
    return "0" if rounded == 0 else f"{rounded:+d}"


def q_text(q: float | None) -> str:
    return "" if q is None else ("< 0.001" if q < 0.001 else f"{q:.3f}")


def q_phrase(q: float | None, name: str = "q") -> str:
    """`q < 0.001` or `q = 0.021`: a corrected p-value in a sentence."""
    if q is None:
        return ""
    return f"{name} < 0.001" if q < 0.001 else f"{name} = {q:.3f}"


def count(v: float) -> str:
    """A win count: whole, or with one decimal where shared victories split a win."""
    return f"{v:.0f}" if abs(v - round(v)) < 1e-9 else f"{v:.1f}"


def interval(ci: Any, points: bool = True) -> str:
    if not ci:
        return ""
    lo, hi = ci
    return f"[{pts(lo)}, {pts(hi)}]" if points else f"[{pct(lo)}–{pct(hi)}]"


def n_of(count: float, n: int) -> str:
    return f'<span class="n">{count:g} of {n}</span>'


def page(title: str, body: str) -> str:
    return (f'<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">'
            f"<title>{esc(title)}</title><style>{STYLE}</style></head><body>{body}{SORT}</body></html>")


def html_report(results: dict[str, Any]) -> str:
    meta = results["meta"]
    overview = "".join([header(meta), findings(results), effect_section(results), games_section(results), health_section(results),
                        table_section(results)])
    pages = "".join(card_page(c, results) for c in results["cards"])
    return page(f"Balance report: {meta['cards']}", f'<main id="overview">{overview}</main>{pages}')


def header(meta: dict[str, Any]) -> str:
    speed = f" · {meta['games_per_s']} games per second" if meta.get("games_per_s") else ""
    options = f" · options {', '.join(meta['options'])}" if meta.get("options") else ""
    return (f"<h1>Balance report: {esc(meta['cards'])}</h1>"
            f"<p class='sub'>{meta['games']} games between {esc(meta.get('bots_label') or str(meta['players']) + ' heuristic bots')}"
            f"{' (' + players_text(meta) + ')' if meta.get('player_counts') else ''} · "
            f"{meta['deck_size']} cards · "
            f"seed {meta['seed']}{options}{speed}</p>")


def findings(results: dict[str, Any]) -> str:
    meta, tests, cards, game = results["meta"], results["tests"], results["cards"], results["game"]
    standouts = [c for c in cards if c["significant"]]
    items = []
    if standouts:
        items.append(f"<li><b>{len(standouts)} card{'s' if len(standouts) != 1 else ''} stand{'s' if len(standouts) == 1 else ''} out</b> "
                     f"after the Benjamini–Hochberg correction (false discovery rate {pct(meta['fdr'])}): their completers win more "
                     "or less often than the completers of a typical card.<ul>"
                     + "".join(f"<li>{standout_text(c)}</li>" for c in standouts[:STANDOUTS_LISTED])
                     + (f"<li>and {len(standouts) - STANDOUTS_LISTED} more, in the table below</li>" if len(standouts) > STANDOUTS_LISTED else "")
                     + "</ul></li>")
    else:
        items.append("<li><b>No card stands out</b> after the Benjamini–Hochberg correction: no card's completers win clearly "
                     "more or less often than the completers of a typical card.</li>")
    items.append(f"<li>{tests['tested']} cards were tested (completed at least {meta['min_completions']} times). Before the correction "
                 f"{tests['raw_below_alpha']} had p&nbsp;&lt;&nbsp;0.05; about {tests['expected_by_chance']:g} would by chance alone.</li>")
    if tests["not_ranked"]:
        few = [c for c in cards if not c["ranked"]]
        names = ", ".join(f"<a href='#card-{esc(c['id'])}'>{esc(c['name'])}</a> ({c['completers']})" for c in few[:12])
        items.append(f"<li>{tests['not_ranked']} card{'s were' if tests['not_ranked'] != 1 else ' was'} completed fewer than "
                     f"{meta['min_completions']} times and {'are' if tests['not_ranked'] != 1 else 'is'} not ranked "
                     f"(completions in brackets): {names}{f' and {len(few) - 12} more' if len(few) > 12 else ''}.</li>")
    if tests.get("detectable_at_median"):
        items.append(f"<li>This sample can see an effect of about <b>±{100 * tests['detectable_at_median']:.0f} points</b> for a card "
                     f"completed {tests['median_completions']} times (the median; 80% power, 5% level). Smaller effects may be there "
                     "unseen; more games narrow every interval.</li>")
    n = meta["games"]
    ends = ", ".join(f"{esc(k)} {pct(v / n if n else None)}" for k, v in sorted(game["end_reasons"].items(), key=lambda kv: -kv[1]))
    items.append(f"<li>Games last {game['turns']['mean']:g} turns on average (sd {game['turns']['sd']:g}); they end by {ends} "
                 f"(n={n}).</li>")
    if results.get("health"):
        items += findings_items(results["health"]) + ["<li>More in <a href='#health'>Deck health</a>.</li>"]
    if results.get("strength"):
        lines = strength_lines(results["strength"])
        items.append(f"<li><b>{esc(lines[0])}</b><ul>" + "".join(f"<li>{esc(line.strip())}</li>" for line in lines[1:]) + "</ul></li>")
    return f'<section class="findings"><h2 style="margin-top:.2em;border:0">What stands out</h2><ul>{"".join(items)}</ul></section>'


def standout_text(c: dict[str, Any]) -> str:
    cls = "pos" if (c["vs_typical"] or 0) > 0 else "neg"
    return (f"<a href='#card-{esc(c['id'])}'>{esc(c['name'])}</a>: completers win "
            f"<span class='{cls}'>{pts(c['vs_typical'])} points</span> {interval(c['vs_typical_ci'])} against a typical card "
            f"({pct(c['win_rate_completed'])} of {c['completers']} completions; {q_phrase(c['q_value'])})")


def effect_row(c: dict[str, Any]) -> Estimate:
    lo, hi = c["vs_typical_ci"]
    colour = (POSITIVE if c["vs_typical"] > 0 else NEGATIVE) if c["significant"] else NEUTRAL
    note = f"{pts(c['vs_typical'])} {interval(c['vs_typical_ci'])} n={c['completers']} {q_phrase(c['q_value'])}"
    return Estimate(c["name"], c["vs_typical"], lo, hi, note, colour, c["significant"], f"#card-{c['id']}")


def effect_section(results: dict[str, Any]) -> str:
    ranked = [c for c in results["cards"] if c["ranked"]]
    if not ranked:
        return "<h2>Per-card effect</h2><p>No card was completed often enough to be ranked; run more games.</p>"
    rows = [effect_row(c) for c in ranked]
    span = nice_span([v for r in rows for v in (r.lo, r.hi)], 0.1)
    typical = results["typical"]
    title = "completers' win rate minus a typical card's, points"
    first, rest = rows[:FOREST_ROWS], rows[FOREST_ROWS:]
    more = (f"<details><summary>The other {len(rest)} ranked cards</summary>{forest(rest, span=span, scale=100, title=title)}</details>"
            if rest else "")
    return (f"<h2>Per-card effect</h2><p class='note'>Each row: how much more (or less) often the players who completed the card "
            f"won than the completers of every other card (a typical card's completers win {pct(typical['win_rate'])} of "
            f"{typical['n']} completions), in points, with the 95% interval; n completions, q the p-value corrected for "
            f"{len(ranked)} comparisons. Ranked by the strength of evidence; coloured rows stand out. Click a card for its page.</p>"
            + forest(first, span=span, scale=100, title=title) + more)


def games_section(results: dict[str, Any]) -> str:
    game, meta = results["game"], results["meta"]
    n = meta["games"]
    fair = 1 / meta["players"]
    seats = [Estimate(f"seat {s['seat']}", s["rate"] - fair, s["ci"][0] - fair, s["ci"][1] - fair,
                      f"{pct(s['rate'])} {interval((s['ci'][0], s['ci'][1]), False)} n={s.get('games', n)}") for s in game["seats"]]
    colours = [Estimate(c["colour"], c["rate"] - fair, c["ci"][0] - fair, c["ci"][1] - fair,
                        f"{pct(c['rate'])} {interval((c['ci'][0], c['ci'][1]), False)} n={c['games']}") for c in game["colours"]]
    span = nice_span([v for r in seats + colours for v in (r.lo, r.hi)], 0.05)
    ends = sorted(game["end_reasons"].items(), key=lambda kv: -kv[1])
    turns = Series("games", _bins(game["turns_all"], 2), SERIES_A)
    scores = [Series("all players", _bins(game.get("scores_all", []), 5), SERIES_A),
              Series("winners", _bins(game.get("winning_all", []), 5), SERIES_B)]
    return (f"<h2>The games</h2><h3>How games ended</h3>{stacked_bar(ends, title='how games ended')}"
            f"<p class='note'>{', '.join(f'{esc(k)}: {v} of {n}' for k, v in ends)}.</p>"
            f"<div class='charts'><div><h3>Game length</h3>{histogram([turns], bin_width=2, x_label='turns', title='game length', width=500)}"
            f"<p class='note'>Mean {game['turns']['mean']:g} turns, sd {game['turns']['sd']:g}, from {game['turns']['min']:g} to "
            f"{game['turns']['max']:g} (n={n}).</p></div>"
            f"<div><h3>Final scores</h3>{histogram(scores, bin_width=5, x_label='final score', title='final scores', width=500)}"
            f"<p class='note'>All players: mean {game['scores']['mean']:g} (sd {game['scores']['sd']:g}, n={len(game.get('scores_all', []))}); "
            f"winners: mean {game['winning_score']['mean']:g} (n={n}).</p></div></div>"
            f"<h3>Seats and colours</h3><p class='note'>Win rate minus a fair share ({pct(fair)}), points, with 95% intervals; a shared "
            f"victory counts 1/k to each of k winners.</p>"
            + forest(seats + colours, span=span, scale=100, title="win rate minus a fair share, points", label_width=120))


def _bins(values: list[float], width: int) -> dict[float, int]:
    return bin_counts(values, width)


TABLE_HEAD = ("rank", "card", "completions", "completed in games", "completers win [95% CI]", "vs typical, points [95% CI]",
              "p", "q", "completers' score", "vs typical", "power credits / completion", "dead in hand", "powers fired / game")


def table_section(results: dict[str, Any]) -> str:
    rows = []
    for c in results["cards"]:
        cls = "standout" if c["significant"] else ("unranked" if not c["ranked"] else "")
        score, score_vs = c["score_completed"], c.get("score_vs_typical")
        cells = [
            (c["rank"] or "", c["rank"] or 9999),
            (f"<a href='#card-{esc(c['id'])}'>{esc(c['name'])}</a>", c["name"]),
            (c["completers"], c["completers"]),
            (f"{pct(c['completed_rate'])} <span class='n'>of {c['games']}</span>", c["completed_rate"]),
            (f"{pct(c['win_rate_completed'])} <span class='n'>{interval(c['ci_completed'], False)}</span>", c["win_rate_completed"] or 0),
            (f"{pts(c['vs_typical'])} <span class='n'>{interval(c.get('vs_typical_ci'))}</span>", c["vs_typical"] or 0),
            ("" if c["p_value"] is None else q_text(c["p_value"]), 9 if c["p_value"] is None else c["p_value"]),
            (q_text(c["q_value"]), 9 if c["q_value"] is None else c["q_value"]),
            (f"{score['mean']:.1f} <span class='n'>n={score['n']}</span>" if score["n"] else "–", score["mean"]),
            (f"{score_vs['diff']:+.1f}" if score_vs else "", score_vs["diff"] if score_vs else 0),
            (f"{c['credit_value']:.1f}", c["credit_value"]),
            (pct(c["dead_rate"]), c["dead_rate"]),
            (f"{c['fired_per_game']:.2f}", c["fired_per_game"]),
        ]
        rows.append(f"<tr class='{cls}'>" + "".join(f"<td data-v='{esc(v)}'>{t}</td>" for t, v in cells) + "</tr>")
    head = "".join(f"<th>{h}</th>" for h in TABLE_HEAD)
    return (f"<h2>Every card</h2><p class='note'>Click a column to sort. Completions: players who completed the card (a game "
            f"can have several). Cards with fewer than {results['meta']['min_completions']} completions are grey and not ranked. "
            "Dead in hand: share of games the card ended in a hand.</p>"
            f"<div class='wide'><table class='sortable'><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table></div>")


def definition_html(c: dict[str, Any]) -> str:
    d = c.get("definition")
    if not d:
        return ""
    powers = "".join(f"<li><code>{esc(p['line'])}</code><br>{esc(p['english'])}</li>" for p in d["powers"]) or "<li>no powers</li>"
    return (f"<div class='def'><p>{esc(c['good'])}, {esc(d['action']).upper()}, tier {c['tier']}, loads {esc(d['load'])}; set "
            f"{esc(c['set'])}; {d['copies']} cop{'y' if d['copies'] == 1 else 'ies'} in the deck</p><p>{esc(d['text'])}</p>"
            f"<ul>{powers}</ul></div>")


def card_page(c: dict[str, Any], results: dict[str, Any]) -> str:
    game, typical = results["game"], results["typical"]
    n = c["games"]
    rank = f"rank {c['rank']} of {results['tests']['tested']} by strength of evidence" if c["ranked"] else \
        f"not ranked: fewer than {results['meta']['min_completions']} completions"
    verdict = ("<b>stands out</b>" if c["significant"] else "within what chance gives") if c["ranked"] else "too few completions to judge"
    score, score_vs = c["score_completed"], c.get("score_vs_typical")
    figures = [
        ("completed", f"in {pct(c['completed_rate'])} of games {interval(c['ci_completed_rate'], False)} "
                      f"({c['completed_games']} of {n}); {c['completers']} completions in all"),
        ("completers win", f"{pct(c['win_rate_completed'])} {interval(c['ci_completed'], False)} "
                           f"({count(c['completer_wins'])} wins of {c['completers']})"),
        ("a typical card's completers win", f"{pct(c['typical_rate'])} (n={c['typical_n']})"),
        ("difference", f"{pts(c['vs_typical'])} points {interval(c.get('vs_typical_ci'))}"
                       + (f"; {q_phrase(c['p_value'], 'p')}, {q_phrase(c['q_value'])}: {verdict}" if c["ranked"] else f": {verdict}")),
        ("players who did not complete it win", f"{pct(c['win_rate_not'])} {interval(c['ci_not'], False)}"),
        ("completers' final score", f"mean {score['mean']:g}, sd {score['sd']:g} (n={score['n']})"
                                    + (f"; {score_vs['diff']:+.1f} [{score_vs['lo']:+.1f}, {score_vs['hi']:+.1f}] against a typical "
                                       f"card's completers ({typical['score']['mean']:g})" if score_vs else "")),
        ("games in which it was completed", f"{c['turns_completed']['mean']:g} turns on average (n={c['turns_completed']['n']}; "
                                            f"all games: {game['turns']['mean']:g})"),
        ("its powers", f"fired {c['fired_per_game']:.2f} times per game; brought {c['credit_value']:.1f} credits per completion"),
        ("dead in hand", f"in {pct(c['dead_rate'])} of games it ended in a hand"),
    ]
    dl = "".join(f"<dt>{esc(k)}</dt><dd>{v}</dd>" for k, v in figures)
    completers = {float(k): v for k, v in c.get("score_hist", {}).items()}
    scores = histogram([Series("all players", _bins(game.get("scores_all", []), 5), SERIES_A),
                        Series("its completers", completers, SERIES_B)],
                       bin_width=5, x_label="final score", title=f"final scores of {c['name']}'s completers", width=500)
    lengths = {float(k): v for k, v in c.get("turns_hist", {}).items()}
    turns = histogram([Series("all games", _bins(game["turns_all"], 2), SERIES_A), Series("games where completed", lengths, SERIES_B)],
                      bin_width=2, x_label="turns", title=f"length of the games in which {c['name']} was completed", width=500)
    return (f"<section class='card-page' id='card-{esc(c['id'])}'><p><a href='#'>&larr; the whole report</a></p>"
            f"<h1>{esc(c['name'])}</h1><p class='sub'>{rank}</p>{definition_html(c)}"
            f"<h2>In play</h2><dl class='figures'>{dl}</dl><div class='charts'><div><h3>Final scores</h3>{scores}</div>"
            f"<div><h3>Game length</h3>{turns}</div></div></section>")
