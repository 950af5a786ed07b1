"""Reading a mod pack: its manifest and its cards, data only, with diagnostics like card files.

A pack is a folder holding `mod.yaml` (the manifest) and card files under `cards/`, or one YAML file
holding the manifest with its cards inline under `cards:`. The manifest:

    name: Harbor Tweaks            # required
    version: 1.0.0                 # required
    depends: [base]                # card sets (or earlier packs, by name) it builds on
    remove: [cups]                 # card ids taken out of the game
    deck: {pens: 2, laptops: 1}    # optional deck list: exactly these cards, this many copies each

A pack reads nothing outside its own folder: card files are found only under its `cards/` folder,
and a manifest, card file or folder that is a symbolic link, or a file that is not a regular file
(a named pipe, a device), is refused with M009 and not read.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from interpreter.cards.diagnostics import Diagnostic, did_you_mean
from interpreter.cards.loader import load_card_file, load_card_text, parse_card
from interpreter.cards.model import CardDef
from interpreter.cards.packwords import pack_shorthands
from interpreter.cards.yamlsource import SourceMap, load_yaml, load_yaml_text
from interpreter.lang.shorthands import Shorthand, builtin

MANIFEST = "mod.yaml"
MANIFEST_KEYS = ("name", "version", "depends", "remove", "deck", "cards", "description", "shorthands")
MAX_COPIES = 100  # of one card in a deck list
MAX_DECK = 5_000  # cards in a deck list
MAX_PACK_CARDS = 2_000


@dataclass
class ModPack:
    path: str
    name: str = ""
    version: str = ""
    depends: list[str] = field(default_factory=list)
    cards: list[CardDef] = field(default_factory=list)
    remove: list[str] = field(default_factory=list)
    deck: dict[str, int] | None = None
    shorthands: list[Shorthand] = field(default_factory=list)  # the pack's own phrases (docs/modding.md)
    smap: SourceMap | None = None
    diagnostics: list[Diagnostic] = field(default_factory=list)

    def where(self, *key: Any) -> tuple[int, int]:
        """Position in the manifest of the value at `key`; of the key itself for an entry of a mapping."""
        return self.smap.at(tuple(key), of_key=len(key) > 1) if self.smap else (1, 1)

    @property
    def manifest_path(self) -> str:
        """The file that `where` positions are in: mod.yaml of a folder, or the single-file pack."""
        return self.smap.path if self.smap else self.path


def _id_list(pack: ModPack, smap: SourceMap, data: dict[str, Any], key: str) -> list[str]:
    value = data.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        pack.diagnostics.append(smap.diag((key,), "M004", f"`{key}` must be a list of names, e.g. `[cups, pens]`"))
        return []
    return list(value)


def _deck(pack: ModPack, smap: SourceMap, value: Any) -> dict[str, int] | None:
    if value is None:
        return None
    if not isinstance(value, dict):
        pack.diagnostics.append(smap.diag(("deck",), "M005", "`deck` maps card ids to copies, e.g. `{pens: 2}`"))
        return None
    deck: dict[str, int] = {}
    for card_id, copies in value.items():
        least = 0 if card_id == "*" else 1
        if isinstance(copies, bool) or not isinstance(copies, int) or not least <= copies <= MAX_COPIES:
            pack.diagnostics.append(smap.diag(("deck", card_id), "M006", f"copies of `{card_id}` must be a whole number from {least} to {MAX_COPIES}"))
        else:
            deck[str(card_id)] = copies
    if sum(deck.values()) > MAX_DECK:
        pack.diagnostics.append(smap.diag(("deck",), "M007", f"a deck list may hold at most {MAX_DECK} cards; this one has {sum(deck.values())}"))
        return None
    return deck


def _read_manifest(pack: ModPack, data: Any, smap: SourceMap) -> dict[str, Any]:
    if not isinstance(data, dict):
        pack.diagnostics.append(smap.diag((), "M001", "a mod manifest must be a mapping (name, version, ...)"))
        return {}
    for key in data:
        if key not in MANIFEST_KEYS:
            pack.diagnostics.append(smap.diag((key,), "M002", f"unknown manifest key `{key}`{did_you_mean(str(key), MANIFEST_KEYS)}", of_key=True))
    for key in ("name", "version"):
        if not isinstance(data.get(key), str | int | float) or not str(data.get(key)).strip():
            pack.diagnostics.append(smap.diag((), "M003", f"the manifest needs `{key}`"))
    pack.name = str(data.get("name", "")).strip()
    pack.version = str(data.get("version", "")).strip()
    pack.depends = _id_list(pack, smap, data, "depends")
    pack.remove = _id_list(pack, smap, data, "remove")
    pack.deck = _deck(pack, smap, data.get("deck"))
    pack.shorthands = _shorthands(pack, smap, data.get("shorthands"))
    return data


def _shorthands(pack: ModPack, smap: SourceMap, items: Any) -> list[Shorthand]:
    found, problems = pack_shorthands(items, smap.path)
    for index, message in problems:
        key = ("shorthands",) if index < 0 else ("shorthands", index)
        pack.diagnostics.append(smap.diag(key, "M012", message))
    return found


def _words(pack: ModPack) -> list[Shorthand] | None:
    """What the pack's cards may use: the built-in phrases and the pack's own."""
    return [*builtin(), *pack.shorthands] if pack.shorthands else None


def _inline_cards(pack: ModPack, data: dict[str, Any], smap: SourceMap) -> None:
    cards = data.get("cards", [])
    if not isinstance(cards, list):
        pack.diagnostics.append(smap.diag(("cards",), "M008", "`cards` must be a list of card mappings"))
        return
    for i, item in enumerate(cards):
        sub = SourceMap(smap.path, {k[2:]: v for k, v in smap.values.items() if k[:2] == ("cards", i)},
                        {k[2:]: v for k, v in smap.keys.items() if k[:2] == ("cards", i)},
                        {k[2:]: v for k, v in smap.styles.items() if k[:2] == ("cards", i)},
                        {k[2:]: v for k, v in smap.key_styles.items() if k[:2] == ("cards", i)}, smap.lines)
        stem = item.get("id", "") if isinstance(item, dict) else ""
        card, diags = parse_card(item, sub, str(stem), _words(pack))
        pack.diagnostics += diags
        if card is not None:
            pack.cards.append(card)


def _refuse(pack: ModPack, path: Path, why: str) -> None:
    pack.diagnostics.append(Diagnostic(str(path), 1, 1, "M009", f"a pack reads only regular files inside its own folder; {why}"))


def _contained(pack: ModPack, path: Path, root: Path) -> bool:
    """`path` is a regular file (or, for folders, a real folder) inside `root`, reached without a
    symbolic link; otherwise the pack gets an M009 and the path is not read."""
    if path.is_symlink():
        _refuse(pack, path, "this is a symbolic link" + (" to a folder" if path.is_dir() else ""))
        return False
    if not path.resolve().is_relative_to(root):
        _refuse(pack, path, f"this is outside {root}")
        return False
    return True


def _card_paths(pack: ModPack, cards_dir: Path, root: Path) -> list[Path]:
    """The card files under cards/, walked without following links; links and special files are refused."""
    found: list[Path] = []
    for top, dirs, files in os.walk(cards_dir, followlinks=False):
        here = Path(top)
        for name in sorted(dirs):  # os.walk lists a link to a folder among the folders, and does not enter it
            if not _contained(pack, here / name, root):
                dirs.remove(name)
        dirs.sort()
        for name in sorted(files):
            path = here / name
            if not name.endswith(".yaml") or not _contained(pack, path, root):
                continue
            if not stat.S_ISREG(path.lstat().st_mode):
                _refuse(pack, path, "this is not a regular file")
                continue
            found.append(path)
    return sorted(found)


def _folder_cards(pack: ModPack, folder: Path, card_texts: Mapping[Path, str]) -> None:
    cards_dir = folder / "cards"
    root = folder.resolve()
    if cards_dir.is_symlink():
        _refuse(pack, cards_dir, "`cards` is a symbolic link")
        return
    if cards_dir.exists() and not cards_dir.is_dir():  # its cards would be read from nowhere, silently
        pack.diagnostics.append(Diagnostic(str(cards_dir), 1, 1, "M009", "`cards` is a file: a pack keeps its card files in a folder "
                                                                         "named `cards`, and none was read"))
        return
    found = _card_paths(pack, cards_dir, root) if cards_dir.is_dir() else []
    texts = {p.resolve(): text for p, text in card_texts.items()}
    on_disk = {f.resolve() for f in found}
    here = cards_dir.resolve()
    found += [cards_dir / p.relative_to(here) for p in texts if p not in on_disk and p.is_relative_to(here)]  # not written yet
    for f in sorted(found):
        text = texts.get(f.resolve())
        card, diags = load_card_text(text, f, _words(pack)) if text is not None else load_card_file(f, _words(pack))
        pack.diagnostics += diags
        if card is not None:
            pack.cards.append(card)
        if len(pack.cards) > MAX_PACK_CARDS:
            pack.diagnostics.append(Diagnostic(str(f), 1, 1, "M010", f"a pack may hold at most {MAX_PACK_CARDS} cards"))
            return


def load_pack(path: Path, manifest_text: str | None = None, card_texts: Mapping[Path, str] | None = None) -> ModPack:
    """Read a pack folder or single-file pack. Problems are collected in `pack.diagnostics`.
    `manifest_text`, if given, is read instead of the manifest file (an editor's unsaved buffer);
    `card_texts` give card files' texts instead of their files, or beside them for files not yet
    written (the desk checks a pack with a card as it would be saved, before writing anything)."""
    manifest = path / MANIFEST if path.is_dir() else path
    pack = ModPack(str(path))
    if manifest_text is not None:  # an editor's buffer: its text is what counts, not the file on disk
        data, smap, diags = load_yaml_text(manifest_text, manifest)
    else:
        if not manifest.exists() and not manifest.is_symlink():
            pack.diagnostics.append(Diagnostic(str(path), 1, 1, "M011", f"no `{MANIFEST}` in this folder: a mod pack needs a manifest"))
            return pack
        if path.is_dir() and not _contained(pack, manifest, path.resolve()):
            return pack  # not read: its keys are not echoed
        if not stat.S_ISREG(manifest.stat().st_mode):
            _refuse(pack, manifest, "this is not a regular file")
            return pack
        data, smap, diags = load_yaml(manifest)
    pack.smap = smap
    if diags:
        pack.diagnostics += diags
        return pack
    data = _read_manifest(pack, data, smap)
    if path.is_dir():
        if "cards" in data:
            pack.diagnostics.append(smap.diag(("cards",), "M012", "a pack folder keeps its cards as files under `cards/`, not inline"))
        _folder_cards(pack, path, card_texts or {})
    else:
        _inline_cards(pack, data, smap)
    seen: set[str] = set()
    for card in pack.cards:
        if card.id in seen:
            line, col = _second_definition(data, smap, card.id) if not path.is_dir() else (1, 1)
            pack.diagnostics.append(Diagnostic(card.path or str(path), line, col, "M013", f"the pack defines `{card.id}` twice"))
        seen.add(card.id)
    return pack


def _second_definition(data: Any, smap: Any, card_id: str) -> tuple[int, int]:
    """Where a single-file pack's list of cards gives `card_id` the second time (its `id:` value)."""
    entries = data.get("cards") if isinstance(data, dict) else None
    found = [i for i, entry in enumerate(entries or []) if isinstance(entry, dict) and entry.get("id") == card_id]
    return smap.at(("cards", found[1], "id")) if len(found) > 1 else (1, 1)
