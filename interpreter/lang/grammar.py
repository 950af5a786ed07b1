"""The grammar of the power language, generated from the registry of constructs.

Each construct brings its own Lark rule(s); this module adds the role rules (`effect`, `condition`,
`trigger`, ...: the alternatives of every construct of that role), the shared word lists and the
terminals. grammar/powers.lark is this text, written by `importexport docs` and checked by a test;
the parser is built from the same text, so the two cannot differ."""

from __future__ import annotations

import re
from functools import cache

from interpreter.lang import cards, conditions, effects, lasting, players, rules, timings, triggers, values
from interpreter.lang.registry import REGISTRY, ROLES, Node

_MODULES = (timings, effects, lasting, values, cards, players, conditions, triggers, rules)  # every construct is registered

HEADER = """\
// The power language of Import / Export card files (Lark, LALR). GENERATED from the registry of
// constructs in interpreter/lang/ by `importexport docs`: edit the constructs, not this file.
// One power per line; every power starts with its timing. docs/powers.md explains every construct.
"""

TERMINALS = r'''
!_good: "technology" | "agriculture" | "illegal" | "consumer" | "luxury"
!_colour: "green" | "yellow" | "red" | "black" | "blue"
COMPARATOR: "<=" | ">=" | "<" | ">" | "="

%import common.INT
%import common.WS
%ignore WS
'''

# How each generated role rule is made from the constructs of its role. `{}` is the alternatives.
ROLE_RULES: dict[str, str] = {
    "timing": "?power: {}",
    "qualifier": "?qualifier: {}",
    "amount": "?amount: {}",
    "value": "?value: {}",
    "group": "?group: {}",
    "cards": "?cards: {}",
    "players": "?players: {}",
    "have": "?have: {}",
    "predicate": "?predicate: {}",
    "trigger": "?trigger: {}",
    "quantity": "?quantity: {}",
    "permission": "?permission: {}",
}


def constructs() -> list[type[Node]]:
    return list(REGISTRY)


def _names(role: str, level: str | None = None, exclude: tuple[str, ...] = ()) -> str:
    found = [c.rule for c in REGISTRY if c.role == role and c.rule not in exclude and c.in_role_rule
             and (level is None or getattr(c, "level", None) == level)]
    return " | ".join(found)


def role_rules() -> list[str]:
    out = ["start: power"]
    out += [template.format(_names(role)) for role, template in ROLE_RULES.items() if _names(role)]
    out += [
        f"?effect: {_names('effect', 'effect')} | branch",
        f'?branch: {_names("effect", "branch")} | action | "(" sequence ")"',
        f"?action: {_names('effect', 'action')}",
        f"?rule: {_names('rule', 'wrapper')} | rule_atom",  # a wrapper (`while ...`) holds a rule of any kind
        f"?rule_atom: {_names('rule', None, exclude=tuple(c.rule for c in REGISTRY if getattr(c, 'level', None) == 'wrapper'))}",
        "?condition: any_of | conj",
        "?conj: all_of | cond_atom",
        f'?cond_atom: {_names("condition", exclude=("any_of", "all_of"))} | "(" condition ")"',
    ]
    return out


@cache
def grammar_text() -> str:
    parts = [HEADER, "// ---------------------------------------------------------------- roles"]
    parts += role_rules()
    parts.append(timings.QUALIFIERS.strip())
    parts.append("\n// ---------------------------------------------------------------- words shared by constructs")
    parts += [m.strip() for m in (cards.WORD_RULES, conditions.WORD_RULES, triggers.WORD_RULES)]
    for role in ROLES:
        members = [c for c in REGISTRY if c.role == role]
        if not members:
            continue
        parts.append(f"\n// ---------------------------------------------------------------- {role}")
        parts += [c.grammar.strip() for c in members]
    parts.append("\n// ---------------------------------------------------------------- terminals")
    parts.append(TERMINALS.strip())
    return "\n".join(parts) + "\n"


def keywords() -> list[str]:
    """Every word of the language, for editors' completion lists."""
    words = set(re.findall(r'"([a-z][a-z\'-]*)"', grammar_text()))
    return sorted(words)


__all__ = ["grammar_text", "keywords", "constructs", "_MODULES"]
