"""Hostile mod packs (issue 10, items 11 and 12): a pack reads only regular files inside its own folder,
card ids are snake_case exactly, and a problem of a pack's manifest is blamed on that pack, at its line.

HOSTILE_PACKS is the corpus: each entry builds a pack (links, named pipes, odd ids, deck lists) and
gives the exact lines `importexport mod check` must print, with `{pack}` for the pack's folder and
`{tmp}` for the test's folder. Nothing outside the pack may be read: its text never shows."""

from __future__ import annotations

import os
import shlex
from collections.abc import Callable
from pathlib import Path

import pytest

from interpreter.cli import main

SECRET = "secret_key: do-not-echo\n"
CARD = """id: {id}
name: {name}
set: harbor_tweaks
good: illegal
action: pirate
tier: 1
load: {{illegal: 2}}
text: A card of a hostile pack.
"""
M009 = "M009 a pack reads only regular files inside its own folder"


def card(folder: Path, card_id: str, name: str = "Nails") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{card_id}.yaml"
    path.write_text(CARD.format(id=card_id, name=name))
    return path


def manifest(pack: Path, text: str = "name: Hostile\nversion: 1\n") -> Path:
    pack.mkdir(parents=True, exist_ok=True)
    (pack / "mod.yaml").write_text(text)
    return pack


def outside(tmp: Path) -> Path:
    """A folder beside the pack, holding a manifest and a card the pack must not read."""
    folder = tmp / "outside"
    folder.mkdir(exist_ok=True)
    (folder / "mod.yaml").write_text(SECRET)
    card(folder / "cards", "secret_card", name="Secret")
    return folder


def manifest_linked_outside(tmp: Path) -> list[Path]:
    pack = tmp / "pack"
    pack.mkdir()
    (pack / "mod.yaml").symlink_to(outside(tmp) / "mod.yaml")
    return [pack]


def manifest_linked_inside(tmp: Path) -> list[Path]:
    pack = tmp / "pack"
    pack.mkdir()
    (pack / "real.yaml").write_text("name: Hostile\nversion: 1\n")
    (pack / "mod.yaml").symlink_to(pack / "real.yaml")
    return [pack]


def manifest_a_pipe(tmp: Path) -> list[Path]:
    pack = tmp / "pack"
    pack.mkdir()
    os.mkfifo(pack / "mod.yaml")
    return [pack]


def manifest_a_folder(tmp: Path) -> list[Path]:
    pack = tmp / "pack"
    (pack / "mod.yaml").mkdir(parents=True)
    return [pack]


def subfolder_linked_outside(tmp: Path) -> list[Path]:
    pack = manifest(tmp / "pack")
    card(pack / "cards", "nails")
    (pack / "cards" / "more").symlink_to(outside(tmp) / "cards")
    return [pack]


def cards_folder_linked(tmp: Path) -> list[Path]:
    pack = manifest(tmp / "pack")
    (pack / "cards").symlink_to(outside(tmp) / "cards")
    return [pack]


def card_linked_outside(tmp: Path) -> list[Path]:
    pack = manifest(tmp / "pack")
    (pack / "cards").mkdir()
    (pack / "cards" / "secret_card.yaml").symlink_to(outside(tmp) / "cards" / "secret_card.yaml")
    return [pack]


def card_a_pipe(tmp: Path) -> list[Path]:
    pack = manifest(tmp / "pack")
    card(pack / "cards", "nails")
    os.mkfifo(pack / "cards" / "pipe.yaml")
    return [pack]


def card_in_a_real_subfolder(tmp: Path) -> list[Path]:
    pack = manifest(tmp / "pack")
    card(pack / "cards" / "tools", "nails")
    return [pack]


def id_with_newline(tmp: Path) -> list[Path]:
    path = tmp / "pack.yaml"
    path.write_text('name: Hostile\nversion: 1\ncards:\n  - id: "pens\\n"\n    name: Pens\n    set: harbor_tweaks\n    good: consumer\n'
                    "    action: load\n    tier: 0\n    load: {consumer: 2}\n    text: Pens again.\n")
    return [path]


def id_with_capitals(tmp: Path) -> list[Path]:
    pack = manifest(tmp / "pack")
    (pack / "cards").mkdir()
    (pack / "cards" / "Nails.yaml").write_text(CARD.format(id="Nails", name="Nails"))
    return [pack]


def deck_of_the_first_pack_names_an_unknown_card(tmp: Path) -> list[Path]:
    first = manifest(tmp / "first", "name: First\nversion: 1\ndeck:\n  pens: 2\n  penz: 1\n")
    second = manifest(tmp / "second", "name: Second\nversion: 1\n")
    return [first, second]


def deck_names_a_card_with_a_newline(tmp: Path) -> list[Path]:
    return [manifest(tmp / "pack", 'name: Hostile\nversion: 1\ndeck: {"pens\\n": 2}\n')]


def remove_and_depends_unknown(tmp: Path) -> list[Path]:
    return [manifest(tmp / "pack", "name: Hostile\nversion: 1\ndepends: [base, jutakoo]\nremove: [rolls_royce, cupz]\n")]


