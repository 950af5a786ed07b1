"""Triggers: the events a `when ...` power listens to, one construct per event of the engine
(docs/reference.md lists the events). Most start with who acts (`you`, `any player`, `another
player`, `an opponent`) and may narrow what happened (`an agriculture card`, `from your ship`,
`with a bid of 0`). Each says what the event gives the power: `that player` (who acted), `that
ship`, `that card`, and numbers (`its payout`, `the bid`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from interpreter.lang.cards import ACTIONS, Filter, Owner, Ships, first, ints, matches, words
from interpreter.lang.registry import construct
from interpreter.lang.roles import Trigger
from interpreter.lang.world import Ctx

WORD_RULES = r'''
!_actor: "you" | "any" "player" | "another" "player" | "an" "opponent" | "a" "player"
!_article: "a" | "an" | "any"
'''

ACTORS = {("you",): "you", ("any", "player"): "any", ("a", "player"): "any", ("another", "player"): "other",
          ("an", "opponent"): "other"}
ACTOR_TEXT = {"you": "you", "any": "any player", "other": "another player"}

Match = Callable[[Ctx, Any], bool]


def read_actor(children: list[Any]) -> str:
    w = words(children)
    for size in (2, 1):
        if tuple(w[:size]) in ACTORS:
            return ACTORS[tuple(w[:size])]
    return "any"


def actor_test(actor: str) -> Callable[[Ctx, int], bool]:
    if actor == "you":
        return lambda ctx, seat: seat == ctx.owner.seat
    if actor == "other":
        return lambda ctx, seat: seat != ctx.owner.seat
    return lambda ctx, seat: True


def verb(actor: str, plural: str, singular: str) -> str:
    return plural if actor == "you" else singular


def ship_test(ships: Ships | None) -> Callable[[Ctx, Any], bool]:
    """Whether an event's ship (and where it was: its `source`) is one the phrase means."""
    if ships is None:
        return lambda ctx, e: True
    at = ships.at
    if ships.kind == "owned" and ships.owner is not None:
        owners = ships.owner.resolve()

        def owned(ctx: Ctx, e: Any) -> bool:
            ship = getattr(e, "ship", None)
            return (ship is not None and any(p.seat == ship.owner for p in owners(ctx))
                    and _where_ok(at, e))
        return owned
    return lambda ctx, e: getattr(e, "ship", None) is not None and _where_ok(at, e)


def _where_ok(at: str, e: Any) -> bool:
    if at == "all":
        return True
    source = getattr(e, "source", None)
    if source is not None:
        return source == at or (at == "sea" and source == "sea")
    ship = getattr(e, "ship", None)
    return ship is not None and ship.at_sea == (at == "sea")


@dataclass(frozen=True)
class ActorTrigger(Trigger):
    """A trigger on something a player does."""

    actor: str = "any"

    def acts(self) -> Callable[[Ctx, int], bool]:
        return actor_test(self.actor)


@construct
@dataclass(frozen=True)
class Contracts(ActorTrigger):
    event: ClassVar[str] = "ContractMade"
    binds: ClassVar[frozenset[str]] = frozenset({"that player", "that ship", "that card"})
    grammar: ClassVar[str] = r'''
!contracts: _actor ("contract" | "contracts") _article? filter? ("card" | "cards") ("with" "a" "contract" "action" | "by" "a" "power")?
'''
    syntax: ClassVar[str] = "ACTOR contract(s) [a] [FILTER] card [with a contract action | by a power]"
    meaning: ClassVar[str] = ("a contract is made (R6.9); `with a contract action`: only contracts made with a CONTRACT action "
                              "instance, not those a power makes for free")
    examples: ClassVar[tuple[str, ...]] = ("when you contract an agriculture card: gain 2",
                                           "when you contract a card with a contract action, once per turn: "
                                           "you may sell 1 card from your hand to the island for 2")
    filter: Filter | None = None
    how: str = "any"  # any, action, power

    @classmethod
    def build(cls, col: int, children: list[Any]) -> Contracts:
        w = words(children)
        how = "action" if "action" in w else "power" if "power" in w else "any"
        return cls(read_actor(children), first(children, Filter), how, col=col)

    def english(self) -> str:
        how = {"any": "", "action": " with a CONTRACT action", "power": " by a power"}[self.how]
        return f"{ACTOR_TEXT[self.actor]} {verb(self.actor, 'contract', 'contracts')} {_a(self.filter)}{how}"

    def matches(self) -> Match:
        acts, f, how = self.acts(), self.filter, self.how

        def match(ctx: Ctx, e: Any) -> bool:
            by_action = e.instances > 0
            return acts(ctx, e.player) and matches(f, e.card) and (how == "any" or by_action == (how == "action"))
        return match


