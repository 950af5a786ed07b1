"""`did you mean ...?` for a mistyped word: the one place every message's suggestion comes from."""

from __future__ import annotations

import difflib
from collections.abc import Iterable


def did_you_mean(word: str, candidates: Iterable[str], cutoff: float = 0.6) -> str:
    """A ' (did you mean `x`?)' suffix for the closest candidate, or '' when nothing is close."""
    close = difflib.get_close_matches(word, list(candidates), n=1, cutoff=cutoff)
    return f" (did you mean `{close[0]}`?)" if close else ""
