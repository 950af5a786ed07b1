"""The game record format: what a record holds, its JSON Schema (published as docs/record.schema.json),
making one from a game, reading and checking one, and the mod paths it stores.

A record holds the seed, the options, the card set (a fingerprint and a hash per card) and every
decision; a record of a game that failed in a batch (sim/failures.py) also names the bot at each
seat and the error. Replaying a record is scenarios/replay.py. This module is of its own so that the
batches that write failure records (sim) and the replays that read them (scenarios, which plays
records with the batches' bots) both import it at the top, with no cycle between them."""

from __future__ import annotations

import json
import stat
from functools import cache
from pathlib import Path
from typing import Any

from interpreter.cards.cardset import CardSet
from interpreter.cards.rulesdata import RulesData
from interpreter.engine.decisions import KINDS
from interpreter.engine.game import Game, GameResult
from interpreter.jsonread import JsonRefused, read_json

BOT_PATTERN = r"^(random|heuristic|search(:[0-9]+(\.[0-9]+)?(ro|it|ms|s))?)$"  # a bot name, as records hold it (sim/runner.py's check_bot)
FORMAT = 1
MAX_RECORD_BYTES = 64 * 1024 * 1024  # a long game's record is some 100 KB
MAX_DECISIONS = 1_000_000


class ReplayError(Exception):
    """The record cannot be replayed; the message says why."""


def make_record(game: Game, result: GameResult | None, settings: dict[str, Any]) -> dict[str, Any]:
    """The record of a finished game, or (`result` None) of a game a person abandoned: its
    decisions so far, replayed up to where it stopped."""
    record = {
        "format": FORMAT,
        **settings,
        "seed": game.seed,
        "players": len(game.players),
        "card_set": game.card_set.fingerprint(),
        "cards": game.card_set.card_hashes(),
        "decisions": [r.as_dict() for r in game.log],
    }
    if result is None:
        record["abandoned"] = {"turn": game.turn}
    else:
        record["result"] = {"totals": result.totals, "winners": result.winners, "end_reason": result.end_reason, "turns": result.turns}
    return record


# ------------------------------------------------------------------------------------ the schema

def record_schema(min_players: int = 2, max_players: int = 6) -> dict[str, Any]:
    """The record format as a JSON Schema (draft 2020-12). Whole numbers are JSON integers: `1.0`
    and `"1"` are not decision indexes."""
    whole = {"type": "integer", "minimum": 0}
    seat = {"type": "integer", "minimum": 0, "maximum": max_players - 1}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://importexport.example/record.schema.json",
        "title": "Import / Export game record",
        "description": "A game written by `importexport play --log` (or a failed game of a batch), read by `importexport replay`.",
        "type": "object",
        "additionalProperties": False,
        "required": ["format", "seed", "players", "card_set", "cards", "decisions"],
        "properties": {
            "format": {"const": FORMAT},
            "expansions": {"type": "string", "maxLength": 1000},
            "mods": {"type": "array", "maxItems": 100, "items": {"type": "string", "minLength": 1, "maxLength": 4096},
                     "description": "mod pack paths, relative to the record's folder or absolute"},
            "options": {"type": "array", "maxItems": 100, "items": {"type": "string", "pattern": "^[^=]+=.*$", "maxLength": 1000}},
            "seed": {"type": "integer", "minimum": 0, "maximum": 2**63 - 1},
            "players": {"type": "integer", "minimum": min_players, "maximum": max_players},
            "bots": {"type": "array", "items": {"type": "string", "pattern": BOT_PATTERN}, "minItems": min_players,
                     "maxItems": max_players},
            "card_set": {"type": "string", "pattern": "^[0-9a-f]{16}$"},
            "cards": {"type": "object", "propertyNames": {"pattern": "^[a-z0-9_]+$"},
                      "additionalProperties": {"type": "string", "pattern": "^[0-9a-f]{12}$"}},
            "decisions": {"type": "array", "maxItems": MAX_DECISIONS, "items": {
                "type": "object", "additionalProperties": False, "required": ["kind", "player", "index", "label"],
                "properties": {"kind": {"enum": list(KINDS)}, "player": seat, "index": whole, "label": {"type": "string"}}}},
            "result": {"type": "object", "additionalProperties": False, "required": ["totals", "winners", "end_reason", "turns"],
                       "properties": {"totals": {"type": "array", "items": {"type": "integer"}},
                                      "winners": {"type": "array", "minItems": 1, "items": seat},
                                      "end_reason": {"type": "string"}, "turns": whole}},
            "abandoned": {"type": "object", "additionalProperties": False, "required": ["turn"],
                          "description": "a game a person left before its end: the decisions taken until then",
                          "properties": {"turn": whole}},
            "failed": {"type": "object", "required": ["error"],
                       "properties": {"error": {"type": "string"}, "traceback": {"type": "string"},
                                      "index": {"type": ["integer", "null"], "minimum": 0}, "turn": whole}},
        },
    }


