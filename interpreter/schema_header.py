"""The first line of a card file, pack manifest or scenario file that names its JSON Schema for
yaml-language-server (docs/editors.md):

    # yaml-language-server: $schema=../../docs/card.schema.json

The shipped card files carry it, and `importexport init` writes it into the files of a new pack, both
through `schema_header`. It is a YAML comment: the loaders skip it, and positions in diagnostics count
it as the file's first line like any other. The schemas themselves are built by interpreter/schemas.py."""

from __future__ import annotations

import os
from pathlib import Path

from interpreter.resources import schema_file

SCHEMA_FILES = {"card": "card.schema.json", "mod": "mod.schema.json", "scenario": "scenario.schema.json"}
HEADER = "# yaml-language-server: $schema="


def schema_path(kind: str) -> Path:
    """Where the schema of `kind` lies: docs/ of the source checkout, or of the installed package's data."""
    return schema_file(SCHEMA_FILES[kind])


def schema_header(kind: str, target: Path) -> str:
    """The line naming the schema of `kind` for the YAML file `target`: a path relative to the file
    when the file lies in the same tree as the schema (the shipped cards, the example packs), which
    stays true wherever the tree is copied; else the schema's absolute path (a pack made anywhere by
    `importexport init`)."""
    schema = schema_path(kind).resolve()
    where = Path(os.path.abspath(target)).resolve()
    if where.is_relative_to(schema.parent.parent):
        return HEADER + Path(os.path.relpath(schema, where.parent)).as_posix()
    return HEADER + schema.as_posix()


def with_header(kind: str, target: Path, text: str) -> str:
    """`text` (a YAML file's) with the schema header as its first line, in place of any it had."""
    lines = text.splitlines(keepends=True)
    if lines and lines[0].startswith(HEADER):
        lines = lines[1:]
    return schema_header(kind, target) + "\n" + "".join(lines)
