"""A seeded random bot: a uniformly random legal option, declining optional moves only now and then.

A purely uniform bot throws away its own contracts at every chance (R14) and rarely completes a
shipment, which makes games between such bots say little about cards. So where a decision has a
declining option (`Decision.stop`: keep the contracts, stop using actions), the bot takes it with a
fixed probability per decision kind and otherwise picks uniformly among the other options.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from interpreter.engine.decisions import Decision
    from interpreter.engine.game import Game

# Probability of taking the declining option, by decision kind; any other kind uses DEFAULT_DECLINE.
DECLINE: dict[str, float] = {"discard_contract": 0.95}
DEFAULT_DECLINE = 0.1


class RandomAgent:
    def __init__(self, seed: int):
        self.rng = random.Random(seed)

    def choose(self, decision: Decision, game: Game) -> int:
        rng = self.rng
        n = len(decision.options)
        stop = decision.stop
        if stop is not None:
            if rng.random() < DECLINE.get(decision.kind, DEFAULT_DECLINE):
                return stop
            n -= 1
        # below(rng, n), written out: this runs once per decision of every random game
        k = n.bit_length()
        pick = rng.getrandbits(k)
        while pick >= n:
            pick = rng.getrandbits(k)
        return pick + 1 if stop is not None and pick >= stop else pick


def below(rng: random.Random, n: int) -> int:
    """`rng.randrange(n)` for n > 0, drawing the same numbers (CPython's algorithm: n.bit_length()
    random bits, drawn again while too large) without its two Python-level calls. RandomAgent.choose
    makes this draw at every decision, written out (tests/test_determinism.py checks both match randrange)."""
    k = n.bit_length()
    r = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return r


def random_agents(game_seed: int, players: int) -> list[RandomAgent]:
    """One random agent per seat, each with its own stream derived from the game seed, so that the
    same seed gives the same game whatever else runs."""
    return [RandomAgent(game_seed * 1009 + seat * 7919 + 1) for seat in range(players)]
