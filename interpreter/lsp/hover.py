"""Hover: the power line under the cursor in English (what `importexport explain` prints), or what is
wrong with it; over a field name, the field's description from the JSON Schema."""

from __future__ import annotations

import re
from collections.abc import Sequence

from interpreter.cards.textpos import editor_lines
from interpreter.lang import check_power, parse_power
from interpreter.lang.shorthands import Shorthand
from interpreter.lsp.documents import CARD, PACK_FILE, PACK_MANIFEST, SCENARIO
from interpreter.lsp.powerline import power_at
from interpreter.schemas import CARD_FIELDS, MANIFEST_FIELDS, SCENARIO_FIELDS

FIELD = re.compile(r"^(?P<key>[A-Za-z_][A-Za-z0-9_]*)\s*:")


def power_hover(full: str, shorthands: Sequence[Shorthand] | None = None) -> str:
    """Markdown for one power line: its English (the language's own, as `explain` prints it), or
    each problem with its column; `shorthands` as for the loader (None: the built-in ones)."""
    power, problems = parse_power(full, shorthands)
    if power is not None:
        problems = check_power(power)
    if power is not None and not problems:
        return f"**Power**: {power.english()}"
    shown = "\n".join(f"- column {p.col}: {p.code} {p.message}" for p in problems)
    return f"**This power does not read yet**\n\n{shown}"


def field_hover(line_text: str, character: int, kind: str) -> str | None:
    match = FIELD.match(line_text)
    if not match or character > match.end("key"):
        return None
    fields = {CARD: CARD_FIELDS, PACK_MANIFEST: MANIFEST_FIELDS, PACK_FILE: MANIFEST_FIELDS, SCENARIO: SCENARIO_FIELDS}.get(kind, {})
    text = fields.get(match.group("key"))
    return f"**{match.group('key')}**: {text}" if text else None


def hover_markdown(text: str, line: int, character: int, kind: str, shorthands: Sequence[Shorthand] | None = None) -> str | None:
    """What to show for the 0-based (line, character) of a buffer of `kind`, or None."""
    lines = editor_lines(text)
    if not 0 <= line < len(lines):
        return None
    power = power_at(lines, line)
    if power is not None and power.full:
        return power_hover(power.full, shorthands)
    return field_hover(lines[line], character, kind)
