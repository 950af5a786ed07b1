"""The registry of the power language: one class per construct, holding everything about it.

A construct is one meaningful piece of a power line: a timing (`on completion`), an effect verb
(`gain`), a count (`for each ...`), a condition, a trigger event, a rule, a player group, a card
selection. Its class is its one home (DESIGN.md, "one home per construct"):

- `grammar`: its Lark rule(s); the rule named `rule` (the snake_case class name unless given)
  produces it. Role rules (`effect`, `condition`, ...) are generated as the alternatives of every
  construct of that role, so adding a construct never edits another one;
- `build`: from the parse tree's children to the node (a frozen dataclass: the node IS the class);
- its checks: `needs` (what the event must give: `that player`), `refers` and `makes` (words for
  what an earlier step made: `them`, `card drawn`), `problems` (what the grammar allows but the game
  cannot do, with a message), `scopes` (what its parts may refer to); interpreter/lang/check.py
  only walks the power and asks each node;
- `english`: the sentence `explain` prints;
- the role's compile method (`run`, `test`, `number`, `resolve`, ...): a closure over the node's
  parameters that calls the game only through the `World` interface (interpreter/lang/world.py);
- `value`: what the heuristic bot thinks it is worth, in credits;
- `syntax`, `meaning`, `examples`: its documentation; every example is parsed by a test and must
  produce the construct it documents.

The grammar file (grammar/powers.lark), docs/powers.md and the editor word lists are generated
from this registry.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field, fields
from typing import ClassVar

from lark import Token

from interpreter.lang.bounds import Bound

# The roles, in the order the docs present them, with the name a message uses for each.
ROLES: dict[str, str] = {
    "timing": "a timing (`on completion`, `when ...`, `rule`, `any time`, `at game end`, ...)",
    "qualifier": "a qualifier (`once per turn`, `this one included`)",
    "effect": "an effect (`gain 2`, `draw 1`, `move ... to ...`, `you may ...`, `if ... then ...`)",
    "amount": "an amount (`2`, `2 for each ...`, `the number of ...`, `half your credits`)",
    "value": "a number (`18`, `your credits`, `the number of ...`)",
    "group": "something counted (`of your goods`, `card in your hand`, `card taken`)",
    "cards": "some cards (`1 card from your hand`, `2 of your goods`, `this card`)",
    "place": "a place (`your goods`, `the island`, `your hand`)",
    "ship": "a ship (`a ship at sea`, `that ship`, `your ships`)",
    "owner": "whose (`your`, `their`, `each other player's`, `all players'`)",
    "players": "players (`you`, `each other player`, `every player`, `that player`)",
    "filter": "a kind of card (`agriculture`, `contract`, `tier 2 or less`, `red`)",
    "condition": "a condition (`your credits <= 18`, `you have the most goods`, `a coin flip is heads`)",
    "predicate": "what is said of a player (`has an illegal good`, `pirated before you this turn`, `leads`)",
    "have": "what a player has (`an illegal good`, `the most goods`, `more credits than you`)",
    "modifier": "a change to an amount (`for each ...`, `for every N ...`, `(at most N)`)",
    "trigger": ("an event (`you contract a card`, `any player completes a shipment`, `a ship returns to harbor`; "
                "after who acts: `contract a card`, `draw`, `pirate`, ...)"),
    "rule": "a rule (`your ship capacity is 8`, `you may load the top card of the deck`)",
    "quantity": "a quantity a rule changes (`ship capacity`, `import fee`, `imports limit`)",
    "permission": "something a rule allows or forbids (`pirate from ships in harbor`)",
}


@dataclass(frozen=True)
class Node:
    """Base of every syntax node. `col` is the 1-based column of the construct in the power line."""

    col: int = field(default=1, compare=False, kw_only=True)
    # the numbers of the construct's own words as written, (value, column), for the range check
    numbers_at: tuple[tuple[int, int], ...] = field(default=(), compare=False, kw_only=True, repr=False)

    role: ClassVar[str] = ""
    rule: ClassVar[str] = ""
    grammar: ClassVar[str] = ""
    syntax: ClassVar[str] = ""
    meaning: ClassVar[str] = ""
    examples: ClassVar[tuple[str, ...]] = ()
    keep_tokens: ClassVar[bool] = False  # build() sees the keywords too (`!rule` in Lark)
    vocabulary: ClassVar[tuple[Word, ...]] = ()  # phrases of one shape and meaning (see Word)
    numbers: ClassVar[tuple[Bound, ...]] = ()  # what the numbers of its words count, in order (bounds.py)
    extra_grammar: ClassVar[str] = ""  # helper rules of a construct whose grammar its vocabulary makes
    in_role_rule: ClassVar[bool] = True  # False: not an alternative of its role's rule; constructs name it where it may stand

    @classmethod
    def build_word(cls, word: Word, col: int, children: Children) -> Node:
        """A construct with a vocabulary: the node for the phrase `word`."""
        raise NotImplementedError(cls.__name__)

    @classmethod
    def word(cls, name: str) -> Word:
        return next(w for w in cls.vocabulary if w.name == name)

    def number_bounds(self) -> tuple[Bound, ...]:
        """The ranges of the numbers written in this construct's own words, in order: its phrase's
        (a construct with a vocabulary), else its class's."""
        name = getattr(self, "name", None)
        if self.vocabulary and isinstance(name, str):
            word = self.word(name)
            if word.numbers:
                return word.numbers
        return self.numbers

    @classmethod
    def build(cls, col: int, children: Children) -> Node:
        """Default: the children that are not plain keywords fill the fields in order."""
        values = [c for c in children if not _is_keyword(c)]
        names = [f.name for f in fields(cls) if f.name != "col"]
        return cls(*values[:len(names)], col=col)

    def children(self) -> Iterator[Node]:
        """The nodes directly inside this one (for walking the tree)."""
        for f in fields(self):
            value = getattr(self, f.name)
            if isinstance(value, Node):
                yield value
            elif isinstance(value, tuple):
                yield from (v for v in value if isinstance(v, Node))

    def walk(self) -> Iterator[Node]:
        yield self
        for child in self.children():
            yield from child.walk()

    def english(self) -> str:
        return self.rule.replace("_", " ")

    def label(self) -> str:
        """The words of a decision's option offering this (from the point of view of the player
        choosing); the English by default."""
        return self.english()

    def value(self) -> float:
        """Credits-equivalent for the heuristic bot: the sum of what is inside, by default."""
        return sum(child.value() for child in self.children())

    # --- its checks (interpreter/lang/check.py walks the power and asks each node) ------------------
    makes: ClassVar[frozenset[str]] = frozenset()  # what later steps may refer to once it ran: `them`, `drawn`, ...
    reads_the_moment: ClassVar[bool] = False  # flips a coin or reads cards drawn: not for a standing condition
    useless_after_game: ClassVar[bool] = False  # means nothing at game end: the game is over (R16.2)

    def needs(self) -> str | None:
        """What it refers to that the power's event or moment must give (`that player`, `that ship`,
        `that card`, an event's number); None if nothing."""
        return None

    def refers(self) -> str | None:
        """What an earlier step of the same power must have made (see `makes`): `them`, `drawn`,
        `named good`, `chosen`, ...; None if nothing."""
        return None

    def made(self) -> frozenset[str]:
        """What this step makes for later steps (its `makes`, unless it depends on its words)."""
        return self.makes

    def problems(self, power: Node) -> list[tuple[int, str, str]]:
        """What the grammar allows but this construct cannot do in `power`: (column, code, message),
        its numbers' units and steps included (credits move in steps of 2 during play, R1.8.3:
        interpreter/lang/credits.py)."""
        return []

    def amount_bound(self) -> Bound | None:
        """The range of the number of an amount written directly in this construct (`gain 2`: credits,
        `draw 2`: cards); None: a number compared (bounds.COMPARED)."""
        return None

    def scopes(self, binds: frozenset[str]) -> Iterator[tuple[Node, frozenset[str]]]:
        """Its children, each with what it may refer to (`for each player, ...` gives its effect
        `that player`; `the next time EVENT, ...` gives its effect the event's words)."""
        for child in self.children():
            yield child, binds