def _card(f: Filter | None, noun: str = "card") -> str:
    from interpreter.lang.cards import described
    return described(f, noun)


def _a(f: Filter | None, noun: str = "card") -> str:
    from interpreter.lang.english import article
    return article(_card(f, noun))


@construct
@dataclass(frozen=True)
class CompletesShipment(ActorTrigger):
    event: ClassVar[str] = "ShipmentCompleted"
    binds: ClassVar[frozenset[str]] = frozenset({"that player", "that ship", "payout"})
    grammar: ClassVar[str] = r'''
!completes_shipment: _actor ("complete" | "completes") "a" "shipment" ("of" INT "or" "more" "containers")? ("carrying" _article filter? "container")?
'''
    syntax: ClassVar[str] = "ACTOR complete(s) a shipment [of N or more containers] [carrying a FILTER container]"
    meaning: ClassVar[str] = ("a ship completes: once per ship, whatever its contracts (R8.5); not for the completion that "
                              "brings this card into Shipments unless the power says `this one included`")
    examples: ClassVar[tuple[str, ...]] = ("when any player completes a shipment: you may draw 1",
                                           "when you complete a shipment carrying a technology container: draw 2")
    least: int = 0
    carrying: Filter | None = None
    any_container: bool = False

    @classmethod
    def build(cls, col: int, children: list[Any]) -> CompletesShipment:
        w = words(children)
        return cls(read_actor(children), ints(children)[0] if ints(children) else 0, first(children, Filter),
                   "carrying" in w, col=col)

    def english(self) -> str:
        size = f" of {self.least} or more containers" if self.least else ""
        carrying = f" carrying {_a(self.carrying, 'container')}" if self.any_container else ""
        return f"{ACTOR_TEXT[self.actor]} {verb(self.actor, 'complete', 'completes')} a shipment{size}{carrying}"

    def matches(self) -> Match:
        acts, least, carrying, any_container = self.acts(), self.least, self.carrying, self.any_container

        def match(ctx: Ctx, e: Any) -> bool:
            return (acts(ctx, e.player) and e.containers >= least
                    and (not any_container or any(matches(carrying, c) for c in e.ship.containers)))
        return match

    def own_completion(self) -> bool:
        return True


@construct
@dataclass(frozen=True)
class CompletesCard(ActorTrigger):
    event: ClassVar[str] = "ContractCompleted"
    binds: ClassVar[frozenset[str]] = frozenset({"that player", "that ship", "that card"})
    grammar: ClassVar[str] = r'''
!completes_card: _actor ("complete" | "completes") ("a" | "an") filter ("shipment" | "card") | _actor ("complete" | "completes") "a" "card"
'''
    syntax: ClassVar[str] = "ACTOR complete(s) a FILTER shipment | a card"
    meaning: ClassVar[str] = ("a contract card of that kind enters Shipments: once per card (R8.5, OQ-45); not for this card's "
                              "own completion unless `this one included`")
    examples: ClassVar[tuple[str, ...]] = ("when any player completes a consumer shipment: gain 2",
                                           "when you complete an agriculture shipment, this one included: gain 2")
    filter: Filter | None = None

    @classmethod
    def build(cls, col: int, children: list[Any]) -> CompletesCard:
        return cls(read_actor(children), first(children, Filter), col=col)

    def english(self) -> str:
        what = _a(self.filter, 'shipment') if self.filter is not None else "a card"
        return f"{ACTOR_TEXT[self.actor]} {verb(self.actor, 'complete', 'completes')} {what}"

    def matches(self) -> Match:
        acts, f = self.acts(), self.filter
        return lambda ctx, e: acts(ctx, e.player) and matches(f, e.card)

    def own_completion(self) -> bool:
        return True


@construct
@dataclass(frozen=True)
class Draws(ActorTrigger):
    event: ClassVar[str] = "CardsDrawn"
    binds: ClassVar[frozenset[str]] = frozenset({"that player", "count"})
    grammar: ClassVar[str] = r'''
!draws: _actor ("draw" | "draws") ("cards" | "a" "card")?
'''
    syntax: ClassVar[str] = "ACTOR draw(s) [cards]"
    meaning: ClassVar[str] = "cards are drawn into a hand, for any reason (`that many`: how many)"
    examples: ClassVar[tuple[str, ...]] = ("when another player draws: you may draw 1",)

    @classmethod
    def build(cls, col: int, children: list[Any]) -> Draws:
        return cls(read_actor(children), col=col)

    def english(self) -> str:
        return f"{ACTOR_TEXT[self.actor]} {verb(self.actor, 'draw', 'draws')} cards"

    def matches(self) -> Match:
        acts = self.acts()
        return lambda ctx, e: acts(ctx, e.player)


