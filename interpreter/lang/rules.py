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

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from lark import Token

from interpreter.lang.cards import ACTIONS, COLOUR_GOOD, GOODS, Filter, Owner, first, ints, matches, words
from interpreter.lang.conditions import Condition
from interpreter.lang.registry import Node, construct
from interpreter.lang.roles import RuleNode
from interpreter.lang.values import ForEach, ForEvery
from interpreter.lang.world import Ctx, Player

Maker = Callable[[Ctx], Callable[..., Any]]
Changes = list[tuple[str, Maker]]
UNLIMITED = 1_000_000

# Who a rule is about, from the word that starts it.
SCOPES = {"you": "you", "each_other": "others", "others": "others", "each": "all", "all": "all"}


def scope_test(scope: str) -> Callable[[Ctx, Player], bool]:
    if scope == "you":
        return lambda ctx, p: p is ctx.owner
    if scope == "others":
        return lambda ctx, p: p is not ctx.owner
    return lambda ctx, p: True


# ------------------------------------------------------------------------------------ quantities

@dataclass(frozen=True)
class Quantity(Node):
    """A number the engine reads through a rule query. `player_arg` is the position of the player
    concerned among the query's arguments (None: the same for everybody); `applies` narrows which
    calls the rule changes; `additive`: a bare number adds (virtual goods), instead of replacing."""

    role: ClassVar[str] = "quantity"
    query: ClassVar[str] = ""
    player_arg: ClassVar[int | None] = 0
    additive: ClassVar[bool] = False

    def applies(self) -> Callable[[Ctx, tuple[Any, ...]], bool]:
        return lambda ctx, args: True


def _q(name: str, query: str, grammar: str, text: str, example: str, player_arg: int | None = 0,
       additive: bool = False, meaning: str = "") -> type[Quantity]:
    """A quantity with nothing to narrow: one construct, made from its phrase."""
    cls = type(name, (Quantity,), {
        "__annotations__": {}, "query": query, "grammar": grammar, "player_arg": player_arg, "additive": additive,
        "syntax": text, "meaning": meaning or f"read by the rule query `{query}`", "examples": (example,),
        "english": lambda self, text=text: text,
    })
    return construct(dataclass(frozen=True)(cls))  # type: ignore[return-value]


EndThreshold = _q("EndThreshold", "end_threshold", r'''
!end_threshold: "game" "end" "threshold"
''', "game end threshold", "rule: the game end threshold is 70", None,
    meaning="the active credits that trigger the game end, for everybody, even in an extended game (R16.1.1, R18.2)")
ImportFee = _q("ImportFee", "import_fee", r'''
!import_fee: "import" "fee"
''', "import fee", "rule: your import fee is 4",
    meaning="what a ship's owner receives when another player wins an import from it (R10.6)")
ContainersPerImport = _q("ContainersPerImport", "containers_per_import", r'''
!containers_per_import: "containers" "per" "import"
''', "containers per import", "rule: your containers per import is 3",
    meaning="how many containers an import win takes (R10.5)")
ShipCapacity = _q("ShipCapacity", "ship_capacity", r'''
!ship_capacity: "ship" "capacity"
''', "ship capacity", "rule: your ship capacity is 8",
    meaning="the most containers the contracts on one ship may require together (R6.6)")
ImportsLimit = _q("ImportsLimit", "imports_limit", r'''
!imports_limit: "imports" "limit"
''', "imports limit", "rule: your imports limit is 2 more", meaning="how many cards Imports may hold (R13.2)")
GoodsLimit = _q("GoodsLimit", "goods_limit", r'''
!goods_limit: "goods" "limit"
''', "goods limit", "rule: your goods limit is 2 more", meaning="how many cards Goods may hold (R13.3)")
SalePrice = _q("SalePrice", "sale_price", r'''
!sale_price: "sale" "price"
''', "sale price", "rule: your sale price is 2 more",
    meaning="credits for each card sold to the supply island, by SUPPLY (R12.1.1) or by a power's `sell`")
SalesPerTurn = _q("SalesPerTurn", "sales_per_turn", r'''
!sales_per_turn: "sales" "per" "turn"
''', "sales per turn", "rule: your sales per turn is 2", meaning="SUPPLY sales allowed in one turn (R12.2)")
DrawActionSize = _q("DrawActionSize", "draw_count", r'''
!draw_action_size: "draw" "action" "size"
''', "draw action size", "rule: your draw action size is 1 more",
    meaning="how many cards a draw action draws (up to 5 in hand, at least 1, R4.2.1)")
OneOfEachBonus = _q("OneOfEachBonus", "one_of_each_bonus", r'''
!one_of_each_bonus: "one" "of" "each" "bonus"
''', "one of each bonus", "rule: your one of each bonus is 15", meaning="the bonus for a good of every type (R17.7)")
ContractsPerAction = _q("ContractsPerAction", "contracts_per_action", r'''
!contracts_per_action: "contracts" "per" "contract" "action"
''', "contracts per contract action", "rule: your contracts per contract action is 2",
    meaning="how many cards one CONTRACT instance may place together on one ship, within its capacity (R6.1)")
