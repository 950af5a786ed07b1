"""JSON Schemas of the project's YAML files, for editors: card files (docs/card.schema.json), mod pack
manifests (docs/mod.schema.json) and scenario files (docs/scenario.schema.json).

They are built from the loaders' own lists (fields, good types, decision kinds, events, options), so
they cannot drift from what the loaders accept; `importexport docs` writes them and a test compares.
Every field carries a description, which editors show on hover and in completion lists. A YAML
file names its schema in its first line, for yaml-language-server (interpreter/schema_header.py):

    # yaml-language-server: $schema=../../docs/card.schema.json

The schemas help while typing; `importexport validate` (and the language server, docs/editors.md)
remain the authority: they also check the power lines, card ids and everything a schema cannot say.
"""

from __future__ import annotations

import re
from typing import Any

from interpreter.cards.catalog import load_rules
from interpreter.cards.loader import KNOWN_KEYS, LANGUAGES, MAX_TIER, READING_NAME, REQUIRED
from interpreter.cards.model import ACTION_TYPES, ANY_COLOUR, ESTIMABLE_FIELDS, GOOD_TYPES
from interpreter.engine.decisions import KINDS
from interpreter.engine.events import CATALOGUE
from interpreter.engine.options import CHOICES, NUMBER_RANGES, GameOptions
from interpreter.lang.bounds import MAX_SHIP_CAPACITY
from interpreter.lang.grammar import constructs
from interpreter.lang.registry import ROLES
from interpreter.mods.pack import MANIFEST_KEYS
from interpreter.mods.pack import MAX_COPIES as MAX_DECK_COPIES
from interpreter.scenarios.model import (
    EXPECT_KEYS,
    EXPECT_PLAYER_KEYS,
    EXPECT_SHIP_KEYS,
    MAX_COPIES,
    PLAYER_KEYS,
    RANDOM,
    SCORE_PARTS,
    SETUP_KEYS,
    SHIP_KEYS,
    STEP_KEYS,
    TOP_KEYS,
    UNSCRIPTED,
)
from interpreter.schema_header import SCHEMA_FILES

Schema = dict[str, Any]

DRAFT = "https://json-schema.org/draft/2020-12/schema"
BASE_ID = "https://importexport.example/"

SNAKE = "^[a-z][a-z0-9_]{0,63}$"  # the loader's id pattern (interpreter/cards/loader.py), as a JSON Schema pattern
CARD_ID = {"type": "string", "pattern": SNAKE}

# ------------------------------------------------------------------ descriptions, one per field

CARD_FIELDS: dict[str, str] = {
    "id": "The card's id: lower-case letters, digits and `_`, equal to the file name without `.yaml`. "
          "Deck lists, scenarios and mod packs name the card by it.",
    "name": "The card's name in English, as printed.",
    "set": "The card set it belongs to: `base`, an expansion (`jutaku`, `kickstarter`, `captain`) or a mod's own set name.",
    "good": "The card's good type (its right edge): the colour it has as a container, the level it gives in Goods, "
            "and how it scores at game end (R1.4).",
    "action": "The action type on the card's left edge: the action a player declares or follows with it (R1.3.2, R4.2.2).",
    "tier": "How many levels of its good type a player needs to contract it, 0 to 3 (R1.3.4, R5.3).",
    "load": "The containers its shipment needs before it completes: container colour (a good type, or `any`) to count "
            "(R1.3.5, R7).",
    "estimated": "The fields whose value is an estimate, not a printed fact (the printed tier and load are pictures no "
                 "source text holds, R1.3.7). Keep the marker until the value is confirmed.",
    "names": "The card's name in other languages, by language code.",
    "text": "What the card does, in plain words (our own, not the rulebook's): what players read. "
            "`importexport explain CARD` shows how the power lines read.",
    "powers": "The card's powers in the power language (docs/powers.md), one line per item, each starting with its "
              "timing: `on completion: draw 5`. Quote a line that holds a second `: ` or an apostrophe.",
    "readings": "Other readings of the card's powers, where players may read the card differently: reading name to "
                "its power lines, played instead of `powers` with the game option named after the card "
                "(`--option led_lamps=once-per-turn`, docs/card-format.md).",
    "examples": "Scenarios that show the card's powers at work (docs/scenarios.md). The tests run each one and check "
                "that it fails when the card's powers are removed.",
}

