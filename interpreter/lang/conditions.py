"""Conditions: comparisons, what a player has (`you have the most goods`, `they have an illegal
good`), what a player did this turn, coin flips, ships and cards drawn; joined by and, or, not."""

from __future__ import annotations

import operator
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from lark import Token

from interpreter.lang.bounds import CARDS, COMPARED, GOOD_TYPES, TIMES, Bound
from interpreter.lang.cards import (
    COLOUR_GOOD,
    GOODS,
    ZONE_OF_WORD,
    Filter,
    OfType,
    ShipKind,
    described,
    first,
    ints,
    majorities_held,
    matches,
    narrowed,
    nodes,
    words,
)
from interpreter.lang.counts import OP_TEXT, OPS, QUANTITY_WORDS, WORD_OPS, Test_
from interpreter.lang.english import acting, article, own
from interpreter.lang.registry import Children, Node, Word, construct
from interpreter.lang.roles import Condition, Value
from interpreter.lang.world import Card, Ctx, Player, Test

WORD_RULES = r'''
!_quantity_test: "a" | "an" | "no" | INT | INT "or" ("more" | "fewer" | "less") | "at" "least" INT | "at" "most" INT
               | "exactly" INT | "more" "than" INT | "fewer" "than" INT | "less" "than" INT
!_subject: "you" | "they" | "that" "player" | "each" "other" "player" | "every" "other" "player" | "every" "player"
         | "each" "player" | "any" "player" | "another" "player" | "any" "other" "player" | "no" "other" "player"
         | "no" "player" | "the" "chosen" "player" | "the" "leader"
!_target: "you" | "they" | "that" "player" | "each" "other" "player" | "every" "other" "player" | "any" "other" "player"
!_have_where: "in" ("your" | "their")? "hand" | "on" ("your" | "their")? "ships" _ship_where?
!_every_type: "of" ("every" | "each") "type"
!_noun: filter? _unit _have_where? | _credits_kind? "credits" | _ship_noun
!_credits_kind: "active" | "passive"
!_ship_noun: _ship_adj? ("ship" | "ships") _ship_where? ("with" _quantity_test _filter_good? ("contract" | "contracts" | "container" | "containers"))?
'''

def _leading_test(children: Children) -> Test_:
    """The quantity test at the start of a have-phrase (the words before the noun)."""
    tokens = []
    for c in children:
        if not isinstance(c, Token):
            break
        if c.type == "INT" or str(c) in QUANTITY_WORDS:
            tokens.append(str(c))
        else:
            break
    return Test_.read(tokens)


# ------------------------------------------------------------------------------------ measured nouns

def ship_noun(w: list[str]) -> bool:
    """Whether a have-phrase counts ships (`2 ships at sea`), not containers on them (`containers on your ships`)."""
    noun = next((x for x in w if x in ZONE_OF_WORD or x in ("ship", "ships")), None)
    return noun in ("ship", "ships")


@dataclass(frozen=True)
class Measure:
    """What a comparison between players counts: credits, or cards of a kind in an area."""

    zone: str = "credits"  # credits, passive (credits), goods, imports, shipments, hand, containers, contracts, ships
    filter: Filter | None = None
    ships: str = "all"
    such: ShipKind | None = None  # ships: what they are (colour, empty) and carry

    @staticmethod
    def read(children: Children) -> Measure:
        w = [x for x in words(children) if x not in ("than", "as", "many", "most", "fewest", "more", "fewer", "least", "at",
                                                      "twice", "times", "the")]
        if "credits" in w:
            return Measure("passive" if "passive" in w else "credits")
        ships = "sea" if "sea" in w else "harbor" if "harbor" in w else "all"
        if ship_noun(w):
            return Measure("ships", None, ships, ShipKind.read(w, children))
        zone = next((ZONE_OF_WORD[x] for x in w if x in ZONE_OF_WORD), "goods")
        if "ships" in w:
            zone = "containers"
        elif "hand" in w or zone == "cards":
            zone = "hand"
        ships = "sea" if "sea" in w else "harbor" if "harbor" in w else "all"
        return Measure(zone, first(children, Filter), ships)

    def english(self) -> str:
        return self._noun(plural=True)

    def singular(self) -> str:
        return self._noun(plural=False)

    def _noun(self, plural: bool) -> str:
        """`containers on your ships at sea`: whose ships is the player's the clause is about (own())."""
        if self.zone in ("credits", "passive"):
            return f"{'active' if self.zone == 'credits' else 'passive'} credit" + ("s" if plural else "")
        if self.zone == "ships":
            return self._ships("ships" if plural else "ship")
        nouns = {"goods": "good", "imports": "import", "shipments": "completed shipment", "hand": "card",
                 "containers": "container", "contracts": "contract"}
        noun = nouns[self.zone] + ("s" if plural else "")
        if self.zone == "hand":
            noun += " in hand"
        if self.zone == "containers":
            noun += f" on {own()} ships" + {"all": "", "sea": " at sea", "harbor": " in harbor"}[self.ships]
        return described(self.filter, noun)

    def _ships(self, noun: str) -> str:
        where = {"sea": " at sea", "harbor": " in harbor", "all": ""}[self.ships]
        return (self.such or ShipKind()).english(noun + where)

    def of(self) -> Callable[[Ctx, Player], int]:
        zone, f, ships = self.zone, self.filter, self.ships
        if zone == "credits":
            return lambda ctx, p: ctx.world.credits(p)
        if zone == "passive":
            return lambda ctx, p: ctx.world.passive_credits(p)
        if zone == "ships":
            ok = (self.such or ShipKind()).accepts()
            return lambda ctx, p: sum(1 for s in ctx.world.ships(p, ships) if ok(s))
        if zone == "goods" and f is not None and f.good and f.action is None and (f.tier_min, f.tier_max) == (0, 99):
            good = f.good
            return lambda ctx, p: ctx.world.goods_of_type(p, good)
        if zone == "containers":
            return lambda ctx, p: sum(1 for c in ctx.world.ship_containers(p, ships) if matches(f, c))
        return lambda ctx, p: sum(1 for c in ctx.world.cards(p, zone) if matches(f, c))