@construct
@dataclass(frozen=True)
class TakesDrawAction(ActorTrigger):
    event: ClassVar[str] = "DrawActionTaken"
    grammar: ClassVar[str] = r'''
!takes_draw_action: _actor ("take" | "takes") "the" "draw" "action"
'''
    syntax: ClassVar[str] = "ACTOR take(s) the draw action"
    meaning: ClassVar[str] = "a player chooses to draw instead of leading or following (R4.2.1, R4.3.1)"
    examples: ClassVar[tuple[str, ...]] = ("when another player takes the draw action: you may discard 1 card from your hand",)

    @classmethod
    def build(cls, col: int, children: list[Any]) -> TakesDrawAction:
        return cls(read_actor(children), col=col)

    def english(self) -> str:
        return f"{ACTOR_TEXT[self.actor]} {verb(self.actor, 'take', 'takes')} the draw action"

    def matches(self) -> Match:
        acts = self.acts()
        return lambda ctx, e: acts(ctx, e.player)


@construct
@dataclass(frozen=True)
class Enters(Trigger):
    event: ClassVar[str] = "GoodAdded"
    binds: ClassVar[frozenset[str]] = frozenset({"that player", "that card"})
    grammar: ClassVar[str] = r'''
!enters: _article filter? ("card" | "cards") ("enters" | "enter") owner ("goods" | "imports")
'''
    syntax: ClassVar[str] = "a [FILTER] card enters OWNER goods|imports"
    meaning: ClassVar[str] = "a card is placed in a Goods (or Imports) area; `that player` owns the area"
    examples: ClassVar[tuple[str, ...]] = ("when a consumer card enters any player's goods: gain 4",)
    filter: Filter | None = None
    owner: Owner = Owner()
    zone: str = "goods"

    @classmethod
    def build(cls, col: int, children: list[Any]) -> Enters:
        return cls(first(children, Filter), first(children, Owner), "imports" if "imports" in words(children) else "goods", col=col)

    def event_name(self) -> str:
        return "ImportAdded" if self.zone == "imports" else "GoodAdded"

    def english(self) -> str:
        return f"{_a(self.filter)} enters {self.owner.english()} {self.zone.capitalize()}"

    def matches(self) -> Match:
        owners, f = self.owner.resolve(), self.filter
        return lambda ctx, e: matches(f, e.card) and any(p.seat == e.player for p in owners(ctx))


@construct
@dataclass(frozen=True)
class ShipReturns(Trigger):
    event: ClassVar[str] = "ShipReturned"
    binds: ClassVar[frozenset[str]] = frozenset({"that player", "that ship", "carried"})
    grammar: ClassVar[str] = r'''
!ship_returns: ("a" "ship" | "one" "of" owner "ships") ("returns" | "return" | "sails" | "sail") ("to" "harbor")?
'''
    syntax: ClassVar[str] = "a ship | one of OWNER ships returns to harbor | sails"
    meaning: ClassVar[str] = ("a ship emptied at sea comes home (R9.2), or a completed ship sails (R8.2.5); `container it "
                              "carried` counts what a returning ship carried when it sailed")
    examples: ClassVar[tuple[str, ...]] = ("when a ship returns to harbor: you may draw 1",
                                           "when one of your ships returns to harbor: gain 2 for each container it carried")
    owner: Owner | None = None
    sails: bool = False

    @classmethod
    def build(cls, col: int, children: list[Any]) -> ShipReturns:
        w = words(children)
        return cls(first(children, Owner), "sails" in w or "sail" in w, col=col)

    def event_name(self) -> str:
        return "ShipSailed" if self.sails else "ShipReturned"

    def english(self) -> str:
        who = f"one of {self.owner.english()} ships" if self.owner is not None else "a ship"
        return f"{who} {'sails' if self.sails else 'returns to harbor'}"

    def matches(self) -> Match:
        if self.owner is None:
            return lambda ctx, e: True
        owners = self.owner.resolve()
        return lambda ctx, e: any(p.seat == e.player for p in owners(ctx))


@construct
@dataclass(frozen=True)
class Pays(ActorTrigger):
    event: ClassVar[str] = "CreditsPaid"
    binds: ClassVar[frozenset[str]] = frozenset({"that player", "amount"})
    grammar: ClassVar[str] = r'''
!pays: _actor ("pay" | "pays" | "gain" | "gains") INT "or" "more"
'''
    syntax: ClassVar[str] = "ACTOR pay(s) N or more | gain(s) N or more"
    meaning: ClassVar[str] = "credits are paid at once (to the bank or a player), or gained at once, N or more of them"
    examples: ClassVar[tuple[str, ...]] = ("when another player pays 4 or more: gain 2",)
    least: int = 2
    gains: bool = False

    @classmethod
    def build(cls, col: int, children: list[Any]) -> Pays:
        w = words(children)
        return cls(read_actor(children), ints(children)[0], any(x.startswith("gain") for x in w), col=col)

    def event_name(self) -> str:
        return "CreditsGained" if self.gains else "CreditsPaid"

    def english(self) -> str:
        what = verb(self.actor, "gain", "gains") if self.gains else verb(self.actor, "pay", "pays")
        return f"{ACTOR_TEXT[self.actor]} {what} {self.least} or more credits at once"

    def matches(self) -> Match:
        acts, least = self.acts(), self.least
        return lambda ctx, e: acts(ctx, e.player) and e.amount >= least


