"""A game opened in the viewer: a record (`play --log`, or a game played on the desk) replayed once,
keeping the table before each decision, so the viewer steps back and forth, and jumps to a turn,
without playing again."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from interpreter.agents.scripted import ReplayMismatch, ScriptedAgent, ScriptedLog
from interpreter.bus.bus import TriggerLoopError
from interpreter.cards.catalog import choose_sets, load_all_cards
from interpreter.cards.diagnostics import CardFileError
from interpreter.cards.loader import CardSet
from interpreter.cards.rulesdata import RulesData
from interpreter.engine.decisions import Decision, DecisionRecord
from interpreter.engine.game import Game, GameResult, SetupError
from interpreter.engine.options import GameOptions, OptionError, parse_option
from interpreter.jsonread import JsonRefused, read_json
from interpreter.mods.apply import apply_packs
from interpreter.powers import new_game
from interpreter.records import FORMAT, card_set_differences, course_problem, schema_problems
from interpreter.web.cardview import card_book
from interpreter.web.desk import DeskError
from interpreter.web.table import EventLog, decision_info, scores, snapshot

MAX_RECORD_BYTES = 20_000_000


@dataclass
class Step:
    """The table just before a decision (or, for the last step, at the end of the game)."""

    turn: int
    table: dict[str, Any]
    log_end: int  # log lines [0:log_end] happened before this step
    decision: dict[str, Any] | None = None
    chosen: int | None = None


@dataclass
class ViewedGame:
    title: str
    record: dict[str, Any]
    steps: list[Step]
    log: list[Any]
    scores: list[dict[str, Any]]
    result: GameResult | None  # None: a game abandoned before its end (the record says at which turn)
    same_result: bool
    turn_starts: dict[int, int] = field(default_factory=dict)  # turn -> first step of that turn
    book: dict[str, Any] = field(default_factory=dict)  # every card's powers, for the tips on the page (cardview.card_book)

    def new_lines(self, index: int) -> tuple[int, int]:
        """The log lines that happened between the previous step and this one."""
        start = self.steps[index - 1].log_end if index > 0 else 0
        return start, self.steps[index].log_end


class _Watcher:
    """Answers from the record and keeps the table before each answer."""

    def __init__(self, log: ScriptedLog, steps: list[Step], events: list[EventLog]):
        self.agent = ScriptedAgent(log)
        self.steps = steps
        self.events = events

    def choose(self, decision: Decision, game: Game) -> int:
        step = Step(game.turn, snapshot(game), len(self.events[0].lines), decision_info(decision, [p.name for p in game.players]))
        self.steps.append(step)
        step.chosen = self.agent.choose(decision, game)
        return step.chosen


def parse_record(raw: bytes, name: str, rules: RulesData | None = None) -> dict[str, Any]:
    """A game record from an uploaded file, checked against the record schema as `importexport
    replay` checks it; a clear message, on one line, when it is not one."""
    name = name[:100] if name[:100].isprintable() else name[:100].encode("unicode_escape").decode("ascii")  # a file name, on one line
    if len(raw) > MAX_RECORD_BYTES:
        raise DeskError(f"{name} is {len(raw)} bytes; a game record may be at most {MAX_RECORD_BYTES}.")
    try:
        record = read_json(raw)
    except JsonRefused as exc:
        raise DeskError(f"{name} is not a game record: {exc}.") from None
    needed = ("format", "seed", "players", "card_set", "cards", "decisions")
    if not isinstance(record, dict) or any(k not in record for k in needed):
        raise DeskError(f"{name} is not a game record: a record (written by `importexport play --log`) holds {', '.join(needed)}.")
    if record["format"] != FORMAT:
        raise DeskError(f"{name} is a record of format {json.dumps(record['format'])[:20]}; this version reads format {FORMAT}.")
    problems = schema_problems(record, rules)
    if problems:
        more = f" (and {len(problems) - 1} more problem(s))" if len(problems) > 1 else ""
        raise DeskError(f"{name} is not a valid game record: {problems[0]}{more}.")
    return record


def record_cards(record: dict[str, Any], packs: Sequence[Path], shipped: CardSet | None = None) -> tuple[CardSet, GameOptions]:
    """The card set and options a record was played with, as `importexport replay` rebuilds them.
    `packs`: the mod packs the desk serves, the only ones a record may name (a record is a file
    anyone may upload: the paths it names are not read unless the desk was started with them).
    `shipped`: every shipped card, if already loaded."""
    try:
        cards = choose_sets(shipped or load_all_cards(), str(record.get("expansions", "none")))
    except ValueError as exc:
        raise DeskError(f"The record's card set cannot be rebuilt: {exc}.") from None
    served = {path.resolve() for path in packs}
    mods = [Path(str(m)) for m in record.get("mods", []) or []]
    for path in mods:
        if path.resolve() not in served:
            raise DeskError(f"The record was played with the mod pack {str(path)[:200]!r}, which this desk does not serve: "
                            "start it with `--mod` naming that pack to view the record.")
    if mods:
        try:
            cards = apply_packs(cards, mods).cards
        except CardFileError as exc:
            raise DeskError(f"The record's mod packs have problems: {exc.diagnostics[0]}") from None
    options = GameOptions()
    try:
        for text in record.get("options", []) or []:
            options = parse_option(str(text), options)
    except OptionError as exc:
        raise DeskError(f"The record's options cannot be read: {exc}.") from None
    return cards, options


def view_record(record: dict[str, Any], rules: RulesData, title: str, packs: Sequence[Path],
                shipped: CardSet | None = None) -> ViewedGame:
    cards, options = record_cards(record, packs, shipped)
    if cards.fingerprint() != record["card_set"]:
        raise DeskError("This record was played with another card set than the one its settings give now, so it cannot "
                        "be replayed: " + "; ".join(card_set_differences(record, cards)) + ".")
    try:
        decisions = [DecisionRecord(d["kind"], d["player"], d["index"], d["label"]) for d in record["decisions"]]
    except (KeyError, TypeError) as exc:
        raise DeskError(f"A decision of the record is malformed ({exc}).") from None
    steps: list[Step] = []
    try:
        game = new_game(cards, rules, int(record["players"]), int(record["seed"]), options, [])
    except (SetupError, ValueError, TypeError) as exc:
        raise DeskError(f"The record's game cannot be set up: {exc}.") from None
    log = EventLog(game)
    scripted = ScriptedLog(decisions)
    game.agents = [_Watcher(scripted, steps, [log])] * len(game.players)
    result: GameResult | None = None
    try:
        result = game.play()
        problem = course_problem(record, scripted.position)  # as `replay` says it
        if problem is not None:
            raise DeskError(f"The game took another course than the record: {problem}.")
    except ReplayMismatch as exc:
        if not _abandoned_here(record, game, steps):
            raise DeskError(f"The game took another course than the record: {exc}.") from None
        steps.pop()  # the decision the person never took
    except TriggerLoopError as exc:
        raise DeskError(f"The replay stopped: {exc}.") from None
    steps.append(Step(game.turn, snapshot(game), len(log.lines)))
    expected = record.get("result", {}) or {}
    same = result is not None and expected.get("totals") == result.totals and expected.get("winners") == result.winners
    viewed = ViewedGame(title, record, steps, log.lines, scores(game, result) if result else [], result, same or result is None,
                        book=card_book(cards.cards))
    for i, step in enumerate(steps):
        viewed.turn_starts.setdefault(step.turn, i)
    return viewed


def _abandoned_here(record: dict[str, Any], game: Game, steps: list[Step]) -> bool:
    """The record of an abandoned game ran out of decisions where the person left it."""
    abandoned = record.get("abandoned")
    return isinstance(abandoned, dict) and abandoned.get("turn") == game.turn and len(steps) == len(record["decisions"]) + 1
