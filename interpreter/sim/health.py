"""Deck health: what a balance run says about the deck as a whole, each figure with its interval and n.

- For each player count: the win rate of each place in the first turn's order (1 = the first leader,
  R2.13: the first-player advantage), how games end and how long they last.
- The completers' win rate by good type and by action type of the cards completed, each type against
  every other completion (the "typical card" of cardstats.py, pooled by type).
- Dead cards (rarely or never completed) and the winner's cards (almost always completed by the winner).

The thresholds below are deliberately plain, so a designer can say them back: a card is "rarely
completed" when even the top of its 95% interval is below 2% of games, and a "winner's card" when its
completers win at least three times in four with the bottom of the interval above one in two.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from typing import TYPE_CHECKING, Any

from interpreter.cards.model import ACTION_TYPES, GOOD_TYPES
from interpreter.sim.distributions import binomial_test_p, t_ppf
from interpreter.sim.stats import Moments, bh_adjust, fisher_p, newcombe, welch, wilson

if TYPE_CHECKING:
    from interpreter.cards.loader import CardSet

MIN_TEST_GAMES = 10  # fewer games than this: intervals, but no p-values (they say nothing)
RARE_RATE = 0.02  # "rarely completed": the top of the interval of its completion rate (per game) is below this
WINNER_RATE = 0.75  # "almost always completed by the winner": its completers win at least this often ...
WINNER_FLOOR = 0.5  # ... and the bottom of the interval is above this


def shares(records: list[dict[str, Any]]) -> list[dict[int, float]]:
    """Each game's win share per seat: a shared victory counts 1/k to each of k winners (R17.10)."""
    return [{w: 1 / len(r["winners"]) for w in r["winners"]} for r in records]


def rate(wins: float, n: int) -> dict[str, Any]:
    lo, hi = wilson(wins, n)
    return {"wins": round(wins, 3), "n": n, "rate": wins / n if n else 0.0, "ci": [lo, hi]}


def mean_interval(values: list[float]) -> dict[str, Any]:
    """Mean with its 95% interval (t distribution), sd and n."""
    m = Moments()
    for v in values:
        m.add(v)
    out: dict[str, Any] = {"n": m.n, "mean": round(m.mean, 2), "sd": round(m.sd, 2), "ci": None}
    if m.n >= MIN_TEST_GAMES:
        half = t_ppf(0.975, m.n - 1) * m.sd / m.n ** 0.5
        out["ci"] = [round(m.mean - half, 2), round(m.mean + half, 2)]
    return out


def first_player_p(wins: float, n: int, players: int) -> float | None:
    """Two-sided p-value that the first leader wins more or less than a fair share (exact binomial)."""
    if n < MIN_TEST_GAMES:
        return None
    return binomial_test_p(round(wins), n, 1 / players)


