"""JSON from outside (a request to the desk, an uploaded or replayed game record), read with limits:
nesting deeper than a limit is refused before the decoder sees it (Python's decoder recurses once
per level, and past the recursion limit it raises RecursionError, or worse), and text that is not
Unicode (a lone surrogate such as `\\ud800`, which JSON can spell but no file can hold) is refused.
Every refusal is a `JsonRefused` with one line saying what is wrong."""

from __future__ import annotations

import json
import re
from typing import Any

MAX_DEPTH = 64  # a game record nests 5 levels, a request 2
_STRUCTURE = re.compile(r'[\[\]{}"\\]')


class JsonRefused(ValueError):
    """`kind`: `encoding` (not UTF-8), `syntax` (not JSON), `depth` (nested too deeply) or `unicode`."""

    def __init__(self, kind: str, message: str):
        super().__init__(message)
        self.kind = kind


def read_json(raw: bytes | str, max_depth: int = MAX_DEPTH) -> Any:
    """The JSON value of `raw`, or JsonRefused (not UTF-8, not JSON, nested too deeply, not Unicode)."""
    if isinstance(raw, bytes):
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise JsonRefused("encoding", f"not UTF-8 text: byte {exc.start + 1}") from None
    else:
        text = raw
    depth_at = nesting_beyond(text, max_depth)
    if depth_at is not None:
        raise JsonRefused("depth", "its JSON is nested too deeply")
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        raise JsonRefused("syntax", f"invalid JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}") from None
    except ValueError:  # a number past Python's limit of digits (4,300): no value here is that long
        raise JsonRefused("syntax", "invalid JSON: a number of thousands of digits") from None
    bad = _not_unicode(value)
    if bad is not None:
        raise JsonRefused("unicode", f"its text is not Unicode: a lone surrogate in {bad}")
    return value


def nesting_beyond(text: str, max_depth: int) -> int | None:
    """The index of the first `[` or `{` opening a level past `max_depth` (outside strings), or None."""
    if text.count("[") + text.count("{") <= max_depth:
        return None  # cannot be deeper: the usual case costs two counts
    depth = 0
    in_string = escaped = False
    for match in _STRUCTURE.finditer(text):
        char = match.group()
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = match.end() < len(text)  # the escaped character is skipped below
                if escaped and text[match.end()] not in '"\\':
                    escaped = False  # \n, \u...: nothing of the structure is escaped
            elif char == '"':
                in_string = False
            continue
        if char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > max_depth:
                return match.start()
        elif char in "]}":
            depth -= 1
    return None


def _not_unicode(value: Any, where: str = "the value", depth: int = 0) -> str | None:
    """Where a string with a lone surrogate stands in a decoded value (bounded by the depth check)."""
    if isinstance(value, str):
        return None if value.isascii() or _encodes(value) else where
    if isinstance(value, dict):
        for key, item in value.items():
            found = _not_unicode(key, "a key", depth + 1) or _not_unicode(item, f"`{key[:40] if _encodes(key) else '?'}`", depth + 1)
            if found:
                return found
    elif isinstance(value, list):
        for item in value:
            found = _not_unicode(item, where, depth + 1)
            if found:
                return found
    return None


def _encodes(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True
