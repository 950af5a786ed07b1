"""`did you mean ...?`: the nearest of the words that can stand where a mistyped one stands.

The one spelling repair every message uses, from a card file's keys to a power line's words to a
game option's name. It lives outside both `cards` and `lang` (it needs neither), so that the engine
can name a close option without loading the power language (tests/test_layers.py)."""

from __future__ import annotations

import difflib
from collections.abc import Iterable


def did_you_mean(word: str, candidates: Iterable[str], cutoff: float = 0.6) -> str:
    """A ' (did you mean `x`?)' suffix for the closest candidate, or '' when nothing is close."""
    close = difflib.get_close_matches(word, list(candidates), n=1, cutoff=cutoff)
    return f" (did you mean `{close[0]}`?)" if close else ""