ReturnsWith = _q("ReturnsWith", "returns_with", r'''
!returns_with: "containers" "left" "when" "ships" "return"
''', "containers left when ships return", "rule: your containers left when ships return is 1",
    meaning="a ship at sea comes home when it carries no more than this (R9.2; 0 by the rules)")


@construct
@dataclass(frozen=True)
class Payout(Quantity):
    query: ClassVar[str] = "payout"
    grammar: ClassVar[str] = r'''
!payout: "payout" "for" INT ("or" "more")? "containers"
'''
    syntax: ClassVar[str] = "payout for N [or more] containers"
    meaning: ClassVar[str] = "the credits a ship completed with that many containers pays (R8.2.2, OQ-17)"
    examples: ClassVar[tuple[str, ...]] = ("rule: your payout for 8 or more containers is 18",)
    containers: int = 6
    or_more: bool = False

    @classmethod
    def build(cls, col: int, children: list[Any]) -> Payout:
        return cls(ints(children)[0], "more" in words(children), col=col)

    def english(self) -> str:
        return f"payout for a ship completed with {self.containers}{' or more' if self.or_more else ''} containers"

    def applies(self) -> Callable[[Ctx, tuple[Any, ...]], bool]:
        n, more = self.containers, self.or_more
        return lambda ctx, args: args[2] >= n if more else args[2] == n


@dataclass(frozen=True)
class GoodQuantity(Quantity):
    """A quantity of one good type (or of all: `good` None)."""

    good: str | None = None

    def applies(self) -> Callable[[Ctx, tuple[Any, ...]], bool]:
        good = self.good
        return lambda ctx, args: good is None or args[1] == good


def _good_of(children: list[Any]) -> str | None:
    goods = [str(c) for c in children if isinstance(c, Token) and (str(c) in GOODS or str(c) in COLOUR_GOOD)]
    return COLOUR_GOOD.get(goods[0], goods[0]) if goods else None


@construct
@dataclass(frozen=True)
class MajorityBonus(GoodQuantity):
    query: ClassVar[str] = "majority_bonus"
    grammar: ClassVar[str] = r'''
!majority_bonus: _good? "majority" ("bonus" | "bonuses" | "penalty")
'''
    syntax: ClassVar[str] = "[GOOD] majority bonus|bonuses|penalty"
    meaning: ClassVar[str] = "what the player receives of a majority bonus or penalty (R17.6; -6 for illegal)"
    examples: ClassVar[tuple[str, ...]] = ("rule: your majority bonuses are doubled", "rule: your illegal majority penalty is 0")

    @classmethod
    def build(cls, col: int, children: list[Any]) -> MajorityBonus:
        return cls(_good_of(children), col=col)

    def english(self) -> str:
        return f"{self.good + ' ' if self.good else ''}majority bonus (or penalty)"


@construct
@dataclass(frozen=True)
class InnateValue(GoodQuantity):
    query: ClassVar[str] = "innate_value"
    grammar: ClassVar[str] = r'''
!innate_value: "innate" "value" "of" _good "goods"
'''
    syntax: ClassVar[str] = "innate value of GOOD goods"
    meaning: ClassVar[str] = "what each good of that type scores at game end (R17.5)"
    examples: ClassVar[tuple[str, ...]] = ("rule: your innate value of luxury goods is 3",)

    @classmethod
    def build(cls, col: int, children: list[Any]) -> InnateValue:
        return cls(_good_of(children), col=col)

    def english(self) -> str:
        return f"end-game value of each {self.good} good"


@construct
@dataclass(frozen=True)
class Level(GoodQuantity):
    query: ClassVar[str] = "level"
    grammar: ClassVar[str] = r'''
!level: "level" "in" _good
'''
    syntax: ClassVar[str] = "level in GOOD"
    meaning: ClassVar[str] = "the level in a good type, which contracting needs (R5.1, R5.3)"
    examples: ClassVar[tuple[str, ...]] = ("rule: your level in luxury is 1 more",)

    @classmethod
    def build(cls, col: int, children: list[Any]) -> Level:
        return cls(_good_of(children), col=col)

    def english(self) -> str:
        return f"level in {self.good}"


@construct
@dataclass(frozen=True)
class VirtualGoodsOf(GoodQuantity):
    query: ClassVar[str] = "goods_of_type"
    additive: ClassVar[bool] = True
    grammar: ClassVar[str] = r'''
!virtual_goods_of: "virtual" "goods" "of" (_good | "every" "type")
'''
    syntax: ClassVar[str] = "virtual goods of GOOD|every type"
    meaning: ClassVar[str] = ("goods without a card, counted in levels, majorities, one-of-each and values, never in the goods "
                              "limit (OQ-36); a number adds that many")
    examples: ClassVar[tuple[str, ...]] = ("rule: your virtual goods of every type are 1",)

    @classmethod
    def build(cls, col: int, children: list[Any]) -> VirtualGoodsOf:
        return cls(_good_of(children), col=col)

    def english(self) -> str:
        return f"virtual goods of {self.good or 'every type'}"