LOAD_COLOURS = {"any": "Containers of any colour (a rainbow slot)."}
LANGUAGE_NAMES = {"en": "English", "fr": "French", "de": "German", "it": "Italian", "zh": "Chinese"}

MANIFEST_FIELDS: dict[str, str] = {
    "name": "The pack's name, shown in reports; a later pack may list it under `depends`.",
    "version": "The pack's version, e.g. `1.0.0`; game records note it.",
    "description": "One or two sentences on what the pack changes.",
    "depends": "The card sets (`base`, `jutaku`, ...) or earlier packs, by name, that this pack builds on.",
    "remove": "Ids of cards taken out of the game.",
    "deck": "An optional deck list: card id to number of copies; `*` gives the copies of every card not listed "
            "(0 leaves them out).",
    "cards": "Only in a single-file pack: the pack's cards, inline, each in the card file format. A pack folder "
             "keeps its cards as files under `cards/` instead.",
    "shorthands": "Phrases the pack's power lines may use, each defined in terms of the core power language "
                  "(docs/powers.md, Shorthands).",
}

SCENARIO_FIELDS: dict[str, str] = {
    "name": "What the scenario shows; printed with PASS or FAIL.",
    "seed": "The game's seed (default 1): the cards the scenario does not place are dealt by it.",
    "players": "Number of players, 2 to 6 (default: the players listed in `setup`, else 3).",
    "sets": "The card sets the game uses (default: every card of the repository).",
    "copies": "Card id to the number of copies the game holds (0 takes the card out); a card a scenario places twice "
              "needs two copies.",
    "options": "Game options by name (`importexport options`), e.g. `import_fee: per-container`.",
    "unscripted": "What happens at a decision no step answers: `fail` (default) or `decline` (take the declining "
                  "option where there is one).",
    "setup": "The game situation to start from; anything not given stays as the seeded deal left it.",
    "steps": "The decisions to take, in order.",
    "run": "How long to play: `turn` (default), a number of turns, or `game` (to the end and scoring).",
    "expect": "What must be true afterwards; every expectation that does not hold is reported.",
}

SETUP_FIELDS: dict[str, str] = {
    "leader": "The seat (from 1) that leads the first turn, or `random`: drawn with the seed (R2.13).",
    "players": "Each player's situation, in seat order.",
    "island": "Ids of the cards on the supply island.",
    "deck_top": "Ids of the cards on top of the draw deck, the first listed drawn first.",
    "discard": "Ids of the cards in the discard pile.",
    "deck": "The whole draw deck, top card first (an empty list empties it); every card placed nowhere leaves the "
            "game. Not with `deck_top` or `deck_size`.",
    "deck_size": "Keep only the top N cards of the deck (after `deck_top`); the others leave the game.",
    "deal_top": "The top of the deck the setup deals from, first listed dealt first, in the order of the deal (R2.14).",
}

PLAYER_FIELDS: dict[str, str] = {
    "colour": "The player's ship colour (it gives a level in its good type, R5.2); swapped with whoever had it.",
    "credits": "The player's active credits.",
    "hand": "Ids of the cards in the player's hand.",
    "goods": "Ids of the cards in the player's Goods area.",
    "imports": "Ids of the cards in the player's Imports area.",
    "shipments": "Ids of the player's completed shipments: their powers are active from the start.",
    "ships": "The player's two ships; a ship not listed is empty in harbor.",
    "over_limit": "`true`: the player may hold more imports or goods than the limits allow, and adds nothing to that "
                  "area until below its limit (R13.6).",
}

SHIP_FIELDS: dict[str, str] = {
    "at_sea": "Whether the ship is at sea (default: in harbor).",
    "contracts": "Ids of the contracts on the ship (in harbor only).",
    "containers": "Ids of the cards loaded on the ship as containers.",
}