def by_player_count(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per player count: the win rate by seat and by place in the first turn's order, how games ended,
    and game length. Records written before the first leader was kept give no order figures."""
    groups: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for r in records:
        groups[r["players"]].append(r)
    out = []
    for players, games in sorted(groups.items()):
        n = len(games)
        won = shares(games)
        seat_wins = [0.0] * players
        order_wins = [0.0] * players
        ordered = 0
        for r, w in zip(games, won, strict=True):
            for seat, share in w.items():
                seat_wins[seat] += share
            first = r.get("first_leader")
            if isinstance(first, int):
                ordered += 1
                for seat, share in w.items():
                    order_wins[(seat - first) % players] += share
        ends = Counter(r["end_reason"] for r in games)
        entry: dict[str, Any] = {
            "players": players, "games": n, "fair": 1 / players,
            "seats": [{"seat": s + 1, **rate(seat_wins[s], n)} for s in range(players)],
            "order": [{"place": k + 1, **rate(order_wins[k], ordered)} for k in range(players)] if ordered else [],
            "first_leader_p": first_player_p(order_wins[0], ordered, players),
            "end_reasons": [{"reason": reason, "count": k, **_share(k, n)} for reason, k in sorted(ends.items(), key=lambda kv: -kv[1])],
            "turns": mean_interval([float(r["turns"]) for r in games]),
        }
        out.append(entry)
    return out


def _share(k: int, n: int) -> dict[str, Any]:
    lo, hi = wilson(k, n)
    return {"n": n, "rate": k / n if n else 0.0, "ci": [lo, hi]}


def by_type(records: list[dict[str, Any]], cards: CardSet) -> dict[str, list[dict[str, Any]]]:
    """Completers' win rate by good type and by action type of the card completed, each type against
    every other completion (Fisher's exact test, Newcombe's interval), corrected within each family
    (Benjamini-Hochberg)."""
    kinds = {"good": GOOD_TYPES, "action": ACTION_TYPES}
    tallies: dict[str, dict[str, list[float]]] = {k: {t: [0, 0.0] for t in types} for k, types in kinds.items()}
    total_n, total_w = 0, 0.0
    for r, w in zip(records, shares(records), strict=True):
        for seat, completed in enumerate(r["completed"]):
            for card_id in set(completed):
                card = cards.by_id.get(card_id)
                if card is None:
                    continue
                won = w.get(seat, 0.0)
                total_n += 1
                total_w += won
                for kind, attr in (("good", card.good), ("action", card.action)):
                    slot = tallies[kind].setdefault(attr, [0, 0.0])
                    slot[0] += 1
                    slot[1] += won
    out: dict[str, list[dict[str, Any]]] = {}
    for kind, types in tallies.items():
        rows = []
        for name, (n, wins) in types.items():
            n = int(n)
            other_n, other_w = total_n - n, total_w - wins
            row = {"type": name, "completions": n, **rate(wins, n),
                   "others": {"n": other_n, "rate": other_w / other_n if other_n else None},
                   "vs_others": (wins / n - other_w / other_n) if n and other_n else None,
                   "vs_others_ci": list(newcombe(wins, n, other_w, other_n)) if n and other_n else None,
                   "p": fisher_p(wins, n, other_w, other_n) if n and other_n and len(records) >= MIN_TEST_GAMES else None, "q": None}
            rows.append(row)
        tested = [r for r in rows if r["p"] is not None]
        for row, q in zip(tested, bh_adjust([r["p"] for r in tested]), strict=True):
            row["q"] = q
        out[kind] = rows
    return out


def dead_and_winners(rows: list[dict[str, Any]], games: int, min_completions: int) -> dict[str, Any]:
    """Cards never or rarely completed, and cards almost always completed by the winner, from the
    per-card rows of cardstats.card_row. Both need evidence: a card not completed in 40 games is not
    called dead (the interval of its completion rate still reaches 9%), only counted as `unseen`; a
    winner's card needs as many completions as a ranked card (cardstats.MIN_COMPLETIONS)."""
    dead = [r for r in rows if r["ci_completed_rate"][1] < RARE_RATE]
    never = [_card_brief(r) for r in dead if r["completed_games"] == 0]
    rare = sorted((_card_brief(r) for r in dead if r["completed_games"] > 0), key=lambda c: c["completed_rate"])
    unseen = sum(1 for r in rows if r["completed_games"] == 0) - len(never)
    winners = [_card_brief(r) for r in rows if r["completers"] >= min_completions and r["win_rate_completed"] is not None
               and r["win_rate_completed"] >= WINNER_RATE and r["ci_completed"][0] > WINNER_FLOOR]
    winners.sort(key=lambda c: -c["ci_completed"][0])
    return {"games": games, "never": never, "rare": rare, "unseen": unseen, "winners": winners,
            "thresholds": {"rare_rate": RARE_RATE, "winner_rate": WINNER_RATE, "winner_floor": WINNER_FLOOR,
                           "min_completions": min_completions}}


def _card_brief(r: dict[str, Any]) -> dict[str, Any]:
    return {"id": r["id"], "name": r["name"], "completed_games": r["completed_games"], "games": r["games"],
            "completed_rate": r["completed_rate"], "ci_completed_rate": list(r["ci_completed_rate"]),
            "completers": r["completers"], "win_rate_completed": r["win_rate_completed"], "ci_completed": list(r["ci_completed"]),
            "dead_rate": r["dead_rate"]}


def deck_health(records: list[dict[str, Any]], cards: CardSet, rows: list[dict[str, Any]], min_completions: int) -> dict[str, Any]:
    """Every deck-health figure of a run (results.json's `health`)."""
    return {"by_players": by_player_count(records), "types": by_type(records, cards),
            "cards": dead_and_winners(rows, len(records), min_completions)}


# --- against a second run -----------------------------------------------------------------------------

def _rate_change(a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    """B - A of two rates ({wins or rate, n}), with Newcombe's interval and Fisher's p."""
    wa = a.get("wins", a["rate"] * a["n"])
    wb = b.get("wins", b["rate"] * b["n"])
    na, nb = a["n"], b["n"]
    if not na or not nb:
        return {"A": a["rate"], "B": b["rate"], "n": [na, nb], "diff": None, "lo": None, "hi": None, "p": None, "q": None}
    lo, hi = newcombe(wb, nb, wa, na)
    return {"A": a["rate"], "B": b["rate"], "n": [na, nb], "diff": wb / nb - wa / na, "lo": lo, "hi": hi,
            "p": fisher_p(wb, nb, wa, na), "q": None}


def health_changes(a: dict[str, Any] | None, b: dict[str, Any] | None) -> dict[str, Any] | None:
    """Which deck-health figures changed from run A to run B: each B - A with its interval and p, the
    p-values corrected together (Benjamini-Hochberg); dead and winner's cards that appear or go.
    None when a run has no deck-health figures (results written before they were kept)."""
    if not a or not b:
        return None
    counts = []
    a_counts = {c["players"]: c for c in a["by_players"]}
    for cb in b["by_players"]:
        ca = a_counts.get(cb["players"])
        if ca is None:
            continue
        order = [{"place": pa["place"], **_rate_change(pa, pb)} for pa, pb in zip(ca["order"], cb["order"], strict=False)]
        ends_a = {e["reason"]: e for e in ca["end_reasons"]}
        ends_b = {e["reason"]: e for e in cb["end_reasons"]}
        ends = []
        for reason in sorted(ends_a.keys() | ends_b.keys()):
            ea = ends_a.get(reason, {"count": 0, "n": ca["games"], "rate": 0.0})
            eb = ends_b.get(reason, {"count": 0, "n": cb["games"], "rate": 0.0})
            ends.append({"reason": reason, **_rate_change({"wins": ea["count"], "n": ea["n"], "rate": ea["rate"]},
                                                          {"wins": eb["count"], "n": eb["n"], "rate": eb["rate"]})})
        turns = welch(cb["turns"], ca["turns"])
        counts.append({"players": cb["players"], "games": [ca["games"], cb["games"]], "order": order, "end_reasons": ends,
                       "turns": {"A": ca["turns"]["mean"], "B": cb["turns"]["mean"], "diff": turns["diff"], "lo": turns["lo"],
                                 "hi": turns["hi"], "p": turns["p"], "q": None}})
    types: dict[str, list[dict[str, Any]]] = {}
    for kind in ("good", "action"):
        rows_a = {r["type"]: r for r in a["types"][kind]}
        types[kind] = [{"type": rb["type"], **_rate_change(rows_a[rb["type"]], rb)} for rb in b["types"][kind] if rb["type"] in rows_a]
    tested = [c for entry in counts for c in (*entry["order"], *entry["end_reasons"], entry["turns"])]
    tested += [c for kind in types.values() for c in kind]
    tested = [c for c in tested if c["p"] is not None]
    for item, q in zip(tested, bh_adjust([c["p"] for c in tested]), strict=True):
        item["q"] = q
    return {"by_players": counts, "types": types, "cards": _card_lists_change(a["cards"], b["cards"]),
            "moved": sum(1 for c in tested if c["q"] < 0.05), "tested": len(tested)}


def _card_lists_change(a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    out = {}
    for key in ("never", "rare", "winners"):
        ids_a = {c["id"]: c for c in a[key]}
        ids_b = {c["id"]: c for c in b[key]}
        out[key] = {"new": [ids_b[i] for i in sorted(ids_b.keys() - ids_a.keys())],
                    "gone": [ids_a[i] for i in sorted(ids_a.keys() - ids_b.keys())]}
    return out


# --- in words, for the terminal -------------------------------------------------------------------------

def _pct(v: float | None) -> str:
    return "-" if v is None else f"{100 * v:.0f}%"


def _ci(ci: list[float] | tuple[float, float]) -> str:
    return f"[{_pct(ci[0])}-{_pct(ci[1])}]"


def _pts(v: float | None) -> str:
    if v is None:
        return "-"
    rounded = round(100 * v)
    return "0" if rounded == 0 else f"{rounded:+d}"


def _p(p: float | None) -> str:
    return "" if p is None else ("p < 0.001" if p < 0.001 else f"p = {p:.3f}")


def _mean_ci(t: dict[str, Any]) -> str:
    return f"[{t['ci'][0]:g}, {t['ci'][1]:g}]" if t["ci"] else f"(too few games for an interval: {t['n']})"


def place_name(place: int) -> str:
    return "first leader" if place == 1 else f"{place}{'nd' if place == 2 else 'rd' if place == 3 else 'th'} in turn order"


def health_lines(health: dict[str, Any]) -> list[str]:
    """Deck health for the terminal: every figure with its interval and n."""
    lines = ["Deck health:"]
    for c in health["by_players"]:
        n = c["games"]
        head = f"  {c['players']} players ({n} games): "
        if c["order"]:
            first = c["order"][0]
            places = ", ".join(f"{o['place']}. {_pct(o['rate'])}" for o in c["order"])
            head += (f"the first leader wins {_pct(first['rate'])} {_ci(first['ci'])} of {first['n']} (a fair share is "
                     f"{_pct(c['fair'])}; {_p(c['first_leader_p'])}); by place in turn order {places}")
        else:
            head += "by seat " + ", ".join(f"P{s['seat']} {_pct(s['rate'])} {_ci(s['ci'])}" for s in c["seats"])
        lines.append(head)
        ends = ", ".join(f"{e['reason']} {_pct(e['rate'])} {_ci(e['ci'])}" for e in c["end_reasons"])
        t = c["turns"]
        lines.append(f"    games end by {ends} (n={n}); they last {t['mean']:g} turns {_mean_ci(t)} (sd {t['sd']:g})")
    for kind, label in (("good", "good type"), ("action", "action type")):
        rows = [r for r in health["types"][kind] if r["completions"]]
        lines.append(f"  Completers' win rate by {label}: " + ", ".join(
            f"{r['type']} {_pct(r['rate'])} of {r['completions']} ({_pts(r['vs_others'])} points vs the others"
            + (", stands out" if r["q"] is not None and r["q"] < 0.05 else "") + ")" for r in rows))
    cards = health["cards"]
    if cards["never"]:
        lines.append(f"  Never completed in {cards['games']} games: " + ", ".join(c["name"] for c in cards["never"]))
    if cards["rare"]:
        lines.append(f"  Rarely completed (even the top of the interval is below {_pct(cards['thresholds']['rare_rate'])} of games): "
                     + ", ".join(f"{c['name']} {100 * c['completed_rate']:.1f}% of {c['games']}" for c in cards["rare"]))
    if not cards["never"] and not cards["rare"]:
        lines.append(f"  No dead card: no card is surely completed in fewer than {_pct(cards['thresholds']['rare_rate'])} of games"
                     + (f" ({cards['unseen']} were not completed in these {cards['games']} games, too few to say)" if cards.get("unseen") else ""))
    if cards["winners"]:
        lines.append(f"  Almost always completed by the winner (completers win at least {_pct(cards['thresholds']['winner_rate'])}, "
                     f"the interval above {_pct(cards['thresholds']['winner_floor'])}): "
                     + ", ".join(f"{c['name']} {_pct(c['win_rate_completed'])} of {c['completers']} {_ci(c['ci_completed'])}" for c in cards["winners"]))
    return lines


def change_lines(changes: dict[str, Any] | None) -> list[str]:
    """What changed in deck health from A to B, for the terminal: the figures that moved after the
    correction, and the dead and winner's cards that appeared or went."""
    if changes is None:
        return []
    lines = [f"Deck health, B - A ({changes['tested']} figures compared, Benjamini-Hochberg): "
             + (f"{changes['moved']} moved beyond chance" if changes["moved"] else "none moved beyond chance")]
    for c in changes["by_players"]:
        for o in c["order"]:
            if o["q"] is not None and o["q"] < 0.05:
                lines.append(f"  {c['players']} players, {place_name(o['place'])} wins {_pct(o['A'])} -> {_pct(o['B'])} "
                             f"({_pts(o['diff'])} points [{_pts(o['lo'])}, {_pts(o['hi'])}], {_p(o['p'])}; n={o['n'][0]}, {o['n'][1]})")
        for e in c["end_reasons"]:
            if e["q"] is not None and e["q"] < 0.05:
                lines.append(f"  {c['players']} players, games ending by {e['reason']} {_pct(e['A'])} -> {_pct(e['B'])} "
                             f"({_pts(e['diff'])} points [{_pts(e['lo'])}, {_pts(e['hi'])}], {_p(e['p'])})")
        t = c["turns"]
        if t["q"] is not None and t["q"] < 0.05:
            lines.append(f"  {c['players']} players, game length {t['A']:g} -> {t['B']:g} turns ({t['diff']:+.2f} [{t['lo']:+.2f}, {t['hi']:+.2f}])")
    for kind in ("good", "action"):
        for r in changes["types"][kind]:
            if r["q"] is not None and r["q"] < 0.05:
                lines.append(f"  completers of {r['type']} cards win {_pct(r['A'])} -> {_pct(r['B'])} ({_pts(r['diff'])} points "
                             f"[{_pts(r['lo'])}, {_pts(r['hi'])}], {_p(r['p'])})")
    words = {"never": "never completed", "rare": "rarely completed", "winners": "almost always completed by the winner"}
    for key, what in words.items():
        moved = changes["cards"][key]
        if moved["new"]:
            lines.append(f"  now {what}: " + ", ".join(c["name"] for c in moved["new"]))
        if moved["gone"]:
            lines.append(f"  no longer {what}: " + ", ".join(c["name"] for c in moved["gone"]))
    return lines