@construct
@dataclass(frozen=True)
class MajorityCount(GoodQuantity):
    query: ClassVar[str] = "majority_goods"
    grammar: ClassVar[str] = r'''
!majority_count: "majority" "count" "of" _good "goods"
'''
    syntax: ClassVar[str] = "majority count of GOOD goods"
    meaning: ClassVar[str] = "how many goods of that type the player counts for majorities (R17.6), nowhere else"
    examples: ClassVar[tuple[str, ...]] = ("rule: your majority count of luxury goods is doubled",)

    @classmethod
    def build(cls, col: int, children: list[Any]) -> MajorityCount:
        return cls(_good_of(children), col=col)

    def english(self) -> str:
        return f"number of {self.good} goods counted for majorities"


@construct
@dataclass(frozen=True)
class ExtraImports(Quantity):
    query: ClassVar[str] = "instances"
    additive: ClassVar[bool] = True
    grammar: ClassVar[str] = r'''
!extra_imports: "extra" _filter_action "imports"
'''
    syntax: ClassVar[str] = "extra ACTION imports"
    meaning: ClassVar[str] = ("virtual imports: each adds an instance of that action like an import card (R4.6.7), without "
                              "using Imports space; a number adds that many")
    examples: ClassVar[tuple[str, ...]] = ("rule: your extra load imports are 1 for every 2 of your technology goods",)
    action: str = "load"

    @classmethod
    def build(cls, col: int, children: list[Any]) -> ExtraImports:
        return cls(next(w for w in words(children) if w in ACTIONS), col=col)

    def english(self) -> str:
        return f"extra {self.action.upper()} imports"

    def applies(self) -> Callable[[Ctx, tuple[Any, ...]], bool]:
        action = self.action
        return lambda ctx, args: args[1] == action and bool(args[2])  # args: player, action, imports count


@construct
@dataclass(frozen=True)
class GoodsRoom(GoodQuantity):
    query: ClassVar[str] = "goods_counted"
    grammar: ClassVar[str] = r'''
!goods_room: "room" "taken" "by" _good "goods"
'''
    syntax: ClassVar[str] = "room taken by GOOD goods"
    meaning: ClassVar[str] = "how many places goods of that type use toward the goods limit (R13.4)"
    examples: ClassVar[tuple[str, ...]] = ("rule: your room taken by luxury goods is halved",)

    @classmethod
    def build(cls, col: int, children: list[Any]) -> GoodsRoom:
        return cls(_good_of(children), col=col)

    def english(self) -> str:
        return f"room {self.good} goods take in the goods limit"

    def applies(self) -> Callable[[Ctx, tuple[Any, ...]], bool]:
        return lambda ctx, args: True


@construct
@dataclass(frozen=True)
class ContractCost(Quantity):
    query: ClassVar[str] = "contract_cost"
    grammar: ClassVar[str] = r'''
!contract_cost: "contract" "cost" "of" filter? "cards"
'''
    syntax: ClassVar[str] = "contract cost of [FILTER] cards"
    meaning: ClassVar[str] = "credits paid to the bank to contract such a card (0 by the rules)"
    examples: ClassVar[tuple[str, ...]] = ("rule: your contract cost of tier 0 cards is 2",)
    filter: Filter | None = None

    @classmethod
    def build(cls, col: int, children: list[Any]) -> ContractCost:
        return cls(first(children, Filter), col=col)

    def english(self) -> str:
        from interpreter.lang.cards import described
        return f"cost of contracting a {described(self.filter, 'card')}"

    def applies(self) -> Callable[[Ctx, tuple[Any, ...]], bool]:
        f = self.filter
        return lambda ctx, args: matches(f, args[1])


@construct
@dataclass(frozen=True)
class LoadRequirement(Quantity):
    query: ClassVar[str] = "contract_need"
    grammar: ClassVar[str] = r'''
!load_requirement: "load" "requirement" "of" filter? "contracts"
'''
    syntax: ClassVar[str] = "load requirement of [FILTER] contracts"
    meaning: ClassVar[str] = ("how many containers such a contract needs in all (R1.3.5); when fewer than printed, the player "
                              "chooses which of its colours to fill")
    examples: ClassVar[tuple[str, ...]] = ("rule: your load requirement of luxury contracts is halved",)
    filter: Filter | None = None

    @classmethod
    def build(cls, col: int, children: list[Any]) -> LoadRequirement:
        return cls(first(children, Filter), col=col)

    def english(self) -> str:
        from interpreter.lang.cards import described
        return f"load requirement of each {described(self.filter, 'contract')}"

    def applies(self) -> Callable[[Ctx, tuple[Any, ...]], bool]:
        f = self.filter
        return lambda ctx, args: matches(f, args[1])


# ------------------------------------------------------------------------------------ setting a quantity

CHANGE_TEXT = {"set": "is {n}", "more": "is raised by {n}", "less": "is lowered by {n}", "doubled": "is doubled",
               "halved": "is halved", "unlimited": "is lifted (no limit)", "bonus": "counts as a bonus instead of a penalty",
               "add": "go up by {n}"}