@construct
@dataclass(frozen=True)
class Imports(ActorTrigger):
    event: ClassVar[str] = "ImportWon"
    binds: ClassVar[frozenset[str]] = frozenset({"that player", "that ship", "bid"})
    grammar: ClassVar[str] = r'''
!imports: _actor ("import" | "imports" | "win" "an" "import"
    | "wins" "an" "import") (_article filter? "container")? ("from" ships)? ("with" "a" "bid" "of" INT ("or" "more" | "or" "less")?)?
'''
    syntax: ClassVar[str] = "ACTOR import(s) | win(s) an import [a FILTER container] [from SHIPS] [with a bid of N [or more|or less]]"
    meaning: ClassVar[str] = ("an import is won (R10.5), from a ship or from the supply island; `a FILTER container`: one of the "
                              "cards taken is of that kind; `from your ship`: from a ship of the card's owner")
    examples: ClassVar[tuple[str, ...]] = ("when any player imports an illegal container: that player pays you 2",
                                           "when you import with a bid of 0: draw 1")
    filter: Filter | None = None
    has_container: bool = False
    ships: Ships | None = None
    bid: int = -1
    bid_op: str = "=="

    @classmethod
    def build(cls, col: int, children: list[Any]) -> Imports:
        w = words(children)
        op = ">=" if w[-2:] == ["or", "more"] else "<=" if w[-2:] == ["or", "less"] else "=="
        return cls(read_actor(children), first(children, Filter), "container" in w, first(children, Ships),
                   ints(children)[-1] if "bid" in w else -1, op, col=col)

    def english(self) -> str:
        what = f" including {_a(self.filter, 'container')}" if self.has_container else ""
        src = f" from {self.ships.english()}" if self.ships is not None else ""
        bid = ""
        if self.bid >= 0:
            bid = f" with a bid of {self.bid}" + {">=": " or more", "<=": " or less", "==": ""}[self.bid_op]
        return f"{ACTOR_TEXT[self.actor]} {verb(self.actor, 'win', 'wins')} an import{what}{src}{bid}"

    def matches(self) -> Match:
        acts, f, has, ships, bid, op = self.acts(), self.filter, self.has_container, ship_test(self.ships), self.bid, self.bid_op

        def match(ctx: Ctx, e: Any) -> bool:
            if not acts(ctx, e.player) or not ships(ctx, e):
                return False
            if has and not any(matches(f, c) for c in (*e.to_imports, *e.to_goods, *e.discarded)):
                return False
            return bid < 0 or (e.bid >= bid if op == ">=" else e.bid <= bid if op == "<=" else e.bid == bid)
        return match


@construct
@dataclass(frozen=True)
class Follows(ActorTrigger):
    event: ClassVar[str] = "ActionFollowed"
    grammar: ClassVar[str] = r'''
!follows: _actor ("follow" | "follows") ("your" _filter_action | _filter_action)? ("with" "a" "wild" "pair")?
'''
    syntax: ClassVar[str] = "ACTOR follow(s) [your ACTION | ACTION] [with a wild pair]"
    meaning: ClassVar[str] = ("a player follows the declared action (R4.3.2); `your ACTION`: one you declared as leader; "
                              "`with a wild pair`: with two cards of one colour (R4.5)")
    examples: ClassVar[tuple[str, ...]] = ("when another player follows your import, once per turn: gain 2",
                                           "when you follow with a wild pair: gain 2")
    action: str | None = None
    yours: bool = False
    pair: bool = False

    @classmethod
    def build(cls, col: int, children: list[Any]) -> Follows:
        w = words(children)
        action = next((x for x in w[1:] if x in ACTIONS), None)
        return cls(read_actor(children), action, "your" in w, "pair" in w, col=col)

    def english(self) -> str:
        what = f" {'your ' if self.yours else ''}{self.action.upper()}" if self.action else ""
        pair = " with a wild pair" if self.pair else ""
        return f"{ACTOR_TEXT[self.actor]} {verb(self.actor, 'follow', 'follows')}{what}{pair}"

    def matches(self) -> Match:
        acts, action, yours, pair = self.acts(), self.action, self.yours, self.pair

        def match(ctx: Ctx, e: Any) -> bool:
            return (acts(ctx, e.player) and (action is None or e.action == action)
                    and (not yours or ctx.world.is_leader(ctx.owner)) and (not pair or len(e.cards) >= 2))
        return match


