"""Rules: changes to the engine's rule queries (docs/reference.md lists them) while the card is in
its owner's Shipments (R15.4), or for a while (`until ...`).

Three shapes cover them: a quantity set or changed (`your ship capacity is 8`, `your imports limit is
2 more`, `your majority bonuses are doubled`), a permission given or taken away (`you may load the top
card of the deck`, `other players cannot pirate your ships`), and what fills a load slot (`your
agriculture contracts accept any colour`, `your yellow containers are wild`). `while CONDITION, RULE`
makes any of them conditional.

A rule compiles to (query, maker) pairs: the maker, given the context of the card holding the rule,
returns the modifier `(value, *query arguments) -> value` the engine's query applies."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from lark import Token

from interpreter.lang import credits
from interpreter.lang.bounds import CONTAINERS, COUNT, CREDITS, FEE, THRESHOLD, Bound
from interpreter.lang.cards import ACTIONS, COLOUR_GOOD, GOODS, ZONE_OF_WORD, Filter, Owner, described, first, ints, matches, words
from interpreter.lang.conditions import Condition
from interpreter.lang.english import acting, own
from interpreter.lang.registry import Children, Node, Word, construct
from interpreter.lang.roles import Group, Players, RuleNode
from interpreter.lang.values import AtMost, ForEach, ForEvery, Rounded, Scaled
from interpreter.lang.world import Card, Ctx, Maker, Modifier, Player

Changes = list[tuple[str, Maker]]
UNLIMITED = 1_000_000

# Who a rule is about, from the word that starts it.
SCOPES = {"you": "you", "each_other": "others", "others": "others", "each": "all", "all": "all"}
Scope = str | Players | Owner  # `you`, `others`, `all`, or a node naming the players (Players, Owner: `the player to your left`)


def scope_test(scope: Scope) -> Callable[[Ctx, Player], bool]:
    """Whether a player is one a rule is about: the card's owner, the others, everybody, or the
    players a phrase names (resolved each time the rule is read)."""
    if scope == "you":
        return lambda ctx, p: p is ctx.owner
    if scope == "others":
        return lambda ctx, p: p is not ctx.owner
    if isinstance(scope, str):
        return lambda ctx, p: True
    players = scope.resolve()
    return lambda ctx, p: p in players(ctx)


def scope_of(owner: Owner | None) -> Scope:
    """The players a rule's `OWNER ...` is about: a plain word (`your`, `other players'`, `every
    player's`), or the owner phrase itself (`the player to your left's`)."""
    if owner is None:
        return "game"
    return SCOPES.get(owner.kind, owner)  # `their`: the player acting where the rule is made (a lasting effect in a group step)


# ------------------------------------------------------------------------------------ quantities

@dataclass(frozen=True)
class QuantityName(Word):
    """A number the engine reads through a rule query (docs/reference.md lists the queries).

    `player_arg`: the position of the player concerned among the query's arguments (None: the same
    for everybody). `narrows`: what the phrase's slot narrows the rule to, by the query's arguments:
    `good` (argument 1 is that good type; no good: all), `card` (argument 1 is a card of the
    filter), `action` (argument 1 is that action, for imports counted in argument 2), `containers`
    (argument 2 is that many containers, or more). `additive`: a bare number adds instead of
    replacing (virtual goods). `part_of_good`: the rule changes only the part of the value the goods
    of that type make. `unit`: how the checker bounds a number given to it (check.py's BOUNDS).
    `english`: its words in `explain`, with {good}, {good_} (`luxury `), {cards}, {action}, {n} and {more} filled in."""

    query: str = ""
    english: str = ""
    player_arg: int | None = 0
    narrows: str = ""
    additive: bool = False
    part_of_good: bool = False
    unit: str = "count"
    the_means_all: bool = False  # a per-player quantity `the ...` may set for everybody (`the minimum bid is 4`)


def _quantity(name: str, phrase: str, syntax: str, query: str, english: str, meaning: str, example: str,
              **data: Any) -> QuantityName:
    return QuantityName(name, phrase, syntax, meaning, example, query=query, english=english, **data)


QUANTITIES = (
    _quantity("end_threshold", '"game" "end" "threshold"', "game end threshold", "end_threshold", "game end threshold",
              "the active credits that trigger the game end, for everybody, even in an extended game (R16.1.1, R18.2)",
              "rule: the game end threshold is 70", player_arg=None, unit="threshold"),
    _quantity("import_fee", '"import" "fee"', "import fee", "import_fee",
              "import fee (taken from the bank when another player wins an import from {own} ship)",
              "what a ship's owner receives when another player wins an import from it (R10.6)",
              "rule: your import fee is 4", unit="credits"),
    _quantity("containers_per_import", '"containers" "per" "import"', "containers per import", "containers_per_import",
              "number of containers taken per import won (the winner may take the rules' 2, or more up to this number)",
              "how many containers an import win may take: from the rules' number up to this one (R10.5)",
              "rule: your containers per import is 3", unit="containers"),
    _quantity("ship_capacity", '"ship" "capacity"', "ship capacity", "ship_capacity", "ship capacity",
              "the most containers the contracts on one ship may require together (R6.6)",
              "rule: your ship capacity is 8", unit="containers"),
    _quantity("imports_limit", '"imports" "limit"', "imports limit", "imports_limit", "imports limit",
              "how many cards Imports may hold (R13.2)", "rule: your imports limit is 2 more"),
    _quantity("goods_limit", '"goods" "limit"', "goods limit", "goods_limit", "goods limit",
              "how many cards Goods may hold (R13.3)", "rule: your goods limit is 2 more"),
    _quantity("sale_price", '"sale" "price"', "sale price", "sale_price", "sale price",
              "credits for each card sold to the supply island, by SUPPLY (R12.1.1) or by a power's `sell`",
              "rule: your sale price is 2 more", unit="credits"),
    _quantity("sales_per_turn", '"sales" "per" "turn"', "sales per turn", "sales_per_turn", "sales per turn",
              "SUPPLY sales allowed in one turn (R12.2)", "rule: your sales per turn is 2"),
    _quantity("draw_action_size", '"draw" "action" "size"', "draw action size", "draw_count", "draw action size",
              "how many cards a draw action draws (up to 5 in hand, at least 1, R4.2.1)", "rule: your draw action size is 1 more"),
    _quantity("one_of_each_bonus", '"one" "of" "each" "bonus"', "one of each bonus", "one_of_each_bonus", "one of each bonus",
              "the bonus for a good of every type (R17.7)", "rule: your one of each bonus is 15"),
    _quantity("contracts_per_action", '"contracts" "per" "contract" "action"', "contracts per contract action",
              "contracts_per_action", "contracts per contract action",
              "how many cards one CONTRACT instance may place together on one ship, within its capacity (R6.1)",
              "rule: your contracts per contract action is 2"),
    _quantity("returns_with", '"containers" "left" "when" "ships" "return"', "containers left when ships return",
              "returns_with", "number of containers at or below which {own} ships at sea come home with them (0 by the rules: once empty)",
              "a ship at sea comes home when it carries no more than this (R9.2; 0 by the rules)",
              "rule: your containers left when ships return is 1"),
    _quantity("payout", '"payout" "for" INT ("or" "more")? "containers"', "payout for N [or more] containers", "payout",
              "payout for a ship completed with {n}{more} containers",
              "the credits a ship completed with that many containers pays (R8.2.2, OQ-17)",
              "rule: your payout for 8 or more containers is 18", narrows="containers", unit="credits", numbers=(CONTAINERS,)),
    _quantity("majority_bonus", '_good? "majority" ("bonus" | "bonuses" | "penalty")', "[GOOD] majority bonus|bonuses|penalty",
              "majority_bonus", "{good_}majority bonus (or penalty)",
              "what the player receives of a majority bonus or penalty (R17.6; -6 for illegal)",
              "rule: your majority bonuses are doubled", narrows="good"),
    _quantity("innate_value", '"innate" "value" "of" _good "goods"', "innate value of GOOD goods", "innate_value",
              "end-game value of each {good_}good", "what each good of that type scores at game end (R17.5)",
              "rule: your innate value of luxury goods is 3", narrows="good"),
    _quantity("level", '"level" "in" _good', "level in GOOD", "level", "level in {good}",
              "the level in a good type, which contracting needs (R5.1, R5.3)", "rule: your level in luxury is 1 more",
              narrows="good"),
    _quantity("virtual_goods_of", '"virtual" "goods" "of" (_good | "every" "type")', "virtual goods of GOOD|every type",
              "goods_of_type", "virtual goods of {good_or_every} (goods without a card, not in the goods limit)",
              "goods without a card, counted in levels, majorities, one-of-each and values, never in the goods limit "
              "(OQ-36); a number adds that many", "rule: your virtual goods of every type are 1", narrows="good", additive=True),
    _quantity("majority_count", '"majority" "count" "of" _good "goods"', "majority count of GOOD goods", "majority_goods",
              "number of {good_}goods counted for majorities",
              "how many goods of that type the player counts for majorities (R17.6), nowhere else",
              "rule: your majority count of luxury goods is doubled", narrows="good"),
    _quantity("extra_imports", '"extra" _filter_action "imports"', "extra ACTION imports", "instances",
              "extra {action} imports (without cards, not in the imports limit)",
              "virtual imports: each adds an instance of that action like an import card (R4.6.7), without using "
              "Imports space; a number adds that many",
              "rule: your extra load imports are 1 for every 2 of your technology goods", narrows="action", additive=True),
    _quantity("goods_room", '"room" "taken" "by" _good "goods"', "room taken by GOOD goods", "goods_counted",
              "room taken in the goods limit by {good_}goods",
              "how many places goods of that type use toward the goods limit (R13.4)",
              "rule: your room taken by luxury goods is halved", part_of_good=True),
    _quantity("contract_cost", '"contract" "cost" "of" filter? "cards"', "contract cost of [FILTER] cards", "contract_cost",
              "cost of contracting {cards}", "credits paid to the bank to contract such a card (0 by the rules)",
              "rule: your contract cost of tier 0 cards is 2", narrows="card", unit="credits"),
    _quantity("tier_requirement", '"tier" "requirement" "of" filter? "cards"', "tier requirement of [FILTER] cards",
              "tier_needed", "tier requirement of {cards} (the level needed to contract it with one CONTRACT instance)",
              "the level in its good type a player needs to contract such a card with one instance: its tier by the "
              "rules; each level missing costs one more instance (R5.3, R6.4)",
              "rule: your tier requirement of luxury cards is 1 less", narrows="card"),
    _quantity("load_requirement", '"load" "requirement" "of" filter? "contracts"', "load requirement of [FILTER] contracts",
              "contract_need", "load requirement of {cards}",
              "how many containers such a contract needs in all (R1.3.5); when fewer than printed, the player chooses "
              "which of its colours to fill", "rule: your load requirement of luxury contracts is halved", narrows="card"),
    _quantity("minimum_bid", '"minimum" "bid" ("on" owner "ships")?', "minimum bid [on OWNER ships]", "minimum_bid",
              "minimum bid{on}", "the lowest bid a player may make in an import auction, on any ship or on the ships named "
              "(0 by the rules, R10.3); a player who cannot pay it takes no part; a lone participant pays it instead of "
              "taking the containers free (R10.3.3); `the minimum bid` is everybody's",
              "rule: the minimum bid on your ships is 4", narrows="ship_owner", unit="credits", the_means_all=True),
    _quantity("most_into_imports", '"containers" "into" "imports" "per" "import"', "containers into imports per import",
              "most_into_imports", "containers into Imports per import won",
              "how many of the containers an import win takes may go into Imports, the others into Goods (R10.5: 1)",
              "rule: your containers into imports per import is 2"),
    _quantity("actions_per_turn", '_filter_action "actions" "per" "turn"', "ACTION actions per turn", "instances",
              "number of {action} actions per turn", "how many instances of that action a player has in a turn (R4.6: one, and "
              "one per matching import); with `is at most N`, a limit", "rule: other players' pirate actions per turn are at most 1",
              narrows="action_only"),
)


@construct
@dataclass(frozen=True)
class Quantity(Node):
    """A number the rules use, named by a phrase of the vocabulary (QUANTITIES): adding one the
    engine already has a query for is one more entry there."""

    role: ClassVar[str] = "quantity"
    rule: ClassVar[str] = "named_quantity"  # `quantity` is the role's rule
    vocabulary: ClassVar[tuple[Word, ...]] = QUANTITIES
    syntax: ClassVar[str] = "a quantity's name (see the table)"
    meaning: ClassVar[str] = "a number the rules use, read through one of the engine's rule queries"
    name: str = "ship_capacity"
    good: str | None = None
    filter: Filter | None = None
    action: str = ""
    n: int = 0
    or_more: bool = False
    against: Owner | None = None  # whose ships (`minimum bid on your ships`)

    @classmethod
    def build_word(cls, word: Word, col: int, children: Children) -> Quantity:
        w = words(children)
        by_action = isinstance(word, QuantityName) and word.narrows in ("action", "action_only")
        action = next((x for x in w if x in ACTIONS), "") if by_action else ""
        return cls(word.name, _good_of(children), first(children, Filter), action, (ints(children) or [0])[0],
                   "more" in w, first(children, Owner), col=col)

    @property
    def spec(self) -> QuantityName:
        word = self.word(self.name)
        assert isinstance(word, QuantityName)
        return word

    @property
    def query(self) -> str:
        return self.spec.query

    @property
    def player_arg(self) -> int | None:
        return self.spec.player_arg

    @property
    def additive(self) -> bool:
        return self.spec.additive

    def english(self) -> str:
        noun = "contract" if self.name == "load_requirement" else "card"
        return self.spec.english.format(
            good_=f"{self.good} " if self.good else "", good=self.good or "", good_or_every=self.good or "every type",
            cards=f"each {described(self.filter, noun)}" if noun == "contract" else f"a {described(self.filter, noun)}",
            action=self.action.upper(), n=self.n, more=" or more" if self.or_more else "",
            on=f" on {self.against.english()} ships" if self.against is not None else "", own=own())

    def applies(self) -> Callable[[Ctx, tuple[Any, ...]], bool]:
        """Which calls of the query the rule changes, from what the phrase's slot names."""
        narrows, good, f, action, n, more = self.spec.narrows, self.good, self.filter, self.action, self.n, self.or_more
        if narrows == "good":
            return lambda ctx, args: good is None or args[1] == good
        if narrows == "card":
            return lambda ctx, args: matches(f, args[1])
        if narrows == "action":
            return lambda ctx, args: args[1] == action and bool(args[2])
        if narrows == "action_only":
            return lambda ctx, args: args[1] == action
        if narrows == "containers":
            return lambda ctx, args: args[2] >= n if more else args[2] == n
        if narrows == "ship_owner" and self.against is not None:
            owners = self.against.resolve()
            return lambda ctx, args: args[1] is not None and args[1] in owners(ctx)
        return lambda ctx, args: True


def _goods_of(children: Children) -> tuple[str, ...]:
    """The good types named by the words (a colour names its good), each once, in order."""
    return tuple(dict.fromkeys(COLOUR_GOOD.get(str(c), str(c)) for c in children
                               if isinstance(c, Token) and (str(c) in GOODS or str(c) in COLOUR_GOOD)))


def _good_of(children: Children) -> str | None:
    goods = _goods_of(children)
    return goods[0] if goods else None


# ------------------------------------------------------------------------------------ setting a quantity

CHANGE_TEXT = {"set": "is {n}", "more": "is raised by {n}", "less": "is lowered by {n}", "doubled": "is doubled",
               "most": "is at most {n}", "least": "is at least {n}",
               "halved": "is halved", "unlimited": "is lifted (no limit)", "bonus": "counts as a bonus instead of a penalty",
               "add": "go up by {n}"}


@construct
@dataclass(frozen=True)
class SetQuantity(RuleNode):
    """`your QUANTITY is N`, `is N more`, `is N less`, `is doubled`, `is halved`, `is unlimited`, `counts as a bonus`."""

    grammar: ClassVar[str] = r'''
!set_quantity: ("the" | owner) quantity ("is" | "are" | "counts" "as" | "count" "as") _change
!_change: INT ((for_each | for_every) at_most?)? ("more" | "less")? | "doubled" | "halved" _half_rounded? | "unlimited" | "a" "bonus"
        | "at" ("most" | "least") INT | "the" "number" group at_most? | scaled at_most?
'''
    syntax: ClassVar[str] = ("OWNER|the QUANTITY is N | is N for each THING [(at most N)] | is the number of THING [(at most N)] | "
                             "is N more | is N less | "
                             "is half|twice VALUE | is at most N | is at least N | is doubled | is halved [rounded down] | is unlimited | "
                             "counts as a bonus")
    meaning: ClassVar[str] = ("sets or changes a number the rules use, for the card's owner (`your`), the others (`other "
                              "players'`), everybody (`every player's`), any players named (`the player to your left's`) or "
                              "the game (`the`); a bare number replaces the rules' value, except for quantities that add up "
                              "(virtual goods, extra imports); `at most N` / `at least N` limit it without changing it otherwise")
    examples: ClassVar[tuple[str, ...]] = ("rule: your ship capacity is 8", "rule: the game end threshold is 70",
                                           "rule: other players' goods limit is the number of your shipments",
                                           "rule: other players' goods limit is half the number of their goods rounded down",
                                           "rule: your import fee is 2 for each of your shipments (at most 6)",
                                           "rule: your illegal majority penalty counts as a bonus",
                                           "rule: other players' pirate actions per turn are at most 1")
    scope: Scope = "you"
    quantity: Quantity | None = None
    op: str = "set"
    n: int = 0
    per: Node | None = None
    rounding: Rounded | None = None  # how `halved` rounds (up unless it says down)
    scaled: Scaled | None = None  # `is half the number of ...`: the number, read when the rules ask
    cap: AtMost | None = None  # `is 2 for each of your shipments (at most 6)`

    @classmethod
    def build(cls, col: int, children: Children) -> SetQuantity:
        owner = first(children, Owner)
        scope = scope_of(owner)
        quantity = first(children, Quantity)
        w = words(children)
        tail = w[w.index("is") + 1:] if "is" in w else w[w.index("are") + 1:] if "are" in w else w[w.index("as") + 1:]
        n = int(next((t for t in tail if t.isdigit()), "0"))
        if tail[:2] in (["at", "most"], ["at", "least"]):
            op = tail[1]
        elif "doubled" in tail:
            op = "doubled"
        elif "halved" in tail:
            op = "halved"
        elif "unlimited" in tail:
            op = "unlimited"
        elif "bonus" in tail[-1:]:
            op = "bonus"
        elif "more" in tail[-1:]:
            op = "more"
        elif "less" in tail[-1:]:
            op = "less"
        else:
            op = "add" if quantity is not None and quantity.additive else "set"
        per = first(children, (ForEach, ForEvery))
        counted = first(children, Group)
        if per is None and counted is not None and tail[:2] == ["the", "number"]:  # `is the number of X`: 1 for each X
            n, per = 1, ForEach(counted, col=counted.col)
        value = first(children, Scaled)
        return cls(scope, quantity, op, n, per, None if value else Rounded.of_half(col, children), value, first(children, AtMost),
                   col=col)

    def number_bounds(self) -> tuple[Bound, ...]:
        """The number set or added counts what its quantity counts."""
        unit = self.quantity.spec.unit if self.quantity is not None else "count"
        setting = self.op in ("set", "most", "least")
        return ({"threshold": THRESHOLD if setting else FEE, "containers": CONTAINERS if setting else COUNT,
                 "credits": FEE}.get(unit, COUNT),)

    def english(self) -> str:
        assert self.quantity is not None
        whose = _whose(self.scope)
        with acting("their" if self.scope != "you" else "your"):  # `their goods`: each player's whose quantity it is
            per = f" {self.per.english()}" if self.per is not None else ""
            cap = f" {self.cap.english()}" if self.cap is not None else ""
            change = CHANGE_TEXT[self.op].format(n=(self.scaled.english() if self.scaled is not None else f"{self.n}{per}") + cap)
            quantity = self.quantity.english()
        if self.op == "halved":
            change += f", {(self.rounding or Rounded()).english()}"
        return f"{whose} {quantity} {change}"

    def changes(self) -> Changes:
        assert self.quantity is not None
        quantity, op, n, scope = self.quantity, self.op, self.n, self.scope
        rounding = self.rounding or Rounded()
        applies, arg = quantity.applies(), quantity.player_arg
        per = self.per.times() if self.per is not None else None  # type: ignore[attr-defined]
        read = self.scaled.number() if self.scaled is not None else None
        most = self.cap.most if self.cap is not None else None
        counts = read is not None or per is not None  # the amount is read from the game, for some player
        who = scope_test(scope if scope != "game" else "all")
        is_room = quantity.spec.part_of_good

        def make(ctx: Ctx) -> Modifier:
            def modifier(value: Any, *args: Any) -> Any:
                if arg is not None and not who(ctx, args[arg]):
                    return value
                if not applies(ctx, args):
                    return value
                # `their shipments` counts for the player whose quantity is asked; `your`, the card's owner (a
                # context of its own only for another player: queries are asked throughout every turn)
                asked = ctx.as_actor(args[arg]) if counts and arg is not None and args[arg] is not ctx.actor else ctx
                amount = max(0, read(asked)) if read is not None else n * per(asked) if per is not None else n
                if most is not None:
                    amount = min(amount, most)
                if is_room:  # goods of one type take less room: the change applies to their part only
                    good = quantity.good
                    mine = sum(1 for c in ctx.world.cards(args[0], "goods") if c.good == good)
                    return value - mine + _changed(mine, op, amount, rounding)
                return _changed(value, op, amount, rounding)
            return modifier
        return [(quantity.query, make)]

    def problems(self, power: Node) -> list[tuple[int, str, str]]:
        if self.quantity is None:
            return []
        is_global = self.quantity.player_arg is None
        if is_global and self.scope != "game":
            return [(self.col, "P020", f"the {self.quantity.english()} is the same for everybody: write `the {self.quantity.english()}`")]
        if not is_global and self.scope == "game" and not self.quantity.spec.the_means_all:
            return [(self.col, "P020", f"say whose {self.quantity.english()} it is: `your ...`, `other players' ...`")]
        unit = self.quantity.spec.unit
        if unit == "threshold" and self.op == "set" and self.n % 2:
            return [(self.col, "P023", f"active credits are always even (R1.8.3); a threshold of `{self.n}` works like {self.n + 1}")]
        if unit == "credits" and self.cap is not None and self.cap.most % 2:
            return [(self.cap.col, "P023", f"credits change in steps of 2 (R1.8.3); a cap of `{self.cap.most}` credits is odd")]
        if unit == "credits" and self.scaled is not None and self.scaled.factor == "half":
            return [(self.scaled.col, "P023", "credits change in steps of 2 during play (R1.8.3), and half a number can be odd: "
                                       "write `2 for each ...`")]
        if unit == "credits" and self.op in ("set", "more", "less"):
            if self.n == 1 and isinstance(self.per, ForEach) and not self.numbers_at:  # written `the number of ...`
                return [(self.col, "P023", "credits change in steps of 2 during play (R1.8.3): `the number of ...` counts 1 "
                                           "credit for each; write `2 for each ...`")]
            return credits.odd(self.n, self.col, power)
        return []


