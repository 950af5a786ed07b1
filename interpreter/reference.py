"""Generates docs/reference.md from the code (events, rule queries, decisions, options), so the
reference cannot drift from what the engine does. `importexport docs` writes it; a test compares."""

from __future__ import annotations

import dataclasses
import inspect

from interpreter.cards.catalog import load_all_cards
from interpreter.engine.decisions import KINDS
from interpreter.engine.events import CATALOGUE, sides
from interpreter.engine.options import CHOICES, GameOptions
from interpreter.engine.queries import QUERIES
from interpreter.lang.docs import powers_markdown as from_registry
from interpreter.lang.docs import usage_markdown, usage_table
from interpreter.lang.grammar import grammar_text
from interpreter.powers.events_check import phrases
from interpreter.schemas import card_schema as card_schema  # docs/card.schema.json: built in interpreter/schemas.py


def _doc(obj: object) -> str:
    return " ".join((inspect.getdoc(obj) or "").split())


def events_section() -> list[str]:
    lines = ["## Events", "",
             "The engine emits these at every rule point a card can care about (`interpreter/engine/events.py`).",
             "Players are seat numbers; cards are card instances.", "",
             "| event | rule | fields | when |", "|---|---|---|---|"]
    for cls in CATALOGUE:
        fields = ", ".join(f.name for f in dataclasses.fields(cls))
        lines.append(f"| `{cls.__name__}` | {cls.rule} | {fields} | {_doc(cls)} |")
    return lines + [""] + listening_section()


SIDE_TEXT = {"actor": "who acted (`{actor}`)", "target": "{target_is} (`{target}`)", "anyone": "anyone"}


def listening_section() -> list[str]:
    """Event x side x phrase x when it fires: how a `when` power listens to each event, from each of
    its sides (interpreter/powers/events_check.py checks the phrases against the events)."""
    lines = ["### Listening to events", "",
             "Every event can start a `when` power from each of its sides: what a player did (the actor), what was "
             "done to a player (the target: a ship's owner, the player paid, ...) and whoever did it (anyone). "
             "An event fires once the thing it names has happened, unless its moment says \"before\". "
             "Each phrase is explained in [powers.md](powers.md#events-when-).", "",
             "| event | side | phrase | fires |", "|---|---|---|---|"]
    by_event: dict[tuple[str, str], list[str]] = {}
    for phrase in phrases():
        for side in phrase.sides:
            by_event.setdefault((phrase.event, side), []).append(phrase.syntax)
    for cls in CATALOGUE:
        name = cls.__name__
        if cls.quiet:
            lines.append(f"| `{name}` | none | none: {cls.quiet} | {cls.fires} |")
            continue
        for side in sides(cls):
            said = SIDE_TEXT[side].format(actor=cls.actor, target=cls.target, target_is=cls.target_is)
            written = "<br>".join(f"`when {s.replace('|', '&#124;')}`" for s in by_event.get((name, side), [])) or "**none**"
            lines.append(f"| `{name}` | {said} | {written} | {cls.fires} |")
    return lines


def queries_section() -> list[str]:
    lines = ["## Rule queries", "",
             "Every number or rule a card may change is read through one of these (`interpreter/engine/queries.py`);",
             "the base value comes from `cards/game.yaml`.", "",
             "| query | what it answers |", "|---|---|"]
    lines += [f"| `{name}` | {text} |" for name, text in QUERIES.items()]
    return lines


def decisions_section() -> list[str]:
    lines = ["## Decisions", "",
             "Every choice a player makes is one of these kinds (`interpreter/engine/decisions.py`).", "",
             "| kind | what is chosen |", "|---|---|"]
    lines += [f"| `{kind}` | {text} |" for kind, text in KINDS.items()]
    return lines


def options_section() -> list[str]:
    defaults = GameOptions()
    lines = ["## Game options", "", "Given as `--option NAME=VALUE`; see docs/rulings.md for why each exists.", "",
             "| option | default | values | meaning |", "|---|---|---|---|"]
    for name in GameOptions.names():
        if name in CHOICES:
            allowed, text = CHOICES[name]
            lines.append(f"| `{name}` | `{getattr(defaults, name)}` | {', '.join(f'`{a}`' for a in allowed)} | {text} |")
    lines += [
        "| `end_threshold` | `end.credit_threshold` of game.yaml | a whole number | the credit target (R18 extended game) |",
        "| `first_leader` | seeded random | a seat from 0 | who leads the first turn (R2.13) |",
        f"| `max_turns` | `{defaults.max_turns}` | a whole number | safeguard: score the game after this many turns |",
        "| `check_invariants` | `no` | `yes`, `no` | check card conservation and limits after every turn |",
    ]
    return lines


def reference_markdown() -> str:
    parts = ["# Engine reference", "",
             "Generated from the code by `importexport docs`; do not edit by hand.", ""]
    for section in (events_section(), queries_section(), decisions_section(), options_section()):
        parts += section + [""]
    return "\n".join(parts)


def powers_markdown() -> str:
    """docs/powers.md: the power language, generated from its registry of constructs."""
    return from_registry()


def construct_usage_markdown() -> str:
    """docs/construct-usage.md: which printed cards use each construct of the power language (the
    128 cards of the base game and the expansions, with the built-in shorthands expanded)."""
    cards = load_all_cards()
    rows = usage_table((c.id, [p.node for p in c.powers if p.node is not None]) for c in cards.cards)
    intro = ["# Construct usage", "",
             "Generated from the cards by `importexport docs`; do not edit by hand. Each construct of the power "
             "language ([powers.md](powers.md)) with the printed cards whose powers use it: a designer's index of "
             "real examples, and the measure of how compositional the language is (a construct only one card uses "
             "is a phrase, not a word).", ""]
    return "\n".join(intro) + "\n" + usage_markdown(rows, "Printed cards")


def grammar_file() -> str:
    """grammar/powers.lark: the grammar, generated from the registry of constructs."""
    return grammar_text()
