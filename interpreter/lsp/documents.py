"""Which kind of project file an editor's buffer is, and its diagnostics: the loaders' own checks run
on the unsaved text, so the editor shows exactly what `importexport validate` would print."""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from pathlib import Path

from interpreter.cards.budget import LIVE_CHECK_SECONDS, CheckBudget
from interpreter.cards.diagnostics import Diagnostic
from interpreter.cards.loader import CardSet, load_card_text
from interpreter.cards.packwords import pack_shorthands, shorthands_for
from interpreter.cards.yamlsource import load_yaml_text
from interpreter.lang.shorthands import Shorthand, builtin
from interpreter.mods.apply import pack_problems
from interpreter.mods.pack import MANIFEST

CARD, PACK_MANIFEST, PACK_FILE, RULES, SCENARIO, OTHER = "card", "pack manifest", "pack file", "rules", "scenario", "other"
TOP_KEY = re.compile(r"^([A-Za-z_][A-Za-z0-9_]*)\s*:")
SCENARIO_KEYS = {"steps", "expect", "setup"}
CARD_KEYS = {"id", "good", "action", "tier", "load", "powers"}
CARD_FOLDERS = {"cards", "expansions"}  # where card files live, in the repository and in a pack
log = logging.getLogger("importexport-lsp")


def top_level_keys(text: str) -> set[str]:
    """The keys written at the start of a line: the document's top-level mapping keys (a cheap look
    that works on a buffer YAML cannot read yet)."""
    return {m.group(1) for line in text.splitlines() if (m := TOP_KEY.match(line))}


def document_kind(path: Path, text: str) -> str:
    """What a YAML buffer is, from its file name and its top-level keys: a card file has card fields
    or lies in a `cards/` or `expansions/` folder; a pack has `name` and `version`; a scenario has
    `setup`, `steps` or `expect`."""
    if path.suffix not in (".yaml", ".yml"):
        return OTHER
    if path.name == MANIFEST:
        return PACK_MANIFEST
    if path.name == "game.yaml":
        return RULES
    keys = top_level_keys(text)
    if "id" not in keys and {"name", "version"} <= keys:
        return PACK_FILE
    if "id" not in keys and keys & SCENARIO_KEYS:
        return SCENARIO
    if keys & CARD_KEYS or CARD_FOLDERS & set(path.parent.parts):
        return CARD
    return OTHER  # some other YAML file (a CI workflow, ...): not ours to judge


def diagnostics_for(path: Path, text: str, base_cards: Callable[[], CardSet]) -> list[Diagnostic]:
    """Every problem in the buffer `text` of the file at `path`, positioned in that text.

    A card file goes through the loader's `load_card_text` (what `validate` runs on each file). A
    pack's manifest, or a single-file pack, is applied to `base_cards()` (every shipped set) as
    `mod check` does, with the buffer standing for the file; problems in the pack's card files are
    shown on the manifest's first line, naming the file."""
    kind = document_kind(path, text)
    if kind == CARD:  # checked as the desk checks as you type: a huge file stops answering nothing for a minute
        return load_card_text(text, path, budget=CheckBudget(LIVE_CHECK_SECONDS))[1]
    if kind not in (PACK_MANIFEST, PACK_FILE):
        return []  # game.yaml and scenarios: their schemas help while typing; `validate` checks them
    pack = path.parent if kind == PACK_MANIFEST else path
    own = {str(path), str(pack)}
    out = []
    for d in pack_problems(base_cards(), pack, text):
        if d.path in own:
            out.append(Diagnostic(str(path), d.line, d.col, d.code, d.message))
        else:
            where = Path(d.path).relative_to(pack) if Path(d.path).is_relative_to(pack) else Path(d.path)
            out.append(Diagnostic(str(path), 1, 1, d.code, f"in {where.as_posix()}:{d.line}:{d.col}: {d.message}"))
    return out


def checked_diagnostics(path: Path, text: str, base_cards: Callable[[], CardSet]) -> list[Diagnostic]:
    """`diagnostics_for`, and if the check itself fails (a bug of ours), one diagnostic saying so on
    the first line: the editor must never show "no problems" for a file that was not checked."""
    try:
        return diagnostics_for(path, text, base_cards)
    except Exception as exc:  # noqa: BLE001 - a bug of ours must not take the editor's server down
        log.exception("checking %s failed", path)
        return [Diagnostic(str(path), 1, 1, "E000", f"this file could not be checked: the checker failed "
                                                    f"({type(exc).__name__}); this is a bug worth reporting, and the "
                                                    f"language server's log (--log FILE) has the details")]


def shorthands_in(path: Path, text: str, kind: str) -> list[Shorthand] | None:
    """The shorthands the power lines of the buffer may use, as the loader would give them: a card
    file, those of the pack it lies in (None: the built-in ones only); a single-file pack, its own
    `shorthands:` as the buffer has them now."""
    if kind == CARD:
        return shorthands_for(path)
    if kind != PACK_FILE:
        return None
    data, _, problems = load_yaml_text(text, path)
    own, _ = pack_shorthands(data.get("shorthands"), str(path)) if not problems and isinstance(data, dict) else ([], [])
    return [*builtin(), *own] if own else None
