"""`importexport init FOLDER`: a new mod pack that checks, plays and passes its example as it is, for
a modder to change (a manifest, one card with a scenario that proves its power, a README)."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

from interpreter import __version__
from interpreter.schema_header import with_header

CARD_ID = "trade_office"


class SkeletonError(Exception):
    """The folder cannot hold a new pack (it exists and is not empty, or its name gives no set name)."""


def set_name(folder: Path) -> str:
    """The pack's set name, from its folder name: `My Mod` and `my-mod` give `my_mod`."""
    name = re.sub(r"[^a-z0-9]+", "_", folder.name.lower()).strip("_")
    if not name or not name[0].isalpha():
        raise SkeletonError(f"cannot make a set name from the folder name `{folder.name}`: start it with a letter, e.g. my-mod")
    return name


def title(folder: Path) -> str:
    return " ".join(w.capitalize() for w in re.split(r"[^A-Za-z0-9]+", folder.name) if w)


MANIFEST = """\
# The manifest of the mod pack "{title}". A pack is this file and card files under cards/: a card
# whose id is new is added to the game, one whose id is a shipped card's replaces it.
name: {title}
version: 0.1.0
description: A new pack made by `importexport init` (importexport {version}).
depends: [base]          # the card sets (or earlier packs, by name) this pack builds on
remove: []               # shipped cards to take out of the game, by id, e.g. [rolls_royce]
# deck:                  # the deck list, if some cards should not have one copy each:
#   "*": 1               # every card not listed: one copy
#   trade_office: 2
"""

CARD = """\
# A card, in the same format as the shipped cards. Change it, or copy it to make more:
# `importexport validate` checks a card file and `importexport explain` reads its powers back in
# English.
id: {card}
name: {name}
set: {set}
good: consumer
action: import
tier: 2
load: {{consumer: 3}}
text: >-
  When this shipment completes, take 4 credits.
powers:
  - "on completion: gain 4"
# A scenario that proves what the power does (`importexport scenario run` with the pack): player 1
# completes the {name} and ends with 10 + 6 (the payout for 3 containers) + 4 credits.
examples:
  - name: completing the {name} gives 4 credits
    players: 3
    unscripted: decline
    setup:
      leader: 1
      players:
        - credits: 10
          hand: [laptops, pens]
          ships:
            - contracts: [{card}]
              containers: [soap, candy]
    steps:
      - {{player: 1, kind: lead, choose: LOAD with Laptops}}
      - {{player: 2, kind: follow, choose: draw}}
      - {{player: 3, kind: follow, choose: draw}}
      - {{player: 1, kind: load, choose: load Pens}}
    expect:
      players:
        1: {{credits: 20, shipments: [{card}]}}
"""

README = """\
# {title}

A mod pack for Import / Export, made by `importexport init` (importexport {version}).

- `mod.yaml`: the manifest (name, version, the sets it builds on, cards removed, the deck list).
- `cards/`: one YAML file per card; `cards/{card}.yaml` is a sample to change or copy.

Check it, play with it and prove what its cards do (from the folder that holds this one):

```sh
# every problem, as file:line:col: CODE message
importexport validate {folder}/cards
# what the pack adds, replaces and removes, and the resulting deck
importexport mod check {folder}
# the powers of a card in English
importexport explain {folder}/cards/{card}.yaml
# the cards' examples: PASS, or what was expected and what happened
importexport scenario run --mod {folder} {folder}/cards
# a game between bots with the pack
importexport play --mod {folder} --watch
# what the pack does to the game: heuristic bots, the same seeds with and without it
importexport balance --compare base {folder} --games 500 --out runs/{set}
```

`importexport docs --out DIR` writes the power language reference (every construct with an example),
the events and rule queries powers can use, and the JSON Schemas of card files, manifests and
scenarios into DIR. The first line of `mod.yaml` and of each card file names its schema, so an editor
with yaml-language-server checks and completes the fields as you type; `importexport lsp` (the
optional extra `lsp`) adds the tool's own checks, completion of the power language and hover.
"""


def sample_card(card_id: str, name: str, set_name: str) -> str:
    """The sample card `init` writes, and the desk's "+ new card" opens: it passes its checks and its
    example as it is (the example proves its power)."""
    return CARD.format(card=card_id, name=name, set=set_name)


def make_pack(folder: Path) -> list[Path]:
    """Write the skeleton into `folder` (created; it must not hold anything yet). Returns the files."""
    if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
        raise SkeletonError(f"{folder} already exists and is not an empty folder; choose a new name")
    values = {"title": title(folder) or "My Mod", "set": set_name(folder), "card": CARD_ID, "name": "Trade Office",
              "folder": shlex.quote(folder.as_posix()), "version": __version__}
    files = {folder / "mod.yaml": MANIFEST, folder / "cards" / f"{CARD_ID}.yaml": CARD, folder / "README.md": README}
    schemas = {folder / "mod.yaml": "mod", folder / "cards" / f"{CARD_ID}.yaml": "card"}  # named on their first line, for editors
    (folder / "cards").mkdir(parents=True, exist_ok=True)
    for path, template in files.items():
        text = template.format(**values)
        path.write_text(with_header(schemas[path], path, text) if path in schemas else text)
    return list(files)
