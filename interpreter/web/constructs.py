"""Which language constructs and events a card's powers use, for the gallery's filter.

A look-up in the language's registry: every node of a parsed power names its role and its grammar
rule (`effect: draw`, `timing: on_completion`), and a trigger names the engine event it listens to
(`event: ContractMade`). The labels are the construct names of docs/powers.md, so a designer who
reads about a construct there can find every card that uses it here."""

from __future__ import annotations

from interpreter.cards.model import CardDef
from interpreter.lang.registry import Node
from interpreter.lang.roles import Trigger


def card_constructs(card: CardDef) -> list[str]:
    """The constructs of all of `card`'s powers, as sorted labels such as `timing: on_completion`,
    `effect: draw`, `trigger: contract_made` or `event: ContractMade`."""
    found: set[str] = set()
    for power in card.powers:
        for node in power.node.walk():
            if node.rule and not _wrapper(node):
                # a construct of many phrases is shown by its phrase (`quantity: ship_capacity`)
                found.add(f"{node.role}: {getattr(node, 'name', node.rule) if node.vocabulary else node.rule}")
            if isinstance(node, Trigger) and node.event_name():
                found.add(f"event: {node.event_name()}")
    return sorted(found)


def _wrapper(node: Node) -> bool:
    """A node around a single node of its own role (a sequence of one effect) says nothing itself."""
    children = list(node.children())
    return len(children) == 1 and children[0].role == node.role