@construct
@dataclass(frozen=True)
class Declares(ActorTrigger):
    event: ClassVar[str] = "ActionDeclared"
    grammar: ClassVar[str] = r'''
!declares: _actor ("declare" | "declares" | "lead" "with" | "leads" "with") _filter_action
'''
    syntax: ClassVar[str] = "ACTOR declare(s) ACTION | lead(s) with ACTION"
    meaning: ClassVar[str] = "the leader declares that action (R4.2.2)"
    examples: ClassVar[tuple[str, ...]] = ("when you declare pirate: either draw 2 or gain 2",)
    action: str = "pirate"

    @classmethod
    def build(cls, col: int, children: list[Any]) -> Declares:
        return cls(read_actor(children), next(x for x in words(children)[1:] if x in ACTIONS), col=col)

    def english(self) -> str:
        return f"{ACTOR_TEXT[self.actor]} {verb(self.actor, 'declare', 'declares')} {self.action.upper()}"

    def matches(self) -> Match:
        acts, action = self.acts(), self.action
        return lambda ctx, e: acts(ctx, e.player) and e.action == action


@construct
@dataclass(frozen=True)
class Pirates(ActorTrigger):
    event: ClassVar[str] = "PirateFinished"
    binds: ClassVar[frozenset[str]] = frozenset({"that player", "that ship", "that card"})
    grammar: ClassVar[str] = r'''
!pirates: _actor ("pirate" | "pirates") (_article filter? ("card" | "container"))? ("from" (ships | "the" "island"))?
'''
    syntax: ClassVar[str] = "ACTOR pirate(s) [a FILTER card] [from SHIPS | from the island]"
    meaning: ClassVar[str] = ("a pirate action has taken a card and placed it (R11.1, R11.2); `from your ship`: from a ship of "
                              "the card's owner (the victim's side); `that ship's owner` is whose ship it was")
    examples: ClassVar[tuple[str, ...]] = ("when an opponent pirates from your ship: gain 4",
                                           "when you pirate from another player's ship at sea: take 1 random card from that ship's owner's hand")
    filter: Filter | None = None
    ships: Ships | None = None
    island: bool = False

    @classmethod
    def build(cls, col: int, children: list[Any]) -> Pirates:
        return cls(read_actor(children), first(children, Filter), first(children, Ships), "island" in words(children), col=col)

    def english(self) -> str:
        what = f" {_a(self.filter)}" if self.filter is not None else ""
        src = f" from {self.ships.english()}" if self.ships is not None else " from the supply island" if self.island else ""
        return f"{ACTOR_TEXT[self.actor]} {verb(self.actor, 'pirate', 'pirates')}{what}{src}"

    def matches(self) -> Match:
        acts, f, ships, island = self.acts(), self.filter, ship_test(self.ships), self.island
        has_ships = self.ships is not None

        def match(ctx: Ctx, e: Any) -> bool:
            if not acts(ctx, e.player) or not matches(f, e.card):
                return False
            if island:
                return bool(e.source == "island")
            return not has_ships or ships(ctx, e)
        return match


@construct
@dataclass(frozen=True)
class Loads(ActorTrigger):
    event: ClassVar[str] = "LoadFinished"
    binds: ClassVar[frozenset[str]] = frozenset({"that player", "that ship", "that card"})
    grammar: ClassVar[str] = r'''
!loads: _actor ("load" | "loads") ("a" | "an") filter? "container"
'''
    syntax: ClassVar[str] = "ACTOR load(s) a [FILTER] container"
    meaning: ClassVar[str] = ("a LOAD action instance loads a container (not a pirate, R11.8); the power runs after the load "
                              "and the completion it caused (R7.5)")
    examples: ClassVar[tuple[str, ...]] = ("when you load a container, once per turn: you may pay 2 to take 1 free load action",)
    filter: Filter | None = None

    @classmethod
    def build(cls, col: int, children: list[Any]) -> Loads:
        return cls(read_actor(children), first(children, Filter), col=col)

    def english(self) -> str:
        return f"{ACTOR_TEXT[self.actor]} {verb(self.actor, 'load', 'loads')} {_a(self.filter, 'container')} with a LOAD action"

    def matches(self) -> Match:
        acts, f = self.acts(), self.filter
        return lambda ctx, e: acts(ctx, e.player) and e.by == "load" and matches(f, e.card)


