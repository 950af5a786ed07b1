"""The shorthands a card file may use: the built-in ones (grammar/shorthands.yaml), and those of
the mod pack it belongs to (its manifest's `shorthands:` list, docs/modding.md).

A card file belongs to a pack when it lies under the pack's `cards/` folder, beside `mod.yaml`; it
then reads its pack's phrases whichever command opens it (`validate` of the one file, the editor,
`explain`), not only when the whole pack is loaded. Problems in the list itself are the pack
check's to report (interpreter/mods/pack.py); here a bad entry is left out."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from interpreter.cards.yamlsource import load_yaml
from interpreter.lang.shorthands import Shorthand, builtin, shorthands_from

MANIFEST = "mod.yaml"


def pack_manifest_of(card_file: Path) -> Path | None:
    """FOLDER/mod.yaml when the card file lies under FOLDER/cards/."""
    for parent in card_file.absolute().parents:
        if parent.name == "cards" and (parent.parent / MANIFEST).is_file():
            return parent.parent / MANIFEST
    return None


def pack_shorthands(items: Any, source: str) -> tuple[list[Shorthand], list[tuple[int, str]]]:
    """A pack's own shorthands from its manifest's list, with the problems of its entries."""
    if items is None:
        return [], []
    return shorthands_from(items, source)


def shorthands_for(card_file: Path) -> list[Shorthand] | None:
    """What a card file may use: None (the built-in phrases only) outside a pack, else the
    built-in phrases and its pack's."""
    manifest = pack_manifest_of(card_file)
    if manifest is None:
        return None
    own = _manifest_shorthands(str(manifest), manifest.stat().st_mtime_ns)
    return [*builtin(), *own] if own else None


@cache
def _manifest_shorthands(manifest: str, _mtime: int) -> tuple[Shorthand, ...]:
    data, _, diags = load_yaml(Path(manifest))
    if diags or not isinstance(data, dict):
        return ()
    found, _ = pack_shorthands(data.get("shorthands"), manifest)
    return tuple(found)