@construct
@dataclass(frozen=True)
class SetQuantity(RuleNode):
    """`your QUANTITY is N`, `is N more`, `is N less`, `is doubled`, `is halved`, `is unlimited`, `counts as a bonus`."""

    grammar: ClassVar[str] = r'''
!set_quantity: ("the" | owner) quantity ("is" | "are" | "counts" "as" | "count" "as") _change
!_change: INT (for_each | for_every)? ("more" | "less")? | "doubled" | "halved" ("rounded" ("up" | "down"))? | "unlimited" | "a" "bonus"
'''
    syntax: ClassVar[str] = ("your|the QUANTITY is N | is N more | is N less | is doubled | is halved [rounded down] | "
                             "is unlimited | counts as a bonus")
    meaning: ClassVar[str] = ("sets or changes a number the rules use, for the card's owner (`your`), the others (`other "
                              "players'`), everybody (`every player's`) or the game (`the`); a bare number replaces the "
                              "rules' value, except for quantities that add up (virtual goods, extra imports)")
    examples: ClassVar[tuple[str, ...]] = ("rule: your ship capacity is 8", "rule: the game end threshold is 70",
                                           "rule: your illegal majority penalty counts as a bonus")
    scope: str = "you"
    quantity: Quantity | None = None
    op: str = "set"
    n: int = 0
    per: Node | None = None
    down: bool = False

    @classmethod
    def build(cls, col: int, children: list[Any]) -> SetQuantity:
        owner = first(children, Owner)
        scope = "game" if owner is None else SCOPES.get(owner.kind, "you")
        quantity = first(children, Quantity)
        w = words(children)
        tail = w[w.index("is") + 1:] if "is" in w else w[w.index("are") + 1:] if "are" in w else w[w.index("as") + 1:]
        n = int(next((t for t in tail if t.isdigit()), "0"))
        if "doubled" in tail:
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
        return cls(scope, quantity, op, n, first(children, (ForEach, ForEvery)), "down" in tail, col=col)

    def english(self) -> str:
        assert self.quantity is not None
        whose = {"you": "your", "others": "the other players'", "all": "every player's", "game": "the"}[self.scope]
        per = f" {self.per.english()}" if self.per is not None else ""
        change = CHANGE_TEXT[self.op].format(n=f"{self.n}{per}")
        if self.op == "halved":
            change += ", rounded down" if self.down else ", rounded up"
        return f"{whose} {self.quantity.english()} {change}"

    def changes(self) -> Changes:
        assert self.quantity is not None
        quantity, op, n, down, scope = self.quantity, self.op, self.n, self.down, self.scope
        applies, arg = quantity.applies(), quantity.player_arg
        per = self.per.times() if self.per is not None else None  # type: ignore[attr-defined]
        who = scope_test(scope if scope != "game" else "all")
        is_room = isinstance(quantity, GoodsRoom)

        def make(ctx: Ctx) -> Callable[..., Any]:
            def modifier(value: Any, *args: Any) -> Any:
                if arg is not None and not who(ctx, args[arg]):
                    return value
                if not applies(ctx, args):
                    return value
                amount = n * per(ctx) if per is not None else n
                if is_room:  # goods of one type take less room: the change applies to their part only
                    good = quantity.good  # type: ignore[attr-defined]
                    mine = sum(1 for c in ctx.world.cards(args[0], "goods") if c.good == good)
                    return value - mine + _changed(mine, op, amount, down)
                return _changed(value, op, amount, down)
            return modifier
        return [(quantity.query, make)]


def _changed(value: int, op: str, n: int, down: bool) -> int:
    if op == "set":
        return n
    if op in ("more", "add"):
        return value + n
    if op == "less":
        return max(0, value - n)
    if op == "doubled":
        return value * 2
    if op == "halved":
        return value // 2 if down else math.ceil(value / 2)
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

    def changes(self, allowed: bool, scope: str) -> Changes:
        raise NotImplementedError


def _flag(query: str, allowed: bool, scope: str, arg: int = 0) -> Changes:
    """A yes/no query answered `allowed` for the players of `scope`."""
    who = scope_test(scope)

    def make(ctx: Ctx) -> Callable[..., Any]:
        return lambda value, *args: allowed if who(ctx, args[arg]) else value
    return [(query, make)]


SOURCES = {("ships", "in", "harbor"): "harbor", ("the", "deck"): "deck", ("hands",): "hand", ("ships", "at", "sea"): "sea",
           ("the", "island"): "island"}
SOURCE_TEXT = {"harbor": "ships in harbor", "deck": "the top of the deck", "hand": "a random card of another player's hand",
               "sea": "ships at sea", "island": "the supply island"}