def _whose(scope: Scope) -> str:
    if isinstance(scope, str):
        return {"you": "your", "others": "the other players'", "all": "every player's", "game": "the"}[scope]
    return str(scope.english())


def _changed(value: int, op: str, n: int, rounding: Rounded) -> int:
    if op == "set":
        return n
    if op == "most":
        return min(value, n)
    if op == "least":
        return max(value, n)
    if op in ("more", "add"):
        return value + n
    if op == "less":
        return max(0, value - n)
    if op == "doubled":
        return value * 2
    if op == "halved":
        return rounding.half(value)
    if op == "unlimited":
        return UNLIMITED
    if op == "bonus":
        return abs(value)
    return value


# ------------------------------------------------------------------------------------ permissions

@dataclass(frozen=True)
class Permission(Node):
    """Something the rules forbid or allow; `changes(allowed, scope)` turns it on or off."""

    role: ClassVar[str] = "permission"

    def changes(self, allowed: bool, scope: Scope) -> Changes:
        raise NotImplementedError


SOURCES = {("ships", "in", "harbor"): "harbor", ("the", "deck"): "deck", ("hands",): "hand", ("ships", "at", "sea"): "sea",
           ("the", "island"): "island"}
SOURCE_TEXT = {"harbor": "ships in harbor", "deck": "the top of the deck", "hand": "a random card of another player's hand",
               "sea": "ships at sea", "island": "the supply island"}


