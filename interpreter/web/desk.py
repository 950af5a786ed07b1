"""The desk's state: the settings it was started with, the cards it shows (sets, mod packs, the pack
the editor saves into), and the sessions it keeps in memory (games being viewed or played, tries)."""

from __future__ import annotations

import logging
import os
import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, TypeVar

from interpreter.cards.catalog import BASE_SET, choose_sets, load_all_cards, load_rules
from interpreter.cards.diagnostics import CardFileError, did_you_mean
from interpreter.cards.loader import CardSet
from interpreter.cards.model import CardDef
from interpreter.cards.rulesdata import RulesData
from interpreter.mods.apply import apply_packs
from interpreter.mods.pack import MANIFEST
from interpreter.web.errors import DeskError
from interpreter.web.saving import pack_lock

log = logging.getLogger("importexport.desk")


def expansions_for(sets: str, known: list[str]) -> str:
    """The `--expansions` value for the desk's `--expansions` (or `--sets`) value: `all`, `none`, or a
    list of set names, the base set among them or not (it is always in)."""
    if sets.strip() in ("", "all"):
        return "all"
    if sets.strip() == "none":
        return "none"
    wanted = [s.strip() for s in sets.split(",") if s.strip()]
    unknown = [s for s in wanted if s not in known]
    if unknown:
        raise ValueError(f"unknown set `{unknown[0]}`; choose from {', '.join(known)}, all or none")
    rest = [s for s in wanted if s != BASE_SET]
    return ",".join(rest) if rest else "none"


@dataclass
class DeskSettings:
    sets: str = "all"
    mods: list[Path] = field(default_factory=list)
    pack: Path | None = None  # the pack folder the editor saves into; created on the first save
    runs: Path = Path("runs")  # balance runs (`balance --out` folders)
    records: Path | None = None  # where games played in the browser are saved
    try_games: int = 150  # games per side of an A/B try
    tables: Path = Path("tables.sqlite")  # the online tables' SQLite file (created with the first table)
    bot_pause: float = 0.15  # seconds before a bot's move at a table with people, so they can follow it


@dataclass(frozen=True)
class Entry:
    """One distinct card of the desk's card set, with where it comes from."""

    card: CardDef
    pack: str  # the mod pack that added or replaced it, or "" for a shipped card
    copies: int