@construct
@dataclass(frozen=True)
class IsLoaded(Trigger):
    event: ClassVar[str] = "ContainerLoaded"
    binds: ClassVar[frozenset[str]] = frozenset({"that player", "that ship", "that card"})
    grammar: ClassVar[str] = r'''
!is_loaded: _article filter? "container" "is" "loaded" ("onto" ships)? ("by" "a" _filter_action "action")?
'''
    syntax: ClassVar[str] = "a [FILTER] container is loaded [onto SHIPS] [by a ACTION action]"
    meaning: ClassVar[str] = ("any container is loaded onto any ship, by any player (each container counts); `by a load "
                              "action`: not by a pirate or a power")
    examples: ClassVar[tuple[str, ...]] = ("when an agriculture container is loaded: you may either gain 2 or draw 2",
                                           "when a container is loaded by a load action: gain 2")
    filter: Filter | None = None
    ships: Ships | None = None
    by: str | None = None

    @classmethod
    def build(cls, col: int, children: list[Any]) -> IsLoaded:
        w = words(children)
        by = next((x for x in w[w.index("by"):] if x in ACTIONS), None) if "by" in w else None
        return cls(first(children, Filter), first(children, Ships), by, col=col)

    def english(self) -> str:
        onto = f" onto {self.ships.english()}" if self.ships is not None else ""
        by = f" by a {self.by.upper()} action" if self.by else ""
        return f"{_a(self.filter, 'container')} is loaded{onto}{by}"

    def matches(self) -> Match:
        f, ships, by = self.filter, ship_test(self.ships), self.by
        return lambda ctx, e: matches(f, e.card) and ships(ctx, e) and (by is None or e.by == by)


@construct
@dataclass(frozen=True)
class TurnPasses(Trigger):
    event: ClassVar[str] = "TurnEnded"
    binds: ClassVar[frozenset[str]] = frozenset()
    grammar: ClassVar[str] = r'''
!turn_passes: ("a" "turn" | "a" "turn" "you" "lead" | "a" "turn" "you" "led" | "your" "turn") ("starts" | "ends")
'''
    syntax: ClassVar[str] = "a turn [you lead] starts|ends"
    meaning: ClassVar[str] = "a turn begins (before the leader chooses, R4.1) or is over after its clean-up (R4.9)"
    examples: ClassVar[tuple[str, ...]] = ("when a turn you lead starts: you may draw 1", "when a turn ends: if you have the most goods then gain 2")
    yours: bool = False
    starts: bool = False

    @classmethod
    def build(cls, col: int, children: list[Any]) -> TurnPasses:
        w = words(children)
        return cls("you" in w or "your" in w, "starts" in w, col=col)

    def event_name(self) -> str:
        return "TurnStarted" if self.starts else "TurnEnded"

    def english(self) -> str:
        return f"a turn {'you lead ' if self.yours else ''}{'starts' if self.starts else 'ends'}"

    def matches(self) -> Match:
        if not self.yours:
            return lambda ctx, e: True
        return lambda ctx, e: ctx.world.is_leader(ctx.owner)


@construct
@dataclass(frozen=True)
class Reshuffled(Trigger):
    event: ClassVar[str] = "DeckReshuffled"
    binds: ClassVar[frozenset[str]] = frozenset()
    grammar: ClassVar[str] = r'''
!reshuffled: "the" "deck" "is" ("reshuffled" | "shuffled") | "the" "discard" "pile" "is" "shuffled" "into" "the" "deck"
'''
    syntax: ClassVar[str] = "the deck is reshuffled"
    meaning: ClassVar[str] = "the deck ran out and the discard pile was shuffled into a new deck (R3.7)"
    examples: ClassVar[tuple[str, ...]] = ("when the deck is reshuffled: gain 4",)

    @classmethod
    def build(cls, col: int, children: list[Any]) -> Reshuffled:
        return cls(col=col)

    def english(self) -> str:
        return "the discard pile is shuffled into a new deck"

    def matches(self) -> Match:
        return lambda ctx, e: True


@construct
@dataclass(frozen=True)
class Sells(ActorTrigger):
    event: ClassVar[str] = "CardSold"
    binds: ClassVar[frozenset[str]] = frozenset({"that player", "that card"})
    grammar: ClassVar[str] = r'''
!sells: _actor ("sell" | "sells") _article? filter? "card" ("to" "the" "island")?
'''
    syntax: ClassVar[str] = "ACTOR sell(s) a [FILTER] card [to the island]"
    meaning: ClassVar[str] = "a card is sold onto the supply island, by the SUPPLY action or by a power (R12.1.1, R12.5)"
    examples: ClassVar[tuple[str, ...]] = ("when you sell a card: gain 2 for each luxury good you have (at most 6)",)
    filter: Filter | None = None

    @classmethod
    def build(cls, col: int, children: list[Any]) -> Sells:
        return cls(read_actor(children), first(children, Filter), col=col)

    def english(self) -> str:
        return f"{ACTOR_TEXT[self.actor]} {verb(self.actor, 'sell', 'sells')} {_a(self.filter)} to the supply island"

    def matches(self) -> Match:
        acts, f = self.acts(), self.filter
        return lambda ctx, e: acts(ctx, e.player) and matches(f, e.card)