@dataclass(frozen=True)
class PermissionName(Word):
    """Something the rules allow or forbid, answered by a rule query for one player.

    `player_arg`: the query's argument that is the player the rule is about (`you`, `other
    players`); `against_arg`: the argument that must be one of the players the phrase names against
    (`other players cannot pirate YOUR ships`, `... follow THE PLAYER TO YOUR LEFT'S lead`), when it
    names some. `gives`: what the query answers when allowed: `yes` (a flag), `n` (the phrase's
    number: a cost or a price), `good` (the phrase's good type) or `places` (the places the phrase
    lists, added to those the query already allows); when forbidden it answers no, 0 or none, or
    takes the places away. `combine`: `max` keeps the better of two cards' numbers instead of the
    last one. `narrows`: which calls of the query the phrase is about: `action` (argument 1 is the
    action the phrase names, if it names one), `card` (argument 1 is a card of the phrase's kind),
    `play` (argument 1 the action named, if any, and argument 2 whether leading: `leading`).
    `english`: its words in `explain`, with {n}, {good}, {places}, {action}, {cards}, {against},
    {lead} filled in."""

    query: str = ""
    english: str = ""
    player_arg: int = 0
    against_arg: int | None = None
    gives: str = "yes"
    combine: str = "replace"
    narrows: str = ""
    leading: bool = False


