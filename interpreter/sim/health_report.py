"""Deck health in the HTML reports: the section of report.html (per player count: the first-player
advantage, how games end and their length; completers by good and action type; dead and winner's
cards), and what changed in compare.html. Every figure carries its interval and n."""

from __future__ import annotations

from typing import Any

from interpreter.sim.health import place_name
from interpreter.sim.svg import NEGATIVE, NEUTRAL, POSITIVE, Estimate, esc, forest, nice_span


def pct(v: float | None) -> str:
    return "–" if v is None else f"{100 * v:.0f}%"


def pts(v: float | None) -> str:
    if v is None:
        return "–"
    rounded = round(100 * v)
    return "0" if rounded == 0 else f"{rounded:+d}"


def ci(interval: Any) -> str:
    return f"[{pct(interval[0])}–{pct(interval[1])}]" if interval else ""


def p_text(p: float | None) -> str:
    return "" if p is None else ("&lt; 0.001" if p < 0.001 else f"{p:.3f}")


def _colour(lo: float, hi: float) -> str:
    return POSITIVE if lo > 0 else NEGATIVE if hi < 0 else NEUTRAL


def first_player_phrase(c: dict[str, Any]) -> str:
    """`the first leader wins 31% [28–34%] of 2000 games (fair 25%; p < 0.001)`"""
    if not c["order"]:
        return "the first leader was not recorded in these games"
    first = c["order"][0]
    return (f"the first leader wins {pct(first['rate'])} {ci(first['ci'])} of {first['n']} games (a fair share is "
            f"{pct(c['fair'])}; {p_phrase(c['first_leader_p'])})")


def p_phrase(p: float | None) -> str:
    """`p &lt; 0.001` or `p = 0.021`, for HTML."""
    return "" if p is None else ("p &lt; 0.001" if p < 0.001 else f"p = {p:.3f}")


def findings_items(health: dict[str, Any]) -> list[str]:
    """Lines for the report's "What stands out": the first-player advantage and the dead and winner's cards."""
    items = []
    for c in health["by_players"]:
        items.append(f"<li>With {c['players']} players, {first_player_phrase(c)}.</li>")
    cards = health["cards"]
    dead = cards["never"] + cards["rare"]
    if dead:
        items.append(f"<li><b>{len(dead)} dead card{'s' if len(dead) != 1 else ''}</b> (never completed, or in fewer than "
                     f"{pct(cards['thresholds']['rare_rate'])} of games): "
                     + ", ".join(f"<a href='#card-{esc(c['id'])}'>{esc(c['name'])}</a>" for c in dead[:12])
                     + (f" and {len(dead) - 12} more" if len(dead) > 12 else "") + ".</li>")
    if cards["winners"]:
        items.append(f"<li>{len(cards['winners'])} card{'s are' if len(cards['winners']) != 1 else ' is'} almost always completed by "
                     "the winner: " + ", ".join(f"<a href='#card-{esc(c['id'])}'>{esc(c['name'])}</a>" for c in cards["winners"][:12])
                     + ".</li>")
    return items


def health_section(results: dict[str, Any]) -> str:
    health = results.get("health")
    if not health:
        return ""
    parts = ["<h2 id='health'>Deck health</h2>"]
    for c in health["by_players"]:
        parts.append(players_block(c))
    parts.append(types_block(health["types"]))
    parts.append(cards_block(health["cards"]))
    return "".join(parts)


def players_block(c: dict[str, Any]) -> str:
    fair = c["fair"]
    places = c["order"] or []
    rows = [Estimate(place_name(o["place"]), o["rate"] - fair, o["ci"][0] - fair, o["ci"][1] - fair,
                     f"{pct(o['rate'])} {ci(o['ci'])} n={o['n']}", _colour(o["ci"][0] - fair, o["ci"][1] - fair), o["place"] == 1)
            for o in places]
    chart = ""
    if rows:
        span = nice_span([v for r in rows for v in (r.lo, r.hi)], 0.05)
        chart = forest(rows, span=span, scale=100, title=f"{c['players']} players: win rate by place in turn order minus a fair share, points",
                       label_width=170)
    seats = ", ".join(f"P{s['seat']} {pct(s['rate'])} {ci(s['ci'])}" for s in c["seats"])
    ends = "".join(f"<tr><td>{esc(e['reason'])}</td><td>{pct(e['rate'])} <span class='n'>{e['count']} of {e['n']}</span></td>"
                   f"<td>{ci(e['ci'])}</td></tr>" for e in c["end_reasons"])
    t = c["turns"]
    return (f"<h3>{c['players']} players <span class='note'>({c['games']} games)</span></h3>"
            f"<p>{first_player_phrase(c).capitalize()}. By seat (seats are dealt colours and the first lead at random): {seats}.</p>"
            f"{chart}<table class='health'><thead><tr><th>games end by</th><th>share</th><th>95% interval</th></tr></thead>"
            f"<tbody>{ends}</tbody></table><p>Games last {t['mean']:g} turns on average, "
            + (f"95% interval [{t['ci'][0]:g}, {t['ci'][1]:g}]" if t["ci"] else "too few games for an interval")
            + f" (sd {t['sd']:g}, n={t['n']}).</p>")