@construct
@dataclass(frozen=True)
class TakesFromIsland(ActorTrigger):
    event: ClassVar[str] = "CardTakenFromIsland"
    binds: ClassVar[frozenset[str]] = frozenset({"that player", "that card"})
    grammar: ClassVar[str] = r'''
!takes_from_island: _actor ("take" | "takes") _article filter? "card" "from" "the" "island"
'''
    syntax: ClassVar[str] = "ACTOR take(s) a [FILTER] card from the island"
    meaning: ClassVar[str] = "a SUPPLY action takes an island card into Imports (R12.1.2)"
    examples: ClassVar[tuple[str, ...]] = ("when another player takes a card from the island: gain 2",)
    filter: Filter | None = None

    @classmethod
    def build(cls, col: int, children: list[Any]) -> TakesFromIsland:
        return cls(read_actor(children), first(children, Filter), col=col)

    def english(self) -> str:
        return f"{ACTOR_TEXT[self.actor]} {verb(self.actor, 'take', 'takes')} {_a(self.filter)} from the supply island"

    def matches(self) -> Match:
        acts, f = self.acts(), self.filter
        return lambda ctx, e: acts(ctx, e.player) and matches(f, e.card)


@construct
@dataclass(frozen=True)
class DiscardsContract(ActorTrigger):
    event: ClassVar[str] = "ContractDiscarded"
    binds: ClassVar[frozenset[str]] = frozenset({"that player", "that ship", "that card"})
    grammar: ClassVar[str] = r'''
!discards_contract: _actor ("discard" | "discards") "a" "contract"
'''
    syntax: ClassVar[str] = "ACTOR discard(s) a contract"
    meaning: ClassVar[str] = "a leader discards an uncompleted contract (R14)"
    examples: ClassVar[tuple[str, ...]] = ("when another player discards a contract: gain 2",)

    @classmethod
    def build(cls, col: int, children: list[Any]) -> DiscardsContract:
        return cls(read_actor(children), col=col)

    def english(self) -> str:
        return f"{ACTOR_TEXT[self.actor]} {verb(self.actor, 'discard', 'discards')} a contract"

    def matches(self) -> Match:
        acts = self.acts()
        return lambda ctx, e: acts(ctx, e.player)


@construct
@dataclass(frozen=True)
class CardDiscarded(Trigger):
    event: ClassVar[str] = "CardDiscarded"
    binds: ClassVar[frozenset[str]] = frozenset({"that card"})
    grammar: ClassVar[str] = r'''
!card_discarded: _article filter? "card" "is" "discarded"
'''
    syntax: ClassVar[str] = "a [FILTER] card is discarded"
    meaning: ClassVar[str] = "any card goes to the discard pile, from anywhere"
    examples: ClassVar[tuple[str, ...]] = ("when a luxury card is discarded: gain 2",)
    filter: Filter | None = None

    @classmethod
    def build(cls, col: int, children: list[Any]) -> CardDiscarded:
        return cls(first(children, Filter), col=col)

    def english(self) -> str:
        return f"{_a(self.filter)} goes to the discard pile"

    def matches(self) -> Match:
        f = self.filter
        return lambda ctx, e: matches(f, e.card)


@construct
@dataclass(frozen=True)
class IslandSeeded(Trigger):
    event: ClassVar[str] = "IslandSeeded"
    binds: ClassVar[frozenset[str]] = frozenset({"that card"})
    grammar: ClassVar[str] = r'''
!island_seeded: "the" "island" "is" "seeded"
'''
    syntax: ClassVar[str] = "the island is seeded"
    meaning: ClassVar[str] = "a card of the deck is put on the supply island (a ship completed, R8.4, or a power)"
    examples: ClassVar[tuple[str, ...]] = ("when the island is seeded: you may draw 1",)

    @classmethod
    def build(cls, col: int, children: list[Any]) -> IslandSeeded:
        return cls(col=col)

    def english(self) -> str:
        return "a card of the deck is put on the supply island"

    def matches(self) -> Match:
        return lambda ctx, e: True