def _permission(name: str, phrase: str, syntax: str, query: str, english: str, meaning: str, example: str,
                **data: Any) -> PermissionName:
    return PermissionName(name, phrase, syntax, meaning, example, query=query, english=english, **data)


PERMISSIONS = (
    _permission("pirate_from", '"pirate" "from" _source (("," | "and") _source)*',
                "pirate from ships in harbor|the deck|hands|ships at sea|the island [, ... and ...]", "pirate_sources",
                "pirate from {places}",
                "where a pirate action may take a card (R11.1: ships at sea and the island; a card from a hand is taken "
                "at random)", "rule: you may pirate from ships in harbor, the deck and hands", gives="places"),
    _permission("load_from_deck", '"load" "the" "top" "card" "of" "the" "deck"', "load the top card of the deck",
                "load_from_deck", "load the top card of the deck instead of a hand card (loaded if it fits, else taken into {own} hand)",
                "a load instance may take the top card of the deck instead of a hand card: loaded if it fits, else into hand",
                "rule: you may load the top card of the deck"),
    _permission("auction_island", '"auction" "island" "cards" ("and" "keep" "the" "winning" "bid")?',
                "auction island cards and keep the winning bid", "auction_island",
                "put a supply-island card up for auction instead of a ship when leading an import round: the winner pays the "
                "winning bid to that leader, who pays nothing on winning it",
                "as leader of an import round, put a supply-island card up for auction instead of a ship; the winning bid is "
                "paid to you (OQ-42)", "rule: you may auction island cards and keep the winning bid"),
    _permission("trigger_end", '"trigger" "the" "game" "end"', "trigger the game end", "can_trigger_end",
                "trigger the game end", "whether the player's credits may trigger the game end (R16.1.1)",
                "rule: you cannot trigger the game end"),
    _permission("pirate_ships", '"pirate" "from"? owner "ships"', "pirate [from] OWNER ships", "may_pirate_ship",
                "pirate from {against} ships", "whether pirates (by PIRATE or a power) may take containers from those "
                "players' ships (R11.1); one's own ships stay open", "on completion: until the end of your next turn, "
                "other players cannot pirate your ships", against_arg=1),
    _permission("pirate_to_goods", '"pay" INT "to" "put" "a" "pirated" "card" "into" ("your" | "their") "goods"',
                "pay N to put a pirated card into your goods", "pirate_to_goods_cost",
                "pay {n} credits to the bank to put a pirated card into {own} Goods (if there is room) instead of loading it",
                "instead of loading a pirated card (R11.2), the pirate may pay N and put it into Goods",
                "rule: you may pay 2 to put a pirated card into your goods", gives="n", numbers=(CREDITS,)),
    _permission("sell_instead_of_load",
                '"sell" "a" "card" "to" "the" "island" "for" INT "instead" "of" "a" "load" "once" "per" "turn"',
                "sell a card to the island for N instead of a load once per turn", "sell_instead_of_load",
                "sell a hand card to the supply island for {n} credits instead of loading it, once per turn (not the turn's SUPPLY sale)",
                "once per turn, a load instance may sell a hand card to the supply island instead",
                "rule: you may sell a card to the island for 2 instead of a load once per turn", gives="n", combine="max", numbers=(CREDITS,)),
    _permission("lead_twice", '"lead" "two" "turns" "in" "a" "row"', "lead two turns in a row", "leads_twice",
                "lead two turns in a row", "a player starting a turn as leader leads the next turn too, the others "
                "following or drawing after each; then play passes on as usual (R4.10); read as the turn starts",
                "on completion: until your next turn, you may lead two turns in a row"),
    _permission("pair_slot", '"fill" "one" _good "slot" "with" "two" "containers" "of" "one" "colour"',
                "fill one GOOD slot with two containers of one colour", "pair_slot_good",
                "load two containers of one colour that together fill one {good} slot",
                "one load action loads two containers of one colour that together fill one slot of that good; both count "
                "for the payout (R6.7)", "rule: you may fill one technology slot with two containers of one colour", gives="good"),
    _permission("lead", '"lead" _filter_action?', "lead [ACTION]", "may_play", "declare {action_or_any} as leader",
                "declaring an action as leader (R4.2.2): forbidden, the leader declares another or draws",
                "rule: other players cannot lead pirate", narrows="play", leading=True),
    _permission("follow", '"follow" (owner? ("lead" | _filter_action))?', "follow [OWNER lead|ACTION]", "may_play",
                "follow {action_or_any}{declared_by}", "following a declared action (R4.3.2), of that type, or declared by the "
                "leaders named (`your lead`): forbidden, the player draws (R4.3.1)", "rule: other players cannot follow your lead",
                narrows="play", against_arg=3),
    _permission("draw_action", '"take" "the" "draw" "action" | "draw"', "take the draw action | draw", "may_draw_action",
                "take the draw action instead of leading or following",
                "drawing instead of leading or following (R4.2.1, R4.3.1); a player who can do nothing else draws all the same",
                "rule: other players cannot take the draw action"),
    _permission("act", '_filter_action', "ACTION", "may_act", "carry out, declare or follow {action} actions",
                "an action type: forbidden, the player may not declare or follow it and loses its instances, as in R4.8 "
                "(free actions by powers too)", "rule: while you lead, other players cannot pirate", narrows="action"),
    _permission("import_from", '"import" "from" owner "ships"', "import from OWNER ships", "may_import",
                "win imports{from_against}", "winning containers, in an auction or by a power, from those players' ships "
                "(R10.1): a player forbidden takes no part in that auction; a ship nobody may win is not auctioned",
                "rule: other players cannot import from your ships while you have 3 or more credits", against_arg=1),
    _permission("bid", '"bid" ("on" owner "ships")?', "bid [on OWNER ships]", "may_import", "bid in import auctions{on_against}",
                "taking part in import auctions (R10.3), or in those of the ships named: a player forbidden takes no "
                "part, as with `import from`; the lowest bid is a quantity (`the minimum bid`)",
                "rule: other players cannot bid on your ships", against_arg=1),
    _permission("contract_cards", '"contract" filter? ("card" | "cards")', "contract [FILTER] cards", "may_contract",
                "contract {cards}", "contracting such cards, by CONTRACT or by a power (R6.1)",
                "rule: other players cannot contract luxury cards", narrows="card"),
    _permission("load_cards", '"load" filter? ("card" | "cards" | "container" | "containers")',
                "load [FILTER] cards|containers", "may_load", "load {cards} as containers",
                "loading such cards as containers, by LOAD, by a power or as a pirated container (R7.1, R11.2)",
                "rule: other players cannot load red containers", narrows="card"),
    _permission("sell_cards", '"sell" filter? ("card" | "cards") ("to" "the" "island")?', "sell [FILTER] cards [to the island]",
                "may_sell", "sell {cards} to the supply island", "selling such cards to the supply island, by SUPPLY or "
                "by a power (R12.1.1, R12.5)", "rule: you cannot sell luxury cards", narrows="card"),
    _permission("take_from_island", '"take" filter? ("card" | "cards") "from" "the" "island"',
                "take [FILTER] cards from the island", "may_take_from_island", "take {cards} from the supply island",
                "taking such cards from the supply island into Imports by SUPPLY (R12.1.2)",
                "rule: other players cannot take cards from the island", narrows="card"),
    _permission("wild_pairs", '"play" "wild" "pairs" ("for" _filter_action)?', "play wild pairs [for ACTION]",
                "wild_pair_allowed", "play two cards of one colour for {action_or_any}",
                "declaring or following with two cards of one colour instead of one card of the action (R4.5)",
                "rule: other players cannot play wild pairs", narrows="action"),
    _permission("stack", '"stack" "contract" "actions"', "stack contract actions", "stacking_allowed",
                "spend extra CONTRACT actions to make up a missing level",
                "extra contract instances raising a level for one contract (R6.4)", "rule: other players cannot stack contract actions"),
)
FORBIDDEN: dict[str, Any] = {"yes": False, "n": 0, "good": None, "places": frozenset()}