STEP_FIELDS: dict[str, str] = {
    "player": "The seat (from 1) that decides.",
    "kind": "The kind of decision (docs/reference.md, Decisions).",
    "choose": "The option to take: its full label, or any part of it that matches one option only.",
    "offered": "Labels (or parts of them, any case) each of which some option of the decision must contain.",
    "not_offered": "Parts of labels no option of the decision may contain.",
    "sees": "Texts (any case; a card by name or id) the deciding player must see at this decision: the table from "
            "that seat, the narration of every event so far, the question and its options.",
    "does_not_see": "Texts the deciding player must not see at this decision (another player's hand, a sealed bid "
                    "not yet revealed, R10.3).",
}

EXPECT_FIELDS: dict[str, str] = {
    "players": "Expectations for each seat, by seat number from 1.",
    "island": "Ids of the cards on the supply island (any order).",
    "island_size": "The number of cards on the supply island.",
    "deck_size": "The number of cards in the draw deck.",
    "discard_size": "The number of cards in the discard pile.",
    "events": "Events that must have happened, in any order: `{type: EventName, field: value}`, seats from 1, cards by id.",
    "events_in_order": "Events that must have happened in this order (others may come between), written as in `events`.",
    "absent_events": "Events that must not have happened, written as in `events`.",
    "end_reason": "Why the game ended (after `run: game`): `credits`, `deck`, `instant` or `turn-limit`.",
    "winners": "The winning seats, from 1 (after `run: game`).",
    "over": "Whether the game is over.",
}

EXPECT_PLAYER_FIELDS: dict[str, str] = {
    "colour": "The player's ship colour.",
    "credits": "The player's active credits.",
    "hand": "Exactly these cards in hand, in any order.",
    "hand_size": "The number of cards in hand.",
    "hand_has": "Cards that must be in the hand (others may be too); a card listed twice must be there twice.",
    "hand_lacks": "Cards that must not be in the hand.",
    "goods": "Exactly these cards in Goods, in any order.",
    "imports": "Exactly these cards in Imports, in any order.",
    "shipments": "Exactly these completed shipments, in any order.",
    "score": "The final score (after `run: game`, or a turn that ended the game).",
    "score_breakdown": "Parts of the final score, by part: credits, parked, unfinished, innate, majorities, one_of_each, "
                       "powers, total (R17.3-R17.8).",
    "level": "The player's level in each named good type (R5.1).",
    "ships": "The player's ships, in order, written as in setup; `container_count` may stand for `containers`.",
}

EXPECT_SHIP_FIELDS: dict[str, str] = {
    **SHIP_FIELDS,
    "container_count": "The number of containers on the ship.",
}

SCORE_PART_FIELDS: dict[str, str] = {
    "credits": "Active credits (R17.3).",
    "parked": "Credits kept on cards (R17.3).",
    "unfinished": "2 per container on a ship in harbor (R17.4).",
    "innate": "The good types' own scoring (R17.5).",
    "majorities": "Majority bonuses (R17.6).",
    "one_of_each": "The bonus for one of each good type (R17.7).",
    "powers": "End-game powers (R17.8).",
    "total": "The final total.",
}

SHORTHAND_FIELDS: dict[str, str] = {
    "says": "How a power line writes the phrase, with slots `{name:kind}` (kinds: number, good, colour, action, "
            "players, words).",
    "means": "What it stands for in the core language, with the slots of `says` as `{name}`.",
    "role": "Optional: what the meaning must parse as (effect, condition, rule, ...).",
    "note": "A remark for readers of the pack.",
}


def _described(schema: Schema, description: str | None) -> Schema:
    return {**schema, "description": description} if description else schema


def _object(keys: tuple[str, ...], descriptions: dict[str, str], types: dict[str, Schema], description: str,
            **extra: Any) -> Schema:
    """A closed mapping of `keys` (the loader's own list), each with its type and description. A key
    the loader knows but this module does not describe yet gets no description (a test catches it)."""
    return {"type": "object", "description": description, "additionalProperties": False,
            "properties": {k: _described(types.get(k, {}), descriptions.get(k)) for k in keys}, **extra}


def _ids() -> Schema:
    return {"type": "array", "items": CARD_ID}


