"""The summary of a batch of games: wins per seat and colour, scores, game length, how games ended."""

from __future__ import annotations

import statistics
from collections import Counter

from interpreter.engine.game import GameResult
from interpreter.sim.stats import wilson


def _spread(values: list[float]) -> str:
    if not values:
        return "-"
    sd = statistics.pstdev(values) if len(values) > 1 else 0.0
    return f"mean {statistics.fmean(values):.1f}, sd {sd:.1f}, min {min(values):g}, max {max(values):g}"


def win_shares(results: list[GameResult]) -> tuple[list[float], dict[str, float]]:
    """Wins per seat and per colour; a shared victory (R17.10) counts 1/k to each of k winners."""
    players = results[0].players
    by_seat = [0.0] * players
    by_colour: dict[str, float] = {}
    for r in results:
        share = 1 / len(r.winners)
        for w in r.winners:
            by_seat[w] += share
            by_colour[r.colours[w]] = by_colour.get(r.colours[w], 0.0) + share
    return by_seat, by_colour


def bot_wins_text(results: list[GameResult], kinds: list[list[str]]) -> str:
    """Wins per bot kind, a shared victory counting 1/k, with the 95% interval of the win rate."""
    wins: dict[str, float] = {}
    seats: dict[str, int] = {}
    for r, seat_kinds in zip(results, kinds, strict=True):
        for seat, kind in enumerate(seat_kinds):
            seats[kind] = seats.get(kind, 0) + 1
            if seat in r.winners:
                wins[kind] = wins.get(kind, 0.0) + 1 / len(r.winners)
    parts = []
    for kind, n in sorted(seats.items()):
        w = wins.get(kind, 0.0)
        lo, hi = wilson(w, n)
        parts.append(f"{kind} {100 * w / n:.1f}% of its seats (95% CI {100 * lo:.1f}-{100 * hi:.1f}%, {n} seats)")
    return "Wins by bot: " + "; ".join(parts)


def summary_text(results: list[GameResult], header: str) -> str:
    if not results:
        return header + "\nNo game finished."
    n = len(results)
    by_seat, by_colour = win_shares(results)
    endings = Counter(r.end_reason for r in results)
    scores = [float(t) for r in results for t in r.totals]
    winning = [float(max(r.totals)) for r in results]
    lines = [
        header,
        f"Games: {n}",
        "Ended by: " + ", ".join(f"{reason} {count} ({100 * count / n:.0f}%)" for reason, count in endings.most_common()),
        "Turns per game: " + _spread([float(r.turns) for r in results]),
        "Scores (all players): " + _spread(scores),
        "Winning score: " + _spread(winning),
        "Decisions per game: " + _spread([float(r.decisions) for r in results]),
        "Wins by seat: " + "  ".join(f"P{i + 1} {w:g} ({100 * w / n:.0f}%)" for i, w in enumerate(by_seat)),
        "Wins by colour: " + "  ".join(f"{c} {w:g} ({100 * w / n:.0f}%)" for c, w in sorted(by_colour.items())),
    ]
    return "\n".join(lines)