@construct
@dataclass(frozen=True)
class NamedPermission(Permission):
    """Something the rules allow or forbid, named by a phrase of the vocabulary (PERMISSIONS)."""

    vocabulary: ClassVar[tuple[Word, ...]] = PERMISSIONS
    extra_grammar: ClassVar[str] = '''
!_source: "ships" "in" "harbor" | "the" "deck" | "hands" | "ships" "at" "sea" | "the" "island"
'''
    syntax: ClassVar[str] = "a permission's name (see the table)"
    meaning: ClassVar[str] = "something the rules allow or forbid, read through one of the engine's rule queries"
    name: str = "load_from_deck"
    n: int = 0
    good: str | None = None
    places: tuple[str, ...] = ()
    action: str | None = None
    filter: Filter | None = None
    against: Owner | None = None  # the players it is against (`your ships`, `your lead`)

    @classmethod
    def build_word(cls, word: Word, col: int, children: Children) -> NamedPermission:
        w = words(children)
        actions = [x for x in w if x in ACTIONS and x != w[0]] if w[0] in ("lead", "follow", "play") else \
            [x for x in w if x in ACTIONS]
        if isinstance(word, PermissionName) and word.narrows not in ("action", "play"):
            actions = []
        f = first(children, Filter)
        return cls(word.name, (ints(children) or [0])[0], _good_of(children) if f is None else None, _sources(w),
                   actions[-1] if actions else None, f, first(children, Owner), col=col)

    @property
    def spec(self) -> PermissionName:
        word = self.word(self.name)
        assert isinstance(word, PermissionName)
        return word

    def english(self) -> str:
        against = self.against.english() if self.against is not None else ""
        places = [SOURCE_TEXT[s] for s in self.places]
        listed = ", ".join(places[:-1]) + " and " + places[-1] if len(places) > 1 else "".join(places)
        return self.spec.english.format(
            n=self.n, good=self.good or "", places=listed, own=own(),
            action=(self.action or "any").upper(), action_or_any=f"{self.action.upper()} actions" if self.action else "any action",
            cards=described(self.filter, "cards"), against=against, from_against=f" from {against} ships" if against else "",
            declared_by=f" declared by {self.against.who()}" if self.against is not None else "",
            on_against=f" on {against} ships" if against else "")

    def changes(self, allowed: bool, scope: Scope) -> Changes:
        spec, who = self.spec, scope_test(scope)
        against = self.against.resolve() if self.against is not None else None
        narrow = self._narrows()
        given = {"yes": True, "n": self.n, "good": self.good, "places": frozenset(self.places)}[spec.gives]
        if spec.gives == "places":
            places = frozenset(self.places)
            change: Callable[[Any], Any] = (lambda value: value | places) if allowed else (lambda value: value - places)
        elif not allowed:
            change = lambda value: FORBIDDEN[spec.gives]  # noqa: E731
        elif spec.combine == "max":
            change = lambda value: max(value, given)  # noqa: E731
        else:
            change = lambda value: given  # noqa: E731

        def make(ctx: Ctx) -> Modifier:
            def modifier(value: Any, *args: Any) -> Any:
                if not who(ctx, args[spec.player_arg]) or not narrow(args):
                    return value
                if against is not None and spec.against_arg is not None and args[spec.against_arg] not in against(ctx):
                    return value
                return change(value)
            return modifier
        return [(spec.query, make)]

    def problems(self, power: Node) -> list[tuple[int, str, str]]:
        return credits.odd(self.n, self.col, power) if self.spec.gives == "n" else []  # a price or a cost

    def _narrows(self) -> Callable[[tuple[Any, ...]], bool]:
        """Which calls of the query the phrase is about, from the action or kind of card it names."""
        narrows, action, f, leading = self.spec.narrows, self.action, self.filter, self.spec.leading
        if narrows == "action" and action is not None:
            return lambda args: args[1] == action
        if narrows == "card":
            return lambda args: matches(f, args[1])
        if narrows == "play":
            return lambda args: args[2] == leading and (action is None or args[1] == action)
        return lambda args: True