@construct
@dataclass(frozen=True)
class PirateFrom(Permission):
    grammar: ClassVar[str] = r'''
!pirate_from: "pirate" "from" _source (("," | "and") _source)*
!_source: "ships" "in" "harbor" | "the" "deck" | "hands" | "ships" "at" "sea" | "the" "island"
'''
    syntax: ClassVar[str] = "pirate from ships in harbor|the deck|hands|ships at sea|the island [, ... and ...]"
    meaning: ClassVar[str] = ("where a pirate action may take a card (R11.1: ships at sea and the island; a card from a hand "
                              "is taken at random)")
    examples: ClassVar[tuple[str, ...]] = ("rule: you may pirate from ships in harbor, the deck and hands",)
    sources: tuple[str, ...] = ()

    @classmethod
    def build(cls, col: int, children: list[Any]) -> PirateFrom:
        w = [x for x in words(children)[2:] if x not in (",", "and")]
        found, i = [], 0
        while i < len(w):
            for size in (3, 2, 1):
                if tuple(w[i:i + size]) in SOURCES:
                    found.append(SOURCES[tuple(w[i:i + size])])
                    i += size
                    break
            else:
                i += 1
        return cls(tuple(found), col=col)

    def english(self) -> str:
        return "pirate from " + ", ".join(SOURCE_TEXT[s] for s in self.sources)

    def changes(self, allowed: bool, scope: str) -> Changes:
        sources, who = frozenset(self.sources), scope_test(scope)

        def make(ctx: Ctx) -> Callable[..., Any]:
            def modifier(value: frozenset[str], p: Player) -> frozenset[str]:
                if not who(ctx, p):
                    return value
                return value | sources if allowed else value - sources
            return modifier
        return [("pirate_sources", make)]


@construct
@dataclass(frozen=True)
class PirateShips(Permission):
    grammar: ClassVar[str] = r'''
!pirate_ships: "pirate" ("your" | "their") "ships"
'''
    syntax: ClassVar[str] = "pirate your ships"
    meaning: ClassVar[str] = "whether pirates may take containers from the card owner's ships (R11.1)"
    examples: ClassVar[tuple[str, ...]] = ("on completion: until the end of your next turn, other players cannot pirate your ships",)

    @classmethod
    def build(cls, col: int, children: list[Any]) -> PirateShips:
        return cls(col=col)

    def english(self) -> str:
        return "pirate your ships"

    def changes(self, allowed: bool, scope: str) -> Changes:
        who = scope_test(scope)

        def make(ctx: Ctx) -> Callable[..., Any]:
            def modifier(value: bool, pirate: Player, ship_owner: Player) -> bool:
                return allowed if ship_owner is ctx.owner and who(ctx, pirate) else value
            return modifier
        return [("may_pirate_ship", make)]


@dataclass(frozen=True)
class FlagPermission(Permission):
    query: ClassVar[str] = ""
    text: ClassVar[str] = ""

    @classmethod
    def build(cls, col: int, children: list[Any]) -> FlagPermission:
        return cls(col=col)

    def english(self) -> str:
        return self.text

    def changes(self, allowed: bool, scope: str) -> Changes:
        return _flag(self.query, allowed, scope)


def _perm(name: str, query: str, grammar: str, text: str, example: str, meaning: str) -> type[Permission]:
    cls = type(name, (FlagPermission,), {"__annotations__": {}, "query": query, "grammar": grammar, "text": text,
                                         "syntax": text, "meaning": meaning, "examples": (example,)})
    return construct(dataclass(frozen=True)(cls))  # type: ignore[return-value]


LoadFromDeck = _perm("LoadFromDeck", "load_from_deck", r'''
!load_from_deck: "load" "the" "top" "card" "of" "the" "deck"
''', "load the top card of the deck", "rule: you may load the top card of the deck",
    "a load instance may take the top card of the deck instead of a hand card: loaded if it fits, else into hand")
AuctionIsland = _perm("AuctionIsland", "auction_island", r'''
!auction_island: "auction" "island" "cards" ("and" "keep" "the" "winning" "bid")?
''', "auction island cards and keep the winning bid", "rule: you may auction island cards and keep the winning bid",
    "as leader of an import round, put a supply-island card up for auction instead of a ship; the winning bid is paid to you (OQ-42)")
TriggerEnd = _perm("TriggerEnd", "can_trigger_end", r'''
!trigger_end: "trigger" "the" "game" "end"
''', "trigger the game end", "rule: you cannot trigger the game end", "whether the player's credits may trigger the game end (R16.1.1)")


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
    def build(cls, col: int, children: list[Any]) -> WinTies:
        return cls(col=col)

    def english(self) -> str:
        return "win every tie: tied import bids, and majority bonuses (you are left out of a shared penalty)"

    def changes(self, allowed: bool, scope: str) -> Changes:
        def tie_order(ctx: Ctx) -> Callable[..., Any]:
            seat = ctx.owner.seat
            return lambda order, leader: ([seat] + [s for s in order if s != seat]) if allowed and seat in order else order

        def majority_winners(ctx: Ctx) -> Callable[..., Any]:
            owner = ctx.owner

            def modifier(tied: list[Player], good: str, bonus: int) -> list[Player]:
                if not allowed or owner not in tied or len(tied) < 2:
                    return tied
                return [owner] if bonus > 0 else [p for p in tied if p is not owner]  # OQ-13
            return modifier
        return [("tie_order", tie_order), ("majority_winners", majority_winners)]