SUBJECTS: dict[tuple[str, ...], tuple[str, str]] = {
    ("you",): ("you", "all"), ("they",): ("they", "all"), ("that", "player"): ("that", "all"),
    ("the", "chosen", "player"): ("chosen", "all"), ("the", "leader"): ("leader", "all"),
    ("each", "other", "player"): ("others", "all"), ("every", "other", "player"): ("others", "all"),
    ("every", "player"): ("everyone", "all"), ("each", "player"): ("everyone", "all"), ("any", "player"): ("everyone", "any"),
    ("another", "player"): ("others", "any"), ("any", "other", "player"): ("others", "any"),
    ("no", "other", "player"): ("others", "none"), ("no", "player"): ("everyone", "none"),
}
SUBJECT_TEXT = {"you": "you", "they": "they", "that": "that player", "chosen": "the chosen player", "others": "other player",
                "everyone": "player", "leader": "the leader"}


def group_of(who: str) -> Callable[[Ctx], list[Player]]:
    if who == "you":
        return lambda ctx: [ctx.owner]
    if who == "they":
        return lambda ctx: [ctx.actor]
    if who == "that":
        return lambda ctx: [ctx.that] if ctx.that is not None else []
    if who == "chosen":
        return lambda ctx: [ctx.chosen] if ctx.chosen is not None else []
    if who == "leader":
        return lambda ctx: [p for p in ctx.world.players_from(ctx.owner) if ctx.world.is_leader(p)]
    if who == "others":
        return lambda ctx: ctx.world.players_from(ctx.owner)[1:]
    return lambda ctx: ctx.world.players_from(ctx.owner)


def read_subject(children: Children) -> tuple[str, str, list[Any]]:
    """(who, quantifier, the remaining children) from a leading subject's words."""
    tokens = [str(c) for c in children[:3] if isinstance(c, Token)]
    for size in (3, 2, 1):
        key = tuple(tokens[:size])
        if key in SUBJECTS:
            who, mode = SUBJECTS[key]
            return who, mode, children[size:]
    return "you", "all", children


def subject_text(who: str, mode: str) -> str:
    if who in ("you", "they", "that", "chosen", "leader"):
        return SUBJECT_TEXT[who]
    base = SUBJECT_TEXT[who]
    if mode == "any":
        return "any " + base if who == "everyone" else "another player"
    if mode == "none":
        return "no " + base
    return ("every " if who == "everyone" else "each ") + base


# ------------------------------------------------------------------------------------ what a player has

@dataclass(frozen=True)
class Have(Node):
    """Something a player has; `holds(ctx, p)` says whether `p` has it."""

    role: ClassVar[str] = "have"

    def holds(self) -> Callable[[Ctx, Player], bool]:
        raise NotImplementedError


