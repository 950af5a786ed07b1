"""A long list of options, grouped as a person reads it: the ways to lead or follow by action, the
options of a load, contract or pirate by ship, the others by the card they are about. Each group
names what it is about (a ship, an action, or a card, drawn as a card with its powers on hover), and
the page says how many options there are, so none hides at the bottom of a list.

Groups are read from the options' values (the engine's cards and ships), never from their labels.
A list is grouped only where that helps: more than a few options, falling into at least two groups
of which one holds several options."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from interpreter.engine.choices import Choice, Play
from interpreter.engine.state import Card, Ship

if TYPE_CHECKING:
    from interpreter.engine.decisions import Decision

GROUP_FROM = 7  # options: fewer are shown as one plain list
PLAYED = ("lead", "follow")  # their values: `Play` records (the declared action, the cards played, ...)


@dataclass
class Group:
    key: str  # what the options share: `action LOAD`, `ship 0 1`, `card cups`, or "" (the rest)
    title: str  # `LOAD`, `your green ship 1`, `Cups`; "" for the options that share nothing
    card: dict[str, Any] | None  # the card the group is about, as the table draws a card
    options: list[tuple[int, str]] = field(default_factory=list)  # (index in the decision, label)


def option_groups(decision: Decision, names: list[str] | None = None, labels: list[str] | None = None) -> list[dict[str, Any]]:
    """The decision's options in groups (plain data, for the page). One group without a title when
    grouping would not help. `names`: the players' names, for the ships of other players; `labels`:
    the options' labels as shown, if not their own."""
    shown = labels or decision.labels()
    labelled = [(i, shown[i], o.value) for i, o in enumerate(decision.options)]
    keyed = [(_key(decision, value, names or []), i, label) for i, label, value in labelled]
    distinct = {key[0] for key, _, _ in keyed if key[0]}
    sharing = len([key for key, _, _ in keyed if key[0]]) > len(distinct)
    if len(labelled) < GROUP_FROM or len(distinct) < 2 or not sharing:
        return [vars(Group("", "", None, [(i, label) for i, label, _ in labelled]))]
    groups: dict[str, Group] = {}
    for (key, title, card), i, label in keyed:
        groups.setdefault(key, Group(key, title, card)).options.append((i, label))
    return [vars(g) for g in groups.values()]


def _key(decision: Decision, value: Any, names: list[str]) -> tuple[str, str, dict[str, Any] | None]:
    """(group key, its title, the card it is about) of one option; ("", "", None) for none."""
    if decision.kind in PLAYED and isinstance(value, Play):
        return f"action {value.declared}", value.declared.upper(), None
    ship = next(_found(value, Ship), None)
    if isinstance(ship, Ship):
        whose = "your" if ship.owner == decision.player else (f"{names[ship.owner]}'s" if ship.owner < len(names) else "a")
        return f"ship {ship.owner} {ship.twin}", f"{whose} {ship.label}", None
    card = next(_found(value, Card), None)
    if isinstance(card, Card):
        return f"card {card.id}", card.name, {"uid": card.uid, "id": card.id, "name": card.name, "good": card.good,
                                              "action": card.action, "tier": card.tier}
    return "", "", None


def _found(value: Any, kind: type) -> Any:
    """The objects of `kind` in an option's value, looking inside the fields of an option record and
    inside tuples, in order."""
    if isinstance(value, kind):
        yield value
    elif isinstance(value, Choice) and dataclasses.is_dataclass(value):
        for part in dataclasses.fields(value):
            yield from _found(getattr(value, part.name), kind)
    elif isinstance(value, tuple):
        for part in value:
            yield from _found(part, kind)
