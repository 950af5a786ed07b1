"""Whole numbers written in a form field, a query or a JSON value of a desk request.

Only ASCII digits count: `str.isdigit` also takes `²` or `٣`, which `int` then refuses (a 500 before);
and a number of thousands of digits costs `int` time and then passes Python's own limit (also a 500).
No number the desk takes has more than 18 digits, so a longer one is refused as what it is."""

from __future__ import annotations

import re

_WHOLE = re.compile(r"-?[0-9]{1,18}")


def whole(text: str, *, signed: bool = False) -> int | None:
    """The whole number `text` writes (ASCII digits, at most 18; a leading `-` when `signed`), or None."""
    if not _WHOLE.fullmatch(text) or (text.startswith("-") and not signed):
        return None
    return int(text)
