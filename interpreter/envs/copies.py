"""Copies of a driven game for an environment's `clone` and `resample_hidden` (pettingzoo.py).

A driven game waits inside a decision (driver.py), in the middle of a step of the engine, where its
state is partly in the call stack. So a copy is made as the engine makes any clone taken inside a
step (engine/cloning.py): a copy of the step's start that makes the step's decisions so far again
when it is played, and then asks its own agents. Its driver plays it to the question the original
waits on; the copy then waits there too.

An environment's game keeps no copy of each step's start until it is first copied (a copy per turn
would cost every environment, most of which never clone): the first copy is the game dealt anew
from its seed, which makes every decision of the game so far again (the game is a function of its
seed and its decisions), and from then on the original keeps its steps' starts, so the next copies
replay one step at most.

`resample_hidden` deals anew, at that point, what one seat cannot see (agents/search.py's
`determinize`: the same deal a search bot's rollout makes). The others' sealed bids of the round not
yet revealed (R10.3) are part of what the seat cannot see: the replay stops before the first of
them, and they are made again by the heuristic bot.
"""

from __future__ import annotations

import copy
import random
from typing import TYPE_CHECKING, Any

from interpreter.agents.heuristic import HeuristicAgent
from interpreter.agents.search import SECRET_KINDS, determinize, option_cards
from interpreter.engine.cloning import copy_state, resumed, step_start
from interpreter.envs.driver import GameDriver

if TYPE_CHECKING:
    from interpreter.engine.decisions import Decision, DecisionRecord
    from interpreter.engine.game import Game
    from interpreter.envs.table import Table


def copy_game(driver: GameDriver, table: Table, revealed: int, resample: tuple[int, random.Random] | None) -> GameDriver:
    """A new driver, not started, of a copy of `driver`'s game: the table's driven seats answered
    through it, the other seats by copies of their bots; `resample`: (seat, rng) to deal anew what
    that seat cannot see; `revealed`: the length of the log when sealed bids were last revealed."""
    game = driver.game
    made = GameDriver(game)  # its game is set below, once the copy's agents (its seats among them) exist
    driven = table.driven
    agents: list[Any] = [made.seat() if seat in driven else copy.deepcopy(game.agents[seat]) for seat in range(len(game.players))]
    start, records, first = _start_of(game, table)
    game.checkpoints = True  # the next copies start from this game's next step, not from its deal
    start.checkpoints = True  # and copies of the copy likewise
    if resample is None or driver.pending is None:
        made.game = resumed(start, records, agents)
        return made
    seat, rng = resample
    cut = len(records)
    for i in range(max(0, revealed - first), len(records)):
        if records[i].kind in SECRET_KINDS and records[i].player != seat:
            cut = i
            break
    pending = driver.pending
    seen = option_cards(pending) if pending.player == seat else set()
    dealer = Dealer(seat, rng, seen, records[cut:], agents)
    made.game = resumed(start, records[:cut], [dealer] * len(agents))
    return made


def _start_of(game: Game, table: Table) -> tuple[Game, list[DecisionRecord], int]:
    """Where a copy of `game` starts: (a game to play, the decisions it makes again, the position of
    the first of them in `game`'s log). Between steps, a copy of the game as it is; inside a step, a
    copy of the step's start, or the game dealt anew when it kept none."""
    if not game.in_step:
        return copy_state(game, []), [], len(game.log)
    if game.step_start is not None:
        start, records = step_start(game)
        return start, records, game.step_log
    return table.dealt(game.seed), list(game.log), 0


class Dealer:
    """Every seat's agent of a resampled copy once the replay of what the seat has seen is over: at
    its first call it deals anew what the seat cannot see; then it makes the step's remaining
    decisions up to the one the original waits on (the seat's own again as they were made, the
    others' sealed choices by the heuristic bot), and hands the seats to the copy's agents there."""

    def __init__(self, seat: int, rng: random.Random, seen: set[int], rest: list[DecisionRecord], agents: list[Any]):
        self.seat = seat
        self.rng = rng
        self.seen = seen
        self.remaining = len(rest)  # decisions before the one the original waits on
        self.own = [r for r in rest if r.player == seat]
        self.agents = agents
        self.bots = [HeuristicAgent(rng.getrandbits(32)) for _ in agents]
        self.dealt = False

    def choose(self, decision: Decision, game: Game) -> int:
        if not self.dealt:
            self.dealt = True
            determinize(game, self.seat, self.rng, seen=self.seen)
        if self.remaining == 0:  # the decision the original waits on: the copy's own agents from here
            game.agents = self.agents
            index: int = self.agents[decision.player].choose(decision, game)
            return index
        self.remaining -= 1
        if decision.player == self.seat and self.own:
            record = self.own.pop(0)
            if record.kind == decision.kind and record.index < len(decision.options):
                return record.index
        return self.bots[decision.player].choose(decision, game)