def _case_free(phrase: str) -> str:
    """A pattern matching `phrase` in any case, with any spaces between its words (as the parser reads it)."""
    return r"\s+".join("".join(f"[{c}{c.upper()}]" if c.isalpha() else re.escape(c) for c in word) for word in phrase.split())


def timing_openings() -> list[str]:
    """The words a power line starts with, one per timing (`on completion`, `rule`, `when`, ...): the
    leading keywords of each alternative of the timing constructs' grammar, so a new timing in the
    registry reaches the schema by itself."""
    openings: list[str] = []
    for construct in constructs():
        if construct.role != "timing":
            continue
        own = re.search(rf"^!?{construct.rule}:(.*?)(?=^\S|\Z)", construct.grammar.strip() + "\n", re.M | re.S)
        for alternative in re.split(r"\n\s*\|", own.group(1) if own else ""):
            lead = re.match(r'\s*\(?((?:\s*"[a-z]+")+)', alternative)
            if lead:
                openings.append(" ".join(re.findall(r'"([a-z]+)"', lead.group(1))))
    return list(dict.fromkeys(openings))


# ------------------------------------------------------------------ card files

def card_definition() -> Schema:
    text = {"type": "string", "minLength": 1}
    timings = [e for c in constructs() if c.role == "timing" for e in c.examples[:1]]
    colours = {c: {"type": "integer", "minimum": 1, "maximum": MAX_SHIP_CAPACITY,
                   "description": LOAD_COLOURS.get(c, f"Containers of the {c} good type.")} for c in (*GOOD_TYPES, ANY_COLOUR)}
    opening = "^\\s*(?:" + "|".join(_case_free(o) for o in timing_openings()) + ")\\b"
    types: dict[str, Schema] = {
        "id": CARD_ID,
        "name": text,
        "set": {"type": "string", "pattern": SNAKE},
        "good": {"enum": list(GOOD_TYPES)},
        "action": {"enum": list(ACTION_TYPES)},
        "tier": {"type": "integer", "minimum": 0, "maximum": MAX_TIER},
        "load": {"type": "object", "minProperties": 1, "additionalProperties": False, "properties": colours},
        "estimated": {"type": "array", "items": {"enum": list(ESTIMABLE_FIELDS)}, "uniqueItems": True},
        "names": {"type": "object", "additionalProperties": False,
                  "properties": {lang: {**text, "description": f"The card's name in {LANGUAGE_NAMES.get(lang, lang)}."}
                                 for lang in LANGUAGES}},
        "text": text,
        "powers": {"type": "array", "items": {"anyOf": [
            {"type": "string", "description": "A power line: its timing (" + ", ".join(f"`{o}`" for o in timing_openings())
                                              + "), a colon, what it does.",
             "pattern": opening, "examples": timings,
             # shown by editors (VS Code, yaml-language-server) instead of the pattern itself
             "patternErrorMessage": "A power line starts with its timing: " + ", ".join(timing_openings()) + "."},
            {"type": "object", "minProperties": 1, "maxProperties": 1,
             "description": "A power line written without quotes (`- on completion: draw 5`), which YAML reads as a "
                            "one-key mapping; it is taken as the line it looks like."}]}},
        "examples": {"type": "array", "items": {"$ref": "#/$defs/scenario"}},
    }
    types["readings"] = {"type": "object", "minProperties": 1, "propertyNames": {"pattern": "^" + READING_NAME.pattern + "$"},
                         "additionalProperties": types["powers"]}
    return _object(KNOWN_KEYS, CARD_FIELDS, types,
                   "One good card: facts, power lines and examples (docs/card-format.md, docs/powers.md, docs/scenarios.md).",
                   required=list(REQUIRED))


def card_schema() -> Schema:
    """docs/card.schema.json."""
    return {"$schema": DRAFT, "$id": BASE_ID + SCHEMA_FILES["card"], "title": "Import / Export card file",
            **card_definition(), "$defs": {"scenario": scenario_definition()}}


# ------------------------------------------------------------------ mod pack manifests

