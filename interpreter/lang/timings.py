"""Timings: when a power works (R15). Every power line starts with one; it is the root of the
power's syntax tree and knows how the power compiles into a `CompiledPower`, the one thing the
powers runtime needs (interpreter/powers/runtime.py)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar

from interpreter.lang.cards import Owned, first, nodes, words
from interpreter.lang.conditions import Condition
from interpreter.lang.effects import Move, Sequence, VirtualGoods
from interpreter.lang.english import SCORING, answering
from interpreter.lang.registry import Children, Node, Word, construct
from interpreter.lang.roles import Effect, RuleNode, Trigger
from interpreter.lang.world import Ctx, Maker, Run, Test, always, never, nothing


@dataclass(frozen=True)
class CompiledPower:
    """One power ready to run. The runtime reads `timing` and the fields that timing uses."""

    node: Power | None  # None for a one-shot trigger a power installs (`the next time ...`)
    text: str
    timing: str
    run: Run = nothing
    usable: Test = never  # `any time`: whether it can be used now
    event: str | None = None  # `when`: the engine event's class name
    matches: Callable[[Ctx, Any], bool] | None = None
    bind: Callable[[Ctx, Any], None] | None = None
    once: str | None = None  # `once per turn` / `once per game`
    per_player: bool = False  # `once per turn for each player`
    completion_trigger: bool = False  # does not fire for its own card's completion ...
    own_included: bool = False  # ... unless `this one included`
    from_hand: bool = True  # `any time`: from hand when the tier is met (R15.3)
    from_shipments: bool = True  # `any time`: once completed
    condition: Test | None = None  # `as soon as`
    changes: tuple[tuple[str, Maker], ...] = ()  # `rule`, `as a contract`: (query, maker)
    phase: int = 0  # `at game end`: the order of R17.2 (adjustments, then scoring)
    scores: bool = False


@dataclass(frozen=True)
class Qualifier(Node):
    role: ClassVar[str] = "qualifier"


@construct
@dataclass(frozen=True)
class Once(Qualifier):
    grammar: ClassVar[str] = r'''
!once: "once" "per" ("turn" | "game") ("for" "each" "player")?
'''
    syntax: ClassVar[str] = ", once per turn [for each player] | , once per game"
    meaning: ClassVar[str] = ("the power works at most once per turn (R15.6) or per game; `for each player`: once per turn for "
                              "each player whose action triggers it; declining a `you may` does not use it up")
    examples: ClassVar[tuple[str, ...]] = ("when another player follows your import, once per turn: gain 2",
                                           "when another player pirates, once per turn for each player: that player pays you 2")
    period: str = "turn"
    per_player: bool = False

    @classmethod
    def build(cls, col: int, children: Children) -> Once:
        w = words(children)
        return cls("game" if "game" in w else "turn", "player" in w, col=col)

    def english(self) -> str:
        return f"once per {self.period}" + (" for each player" if self.per_player else "")

    def problems(self, power: Node) -> list[tuple[int, str, str]]:
        trigger = getattr(power, "trigger", None)
        if self.per_player and (trigger is None or not trigger.names_actor()):
            return [(self.col, "P026", "`once per turn for each player` needs a `when` trigger on what a player does")]
        return []


@construct
@dataclass(frozen=True)
class ThisOneIncluded(Qualifier):
    grammar: ClassVar[str] = r'''
!this_one_included: "this" "one" "included"
'''
    syntax: ClassVar[str] = ", this one included"
    meaning: ClassVar[str] = "a `completes` trigger also fires for the completion that brings this card into Shipments"
    examples: ClassVar[tuple[str, ...]] = ("when you complete an agriculture shipment, this one included: gain 2",)

    @classmethod
    def build(cls, col: int, children: Children) -> ThisOneIncluded:
        return cls(col=col)

    def english(self) -> str:
        return "this card's own completion included"

    def problems(self, power: Node) -> list[tuple[int, str, str]]:
        trigger = getattr(power, "trigger", None)
        if trigger is None or not trigger.own_completion():
            return [(self.col, "P026", "`this one included` is only for `when ... completes ...` triggers")]
        return []


QUALIFIERS = r'''
_qualifiers: ("," qualifier)*
'''


@dataclass(frozen=True)
class Power(Node):
    """The root of a power line."""

    role: ClassVar[str] = "timing"
    timing: ClassVar[str] = ""
    text: str = field(default="", compare=False)
    effects: Sequence | None = None
    qualifiers: tuple[Qualifier, ...] = ()

    @property
    def once(self) -> Once | None:
        return next((q for q in self.qualifiers if isinstance(q, Once)), None)

    @property
    def own_included(self) -> bool:
        return any(isinstance(q, ThisOneIncluded) for q in self.qualifiers)

    def body(self) -> str:
        return self.effects.plain() if self.effects is not None else ""

    def english(self) -> str:
        return f"{self.opening()}: {self.body()}."

    def opening(self) -> str:
        raise NotImplementedError

    def compile(self) -> CompiledPower:
        assert self.effects is not None
        return CompiledPower(self, self.text, self.timing, run=self.effects.run(), usable=always)

    def with_text(self, text: str) -> Power:
            return dataclasses.replace(self, text=text)

    def value(self) -> float:
        return self.effects.value() if self.effects is not None else 0.0


def _build(cls: type[Power], col: int, children: Children, **extra: Any) -> Any:
    return cls(effects=first(children, Sequence), qualifiers=tuple(nodes(children, Qualifier)), col=col, **extra)


@construct
@dataclass(frozen=True)
class When(Power):
    timing: ClassVar[str] = "when"
    grammar: ClassVar[str] = r'''
!when: "when" trigger _qualifiers ":" sequence
'''
    syntax: ClassVar[str] = "when EVENT [, once per turn] [, this one included]: EFFECTS"
    meaning: ClassVar[str] = ("each time the event happens while the card is in its owner's Shipments (R15.4); several "
                              "triggers of one event run clockwise from the player who caused it (R15.7)")
    examples: ClassVar[tuple[str, ...]] = ("when you contract an agriculture card: gain 2",)
    trigger: Trigger | None = None

    @classmethod
    def build(cls, col: int, children: Children) -> When:
        return _build(cls, col, children, trigger=first(children, Trigger))

    def body(self) -> str:
        assert self.trigger is not None
        with answering(self.trigger.event_name()):  # `the bid` of an auction lost is the losing bid
            return super().body()

    def opening(self) -> str:
        assert self.trigger is not None
        quals = "".join(f", {q.english()}" for q in self.qualifiers)
        after = ", after this card's own completion" if self.trigger.own_completion() and not self.own_included else ""
        return f"Whenever {self.trigger.english()} while this card is in your Shipments{after}{quals}"

    def compile(self) -> CompiledPower:
        assert self.trigger is not None and self.effects is not None
        once = self.once
        return CompiledPower(self, self.text, "triggered", run=self.effects.run(), event=self.trigger.event_name(),
                             matches=self.trigger.matches(), bind=self.trigger.bind,
                             once=once.period if once else None, per_player=bool(once and once.per_player),
                             completion_trigger=self.trigger.own_completion(), own_included=self.own_included)

    def value(self) -> float:
        return 3.0 * super().value()


@construct
@dataclass(frozen=True)
class AnyTime(Power):
    timing: ClassVar[str] = "any_time"
    grammar: ClassVar[str] = r'''
!any_time: "any" "time" _where* _qualifiers ":" sequence
!_where: "from" "hand" | "after" "completion" | "while" condition
'''
    syntax: ClassVar[str] = "any time [from hand | after completion] [while CONDITION] [, once per turn]: EFFECTS"
    meaning: ClassVar[str] = ("usable at any-time windows (before each lead, follow and one's own actions, and at game end "
                              "before bonuses, R17.2): from hand while the card's tier is met, and once completed (R15.3, OQ-2); "
                              "`from hand` or `after completion` keeps only one of the two; usable when its first step can be done")
    examples: ClassVar[tuple[str, ...]] = ("any time: discard 1 of your technology goods to gain 4",
                                           "any time from hand: contract this card")
    hand: bool = True
    shipments: bool = True
    while_: Condition | None = None

    @classmethod
    def build(cls, col: int, children: Children) -> AnyTime:
        w = words(children)
        colon = w.index(":") if ":" in w else len(w)
        head = w[:colon]
        hand = "hand" in head or "after" not in head
        shipments = "after" in head or "hand" not in head
        return _build(cls, col, children, hand=hand, shipments=shipments,
                      while_=first(children, Condition))

    def where_text(self) -> str:
        if self.hand and self.shipments:
            return "from your hand while you meet its tier, or once it is completed"
        if self.hand:
            return "from your hand while you meet its tier"
        return "once it is completed"

    def opening(self) -> str:
        cond = f", while {self.while_.english()}" if self.while_ is not None else ""
        quals = "".join(f", {q.english()}" for q in self.qualifiers)
        return f"At any time ({self.where_text()}){cond}{quals}"

    def compile(self) -> CompiledPower:
        assert self.effects is not None
        first_step = self.effects.steps[0] if self.effects.steps else None
        can: Test = first_step.possible() if isinstance(first_step, Effect) else always
        if self.while_ is not None:
            cond, inner = self.while_.test(), can

            def can(ctx: Ctx) -> bool:
                return cond(ctx) and inner(ctx)
        once = self.once
        return CompiledPower(self, self.text, "any_time", run=self.effects.run(), usable=can,
                             once=once.period if once else None, from_hand=self.hand, from_shipments=self.shipments)

    def value(self) -> float:
        return 2.0 * super().value()


@construct
@dataclass(frozen=True)
class GameEnd(Power):
    timing: ClassVar[str] = "game_end"
    grammar: ClassVar[str] = r'''
!game_end: "at" "game" "end" ":" sequence
'''
    syntax: ClassVar[str] = "at game end: EFFECTS"
    meaning: ClassVar[str] = ("during final scoring (R15.5): first the powers that move cards (out of Shipments first), then "
                              "those that make virtual goods, then those that score (R17.2, R17.8)")
    examples: ClassVar[tuple[str, ...]] = ("at game end: score 6 for each of your luxury shipments",)

    @classmethod
    def build(cls, col: int, children: Children) -> GameEnd:
        return _build(cls, col, children)

    def opening(self) -> str:
        return "At game end"

    def english(self) -> str:
        with SCORING.on():  # `lose 4` here takes points off the score, not credits (R17.8)
            return super().english()

    def phase(self) -> int:
        """R17.2's order, from what the power does: moves out of Shipments (1), other moves (2), virtual
        goods of a chosen or fixed amount (3), virtual goods counted from goods (4), scoring (5)."""
        assert self.effects is not None
        phases = [5]
        for node in self.effects.walk():
            if isinstance(node, Move):
                source = getattr(node.cards, "zone", None)
                phases.append(1 if source == "shipments" else 2)
            elif isinstance(node, VirtualGoods):
                counts_goods = node.modifier is not None and any(
                    isinstance(n, Owned) and n.zone == "goods" for n in node.modifier.walk())
                phases.append(4 if counts_goods else 3)
        return min(phases)

    def compile(self) -> CompiledPower:
        assert self.effects is not None
        phase = self.phase()
        return CompiledPower(self, self.text, "game_end", run=self.effects.run(), usable=always, phase=phase,
                             scores=phase == 5)

    def problems(self, power: Node) -> list[tuple[int, str, str]]:
        return [(n.col, "P020", f"`{n.syntax.split(' ')[0]}` has no effect at game end: the game is over (R16.2); at game "
                                "end, move cards, make virtual goods or score")
                for n in self.walk() if n.useless_after_game]


@construct
@dataclass(frozen=True)
class AsSoonAs(Power):
    timing: ClassVar[str] = "as_soon_as"
    grammar: ClassVar[str] = r'''
!as_soon_as: "as" "soon" "as" condition _qualifiers ":" sequence
'''
    syntax: ClassVar[str] = "as soon as CONDITION [, once per game]: EFFECTS"
    meaning: ClassVar[str] = ("a standing condition: while the card is in its owner's Shipments, the condition is checked after "
                              "every step of the game; each time it becomes true the effects run (R16.1.3); never once final "
                              "scoring has begun")
    examples: ClassVar[tuple[str, ...]] = ("as soon as you have 8 or more illegal goods: win the game",)
    condition: Condition | None = None

    @classmethod
    def build(cls, col: int, children: Children) -> AsSoonAs:
        return _build(cls, col, children, condition=first(children, Condition))

    def opening(self) -> str:
        assert self.condition is not None
        quals = "".join(f", {q.english()}" for q in self.qualifiers)
        return f"As soon as {self.condition.english()} while this card is in your Shipments{quals}"

    def compile(self) -> CompiledPower:
        assert self.condition is not None and self.effects is not None
        once = self.once
        return CompiledPower(self, self.text, "standing", run=self.effects.run(), condition=self.condition.test(),
                             once=once.period if once else None)

    def problems(self, power: Node) -> list[tuple[int, str, str]]:
        assert self.condition is not None
        return [(n.col, "P027", "`as soon as` is checked whenever the game changes: its condition cannot flip a coin, "
                                "look at cards drawn or read an event")
                for n in self.condition.walk() if n.reads_the_moment or n.needs()]


# ------------------------------------------------------------------------------------ moments and standing rules of the card

@dataclass(frozen=True)
class Moment(Word):
    """A moment in the card's own life when its effects run once, for its owner: `timing` is the
    runtime's name for it, `binds` what it gives the effects (`that ship`, `this ship`)."""

    timing: str = ""
    opening: str = ""
    binds: frozenset[str] = frozenset()


