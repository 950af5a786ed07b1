"""Where the shipped data lives: the base cards and rule numbers, the expansions, the power grammar
and the JSON Schemas of the YAML files. Every module asks here; none builds a path to them itself.

An installed package carries them in `interpreter/data/` (the wheel build copies the repository's
top-level `cards/`, `expansions/`, `grammar/` and the schemas `docs/*.schema.json` there, see
pyproject.toml),
and they are found with importlib.resources, wherever the package was installed. Run from a source
checkout (an editable install, or the repository on sys.path) the package has no such copy: the
checkout's own folders are the data, so an edit to a card is seen at once. `$IMPORTEXPORT_HOME`, if
set, names another folder laid out like the checkout (cards/, expansions/, grammar/)."""

from __future__ import annotations

import os
from functools import cache
from importlib import resources
from pathlib import Path

PACKAGE = "interpreter"
GRAMMAR = ("grammar", "powers.lark")


class MissingData(RuntimeError):
    """The package was installed without its data (a broken build): say so instead of reading nothing."""


@cache
def _package_dir() -> Path:
    root = resources.files(PACKAGE)
    if not isinstance(root, Path):  # a zip import: the loaders read folders from disk
        raise MissingData(f"the {PACKAGE} package must be installed unpacked (pip install), not imported from {root}")
    return root


def source_checkout() -> Path | None:
    """The repository folder when the package runs from a source checkout (it has no packaged data,
    and the folder above it holds grammar/ and cards/); None when installed."""
    package = _package_dir()
    if (package / "data").is_dir():
        return None
    checkout = package.parent
    if checkout.joinpath(*GRAMMAR).is_file() and (checkout / "cards").is_dir():
        return checkout
    return None


def data_root() -> Path:
    """The folder holding cards/, expansions/ and grammar/."""
    env = os.environ.get("IMPORTEXPORT_HOME")
    if env:
        return Path(env)
    packaged = _package_dir() / "data"
    if packaged.is_dir():
        return packaged
    checkout = source_checkout()
    if checkout is None:
        raise MissingData(f"the card data is missing from {packaged}: reinstall importexport (pip install importexport-interpreter)")
    return checkout


def cards_dir() -> Path:
    return data_root() / "cards"


def expansions_dir() -> Path:
    return data_root() / "expansions"


def rules_file() -> Path:
    """cards/game.yaml: every number of the base rules."""
    return cards_dir() / "game.yaml"


def grammar_file() -> Path:
    return data_root().joinpath(*GRAMMAR)


def shorthands_file() -> Path:
    """grammar/shorthands.yaml: the phrases every card may use, each standing for core words."""
    return grammar_file().with_name("shorthands.yaml")


def schema_file(name: str = "card.schema.json") -> Path:
    """A JSON Schema of the YAML files (card, mod, scenario): under docs/ in a checkout and in a package
    alike, so the header line of a shipped card file (`$schema=../../docs/card.schema.json`) resolves in both."""
    return data_root() / "docs" / name
