"""A pack's deck list written into its manifest's text: the `deck:` block replaced (or added), every
other line of the manifest, comments included, kept as it was.

The list is written short: `"*"` gives the copies most cards have, and only the other cards are
listed. A card left out of the deck cannot be listed with 0 copies (M006: a listed card has 1 to 100
copies), so a deck that leaves cards out is written as `"*": 0` and every card it holds."""

from __future__ import annotations

import re
from collections import Counter

from interpreter.mods.apply import EVERY_OTHER

DECK_KEY = re.compile(r"^deck\s*:")
TOP_LEVEL = re.compile(r"^[^\s#]")
HEADER = "deck:                    # written by the desk's deck editor"


def compact(copies: dict[str, int]) -> dict[str, int]:
    """The deck list for `copies` (card id -> copies, 0 for a card left out of the deck), short:
    `"*"` and the cards that differ from it."""
    held = {card_id: n for card_id, n in copies.items() if n > 0}
    if len(held) < len(copies):  # some cards are left out: only an explicit list leaves them out
        return {EVERY_OTHER: 0, **dict(sorted(held.items()))}
    usual = Counter(held.values()).most_common(1)[0][0] if held else 0
    return {EVERY_OTHER: usual, **{card_id: n for card_id, n in sorted(held.items()) if n != usual}}


def deck_block(deck: dict[str, int]) -> list[str]:
    lines = [HEADER]
    for card_id, n in deck.items():
        key = '"*"' if card_id == EVERY_OTHER else card_id
        lines.append(f"  {key}: {n}")
    return lines


def with_deck(manifest: str, deck: dict[str, int]) -> str:
    """`manifest` (a pack's mod.yaml text) with its deck list set to `deck`: the top-level `deck:`
    key and the lines that belong to it replaced, or the block added at the end."""
    lines = manifest.splitlines()
    start = next((i for i, line in enumerate(lines) if DECK_KEY.match(line)), None)
    block = deck_block(deck)
    if start is None:
        while lines and not lines[-1].strip():
            lines.pop()
        return "\n".join([*lines, *block]) + "\n"
    end = start + 1
    while end < len(lines) and not TOP_LEVEL.match(lines[end]) and _belongs(lines, end):
        end += 1
    return "\n".join([*lines[:start], *block, *lines[end:]]) + "\n"


def _belongs(lines: list[str], i: int) -> bool:
    """A line after `deck:` belongs to its block if it is indented, or blank (or a comment) followed
    by more indented lines of the block."""
    if lines[i].startswith((" ", "\t")) and lines[i].strip() and not lines[i].lstrip().startswith("#"):
        return True
    for later in lines[i + 1:]:
        if later.strip() and not later.lstrip().startswith("#"):
            return later.startswith((" ", "\t"))
    return False
