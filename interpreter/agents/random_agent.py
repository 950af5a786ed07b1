"""A seeded random bot: every legal option equally likely."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from interpreter.engine.decisions import Decision
    from interpreter.engine.game import Game


class RandomAgent:
    def __init__(self, seed: int):
        self.rng = random.Random(seed)

    def choose(self, decision: Decision, game: Game) -> int:
        return self.rng.randrange(len(decision.options))


def random_agents(game_seed: int, players: int) -> list[RandomAgent]:
    """One random agent per seat, each with its own stream derived from the game seed, so that the
    same seed gives the same game whatever else runs."""
    return [RandomAgent(game_seed * 1009 + seat * 7919 + 1) for seat in range(players)]
