"""Where the shipped cards live, and choosing the card set for a game (base set plus expansions)."""

from __future__ import annotations

import argparse
from pathlib import Path

from interpreter import resources
from interpreter.cards.loader import CardSet, card_files, load_cards
from interpreter.cards.rulesdata import RulesData, load_rules_data

BASE_SET = "base"


def project_root() -> Path:
    """The folder holding cards/ and expansions/ (see interpreter/resources.py)."""
    return resources.data_root()


def card_dirs(root: Path | None = None) -> list[Path]:
    root = root or project_root()
    return [root / "cards", root / "expansions"]


Stamp = tuple[tuple[str, int, int], ...]  # the name, time and size of each file something was read from


def _stamp(files: list[Path]) -> Stamp:
    return tuple((str(f), st.st_mtime_ns, st.st_size) for f in files for st in (f.stat(),))


# Each rules file as last read, with the stamp of the file it came from.
_rules: dict[Path, tuple[Stamp, RulesData]] = {}


def load_rules(root: Path | None = None) -> RulesData:
    """The rules in cards/game.yaml under `root` (the shipped rules by default), read again only when
    the file changed. A balance, tune or ladder run asks for them at every game it plays, and a
    process that stays up (the desk, a test session) at every command: reading them costs about 2
    ms, some 7 % of a heuristic game, and a look at the file's time and size a few microseconds.
    The rules are never changed once read, so one object serves every caller."""
    path = (root or project_root()) / "cards" / "game.yaml"
    try:
        stamp = _stamp([path])
    except OSError:  # no such file: reading it says so as it always has
        return load_rules_data(path)
    known = _rules.get(path)
    if known is None or known[0] != stamp:
        known = _rules[path] = (stamp, load_rules_data(path))
    return known[1]


def shipped_rules() -> RulesData:
    """The shipped rules (cards/game.yaml), read again only when the file changed."""
    return load_rules()


def load_all_cards(root: Path | None = None) -> CardSet:
    return load_cards(d for d in card_dirs(root) if d.exists())


# The shipped cards as last loaded, with the name, time and size of each file they came from.
_shipped: tuple[Stamp, CardSet] | None = None


def shipped_cards() -> CardSet:
    """The shipped cards, loaded again only when a card file changed: the game environments are made
    by the dozen (a vector of them, one per worker, one per test), and a load reads and unpickles
    every card file (about 60 ms; a look at the files' times and sizes, about 2 ms)."""
    global _shipped
    files = card_files(d for d in card_dirs() if d.exists())
    stamp = _stamp(files)
    if _shipped is None or _shipped[0] != stamp:
        _shipped = (stamp, load_all_cards())
    return _shipped[1]


def expansions_text(text: str) -> str:
    """An `--expansions` value as written: `none`, `all` or set names separated by commas. An empty
    value, or commas with no name, is refused (an unset shell variable played the base set silently);
    the names themselves are checked against the sets (`choose_sets`)."""
    if text.strip() in ("none", "all"):
        return text.strip()
    if not [name for name in text.split(",") if name.strip()]:
        raise argparse.ArgumentTypeError(f"give none, all, or set names separated by commas (jutaku,captain); got `{text[:40]}`")
    return text


def choose_sets(all_cards: CardSet, expansions: str) -> CardSet:
    """`expansions`: `none`, `all`, or a comma-separated list of set names; the base set is always in."""
    known = [s for s in all_cards.set_names() if s != BASE_SET]
    if expansions in ("", "none"):
        wanted = []
    elif expansions == "all":
        wanted = known
    else:
        wanted = [s.strip() for s in expansions.split(",") if s.strip()]
        unknown = [s for s in wanted if s not in known]
        if unknown:
            raise ValueError(f"unknown expansion `{unknown[0]}`; choose from {', '.join(known)}, all or none")
    return all_cards.only_sets([BASE_SET, *wanted])
