"""`did you mean ...?` for a mistyped word: the one place every message's suggestion comes from.

A suggestion is a spelling repair, so it is offered only for a word that is no word at all, and
only among the words that can stand where it stands (the caller passes the words the parser accepts
there): `ships` is not a misspelt `shipments`, and `must` is not a misspelt `most`. A few English
words that designers reach for, and that the language does without, get advice instead (ADVICE)."""

from __future__ import annotations

import difflib
from collections.abc import Iterable

# Words no power uses, with what to write instead (shown when no word of the language is close).
ADVICE: dict[str, str] = {
    "must": "an effect is done as written, so leave `must` out (`each other player pays you 2`); `may` makes it a choice",
    "should": "an effect is done as written, so leave `should` out; `may` makes it a choice",
    "shall": "an effect is done as written, so leave `shall` out; `may` makes it a choice",
    "will": "an effect is done as written, so leave `will` out; `may` makes it a choice",
}

# Words of the language that are often put where they cannot stand, with where they go.
MISPLACED: dict[str, str] = {
    "or": "`or` joins the two effects of `either ... or ...`, the options of `choose one: ... or ...`, or two conditions",
    "else": "`else` follows `if CONDITION then EFFECT`",
}


def did_you_mean(word: str, candidates: Iterable[str], cutoff: float = 0.6) -> str:
    """A ' (did you mean `x`?)' suffix for the closest candidate, or '' when nothing is close."""
    close = difflib.get_close_matches(word, list(candidates), n=1, cutoff=cutoff)
    return f" (did you mean `{close[0]}`?)" if close else ""


def advice(word: str) -> str:
    """What to write instead of an English word the language does without ('' for any other word)."""
    found = ADVICE.get(word.lower())
    return f": {found}" if found else ""


def misplaced(word: str) -> str:
    """Where a word of the language goes, for one found out of place ('' for most words)."""
    found = MISPLACED.get(word)
    return f" ({found})" if found else ""
