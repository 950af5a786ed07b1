"""Which files `importexport scenario run` runs, and with which mod pack.

A file named on the command line is run as it is (a wrong file then says why it is no scenario). In
a folder, only scenario files and card files (with their `examples:`) are scenarios: a pack's
manifest (`mod.yaml`), the rules data (`game.yaml`) and any other YAML document that is neither are
skipped and named. A card file under a pack's cards/ folder (or inline in a single-file pack) is the
pack's own, so its examples run with that pack applied, as `validate PACK` checks them."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from interpreter.cards.yamlsource import load_yaml
from interpreter.mods.pack import MANIFEST
from interpreter.scenarios.model import TOP_KEYS

RULES_DATA = "game.yaml"


@dataclass
class Sources:
    runs: list[tuple[Path, Path | None]] = field(default_factory=list)  # (file, the pack it belongs to)
    skipped: list[tuple[Path, str]] = field(default_factory=list)  # (file, why it is not run)


def kind_of(path: Path) -> str | None:
    """Why a YAML file found in a folder is not run as scenarios, or None if it holds scenarios
    (a scenario file, a card file with its examples, a single-file pack with its cards')."""
    if path.name == MANIFEST:
        return "a mod pack's manifest (its cards' examples run with the pack applied)"
    if path.name == RULES_DATA:
        return "the rules data, not a scenario"
    data, _, diags = load_yaml(path)
    if diags:
        return None  # broken YAML: running it reports the problem at its line
    if isinstance(data, list):
        return None if all(isinstance(item, dict) for item in data) else "a YAML list that is not a list of scenarios"
    if not isinstance(data, dict):
        return "not a scenario (a scenario is a mapping, or a list of them)"
    if "id" in data or _single_file_pack(data):
        return None
    if any(key in data for key in TOP_KEYS if key != "name"):
        return None
    return "neither a scenario nor a card file"


def _single_file_pack(data: object) -> bool:
    return isinstance(data, dict) and "id" not in data and isinstance(data.get("cards"), list)


def pack_of(path: Path) -> Path | None:
    """The pack `path` belongs to: itself if it is a single-file pack, else the pack folder (holding
    mod.yaml) under whose cards/ folder it lies, wherever the command line named it from."""
    data, _, diags = load_yaml(path)
    if not diags and _single_file_pack(data):
        return path
    for parent in path.resolve().parents:
        if (parent / MANIFEST).is_file() and path.resolve().is_relative_to(parent / "cards"):
            return parent
    return None


def scenario_sources(paths: list[Path]) -> Sources:
    found = Sources()
    for path in paths:
        if not path.is_dir():
            found.runs.append((path, pack_of(path) if path.is_file() else None))
            continue
        for file in sorted(path.rglob("*.yaml")):
            why = kind_of(file)
            if why is not None:
                found.skipped.append((file, why))
            else:
                found.runs.append((file, pack_of(file)))
    return found
