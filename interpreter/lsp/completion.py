"""Completion: in a power line, the words of the power language that can come next (asked of the
parser itself), and the registry's examples that continue what is typed; elsewhere, the fields of
a card file or a pack manifest with their descriptions, and the values a field allows."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from lark.exceptions import LarkError

from interpreter.cards.model import ACTION_TYPES, GOOD_TYPES
from interpreter.cards.textpos import editor_lines
from interpreter.lang.grammar import constructs, keywords
from interpreter.lang.parser import parser
from interpreter.lang.shorthands import Shorthand, expand
from interpreter.lsp.documents import CARD, PACK_FILE, PACK_MANIFEST
from interpreter.lsp.powerline import power_at
from interpreter.schemas import CARD_FIELDS, MANIFEST_FIELDS

PARTIAL_WORD = re.compile(r"[A-Za-z'\-]*$")
MAX_SNIPPETS = 30
# Terminals that are not one fixed word (numbers aside): what to offer for them.
OPEN_TERMINALS = {"COMPARATOR": ("<=", ">=", "<", ">", "=")}


@dataclass(frozen=True)
class Suggestion:
    """One completion: `insert` replaces the characters from `replace_from` (0-based file column) to the cursor."""

    label: str
    insert: str
    kind: str  # "word", "example", "field" or "value"
    detail: str = ""
    documentation: str = ""
    replace_from: int = 0


@cache
def _words_of_terminals() -> dict[str, tuple[str, ...]]:
    words: dict[str, tuple[str, ...]] = dict(OPEN_TERMINALS)
    for terminal in parser().terminals:
        if terminal.pattern.type == "str":
            words[terminal.name] = (terminal.pattern.value,)
    return words


def next_words(prefix: str, shorthands: Sequence[Shorthand] | None = None) -> list[str] | None:
    """The words that may follow `prefix` (a power line up to a word boundary), asked of the LALR
    parser after the shorthands in it are expanded (None: the built-in ones; a pack's card passes its
    pack's too); None when the prefix itself is wrong, so nothing can be told."""
    expansion = expand(prefix.lower(), shorthands)
    if expansion.problem is not None:
        return None
    try:
        interactive = parser().parse_interactive(expansion.text)
        interactive.exhaust_lexer()
        accepted = interactive.accepts()
    except LarkError:
        return None
    words = _words_of_terminals()
    return sorted({w for name in accepted for w in words.get(name, ())})


@cache
def _examples() -> list[tuple[str, str, str, str]]:
    """(example, syntax, meaning, role) of every construct's examples, shortest first."""
    out = [(e, c.syntax, c.meaning, c.role) for c in constructs() for e in c.examples]
    return sorted(out, key=lambda item: (len(item[0]), item[0]))


def _example_suggestions(typed: str, boundary: str, replace_from: int) -> list[Suggestion]:
    """Examples of the registry that continue the typed text (all timings' on an empty line)."""
    out: list[Suggestion] = []
    seen: set[str] = set()
    lowered = typed.lower()
    for example, syntax, meaning, role in _examples():
        if not typed.strip() and role != "timing":
            continue
        if not example.lower().startswith(lowered) or len(example) <= len(typed):
            continue
        rest = example[len(boundary):]
        if rest in seen:
            continue
        seen.add(rest)
        out.append(Suggestion(rest, rest, "example", syntax, meaning[:1].upper() + meaning[1:] + ".", replace_from))
        if len(out) >= MAX_SNIPPETS:
            break
    return out


def power_suggestions(typed: str, cursor: int, shorthands: Sequence[Shorthand] | None = None) -> list[Suggestion]:
    """Suggestions inside a power line whose text up to the cursor is `typed`; `cursor` is the file column."""
    partial = PARTIAL_WORD.search(typed)
    boundary = typed[:partial.start()] if partial else typed
    replace_from = cursor - (len(typed) - len(boundary))
    nexts = next_words(boundary, shorthands)
    words = nexts if nexts is not None else keywords()
    detail = "can come next" if nexts is not None else "a word of the power language"
    out = [Suggestion(w, w, "word", detail, replace_from=replace_from) for w in words]
    return out + _example_suggestions(typed, boundary, replace_from)


def field_suggestions(line_text: str, character: int, kind: str) -> list[Suggestion]:
    """At the start of a top-level line: the file's fields; after `good:` or `action:`: their values."""
    before = line_text[:character]
    value = re.match(r"^(good|action)\s*:\s*([a-z]*)$", before)
    if value and kind == CARD:
        allowed = GOOD_TYPES if value.group(1) == "good" else ACTION_TYPES
        start = character - len(value.group(2))
        return [Suggestion(v, v, "value", f"a {value.group(1)} type", replace_from=start) for v in allowed]
    if re.fullmatch(r"[a-z_]*", before):
        fields = CARD_FIELDS if kind == CARD else MANIFEST_FIELDS if kind in (PACK_MANIFEST, PACK_FILE) else {}
        return [Suggestion(name, f"{name}: ", "field", "field", text, 0) for name, text in fields.items()]
    return []


def suggestions(text: str, line: int, character: int, kind: str, shorthands: Sequence[Shorthand] | None = None) -> list[Suggestion]:
    """Everything worth offering at (line, character), both 0-based, of a buffer of `kind` whose
    power lines may use `shorthands` (None: the built-in ones)."""
    lines = editor_lines(text)
    if not 0 <= line < len(lines):  # past the end: nothing there (a huge line number padded the buffer to gigabytes)
        return []
    power = power_at(lines, line)
    if power is not None and power.line == line and character >= power.start:
        after = lines[line][power.start + len(power.text):character]
        if "#" in after or '"' in after or "'" in after:  # in the comment after the power, or past its closing quote
            return []
        return power_suggestions(lines[line][power.start:character], character, shorthands)
    return field_suggestions(lines[line], character, kind)
