"""Safe YAML loading that keeps the line and column of every key and value, for diagnostics."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from interpreter.cards.diagnostics import Diagnostic
from interpreter.cards.reading import FileRefused, read_limited
from interpreter.cards.textpos import locate
from interpreter.cards.yamlparse import compose

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
    key_styles: dict[PathKey, str | None] = field(default_factory=dict)
    lines: list[str] = field(default_factory=list)

    def in_string(self, key: PathKey, value: str, col: int, *, of_key: bool = False) -> tuple[int, int]:
        """The file position of the `col`-th character (1-based) of the string `value` at `key`."""
        line, start = self.at(key, of_key=of_key)
        style = (self.key_styles if of_key else self.styles).get(key)
        return locate(self.lines, line, start, style, value, col)

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


class _Problem(Exception):
    """A node that cannot become card data; carries the diagnostic's position and message."""

    def __init__(self, node: yaml.Node, code: str, message: str):
        self.line, self.col = node.start_mark.line + 1, node.start_mark.column + 1
        self.code = code
        super().__init__(message)


# What an escape in a quoted string can make that no text holds: a control character (a tab, a line
# break and a carriage return aside) or half of a UTF-16 surrogate pair, which cannot be written in
# UTF-8 at all (the terminal, the desk's pages and a save all failed on `"\ud800"`).
_NOT_TEXT = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff]")


_SURROGATE = re.compile("[\ud800-\udfff]")
_ODD_BREAK = re.compile("[\u2028\u2029\x85]")  # the line breaks of YAML that are no line break in an editor
_PLAIN_COLLECTIONS = ("tag:yaml.org,2002:map", "tag:yaml.org,2002:seq")


def _line_col(text: str, index: int) -> tuple[int, int]:
    """The 1-based line and column of `text[index]`, lines broken at line feeds (as an editor counts them)."""
    return text.count("\n", 0, index) + 1, index - text.rfind("\n", 0, index)


def _scalar(node: yaml.Node, loader: yaml.SafeLoader) -> Any:
    if not isinstance(node, yaml.ScalarNode):
        raise _Problem(node, "E004", "invalid YAML: a key must be a plain value, not a list or mapping")
    try:
        value = loader.construct_object(node, deep=True)
    except yaml.MarkedYAMLError as exc:
        raise _Problem(node, "E004", f"invalid YAML value: {_one_line(exc.problem or str(exc))}") from None
    except (ValueError, TypeError, KeyError, AttributeError, OverflowError):
        raise _Problem(node, "E004", f"invalid YAML value `{node.value}` for the tag {node.tag}") from None
    if isinstance(value, str):
        bad = _NOT_TEXT.search(value)
        if bad is not None:
            what = "half of a surrogate pair, not Unicode" if "\ud800" <= bad.group() <= "\udfff" else "a control character"
            raise _Problem(node, "E004", f"invalid text: `{bad.group().encode('unicode_escape').decode()}` is {what}; write the text out")
    return value


def _convert(node: yaml.Node, key: PathKey, smap: SourceMap, loader: yaml.SafeLoader, seen: set[int]) -> Any:
    if id(node) in seen:  # the same node twice: an alias (*name); card data never needs one
        raise _Problem(node, "E006", "aliases (`*name`) are not allowed in these files (card, pack, rules and scenario files): write the value out")
    seen.add(id(node))
    smap.values[key] = (node.start_mark.line + 1, node.start_mark.column + 1)
    if isinstance(node, yaml.MappingNode | yaml.SequenceNode) and node.tag not in _PLAIN_COLLECTIONS:
        # `!!set {...}`, `!!python/object/apply:...`: read as a plain list or mapping, they said "got None" or "must be text"
        tag = node.tag.replace("tag:yaml.org,2002:", "!!")
        raise _Problem(node, "E004", f"the tag `{tag[:60]}` is not read: a card file holds plain mappings, lists and values")
    if isinstance(node, yaml.MappingNode):
        out: dict[Any, Any] = {}
        for knode, vnode in node.value:
            k = _scalar(knode, loader)
            if k in out:
                raise _Problem(knode, "E007", f"the key `{k}` appears twice in this mapping")
            smap.keys[key + (k,)] = (knode.start_mark.line + 1, knode.start_mark.column + 1)
            smap.key_styles[key + (k,)] = getattr(knode, "style", None) or None
            out[k] = _convert(vnode, key + (k,), smap, loader, seen)
        return out
    if isinstance(node, yaml.SequenceNode):
        return [_convert(item, key + (i,), smap, loader, seen) for i, item in enumerate(node.value)]
    smap.styles[key] = getattr(node, "style", None) or None  # the C parser gives '' for plain
    return _scalar(node, loader)