@construct
@dataclass(frozen=True)
class HaveCount(Have):
    """A number of cards: `an illegal good`, `8 or more illegal goods`, `fewer than 3 cards in your hand`,
    `2 goods of every type`, `no shipments`."""

    grammar: ClassVar[str] = r'''
!have_count: _quantity_test? filter? _unit of_type? _have_where? _every_type? | _quantity_test _credits_kind? "credits"
           | _quantity_test? _ship_noun
'''
    numbers: ClassVar[tuple[Bound, ...]] = (COMPARED,)
    syntax: ClassVar[str] = ("[a|no|N|N or more|N or fewer|at least N|at most N|exactly N|more than N|fewer than N] [FILTER] "
                             "goods|shipments|imports|cards|containers [OF TYPE] [in hand|on ships ...] [of every type]; "
                             "or N or more|fewer than N|... [active|passive] credits; or ... [empty] [COLOUR] ships [at sea|in "
                             "harbor] [with ...]")
    meaning: ClassVar[str] = ("a count of the player's cards (goods include virtual goods, OQ-36; `cards` are in hand; "
                              "containers are on the player's ships), of the player's ships (as in Ships), or their active "
                              "credits (passive credits: what they would score now beyond their active credits, R1.9.2); a "
                              "bare number means at least that many; `of every type`: that many of each of the five good types")
    examples: ClassVar[tuple[str, ...]] = ("at game end: if you have 2 goods of every type then score 20",
                                           "on completion: each other player with an illegal good pays you 2",
                                           "as soon as any player has 40 or more credits, once per game: draw 2",
                                           "on completion: each other player with no ships at sea pays you 2",
                                           "when a turn ends: if you have 10 or more passive credits then draw 1")
    test: Test_ = Test_()
    filter: Filter | None = None
    zone: str = "goods"
    of_type: OfType | None = None
    ships: str = "all"
    every_type: bool = False
    such: ShipKind | None = None  # for ships

    @classmethod
    def build(cls, col: int, children: Children) -> HaveCount:
        w = words(children)
        if w[-1:] == ["credits"]:
            return cls(_leading_test(children), zone="passive" if "passive" in w else "credits", col=col)
        if ship_noun(w):
            measure = Measure.read(children)
            return cls(_leading_test(children), None, "ships", None, measure.ships, False, measure.such, col=col)
        zone = next((ZONE_OF_WORD[x] for x in w if x in ZONE_OF_WORD and x != "hand"), "goods")
        if "ships" in w:
            zone = "containers"
        elif zone == "cards":
            zone = "hand"
        ships = "sea" if "sea" in w else "harbor" if "harbor" in w else "all"
        every = "every" in w[-2:] or "each" in w[-2:]
        return cls(_leading_test(children), first(children, Filter), zone, first(children, OfType), ships, every, col=col)

    def english(self) -> str:
        noun = Measure(self.zone, self.filter, self.ships, self.such).english()
        single = Measure(self.zone, self.filter, self.ships, self.such).singular()
        extra = ""
        if self.of_type is not None:
            extra += " " + self.of_type.english()
        if self.every_type:
            extra += " of every good type"
        return self.test.english(noun + extra, single + extra)

    def holds(self) -> Callable[[Ctx, Player], bool]:
        test, f, of_type = self.test, self.filter, self.of_type
        if self.every_type:
            zone = self.zone
            if zone == "goods":
                return lambda ctx, p: all(test.holds(ctx.world.goods_of_type(p, g)) for g in GOODS)
            return lambda ctx, p: all(test.holds(sum(1 for c in ctx.world.cards(p, zone) if c.good == g and matches(f, c)))
                                      for g in GOODS)
        measure = Measure(self.zone, self.filter, self.ships, self.such).of()
        if of_type is None:
            return lambda ctx, p: test.holds(measure(ctx, p))
        zone = self.zone
        return lambda ctx, p: test.holds(len(narrowed(of_type, ctx, [c for c in ctx.world.cards(p, zone) if matches(f, c)])))


def _targets(children: Children) -> tuple[str, str]:
    """The players compared with, from the words after `than` / `as`."""
    w = words(children)
    for size in (3, 2, 1):
        key = tuple(w[-size:])
        if key in SUBJECTS:
            return SUBJECTS[key]
    return ("others", "all")


@dataclass(frozen=True)
class Comparison(Word):
    """How a player's measure is compared with other players' (`more ... than`, `the most ...`)."""

    english: str = ""


COMPARISONS = (
    Comparison("more", '"more" _noun "than" _target', "more NOUN than PLAYERS",
               "strictly more than each of the players compared with (any one of them with `any`)",
               "on completion: each player with more credits than you pays you 2", english="more {noun} than {target}"),
    Comparison("fewer", '"fewer" _noun "than" _target', "fewer NOUN than PLAYERS",
               "strictly fewer than each of the players compared with (any one of them with `any`)",
               "when a turn ends: if you have fewer goods than each other player then draw 1",
               english="fewer {noun} than {target}"),
    Comparison("as_many", '"at" "least" ("twice" | INT "times")? "as" "many" _noun "as" _target',
               "at least [twice | N times] as many NOUN as PLAYERS",
               "at least as many (or that multiple) as each of the players compared with (any one of them with `any`)",
               "as soon as you have at least twice as many credits as each other player and you have the most goods: win the game",
               english="at least {times}as many {noun} as {target}", numbers=(TIMES,)),
    Comparison("most", '"the" "most" _noun', "the most NOUN",
               "at least one, and no other player has more: a tie counts, unless the game is played with the "
               "`the_most=strict` option (docs/rulings.md); write `more ... than each other player` for strictly more "
               "whatever the option", "at game end: if you have the most shipments then score 8",
               english="the most {noun} (at least one; a tie counts)"),
    Comparison("fewest", '"the" "fewest" _noun', "the fewest NOUN",
               "no other player has fewer (a tie counts unless the `the_most=strict` option)",
               "at game end: if you have the fewest containers then score 4", english="the fewest {noun} (a tie counts)"),
    Comparison("majorities", '"the" "majority" "in" INT "good" "types"', "the majority in N good types",
               "in at least N good types, the player has the most goods (at least one; a tie counts unless the "
               "`the_most=strict` option, docs/rulings.md; virtual goods included)",
               "as soon as you have the majority in 4 good types: win the game",
               english="the most goods in at least {n} good types (in each, at least one; a tie counts)", numbers=(GOOD_TYPES,)),
)


