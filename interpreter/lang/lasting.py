"""Lasting effects: a trigger or a rule that a step of a power installs for a while, and that works
from then on for the power's owner wherever the card goes (discarded, moved, pirated): `for the rest
of the game, whenever you draw: gain 2`, `until the end of your next turn, other players cannot pirate
your ships`, `the next 2 times you sell a card, gain 2`, `for the next time you contract a card, your
contract cost is 0`.

A duration is one of: for the rest of the game; until the end of this turn; until the end of the
owner's next turn; until the owner's next turn starts; for the next N times an event happens. What
lasts is a rule, or a trigger (`whenever EVENT: EFFECT`). The construct compiles to a `LastingEffect`
(interpreter/lang/world.py) that the powers runtime installs, expires, clones and lists for the desk."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import ClassVar

from interpreter.lang.bounds import OCCURRENCES, Bound
from interpreter.lang.cards import first, ints, words
from interpreter.lang.effects import Sequence
from interpreter.lang.english import answering
from interpreter.lang.registry import Children, Node, construct
from interpreter.lang.roles import Effect, RuleNode, Trigger
from interpreter.lang.world import LastingEffect, Run, nothing

# The durations written before a comma, and how `explain` says each.
DURATIONS = {("for", "the", "rest", "of", "the", "game"): "game", ("until", "the", "end", "of", "this", "turn"): "this_turn",
             ("until", "the", "end", "of", "your", "next", "turn"): "next_turn", ("until", "your", "next", "turn"): "next_turn_starts"}
DURATION_TEXT = {"game": "for the rest of the game", "this_turn": "until the end of this turn",
                 "next_turn": "until the end of your next turn", "next_turn_starts": "until your next turn starts"}
WORTH = {"game": 1.0, "this_turn": 0.2, "next_turn": 0.5, "next_turn_starts": 0.4}  # share of a whole game's power, for the bot

LASTING_WORDS = r'''
!_duration: "for" "the" "rest" "of" "the" "game" | "until" "the" "end" "of" "this" "turn"
         | "until" "the" "end" "of" "your" "next" "turn" | "until" "your" "next" "turn"
         | "for" "the" "next" ("time" | INT "times") trigger
!_whenever: "whenever" trigger ("," "once" "per" ("turn" | "game"))? ":" branch
'''


def times_text(n: int) -> str:
    return "time" if n == 1 else f"{n} times"


@construct
@dataclass(frozen=True)
class Lasting(Effect):
    """A rule or a trigger that lasts for a while, installed by this step (see the module)."""

    level: ClassVar[str] = "effect"
    grammar: ClassVar[str] = r'''
!lasting: _duration "," (rule | _whenever)
''' + LASTING_WORDS
    syntax: ClassVar[str] = ("DURATION, RULE | DURATION, whenever EVENT [, once per turn|game]: EFFECT; DURATION is for the "
                             "rest of the game | until the end of this turn | until the end of your next turn | until your "
                             "next turn | for the next time|N times EVENT")
    meaning: ClassVar[str] = ("a lasting effect: from this step on, the rule holds, or the trigger works for the card's owner "
                              "(each time the event happens, as a `when` power), for as long as the duration says, wherever "
                              "the card goes meanwhile; `your next turn` is the next turn the owner leads (this one not "
                              "counted); `for the next N times EVENT`: until the event has happened N more times (the "
                              "completion now under way not counted); it ends after the powers answering the moment it "
                              "ends at; the EFFECT of `whenever` is one effect (parentheses for several); `explain` and the "
                              "desk's table show the lasting effects in force")
    examples: ClassVar[tuple[str, ...]] = (
        "on completion: until the end of your next turn, other players cannot pirate your ships",
        "on completion: for the rest of the game, whenever another player draws: gain 2",
        "when you declare supply: until the end of this turn, whenever you sell a card: gain 2",
        "when you import: for the next 2 times you sell a card, your sale price is 2 more",
        "on completion: until your next turn, whenever an opponent pirates from your ship, once per turn: draw 1",
    )
    numbers: ClassVar[tuple[Bound, ...]] = (OCCURRENCES,)
    useless_after_game: ClassVar[bool] = True
    duration: str = "game"
    times: int = 0
    counting: Trigger | None = None
    rule_: RuleNode | None = None
    trigger: Trigger | None = None
    once: str | None = None
    effect: Effect | None = None

    @classmethod
    def build(cls, col: int, children: Children) -> Lasting:
        w = words(children)
        triggers = [c for c in children if isinstance(c, Trigger)]
        whenever = "whenever" in w
        counting = triggers[0] if w[:3] == ["for", "the", "next"] else None
        duration = "times" if counting is not None else DURATIONS[tuple(w[:w.index(",")])]
        times = (ints(children) or [1])[0] if counting is not None else 0
        once = ("game" if "game" in w[w.index("once"):] else "turn") if "once" in w else None
        effect = next((c for c in children if isinstance(c, Effect)), None) if whenever else None
        return cls(duration, times, counting, first(children, RuleNode), triggers[-1] if whenever else None, once, effect,
                   col=col)

    def duration_text(self) -> str:
        if self.duration == "times":
            assert self.counting is not None
            return f"for the next {times_text(self.times)} {self.counting.english()}"
        return DURATION_TEXT[self.duration]

    def content_text(self) -> str:
        if self.rule_ is not None:
            return self.rule_.english()
        assert self.trigger is not None and self.effect is not None
        once = f", once per {self.once}" if self.once else ""
        with answering(self.trigger.event_name()):
            effect = self.effect.english()
        return f"whenever {self.trigger.english()}{once}, {effect}"

    def english(self) -> str:
        return f"{self.duration_text()}, {self.content_text()}"

    def run(self) -> Run:
        rule, trigger, effect = self.rule_, self.trigger, self.effect
        lasting = LastingEffect(
            text=self.content_text(), until=self.duration, times=self.times, counting=self.counting,
            changes=tuple(rule.changes()) if rule is not None else (), trigger=trigger,
            run=effect.run() if effect is not None else nothing, once=self.once)
        return lambda ctx: ctx.world.install_lasting(ctx, lasting)

    def value(self) -> float:
        share = min(1.0, 0.3 * self.times) if self.duration == "times" else WORTH[self.duration]
        if self.rule_ is not None:
            return 6.0 * share
        assert self.effect is not None
        return 3.0 * self.effect.value() * share

    def problems(self, power: Node) -> list[tuple[int, str, str]]:
        if self.rule_ is not None and any(isinstance(n, RuleNode) and n.of_this_contract() for n in self.rule_.walk()):
            return [(self.col, "P020", "`this contract` cannot be given a duration")]
        return []

    def scopes(self, binds: frozenset[str]) -> Iterator[tuple[Node, frozenset[str]]]:
        if self.counting is not None:
            yield self.counting, binds
        if self.rule_ is not None:
            yield self.rule_, binds
        if self.trigger is not None:
            yield self.trigger, binds
            if self.effect is not None:
                yield self.effect, self.trigger.binds


@construct
@dataclass(frozen=True)
class NextTime(Effect):
    """`the next time EVENT, EFFECT` (or the next N times): a trigger that works for that many events."""

    level: ClassVar[str] = "effect"
    grammar: ClassVar[str] = r'''
!next_time: "the" "next" ("time" | INT "times") trigger "," branch
'''
    syntax: ClassVar[str] = "the next time | the next N times EVENT, EFFECT"
    meaning: ClassVar[str] = ("a lasting trigger that works once (or N times): each of the next times the event happens "
                              "after this step (not the completion now under way), the effect runs for the owner, "
                              "wherever the card is by then")
    examples: ClassVar[tuple[str, ...]] = ("on completion: the next time you complete a shipment, gain its payout",
                                           "on completion: the next 3 times another player draws, draw 1")
    numbers: ClassVar[tuple[Bound, ...]] = (OCCURRENCES,)
    useless_after_game: ClassVar[bool] = True
    times: int = 1
    trigger: Trigger | None = None
    effect: Effect | None = None

    @classmethod
    def build(cls, col: int, children: Children) -> NextTime:
        return cls((ints(children) or [1])[0], first(children, Trigger), first(children, Effect), col=col)

    def english(self) -> str:
        assert self.trigger is not None and self.effect is not None
        when = "the next time" if self.times == 1 else f"each of the next {self.times} times"
        with answering(self.trigger.event_name()):
            effect = self.effect.english()
        return f"{when} {self.trigger.english()}, {effect}"

    def run(self) -> Run:
        assert self.trigger is not None and self.effect is not None
        each = "" if self.times == 1 else " (each time)"
        lasting = LastingEffect(text=f"{self.effect.english()}{each}", until="times", times=self.times,
                                counting=self.trigger, trigger=self.trigger, run=self.effect.run())
        return lambda ctx: ctx.world.install_lasting(ctx, lasting)

    def value(self) -> float:
        assert self.effect is not None
        return self.effect.value() * min(self.times, 3)

    def scopes(self, binds: frozenset[str]) -> Iterator[tuple[Node, frozenset[str]]]:
        if self.trigger is not None:
            yield self.trigger, binds
            if self.effect is not None:
                yield self.effect, self.trigger.binds


__all__ = ["Lasting", "NextTime", "Sequence"]
