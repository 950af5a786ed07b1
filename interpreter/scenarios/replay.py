"""Game records and replays: a record holds the seed, the options, the card set (a fingerprint and a
hash per card) and every decision; replaying it reproduces the game exactly, and is refused, naming
the cards, when the current card set differs."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from interpreter.agents.scripted import ReplayMismatch, ScriptedAgent, ScriptedLog
from interpreter.cards.loader import CardSet
from interpreter.cards.rulesdata import RulesData
from interpreter.engine.decisions import DecisionRecord
from interpreter.engine.game import Game, GameResult
from interpreter.engine.options import GameOptions
from interpreter.powers import new_game

FORMAT = 1


class ReplayError(Exception):
    """The record cannot be replayed; the message says why."""


def make_record(game: Game, result: GameResult, settings: dict[str, Any]) -> dict[str, Any]:
    return {
        "format": FORMAT,
        **settings,
        "seed": game.seed,
        "players": len(game.players),
        "card_set": game.card_set.fingerprint(),
        "cards": game.card_set.card_hashes(),
        "decisions": [r.as_dict() for r in game.log],
        "result": {"totals": result.totals, "winners": result.winners, "end_reason": result.end_reason, "turns": result.turns},
    }


def read_record(path: Path) -> dict[str, Any]:
    try:
        record = json.loads(path.read_text())
    except OSError as exc:
        raise ReplayError(f"cannot read {path}: {exc.strerror or exc}") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise ReplayError(f"{path} is not a game record (invalid JSON: {exc})") from None
    needed = ("format", "seed", "players", "card_set", "cards", "decisions")
    if not isinstance(record, dict) or any(k not in record for k in needed):
        raise ReplayError(f"{path} is not a game record (it needs {', '.join(needed)})")
    if record["format"] != FORMAT:
        raise ReplayError(f"{path} is a record of format {record['format']}; this version reads format {FORMAT}")
    return record


def card_set_differences(record: dict[str, Any], cards: CardSet) -> list[str]:
    recorded: dict[str, str] = record["cards"]
    current = cards.card_hashes()
    changed = sorted(i for i in recorded.keys() & current.keys() if recorded[i] != current[i])
    lines = [f"changed: {', '.join(changed)}"] if changed else []
    if missing := sorted(recorded.keys() - current.keys()):
        lines.append(f"no longer in the card set: {', '.join(missing)}")
    if added := sorted(current.keys() - recorded.keys()):
        lines.append(f"new in the card set: {', '.join(added)}")
    if not lines:
        lines.append("the number of copies of some cards differs")
    return lines


@dataclass
class Replayed:
    game: Game
    result: GameResult
    same_result: bool


def replay(record: dict[str, Any], cards: CardSet, data: RulesData, options: GameOptions) -> Replayed:
    if cards.fingerprint() != record["card_set"]:
        raise ReplayError("the current card set differs from the recorded one: " + "; ".join(card_set_differences(record, cards)))
    try:
        log = ScriptedLog([DecisionRecord(d["kind"], d["player"], d["index"], d["label"]) for d in record["decisions"]])
    except (KeyError, TypeError) as exc:
        raise ReplayError(f"a decision of the record is malformed ({exc})") from None
    players = record["players"]
    game = new_game(cards, data, players, record["seed"], options, [ScriptedAgent(log)] * players)
    try:
        result = game.play()
    except ReplayMismatch as exc:
        raise ReplayError(f"the game took another course than the record: {exc}") from None
    expected = record.get("result", {})
    same = expected.get("totals") == result.totals and expected.get("winners") == result.winners
    return Replayed(game, result, same)