@construct
@dataclass(frozen=True)
class HaveCompared(Have):
    """A player's measure (credits, goods, cards of a kind) compared with other players'."""

    vocabulary: ClassVar[tuple[Word, ...]] = COMPARISONS
    syntax: ClassVar[str] = "a comparison with other players (see the table)"
    meaning: ClassVar[str] = ("how much a player has of something, against the other players: NOUN is `credits` or a count "
                              "like those of `you have N ...` (`goods`, `luxury goods`, `cards in your hand`, `containers "
                              "on your ships at sea`)")
    name: str = "more"
    measure: Measure = Measure()
    target: tuple[str, str] = ("others", "all")
    factor: int = 1  # `twice as many`: 2; `the majority in N good types`: N

    @classmethod
    def build_word(cls, word: Word, col: int, children: Children) -> HaveCompared:
        w = words(children)
        factor = 2 if "twice" in w else (ints(children)[0] if ints(children) and ("times" in w or "types" in w) else 1)
        return cls(word.name, Measure.read(children), _targets(children), factor, col=col)

    def english(self) -> str:
        word = self.word(self.name)
        assert isinstance(word, Comparison)
        times = "" if self.factor == 1 else "twice " if self.factor == 2 else f"{self.factor} times "
        return word.english.format(noun=self.measure.english(), target=subject_text(*self.target), times=times, n=self.factor)

    def holds(self) -> Callable[[Ctx, Player], bool]:
        if self.name in ("most", "fewest"):
            return self._extreme(self.name == "fewest")
        if self.name == "majorities":
            return _majorities(self.factor)
        measure, others, mode, factor = self.measure.of(), group_of(self.target[0]), self.target[1], self.factor
        compare = {"more": operator.gt, "fewer": operator.lt}.get(self.name, lambda mine, theirs: mine >= factor * theirs)

        def holds(ctx: Ctx, p: Player) -> bool:
            mine = measure(ctx, p)
            compared = [compare(mine, measure(ctx, q)) for q in others(ctx) if q is not p]
            return any(compared) if mode == "any" else all(compared)
        return holds

    def _extreme(self, fewest: bool) -> Callable[[Ctx, Player], bool]:
        measure = self.measure.of()

        def holds(ctx: Ctx, p: Player) -> bool:
            mine = measure(ctx, p)
            others = [measure(ctx, q) for q in ctx.world.players_from(p)[1:]]
            if not fewest and mine < 1:  # nobody has "the most" of nothing (OQ-11)
                return False
            if ctx.world.ties_are_the_most():
                return all(mine <= n for n in others) if fewest else all(mine >= n for n in others)
            return all(mine < n for n in others) if fewest else all(mine > n for n in others)
        return holds

    def needs(self) -> str | None:
        return "that player" if self.target[0] == "that" else None


def _majorities(n: int) -> Callable[[Ctx, Player], bool]:
    return lambda ctx, p: majorities_held(ctx, p) >= n


# ------------------------------------------------------------------------------------ predicates

@dataclass(frozen=True)
class Predicate(Node):
    """What is said of a player in a condition or after `who`: `has ...`, `pirated this turn`, `leads`."""

    role: ClassVar[str] = "predicate"

    def holds(self) -> Callable[[Ctx, Player], bool]:
        raise NotImplementedError


@construct
@dataclass(frozen=True)
class Has(Predicate):
    grammar: ClassVar[str] = r'''
!has: ("has" | "have" | "holds" | "hold") have
'''
    syntax: ClassVar[str] = "has|have HAVE"
    meaning: ClassVar[str] = "the player has it (see the `have` constructs)"
    examples: ClassVar[tuple[str, ...]] = ("at game end: if you have the most shipments then score 8",)
    have: Have | None = None

    def english(self) -> str:
        assert self.have is not None
        return f"has {self.have.english()}"

    def holds(self) -> Callable[[Ctx, Player], bool]:
        assert self.have is not None
        return self.have.holds()


DID = {"pirated": "pirate", "contracted": "contract", "loaded": "load", "imported": "import", "supplied": "supply",
       "drew": "draw", "led": "lead", "followed": "follow"}


@construct
@dataclass(frozen=True)
class DidThisTurn(Predicate):
    """What a player does in this turn: leads it (`leads`, `is the leader`, R4.1), or has carried out
    an action (`pirated before you this turn`, `drew this turn`)."""

    grammar: ClassVar[str] = r'''
!did_this_turn: (_did | "won" "an" "import") ("before" "you")? "this" "turn"
              | "lead" | "leads" | "is" "the" "leader" | "are" "the" "leader"
!_did: "pirated" | "contracted" | "loaded" | "imported" | "supplied" | "drew" | "led" | "followed"
'''
    syntax: ClassVar[str] = ("leads | is the leader | pirated|contracted|loaded|imported|won an import|supplied|drew|led|followed "
                             "[before you] this turn")
    meaning: ClassVar[str] = ("`leads`: the player is this turn's leader (R4.1); otherwise the player did that this turn "
                              "(`before you`: before the owner first did it this turn); `won an import` is `imported`")
    examples: ClassVar[tuple[str, ...]] = (
        "when you pirate, once per turn: each player who pirated before you this turn chooses one: pay you 2 or give you 2 cards from their hand",
        "any time after completion while you lead, once per turn: swap 1 card from your hand with 1 card from the island",
        "when a turn ends: each player who won an import this turn pays you 2")
    action: str = "pirate"  # an action, or `leader` for the turn's leader
    before_you: bool = False

    @classmethod
    def build(cls, col: int, children: Children) -> DidThisTurn:
        w = words(children)
        if w[0] in ("lead", "leads", "is", "are"):
            return cls("leader", col=col)
        return cls("import" if w[0] == "won" else DID[w[0]], "before" in w, col=col)

    def english(self) -> str:
        if self.action == "leader":
            return "leads this turn"
        past = {v: k for k, v in DID.items()}[self.action]
        return f"{past} {'before you ' if self.before_you else ''}this turn"

    def holds(self) -> Callable[[Ctx, Player], bool]:
        if self.action == "leader":
            return lambda ctx, p: ctx.world.is_leader(p)
        action, before = self.action, self.before_you
        return lambda ctx, p: ctx.world.did_this_turn(p, action, ctx.owner if before else None)