MOMENTS = (
    Moment("on_completion", '"on" "completion" ":" sequence', "on completion: EFFECTS",
           "once, when the card's shipment completes and the card enters Shipments (R8.2.3, R15.2)", "on completion: draw 5",
           timing="on_completion", opening="When this card's shipment completes", binds=frozenset({"that ship", "payout"})),
    Moment("on_contract", '"on" "contract" ":" sequence', "on contract: EFFECTS",
           "when this card is contracted (R15.1); `this ship` is the ship it went on",
           "on contract: you may load 4 cards from your hand onto this ship", timing="on_contract",
           opening="When you contract this card", binds=frozenset({"that ship", "this ship"})),
    Moment("as_container", '"as" "a" "container" ":" sequence', "as a container: EFFECTS",
           "when a ship carrying this card as a container completes, for the ship's owner, before it sails (R15.1); "
           "`that ship` is that ship", "as a container: if that ship has no agriculture contract then gain 2",
           timing="as_container", opening="When a ship of yours completes carrying this card as a container",
           binds=frozenset({"that ship", "this ship"})),
)


@construct
@dataclass(frozen=True)
class CardMoment(Power):
    """Effects run once at a moment of the card's own life (MOMENTS)."""

    vocabulary: ClassVar[tuple[Word, ...]] = MOMENTS
    syntax: ClassVar[str] = "a moment of the card's life, then its effects (see the table)"
    meaning: ClassVar[str] = "effects done once, for the card's owner, when something happens to this very card"
    name: str = "on_completion"

    @classmethod
    def build_word(cls, word: Word, col: int, children: Children) -> CardMoment:
        return _build(cls, col, children, name=word.name)

    @property
    def spec(self) -> Moment:
        word = self.word(self.name)
        assert isinstance(word, Moment)
        return word

    @property
    def timing(self) -> str:  # type: ignore[override]
        return self.spec.timing

    def opening(self) -> str:
        return self.spec.opening


