"""The seam between the language's triggers and the engine's events, checked when imported.

The language names engine events and their fields by name (it imports no engine module, by design:
DESIGN.md, "layers"), so this module, in the layer that joins the two, holds the check: every event a
trigger listens to exists, every field its words read is a field of that event, every side it says it
can be written from is a side of that event (tested through the field the event declares for it),
and `that player` is who acted. The runtime imports this module, so a game never starts with a
trigger that names an event or a field the engine does not have: adding an event or a construct is
checked, not hoped. `phrases()` is also what the generated table of docs/reference.md lists.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from interpreter.engine import events as ev
from interpreter.lang.grammar import constructs
from interpreter.lang.roles import Trigger
from interpreter.lang.triggers import EventName

EVENTS: dict[str, type[ev.Event]] = {cls.__name__: cls for cls in ev.CATALOGUE}


@dataclass(frozen=True)
class Phrase:
    """One way to write a trigger: a construct (`rule`), or one word of a construct's vocabulary."""

    rule: str
    syntax: str
    example: str
    event: str
    sides: tuple[str, ...]
    reads: tuple[str, ...]
    word: EventName | None = None


def phrases() -> Iterator[Phrase]:
    """Every trigger phrase of the language, in the order of the registry."""
    for cls in constructs():
        if cls.role != "trigger":
            continue
        if cls.vocabulary:
            for word in cls.vocabulary:
                assert isinstance(word, EventName)
                yield Phrase(cls.rule, word.syntax, word.example, word.event, word.sides, word.reads, word)
        else:
            assert issubclass(cls, Trigger)
            yield Phrase(cls.rule, cls.syntax, cls.examples[0], cls.event, cls.sides, cls.reads)


def problems(phrase: Phrase) -> list[str]:
    """What is wrong with a phrase against the engine's catalogue (nothing, when it is right)."""
    name = f"trigger `{phrase.syntax}` ({phrase.rule})"
    cls = EVENTS.get(phrase.event)
    if cls is None:
        return [f"{name}: no engine event `{phrase.event}` (interpreter/engine/events.py)"]
    fields = ev.field_names(cls)
    out = [f"{name}: `{field}` is not a field of {phrase.event} ({', '.join(fields)})"
           for field in phrase.reads if field not in fields]
    has = ev.sides(cls)
    out += [f"{name}: {phrase.event} has no `{side}` side (its sides: {', '.join(has) or 'none'})"
            for side in phrase.sides if side not in has]
    word = phrase.word
    if word is not None:
        slots = (word.actor_field, word.owner_field, word.yours_field, word.ships_owner)
        if "actor" in phrase.sides and cls.actor not in slots:
            out.append(f"{name}: says it can name who acted, but none of its slots tests `{cls.actor}`")
        if "target" in phrase.sides and cls.target not in slots:
            out.append(f"{name}: says it can name the {cls.target_is}, but none of its slots tests `{cls.target}`")
        if cls.actor and word.that_field != cls.actor:
            out.append(f"{name}: `that player` must be who acted (`{cls.actor}`), not `{word.that_field}`")
    elif "target" in phrase.sides and cls.target not in phrase.reads:
        out.append(f"{name}: says it can name the {cls.target_is}, but does not read `{cls.target}`")
    return out


def check() -> None:
    """Raise at import when a trigger and the engine's events disagree (a mistake in the code, not in a card)."""
    found = [problem for phrase in phrases() for problem in problems(phrase)]
    if found:
        raise TypeError("the language's triggers and the engine's events disagree:\n  " + "\n  ".join(found))


def uncovered() -> list[tuple[str, str]]:
    """The (event, side) pairs no phrase can be written from: none, or a power could not listen there."""
    covered = {(phrase.event, side) for phrase in phrases() for side in phrase.sides}
    return [(cls.__name__, side) for cls in ev.CATALOGUE for side in ev.sides(cls) if (cls.__name__, side) not in covered]


check()