# ------------------------------------------------------------------------------------ conditions

@construct
@dataclass(frozen=True)
class Holds(Condition):
    """A player (or each, any, no player of a group) fits a predicate: `you have the most goods`,
    `any player has 40 or more credits`, `no other player has more shipments than you`."""

    grammar: ClassVar[str] = r'''
!holds: (_subject | neighbour) predicate
'''
    syntax: ClassVar[str] = ("you|they|that player|the leader|each other player|every player|any player|another player|"
                             "no other player|the player to your left ... PREDICATE")
    meaning: ClassVar[str] = ("`each`/`every`: all of them; `any`/`another`: at least one; `no`: none of them; a player named "
                              "by seat (`the player to your left`) as in Players")
    examples: ClassVar[tuple[str, ...]] = ("at game end: if you have the most shipments then score 8",
                                           "as soon as any player has 40 or more credits, once per game: draw 2",
                                           "when a turn ends: if the player to your left has more goods than you then draw 1")
    who: str = "you"
    mode: str = "all"
    predicate: Predicate | None = None
    seated: Node | None = None  # a player named by seat (`the player to your left`), instead of `who`

    @classmethod
    def build(cls, col: int, children: Children) -> Holds:
        seated = next((c for c in children if isinstance(c, Node) and c.role == "players"), None)
        if seated is not None:
            return cls("seated", "all", first(children, Predicate), seated, col=col)
        who, mode, _rest = read_subject(children)
        return cls(who, mode, first(children, Predicate), col=col)

    def english(self) -> str:
        assert self.predicate is not None
        with acting("your" if self.who == "you" else "their"):
            text = self.predicate.english()
        if self.who in ("you", "they"):
            text = text.replace("has ", "have ", 1).replace("leads", "lead", 1)
        subject = self.seated.english() if self.seated is not None else subject_text(self.who, self.mode)
        return f"{subject} {text}"

    def test(self) -> Test:
        assert self.predicate is not None
        holds, mode = self.predicate.holds(), self.mode
        group = self.seated.resolve() if self.seated is not None else group_of(self.who)  # type: ignore[attr-defined]
        if mode == "any":
            return lambda ctx: any(holds(ctx, p) for p in group(ctx))
        if mode == "none":
            return lambda ctx: not any(holds(ctx, p) for p in group(ctx))
        return lambda ctx: bool(group(ctx)) and all(holds(ctx, p) for p in group(ctx))

    def needs(self) -> str | None:
        return "that player" if self.who == "that" else None

    def refers(self) -> str | None:
        return "chosen" if self.who == "chosen" else None


@construct
@dataclass(frozen=True)
class Compare(Condition):
    grammar: ClassVar[str] = r'''
compare: value (COMPARATOR | _compare_words) value
!_compare_words: ("is" | "are") ("at" "least" | "at" "most" | "more" "than" | "fewer" "than" | "less" "than" | "exactly")
'''
    syntax: ClassVar[str] = "VALUE <= | >= | < | > | = VALUE | VALUE is|are at least|at most|more than|fewer than|exactly VALUE"
    meaning: ClassVar[str] = "compares two numbers, in symbols or in the words `explain` uses"
    examples: ClassVar[tuple[str, ...]] = ("on completion: if your credits <= 18 then gain 8 else gain 4",
                                           "when a turn ends: if the number of cards in your hand is fewer than 3 then draw 1")
    left: Value | None = None
    op: str = ">="
    right: Value | None = None

    @classmethod
    def build(cls, col: int, children: Children) -> Compare:
        values = nodes(children, Value)
        symbol = next((str(c) for c in children if isinstance(c, Token) and c.type == "COMPARATOR"), None)
        return cls(values[0], symbol or WORD_OPS[" ".join(words(children)[1:])], values[1], col=col)

    def english(self) -> str:
        assert self.left is not None and self.right is not None
        left = self.left.english()
        verb = "are" if left.endswith("credits") else "is"
        return f"{left} {verb} {OP_TEXT[self.op]} {self.right.english()}"

    def test(self) -> Test:
        assert self.left is not None and self.right is not None
        left, right, op = self.left.number(), self.right.number(), OPS[self.op]
        return lambda ctx: op(left(ctx), right(ctx))


@construct
@dataclass(frozen=True)
class AllOf(Condition):
    grammar: ClassVar[str] = r'''
all_of: conj "and" cond_atom
'''
    syntax: ClassVar[str] = "CONDITION and CONDITION"
    meaning: ClassVar[str] = "both hold (`and` binds tighter than `or`; use parentheses to group)"
    examples: ClassVar[tuple[str, ...]] = (
        "when you complete a shipment: if that ship has a technology contract and that ship has a consumer contract then gain 4",)
    left: Condition | None = None
    right: Condition | None = None

    def english(self) -> str:
        assert self.left is not None and self.right is not None
        return f"{self.left.english()} and {self.right.english()}"

    def test(self) -> Test:
        assert self.left is not None and self.right is not None
        left, right = self.left.test(), self.right.test()
        return lambda ctx: left(ctx) and right(ctx)


