"""Generates docs/reference.md from the code (events, rule queries, decisions, options), so the
reference cannot drift from what the engine does. `importexport docs` writes it; a test compares."""

from __future__ import annotations

import dataclasses
import inspect

from interpreter.cards.catalog import load_all_cards
from interpreter.engine.decisions import KINDS
from interpreter.engine.events import CATALOGUE
from interpreter.engine.options import CHOICES, GameOptions
from interpreter.engine.queries import QUERIES
from interpreter.lang.docs import powers_markdown as from_registry
from interpreter.lang.docs import usage_markdown, usage_table
from interpreter.lang.grammar import grammar_text
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
