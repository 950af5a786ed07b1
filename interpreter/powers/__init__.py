"""Powers in play: the runtime that runs the cards' compiled powers on the engine, and the one way
to start a game whose cards have powers."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from interpreter.engine.game import Game
from interpreter.powers.runtime import PowerRuntime

if TYPE_CHECKING:
    from interpreter.agents.base import Agent
    from interpreter.cards.loader import CardSet
    from interpreter.cards.rulesdata import RulesData
    from interpreter.engine.options import GameOptions


def new_game(cards: CardSet, data: RulesData, players: int, seed: int, options: GameOptions | None = None,
             agents: Sequence[Agent] | None = None) -> Game:
    """A game of these cards with their powers working (the engine with the powers runtime)."""
    return Game(cards, data, players, seed, options, agents, powers=PowerRuntime)


__all__ = ["Game", "PowerRuntime", "new_game"]