@construct
@dataclass(frozen=True)
class AnyOf(Condition):
    grammar: ClassVar[str] = r'''
any_of: condition "or" conj
'''
    syntax: ClassVar[str] = "CONDITION or CONDITION"
    meaning: ClassVar[str] = "at least one holds"
    examples: ClassVar[tuple[str, ...]] = ("at game end: if you have the most goods or you have the most shipments then score 4",)
    left: Condition | None = None
    right: Condition | None = None

    def english(self) -> str:
        assert self.left is not None and self.right is not None
        return f"{self.left.english()} or {self.right.english()}"

    def test(self) -> Test:
        assert self.left is not None and self.right is not None
        left, right = self.left.test(), self.right.test()
        return lambda ctx: left(ctx) or right(ctx)


@construct
@dataclass(frozen=True)
class Negation(Condition):
    grammar: ClassVar[str] = r'''
negation: "not" cond_atom
'''
    syntax: ClassVar[str] = "not CONDITION"
    meaning: ClassVar[str] = "the condition does not hold"
    examples: ClassVar[tuple[str, ...]] = ("on completion: if not you have the most goods then draw 2",)
    inner: Condition | None = None

    def english(self) -> str:
        assert self.inner is not None
        return f"it is not so that {self.inner.english()}"

    def test(self) -> Test:
        assert self.inner is not None
        inner = self.inner.test()
        return lambda ctx: not inner(ctx)


ONE_TYPE = 1 / 5  # a card of the deck is of a given good type (five types, about as many cards of each)


@construct
@dataclass(frozen=True)
class CoinFlip(Condition):
    grammar: ClassVar[str] = r'''
!coin_flip: "a" "coin" "flip" ("is" | "comes" "up") "heads"
'''
    syntax: ClassVar[str] = "a coin flip is heads"
    meaning: ClassVar[str] = "flips a coin with the game's seeded random generator (event CoinFlipped)"
    examples: ClassVar[tuple[str, ...]] = (
        "on completion: if a coin flip is heads then each other player pays you 4 else you pay each other player 2",)
    reads_the_moment: ClassVar[bool] = True

    def english(self) -> str:
        return "a coin flip comes up heads"

    def test(self) -> Test:
        return lambda ctx: ctx.world.coin_flip(ctx.actor)

    def odds(self) -> float:
        return 0.5


@construct
@dataclass(frozen=True)
class RoomFor(Condition):
    """Whether this card would find room in its owner's Goods or Imports (R13), counted as a move of
    it counts: by the limits once the card has left where it lies (out of Shipments, a limit falls)."""

    grammar: ClassVar[str] = r'''
!room_for: "there" "is" "room" "for" "this" "card" "in" "your" ("goods" | "imports")
'''
    syntax: ClassVar[str] = "there is room for this card in your goods|imports"
    meaning: ClassVar[str] = ("the card would fit in that area of its owner's (R13.4), the limits counted as if it had left "
                              "where it lies: a card leaving Shipments takes its share of the limits with it (R13.1)")
    examples: ClassVar[tuple[str, ...]] = (
        "on completion: if there is room for this card in your goods then move this card to your goods else discard this card",)
    zone: str = "goods"

    @classmethod
    def build(cls, col: int, children: Children) -> RoomFor:
        return cls(words(children)[-1], col=col)

    def english(self) -> str:
        return f"there is room for this card in your {self.zone.capitalize()}"

    def test(self) -> Test:
        zone = self.zone
        return lambda ctx: ctx.world.can_move(ctx.card, ctx.owner, zone)