@construct
@dataclass(frozen=True)
class EndTriggered(Trigger):
    event: ClassVar[str] = "GameEndTriggered"
    binds: ClassVar[frozenset[str]] = frozenset()
    grammar: ClassVar[str] = r'''
!end_triggered: "the" "game" "end" "is" "triggered"
'''
    syntax: ClassVar[str] = "the game end is triggered"
    meaning: ClassVar[str] = "a game-end condition is met (R16.1); the turn is still finished"
    examples: ClassVar[tuple[str, ...]] = ("when the game end is triggered: draw 2",)

    @classmethod
    def build(cls, col: int, children: list[Any]) -> EndTriggered:
        return cls(col=col)

    def english(self) -> str:
        return "the game end is triggered"

    def matches(self) -> Match:
        return lambda ctx, e: True


@construct
@dataclass(frozen=True)
class AuctionStarts(Trigger):
    event: ClassVar[str] = "AuctionStarted"
    binds: ClassVar[frozenset[str]] = frozenset({"that ship"})
    grammar: ClassVar[str] = r'''
!auction_starts: ("a" "ship" | "one" "of" owner "ships") "is" "auctioned"
'''
    syntax: ClassVar[str] = "a ship | one of OWNER ships is auctioned"
    meaning: ClassVar[str] = "an import round begins: the leader puts a ship up for auction (R10.2, R10.4)"
    examples: ClassVar[tuple[str, ...]] = ("when one of your ships is auctioned: gain 2",)
    owner: Owner | None = None

    def english(self) -> str:
        return (f"one of {self.owner.english()} ships" if self.owner is not None else "a ship") + " is put up for auction"

    def matches(self) -> Match:
        if self.owner is None:
            return lambda ctx, e: True
        owners = self.owner.resolve()
        return lambda ctx, e: e.ship is not None and any(p.seat == e.ship.owner for p in owners(ctx))


@construct
@dataclass(frozen=True)
class GetsActions(ActorTrigger):
    event: ClassVar[str] = "InstancesGranted"
    binds: ClassVar[frozenset[str]] = frozenset({"that player", "count"})
    grammar: ClassVar[str] = r'''
!gets_actions: _actor ("get" | "gets") INT "or" "more" _filter_action "actions"
'''
    syntax: ClassVar[str] = "ACTOR get(s) N or more ACTION actions"
    meaning: ClassVar[str] = "after everyone has chosen, a player has that many instances of an action this turn (R4.6)"
    examples: ClassVar[tuple[str, ...]] = ("when you get 3 or more load actions: draw 1",)
    least: int = 2
    action: str = "load"

    @classmethod
    def build(cls, col: int, children: list[Any]) -> GetsActions:
        return cls(read_actor(children), ints(children)[0], next(x for x in words(children) if x in ACTIONS), col=col)

    def english(self) -> str:
        return f"{ACTOR_TEXT[self.actor]} {verb(self.actor, 'get', 'gets')} {self.least} or more {self.action.upper()} actions"

    def matches(self) -> Match:
        acts, least, action = self.acts(), self.least, self.action
        return lambda ctx, e: acts(ctx, e.player) and e.action == action and e.count >= least


@construct
@dataclass(frozen=True)
class GivesYou(ActorTrigger):
    event: ClassVar[str] = "CardsGiven"
    grammar: ClassVar[str] = r'''
!gives_you: _actor ("give" | "gives") "you" ("a" "card" | "cards")
'''
    syntax: ClassVar[str] = "ACTOR give(s) you cards"
    meaning: ClassVar[str] = "a power makes a player hand cards to the card's owner (`that player` gave them)"
    examples: ClassVar[tuple[str, ...]] = ("when another player gives you cards: draw 1",)

    @classmethod
    def build(cls, col: int, children: list[Any]) -> GivesYou:
        return cls(read_actor(children), col=col)

    def english(self) -> str:
        return f"{ACTOR_TEXT[self.actor]} {verb(self.actor, 'give', 'gives')} you cards"

    def matches(self) -> Match:
        acts = self.acts()
        return lambda ctx, e: acts(ctx, e.giver) and e.receiver == ctx.owner.seat

    def bind(self, ctx: Ctx, event: Any) -> None:
        ctx.that = ctx.world.player(event.giver)


@construct
@dataclass(frozen=True)
class FlipsCoin(ActorTrigger):
    event: ClassVar[str] = "CoinFlipped"
    grammar: ClassVar[str] = r'''
!flips_coin: _actor ("flip" | "flips") "a" "coin"
'''
    syntax: ClassVar[str] = "ACTOR flip(s) a coin"
    meaning: ClassVar[str] = "a power flips a coin"
    examples: ClassVar[tuple[str, ...]] = ("when another player flips a coin: gain 2",)

    @classmethod
    def build(cls, col: int, children: list[Any]) -> FlipsCoin:
        return cls(read_actor(children), col=col)

    def english(self) -> str:
        return f"{ACTOR_TEXT[self.actor]} {verb(self.actor, 'flip', 'flips')} a coin"

    def matches(self) -> Match:
        acts = self.acts()
        return lambda ctx, e: acts(ctx, e.player)