def mod_schema() -> Schema:
    """docs/mod.schema.json: a pack's mod.yaml, or a single-file pack with its cards inline."""
    names = {"type": "array", "items": {"type": "string", "minLength": 1}}
    shorthand = _object(("says", "means", "role", "note"), SHORTHAND_FIELDS, {
        "says": {"type": "string", "minLength": 1}, "means": {"type": "string", "minLength": 1},
        "role": {"type": "string", "examples": [r for r in ROLES if r != "timing"]}, "note": {"type": "string"}},
        "One phrase of the pack and what it means in the core language (docs/modding.md, section 7).",
        required=["says", "means"])
    types: dict[str, Schema] = {
        "name": {"type": ["string", "number"]},
        "version": {"type": ["string", "number"]},
        "description": {"type": "string"},
        "depends": names,
        "remove": {"type": "array", "items": CARD_ID},
        "deck": {"type": "object", "additionalProperties": {"type": "integer", "minimum": 1, "maximum": MAX_DECK_COPIES},
                 "properties": {"*": {"type": "integer", "minimum": 0, "maximum": MAX_DECK_COPIES,
                                      "description": "Copies of every card the list does not name (0 leaves them out)."}}},
        "cards": {"type": "array", "items": {"$ref": "#/$defs/card"}},
        "shorthands": {"type": "array", "items": shorthand},
    }
    return {"$schema": DRAFT, "$id": BASE_ID + SCHEMA_FILES["mod"], "title": "Import / Export mod pack manifest",
            **_object(MANIFEST_KEYS, MANIFEST_FIELDS, types,
                      "A mod pack: a folder holding this mod.yaml and card files under cards/, or one file with the "
                      "cards inline under `cards:` (docs/modding.md).", required=["name", "version"]),
            "$defs": {"card": card_definition(), "scenario": scenario_definition()}}


# ------------------------------------------------------------------ scenario files

def _option_values() -> Schema:
    properties: dict[str, Schema] = {}
    for name in GameOptions.names():
        if name in CHOICES:
            allowed, text = CHOICES[name]
            values: list[Any] = list(allowed) + ([True, False] if set(allowed) == {"yes", "no"} else [])
            properties[name] = {"enum": values, "description": text[:1].upper() + text[1:] + "."}
        elif name in NUMBER_RANGES:
            least, most, why = NUMBER_RANGES[name]
            properties[name] = {"type": "integer", "minimum": least, "maximum": most,
                                "description": f"The game option `{name}` (`importexport options`): {why}."}
        else:
            properties[name] = {"enum": ["yes", "no", True, False], "description": f"The game option `{name}` (`importexport options`)."}
    return {"type": "object", "additionalProperties": False, "properties": properties}


