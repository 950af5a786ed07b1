"""A card in words: its facts and each power line with the English it reads as. `importexport
explain` prints this, and a person at the terminal gets the same text with `explain CARD`."""

from __future__ import annotations

from collections.abc import Iterable

from interpreter.cards.diagnostics import did_you_mean
from interpreter.cards.model import CardDef


def card_lines(card: CardDef) -> list[str]:
    lines = [f"{card.name} ({card.good}, {card.action.upper()}, tier {card.tier}, loads {card.load_text()})"]
    if not card.powers:
        lines.append("  (no powers written yet)")
    for power in card.powers:
        lines.append(f"  {power.text}")
        lines.append(f"    -> {power.node.english()}")
    for name, powers in card.readings:  # played instead with --option CARD=NAME (docs/card-format.md)
        lines.append(f"  With --option {card.id}={name}, instead:")
        for power in powers:
            lines.append(f"    {power.text}")
            lines.append(f"      -> {power.node.english()}")
    return lines


def _key(text: str) -> str:
    return "".join(ch for ch in text.lower() if ch.isalnum())


def find_card(text: str, cards: Iterable[CardDef]) -> CardDef:
    """The card a person means by `text`: its id or its name (case, spaces and punctuation do not
    matter), or the one card whose name starts with it. Raises LookupError saying what was meant."""
    by_key: dict[str, CardDef] = {}
    for card in cards:
        by_key.setdefault(_key(card.id), card)
        by_key.setdefault(_key(card.name), card)
    key = _key(text)
    if key in by_key:
        return by_key[key]
    starting = {c.id: c for k, c in by_key.items() if key and k.startswith(key)}
    if len(starting) == 1:
        return next(iter(starting.values()))
    if len(starting) > 1:
        shown = sorted(c.name for c in starting.values())
        raise LookupError(f"`{text}` could be {', '.join(shown[:6])}{' ...' if len(shown) > 6 else ''}: say more of the name")
    names = {c.name for c in by_key.values()}
    raise LookupError(f"no card is called `{text}`{did_you_mean(text, names)}")
