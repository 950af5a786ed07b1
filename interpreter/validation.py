"""What `importexport validate` checks: card files, folders of them, and mod packs (a folder holding
`mod.yaml`, or one YAML file with the manifest and its cards inline), each as what it is; then the
`examples:` of every card that loaded, as scenarios: their structure and their setup, built against
the cards they would play with, without playing them unless asked to (`--run-examples`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from interpreter.cache import cached_pickle, code_fingerprint, digest
from interpreter.cards.capacity import capacity_problems
from interpreter.cards.catalog import load_all_cards, load_rules
from interpreter.cards.diagnostics import CardFileError, Diagnostic
from interpreter.cards.loader import MAX_CARDS_IN_SET, CardSet, card_files, load_card_file
from interpreter.cards.model import CardDef
from interpreter.cards.rulesdata import RulesData
from interpreter.cards.yamlsource import load_yaml
from interpreter.engine.options import reading_problems
from interpreter.engine.setup import cards_needed
from interpreter.mods.apply import Applied, apply_packs
from interpreter.mods.pack import MANIFEST, MANIFEST_KEYS

CARD_ONLY_KEYS = ("good", "action", "tier", "load", "powers", "examples")


@dataclass
class Validation:
    cards: int = 0
    examples: int = 0
    diagnostics: list[Diagnostic] = field(default_factory=list)
    failed_examples: list[str] = field(default_factory=list)  # the report of each example that failed
    packs: int = 0  # mod packs checked (a pack may hold no card of its own)

    @property
    def problems(self) -> int:
        return len(self.diagnostics) + len(self.failed_examples)


def is_single_file_pack(path: Path) -> bool:
    """A YAML file holding a pack's manifest (with its cards inline), not a card."""
    if path.name == MANIFEST:
        return True
    data, _, diags = load_yaml(path)
    if diags or not isinstance(data, dict) or "id" in data:
        return False
    manifest_only = set(MANIFEST_KEYS) - {"name", "description"}
    return any(k in data for k in manifest_only) and not any(k in data for k in CARD_ONLY_KEYS)


def sort_targets(paths: list[Path]) -> tuple[list[Path], list[Path]]:
    """(card files, packs) under `paths`. A folder holding `mod.yaml` is a pack, wherever it is found."""
    files: list[Path] = []
    packs: list[Path] = []
    for path in paths:
        if path.is_dir() and (path / MANIFEST).is_file():
            packs.append(path)
        elif path.is_dir():
            pack_dirs = sorted(m.parent for m in path.rglob(MANIFEST))
            packs += pack_dirs
            for f in card_files([path]):
                if any(f.is_relative_to(d) for d in pack_dirs):
                    continue
                (packs if is_single_file_pack(f) else files).append(f)
        elif path.name == MANIFEST:
            packs.append(path.parent)
        elif is_single_file_pack(path):
            packs.append(path)
        else:
            files.append(path)
    return files, packs


def load_files(files: list[Path], report: Validation) -> list[CardDef]:
    """Every card that loads; every problem of the others, and duplicate ids, go to the report."""
    cards: list[CardDef] = []
    seen: dict[str, str] = {}
    for f in files:
        card, diags = load_card_file(f)
        report.diagnostics += diags
        if card is None:
            continue
        if card.id in seen:
            report.diagnostics.append(Diagnostic(str(f), 1, 1, "C060", f"duplicate card id `{card.id}`, also defined in {seen[card.id]}"))
            continue
        seen[card.id] = str(f)
        cards.append(card)
        if len(cards) > MAX_CARDS_IN_SET:
            report.diagnostics.append(Diagnostic(str(f), 1, 1, "C061", f"more than {MAX_CARDS_IN_SET} cards in one card set"))
            break
    return cards


def with_cards(base: CardSet, cards: list[CardDef]) -> CardSet:
    """`base` where each of `cards` replaces the card of its id, or is added."""
    by_id = {c.id: c for c in cards}
    kept = [by_id.pop(c.id, c) for c in base.cards]
    return CardSet(kept + list(by_id.values()))


@dataclass
class ExamplesChecked:
    """What checking one file's examples found: how many there are, the file's problems as a
    scenario file, and the report of each example that failed. Plain data, so that reading it back
    from the start-up cache needs neither the scenarios nor the engine."""

    examples: int
    diagnostics: list[Diagnostic]
    failed: list[str]


def check_examples(card_paths: list[Path], cards: CardSet, run: bool, report: Validation) -> None:
    data = load_rules()
    card_set = cards.fingerprint() if card_paths and not run else ""
    for path in card_paths:
        checked = _examples_run(path, cards, data) if run else _examples_checked(path, cards, card_set, data)
        report.examples += checked.examples
        report.diagnostics += checked.diagnostics
        report.failed_examples += checked.failed


