"""Small helpers for the English `explain` prints: articles, plurals, third-person verbs."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from contextvars import ContextVar

IRREGULAR_PLURALS = {"good": "goods", "card in hand": "cards in hand", "goods": "goods"}


def article(phrase: str) -> str:
    """`a luxury card`, `an agriculture card`."""
    return ("an " if phrase[:1].lower() in "aeiou" else "a ") + phrase


def plural(noun: str) -> str:
    if noun in IRREGULAR_PLURALS:
        return IRREGULAR_PLURALS[noun]
    head, _, tail = noun.partition(" ")
    if noun.endswith(("s", "x")) and not tail:
        return noun
    if tail and head not in ("card", "container", "shipment", "contract", "import", "good"):
        return noun + "s"
    if tail:
        return f"{head}s {tail}"
    if noun.endswith("y") and noun[-2:-1] not in "aeiou":
        return noun[:-1] + "ies"
    return noun + "s"


def counted(n: int, noun: str) -> str:
    """`1 card`, `2 cards`."""
    return f"{n} {noun if n == 1 else plural(noun)}"


def third_person(phrase: str) -> str:
    """`pay 2 to you` -> `pays 2 to you`: the first verb of an imperative phrase, for a subject."""
    verb, _, rest = phrase.partition(" ")
    if verb in ("may", "must", "cannot"):
        return phrase
    if verb.endswith(("s", "sh", "ch", "x")):
        verb += "es"
    elif verb.endswith("y") and verb[-2:-1] not in "aeiou":
        verb = verb[:-1] + "ies"
    else:
        verb += "s"
    return f"{verb} {rest}".rstrip()


# Whose an effect's unsaid or `their` cards are: the player acting. At the top of a power that is
# the card's owner (`your`); in what each player of a group does (`each other player draws 1 for each
# of their goods`), each of them (`their`). A group's English renders its effect inside `acting`.
_ACTING: ContextVar[str] = ContextVar("acting", default="your")


def own() -> str:
    """`your` or `their`: the possessive of the player acting, where the English is being written."""
    return _ACTING.get()


def acting_player() -> str:
    """`you` or `they`: the player acting, where the English is being written."""
    return "you" if _ACTING.get() == "your" else "they"


@contextmanager
def _holding(var: ContextVar[str], value: str) -> Iterator[None]:
    token = var.set(value)
    try:
        yield
    finally:
        var.reset(token)


def acting(possessive: str) -> AbstractContextManager[None]:
    """English written inside is about what another player (or each of a group) does: `their`."""
    return _holding(_ACTING, possessive)


class Flag:
    """A yes or no about where the English is being written, set for a block (`with SCORING.on():`)
    and read inside it (`if SCORING:`)."""

    def __init__(self, name: str):
        self._var: ContextVar[str] = ContextVar(name, default="")

    def on(self) -> AbstractContextManager[None]:
        return _holding(self._var, "yes")

    def __bool__(self) -> bool:
        return bool(self._var.get())


# The English of a power run at final scoring, where credits gained or lost are points of the score
# (R17.8): `lose 4` there takes 4 points off, the credits stay.
SCORING = Flag("at_game_end")
# The English of the branch of `if there is room for this card ...`: a move of this card there need not
# say again what happens without room.
ROOM_KNOWN = Flag("room_known")


# The event a triggered effect answers, where its English is being written: `the bid` is the winning
# bid of an import won, but the losing bid of an auction lost (`when you lose an import: ... the bid`).
_ANSWERING: ContextVar[str] = ContextVar("answering", default="")


def answered_event() -> str:
    """The event (its class name) the effect whose English is being written answers, or ''."""
    return _ANSWERING.get()


def answering(event: str) -> AbstractContextManager[None]:
    """English written inside is that of an effect answering `event` (a trigger's)."""
    return _holding(_ANSWERING, event)