def _sources(w: list[str]) -> tuple[str, ...]:
    """The places named in `pirate from ships in harbor, the deck and hands`, in order."""
    found, i = [], 0
    while i < len(w):
        for size in (3, 2, 1):
            if tuple(w[i:i + size]) in SOURCES:
                found.append(SOURCES[tuple(w[i:i + size])])
                i += size
                break
        else:
            i += 1
    return tuple(found)


@construct
@dataclass(frozen=True)
class WinTies(Permission):
    grammar: ClassVar[str] = r'''
!win_ties: "win" "all"? "ties"
'''
    syntax: ClassVar[str] = "win all ties"
    meaning: ClassVar[str] = "tied import bids (R10.3.1) and majority ties; for a shared penalty, the holder is left out (OQ-13)"
    examples: ClassVar[tuple[str, ...]] = ("rule: you win all ties",)

    @classmethod
    def build(cls, col: int, children: Children) -> WinTies:
        return cls(col=col)

    def english(self) -> str:
        return "win every tie: tied import bids, and majority bonuses (you are left out of a shared penalty)"

    def changes(self, allowed: bool, scope: Scope) -> Changes:
        def tie_order(ctx: Ctx) -> Modifier:
            seat = ctx.owner.seat
            return lambda order, leader: ([seat] + [s for s in order if s != seat]) if allowed and seat in order else order

        def majority_winners(ctx: Ctx) -> Modifier:
            owner = ctx.owner

            def modifier(tied: list[Player], good: str, bonus: int) -> list[Player]:
                if not allowed or owner not in tied or len(tied) < 2:
                    return tied
                return [owner] if bonus > 0 else [p for p in tied if p is not owner]  # OQ-13
            return modifier
        return [("tie_order", tie_order), ("majority_winners", majority_winners)]


@construct
@dataclass(frozen=True)
class PlayFor(Permission):
    """A card played for an action of another type (R4.5, R4.6.7): any card to follow, a card of
    one action to follow any (carrying out its own instead), or two actions standing in for each
    other, leading or following, the player carrying out whichever of the two he or she chooses."""

    grammar: ClassVar[str] = r'''
!play_for: "follow" ("any" "action")? "with" ("any" "card" | ("a" | "an") _filter_action "card" ("and" "take" _filter_action "actions" "instead")?)
         | "play" _filter_action "and" _filter_action "cards" "for" "either" "action"
'''
    syntax: ClassVar[str] = ("follow with any card | follow any action with a ACTION card [and take ACTION actions instead] | "
                             "play ACTION and ACTION cards for either action")
    meaning: ClassVar[str] = ("following (never leading), a card of another action type will do: with `any card` the declared "
                              "action is carried out; with `and take ... instead`, the player carries out that action (R4.6.7); "
                              "`for either action`: cards of either action declare or follow either, and the player carries "
                              "out whichever of the two he or she chooses, all instances of the turn being of that one")
    examples: ClassVar[tuple[str, ...]] = ("rule: you may follow with any card",
                                           "rule: you may follow any action with a load card and take load actions instead",
                                           "rule: you may play contract and load cards for either action")
    card_action: str | None = None
    perform: str | None = None
    either: bool = False

    @classmethod
    def build(cls, col: int, children: Children) -> PlayFor:
        acts = [w for w in words(children) if w in ACTIONS]
        return cls(acts[0] if acts else None, acts[1] if len(acts) > 1 else None, "either" in words(children), col=col)

    def english(self) -> str:
        if self.either:
            return (f"play {(self.card_action or '').upper()} and {(self.perform or '').upper()} cards for either action, "
                    "carrying out whichever of the two you choose (all your actions of the turn being of that one)")
        if self.card_action is None:
            return "follow any declared action with a card of any type, still carrying out the declared action"
        text = f"follow any declared action with a {self.card_action.upper()} card"
        return text + (f" and carry out {self.perform.upper()} actions instead" if self.perform else "")

    def changes(self, allowed: bool, scope: Scope) -> Changes:
        card_action, perform, who = self.card_action, self.perform, scope_test(scope)
        if self.either:
            return _either_action(card_action or "", perform or "", allowed, who)

        def may_play_for(ctx: Ctx) -> Modifier:
            def modifier(value: bool, p: Player, card: Card, action: str, leading: bool) -> bool:
                if leading or not who(ctx, p) or (card_action is not None and card.action != card_action):
                    return value
                return allowed
            return modifier

        def performed(ctx: Ctx) -> Modifier:
            def modifier(value: str, p: Player, cards: tuple[Card, ...], leading: bool) -> str:
                if allowed and not leading and who(ctx, p) and value != perform and all(c.action == card_action for c in cards):
                    return perform or value
                return value
            return modifier
        out: Changes = [("may_play_for", may_play_for)]
        if perform is not None:
            out.append(("performed_action", performed))
        return out