@construct
@dataclass(frozen=True)
class FollowWith(Permission):
    grammar: ClassVar[str] = r'''
!follow_with: "follow" ("any" "action")? "with" ("any" "card" | ("a" | "an") _filter_action "card" ("and" "take" _filter_action "actions" "instead")?)
'''
    syntax: ClassVar[str] = "follow with any card | follow any action with a ACTION card [and take ACTION actions instead]"
    meaning: ClassVar[str] = ("following (never leading), a card of another action type will do: with `any card` the declared "
                              "action is carried out; with `and take ... instead`, the player carries out that action (R4.6.7)")
    examples: ClassVar[tuple[str, ...]] = ("rule: you may follow with any card",
                                           "rule: you may follow any action with a load card and take load actions instead")
    card_action: str | None = None
    perform: str | None = None

    @classmethod
    def build(cls, col: int, children: list[Any]) -> FollowWith:
        acts = [w for w in words(children) if w in ACTIONS]
        return cls(acts[0] if acts else None, acts[1] if len(acts) > 1 else None, col=col)

    def english(self) -> str:
        if self.card_action is None:
            return "follow any declared action with a card of any type"
        text = f"follow any declared action with a {self.card_action.upper()} card"
        return text + (f" and carry out {self.perform.upper()} actions instead" if self.perform else "")

    def changes(self, allowed: bool, scope: str) -> Changes:
        card_action, perform, who = self.card_action, self.perform, scope_test(scope)

        def may_play_for(ctx: Ctx) -> Callable[..., Any]:
            def modifier(value: bool, p: Player, card: Any, action: str, leading: bool) -> bool:
                if leading or not who(ctx, p) or (card_action is not None and card.action != card_action):
                    return value
                return allowed
            return modifier

        def performed(ctx: Ctx) -> Callable[..., Any]:
            def modifier(value: str, p: Player, cards: tuple[Any, ...], leading: bool) -> str:
                if allowed and not leading and who(ctx, p) and value != perform and all(c.action == card_action for c in cards):
                    return perform or value
                return value
            return modifier
        out: Changes = [("may_play_for", may_play_for)]
        if perform is not None:
            out.append(("performed_action", performed))
        return out


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
    def build(cls, col: int, children: list[Any]) -> PlayForEachOther:
        acts = [w for w in words(children) if w in ACTIONS]
        return cls(acts[0], acts[1], col=col)

    def english(self) -> str:
        return f"play {self.first_action.upper()} and {self.second_action.upper()} cards for each other"

    def changes(self, allowed: bool, scope: str) -> Changes:
        pair, who = {self.first_action, self.second_action}, scope_test(scope)

        def make(ctx: Ctx) -> Callable[..., Any]:
            def modifier(value: bool, p: Player, card: Any, action: str, leading: bool) -> bool:
                return allowed if who(ctx, p) and {card.action, action} == pair else value
            return modifier
        return [("may_play_for", make)]


@construct
@dataclass(frozen=True)
class InterchangeableActions(RuleNode):
    """Two actions stand in for each other: a card of either type declares or follows either (R4.5's
    single card), and whichever is to be done, the player may carry out the other instead, all his or
    her instances of the turn being of the one chosen (R4.6.7)."""

    grammar: ClassVar[str] = r'''
!interchangeable_actions: owner _filter_action "and" _filter_action "actions" "are" "interchangeable"
'''
    syntax: ClassVar[str] = "your ACTION and ACTION actions are interchangeable"
    meaning: ClassVar[str] = ("cards of either action declare or follow either, and the player carries out whichever of the "
                              "two he or she chooses, all instances of the turn being of that one (R4.6.7)")
    examples: ClassVar[tuple[str, ...]] = ("rule: your contract and load actions are interchangeable",)
    scope: str = "you"
    first_action: str = "contract"
    second_action: str = "load"

    @classmethod
    def build(cls, col: int, children: list[Any]) -> InterchangeableActions:
        owner = first(children, Owner)
        acts = [w for w in words(children) if w in ACTIONS]
        return cls(SCOPES.get(owner.kind, "you") if owner is not None else "you", acts[0], acts[1], col=col)

    def english(self) -> str:
        return (f"your {self.first_action.upper()} and {self.second_action.upper()} cards stand in for each other, and "
                "you carry out whichever of the two actions you choose (all your actions of the turn being of that one)")

    def changes(self) -> Changes:
        a, b, who = self.first_action, self.second_action, scope_test(self.scope)

        def may_play_for(ctx: Ctx) -> Callable[..., Any]:
            def modifier(value: bool, p: Player, card: Any, action: str, leading: bool) -> bool:
                return True if who(ctx, p) and {card.action, action} == {a, b} else value
            return modifier

        def action_choices(ctx: Ctx) -> Callable[..., Any]:
            def modifier(value: tuple[str, ...], p: Player, declared: str) -> tuple[str, ...]:
                if who(ctx, p) and declared in (a, b):
                    return (declared, b if declared == a else a)
                return value
            return modifier
        return [("may_play_for", may_play_for), ("action_choices", action_choices)]


