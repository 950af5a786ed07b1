"""Applying mod packs, in order, to a card set: additions, replacements, removals, deck lists; and a
report of what each pack changes, field by field, with conflicts between packs."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from interpreter.cards.capacity import capacity_problems
from interpreter.cards.catalog import load_rules
from interpreter.cards.diagnostics import CardFileError, Diagnostic, did_you_mean, quoted
from interpreter.cards.loader import CardSet
from interpreter.cards.model import CardDef
from interpreter.mods.pack import MAX_DECK, ModPack, load_pack

COMPARED = ("name", "set", "good", "action", "tier", "load", "text", "estimated")
EVERY_OTHER = "*"  # in a deck list: the copies of every card not listed


@dataclass
class Change:
    pack: str
    added: list[str] = field(default_factory=list)
    replaced: dict[str, list[str]] = field(default_factory=dict)  # id -> field differences
    removed: list[str] = field(default_factory=list)
    deck: dict[str, int] | None = None


@dataclass
class Applied:
    cards: CardSet
    changes: list[Change]
    conflicts: list[str]
    packs: list[ModPack]


def field_diff(old: CardDef, new: CardDef) -> list[str]:
    diffs = [f"{name}: {getattr(old, name)!r} -> {getattr(new, name)!r}" for name in COMPARED if getattr(old, name) != getattr(new, name)]
    old_powers, new_powers = [p.text for p in old.powers], [p.text for p in new.powers]
    if old_powers != new_powers:
        diffs.append(f"powers: {old_powers} -> {new_powers}")
    return diffs


def apply_packs(base: CardSet, paths: list[Path], manifest_texts: Mapping[Path, str] | None = None,
                card_texts: Mapping[Path, str] | None = None) -> Applied:
    """Apply the packs in order. Raises CardFileError with every problem if any pack is wrong.
    `manifest_texts` gives the text of some packs' manifests instead of their files (an editor's buffers);
    `card_texts` the text of card files, written or not (the desk's save, checked before it writes)."""
    texts = manifest_texts or {}
    packs = [load_pack(p, texts.get(p), card_texts) for p in paths]
    diagnostics: list[Diagnostic] = [d for pack in packs for d in pack.diagnostics]
    cards: dict[str, CardDef] = {c.id: c for c in base.cards}
    deck: dict[str, int] | None = None
    deck_pack: ModPack | None = None  # the pack whose deck list is used: the last that has one
    changes: list[Change] = []
    touched: dict[str, str] = {}  # card id -> the pack that last changed it
    conflicts: list[str] = []
    names = set(base.set_names())
    for pack in packs:
        change = Change(pack.name or pack.path)
        for i, dep in enumerate(pack.depends):
            if dep not in names:
                line, col = pack.where("depends", i)
                diagnostics.append(Diagnostic(pack.manifest_path, line, col, "M020",
                                              f"`{pack.name}` depends on {quoted(dep)}, which is not in the game{did_you_mean(dep, names)}"))
        for card in pack.cards:
            if card.id in cards:
                change.replaced[card.id] = field_diff(cards[card.id], card)
            else:
                change.added.append(card.id)
            _note_conflict(touched, conflicts, card.id, change.pack)
            cards[card.id] = card
        for i, card_id in enumerate(pack.remove):
            if card_id not in cards:
                line, col = pack.where("remove", i)
                diagnostics.append(Diagnostic(pack.manifest_path, line, col, "M021",
                                              f"cannot remove {quoted(card_id)}: no such card{did_you_mean(card_id, cards)}"))
                continue
            _note_conflict(touched, conflicts, card_id, change.pack)
            del cards[card_id]
            change.removed.append(card_id)
        if pack.deck is not None:
            deck, change.deck, deck_pack = pack.deck, pack.deck, pack
        names.add(pack.name)
        changes.append(change)
    if deck is not None and deck_pack is not None:
        for card_id in deck:
            if card_id not in cards and card_id != EVERY_OTHER:
                hint = did_you_mean(card_id, cards)
                line, col = deck_pack.where("deck", card_id)
                diagnostics.append(Diagnostic(deck_pack.manifest_path, line, col, "M022",
                                              f"the deck list of `{deck_pack.name}` names {quoted(card_id)}, which is not in the game{hint}"))
    final = deck_cards(cards, deck) if not diagnostics else []
    if len(final) > MAX_DECK and deck_pack is not None:
        line, col = deck_pack.where("deck")
        diagnostics.append(Diagnostic(deck_pack.manifest_path, line, col, "M007",
                                      f"a deck may hold at most {MAX_DECK} cards; the deck list of `{deck_pack.name}` makes {len(final)}"))
    if final and not diagnostics:
        diagnostics += capacity_problems(final, load_rules().ship_capacity)
    if diagnostics:
        raise CardFileError(diagnostics)
    return Applied(CardSet(final), changes, conflicts, packs)


def pack_problems(base: CardSet, path: Path, manifest_text: str | None = None) -> list[Diagnostic]:
    """Every problem of one pack applied to `base` (its manifest, its cards, what it names), as
    `importexport mod check` finds them; `manifest_text` stands for the manifest file if given."""
    try:
        apply_packs(base, [path], {path: manifest_text} if manifest_text is not None else None)
    except CardFileError as exc:
        return list(exc.diagnostics)
    return []


def deck_cards(cards: dict[str, CardDef], deck: dict[str, int] | None) -> list[CardDef]:
    """The deck a deck list describes: each listed card that many times; `*` gives the number of
    copies of every card not listed (0 leaves them out)."""
    if deck is None:
        return list(cards.values())
    others = deck.get(EVERY_OTHER, 0)
    return [card for card_id, card in cards.items() for _ in range(deck.get(card_id, others))]


def _note_conflict(touched: dict[str, str], conflicts: list[str], card_id: str, pack: str) -> None:
    if card_id in touched and touched[card_id] != pack:
        conflicts.append(f"`{card_id}` is changed by `{touched[card_id]}` and by `{pack}`; `{pack}` wins (applied later)")
    touched[card_id] = pack


def change_report(applied: Applied) -> str:
    lines = []
    for change in applied.changes:
        lines.append(f"{change.pack}:")
        lines += [f"  + added {card_id}" for card_id in change.added]
        for card_id, diffs in change.replaced.items():
            lines.append(f"  ~ replaced {card_id}" + ("" if diffs else " (no field changed)"))
            lines += [f"      {d}" for d in diffs]
        lines += [f"  - removed {card_id}" for card_id in change.removed]
        if change.deck is not None:
            listed = {k: v for k, v in change.deck.items() if k != EVERY_OTHER}
            rest = f"; every other card: {change.deck[EVERY_OTHER]} cop{'y' if change.deck[EVERY_OTHER] == 1 else 'ies'}" \
                if EVERY_OTHER in change.deck else ""
            lines.append("  deck list: " + ", ".join(f"{k} x{v}" for k, v in listed.items()) + rest)
    lines += [f"conflict: {c}" for c in applied.conflicts]
    return "\n".join(lines)