def _either_action(a: str, b: str, allowed: bool, who: Callable[[Ctx, Player], bool]) -> Changes:
    """Two actions standing in for each other: a card of either may be played for either (R4.5's
    single card), and the player chooses which of the two to carry out (R4.6.7)."""
    def may_play_for(ctx: Ctx) -> Modifier:
        def modifier(value: bool, p: Player, card: Card, action: str, leading: bool) -> bool:
            return allowed if who(ctx, p) and {card.action, action} == {a, b} else value
        return modifier

    def action_choices(ctx: Ctx) -> Modifier:
        def modifier(value: tuple[str, ...], p: Player, declared: str) -> tuple[str, ...]:
            if allowed and who(ctx, p) and declared in (a, b):
                return (declared, b if declared == a else a)
            return value
        return modifier
    return [("may_play_for", may_play_for), ("action_choices", action_choices)]


@construct
@dataclass(frozen=True)
class PlayForEachOther(Permission):
    grammar: ClassVar[str] = r'''
!play_for_each_other: "play" _filter_action "and" _filter_action "cards" "for" "each" "other"
'''
    syntax: ClassVar[str] = "play ACTION and ACTION cards for each other"
    meaning: ClassVar[str] = "those two action types stand in for each other, leading and following (R4.6.7)"
    examples: ClassVar[tuple[str, ...]] = ("rule: you may play contract and load cards for each other",)
    first_action: str = "contract"
    second_action: str = "load"

    @classmethod
    def build(cls, col: int, children: Children) -> PlayForEachOther:
        acts = [w for w in words(children) if w in ACTIONS]
        return cls(acts[0], acts[1], col=col)

    def english(self) -> str:
        return f"play {self.first_action.upper()} and {self.second_action.upper()} cards for each other"

    def changes(self, allowed: bool, scope: Scope) -> Changes:
        pair, who = {self.first_action, self.second_action}, scope_test(scope)

        def make(ctx: Ctx) -> Modifier:
            def modifier(value: bool, p: Player, card: Card, action: str, leading: bool) -> bool:
                return allowed if who(ctx, p) and {card.action, action} == pair else value
            return modifier
        return [("may_play_for", make)]


GROUP_SCOPES = {"you": "you", "others": "others", "every": "all"}


@construct
@dataclass(frozen=True)
class Allow(RuleNode):
    """`you may ...`, `you cannot ...`, `other players cannot ...`, `the player to your left cannot ...`."""

    grammar: ClassVar[str] = r'''
!allow: players ("may" | "can" | "cannot" | "may" "not")? permission
'''
    syntax: ClassVar[str] = "PLAYERS may|cannot PERMISSION"
    meaning: ClassVar[str] = ("allows or forbids something for the card's owner, the other players, everybody, or the players "
                              "named (`the player to your left`, `each player with 30 or more credits`: checked each time the "
                              "rule is read)")
    examples: ClassVar[tuple[str, ...]] = ("rule: you may load the top card of the deck", "rule: you cannot trigger the game end",
                                           "rule: each other player with 30 or more credits cannot take the draw action")
    scope: Scope = "you"
    allowed: bool = True
    permission: Permission | None = None

    @classmethod
    def build(cls, col: int, children: Children) -> Allow:
        w = words(children)
        players = first(children, Players)
        scope = GROUP_SCOPES.get(getattr(players, "kind", ""), players) if type(players).__name__ == "PlayerGroup" else players
        modal = [x for x in w if x in ("may", "can", "cannot", "not")]
        return cls(scope, not ("cannot" in modal or "not" in modal), first(children, Permission), col=col)

    def english(self) -> str:
        assert self.permission is not None
        who = {"you": "you", "others": "the other players", "all": "every player"}[self.scope] if isinstance(self.scope, str) \
            else self.scope.english()
        with acting("your" if self.scope == "you" else "their"):
            permission = self.permission.english()
        if isinstance(self.permission, WinTies):
            return f"{who} {'win' if self.allowed else 'never win'} {permission[4:]}"
        return f"{who} {'may' if self.allowed else 'cannot'} {permission}"

    def changes(self) -> Changes:
        assert self.permission is not None
        return self.permission.changes(self.allowed, self.scope)


MOVED_ZONES = {"goods": ("goods",), "imports": ("imports",), "shipments": ("shipments",), "hand": ("hand",),
               "contracts": ("contracts",), "containers": ("containers",), "ships": ("containers", "contracts"),
               "cards": ("hand", "goods", "imports", "shipments", "containers", "contracts")}
MOVED_TEXT = {"goods": "Goods", "imports": "Imports", "shipments": "Shipments", "hand": "hand",
              "contracts": "contracts on ships", "containers": "containers on ships",
              "ships": "ships (contracts and containers)", "cards": "hand, Goods, Imports, Shipments and ships"}


