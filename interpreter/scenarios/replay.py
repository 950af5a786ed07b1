"""Replaying game records: replaying a record reproduces the game exactly, and is refused, naming
the cards, when the current card set differs. A replay must take every recorded decision, no more and
no fewer. The record format itself (what a record holds, its JSON Schema, reading and checking one,
its mod paths) is interpreter/records.py.

A record of a game that failed in a batch (sim/failures.py) also names the bot at each seat: it is
played again by those bots, checked decision by decision against the record, to see whether the
failure still happens."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from interpreter.agents.scripted import ReplayMismatch, ScriptedAgent, ScriptedLog
from interpreter.cards.loader import CardSet
from interpreter.cards.rulesdata import RulesData
from interpreter.engine.decisions import Decision, DecisionRecord
from interpreter.engine.game import Game, GameResult
from interpreter.engine.options import GameOptions
from interpreter.powers import new_game
from interpreter.records import ReplayError, card_set_differences, course_problem
from interpreter.sim.runner import bot_game

# ------------------------------------------------------------------------------------ replaying

@dataclass
class Replayed:
    game: Game
    result: GameResult | None  # None: the record of an abandoned game, replayed to where it stopped
    same_result: bool
    differences: list[str]


def replay(record: dict[str, Any], cards: CardSet, data: RulesData, options: GameOptions,
           watch: Callable[[Game], None] | None = None) -> Replayed:
    """Replay a checked record (read_record) with the scripted agent: the game must ask exactly the
    recorded decisions, in order, and no more. `watch` sees the game before it is played."""
    if cards.fingerprint() != record["card_set"]:
        raise ReplayError("the current card set differs from the recorded one: " + "; ".join(card_set_differences(record, cards)))
    decisions = record["decisions"]
    log = ScriptedLog([DecisionRecord(d["kind"], d["player"], d["index"], d["label"]) for d in decisions])
    players = record["players"]
    game = new_game(cards, data, players, record["seed"], options, [ScriptedAgent(log)] * players)
    if watch is not None:
        watch(game)
    try:
        result = game.play()
    except ReplayMismatch as exc:
        if "abandoned" in record and log.position == len(decisions) and game.turn == record["abandoned"]["turn"]:
            return Replayed(game, None, True, [])  # every decision taken, the game asks for the next one
        raise ReplayError(f"the game took another course than the record: {exc}") from None
    problem = course_problem(record, log.position)
    if problem is not None:
        raise ReplayError(f"the game took another course than the record: {problem}")
    expected = record.get("result", {})
    actual = {"totals": result.totals, "winners": result.winners, "end_reason": result.end_reason, "turns": result.turns}
    differences = [f"{key}: recorded {expected[key]}, replayed {actual[key]}" for key in actual if key in expected and expected[key] != actual[key]]
    return Replayed(game, result, not differences, differences)


class _Checked:
    """A bot whose choices are compared with the record's, one by one, as a failed game is replayed."""

    def __init__(self, bot: Any, log: ScriptedLog):
        self.bot = bot
        self.log = log
        self.wants_checkpoints = getattr(bot, "wants_checkpoints", False)  # a search bot searches as it did

    def choose(self, decision: Decision, game: Game) -> int:
        index = self.bot.choose(decision, game)
        if self.log.position < len(self.log.records):
            expected = self.log.next_for(decision)
            if expected != index:
                raise ReplayMismatch(f"decision {self.log.position}: the bot chose `{decision.options[index].label}`, "
                                     f"the record `{decision.options[expected].label}`")
        return index


@dataclass
class FailureReplayed:
    game: Game | None  # None if the game failed while being set up
    result: GameResult | None
    error: BaseException | None  # the error raised again, or None if the game now finishes


def replay_failure(record: dict[str, Any], cards: CardSet, data: RulesData, options: GameOptions) -> FailureReplayed:
    """Play a failed game again with its bots, checking their decisions against the record."""
    if cards.fingerprint() != record["card_set"]:
        raise ReplayError("the current card set differs from the recorded one: " + "; ".join(card_set_differences(record, cards)))
    log = ScriptedLog([DecisionRecord(d["kind"], d["player"], d["index"], d["label"]) for d in record["decisions"]])
    try:
        game = bot_game(cards, data, record["players"], record["seed"], options, record["bots"])
    except Exception as exc:  # the failure may be in setting the game up
        return FailureReplayed(None, None, exc)
    game.agents = [_Checked(agent, log) for agent in game.agents]
    try:
        result = game.play()
    except ReplayMismatch as exc:
        raise ReplayError(f"the game took another course than the record: {exc}") from None
    except Exception as exc:
        return FailureReplayed(game, None, exc)
    return FailureReplayed(game, result, None)
