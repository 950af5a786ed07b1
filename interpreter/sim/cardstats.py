"""The statistics of a balance run: per card and per game, from the game records (games.jsonl).

A card is judged by its completers: completing any card goes with winning, so its completers are
compared with the completions of every other card pooled (the "typical card"). Each card's test is
one of many, so a card "stands out" only after the Benjamini-Hochberg correction over every card
with enough completions to be ranked (at least `min_completions`); cards with fewer are listed but
not ranked. Cards are ranked by the strength of evidence (p-value), and every rate carries its n.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from interpreter.cards.loader import CardSet
from interpreter.sim.health import deck_health, health_lines
from interpreter.sim.stats import ALPHA, Moments, bh_adjust, detectable_proportion_change, fisher_p, mean_sd, newcombe, welch, wilson
from interpreter.sim.strength import strength_lines

if TYPE_CHECKING:
    from interpreter.cards.model import CardDef
    from interpreter.sim.balance import BalanceJob

MIN_COMPLETIONS = 30  # fewer completions than this: listed, not ranked, not tested
FDR = ALPHA  # the false discovery rate of the Benjamini-Hochberg correction
SCORE_BIN = 5  # points per bar of the score histograms
TURNS_BIN = 2  # turns per bar of the game-length histograms


@dataclass
class CardTally:
    """What the records say about one card."""
    card: CardDef
    copies: int
    completed_games: int = 0
    completers: int = 0
    completer_wins: float = 0.0
    scores: Moments = field(default_factory=Moments)  # completers' final scores
    turns: Moments = field(default_factory=Moments)  # length of the games in which it was completed
    score_hist: Counter[int] = field(default_factory=Counter)  # completers' scores, by bin
    turns_hist: Counter[int] = field(default_factory=Counter)  # length of the games in which it was completed, by bin
    power_credits: int = 0
    dead_games: int = 0
    fired: int = 0


@dataclass
class Pool:
    """Every completion of every card, pooled: what a typical card's completers do."""
    n: int = 0
    wins: float = 0.0
    scores: Moments = field(default_factory=Moments)


