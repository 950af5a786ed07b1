"""Which language constructs and events a card's powers use, for the gallery's filter.

A look-up in the language's registry: every node of a parsed power names its role and its grammar
rule (`effect: draw`, `timing: on_completion`), and a trigger names the engine event it listens to
(`event: ContractMade`). Those keys are the filter's values (and its addresses); what a person reads
is the construct in the words of docs/powers.md: its section there and its syntax (`Effects: draw
AMOUNT`, `Timings: on completion: EFFECTS`), so a designer who reads about a construct there finds
every card that uses it here, and the other way round."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from interpreter.cards.model import CardDef
from interpreter.lang.docs import SECTIONS
from interpreter.lang.registry import REGISTRY, Node
from interpreter.lang.roles import Trigger

EVENTS = "Engine events"  # docs/reference.md's name for what a trigger listens to
LONGEST = 64  # characters of a construct's syntax shown in a list; the whole of it in a tooltip


@dataclass(frozen=True)
class ConstructName:
    key: str  # `effect: draw`: the filter's value
    section: str  # `Effects`: its section in docs/powers.md
    syntax: str  # `draw AMOUNT`: as docs/powers.md writes it
    order: int  # the section's place in docs/powers.md

    @property
    def short(self) -> str:
        return self.syntax if len(self.syntax) <= LONGEST else self.syntax[:LONGEST - 1].rstrip() + "…"

    @property
    def label(self) -> str:
        return f"{self.section}: {self.short}"


@cache
def _names() -> dict[str, ConstructName]:
    order = {role: i for i, (role, _, _) in enumerate(SECTIONS)}
    titles = {role: title for role, title, _ in SECTIONS}
    names: dict[str, ConstructName] = {}
    for cls in REGISTRY:
        section, place = titles.get(cls.role, cls.role), order.get(cls.role, len(order))
        for word in cls.vocabulary:
            key = f"{cls.role}: {word.name}"
            names[key] = ConstructName(key, section, word.syntax, place)
        if cls.rule:
            key = f"{cls.role}: {cls.rule}"
            names.setdefault(key, ConstructName(key, section, cls.syntax, place))
    return names


def construct_name(key: str) -> ConstructName:
    """A construct's key (`effect: draw`, `event: ContractMade`) in the docs' words."""
    if key.startswith("event: "):
        return ConstructName(key, EVENTS, key.removeprefix("event: "), len(SECTIONS) + 1)
    role, _, rule = key.partition(": ")
    return _names().get(key) or ConstructName(key, role, rule, len(SECTIONS))


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