def _validator(schema: dict[str, Any]) -> Any:
    # Every command imports this module (cli.py, through sim/failures.py).
    # start-up: keeps jsonschema (+262 ms measured) off `importexport validate` and every command that checks no record
    from jsonschema import Draft202012Validator, validators

    def strict_integer(_checker: Any, value: Any) -> bool:  # JSON Schema counts 1.0 as an integer; a record may not
        return isinstance(value, int) and not isinstance(value, bool)
    checker = Draft202012Validator.TYPE_CHECKER.redefine("integer", strict_integer)
    return validators.extend(Draft202012Validator, type_checker=checker)(schema)


def _field(path: Any) -> str:
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "the record"


@cache
def _record_validator(*players: int) -> Any:
    """The validator of the record schema for (min_players, max_players), made once (a validator class
    is made for each: the strict integers)."""
    return _validator(record_schema(*players))


def _decisions_well_formed(decisions: Any, item: dict[str, Any]) -> bool:
    """True only if every decision is what the schema's `item` asks for (exactly its fields, a known
    kind, a seat, a whole-number index, a label): the schema's own check of each of thousands of
    decisions was most of the time it took to read a record. False sends the record to the full check,
    which names the problem."""
    if type(decisions) is not list or len(decisions) > MAX_DECISIONS:
        return False
    fields = item["properties"]
    keys, kinds, max_seat = fields.keys(), set(fields["kind"]["enum"]), fields["player"]["maximum"]
    for d in decisions:
        if type(d) is not dict or d.keys() != keys:
            return False
        kind, player, index = d["kind"], d["player"], d["index"]
        if type(kind) is not str or kind not in kinds or type(d["label"]) is not str:
            return False
        if type(player) is not int or not 0 <= player <= max_seat or type(index) is not int or index < 0:
            return False
    return True


def schema_problems(record: Any, data: RulesData | None = None) -> list[str]:
    """Every problem of a record, one line each (`field: what is wrong`); [] if it is well formed."""
    validator = _record_validator(data.min_players, data.max_players) if data else _record_validator()
    checked = record
    item = validator.schema["properties"]["decisions"]["items"]
    if isinstance(record, dict) and _decisions_well_formed(record.get("decisions"), item):
        checked = {**record, "decisions": []}  # the decisions are well formed: the schema checks the rest
    errors = sorted(validator.iter_errors(checked), key=lambda e: [str(p) for p in e.absolute_path])
    problems = [f"{_field(e.absolute_path)}: {_short(e.message)}" for e in errors]
    if problems or not isinstance(record, dict):
        return problems
    players = record["players"]
    for i, d in enumerate(record["decisions"]):
        if d["player"] >= players:
            problems.append(f"decisions[{i}].player: seat {d['player']} in a game of {players} players")
    if "result" in record:
        result = record["result"]
        if len(result["totals"]) != players:
            problems.append(f"result.totals: {len(result['totals'])} scores for {players} players")
        if any(w >= players for w in result["winners"]):
            problems.append(f"result.winners: a seat from 0 to {players - 1} (0 is P1)")
    elif "failed" not in record and "abandoned" not in record:
        problems.append("the record: needs `result` (the game's outcome), `failed` for a game that failed, "
                        "or `abandoned` for a game left before its end")
    if "bots" in record and len(record["bots"]) != players:
        problems.append(f"bots: {len(record['bots'])} bots for {players} players")
    return problems