def scenario_definition() -> Schema:
    seat = {"type": "integer", "minimum": 1, "maximum": 6}
    count = {"type": "integer", "minimum": 0}
    colours = [c for c, _ in load_rules().colours]
    ship = _object(SHIP_KEYS, SHIP_FIELDS, {"at_sea": {"type": "boolean"}, "contracts": _ids(), "containers": _ids()},
                   "One ship.")
    ships = {"type": "array", "maxItems": 2, "items": ship}
    expect_ship = _object(EXPECT_SHIP_KEYS, EXPECT_SHIP_FIELDS, {"at_sea": {"type": "boolean"}, "contracts": _ids(),
                                                                  "containers": _ids(), "container_count": count},
                          "What must hold for one ship.")
    zones = {k: _ids() for k in ("hand", "goods", "imports", "shipments", "island", "deck_top", "deck", "deal_top",
                                 "discard", "hand_has", "hand_lacks")}
    player = _object(PLAYER_KEYS, PLAYER_FIELDS, {**zones, "colour": {"enum": colours}, "credits": count, "ships": ships,
                                                  "over_limit": {"type": "boolean"}}, "One player's situation.")
    setup_types = {**zones, "leader": {"anyOf": [seat, {"const": RANDOM}]}, "deck_size": count,
                   "players": {"type": "array", "maxItems": 6, "items": player}}
    event = {"type": "object", "required": ["type"], "description": "An event and the values of some of its fields.",
             "properties": {"type": {"enum": [e.__name__ for e in CATALOGUE], "description": "The event's name (docs/reference.md, Events)."}}}
    events = {"type": "array", "items": event}
    breakdown = _object(SCORE_PARTS, SCORE_PART_FIELDS, {part: {"type": "integer"} for part in SCORE_PARTS},
                        "Parts of the final score.")
    expect_player = _object(EXPECT_PLAYER_KEYS, EXPECT_PLAYER_FIELDS, {
        **zones, "colour": {"enum": colours}, "credits": count, "hand_size": count, "score": {"type": "integer"},
        "score_breakdown": breakdown, "ships": {"type": "array", "maxItems": 2, "items": expect_ship},
        "level": {"type": "object", "propertyNames": {"enum": list(GOOD_TYPES)}, "additionalProperties": count}},
        "What must hold for one seat.")
    expect_types = {**zones, "players": {"type": "object", "propertyNames": {"pattern": "^[1-6]$"}, "additionalProperties": expect_player},
                    "island_size": count, "deck_size": count, "discard_size": count,
                    "events": events, "events_in_order": events, "absent_events": events,
                    "end_reason": {"type": "string", "examples": ["credits", "deck", "instant", "turn-limit"]},
                    "winners": {"type": "array", "items": seat}, "over": {"type": "boolean"}}
    labels = {"type": "array", "items": {"type": "string", "minLength": 1}}
    step = _object(STEP_KEYS, STEP_FIELDS, {"player": seat, "kind": {"enum": list(KINDS)}, "choose": {"type": "string"},
                                            "offered": labels, "not_offered": labels,
                                            "sees": labels, "does_not_see": labels},
                   "One decision.", required=["player", "kind", "choose"])
    types: dict[str, Schema] = {
        "name": {"type": "string", "minLength": 1},
        "seed": count,
        "players": {"type": "integer", "minimum": 2, "maximum": 6},
        "sets": {"type": "array", "items": {"type": "string", "pattern": SNAKE}},
        "copies": {"type": "object", "propertyNames": {"pattern": SNAKE},
                   "additionalProperties": {"type": "integer", "minimum": 0, "maximum": MAX_COPIES}},
        "options": _option_values(),
        "unscripted": {"enum": list(UNSCRIPTED)},
        "setup": _object(SETUP_KEYS, SETUP_FIELDS, setup_types, "The starting situation."),
        "steps": {"type": "array", "items": step},
        "run": {"anyOf": [{"enum": ["turn", "game"]}, {"type": "integer", "minimum": 1}]},
        "expect": _object(EXPECT_KEYS, EXPECT_FIELDS, expect_types, "What must be true afterwards."),
    }
    return _object(TOP_KEYS, SCENARIO_FIELDS, types,
                   "A scenario: a game situation, the decisions to take, and what must be true afterwards (docs/scenarios.md).",
                   required=["name"])


def scenario_schema() -> Schema:
    """docs/scenario.schema.json: a scenario file, which holds one scenario or a list of them (a card's
    `examples:` items have the same form)."""
    return {"$schema": DRAFT, "$id": BASE_ID + SCHEMA_FILES["scenario"], "title": "Import / Export scenario file",
            "description": "One scenario, or a list of scenarios (docs/scenarios.md).",
            "anyOf": [{"$ref": "#/$defs/scenario"}, {"type": "array", "items": {"$ref": "#/$defs/scenario"}}],
            "$defs": {"scenario": scenario_definition()}}


SCHEMAS = {"card": card_schema, "mod": mod_schema, "scenario": scenario_schema}


def undescribed(schema: Schema, path: str = "") -> list[str]:
    """The properties anywhere in `schema` that have no description (a test keeps this empty)."""
    out: list[str] = []
    if isinstance(schema, dict):
        for name, sub in (schema.get("properties") or {}).items():
            if isinstance(sub, dict) and not sub.get("description") and "$ref" not in sub:
                out.append(f"{path}/{name}")
        for key, sub in schema.items():
            if isinstance(sub, dict):
                out += undescribed(sub, f"{path}/{key}")
            elif isinstance(sub, list):
                out += [u for i, item in enumerate(sub) for u in undescribed(item, f"{path}/{key}/{i}")]
    return out