@dataclass(frozen=True)
class Standing(Word):
    """Where this card must be for a rule to hold: `timing` is the runtime's name for it."""

    timing: str = ""
    opening: str = ""
    worth: float = 6.0  # credits-equivalent for the heuristic bot


STANDINGS = (
    Standing("in_shipments", '"rule" ":" rule', "rule: RULE",
             "changes a rule of the game while the card is in its owner's Shipments (R15.4)",
             "rule: the game end threshold is 70", timing="rule", opening="While this card is in your Shipments"),
    Standing("as_contract", '"as" "a" "contract" ":" rule', "as a contract: RULE",
             "a rule that holds while this card is a contract on a ship (R15.1)", "as a contract: this contract accepts any colour",
             timing="as_contract", opening="While this card is a contract (contracted as usual: its tier is needed)", worth=4.0),
)


@construct
@dataclass(frozen=True)
class RulePower(Power):
    """A rule that holds while the card is where the phrase says (STANDINGS)."""

    rule: ClassVar[str] = "rule_power"
    vocabulary: ClassVar[tuple[Word, ...]] = STANDINGS
    syntax: ClassVar[str] = "where the card stands, then a rule (see the table)"
    meaning: ClassVar[str] = "a rule of the game changed for as long as this card is in a place"
    name: str = "in_shipments"
    rule_: RuleNode | None = None

    @classmethod
    def build_word(cls, word: Word, col: int, children: Children) -> RulePower:
        return cls(name=word.name, rule_=first(children, RuleNode), col=col)

    @property
    def spec(self) -> Standing:
        word = self.word(self.name)
        assert isinstance(word, Standing)
        return word

    @property
    def timing(self) -> str:  # type: ignore[override]
        return self.spec.timing

    def opening(self) -> str:
        return self.spec.opening

    def body(self) -> str:
        assert self.rule_ is not None
        return self.rule_.english()

    def compile(self) -> CompiledPower:
        assert self.rule_ is not None
        return CompiledPower(self, self.text, self.timing, changes=tuple(self.rule_.changes()))

    def value(self) -> float:
        return self.spec.worth
