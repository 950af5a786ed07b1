"""YAML text to nodes with exact positions, fast and bounded.

The events come from libyaml (PyYAML's C parser, about seven times faster than the pure-Python one)
when PyYAML was built with it; otherwise from the pure-Python parser, with the same nodes, positions
and messages, only slower to start. Either way the nodes are put together here, one level at a time,
so nesting deeper than MAX_DEPTH is refused as soon as it is met: a file of thousands of `[` never
reaches the quadratic corners of the pure scanner, nor the recursion of the C composer (which
crashes the interpreter at a few tens of thousands of levels).

A file that does not parse is parsed again with the pure-Python parser, whose messages say more
("expected ',' or ']', but got ':'"); the position of a problem is where it starts: the opening quote
of a quote that is never closed, not the end of the file."""

from __future__ import annotations

from typing import Any

import yaml
from yaml.composer import Composer

MAX_DEPTH = 32  # card data nests a few levels; deeper is a mistake (or an attack on the parser)
HAS_LIBYAML = hasattr(yaml, "CSafeLoader")

Problem = tuple[int, int, str]  # 1-based line, column and the message


class _TooDeep(Exception):
    def __init__(self, mark: Any):
        super().__init__("nested too deeply")
        self.mark = mark


class _DepthLimitedComposer(Composer):
    """PyYAML's composer, refusing a node nested more than MAX_DEPTH levels below the document.
    (Mixed into a loader, which gives the parser's `peek_event`.)"""

    depth = 0

    def compose_node(self, parent: Any, index: Any) -> Any:
        # A mapping's key stands at its mapping's level; a key that is itself a mapping or a list
        # (`{{{...`) still goes one level deeper each time, so it is counted and refused like any node.
        is_key = parent is not None and index is None
        if self.depth - is_key > MAX_DEPTH:
            raise _TooDeep(self.peek_event().start_mark)  # type: ignore[attr-defined]
        self.depth += 1
        try:
            return super().compose_node(parent, index)
        finally:
            self.depth -= 1


class PureLoader(_DepthLimitedComposer, yaml.SafeLoader):
    """The pure-Python parser and safe constructor."""


class _CLoader(_DepthLimitedComposer, getattr(yaml, "CSafeLoader", yaml.SafeLoader)):  # type: ignore[misc]
    """libyaml's parser under the depth-limited composer, and the safe constructor."""

    def __init__(self, stream: str):
        yaml.CSafeLoader.__init__(self, stream)
        self.anchors: dict[Any, Any] = {}


# PyYAML without libyaml: the pure parser everywhere, with the same results, only slower to start.
FastLoader: type[Any] = _CLoader if HAS_LIBYAML else PureLoader


def compose(text: str) -> tuple[yaml.Node | None, Any, Problem | None]:
    """(the document's node, or None for an empty file; the loader to construct its values with, which
    the caller disposes of), or (None, None, the problem) if the text is not one valid YAML document."""
    kinds = (FastLoader, PureLoader) if FastLoader is not PureLoader else (PureLoader,)
    for kind in kinds:
        loader = None
        try:
            loader = kind(text)  # the pure reader checks the characters here
            return loader.get_single_node(), loader, None
        except _TooDeep as exc:
            _dispose(loader)
            return None, None, _too_deep(exc)
        except yaml.YAMLError as exc:
            _dispose(loader)
            if kind is PureLoader:
                return None, None, _describe(exc, text)
            # libyaml's messages are terser: parse again with the pure parser for its message (if it
            # accepts the text after all, its nodes stand)
    raise AssertionError("unreachable: the pure parser either returns or raises")


def _dispose(loader: Any) -> None:
    if loader is not None:
        loader.dispose()


def _too_deep(exc: _TooDeep) -> Problem:
    return exc.mark.line + 1, exc.mark.column + 1, f"invalid YAML: nested too deeply (more than {MAX_DEPTH} levels)"


def _one_line(text: object) -> str:
    return " ".join(str(text).split())


def _describe(exc: yaml.YAMLError, text: str) -> Problem:
    if isinstance(exc, yaml.reader.ReaderError):  # a character YAML does not allow (a control character)
        line, col = _position(text, exc.position)
        return line, col, f"invalid YAML: character {exc.character!r} is not allowed"
    if not isinstance(exc, yaml.MarkedYAMLError):
        return 1, 1, f"invalid YAML: {_one_line(exc)}"
    problem, context = _one_line(exc.problem), _one_line(exc.context or "")
    start, mark = exc.context_mark, exc.problem_mark or exc.context_mark
    if start is not None and ("end of stream" in problem or "<stream end>" in problem):
        # The file ended inside something: point at where that something opens.
        opener = _char_at(text, start)
        if opener and opener in "'\"":
            what = f"the quote {opener} opened here"
        else:
            what = f"`{opener}` opened here" if opener and opener in "[{" else "what starts here"
        return start.line + 1, start.column + 1, f"invalid YAML: {what} is never closed ({problem} {context})"
    if mark is None:
        return 1, 1, f"invalid YAML: {problem}"
    where = ""
    if start is not None and "flow" in context and (start.line, start.column) != (mark.line, mark.column):
        where = f", from line {start.line + 1} column {start.column + 1}"
    suffix = f" ({context}{where})" if context else ""
    return mark.line + 1, mark.column + 1, f"invalid YAML: {problem}{suffix}"


def _char_at(text: str, mark: Any) -> str:
    lines = text.lstrip("\ufeff").splitlines()
    if mark.line < len(lines) and mark.column < len(lines[mark.line]):
        return lines[mark.line][mark.column]
    return ""


def _position(text: str, offset: int) -> tuple[int, int]:
    before = text[:offset]
    return before.count("\n") + 1, offset - (before.rfind("\n") + 1) + 1
