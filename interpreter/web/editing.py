"""The editor's work on a card's YAML text: checking it as `importexport validate` does, the English
of each power as `explain` gives it, running its examples, and saving it into the desk's pack.

The card loader reads files, so a text from the browser is checked as a file in a fresh temporary
folder, named after the card's id as the loader wants; the diagnostics are then given the name the
designer knows the card by."""

from __future__ import annotations

import re
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from interpreter.cards.budget import CheckBudget
from interpreter.cards.diagnostics import CardFileError, Diagnostic
from interpreter.cards.loader import LINES, CardSet, parse_card
from interpreter.cards.model import CardDef
from interpreter.cards.rulesdata import RulesData
from interpreter.cards.yamlsource import load_yaml_text
from interpreter.mods.pack import MANIFEST
from interpreter.scenarios.runner import run_scenario, scenarios_in_file
from interpreter.schema_header import with_header
from interpreter.web.desk import Desk, DeskError
from interpreter.web.saving import SaveConflict, pack_lock, version_of, version_of_text, write_or_refuse

# The card loader and the language's parser are shared by every request; checks are a few
# milliseconds each, so they simply take turns.
LOADING = threading.Lock()
MAX_TEXT = 200_000  # characters of a card's YAML the editor accepts
ID_LINE = re.compile(r"^id:\s*['\"]?([A-Za-z0-9_]+)", re.MULTILINE)
SAFE_STEM = re.compile(r"^[a-z][a-z0-9_]*$")
SAFE_FOLDER = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}")  # a folder of a pack's cards/ (matched whole)
MAX_FOLDERS = 3  # folders below cards/: cards/consumer/cups.yaml is one
MAX_PATH = 1024  # characters of a save path


@dataclass
class PowerEnglish:
    text: str
    english: str | None  # None: the line has a problem (see the diagnostics)


@dataclass
class Checked:
    card: CardDef | None
    diagnostics: list[Diagnostic]
    powers: list[PowerEnglish] = field(default_factory=list)
    card_id: str = ""