def _bin(score: float) -> int:
    return int(score // SCORE_BIN) * SCORE_BIN


def tally(records: list[dict[str, Any]], cards: CardSet) -> tuple[dict[str, CardTally], Pool]:
    copies = Counter(c.id for c in cards.cards)
    tallies = {c.id: CardTally(c, copies[c.id]) for c in cards.by_id.values()}
    pool = Pool()
    for r in records:
        won = {w: 1 / len(r["winners"]) for w in r["winners"]}
        in_hand = {i for hand in r["in_hand"] for i in hand}
        seen: set[str] = set()
        for seat, completed in enumerate(r["completed"]):
            score = float(r["totals"][seat])
            for card_id in set(completed):
                t = tallies.get(card_id)
                if t is None:
                    continue
                seen.add(card_id)
                t.completers += 1
                t.completer_wins += won.get(seat, 0.0)
                t.scores.add(score)
                t.score_hist[_bin(score)] += 1
                pool.n += 1
                pool.wins += won.get(seat, 0.0)
                pool.scores.add(score)
        for card_id in seen:
            tallies[card_id].completed_games += 1
            tallies[card_id].turns.add(float(r["turns"]))
            tallies[card_id].turns_hist[r["turns"] // TURNS_BIN * TURNS_BIN] += 1
        for card_id in in_hand & tallies.keys():
            tallies[card_id].dead_games += 1
        for card_id, credits in r["power_credits"].items():
            if card_id in tallies:
                tallies[card_id].power_credits += credits
        for card_id, times in r["fired"].items():
            if card_id in tallies:
                tallies[card_id].fired += times
    return tallies, pool


def definition(card: CardDef, copies: int) -> dict[str, Any]:
    """The card as written, for the report: facts, text, and each power line with its English."""
    return {"action": card.action, "load": card.load_text(), "copies": copies, "text": card.text,
            "powers": [{"line": p.text, "english": p.node.english()} for p in card.powers]}


def card_row(t: CardTally, pool: Pool, games: int, seats: int, min_completions: int) -> dict[str, Any]:
    c = t.card
    n, w = t.completers, t.completer_wins
    base_n, base_w = pool.n - n, pool.wins - w  # every other card's completions
    rate_c = w / n if n else None
    typical = base_w / base_n if base_n else None
    others, other_wins = seats - n, games - w  # the win shares of a game add up to 1
    rate_o = other_wins / others if others else None
    ranked = n >= min_completions and base_n > 0
    score_vs = welch(t.scores, pool.scores.minus(t.scores))
    return {
        "id": c.id, "name": c.name, "set": c.set, "good": c.good, "tier": c.tier,
        "games": games, "completed_games": t.completed_games,
        "completed_rate": t.completed_games / games if games else 0.0, "ci_completed_rate": wilson(t.completed_games, games),
        "completers": n, "completer_wins": w,
        "win_rate_completed": rate_c, "ci_completed": wilson(w, n),
        "typical_rate": typical, "typical_n": base_n,
        "vs_typical": (rate_c - typical) if rate_c is not None and typical is not None else None,
        "vs_typical_ci": newcombe(w, n, base_w, base_n) if n and base_n else None,
        "p_value": fisher_p(w, n, base_w, base_n) if ranked else None,
        "q_value": None, "ranked": ranked, "rank": None, "significant": False,
        "score_completed": t.scores.as_dict(),
        "score_vs_typical": {k: round(v, 2) for k, v in score_vs.items()} if ranked else None,
        "turns_completed": t.turns.as_dict(),
        "score_hist": {str(k): v for k, v in sorted(t.score_hist.items())},
        "turns_hist": {str(k): v for k, v in sorted(t.turns_hist.items())},
        "win_rate_not": rate_o, "ci_not": wilson(other_wins, others),
        "delta": (rate_c - rate_o) if rate_c is not None and rate_o is not None else None,
        "credit_value": t.power_credits / n if n else 0.0,
        "dead_rate": t.dead_games / games if games else 0.0,
        "fired_per_game": t.fired / games if games else 0.0,
        "definition": definition(c, t.copies),
    }


def rank_rows(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Correct the ranked cards' p-values for multiple comparisons (Benjamini-Hochberg), mark the
    cards that stand out, and sort: ranked cards by the strength of evidence, then the others by
    their number of completions. Returns what the correction did, for the report."""
    ranked = [r for r in rows if r["ranked"]]
    for row, q in zip(ranked, bh_adjust([r["p_value"] for r in ranked]), strict=True):
        row["q_value"] = q
        row["significant"] = q < FDR
    ranked.sort(key=lambda r: (r["p_value"], -abs(r["vs_typical"] or 0.0)))
    for i, row in enumerate(ranked, start=1):
        row["rank"] = i
    unranked = sorted((r for r in rows if not r["ranked"]), key=lambda r: (-r["completers"], r["name"]))
    rows[:] = ranked + unranked
    raw = sum(1 for r in ranked if r["p_value"] < ALPHA)
    return {"tested": len(ranked), "not_ranked": len(unranked), "raw_below_alpha": raw,
            "expected_by_chance": round(len(ranked) * ALPHA, 1), "standouts": sum(1 for r in ranked if r["significant"])}


def summarize(records: list[dict[str, Any]], cards: CardSet, job: BalanceJob, seconds: float,
              played: int | None = None, min_completions: int = MIN_COMPLETIONS) -> dict[str, Any]:
    """The results of a run (results.json). `played`: games played in this run (the others were
    recorded earlier), for the speed."""
    n = len(records)
    played = n if played is None else played
    seats = sum(r["players"] for r in records)
    tallies, pool = tally(records, cards)
    rows = [card_row(t, pool, n, seats, min_completions) for t in tallies.values()]
    tests = rank_rows(rows)
    median_n = sorted(r["completers"] for r in rows if r["ranked"])[tests["tested"] // 2] if tests["tested"] else 0
    typical = pool.wins / pool.n if pool.n else 0.0
    tests.update({"median_completions": median_n,
                  "detectable_at_median": detectable_proportion_change(typical, median_n, max(1, pool.n - median_n)) if median_n else None})
    bots = list(job.bots) or ["heuristic"] * job.players
    label = bots_label(bots)
    if job.player_counts:  # one bot for every seat of every player count
        bots = bots[:1]
        label = f"{bots[0]} bots at every seat"
    return {
        "meta": {"games": n, "players": job.players, "player_counts": list(job.player_counts), "seed": job.seed, "cards": job.cards.label(),
                 "bots": bots, "bots_label": label, "ms_per_search_decision": search_ms(records),
                 "options": list(job.options), "seconds": round(seconds, 2),
                 "games_per_s": round(played / seconds, 2) if seconds and played else None, "deck_size": len(cards),
                 "min_completions": min_completions, "fdr": FDR},
        "game": game_stats(records, max([job.players, *job.player_counts])),
        "bot_wins": bot_wins(records, job) if len(set(bots)) > 1 else [],
        "cards": rows,
        "health": deck_health(records, cards, rows, min_completions),
        "tests": tests,
        "typical": {"n": pool.n, "win_rate": typical, "score": pool.scores.as_dict()},
        "standouts": [r["id"] for r in rows if r["significant"]],
    }


def players_text(meta: dict[str, Any]) -> str:
    """`4 players`, or `3, 4 and 5 players` for a run that goes round several player counts."""
    counts = meta.get("player_counts") or [meta["players"]]
    words = [str(c) for c in counts]
    return (words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]) + " players"


def bots_label(bots: list[str] | tuple[str, ...]) -> str:
    """Who played, in words: `4 heuristic bots`, `1 search:20ro and 3 heuristic bots`."""
    counts = Counter(bots)
    names = [f"{n} {kind}" for kind, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))]
    text = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    return text + (" bot" if len(bots) == 1 else " bots") + ("" if len(counts) == 1 else " (seats turned one per game)")


def search_ms(records: list[dict[str, Any]]) -> float | None:
    """Milliseconds per decision the search bots searched (None: no search bot played)."""
    searched = sum(r.get("searched", 0) for r in records)
    return round(1000 * sum(r.get("search_seconds", 0.0) for r in records) / searched, 1) if searched else None


def bot_wins(records: list[dict[str, Any]], job: BalanceJob) -> list[dict[str, Any]]:
    """Each bot's share of its seats' wins (a shared victory counts 1/k), with its 95% interval."""
    wins: dict[str, float] = defaultdict(float)
    seats: Counter[str] = Counter()
    for r in records:
        for seat, kind in enumerate(r.get("bots") or job.seat_bots(r["index"])):
            seats[kind] += 1
            if seat in r["winners"]:
                wins[kind] += 1 / len(r["winners"])
    out = []
    for kind, n in sorted(seats.items()):
        low, high = wilson(wins[kind], n)
        out.append({"bot": kind, "seats": n, "wins": round(wins[kind], 2), "rate": wins[kind] / n, "ci": [low, high]})
    return out


def game_stats(records: list[dict[str, Any]], players: int) -> dict[str, Any]:
    seats = [0.0] * players
    seat_games = [0] * players  # a run with several player counts has fewer games with a fifth seat than with a first
    colours: dict[str, float] = defaultdict(float)
    colour_games: Counter[str] = Counter()
    for r in records:
        won = {w: 1 / len(r["winners"]) for w in r["winners"]}
        for seat in range(r["players"]):
            seats[seat] += won.get(seat, 0.0)
            seat_games[seat] += 1
            colours[r["colours"][seat]] += won.get(seat, 0.0)
            colour_games[r["colours"][seat]] += 1
    turns = [float(r["turns"]) for r in records]
    scores = [float(t) for r in records for t in r["totals"]]
    winning = [float(max(r["totals"])) for r in records]
    return {
        "end_reasons": dict(Counter(r["end_reason"] for r in records)),
        "turns": describe(turns), "turns_all": turns, "seeds": [r["seed"] for r in records],
        "scores": describe(scores), "scores_all": scores,
        "winning_score": describe(winning), "winning_all": winning,
        "seats": [{"seat": i + 1, "wins": w, "games": k, "rate": w / k if k else 0.0, "ci": wilson(w, k)}
                  for i, (w, k) in enumerate(zip(seats, seat_games, strict=True))],
        "colours": [{"colour": c, "wins": w, "games": colour_games[c], "rate": w / colour_games[c], "ci": wilson(w, colour_games[c])}
                    for c, w in sorted(colours.items())],
    }


def describe(values: list[float]) -> dict[str, float]:
    mean, sd = mean_sd(values)
    return {"n": len(values), "mean": round(mean, 2), "sd": round(sd, 2), "min": min(values, default=0.0), "max": max(values, default=0.0)}


def pct(v: float | None) -> str:
    return "-" if v is None else f"{100 * v:.0f}%"


def pts(v: float | None) -> str:
    if v is None:
        return "-"
    rounded = round(100 * v)
    return "0" if rounded == 0 else f"{rounded:+d}"


SHOWN = 12  # standouts listed on the terminal


def terminal_summary(results: dict[str, Any]) -> str:
    meta, game = results["meta"], results["game"]
    tests = results.get("tests", {})
    n = meta["games"]
    speed = f"{meta['games_per_s']} games/s" if meta["games_per_s"] else "all games recorded earlier"
    lines = [f"{n} games, {players_text(meta)}, {meta['cards']} ({meta['deck_size']} cards), {speed}",
             f"Bots: {meta.get('bots_label', bots_label(['heuristic'] * meta['players']))}",
             "Ended by: " + ", ".join(f"{k} {v} of {n} ({pct(v / n if n else None)})" for k, v in sorted(game["end_reasons"].items())),
             f"Turns: mean {game['turns']['mean']}, sd {game['turns']['sd']} (n={n}); winning score mean {game['winning_score']['mean']}",
             "Seats: " + "  ".join(f"P{s['seat']} {pct(s['rate'])} [{pct(s['ci'][0])}-{pct(s['ci'][1])}]" for s in game["seats"])
             + (f" (n={n} each)" if all(s.get("games", n) == n for s in game["seats"])
                else " (n=" + ", ".join(str(s.get("games", n)) for s in game["seats"]) + ")")]
    if results.get("bot_wins"):
        lines.append("Wins by bot: " + "  ".join(f"{b['bot']} {pct(b['rate'])} of its seats [{pct(b['ci'][0])}-{pct(b['ci'][1])}] "
                                                 f"(n={b['seats']})" for b in results["bot_wins"]))
    if meta.get("ms_per_search_decision"):
        lines.append(f"Search bots: {meta['ms_per_search_decision']} ms per searched decision")
    if tests:
        lines.append(f"Cards tested: {tests['tested']} with at least {meta['min_completions']} completions "
                     f"({tests['not_ranked']} with fewer are not ranked); {tests['raw_below_alpha']} have p < 0.05 before correction, "
                     f"about {tests['expected_by_chance']} would by chance alone.")
    standouts = [c for c in results["cards"] if c["significant"]]
    if standouts:
        shown = "" if len(standouts) <= SHOWN else f" (the {SHOWN} with the strongest evidence; all in the report)"
        lines.append(f"{len(standouts)} card(s) stand out after the Benjamini-Hochberg correction (false discovery rate "
                     f"{pct(meta.get('fdr', FDR))}): their completers win more or less often than a typical card's{shown}")
        for c in standouts[:SHOWN]:
            lo, hi = c["vs_typical_ci"]
            q = "q < 0.001" if c["q_value"] < 0.001 else f"q = {c['q_value']:.3f}"
            lines.append(f"  {c['name']:<18} {pts(c['vs_typical'])} points [{pts(lo)}, {pts(hi)}] "
                         f"(completers win {pct(c['win_rate_completed'])} of {c['completers']}; {q}); "
                         f"completed in {pct(c['completed_rate'])} of {n} games")
    else:
        lines.append("No card stands out after the correction for multiple comparisons: no card's completers win "
                     "clearly more or less often than a typical card's.")
    if results.get("health"):
        lines += health_lines(results["health"])
    if results.get("strength"):
        lines += strength_lines(results["strength"])
    return "\n".join(lines)