@construct
@dataclass(frozen=True)
class PirateToGoods(Permission):
    grammar: ClassVar[str] = r'''
!pirate_to_goods: "pay" INT "to" "put" "a" "pirated" "card" "into" ("your" | "their") "goods"
'''
    syntax: ClassVar[str] = "pay N to put a pirated card into your goods"
    meaning: ClassVar[str] = "instead of loading a pirated card (R11.2), the pirate may pay N and put it into Goods"
    examples: ClassVar[tuple[str, ...]] = ("rule: you may pay 2 to put a pirated card into your goods",)
    cost: int = 2

    @classmethod
    def build(cls, col: int, children: list[Any]) -> PirateToGoods:
        return cls(ints(children)[0], col=col)

    def english(self) -> str:
        return f"pay {self.cost} to put a pirated card into your Goods instead of loading it"

    def changes(self, allowed: bool, scope: str) -> Changes:
        cost, who = self.cost, scope_test(scope)

        def make(ctx: Ctx) -> Callable[..., Any]:
            return lambda value, p: (cost if allowed else 0) if who(ctx, p) else value
        return [("pirate_to_goods_cost", make)]


@construct
@dataclass(frozen=True)
class SellInsteadOfLoad(Permission):
    grammar: ClassVar[str] = r'''
!sell_instead_of_load: "sell" "a" "card" "to" "the" "island" "for" INT "instead" "of" "a" "load" "once" "per" "turn"
'''
    syntax: ClassVar[str] = "sell a card to the island for N instead of a load once per turn"
    meaning: ClassVar[str] = "once per turn, a load instance may sell a hand card to the supply island instead"
    examples: ClassVar[tuple[str, ...]] = ("rule: you may sell a card to the island for 2 instead of a load once per turn",)
    price: int = 2

    @classmethod
    def build(cls, col: int, children: list[Any]) -> SellInsteadOfLoad:
        return cls(ints(children)[0], col=col)

    def english(self) -> str:
        return f"once per turn, sell a hand card to the supply island for {self.price} instead of loading"

    def changes(self, allowed: bool, scope: str) -> Changes:
        price, who = self.price, scope_test(scope)

        def make(ctx: Ctx) -> Callable[..., Any]:
            return lambda value, p: (max(value, price) if allowed else 0) if who(ctx, p) else value
        return [("sell_instead_of_load", make)]


@construct
@dataclass(frozen=True)
class PairSlot(Permission):
    grammar: ClassVar[str] = r'''
!pair_slot: "fill" "one" _good "slot" "with" "two" "containers" "of" "one" "colour"
'''
    syntax: ClassVar[str] = "fill one GOOD slot with two containers of one colour"
    meaning: ClassVar[str] = ("one load action loads two containers of one colour that together fill one slot of that good; "
                              "both count for the payout (R6.7)")
    examples: ClassVar[tuple[str, ...]] = ("rule: you may fill one technology slot with two containers of one colour",)
    good: str = "technology"

    @classmethod
    def build(cls, col: int, children: list[Any]) -> PairSlot:
        return cls(_good_of(children) or "technology", col=col)

    def english(self) -> str:
        return f"load two containers of one colour that together fill one {self.good} slot"

    def changes(self, allowed: bool, scope: str) -> Changes:
        good, who = self.good, scope_test(scope)

        def make(ctx: Ctx) -> Callable[..., Any]:
            return lambda value, p: (good if allowed else None) if who(ctx, p) else value
        return [("pair_slot_good", make)]


ALLOW_SUBJECTS = {("you",): "you", ("other", "players"): "others", ("each", "other", "player"): "others",
                  ("every", "player"): "all", ("all", "players"): "all"}


@construct
@dataclass(frozen=True)
class Allow(RuleNode):
    """`you may ...`, `you cannot ...`, `other players cannot ...`."""

    grammar: ClassVar[str] = r'''
!allow: ("you" | "other" "players" | "each" "other" "player" | "every" "player" | "all" "players") ("may" | "can" | "cannot" | "may" "not")? permission
'''
    syntax: ClassVar[str] = "you|other players|every player may|cannot PERMISSION"
    meaning: ClassVar[str] = "allows or forbids something for the card's owner, the other players, or everybody"
    examples: ClassVar[tuple[str, ...]] = ("rule: you may load the top card of the deck", "rule: you cannot trigger the game end")
    scope: str = "you"
    allowed: bool = True
    permission: Permission | None = None

    @classmethod
    def build(cls, col: int, children: list[Any]) -> Allow:
        w = words(children)
        scope = next(s for k, s in ALLOW_SUBJECTS.items() if tuple(w[:len(k)]) == k)
        return cls(scope, not ("cannot" in w or "not" in w), first(children, Permission), col=col)

    def english(self) -> str:
        assert self.permission is not None
        who = {"you": "you", "others": "the other players", "all": "every player"}[self.scope]
        if isinstance(self.permission, WinTies):
            return f"{who} {'win' if self.allowed else 'never win'} {self.permission.english()[4:]}"
        return f"{who} {'may' if self.allowed else 'cannot'} {self.permission.english()}"

    def changes(self) -> Changes:
        assert self.permission is not None
        return self.permission.changes(self.allowed, self.scope)


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
    scope: str = "you"
    filter: Filter | None = None
    this: bool = False

    @classmethod
    def build(cls, col: int, children: list[Any]) -> Rainbow:
        owner = first(children, Owner)
        this = words(children)[0] == "this"
        return cls(SCOPES.get(owner.kind, "you") if owner is not None else "you", first(children, Filter), this, col=col)

    def english(self) -> str:
        from interpreter.lang.cards import described
        if self.this:
            return "this contract takes containers of any colour"
        return f"your {described(self.filter, 'contracts')} take containers of any colour"

    def changes(self) -> Changes:
        f, this, who = self.filter, self.this, scope_test(self.scope)

        def make(ctx: Ctx) -> Callable[..., Any]:
            def modifier(value: tuple[tuple[str, int], ...], p: Player, card: Any) -> tuple[tuple[str, int], ...]:
                if (card is ctx.card) if this else (who(ctx, p) and matches(f, card)):
                    return (("any", sum(n for _, n in value)),)
                return value
            return modifier
        return [("contract_load", make)]


