"""What to suggest for a mistyped or misplaced word of a power line: the one place the parser's suggestions come from.

A suggestion is a spelling repair, so it is offered only for a word that is no word at all, and
only among the words that can stand where it stands (the caller passes the words the parser accepts
there): `ships` is not a misspelt `shipments`, and `must` is not a misspelt `most`. A few English
words that designers reach for, and that the language does without, get advice instead (ADVICE).
The spelling repair itself (`did_you_mean`) is interpreter/spelling.py, shared with the card files'
checks and the engine's options."""

from __future__ import annotations

from interpreter.spelling import did_you_mean

__all__ = ["ADVICE", "MISPLACED", "advice", "did_you_mean", "misplaced"]

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
    "they": ("`they` is not a subject of its own: in another player's step, that player's things are `their ...` "
             "(`their goods limit is 2 less`); to make each one subject to a rule, run the step per player: "
             "`for each other player, (that player chooses one: pay you 4 or (until your next turn, that player cannot "
             "follow your lead))`"),
}


def advice(word: str) -> str:
    """What to write instead of an English word the language does without ('' for any other word)."""
    found = ADVICE.get(word.lower())
    return f": {found}" if found else ""


def misplaced(word: str) -> str:
    """Where a word of the language goes, for one found out of place ('' for most words)."""
    found = MISPLACED.get(word)
    return f" ({found})" if found else ""