def stem_of(text: str) -> str:
    """The card's id as written, if it can serve as a file name; the loader checks the rest."""
    match = ID_LINE.search(text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n"))  # lines as YAML reads them
    return match.group(1) if match and SAFE_STEM.match(match.group(1)) else "card"


@contextmanager
def as_file(text: str, stem: str) -> Iterator[Path]:
    if len(text) > MAX_TEXT:
        raise DeskError(f"The card text is {len(text)} characters long; the editor takes at most {MAX_TEXT}.")
    with tempfile.TemporaryDirectory(prefix="desk-") as folder:
        path = Path(folder) / f"{stem}.yaml"
        path.write_text(text, encoding="utf-8")
        yield path


def check_text(text: str, shown_as: str, budget: CheckBudget | None = None) -> Checked:
    """Check a card's YAML as `validate` does; diagnostics name the file `shown_as`. With a `budget`
    (the check as you type) checking stops, with a C081, once the budget is spent."""
    if len(text) > MAX_TEXT:
        raise DeskError(f"The card text is {len(text)} characters long; the editor takes at most {MAX_TEXT}.")
    stem = stem_of(text)
    data, smap, diags = load_yaml_text(text, shown_as)  # the loader's bounded reader, on the text itself
    card = None
    if not diags:
        with LOADING:
            card, diags = parse_card(data, smap, stem, None, budget)
    if card is not None:
        powers = [PowerEnglish(p.text, p.node.english()) for p in card.powers]
    else:
        powers = []
        for line in power_lines(data):  # the English of each line that reads, while other parts are wrong
            if budget is not None and budget.spent():
                break
            compiled, _ = LINES.result(line, None, "")
            powers.append(PowerEnglish(line, compiled.node.english() if compiled is not None and compiled.node else None))
    return Checked(card, diags, powers, stem)


def power_lines(data: Any) -> list[str]:
    """The power lines of a card's data, read leniently (for the English while the card has problems)."""
    powers = data.get("powers") if isinstance(data, dict) else None
    if not isinstance(powers, list):
        return []
    lines = []
    for item in powers:
        if isinstance(item, str):
            lines.append(item)
        elif isinstance(item, dict) and len(item) == 1:  # an unquoted `- on completion: draw 5`
            (head, rest), = item.items()
            lines.append(f"{head}: {rest}")
    return lines


def with_card(cards: CardSet, card: CardDef) -> CardSet:
    """The card set with `card` in place of the card of the same id (every copy), or added once."""
    if card.id in cards.by_id:
        return CardSet([card if c.id == card.id else c for c in cards.cards])
    return CardSet([*cards.cards, card])


@dataclass
class ExampleResult:
    name: str
    passed: bool
    where: str
    lines: list[str]


def run_examples(text: str, cards: CardSet, rules: RulesData, shown_as: str) -> list[ExampleResult]:
    """Run the examples of a card text against `cards` with this card in it."""
    checked = check_text(text, shown_as)
    if checked.card is None:
        raise DeskError("Fix the card's problems first: its examples run only on a card that passes the checks.")
    playing = with_card(cards, checked.card)
    results = []
    with as_file(text, checked.card_id) as path:
        scenarios, diags = scenarios_in_file(path)
        for d in diags:
            results.append(ExampleResult("(the file)", False, f"{shown_as}:{d.line}:{d.col}", [f"{d.code} {d.message}"]))
        for scenario in scenarios:
            outcome = run_scenario(scenario, playing, rules)
            where = scenario.where().replace(str(path), shown_as)
            lines = [str(d).replace(str(path), shown_as) for d in scenario.problems]
            lines += [f.replace(str(path), shown_as) for f in outcome.failures]
            results.append(ExampleResult(scenario.name, outcome.passed, where, lines))
    return results


# ------------------------------------------------------------------------------------ saving

class SaveRefused(DeskError):
    pass


def target_path(pack: Path | None, relative: str, card_id: str) -> Path:
    """Where a card is saved: a `.yaml` file named after the card under the pack's cards/ folder,
    never outside the pack folder the desk was given."""
    if pack is None:
        raise SaveRefused("This desk has no pack folder to save into: start it with `importexport serve --pack FOLDER`.")
    relative = relative.strip() or f"cards/{card_id}.yaml"
    if not relative.isprintable() or "\\" in relative or len(relative) > MAX_PATH:
        shown = relative[:60].encode("unicode_escape").decode("ascii")
        raise SaveRefused(f"Refused: `{shown}` is not a path in the pack: give one such as cards/{card_id}.yaml "
                          f"(letters, digits, - and _, folders separated by /).")
    wanted = Path(relative)
    if wanted.is_absolute() or ".." in wanted.parts:
        raise SaveRefused(f"Refused: `{relative}` is outside the pack folder {pack}; give a path inside it, such as cards/{card_id}.yaml.")
    root = pack.resolve()
    target = (root / wanted).resolve()
    if not target.is_relative_to(root / "cards"):
        raise SaveRefused(f"Refused: `{relative}` is not under the pack's cards/ folder ({pack / 'cards'}), where a pack keeps its cards.")
    if target.suffix != ".yaml" or target.stem != card_id:
        raise SaveRefused(f"Refused: a card file is named after its id: `{card_id}.yaml`, not `{target.name}`.")
    folders = target.relative_to(root / "cards").parts[:-1]
    odd = next((f for f in folders if not SAFE_FOLDER.fullmatch(f)), None)
    if odd is not None:
        raise SaveRefused(f"Refused: a folder of the pack is named with letters, digits, - and _ (not `{odd}`), such as cards/{card_id}.yaml "
                          f"or cards/consumer/{card_id}.yaml.")
    if len(folders) > MAX_FOLDERS:
        raise SaveRefused(f"Refused: `{relative}` is {len(folders)} folders deep in cards/; at most {MAX_FOLDERS}.")
    return target  # resolved: a symbolic link that leads out of the pack's cards/ was refused above


@dataclass(frozen=True)
class Saved:
    path: Path
    version: str  # of the file as written: the version the editor's next save is based on


def save_card(desk: Desk, relative: str, text: str, base: Base | None) -> Saved:
    """Save a card text that passes the checks into the desk's pack, and show the pack's cards as
    saved. `base`: the file (resolved path) and version the editor's text was based on; None for a
    new file. Checked before anything is written: the card, the path (nothing is created for a
    refused one), the version (a file changed on disk since is never written over: SaveConflict),
    and the whole pack with the card in it (a pack that would not load is never written)."""
    pack = desk.settings.pack
    checked = check_text(text, relative or "the card")
    if checked.card is None:
        raise SaveRefused(f"Not saved: the card has {len(checked.diagnostics)} problem(s); fix them first.")
    target = target_path(pack, relative, checked.card.id)
    assert pack is not None
    # the file names its schema for editors, from where it now lies (a shipped card's header, copied, would point elsewhere)
    final = with_header("card", target, text if text.endswith("\n") else text + "\n")
    with pack_lock(pack):
        current = version_of(target)
        based_on = base.version if base is not None and base.path == str(target) else None
        if current != based_on:
            raise SaveConflict(_conflict_message(target, pack, base is None), target, _read(target), current)
        manifest = pack / MANIFEST
        manifest_text = None if manifest.exists() else with_header(
            "mod", manifest, f"# A mod pack written by the designer's desk (importexport serve).\n"
                             f"name: {pack.resolve().name}\nversion: 0.1.0\ndepends: [base]\n")
        try:
            cards, origin = desk.applied({target: final}, manifest_text)
        except CardFileError as exc:
            raise SaveRefused("Not saved: with this card the pack does not load: "
                              + "; ".join(str(d) for d in exc.diagnostics[:5])) from None
        if manifest_text is not None:
            write_or_refuse(manifest, manifest_text)
        write_or_refuse(target, final)
        desk.adopt(cards, origin, desk.pack_signature())
    return Saved(target, version_of_text(final))


@dataclass(frozen=True)
class Base:
    """What the editor's text was based on: a file (resolved path) and its version then (None: no file)."""

    path: str
    version: str | None


def _conflict_message(target: Path, pack: Path, unversioned: bool) -> str:
    shown = target.relative_to(pack.resolve()) if target.is_relative_to(pack.resolve()) else target
    if unversioned:
        return (f"Not saved: {shown} already exists in the pack and the save names no version of it (`base`); "
                f"both texts are shown: keep one, or merge them, and save again.")
    return (f"Not saved: {shown} changed on disk since this editor read it (another tab, desk or program saved it); "
            f"both texts are shown: keep one, or merge them, and save again.")


def _read(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