class Desk:
    def __init__(self, settings: DeskSettings):
        self.settings = settings
        self.rules: RulesData = load_rules()
        self.lock = threading.Lock()
        all_cards = self.all_shipped = load_all_cards()
        self.set_names = all_cards.set_names()
        self.expansions = expansions_for(settings.sets, self.set_names)
        self.shipped = choose_sets(all_cards, self.expansions)
        for path in settings.mods:
            if not path.exists():
                raise ValueError(f"--mod: no such file or folder: {path}")
        self.cards: CardSet = self.shipped
        self.entries: dict[str, Entry] = {}
        self.seen: tuple[tuple[str, int, int], ...] = ()  # the pack on disk as last read (pack_signature)
        self.reload()
        self.viewed: Sessions[Any] = Sessions(12)
        self.played: Sessions[Any] = Sessions(8, close=lambda s: s.close())
        self.tries: Sessions[Any] = Sessions(8)

    # --- cards -----------------------------------------------------------------------------------
    def pack_paths(self) -> list[Path]:
        """The mod packs applied, in order: those of --mod, then the editor's pack if it holds one."""
        paths = list(self.settings.mods)
        pack = self.settings.pack
        if pack is not None and (pack / MANIFEST).is_file() and all(p.resolve() != pack.resolve() for p in paths):
            paths.append(pack)
        return paths

    def reload(self) -> None:
        """Apply the packs again. Raises CardFileError if a pack is wrong."""
        signature = self.pack_signature()
        self.adopt(*self.applied())
        self.seen = signature

    def pack_signature(self) -> tuple[tuple[str, int, int], ...]:
        """What the editor's pack holds on disk (each YAML file's path, size and time of change): when
        it changes (another desk or program saved into it), the desk reads the pack again."""
        pack = self.settings.pack
        if pack is None or not pack.is_dir():
            return ()
        found = []
        for top, dirs, files in os.walk(pack):
            dirs[:] = sorted(d for d in dirs if not d.startswith("."))
            for name in sorted(files):
                if name.endswith(".yaml"):
                    try:
                        info = os.stat(os.path.join(top, name))
                    except OSError:
                        continue
                    found.append((os.path.join(top, name), info.st_size, info.st_mtime_ns))
        return tuple(found)

    def refresh(self) -> None:
        """Read the pack again if it changed on disk since the desk last read it. If it no longer
        loads, the desk goes on showing the cards it had (a save reports the pack's problems)."""
        pack = self.settings.pack
        if pack is None or self.pack_signature() == self.seen:
            return
        with pack_lock(pack):  # not while a save writes: the desk would read a pack half saved
            if self.pack_signature() == self.seen:
                return  # a save of this desk read it meanwhile
            try:
                self.reload()
            except CardFileError as exc:
                log.warning("the pack %s changed on disk and does not load: %s", pack, exc.diagnostics[0])
                self.seen = self.pack_signature()

    def applied(self, card_texts: Mapping[Path, str] | None = None, manifest: str | None = None) -> tuple[CardSet, dict[str, str]]:
        """The card set with the packs applied, and the pack each changed card comes from. With
        `card_texts` (card files as they would be saved) and `manifest` (the editor's pack manifest
        as it would be written: a pack's first one, or a new deck list), the card set the pack would
        give: a save is checked this way before anything is written. Raises CardFileError if a pack is wrong."""
        paths = self.pack_paths()
        pack = self.settings.pack
        texts: dict[Path, str] = {}
        if manifest is not None and pack is not None:
            same = next((p for p in paths if p.resolve() == pack.resolve()), None)
            if same is None:
                paths.append(pack)
            texts[same or pack] = manifest
        origin: dict[str, str] = {}
        if not paths:
            return self.shipped, origin
        applied = apply_packs(self.shipped, paths, texts, card_texts)
        for change in applied.changes:
            for card_id in [*change.added, *change.replaced]:
                origin[card_id] = change.pack
        return applied.cards, origin

    def adopt(self, cards: CardSet, origin: dict[str, str], signature: tuple[tuple[str, int, int], ...] | None = None) -> None:
        """Show `cards` from now on (after a save, the card set read from the pack as written, whose
        `signature` the desk then knows)."""
        if signature is not None:
            self.seen = signature
        copies: dict[str, int] = {}
        for c in cards.cards:
            copies[c.id] = copies.get(c.id, 0) + 1
        with self.lock:
            self.cards = cards
            self.entries = {c.id: Entry(c, origin.get(c.id, ""), copies[c.id]) for c in cards.by_id.values()}

    def card(self, card_id: str) -> Entry:
        entry = self.entries.get(card_id)
        if entry is None:
            raise DeskError(f"There is no card `{card_id}` in this desk's card set{did_you_mean(card_id, self.entries)}.", 404)
        return entry

    def good_colours(self) -> dict[str, str]:
        """The colour of each good type (and of its containers), from the rules data."""
        return {good: colour for colour, good in self.rules.colours if good}

    def record_settings(self) -> dict[str, Any]:
        """What a game record says about the card set, so that `importexport replay` can rebuild it."""
        return {"expansions": self.expansions, "mods": [str(p) for p in self.pack_paths()], "options": []}

    def pack_names(self) -> list[str]:
        return sorted({e.pack for e in self.entries.values() if e.pack})


T = TypeVar("T")


class Sessions(Generic[T]):
    """Objects kept by id, the oldest dropped (and closed) past `limit`."""

    def __init__(self, limit: int, close: Callable[[T], None] | None = None):
        self.limit = limit
        self.close = close
        self.items: OrderedDict[str, T] = OrderedDict()
        self.lock = threading.Lock()

    def add(self, item: T) -> str:
        """Keep `item` under a new random id (not a count: another page cannot guess it)."""
        with self.lock:
            key = secrets.token_urlsafe(12)
            while key in self.items:
                key = secrets.token_urlsafe(12)
            self.items[key] = item
            while len(self.items) > self.limit:
                _, old = self.items.popitem(last=False)
                if self.close is not None:
                    self.close(old)
            return key

    def get(self, key: str, what: str) -> T:
        with self.lock:
            item = self.items.get(key)
        if item is None:
            raise DeskError(f"No {what} {key} here: it may have been closed to make room for newer ones. Start a new one.", 404)
        return item

    def listing(self) -> list[tuple[str, T]]:
        """(id, item) pairs, the newest first."""
        with self.lock:
            return list(reversed(self.items.items()))

    def close_all(self) -> None:
        with self.lock:
            items = list(self.items.values())
            self.items.clear()
        if self.close is not None:
            for item in items:
                self.close(item)