@construct
@dataclass(frozen=True)
class Wild(RuleNode):
    grammar: ClassVar[str] = r'''
!wild: owner (_colour | _good) "containers" "are" "wild"
'''
    syntax: ClassVar[str] = "your COLOUR containers are wild"
    meaning: ClassVar[str] = "the player's containers of that colour fill a slot of any colour, pirated ones too (R7.2)"
    examples: ClassVar[tuple[str, ...]] = ("rule: your yellow containers are wild",)
    scope: str = "you"
    good: str = "agriculture"

    @classmethod
    def build(cls, col: int, children: list[Any]) -> Wild:
        owner = first(children, Owner)
        return cls(SCOPES.get(owner.kind, "you") if owner is not None else "you", _good_of(children) or "agriculture", col=col)

    def english(self) -> str:
        colour = {g: c for c, g in COLOUR_GOOD.items()}[self.good]
        return f"your {colour} ({self.good}) containers fill slots of any colour"

    def changes(self) -> Changes:
        good, who = self.good, scope_test(self.scope)

        def make(ctx: Ctx) -> Callable[..., Any]:
            return lambda value, p, card: True if who(ctx, p) and card.good == good else value
        return [("container_wild", make)]


@construct
@dataclass(frozen=True)
class Interchangeable(RuleNode):
    grammar: ClassVar[str] = r'''
!interchangeable: (_good | _colour) "and" (_good | _colour) "containers" "are" "interchangeable" "on" owner "ships"
'''
    syntax: ClassVar[str] = "GOOD and GOOD containers are interchangeable on your ships"
    meaning: ClassVar[str] = "on the player's ships, a container of either type fills a slot of the other (R7.2)"
    examples: ClassVar[tuple[str, ...]] = ("rule: agriculture and consumer containers are interchangeable on your ships",)
    first_good: str = "agriculture"
    second_good: str = "consumer"
    scope: str = "you"

    @classmethod
    def build(cls, col: int, children: list[Any]) -> Interchangeable:
        goods = [COLOUR_GOOD.get(str(c), str(c)) for c in children if isinstance(c, Token) and (str(c) in GOODS or str(c) in COLOUR_GOOD)]
        owner = first(children, Owner)
        return cls(goods[0], goods[1], SCOPES.get(owner.kind, "you") if owner is not None else "you", col=col)

    def english(self) -> str:
        return f"on your ships, {self.first_good} and {self.second_good} containers fill each other's slots"

    def changes(self) -> Changes:
        a, b, who = self.first_good, self.second_good, scope_test(self.scope)

        def make(ctx: Ctx) -> Callable[..., Any]:
            def modifier(value: frozenset[str], p: Player, card: Any) -> frozenset[str]:
                if not who(ctx, p) or card.good not in (a, b):
                    return value
                return value | {a, b}
            return modifier
        return [("slot_colours", make)]


@construct
@dataclass(frozen=True)
class WhileRule(RuleNode):
    grammar: ClassVar[str] = r'''
!while_rule: "while" condition "," rule
'''
    syntax: ClassVar[str] = "while CONDITION, RULE"
    meaning: ClassVar[str] = "the rule holds only while the condition does (checked each time the rule is read)"
    examples: ClassVar[tuple[str, ...]] = ("rule: while you have a shipment of every type, your imports limit is unlimited",)
    condition: Condition | None = None
    inner: RuleNode | None = None

    def english(self) -> str:
        assert self.condition is not None and self.inner is not None
        return f"while {self.condition.english()}, {self.inner.english()}"

    def changes(self) -> Changes:
        assert self.condition is not None and self.inner is not None
        test = self.condition.test()

        def guarded(make: Maker) -> Maker:
            def make_guarded(ctx: Ctx) -> Callable[..., Any]:
                inner = make(ctx)
                return lambda value, *args: inner(value, *args) if test(ctx) else value
            return make_guarded
        return [(query, guarded(make)) for query, make in self.inner.changes()]


__all__ = ["GOODS", "UNLIMITED"]