@construct
@dataclass(frozen=True)
class ShipHas(Condition):
    """What the event's ship (or this card's ship, or the chosen ship) carries, or where it is."""

    grammar: ClassVar[str] = r'''
!ship_has: _which_ship ("has" | "carries") _quantity_test? _filter_good? ("contract" | "contracts" | "container" | "containers")
         | _which_ship "has" "containers" "left"
         | _which_ship "is" ("empty" | "at" "sea" | "in" "harbor")
!_which_ship: "that" "ship" | "this" "ship" | "the" "shipment" | "the" "chosen" "ship"
'''
    numbers: ClassVar[tuple[Bound, ...]] = (COMPARED,)
    syntax: ClassVar[str] = ("that ship|this ship|the chosen ship has [a|no|N or more ...] [GOOD] contract(s)|container(s) | "
                             "that ship has containers left | that ship|this ship|the chosen ship is empty|at sea|in harbor")
    meaning: ClassVar[str] = ("the contracts or containers of the event's ship (of a completing ship: the contracts completing "
                              "on it), of this card's ship or of the chosen ship; `empty`: no contract and no container")
    examples: ClassVar[tuple[str, ...]] = ("as a container: if that ship has no agriculture contract then gain 2",
                                           "on completion: choose a ship at sea then if the chosen ship has 3 or more "
                                           "containers then import 1 container from the chosen ship",
                                           "when you pirate from a ship at sea: if that ship is in harbor then draw 1")
    test_: Test_ = Test_()
    good: str | None = None
    what: str = "contracts"  # contracts, containers; or where it is: empty, sea, harbor
    which: str = "that"  # that (this ship and the shipment too: the context's ship), chosen

    @classmethod
    def build(cls, col: int, children: Children) -> ShipHas:
        w = words(children)
        which = "chosen" if w[:2] == ["the", "chosen"] else "that"
        if w[-1] == "left":
            return cls(Test_(">=", 1), None, "containers", which, col=col)
        verb = next(i for i, x in enumerate(w) if x in ("has", "carries", "is"))
        if w[verb] == "is":
            return cls(what={"empty": "empty", "sea": "sea", "harbor": "harbor"}[w[-1]], which=which, col=col)
        after = w[verb + 1:]
        tokens = [x for x in after if x.isdigit() or x in QUANTITY_WORDS]
        good = next((x for x in w if x in GOODS), None) or next((COLOUR_GOOD[x] for x in w if x in COLOUR_GOOD), None)
        what = "containers" if any(x.startswith("container") for x in w) else "contracts"
        return cls(Test_.read(tokens), good, what, which, col=col)

    def english(self) -> str:
        ship = "the chosen ship" if self.which == "chosen" else "that ship"
        if self.what in ("empty", "sea", "harbor"):
            return f"{ship} is { {'empty': 'empty (no contract, no container)', 'sea': 'at sea', 'harbor': 'in harbor'}[self.what]}"
        noun = described(Filter(self.good) if self.good else None, self.what)
        return f"{ship} has {self.test_.english(noun, noun[:-1])}"

    def test(self) -> Test:
        test, good, what, chosen = self.test_, self.good, self.what, self.which == "chosen"

        def holds(ctx: Ctx) -> bool:
            ship = ctx.chosen_ship if chosen else ctx.ship
            if ship is None:
                return False
            if what == "empty":
                return not ship.contracts and not ship.containers
            if what in ("sea", "harbor"):
                return bool(ship.at_sea) == (what == "sea")
            if what == "containers":
                return test.holds(sum(1 for c in ship.containers if good is None or c.good == good))
            cards = ship.contracts if chosen else (ctx.contracts or ship.contracts)  # a completing ship: those completing
            return test.holds(sum(1 for c in cards if good is None or c.good == good))
        return holds

    def needs(self) -> str | None:
        return None if self.which == "chosen" else "that ship"

    def refers(self) -> str | None:
        return "chosen ship" if self.which == "chosen" else None


CARD_SUBJECTS = {("it",): ("them", "all"), ("that", "card"): ("event", "all"),
                 ("the", "revealed", "card"): ("revealed", "all"), ("the", "revealed", "cards"): ("revealed", "all"),
                 ("all", "of", "them"): ("them", "all"), ("any", "of", "them"): ("them", "any"),
                 ("one", "of", "them"): ("them", "any"), ("none", "of", "them"): ("them", "none")}
CARD_SUBJECT_TEXT = {("them", "all"): "every one of them", ("event", "all"): "that card",
                     ("revealed", "all"): "every revealed card", ("them", "any"): "at least one of them",
                     ("them", "none"): "none of them"}


@construct
@dataclass(frozen=True)
class CardIs(Condition):
    """What some cards are: the cards the previous step acted on (`it`, `all of them`, `any of them`), the
    revealed ones, or the event's card: `if it is an illegal card`, `if none of them is a luxury card`."""

    grammar: ClassVar[str] = r'''
!card_is: _card_subject ("is" | "are") "not"? (("a" | "an")? filter ("card" | "cards") | of_type | "the" "named" "card")
!_card_subject: "it" | "that" "card" | "the" "revealed" ("card" | "cards") | ("all" | "any" | "one" | "none") "of" "them"
'''
    syntax: ClassVar[str] = ("it|that card|the revealed card(s)|all|any|one|none of them is|are [not] [a] FILTER card(s) | "
                             "OF TYPE | the named card")
    meaning: ClassVar[str] = ("`it`/`all of them`: the cards the previous step acted on (or revealed, or looked at), every "
                              "one of them (and at least one); `any`/`one of them`: at least one; `none of them`: not one; `that "
                              "card`: the event's card (and `it` too, before any step has acted); `the revealed card(s)`: "
                              "every card revealed earlier in the power")
    examples: ClassVar[tuple[str, ...]] = (
        "on completion: reveal the top card of the deck then if it is an illegal card then gain 4",
        "when another player contracts a card: if that card is not a tier 0 card then draw 1",
        "on completion: look at the top 3 cards of the deck then if none of them is a luxury card then draw 2")
    reads_the_moment: ClassVar[bool] = True
    subject: str = "them"  # them, event, revealed
    mode: str = "all"  # all, any, none
    negated: bool = False
    filter: Filter | None = None
    of_type: OfType | None = None
    named_card: bool = False

    @classmethod
    def build(cls, col: int, children: Children) -> CardIs:
        w = words(children)
        verb = next(i for i, x in enumerate(w) if x in ("is", "are"))
        subject, mode = CARD_SUBJECTS[tuple(w[:verb])]
        return cls(subject, mode, "not" in w[verb:verb + 2], first(children, Filter), first(children, OfType),
                   w[-2:] == ["named", "card"], col=col)

    def english(self) -> str:
        if self.named_card:
            kind = "the named card"
        elif self.of_type is not None:
            kind = self.of_type.english()
        else:
            kind = article(described(self.filter, "card"))
        subject = CARD_SUBJECT_TEXT[(self.subject, self.mode)]
        return f"{subject} is {'not ' if self.negated else ''}{kind}"

    def test(self) -> Test:
        subject, mode, negated, f, of_type = self.subject, self.mode, self.negated, self.filter, self.of_type
        named = self.named_card

        def cards(ctx: Ctx) -> list[Card]:
            if subject == "event":
                card = getattr(ctx.event, "card", None)
                return [card] if card is not None else []
            return list(ctx.revealed if subject == "revealed" else ctx.them)

        def fits(ctx: Ctx, card: Card, among: list[Card]) -> bool:
            if named:
                said = card.id == ctx.named
            elif of_type is not None:
                said = card in narrowed(of_type, ctx, among) if of_type.kind != "same" else len({c.good for c in among}) == 1
            else:
                said = matches(f, card)
            return said != negated

        def holds(ctx: Ctx) -> bool:
            among = cards(ctx)
            found = [fits(ctx, c, among) for c in among]
            if mode == "any":
                return any(found)
            if mode == "none":
                return not any(found)
            return bool(found) and all(found)
        return holds

    def needs(self) -> str | None:
        return "that card" if self.subject == "event" else None

    def refers(self) -> str | None:
        if self.named_card:
            return "named card"
        return {"them": "them", "revealed": "revealed"}.get(self.subject)

    def problems(self, power: Node) -> list[tuple[int, str, str]]:
        if self.of_type is not None and self.of_type.kind in ("choose_good", "choose_action"):
            return [(self.col, "P020", "a condition cannot ask for a choice: name the type first (`name a good type`), "
                                       "then test `of the named type`")]
        return []