def unknown_manifest_key_with_a_newline(tmp: Path) -> list[Path]:
    return [manifest(tmp / "pack", 'name: Hostile\nversion: 1\n"decks\\n": {}\n')]


# builder -> the exact lines printed (before "N problem(s) found.")
HOSTILE_PACKS: dict[str, tuple[Callable[[Path], list[Path]], list[str]]] = {
    "manifest_linked_outside": (manifest_linked_outside, [f"{{pack}}/mod.yaml:1:1: {M009}; this is a symbolic link"]),
    "manifest_linked_inside": (manifest_linked_inside, [f"{{pack}}/mod.yaml:1:1: {M009}; this is a symbolic link"]),
    "manifest_a_pipe": (manifest_a_pipe, [f"{{pack}}/mod.yaml:1:1: {M009}; this is not a regular file"]),
    "manifest_a_folder": (manifest_a_folder, [f"{{pack}}/mod.yaml:1:1: {M009}; this is not a regular file"]),
    "subfolder_linked_outside": (subfolder_linked_outside, [f"{{pack}}/cards/more:1:1: {M009}; this is a symbolic link to a folder"]),
    "cards_folder_linked": (cards_folder_linked, [f"{{pack}}/cards:1:1: {M009}; `cards` is a symbolic link"]),
    "card_linked_outside": (card_linked_outside, [f"{{pack}}/cards/secret_card.yaml:1:1: {M009}; this is a symbolic link"]),
    "card_a_pipe": (card_a_pipe, [f"{{pack}}/cards/pipe.yaml:1:1: {M009}; this is not a regular file"]),
    "id_with_newline": (id_with_newline, ["{tmp}/pack.yaml:4:9: C010 `id` must be snake_case: lower-case letters, digits and _, "
                                          "starting with a letter, at most 64 characters; got `pens\\n`"]),
    "id_with_capitals": (id_with_capitals, ["{pack}/cards/Nails.yaml:1:5: C010 `id` must be snake_case: lower-case letters, digits and _, "
                                            "starting with a letter, at most 64 characters; got `Nails`"]),
    "deck_of_the_first_pack_names_an_unknown_card": (
        deck_of_the_first_pack_names_an_unknown_card,
        ["{tmp}/first/mod.yaml:5:3: M022 the deck list of `First` names `penz`, which is not in the game (did you mean `pens`?)"]),
    "deck_names_a_card_with_a_newline": (
        deck_names_a_card_with_a_newline,
        ["{pack}/mod.yaml:3:8: M022 the deck list of `Hostile` names `pens\\n`, which is not in the game (did you mean `pens`?)"]),
    "remove_and_depends_unknown": (remove_and_depends_unknown, [
        "{pack}/mod.yaml:3:17: M020 `Hostile` depends on `jutakoo`, which is not in the game (did you mean `jutaku`?)",
        "{pack}/mod.yaml:4:23: M021 cannot remove `cupz`: no such card (did you mean `cups`?)"]),
    "unknown_manifest_key_with_a_newline": (unknown_manifest_key_with_a_newline, [
        "{pack}/mod.yaml:3:1: M002 unknown manifest key `decks\\n` (did you mean `deck`?)"]),
}


@pytest.mark.parametrize("name", list(HOSTILE_PACKS))
def test_a_hostile_pack_gets_its_exact_diagnostics(name, tmp_path, capsys):
    build, expected = HOSTILE_PACKS[name]
    packs = build(tmp_path)
    code = main(["mod", "check", "--expansions", "all", *map(str, packs)])
    out, err = capsys.readouterr()
    facts = {"pack": tmp_path / "pack", "tmp": tmp_path}
    assert out.splitlines() == [line.format(**facts) for line in expected] + [f"{len(expected)} problem(s) found."], out
    assert code == 1 and err == ""
    assert "do-not-echo" not in out and "Secret" not in out


def test_a_real_subfolder_of_cards_is_read(tmp_path, capsys):
    assert main(["mod", "check", str(card_in_a_real_subfolder(tmp_path)[0])]) == 0
    assert "+ added nails" in capsys.readouterr().out


@pytest.mark.parametrize("command", ["simulate --games 1 --mod {pack}", "play --mod {pack}"])
def test_games_refuse_a_pack_that_reaches_outside(command, tmp_path, capsys):
    pack = subfolder_linked_outside(tmp_path)[0]
    assert main(shlex.split(command.format(pack=pack))) == 1
    out, err = capsys.readouterr()
    assert err.splitlines() == [f"{pack}/cards/more:1:1: {M009}; this is a symbolic link to a folder"] and out == ""


def test_a_pack_cannot_add_a_second_pens(tmp_path, capsys):
    """`id: "pens\\n"` once added a second Pens to the deck."""
    from interpreter.cards.catalog import load_all_cards
    from interpreter.cards.diagnostics import CardFileError
    from interpreter.mods.apply import apply_packs
    with pytest.raises(CardFileError):
        apply_packs(load_all_cards(), id_with_newline(tmp_path))
