"""Final scoring (R17) and the game result."""

from __future__ import annotations

from typing import TYPE_CHECKING

from interpreter.cards.model import GOOD_TYPES
from interpreter.engine import events as ev
from interpreter.engine.result import GameResult
from interpreter.engine.state import Player

if TYPE_CHECKING:
    from interpreter.engine.game import Game

PARTS = ("credits", "parked", "unfinished", "innate", "majorities", "one_of_each", "powers")


def majority_awards(game: Game) -> list[int]:
    """R17.6: per good type, the player(s) with the most goods (at least the minimum, OQ-11) get
    the bonus or penalty; tied players each get their share rounded up (R17.6.1)."""
    rules = game.rules
    awards = [0] * len(game.players)
    for good in GOOD_TYPES:
        counts = [rules.majority_goods(p, good) for p in game.players]
        top = max(counts)
        if top < game.data.majority_minimum_goods:
            continue
        tied = [p for p, n in zip(game.players, counts, strict=True) if n == top]
        sharers = rules.majority_winners(tied, good, game.data.majority_bonus[good]) if len(tied) > 1 else tied
        share = rules.share(game.data.majority_bonus[good], len(sharers))
        for p in sharers:
            awards[p.seat] += rules.majority_bonus(p, good, share)
    return awards


def score_player(game: Game, p: Player, majorities: int) -> dict[str, int]:
    rules = game.rules
    in_harbor = sum(len(s.containers) for s in p.ships if not s.at_sea)
    counts = {good: rules.goods_of_type(p, good) for good in GOOD_TYPES}
    has_all = all(counts.values())
    parts = {
        "credits": p.credits,  # R17.3
        "parked": p.parked_credits(),  # R17.3
        "unfinished": in_harbor * game.data.unfinished_container_value,  # R17.4
        "innate": sum(n * rules.innate_value(p, good) for good, n in counts.items()),  # R17.5, R17.9
        "majorities": majorities,  # R17.6
        "one_of_each": rules.one_of_each_bonus(p) if has_all else 0,  # R17.7
        "powers": p.end_points,  # R17.8
    }
    parts["total"] = sum(parts[k] for k in PARTS)
    return parts


def finish(game: Game) -> GameResult:
    game.finishing = True  # the game is over: no instant win from here on (R16.3 is a win during play)
    order = [game.players[s] for s in game.seats_from(game.leader)]
    if game.instant_winner is None:
        for p in order:  # R17.2: any-time powers may still be used before bonuses are scored
            game.powers.offer_any_time(p)
    game.powers.run_adjustments(order)  # R17.2: the end-game adjustments, in their fixed order
    game.scoring = True
    game.powers.run_scoring(order)  # R17.8: end-game powers that score
    majorities = majority_awards(game)
    breakdown = [score_player(game, p, majorities[p.seat]) for p in game.players]
    totals = [b["total"] for b in breakdown]
    if game.instant_winner is not None:  # R16.3: no scoring decides the winner
        winners = [game.instant_winner]
    else:  # R17.10: the highest total wins; tied players share the victory
        best = max(totals)
        winners = [seat for seat, t in enumerate(totals) if t == best]
    reason = game.end_reason or "turn-limit"
    game.emit(ev.GameEnded, reason=reason, totals=totals, winners=winners)
    return GameResult(seed=game.seed, players=len(game.players), colours=[p.colour for p in game.players],
                      totals=totals, breakdown=breakdown, winners=winners, end_reason=reason,
                      turns=game.turn, decisions=game.decisions_asked)
