"""Safe YAML loading that keeps the line and column of every key and value, for diagnostics."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from interpreter.cards.diagnostics import Diagnostic

# Files larger than this are refused before parsing: a card or rules file is a few hundred bytes.
MAX_FILE_BYTES = 1_000_000

PathKey = tuple[Any, ...]


@dataclass
class SourceMap:
    """Where each part of a loaded YAML document stands in its file (1-based line and column)."""

    path: str
    values: dict[PathKey, tuple[int, int]] = field(default_factory=dict)
    keys: dict[PathKey, tuple[int, int]] = field(default_factory=dict)
    styles: dict[PathKey, str | None] = field(default_factory=dict)  # scalar style: None plain, ' " | >
    lines: list[str] = field(default_factory=list)

    def in_string(self, key: PathKey, col: int) -> tuple[int, int]:
        """The file position of the `col`-th character (1-based) of the one-line string at `key`."""
        line, start = self.at(key)
        style = self.styles.get(key)
        if style in ("|", ">"):  # block scalar: the text starts on the next non-empty line
            for number in range(line, len(self.lines)):
                text = self.lines[number]
                if text.strip():
                    return number + 1, len(text) - len(text.lstrip()) + col
            return line, start
        return line, start + col - 1 + (1 if style in ("'", '"') else 0)

    def at(self, key: PathKey, *, of_key: bool = False) -> tuple[int, int]:
        """Position of the value (or of its key) at `key`, falling back to the nearest parent."""
        table = self.keys if of_key else self.values
        while key:
            if key in table:
                return table[key]
            if key in self.values:
                return self.values[key]
            key = key[:-1]
        return self.values.get((), (1, 1))

    def diag(self, key: PathKey, code: str, message: str, *, of_key: bool = False) -> Diagnostic:
        line, col = self.at(key, of_key=of_key)
        return Diagnostic(self.path, line, col, code, message)


def _convert(node: yaml.Node, key: PathKey, smap: SourceMap, loader: yaml.SafeLoader) -> Any:
    smap.values[key] = (node.start_mark.line + 1, node.start_mark.column + 1)
    if isinstance(node, yaml.MappingNode):
        out: dict[Any, Any] = {}
        for knode, vnode in node.value:
            k = loader.construct_object(knode, deep=True)
            smap.keys[key + (k,)] = (knode.start_mark.line + 1, knode.start_mark.column + 1)
            out[k] = _convert(vnode, key + (k,), smap, loader)
        return out
    if isinstance(node, yaml.SequenceNode):
        return [_convert(item, key + (i,), smap, loader) for i, item in enumerate(node.value)]
    smap.styles[key] = getattr(node, "style", None)
    return loader.construct_object(node, deep=True)


def load_yaml(path: Path | str) -> tuple[Any, SourceMap, list[Diagnostic]]:
    """Load one YAML file safely (no tags that build objects). Never raises for bad input:
    problems come back as diagnostics, with the data set to None."""
    spath = str(path)
    smap = SourceMap(spath)
    try:
        size = Path(path).stat().st_size
        if size > MAX_FILE_BYTES:
            return None, smap, [Diagnostic(spath, 1, 1, "E001", f"file is {size} bytes; a card file may be at most {MAX_FILE_BYTES}")]
        raw = Path(path).read_bytes()
    except OSError as exc:
        return None, smap, [Diagnostic(spath, 1, 1, "E002", f"cannot read file: {exc.strerror or exc}")]
    if b"\x00" in raw:
        return None, smap, [Diagnostic(spath, 1, 1, "E003", "binary file: a card file is UTF-8 text")]
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        return None, smap, [Diagnostic(spath, 1, 1, "E003", f"not UTF-8 text (byte {exc.start})")]
    smap.lines = text.splitlines()
    loader = yaml.SafeLoader(text)
    try:
        node = loader.get_single_node()
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        return None, smap, [Diagnostic(spath, line, col, "E004", f"invalid YAML: {exc.problem or exc.context}")]
    except yaml.YAMLError as exc:
        return None, smap, [Diagnostic(spath, 1, 1, "E004", f"invalid YAML: {exc}")]
    if node is None:
        return None, smap, [Diagnostic(spath, 1, 1, "E005", "empty file")]
    try:
        return _convert(node, (), smap, loader), smap, []
    except (yaml.YAMLError, TypeError) as exc:  # TypeError: an unhashable key such as `[a]: 1`
        return None, smap, [Diagnostic(spath, 1, 1, "E004", f"invalid YAML value: {exc}")]
    finally:
        loader.dispose()