def types_block(types: dict[str, list[dict[str, Any]]]) -> str:
    parts = ["<h3>Completers by good type and action type</h3><p class='note'>The win rate of the players who completed a card of each "
             "type, against every other completion, in points with the 95% interval; q corrected within each family "
             "(Benjamini–Hochberg).</p>"]
    for kind, label in (("good", "good type"), ("action", "action type")):
        rows = [r for r in types[kind] if r["completions"] and r["vs_others_ci"]]
        if not rows:
            continue
        marks = [Estimate(r["type"], r["vs_others"], r["vs_others_ci"][0], r["vs_others_ci"][1],
                          f"{pct(r['rate'])} of {r['completions']} {ci(r['ci'])}" + (f" q={r['q']:.3f}" if r["q"] is not None else ""),
                          _colour(*r["vs_others_ci"]) if r["q"] is not None and r["q"] < 0.05 else NEUTRAL)
                 for r in rows]
        span = nice_span([v for m in marks for v in (m.lo, m.hi)], 0.05)
        parts.append(forest(marks, span=span, scale=100, title=f"by {label}: completers' win rate minus the other completions', points"))
    return "".join(parts)


def cards_block(cards: dict[str, Any]) -> str:
    th = cards["thresholds"]

    def listing(items: list[dict[str, Any]], what: str) -> str:
        if not items:
            return ""
        return "".join(f"<tr><td><a href='#card-{esc(c['id'])}'>{esc(c['name'])}</a></td><td>{what}</td>"
                       f"<td>{pct(c['completed_rate'])} <span class='n'>{c['completed_games']} of {c['games']}</span> {ci(c['ci_completed_rate'])}</td>"
                       f"<td>{pct(c['win_rate_completed'])} <span class='n'>of {c['completers']}</span> {ci(c['ci_completed']) if c['completers'] else ''}</td>"
                       f"<td>{pct(c['dead_rate'])}</td></tr>" for c in items)
    rows = listing(cards["never"], "never completed") + listing(cards["rare"], "rarely completed") + listing(cards["winners"], "the winner's card")
    unseen = (f" {cards['unseen']} card{'s were' if cards['unseen'] != 1 else ' was'} not completed in these {cards['games']} games, "
              "too few games to call them dead." if cards.get("unseen") else "")
    if not rows:
        return (f"<h3>Dead cards and winner's cards</h3><p>No card is surely completed in fewer than {pct(th['rare_rate'])} "
                f"of games, and none is almost always completed by the winner.{unseen}</p>")
    return (f"<h3>Dead cards and winner's cards</h3><p class='note'>Rarely completed: even the top of the 95% interval of its "
            f"completion rate is below {pct(th['rare_rate'])} of games. The winner's card: its completers win at least "
            f"{pct(th['winner_rate'])} of the time in at least {th['min_completions']} completions, and the bottom of the interval "
            f"is above {pct(th['winner_floor'])}.{unseen}</p>"
            "<table class='sortable'><thead><tr><th>card</th><th>why</th><th>completed in games [95% CI]</th>"
            f"<th>completers win [95% CI]</th><th>dead in hand</th></tr></thead><tbody>{rows}</tbody></table>")


def change_section(changes: dict[str, Any] | None) -> str:
    """compare.html: deck-health figures, B - A, with intervals and p; the corrected ones that moved are bold."""
    if not changes:
        return ""
    rows = []
    for c in changes["by_players"]:
        for o in c["order"]:
            rows.append(_change_row(f"{c['players']} players: {place_name(o['place'])} wins", o))
        for e in c["end_reasons"]:
            rows.append(_change_row(f"{c['players']} players: games end by {e['reason']}", e))
        t = c["turns"]
        rows.append(f"<tr class='{'standout' if t['q'] is not None and t['q'] < 0.05 else ''}'><td>{c['players']} players: turns per game</td>"
                    f"<td>{t['A']:g}</td><td>{t['B']:g}</td><td>{t['diff']:+.2f}</td><td>[{t['lo']:+.2f}, {t['hi']:+.2f}]</td>"
                    f"<td>{p_text(t['p'])}</td><td>{p_text(t['q'])}</td></tr>")
    for kind in ("good", "action"):
        for r in changes["types"][kind]:
            rows.append(_change_row(f"completers of {r['type']} cards win", r))
    moved = []
    words = {"never": "never completed", "rare": "rarely completed", "winners": "almost always completed by the winner"}
    for key, what in words.items():
        for c in changes["cards"][key]["new"]:
            moved.append(f"<li>{esc(c['name'])}: now {what}</li>")
        for c in changes["cards"][key]["gone"]:
            moved.append(f"<li>{esc(c['name'])}: no longer {what}</li>")
    cards = f"<ul>{''.join(moved)}</ul>" if moved else "<p>No card became or stopped being dead or the winner's card.</p>"
    return (f"<h2>Deck health</h2><p class='note'>B − A for each figure of deck health, with its 95% interval and p; q corrected over "
            f"the {changes['tested']} figures (Benjamini–Hochberg); {changes['moved']} moved beyond chance (bold).</p>"
            "<table class='sortable'><thead><tr><th>figure</th><th>A</th><th>B</th><th>B − A</th><th>95% interval</th><th>p</th><th>q</th>"
            f"</tr></thead><tbody>{''.join(rows)}</tbody></table>{cards}")


def _change_row(label: str, r: dict[str, Any]) -> str:
    if r["diff"] is None:
        return f"<tr><td>{esc(label)}</td><td>{pct(r['A'])}</td><td>{pct(r['B'])}</td><td>–</td><td></td><td></td><td></td></tr>"
    cls = "standout" if r["q"] is not None and r["q"] < 0.05 else ""
    return (f"<tr class='{cls}'><td>{esc(label)}</td><td>{pct(r['A'])} <span class='n'>n={r['n'][0]}</span></td>"
            f"<td>{pct(r['B'])} <span class='n'>n={r['n'][1]}</span></td><td>{pts(r['diff'])} points</td>"
            f"<td>[{pts(r['lo'])}, {pts(r['hi'])}]</td><td>{p_text(r['p'])}</td><td>{p_text(r['q'])}</td></tr>")