@construct
@dataclass(frozen=True)
class PowersMove(RuleNode):
    """Protection from other players' powers: `other players' powers cannot move your goods`."""

    grammar: ClassVar[str] = r'''
!powers_move: owner "powers" ("may" | "can" | "cannot" | "may" "not") ("move" | "take") owner (_zone | "cards" | "ships")
'''
    syntax: ClassVar[str] = "OWNER powers may|cannot move OWNER goods|imports|shipments|hand|containers|contracts|ships|cards"
    meaning: ClassVar[str] = ("whether the powers of those players may move cards out of those players' areas, or into them "
                              "(take, give, discard, swap, sell, load, contract, complete ...); the player choosing is then "
                              "offered only the cards it allows; a player's own powers always may")
    examples: ClassVar[tuple[str, ...]] = ("rule: other players' powers cannot move your goods",
                                           "on completion: until the end of your next turn, other players' powers cannot move your cards")
    movers: Owner | None = None
    allowed: bool = False
    holders: Owner | None = None
    what: str = "cards"

    @classmethod
    def build(cls, col: int, children: Children) -> PowersMove:
        owners = [c for c in children if isinstance(c, Owner)]
        w = words(children)
        what = next((x for x in reversed(w) if x in ZONE_OF_WORD or x in ("cards", "ships")), "cards")
        what = "ships" if what == "ships" else ZONE_OF_WORD.get(what, "cards")
        return cls(owners[0], not ("cannot" in w or "not" in w), owners[1], what, col=col)

    def english(self) -> str:
        assert self.movers is not None and self.holders is not None
        verb = "may" if self.allowed else "cannot"
        return f"{self.movers.english()} powers {verb} move cards out of or into {self.holders.english()} {MOVED_TEXT[self.what]}"

    def changes(self) -> Changes:
        assert self.movers is not None and self.holders is not None
        movers, holders, zones, allowed = scope_test(scope_of(self.movers)), self.holders.resolve(), MOVED_ZONES[self.what], self.allowed

        def make(ctx: Ctx) -> Modifier:
            def modifier(value: bool, mover: Player, holder: Player, zone: str) -> bool:
                return allowed if zone in zones and movers(ctx, mover) and holder in holders(ctx) else value
            return modifier
        return [("power_may_move", make)]


# ------------------------------------------------------------------------------------ what fills a slot

@construct
@dataclass(frozen=True)
class Rainbow(RuleNode):
    grammar: ClassVar[str] = r'''
!rainbow: owner filter? "contracts" "accept" "any" "colour" | "this" "contract" "accepts" "any" "colour"
'''
    syntax: ClassVar[str] = "your [FILTER] contracts accept any colour | this contract accepts any colour"
    meaning: ClassVar[str] = ("the load slots of those contracts take containers of any colour (R1.3.5, R7.2); `this contract` "
                              "(in `as a contract`): while this card is a contract, wherever it completes")
    examples: ClassVar[tuple[str, ...]] = ("rule: your agriculture contracts accept any colour",
                                           "as a contract: this contract accepts any colour")
    scope: Scope = "you"
    filter: Filter | None = None
    this: bool = False

    @classmethod
    def build(cls, col: int, children: Children) -> Rainbow:
        owner = first(children, Owner)
        this = words(children)[0] == "this"
        return cls(scope_of(owner) if owner is not None else "you", first(children, Filter), this, col=col)

    def english(self) -> str:
        if self.this:
            return "this contract takes containers of any colour"
        return f"{_whose(self.scope)} {described(self.filter, 'contracts')} take containers of any colour"

    def changes(self) -> Changes:
        f, this, who = self.filter, self.this, scope_test(self.scope)

        def make(ctx: Ctx) -> Modifier:
            def modifier(value: tuple[tuple[str, int], ...], p: Player, card: Card) -> tuple[tuple[str, int], ...]:
                if (card is ctx.card) if this else (who(ctx, p) and matches(f, card)):
                    return (("any", sum(n for _, n in value)),)
                return value
            return modifier
        return [("contract_load", make)]

    def of_this_contract(self) -> bool:
        return self.this

    def problems(self, power: Node) -> list[tuple[int, str, str]]:
        if self.this and getattr(power, "timing", "") != "as_contract":
            return [(self.col, "P020", "`this contract` means this card as a contract: use `as a contract: ...`")]
        return []


@construct
@dataclass(frozen=True)
class Wild(RuleNode):
    """Which slots a player's containers fill beyond their own colour (R7.2): any slot (`wild`), or
    each other's (`wild for each other`)."""

    grammar: ClassVar[str] = r'''
!wild: owner _filter_good ("and" _filter_good)* "containers" "are" "wild" ("for" "each" "other")?
'''
    syntax: ClassVar[str] = "your COLOUR [and COLOUR ...] containers are wild [for each other]"
    meaning: ClassVar[str] = ("the player's containers of those colours fill a slot of any colour, pirated ones too (R7.2); "
                              "`for each other`: each fills the slots of the others named, not any slot")
    examples: ClassVar[tuple[str, ...]] = ("rule: your yellow containers are wild",
                                           "rule: your agriculture and consumer containers are wild for each other")
    scope: Scope = "you"
    goods: tuple[str, ...] = ("agriculture",)
    each_other: bool = False

    @classmethod
    def build(cls, col: int, children: Children) -> Wild:
        owner = first(children, Owner)
        return cls(scope_of(owner) if owner is not None else "you", _goods_of(children), "other" in words(children),
                   col=col)

    def english(self) -> str:
        colour = {g: c for c, g in COLOUR_GOOD.items()}
        named = " and ".join(f"{colour[g]} ({g})" for g in self.goods)
        whose = _whose(self.scope)
        if self.each_other:
            return f"{whose} {named} containers fill each other's slots"
        return f"{whose} {named} containers fill slots of any colour"

    def changes(self) -> Changes:
        goods, who = frozenset(self.goods), scope_test(self.scope)
        if self.each_other:
            def each_other(ctx: Ctx) -> Modifier:
                def modifier(value: frozenset[str], p: Player, card: Card) -> frozenset[str]:
                    return value | goods if who(ctx, p) and card.good in goods else value
                return modifier
            return [("slot_colours", each_other)]

        def make(ctx: Ctx) -> Modifier:
            return lambda value, p, card: True if who(ctx, p) and card.good in goods else value
        return [("container_wild", make)]

    def problems(self, power: Node) -> list[tuple[int, str, str]]:
        if self.each_other and len(self.goods) < 2:
            return [(self.col, "P020", "`wild for each other` needs two or more colours: "
                                       "`your green and yellow containers are wild for each other`")]
        return []


@construct
@dataclass(frozen=True)
class WhileRule(RuleNode):
    level: ClassVar[str] = "wrapper"
    grammar: ClassVar[str] = r'''
!while_rule: "while" condition "," rule | rule_atom "while" condition
'''
    syntax: ClassVar[str] = "while CONDITION, RULE | RULE while CONDITION"
    meaning: ClassVar[str] = "the rule holds only while the condition does (checked each time the rule is read)"
    examples: ClassVar[tuple[str, ...]] = ("rule: while you have a shipment of every type, your imports limit is unlimited",
                                           "rule: other players cannot import from your ships while you have 3 or more credits")
    condition: Condition | None = None
    inner: RuleNode | None = None

    @classmethod
    def build(cls, col: int, children: Children) -> WhileRule:
        return cls(first(children, Condition), first(children, RuleNode), col=col)

    def english(self) -> str:
        assert self.condition is not None and self.inner is not None
        return f"while {self.condition.english()}, {self.inner.english()}"

    def changes(self) -> Changes:
        assert self.condition is not None and self.inner is not None
        test = self.condition.test()

        def guarded(make: Maker) -> Maker:
            def make_guarded(ctx: Ctx) -> Modifier:
                inner = make(ctx)
                return lambda value, *args: inner(value, *args) if test(ctx) else value
            return make_guarded
        return [(query, guarded(make)) for query, make in self.inner.changes()]


__all__ = ["GOODS", "UNLIMITED"]