def _short(message: str) -> str:
    return message if len(message) <= 200 else message[:197] + "..."


# ------------------------------------------------------------------------------------ reading

def read_record(path: Path, data: RulesData | None = None) -> dict[str, Any]:
    """Read and check a record; raises ReplayError with one line naming the first problem."""
    try:
        info = path.stat()
    except OSError as exc:
        raise ReplayError(f"cannot read {path}: {exc.strerror or exc}") from None
    if not stat.S_ISREG(info.st_mode):
        raise ReplayError(f"{path} is not a file" + (" but a folder" if stat.S_ISDIR(info.st_mode) else ""))
    try:
        with path.open("rb") as f:
            raw = f.read(MAX_RECORD_BYTES + 1)
    except OSError as exc:
        raise ReplayError(f"cannot read {path}: {exc.strerror or exc}") from None
    if len(raw) > MAX_RECORD_BYTES:
        raise ReplayError(f"{path} is larger than {MAX_RECORD_BYTES // 2**20} MB: not a game record")
    try:
        record = read_json(raw)
    except JsonRefused as exc:
        raise ReplayError(f"{path} is not a game record ({exc})") from None
    if not isinstance(record, dict):
        raise ReplayError(f"{path} is not a game record (it must be a JSON object with {', '.join(record_schema()['required'])})")
    if "format" in record and record["format"] != FORMAT:
        raise ReplayError(f"{path} is a record of format {json.dumps(record['format'])[:20]}; this version reads format {FORMAT}")
    problems = schema_problems(record, data)
    if problems:
        more = f" (and {len(problems) - 1} more problem(s))" if len(problems) > 1 else ""
        raise ReplayError(f"{path}: {problems[0]}{more}")
    return record


def paths_for_record(mods: list[Path], folder: Path) -> list[str]:
    """Mod paths as a record in `folder` stores them: relative to that folder for a pack inside it
    (they move together), absolute for any other."""
    out = []
    base = folder.resolve()
    for mod in mods:
        absolute = mod.resolve()
        out.append(str(absolute.relative_to(base)) if absolute.is_relative_to(base) else str(absolute))
    return out


def record_mods(record: dict[str, Any], path: Path) -> list[Path]:
    """The record's mod packs, relative paths read from the record's folder; a missing one is an error."""
    out = []
    for text in record.get("mods", []):
        mod = Path(text)
        found = mod if mod.is_absolute() else path.parent / mod
        if not found.exists():
            raise ReplayError(f"the record's mod pack `{text}` is not at {found.resolve()} "
                              "(a record reads its mod paths from its own folder; move the pack there or edit `mods`)")
        out.append(found)
    return out


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


def course_problem(record: dict[str, Any], taken: int) -> str | None:
    """What a replayed game that came to its end, after taking `taken` of the record's decisions, says
    against the record (the viewer asks it too): decisions left over, or a game the record says was
    left before its end (`abandoned`) that its decisions play to the end."""
    total = len(record["decisions"])
    if taken < total:
        return f"it ended after decision {taken}, but the record holds {total} decisions"
    abandoned = record.get("abandoned")
    if isinstance(abandoned, dict):
        return f"the record says the game was left in turn {abandoned.get('turn')}, but its decisions play it to its end"
    return None
