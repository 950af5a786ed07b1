"""The loop of one player's instances of an action (R4.6, R4.7), shared by CONTRACT, LOAD and SUPPLY.

Each instance is optional (R0.5): the player is shown what one instance may do, with a first option
that stops (its value None), and may stop at any instance; with nothing but stopping to offer, the
loop ends without asking. A carried-out instance is noted in the turn's record (`game.turn_log`),
then `game.after_action` lets the game end or an any-moment discard happen (R16, R14.1). The rules
of each action stay in its module: what it offers (`options`) and what a choice does (`carry_out`)."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING, Any

from interpreter.engine.decisions import Decision, Option
from interpreter.engine.state import Player

if TYPE_CHECKING:
    from interpreter.engine.game import Game


def each_instance(game: Game, p: Player, instances: int, action: str,
                  options: Callable[[Game, Player, int], list[Option]], carry_out: Callable[[Game, Player, Any], int]) -> None:
    """`p` carries out up to `instances` instances of `action` (`contract`, `load`, `supply`: the
    decision's kind and the record's entry). `options(game, p, left)`: the options with `left`
    instances left, stopping first; `carry_out(game, p, choice)`: does the chosen option's value and
    returns the instances it used (1, or more for a contract that makes up a missing level, R6.4)."""
    left = instances
    while left > 0:
        offered = options(game, p, left)
        if len(offered) == 1:  # only stopping
            return
        choice = game.ask(Decision(action, p.seat, offered, instance_prompt(action, left), False, 0)).value  # stop=0
        if choice is None:
            return
        left -= carry_out(game, p, choice)
        game.turn_log.append((p.seat, action))
        game.after_action()


@cache
def instance_prompt(action: str, left: int) -> str:
    """`Load (2 action(s) left)`: the prompt of an instance of `action` (PIRATE's too), made once per
    action and count, not at every instance."""
    return f"{action.capitalize()} ({left} action(s) left)"
