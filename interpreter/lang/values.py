"""Numbers: amounts effects use (`2`, `2 for each of your goods`, `(at most 6)`), and values that
conditions compare (`your credits`, `the number of ...`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from interpreter.lang.bounds import COMPARED, EVERY, Bound
from interpreter.lang.cards import Owner, first, ints, words
from interpreter.lang.english import answered_event, counted
from interpreter.lang.registry import Children, Node, construct
from interpreter.lang.roles import Group, Value
from interpreter.lang.world import Number

CARD_WORTH = 2.0  # a card in hand is worth about one action, 2 credits (card-estimates.yaml's valuation)


@dataclass(frozen=True)
class Modifier(Node):
    """A part of an amount that changes the number: a multiplier, a cap, a rounding."""

    role: ClassVar[str] = "modifier"

    def apply(self, inner: Number) -> Number:
        raise NotImplementedError


@construct
@dataclass(frozen=True)
class ForEach(Modifier):
    """Times a count: `2 for each of your agriculture goods`, `1 for each card in your hand beyond 5`."""

    grammar: ClassVar[str] = r'''
!for_each: ("for" "each" | "per") group ("beyond" INT)?
'''
    numbers: ClassVar[tuple[Bound, ...]] = (COMPARED,)
    syntax: ClassVar[str] = "for each THING [beyond N]"
    meaning: ClassVar[str] = "the amount is multiplied by the count; `beyond N` counts only what exceeds N"
    examples: ClassVar[tuple[str, ...]] = ("on completion: gain 2 for each of your agriculture shipments",
                                           "at game end: lose 2 for each card in your hand beyond 5")
    group: Group | None = None
    beyond: int = 0

    @classmethod
    def build(cls, col: int, children: Children) -> ForEach:
        return cls(first(children, Group), ints(children)[-1] if ints(children) else 0, col=col)

    def english(self) -> str:
        assert self.group is not None
        beyond = f" beyond {self.beyond}" if self.beyond else ""
        return f"for each {self.group.english()}{beyond}"

    def times(self) -> Number:
        assert self.group is not None
        count, beyond = self.group.count(), self.beyond
        return lambda ctx: max(0, count(ctx) - beyond)

    def apply(self, inner: Number) -> Number:
        times = self.times()
        return lambda ctx: inner(ctx) * times(ctx)


@construct
@dataclass(frozen=True)
class ForEvery(Modifier):
    """Times a count divided by N, rounded down: `1 for every 2 of your technology goods`."""

    grammar: ClassVar[str] = r'''
!for_every: "for" "every" INT group
'''
    numbers: ClassVar[tuple[Bound, ...]] = (EVERY,)
    syntax: ClassVar[str] = "for every N THING"
    meaning: ClassVar[str] = "the amount is multiplied by the count divided by N, rounded down"
    examples: ClassVar[tuple[str, ...]] = ("when you load a container, once per turn: take 1 free load action for every 2 of your technology goods",)
    every: int = 2
    group: Group | None = None

    @classmethod
    def build(cls, col: int, children: Children) -> ForEvery:
        return cls(ints(children)[0], first(children, Group), col=col)

    def english(self) -> str:
        assert self.group is not None
        return f"for every {self.every} {self.group.plural()}"

    def times(self) -> Number:
        assert self.group is not None
        count, every = self.group.count(), max(1, self.every)
        return lambda ctx: count(ctx) // every

    def apply(self, inner: Number) -> Number:
        times = self.times()
        return lambda ctx: inner(ctx) * times(ctx)


@construct
@dataclass(frozen=True)
class AtMost(Modifier):
    """A cap on the whole amount: `2 for each luxury good you have (at most 6)`."""

    grammar: ClassVar[str] = r'''
!at_most: "(" "at" "most" INT ("in" "all")? ")"
'''
    numbers: ClassVar[tuple[Bound, ...]] = (COMPARED,)
    syntax: ClassVar[str] = "(at most N)"
    meaning: ClassVar[str] = "the amount, multiplied out, is never more than N"
    examples: ClassVar[tuple[str, ...]] = ("on completion: each player draws 1 for each shipment they have (at most 3)",)
    most: int = 0

    @classmethod
    def build(cls, col: int, children: Children) -> AtMost:
        return cls(ints(children)[0], col=col)

    def english(self) -> str:
        return f"(at most {self.most} in all)"

    def apply(self, inner: Number) -> Number:
        most = self.most
        return lambda ctx: min(most, inner(ctx))


@construct
@dataclass(frozen=True)
class Rounded(Modifier):
    """Which way a number is rounded: a half (`half ... rounded down`, `is halved rounded up`), or to
    an even number (credits move in 2s, R1.8.3). The one home of rounding in the language."""

    grammar: ClassVar[str] = r'''
!rounded: "rounded" ("up" | "down") "to" "an" "even" "number"
!_half_rounded: "rounded" ("up" | "down")
'''
    syntax: ClassVar[str] = "rounded up|down to an even number (after an amount) | rounded up|down (after `half` or `halved`)"
    meaning: ClassVar[str] = ("after an amount: an odd result becomes the even number next to it that way; after `half VALUE` "
                              "or `is halved`: which way a half is rounded (up unless it says down)")
    examples: ClassVar[tuple[str, ...]] = (
        "on completion: draw until two drawn cards share a good type then gain 1 for each card drawn rounded up to an even number",
        "at game end: score half the number of cards in your hand rounded up",
        "rule: your load requirement of luxury contracts is halved rounded down")
    # After `half` and `halved` its words are `rounded up|down` alone (_half_rounded, which those
    # constructs read with `of_half`): `to an even number` there would be ambiguous with `PRICE to EFFECT`.
    down: bool = False
    even: bool = False

    @classmethod
    def build(cls, col: int, children: Children) -> Rounded:
        w = words(children)
        return cls("down" in w, "even" in w, col=col)

    @classmethod
    def of_half(cls, col: int, children: Children) -> Rounded | None:
        """The rounding `half ... rounded down` or `is halved rounded up` says, if it says one."""
        w = words(children)
        return cls("down" in w, col=col) if "rounded" in w else None

    def english(self) -> str:
        return f"rounded {'down' if self.down else 'up'}{' to an even number' if self.even else ''}"

    def half(self, value: int) -> int:
        """Half of `value`, rounded this way (then to even, if it says so)."""
        return self.round(value // 2 if self.down else -(-value // 2))

    def round(self, value: int) -> int:
        if not self.even or value % 2 == 0:
            return value
        return value - 1 if self.down else value + 1

    def apply(self, inner: Number) -> Number:
        return lambda ctx: self.round(inner(ctx))


@construct
@dataclass(frozen=True)
class Amount(Node):
    """How much: a number, multiplied, capped and rounded by what follows it."""

    role: ClassVar[str] = "amount"
    rule: ClassVar[str] = "how_much"
    grammar: ClassVar[str] = r'''
!how_much: INT ("credit" | "credits" | "card" | "cards" | "point" | "points")? (for_each | for_every)? at_most? rounded?
'''
    syntax: ClassVar[str] = "N [credits|cards|points] [for each ... | for every N ...] [(at most N)] [rounded up|down to an even number]"
    meaning: ClassVar[str] = "a number of credits or cards"
    examples: ClassVar[tuple[str, ...]] = ("on completion: draw 5", "on completion: gain 2 credits for each of your shipments")
    n: int = 0
    modifiers: tuple[Modifier, ...] = ()
    noun: str = ""  # the word written after the number, if any (`credits`, `cards`, `points`)

    @classmethod
    def build(cls, col: int, children: Children) -> Amount:
        noun = next((w.rstrip("s") for w in words(children)[1:2] if w.rstrip("s") in ("credit", "card", "point")), "")
        return cls(ints(children)[0], tuple(c for c in children if isinstance(c, Modifier)), noun, col=col)

    def english(self) -> str:
        return " ".join([str(self.n)] + [m.english() for m in self.modifiers])

    def of(self, noun: str, where: str = "") -> str:
        """`2 credits from the bank for each ...`: the number with its noun, then `where` the amount goes
        or comes from, then its modifiers (`... for each card taken from the bank` would misread:
        the cards were not taken from the bank)."""
        per_item = any(isinstance(m, ForEach | ForEvery) for m in self.modifiers)
        base = f"{self.n} {noun if self.n == 1 else noun + 's'}" if per_item else counted(self.n, noun)
        said = " ".join([base] + ([where] if where else []) + [m.english() for m in self.modifiers if not isinstance(m, Rounded)])
        rounded = [m.english() for m in self.modifiers if isinstance(m, Rounded)]
        # `, rounded up ...`: the total is rounded, not each item counted
        return f"{said}, {rounded[0]}" if rounded and per_item else " ".join([said] + rounded)

    def number(self) -> Number:
        n = self.n
        result: Number = lambda ctx: n  # noqa: E731
        for m in self.modifiers:
            result = m.apply(result)
        return result

    def rough(self) -> float:
        """A typical value, for the bot: counts are taken as 2."""
        factor = 2.0 if any(isinstance(m, ForEach | ForEvery) for m in self.modifiers) else 1.0
        cap = next((m.most for m in self.modifiers if isinstance(m, AtMost)), None)
        value = self.n * factor
        return min(value, cap) if cap is not None else value

    def value(self) -> float:
        return self.rough()


EVENT_VALUES: dict[tuple[str, ...], str] = {("its", "payout"): "payout", ("the", "bid"): "bid", ("that", "bid"): "bid",
                ("that", "amount"): "amount", ("that", "many"): "count"}


def _event_value_text(name: str) -> str:
    """`its payout`, `the bid`, ... in words; the bid is whose the event says (AuctionLost: the loser's)."""
    if name == "bid":
        return {"AuctionLost": "the losing bid", "BidPlaced": "that bid"}.get(answered_event(), "the winning bid")
    return {"payout": "its payout", "amount": "that amount", "count": "that many"}[name]


@construct
@dataclass(frozen=True)
class EventAmount(Node):
    """A number the triggering event carries: a shipment's payout, an import's winning bid."""

    role: ClassVar[str] = "amount"
    grammar: ClassVar[str] = r'''
!event_amount: ("its" "payout" | "the" "bid" | "that" "bid" | "that" "amount" | "that" "many") at_most?
'''
    syntax: ClassVar[str] = "its payout | the bid | that amount | that many [(at most N)]"
    meaning: ClassVar[str] = ("the payout of the completed shipment, the winning bid of the import, the credits paid or gained, "
                              "or the cards drawn, of the event that triggered the power; `(at most N)` caps it")
    examples: ClassVar[tuple[str, ...]] = ("on completion: the next time you complete a shipment, gain its payout",
                                           "when you import, once per turn: gain the bid (at most 2)")
    name: str = "payout"
    cap: AtMost | None = None

    @classmethod
    def build(cls, col: int, children: Children) -> EventAmount:
        return cls(EVENT_VALUES[tuple(words(children))], first(children, AtMost), col=col)

    def english(self) -> str:
        said = _event_value_text(self.name)
        return f"{said} {self.cap.english()}" if self.cap is not None else said

    def of(self, noun: str, where: str = "") -> str:
        after = f" {where}" if where else ""
        if self.name == "count":
            return f"that many {noun}s" + (f" {self.cap.english()}" if self.cap is not None else "") + after
        return f"{noun}s equal to {self.english()}{after}"

    def number(self) -> Number:
        name = self.name
        number: Number = lambda ctx: ctx.values.get(name, 0)  # noqa: E731
        return self.cap.apply(number) if self.cap is not None else number

    def rough(self) -> float:
        return min(8.0, self.cap.most) if self.cap is not None else 8.0

    def value(self) -> float:
        return self.rough()

    def needs(self) -> str | None:
        return self.name


# ------------------------------------------------------------------------------------ values compared

@construct
@dataclass(frozen=True)
class WholeNumber(Value):
    rule: ClassVar[str] = "number"
    grammar: ClassVar[str] = r'''
number: INT
'''
    numbers: ClassVar[tuple[Bound, ...]] = (COMPARED,)
    syntax: ClassVar[str] = "N"
    meaning: ClassVar[str] = "a whole number"
    examples: ClassVar[tuple[str, ...]] = ("on completion: if your credits <= 18 then gain 8 else gain 4",)
    n: int = 0

    @classmethod
    def build(cls, col: int, children: Children) -> WholeNumber:
        return cls(ints(children)[0], col=col)

    def english(self) -> str:
        return str(self.n)

    def number(self) -> Number:
        n = self.n
        return lambda ctx: n


@construct
@dataclass(frozen=True)
class Credits(Value):
    """Active credits (`your credits`, `that player's credits`), or passive credits (R1.9.2)."""

    grammar: ClassVar[str] = r'''
!credits: owner ("active" | "passive")? "credits"
'''
    syntax: ClassVar[str] = "OWNER [active|passive] credits"
    meaning: ClassVar[str] = ("the active credits of the players (added up for several); `passive credits`: what they would "
                              "score now beyond their active credits (R1.9.2: innate values, majorities as they stand, one of "
                              "each, 2 per container on ships in harbor, credits parked on cards; not end-game powers)")
    examples: ClassVar[tuple[str, ...]] = ("on completion: if your credits <= 18 then gain 8 else gain 4",
                                           "when a turn ends: if your passive credits >= 20 then draw 1")
    owner: Owner = Owner()
    passive: bool = False

    @classmethod
    def build(cls, col: int, children: Children) -> Credits:
        return cls(first(children, Owner), "passive" in words(children), col=col)

    def english(self) -> str:
        return f"{self.owner.english()} {'passive' if self.passive else 'active'} credits"

    def number(self) -> Number:
        owners = self.owner.resolve()
        if self.passive:
            return lambda ctx: sum(ctx.world.passive_credits(p) for p in owners(ctx))
        return lambda ctx: sum(ctx.world.credits(p) for p in owners(ctx))


@construct
@dataclass(frozen=True)
class NumberOf(Value):
    """How many: `the number of your illegal goods`."""

    grammar: ClassVar[str] = r'''
!number_of: "the" "number" "of" group
'''
    syntax: ClassVar[str] = "the number of THING"
    meaning: ClassVar[str] = "a count (anything `for each` can count)"
    examples: ClassVar[tuple[str, ...]] = ("as soon as the number of your illegal goods >= 8: win the game",)
    group: Group | None = None

    def english(self) -> str:
        assert self.group is not None
        return f"the number of {self.group.plural()}"

    def number(self) -> Number:
        assert self.group is not None
        return self.group.count()


@construct
@dataclass(frozen=True)
class EventValue(Value):
    """A number the triggering event carries, to compare: `if the bid >= 4`, `if that many > 2`."""

    grammar: ClassVar[str] = r'''
!event_value: "its" "payout" | "the" "bid" | "that" "bid" | "that" "amount" | "that" "many"
'''
    syntax: ClassVar[str] = "its payout | the bid | that amount | that many"
    meaning: ClassVar[str] = ("the payout of the completed shipment, the winning bid of the import, the credits paid or "
                              "gained, or the cards drawn (or actions granted), of the event that triggered the power")
    examples: ClassVar[tuple[str, ...]] = ("when another player imports: if the bid >= 4 then draw 1",
                                           "when you complete a shipment: gain twice its payout")
    name: str = "payout"

    @classmethod
    def build(cls, col: int, children: Children) -> EventValue:
        return cls(EVENT_VALUES[tuple(words(children))], col=col)

    def english(self) -> str:
        return _event_value_text(self.name)

    def number(self) -> Number:
        name = self.name
        return lambda ctx: ctx.values.get(name, 0)

    def needs(self) -> str | None:
        return self.name


@construct
@dataclass(frozen=True)
class TurnNumber(Value):
    """How many turns have begun (R4.1): 1 during the first turn."""

    grammar: ClassVar[str] = r'''
!turn_number: "the" "turn" "number"
'''
    syntax: ClassVar[str] = "the turn number"
    meaning: ClassVar[str] = "how many turns have begun, this one included (1 during the first turn, R4.1)"
    examples: ClassVar[tuple[str, ...]] = ("as soon as the turn number >= 20, once per game: gain 6",)

    def english(self) -> str:
        return "the turn number"

    def number(self) -> Number:
        return lambda ctx: ctx.world.turn_number()


@construct
@dataclass(frozen=True)
class Scaled(Value):
    """Arithmetic on a value: `twice your credits`, `half the number of ... rounded down`."""

    grammar: ClassVar[str] = r'''
!scaled: "twice" _plain_value | "half" _plain_value _half_rounded?
_plain_value: number | credits | number_of | event_value
'''
    syntax: ClassVar[str] = "twice VALUE | half VALUE [rounded up|down]"
    meaning: ClassVar[str] = "double, or half (rounded up unless it says down) of a value"
    examples: ClassVar[tuple[str, ...]] = ("when another player pays 4 or more: if your credits >= twice that player's credits then gain 4",)
    factor: str = "twice"
    inner: Value | None = None
    rounding: Rounded | None = None

    @classmethod
    def build(cls, col: int, children: Children) -> Scaled:
        return cls(words(children)[0], first(children, Value), Rounded.of_half(col, children), col=col)

    def english(self) -> str:
        assert self.inner is not None
        if self.factor == "twice":
            return f"twice {self.inner.english()}"
        return f"half {self.inner.english()}, {(self.rounding or Rounded()).english()}"

    def number(self) -> Number:
        assert self.inner is not None
        inner = self.inner.number()
        if self.factor == "twice":
            return lambda ctx: 2 * inner(ctx)
        rounding = self.rounding or Rounded()
        return lambda ctx: rounding.half(inner(ctx))


@construct
@dataclass(frozen=True)
class ValueAmount(Node):
    """An amount read from the game: `gain half your credits rounded down`, `draw the number of your shipments`."""

    role: ClassVar[str] = "amount"
    grammar: ClassVar[str] = r'''
!value_amount: (credits | number_of | scaled) at_most?
'''
    syntax: ClassVar[str] = "OWNER credits | the number of THING | twice VALUE | half VALUE [rounded up|down] [(at most N)]"
    meaning: ClassVar[str] = ("as many as a value of the game when the power runs (never below 0); credits move in steps "
                              "of 2 (R1.8.3), so credits gained, lost or paid this way are rounded down to an even number "
                              "(points scored at game end are not)")
    examples: ClassVar[tuple[str, ...]] = ("on completion: draw the number of your shipments (at most 4)",
                                           "on completion: gain twice the number of your luxury goods",
                                           "on completion: each other player pays you half their credits rounded down (at most 6)",
                                           "at game end: score half the number of cards in your hand rounded up")
    inner: Value | None = None
    cap: AtMost | None = None

    @classmethod
    def build(cls, col: int, children: Children) -> ValueAmount:
        return cls(first(children, Value), first(children, AtMost), col=col)

    def english(self) -> str:
        assert self.inner is not None
        return self.inner.english() + (f" {self.cap.english()}" if self.cap is not None else "")

    def of(self, noun: str, where: str = "") -> str:
        inner = self.inner
        assert inner is not None
        twice = isinstance(inner, Scaled) and inner.factor == "twice" and (self.cap is None or self.cap.most % 2 == 0)
        text = self.english()
        if noun == "credit" and not twice:  # credits move in 2s (R1.8.3): one rounding said once, not two
            cap = f" {self.cap.english()}" if self.cap is not None else ""
            rounding = (inner.rounding or Rounded()) if isinstance(inner, Scaled) and inner.factor == "half" else None
            if rounding is None:
                text = f"{inner.english()}{cap} (rounded down to an even number)"
            elif not rounding.even:
                assert isinstance(inner, Scaled) and inner.inner is not None
                then = "rounded down to an even number" if rounding.down else "rounded up, then down to an even number"
                text = f"half {inner.inner.english()}{cap}, {then}"
        return f"{noun}s equal to {text}" + (f" {where}" if where else "")

    def number(self) -> Number:
        assert self.inner is not None
        inner = self.inner.number()
        result: Number = self.cap.apply(inner) if self.cap is not None else inner
        return lambda ctx: max(0, result(ctx))

    def credits(self) -> Number:
        """As credits gained, lost or paid: rounded down to an even number (R1.8.3)."""
        number = self.number()
        return lambda ctx: number(ctx) // 2 * 2

    def rough(self) -> float:
        return min(4.0, self.cap.most) if self.cap is not None else 4.0

    def value(self) -> float:
        return self.rough()