def _examples_run(path: Path, cards: CardSet, data: RulesData, build_only: bool = False) -> ExamplesChecked:
    """A file's examples played (or only their setups built and checked, `build_only`)."""
    # The scenario runner brings in the whole engine; it is imported only when examples must be checked anew.
    # start-up: `importexport validate` with every file's outcome cached never loads it (+167 ms measured)
    from interpreter.scenarios.runner import check_scenario_setup, run_scenario, scenarios_in_file
    scenarios, diags = scenarios_in_file(path)
    check = check_scenario_setup if build_only else run_scenario
    outcomes = [check(scenario, cards, data) for scenario in scenarios]
    return ExamplesChecked(len(scenarios), diags, [outcome.report() for outcome in outcomes if not outcome.passed])


def _examples_checked(path: Path, cards: CardSet, card_set: str, data: RulesData) -> ExamplesChecked:
    """The setups of a file's examples, built and checked; the outcome is kept in the start-up cache,
    keyed by the file's bytes, the whole card set and the interpreter's code and rules, so any change
    to one of them builds the setups again (building 232 setups is most of `validate`'s time)."""
    def build() -> ExamplesChecked:
        return _examples_run(path, cards, data, build_only=True)
    try:
        text = path.read_bytes()
    except OSError:
        return build()
    key = digest(code_fingerprint(), card_set, str(path.resolve()), text)
    return cached_pickle("examples", key, build)


def readings_without_option(cards: list[CardDef]) -> list[Diagnostic]:
    """C092: a card's `readings` must be values of the game option named after the card (or nothing
    could ever play them); each problem at the reading's position in the card file."""
    found: list[Diagnostic] = []
    for card in cards:
        if not card.readings:
            continue
        problems = reading_problems(card.id, [name for name, _ in card.readings])
        if not problems:
            continue
        _, smap, _ = load_yaml(Path(card.path))
        for name, problem in problems:
            line, col = smap.at(("readings", name) if name else ("readings",))
            found.append(Diagnostic(card.path, line, col, "C092", problem))
    return found


def validate(paths: list[Path], run_examples: bool = False) -> Validation:
    report = Validation()
    shipped: CardSet | None = None
    if not paths:
        shipped = load_all_cards_reporting(report)
        if shipped is None:
            return report
        report.cards = len(shipped)
        report.diagnostics += capacity_problems(shipped.cards, load_rules().ship_capacity)
        report.diagnostics += readings_without_option(shipped.cards)
        example_files = sorted({Path(c.path) for c in shipped.cards if c.examples and c.path})
        check_examples(example_files, shipped, run_examples, report)
        return report
    files, packs = sort_targets(paths)
    loaded = load_files(files, report)
    report.cards += len(loaded)
    if loaded or packs:
        shipped = load_all_cards_reporting(report)
    if shipped is None:
        return report
    if loaded:  # the files will be played with the shipped cards, which may let ships hold more (C033)
        report.diagnostics += capacity_problems(loaded, load_rules().ship_capacity, also=shipped.cards)
        report.diagnostics += readings_without_option(loaded)
        check_examples([Path(c.path) for c in loaded if c.examples and c.path], with_cards(shipped, loaded), run_examples, report)
    for pack in packs:
        validate_pack(pack, shipped, run_examples, report)
    return report


def validate_pack(path: Path, shipped: CardSet, run_examples: bool, report: Validation) -> None:
    """A pack applied to every shipped card (its `depends` may name any set); its cards' examples
    are checked against the card set the pack makes."""
    try:
        applied = apply_packs(shipped, [path])
    except CardFileError as exc:
        report.diagnostics += exc.diagnostics
        return
    own = applied.packs[0].cards
    report.cards += len(own)
    report.packs += 1
    report.diagnostics += deck_problems(applied)
    example_files = sorted({Path(c.path) for c in own if c.examples and c.path})
    check_examples(example_files, applied.cards, run_examples, report)


def deck_problems(applied: Applied) -> list[Diagnostic]:
    """M023: a deck too small for a game of the fewest players (no game could be set up with it), at
    the deck list of the last pack that sets one, or at the last pack's manifest."""
    rules = load_rules()
    needed = cards_needed(rules, rules.min_players)
    if len(applied.cards) >= needed or not applied.packs:
        return []
    pack = next((p for p in reversed(applied.packs) if p.deck is not None), applied.packs[-1])
    line, col = pack.where("deck") if pack.deck is not None else (1, 1)
    return [Diagnostic(pack.manifest_path, line, col, "M023",
                       f"the deck holds {len(applied.cards)} card(s); a game of {rules.min_players} players needs at least {needed}")]


def load_all_cards_reporting(report: Validation) -> CardSet | None:
    try:
        return load_all_cards()
    except CardFileError as exc:
        report.diagnostics += exc.diagnostics
        return None


def summary(report: Validation, run_examples: bool) -> list[str]:
    lines = [str(d) for d in report.diagnostics] + report.failed_examples
    if report.examples:
        checked = "run" if run_examples else "checked (their setups built, not played; --run-examples plays them)"
        lines.append(f"{report.examples} example(s) {checked}.")
    if report.problems:
        lines.append(f"{report.problems} problem(s) found.")
    elif report.cards or not report.packs:
        lines.append(f"{report.cards} cards, no problems.")
    else:  # packs that only remove cards or set a deck list
        lines.append(f"{report.packs} mod pack(s) with no cards of their own, no problems.")
    return lines