@construct
@dataclass(frozen=True)
class Drawn(Condition):
    """What the cards this power drew are: `a card drawn is of the named type`, `a card drawn is a
    luxury card`, `two drawn cards share a good type` (= `are of one good type`). The kind of card is
    a filter or a good type (OfType), as anywhere else in the language."""

    grammar: ClassVar[str] = r'''
!drawn: ("a" "card" "drawn" | "a" "drawn" "card") "is" (of_type | "the" "named" "card" | ("a" | "an") filter "card")
      | ("two" | INT) ("drawn" "cards" | "cards" "drawn") ("are" (of_type | filter "cards") | "share" "a" "good" "type")
'''
    numbers: ClassVar[tuple[Bound, ...]] = (CARDS,)
    syntax: ClassVar[str] = ("a card drawn is OF TYPE | the named card | a FILTER card | "
                             "two|N drawn cards are OF TYPE | are FILTER cards | share a good type")
    meaning: ClassVar[str] = ("the cards drawn by the earlier steps of this power: one of them (or that many) fits; "
                              "`share a good type` is `are of one good type`: that many of one good type")
    examples: ClassVar[tuple[str, ...]] = (
        "on completion: name a good type then draw 2 then if a card drawn is of the named type then gain 8",
        "on completion: draw until two drawn cards share a good type then gain 1 for each card drawn rounded up to an even number",
        "on completion: draw 3 then if 2 cards drawn are luxury cards then gain 4")
    reads_the_moment: ClassVar[bool] = True
    n: int = 1
    filter: Filter | None = None
    of_type: OfType | None = None
    named_card: bool = False

    @classmethod
    def build(cls, col: int, children: Children) -> Drawn:
        w = words(children)
        n = 1 if w[0] == "a" else ints(children)[0] if ints(children) else 2
        of_type = first(children, OfType)
        if "share" in w:
            of_type = OfType("same", col=col)
        return cls(n, first(children, Filter), of_type, "named" in w, col=col)  # `the named type` is an of_type node

    def english(self) -> str:
        if self.named_card:
            return "a card drawn is the card named"
        same = self.of_type is not None and self.of_type.kind == "same"
        kind = ("of one good type" if same else self.of_type.english() if self.of_type is not None
                else described(self.filter, "card" if self.n == 1 else "cards"))
        if self.n == 1:
            return f"a card drawn is {kind if self.of_type is not None else article(kind)}"
        return f"{self.n} of the cards drawn are {kind}"

    def test(self) -> Test:
        n, f, of_type = self.n, self.filter, self.of_type
        if self.named_card:
            return lambda ctx: any(c.id == ctx.named for c in ctx.drawn)
        if of_type is not None and of_type.kind == "same":  # that many of one good type
            return lambda ctx: any(sum(1 for d in ctx.drawn if d.good == c.good) >= n for c in ctx.drawn)
        return lambda ctx: len(narrowed(of_type, ctx, [c for c in ctx.drawn if matches(f, c)])) >= n

    def refers(self) -> str | None:
        return "named card" if self.named_card else "drawn"

    def odds(self) -> float:
        """The deck's make-up is public (R3.2: the discard pile is face up, every card is listed): about
        one card in five is of a given good type (the decks have about as many of each), so one drawn
        card is of a type with odds 1/5, of a type its player names (the one most left in the deck)
        about 1/4; that many of a kind, or of one type: the n-th power of that; a named card: 1 in 100."""
        if self.named_card:
            return 0.01
        one = 0.25 if self.of_type is not None and self.of_type.kind == "named" else ONE_TYPE
        if self.of_type is not None and self.of_type.kind == "same":  # `share a good type`: drawn until they do
            return 1.0
        return one ** self.n
