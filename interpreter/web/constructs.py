"""Which language constructs and events a card's powers use, for the gallery's filter.

This is the one place the desk looks inside a parsed power, and it does so generically: it walks the
dataclass tree of each power's AST and names what it finds (the timing, each node's type, a node's
`kind`, the event a trigger listens to). It knows no node class by name, so a new or redesigned
power language keeps working here as long as its AST is made of dataclasses; a language with a
registry of constructs can replace this function by a look-up in it."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any

from interpreter.cards.model import CardDef


def card_constructs(card: CardDef) -> list[str]:
    """The constructs of all of `card`'s powers, as sorted labels such as `timing: on_completion`,
    `Effect: Draw`, `Trigger: contract` or `event: ContractMade`."""
    found: set[str] = set()
    for power in card.powers:
        tree = getattr(power, "ast", power)
        timing = getattr(tree, "timing", None) or getattr(power, "timing", None)
        if isinstance(timing, str):
            found.add(f"timing: {timing}")
        event = getattr(power, "event_type", None)
        if isinstance(event, type):
            found.add(f"event: {event.__name__}")
        kind_of_tree: type = type(tree)
        root = kind_of_tree.__mro__[1] if dataclasses.is_dataclass(tree) else object
        for node in _nodes(tree):
            if node is not tree:
                found.add(_label(node, root))
    return sorted(found)


def _nodes(node: Any) -> Iterator[Any]:
    """Every dataclass node under `node` (itself included) that says something: a node whose fields
    all hold their defaults (an empty filter, say) is left out."""
    if isinstance(node, list | tuple):
        for item in node:
            yield from _nodes(item)
        return
    if not dataclasses.is_dataclass(node) or isinstance(node, type) or _is_default(node):
        return
    yield node
    for f in dataclasses.fields(node):
        yield from _nodes(getattr(node, f.name))


def _is_default(node: Any) -> bool:
    try:
        return bool(type(node)() == node)
    except TypeError:  # a node with required fields is never empty
        return False


def _label(node: Any, root: type) -> str:
    """`Family: Name`: a node whose class derives from a family (Effect, say) is named by its class;
    a node of its own family by its `kind` when it has one, else by its class alone."""
    cls = type(node)
    family = cls.__mro__[1]
    if family not in (root, object):
        return f"{family.__name__}: {cls.__name__}"
    kind = getattr(node, "kind", None)
    return f"{cls.__name__}: {kind}" if isinstance(kind, str) and kind else cls.__name__