def _one_line(text: str) -> str:
    return " ".join(str(text).split())


def load_yaml(path: Path | str, raw: bytes | None = None) -> tuple[Any, SourceMap, list[Diagnostic]]:
    """Load one YAML file safely (no tags that build objects), or its bytes `raw` if already read.
    Never raises for bad input: problems come back as diagnostics, with the data set to None."""
    spath = str(path)
    smap = SourceMap(spath)
    if raw is None:
        try:
            raw = read_limited(path, MAX_FILE_BYTES)
        except FileRefused as exc:
            return None, smap, [Diagnostic(spath, 1, 1, "E001" if exc.too_large else "E002", str(exc))]
    if b"\x00" in raw:
        return None, smap, [Diagnostic(spath, 1, 1, "E003", "binary file: a card file is UTF-8 text")]
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        return None, smap, [Diagnostic(spath, 1, 1, "E003", f"not UTF-8 text (byte {exc.start})")]
    return load_yaml_text(text, spath)


def load_yaml_text(text: str, path: Path | str) -> tuple[Any, SourceMap, list[Diagnostic]]:
    """Load YAML already read as text (an editor's buffer, or a file's decoded bytes): the same
    checks and positions as `load_yaml`, which calls it. Never raises for bad input."""
    spath = str(path)
    smap = SourceMap(spath)
    if len(text) > MAX_FILE_BYTES and len(text.encode("utf-8", "replace")) > MAX_FILE_BYTES:
        size = len(text.encode("utf-8", "replace"))
        return None, smap, [Diagnostic(spath, 1, 1, "E001", f"file is {size} bytes; a card file may be at most {MAX_FILE_BYTES}")]
    if "\x00" in text:
        return None, smap, [Diagnostic(spath, 1, 1, "E003", "binary file: a card file is UTF-8 text")]
    smap.lines = text.lstrip("\ufeff").splitlines()
    surrogate = _SURROGATE.search(text)  # from an editor's buffer (bytes read from a file are UTF-8 already)
    if surrogate is not None:
        return None, smap, [Diagnostic(spath, *_line_col(text, surrogate.start()), "E003", f"not UTF-8 text: half of a surrogate "
                                       f"pair (\\u{ord(surrogate.group()):04x}), which no file can hold; remove it")]
    odd_break = _ODD_BREAK.search(text)
    if odd_break is not None:  # YAML starts a new line there, an editor does not: every position after it would be off
        return None, smap, [Diagnostic(spath, *_line_col(text, odd_break.start()), "E004", f"invalid text: an invisible line "
                                       f"separator (U+{ord(odd_break.group()):04X}), which YAML reads as a new line and an "
                                       "editor does not; remove it")]
    node, loader, problem = compose(text)
    if problem is not None:
        line, col, message = problem
        return None, smap, [Diagnostic(spath, line, col, "E004", message)]
    try:
        if node is None:
            return None, smap, [Diagnostic(spath, 1, 1, "E005", "empty file")]
        return _convert(node, (), smap, loader, set()), smap, []
    except _Problem as exc:
        return None, smap, [Diagnostic(spath, exc.line, exc.col, exc.code, str(exc))]
    finally:
        loader.dispose()