# What a construct is built from: the parse tree's children, each a node already built or a word of
# the line (a keyword, a number, a comparator: a Lark token).
Child = Node | Token
Children = list[Child]


def _is_keyword(child: Child) -> bool:
    return isinstance(child, Token) and child.type not in ("INT", "COMPARATOR")


@dataclass(frozen=True)
class Word:
    """One entry of a construct's vocabulary: a phrase and what it means to that construct.

    Where many phrases share one shape and one meaning (the quantities a rule changes, the events a
    trigger listens to), they are one construct with a vocabulary, not one construct each: the
    construct's code is written once, and a new phrase is one more `Word` (data) in its table. A
    construct's subclass of Word adds the fields its code reads (a query name, an event name, ...).
    """

    name: str  # unique within the construct; the parse tree names the phrase `<rule>__<name>`
    phrase: str  # its Lark fragment (the construct's slots, such as `_good` or `filter?`, may appear)
    syntax: str
    meaning: str
    example: str
    numbers: tuple[Bound, ...] = ()  # what the phrase's numbers count, in order (bounds.py)


def snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


REGISTRY: list[type[Node]] = []


def construct(cls: type[Node]) -> type[Node]:
    """Register a construct class (decorator). Its rule name defaults to its snake_case name."""
    if not cls.role or cls.role not in ROLES:
        raise ValueError(f"{cls.__name__}: unknown role {cls.role!r}")
    if not cls.rule:
        cls.rule = snake(cls.__name__)
    if cls.vocabulary:
        _vocabulary_grammar(cls)
    if any(other.rule == cls.rule for other in REGISTRY):
        raise ValueError(f"{cls.__name__}: rule {cls.rule!r} registered twice")
    if not cls.grammar.lstrip().lstrip("!?").startswith(cls.rule + ":"):
        raise ValueError(f"{cls.__name__}: its grammar must start with `{cls.rule}:`")
    REGISTRY.append(cls)
    return cls


def _vocabulary_grammar(cls: type[Node]) -> None:
    """A construct with a vocabulary: its rule is the alternatives of its phrases, each named
    `<rule>__<word>` in the parse tree, and its examples are its words' examples."""
    names = [w.name for w in cls.vocabulary]
    if len(set(names)) != len(names):
        raise ValueError(f"{cls.__name__}: a word of its vocabulary is listed twice")
    alternatives = "\n    | ".join(f"({w.phrase}) -> {cls.rule}__{w.name}" for w in cls.vocabulary)
    cls.grammar = f"!{cls.rule}: {alternatives}\n{cls.extra_grammar.strip()}\n"
    cls.examples = tuple(dict.fromkeys(cls.examples + tuple(w.example for w in cls.vocabulary)))


def by_role(role: str) -> list[type[Node]]:
    """The registered constructs of one role (interpreter.lang.language imports every module first)."""
    return [c for c in REGISTRY if c.role == role]
