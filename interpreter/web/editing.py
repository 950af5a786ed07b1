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
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import yaml

from interpreter.cards.diagnostics import CardFileError, Diagnostic
from interpreter.cards.loader import CardSet, load_card_file
from interpreter.cards.model import CardDef
from interpreter.cards.rulesdata import RulesData
from interpreter.cards.yamlsource import load_yaml_text
from interpreter.mods.pack import MANIFEST
from interpreter.schema_header import with_header
from interpreter.web.desk import DeskError

# The card loader and the language's parser are shared by every request; checks are a few
# milliseconds each, so they simply take turns.
LOADING = threading.Lock()
MAX_TEXT = 200_000  # characters of a card's YAML the editor accepts
ID_LINE = re.compile(r"^id:\s*['\"]?([A-Za-z0-9_]+)", re.MULTILINE)
SAFE_STEM = re.compile(r"^[a-z][a-z0-9_]*$")
# A card every power line is tried in alone, so the English of each line shows even while another
# part of the card is still wrong.
PROBE = {"id": "probe", "name": "Probe", "set": "base", "good": "consumer", "action": "load", "tier": 1,
         "load": {"consumer": 1}, "text": "probe"}


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
    match = ID_LINE.search(text)
    return match.group(1) if match and SAFE_STEM.match(match.group(1)) else "card"


@contextmanager
def as_file(text: str, stem: str) -> Iterator[Path]:
    if len(text) > MAX_TEXT:
        raise DeskError(f"The card text is {len(text)} characters long; the editor takes at most {MAX_TEXT}.")
    with tempfile.TemporaryDirectory(prefix="desk-") as folder:
        path = Path(folder) / f"{stem}.yaml"
        path.write_text(text, encoding="utf-8")
        yield path


def check_text(text: str, shown_as: str) -> Checked:
    """Check a card's YAML as `validate` does; diagnostics name the file `shown_as`."""
    stem = stem_of(text)
    with as_file(text, stem) as path, LOADING:
        card, diags = load_card_file(path)
        diags = [replace(d, path=shown_as) if d.path == str(path) else d for d in diags]
    if card is not None:
        powers = [PowerEnglish(p.text, p.node.english()) for p in card.powers]
    else:
        powers = [PowerEnglish(line, explain_line(line)) for line in power_lines(text)]
    return Checked(card, diags, powers, stem)


def power_lines(text: str) -> list[str]:
    """The power lines of a card text, read leniently (for the English while the card has problems),
    with the loader's bounded reader: never deeper than its depth limit, never past its size limit."""
    data, _, problems = load_yaml_text(text, "card")
    if problems:
        return []
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


def explain_line(line: str) -> str | None:
    """The English of one power line, tried in a card of its own; None if the line has a problem."""
    with as_file(yaml.safe_dump({**PROBE, "powers": [line]}, allow_unicode=True), "probe") as path, LOADING:
        card, _ = load_card_file(path)
    if card is None or not card.powers:
        return None
    return card.powers[0].node.english()


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
    from interpreter.scenarios.runner import run_scenario, scenarios_in_file
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
    wanted = Path(relative)
    if wanted.is_absolute() or ".." in wanted.parts:
        raise SaveRefused(f"Refused: `{relative}` is outside the pack folder {pack}; give a path inside it, such as cards/{card_id}.yaml.")
    root = pack.resolve()
    target = (root / wanted).resolve()
    if not target.is_relative_to(root / "cards"):
        raise SaveRefused(f"Refused: `{relative}` is not under the pack's cards/ folder ({pack / 'cards'}), where a pack keeps its cards.")
    if target.suffix != ".yaml" or target.stem != card_id:
        raise SaveRefused(f"Refused: a card file is named after its id: `{card_id}.yaml`, not `{target.name}`.")
    return target  # resolved: a symbolic link that leads out of the pack's cards/ was refused above


def save_card(pack: Path | None, relative: str, text: str, reload: Any) -> Path:
    """Save a card text that passes the checks into the pack, then `reload()` the desk's cards; if
    the pack no longer loads, the file is put back as it was and the problems are reported."""
    checked = check_text(text, relative or "the card")
    if checked.card is None:
        raise SaveRefused(f"Not saved: the card has {len(checked.diagnostics)} problem(s); fix them first.")
    target = target_path(pack, relative, checked.card.id)
    assert pack is not None
    manifest = pack / MANIFEST
    made_manifest = not manifest.exists()
    before = target.read_text(encoding="utf-8") if target.exists() else None
    target.parent.mkdir(parents=True, exist_ok=True)
    if made_manifest:
        manifest.write_text(with_header("mod", manifest, f"# A mod pack written by the designer's desk (importexport serve).\n"
                                        f"name: {pack.resolve().name}\nversion: 0.1.0\ndepends: [base]\n"), encoding="utf-8")
    # the file names its schema for editors, from where it now lies (a shipped card's header, copied, would point elsewhere)
    target.write_text(with_header("card", target, text if text.endswith("\n") else text + "\n"), encoding="utf-8")
    try:
        reload()
    except CardFileError as exc:
        if before is None:
            target.unlink()
        else:
            target.write_text(before, encoding="utf-8")
        if made_manifest:
            manifest.unlink()
        reload()
        raise SaveRefused("Not saved: with this card the pack does not load: "
                          + "; ".join(str(d) for d in exc.diagnostics[:5])) from None
    return target
