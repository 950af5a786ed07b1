"""Triggers: the events a `when ...` power listens to, one construct per event of the engine
(docs/reference.md lists the events). Most start with who acts (`you`, `any player`, `another
player`, `an opponent`) and may narrow what happened (`an agriculture card`, `from your ship`,
`with a bid of 0`). Each says what the event gives the power: `that player` (who acted), `that
ship`, `that card`, and numbers (`its payout`, `the bid`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from interpreter.lang.bounds import ACTIONS as ACTION_COUNT
from interpreter.lang.bounds import CARDS, CONTAINERS, CREDITS, FEE, Bound
from interpreter.lang.cards import ACTIONS, Filter, Owner, Ships, described, first, ints, matches, words
from interpreter.lang.english import article
from interpreter.lang.registry import Word, construct
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

    def names_actor(self) -> bool:
        return True

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
    return described(f, noun)


def _a(f: Filter | None, noun: str = "card") -> str:
    return article(_card(f, noun))


@construct
@dataclass(frozen=True)
class CompletesShipment(ActorTrigger):
    event: ClassVar[str] = "ShipmentCompleted"
    binds: ClassVar[frozenset[str]] = frozenset({"that player", "that ship", "payout"})
    grammar: ClassVar[str] = r'''
!completes_shipment: _actor ("complete" | "completes") "a" "shipment" ("of" INT "or" "more" "containers")? ("carrying" _article filter? "container")?
'''
    numbers: ClassVar[tuple[Bound, ...]] = (CONTAINERS,)
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
class Imports(ActorTrigger):
    event: ClassVar[str] = "ImportWon"
    binds: ClassVar[frozenset[str]] = frozenset({"that player", "that ship", "bid"})
    grammar: ClassVar[str] = r'''
!imports: _actor ("import" | "imports" | "win" "an" "import"
    | "wins" "an" "import") (_article filter? "container")? ("from" ships)? (WITH_A_BID_OF INT ("or" "more" | "or" "less")?)?
WITH_A_BID_OF: /with\s+a\s+bid\s+of\b/
'''
    numbers: ClassVar[tuple[Bound, ...]] = (FEE,)
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
                   ints(children)[-1] if any(x.startswith("with") for x in w) else -1, op, col=col)

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
class Pirates(ActorTrigger):
    event: ClassVar[str] = "PirateFinished"
    binds: ClassVar[frozenset[str]] = frozenset({"that player", "that ship", "that card"})
    grammar: ClassVar[str] = r'''
!pirates: _actor ("pirate" | "pirates") (_article filter? ("card" | "container"))? ("from" (ships | "the" "island"))?
        | _article filter? ("card" | "container") "is" "pirated" ("from" (ships | "the" "island"))?
        | ("one" "of" owner "ships" | owner "ship") "is" "pirated"
'''
    syntax: ClassVar[str] = ("ACTOR pirate(s) [a FILTER card] [from SHIPS | from the island] | a [FILTER] container is pirated "
                             "[from SHIPS] | SHIPS is pirated")
    meaning: ClassVar[str] = ("a pirate action has taken a card and placed it (R11.1, R11.2); `from your ship`: from a ship of "
                              "the card's owner (the victim's side); `that ship's owner` is whose ship it was; the passive "
                              "forms are by any player")
    examples: ClassVar[tuple[str, ...]] = ("when an opponent pirates from your ship: gain 4",
                                           "when one of your ships is pirated: draw 1",
                                           "when you pirate from another player's ship at sea: take 1 random card from that ship's owner's hand")
    filter: Filter | None = None
    ships: Ships | None = None
    island: bool = False

    @classmethod
    def build(cls, col: int, children: list[Any]) -> Pirates:
        ships, owner = first(children, Ships), first(children, Owner)
        if ships is None and owner is not None:  # `one of your ships is pirated`
            ships = Ships("owned", owner, col=owner.col)
        return cls(read_actor(children), first(children, Filter), ships, "island" in words(children), col=col)

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


# ------------------------------------------------------------------------------------ events of one shape

@dataclass(frozen=True)
class EventName(Word):
    """An engine event a `when` power can listen to, and what the phrase's slots test on it.

    `actor_field`: the event field holding who acted, tested by `you` / `another player` / ...
    ("" when the phrase names no actor); `card_field`: the card a filter (`a luxury card`) tests;
    `owner_field`: where the owner of `your goods` / `one of your ships` is read (`player`: the
    event's player; `ship`: the owner of its ship); `least_field`: the number `N or more` is
    compared with; `action_field`: the field an action word (`declare pirate`, `by a load action`)
    must equal; `by`: what the event's `by` must be; `receiver`: the card's owner must be the
    event's receiver. `english` fills in {actor} {verb} {a_card} {a_container} {a_ship} {owner}
    {onto} {action} {by} {n} {lead} {followed} {pair}; `verbs` is the verb after a plural and a singular actor."""

    event: str = ""
    english: str = ""
    verbs: tuple[str, str] = ("", "")
    binds: frozenset[str] = frozenset({"that player"})
    actor_field: str = "player"
    card_field: str = "card"
    owner_field: str = ""
    least_field: str = ""
    action_field: str = ""
    by: str = ""
    receiver: bool = False
    yours_words: tuple[str, ...] = ()  # words that mean "while the card's owner leads" (`a turn you lead`, `your import`)
    least_words: tuple[tuple[str, int], ...] = ()  # words that set the `N or more` (`with a wild pair`: 2 cards)


def _event(name: str, phrase: str, syntax: str, event: str, english: str, meaning: str, example: str,
           binds: tuple[str, ...] = ("that player",), **data: Any) -> EventName:
    return EventName(name, phrase, syntax, meaning, example, event=event, english=english, binds=frozenset(binds), **data)


_A_SHIP = '("a" "ship" | "one" "of" owner "ships")'
_A_TURN = '("a" "turn" | "a" "turn" "you" "lead" | "a" "turn" "you" "led" | "your" "turn")'
CARD, SHIP = ("that player", "that card"), ("that player", "that ship", "that card")

EVENTS = (
    _event("draws", '_actor ("draw" | "draws") ("cards" | "a" "card" | INT "or" "more" ("card" | "cards"))?',
           "ACTOR draw(s) [cards | N or more cards]", "CardsDrawn",
           "{actor} {verb} {at_least}cards", "cards are drawn into a hand, for any reason (`that many`: how many; `N or more`: at once)",
           "when another player draws: you may draw 1", ("that player", "count"), verbs=("draw", "draws"),
           least_field="count", numbers=(CARDS,)),
    _event("takes_draw_action", '_actor ("take" | "takes") "the" "draw" "action"', "ACTOR take(s) the draw action",
           "DrawActionTaken", "{actor} {verb} the draw action",
           "a player chooses to draw instead of leading or following (R4.2.1, R4.3.1)",
           "when another player takes the draw action: you may discard 1 card from your hand", verbs=("take", "takes")),
    _event("enters_goods", '_article filter? ("card" | "cards") ("enters" | "enter") owner "goods"',
           "a [FILTER] card enters OWNER goods", "GoodAdded", "{a_card} enters {owner} Goods",
           "a card is placed in a Goods area; `that player` owns the area",
           "when a consumer card enters any player's goods: gain 4", CARD, actor_field="", owner_field="player"),
    _event("enters_imports", '_article filter? ("card" | "cards") ("enters" | "enter") owner "imports"',
           "a [FILTER] card enters OWNER imports", "ImportAdded", "{a_card} enters {owner} Imports",
           "a card is placed in an Imports area; `that player` owns the area",
           "when a card enters another player's imports: gain 2", CARD, actor_field="", owner_field="player"),
    _event("ship_returns", _A_SHIP + ' ("returns" | "return") ("to" "harbor")?', "a ship | one of OWNER ships returns to harbor",
           "ShipReturned", "{a_ship} returns to harbor",
           "a ship emptied at sea comes home (R9.2); `container it carried` counts what it carried when it sailed",
           "when one of your ships returns to harbor: gain 2 for each container it carried",
           ("that player", "that ship", "carried"), actor_field="", owner_field="player"),
    _event("ship_sails", _A_SHIP + ' ("sails" | "sail")', "a ship | one of OWNER ships sails", "ShipSailed",
           "{a_ship} sails", "a completed ship sails out to sea (R8.2.5)", "when a ship sails: you may draw 1",
           ("that player", "that ship"), actor_field="", owner_field="player"),
    _event("auctioned", _A_SHIP + ' "is" "auctioned"', "a ship | one of OWNER ships is auctioned", "AuctionStarted",
           "{a_ship} is put up for auction", "an import round begins: the leader puts a ship up for auction (R10.2, R10.4)",
           "when one of your ships is auctioned: gain 2", ("that ship",), actor_field="", owner_field="ship"),
    _event("pays", '_actor ("pay" | "pays") INT "or" "more" ("credit" | "credits")?', "ACTOR pay(s) N or more [credits]", "CreditsPaid",
           "{actor} {verb} {n} or more credits at once",
           "credits are paid at once (to the bank or a player), N or more of them",
           "when another player pays 4 or more: gain 2", ("that player", "amount"), verbs=("pay", "pays"),
           least_field="amount", numbers=(CREDITS,)),
    _event("gains", '_actor ("gain" | "gains") INT "or" "more" ("credit" | "credits")?', "ACTOR gain(s) N or more [credits]", "CreditsGained",
           "{actor} {verb} {n} or more credits at once", "credits are gained at once, N or more of them",
           "when another player gains 6 or more: draw 1", ("that player", "amount"), verbs=("gain", "gains"),
           least_field="amount", numbers=(CREDITS,)),
    _event("declares", '_actor ("declare" | "declares" | "lead" "with" | "leads" "with") _filter_action',
           "ACTOR declare(s) ACTION | lead(s) with ACTION", "ActionDeclared", "{actor} {verb} {action}",
           "the leader declares that action (R4.2.2)", "when you declare pirate: either draw 2 or gain 2",
           verbs=("declare", "declares"), action_field="action"),
    _event("follows", '_actor ("follow" | "follows") ("your" _filter_action | _filter_action)? ("with" "a" "wild" "pair")?',
           "ACTOR follow(s) [your ACTION | ACTION] [with a wild pair]", "ActionFollowed", "{actor} {verb}{followed}{pair}",
           "a player follows the declared action (R4.3.2); `your ACTION`: one you declared as leader; `with a wild pair`: "
           "with two cards of one colour (R4.5)", "when another player follows your import, once per turn: gain 2",
           verbs=("follow", "follows"), action_field="action", least_field="card_count", yours_words=("your",),
           least_words=(("pair", 2),)),
    _event("gets_actions", '_actor ("get" | "gets") INT "or" "more" _filter_action "actions"',
           "ACTOR get(s) N or more ACTION actions", "InstancesGranted", "{actor} {verb} {n} or more {action} actions",
           "after everyone has chosen, a player has that many instances of an action this turn (R4.6)",
           "when you get 3 or more load actions: draw 1", ("that player", "count"), verbs=("get", "gets"),
           least_field="count", action_field="action", numbers=(ACTION_COUNT,)),
    _event("loads", '_actor ("load" | "loads") ("a" | "an") filter? "container"', "ACTOR load(s) a [FILTER] container",
           "LoadFinished", "{actor} {verb} {a_container} with a LOAD action",
           "a LOAD action instance loads a container (not a pirate, R11.8); the power runs after the load and the "
           "completion it caused (R7.5)", "when you load a container, once per turn: you may pay 2 to take 1 free load action",
           SHIP, verbs=("load", "loads"), by="load"),
    _event("is_loaded", '_article filter? "container" "is" "loaded" ("onto" ships)? ("by" "a" _filter_action "action")?',
           "a [FILTER] container is loaded [onto SHIPS] [by a ACTION action]", "ContainerLoaded",
           "{a_container} is loaded{onto}{by}",
           "any container is loaded onto any ship, by any player (each container counts); `by a load action`: not by "
           "a pirate or a power", "when an agriculture container is loaded: you may either gain 2 or draw 2", SHIP,
           actor_field="", action_field="by"),
    _event("turn_starts", _A_TURN + ' ("starts" | "begins")', "a turn [you lead] starts|begins", "TurnStarted", "a turn {lead}starts",
           "a turn begins, before the leader chooses (R4.1)", "when a turn you lead starts: you may draw 1", (),
           actor_field="", yours_words=("you", "your")),
    _event("turn_ends", _A_TURN + ' "ends"', "a turn [you lead] ends", "TurnEnded", "a turn {lead}ends",
           "a turn is over, after its clean-up (R4.9)", "when a turn ends: if you have the most goods then gain 2", (),
           actor_field="", yours_words=("you", "your")),
    _event("reshuffled", '"the" "deck" "is" ("reshuffled" | "shuffled") | "the" "discard" "pile" "is" "shuffled" "into" "the" "deck"',
           "the deck is reshuffled", "DeckReshuffled", "the discard pile is shuffled into a new deck",
           "the deck ran out and the discard pile was shuffled into a new deck (R3.7)", "when the deck is reshuffled: gain 4",
           (), actor_field=""),
    _event("sells", '_actor ("sell" | "sells") _article? filter? "card" ("to" "the" "island")?',
           "ACTOR sell(s) a [FILTER] card [to the island]", "CardSold", "{actor} {verb} {a_card} to the supply island",
           "a card is sold onto the supply island, by the SUPPLY action or by a power (R12.1.1, R12.5)",
           "when you sell a card: gain 2 for each luxury good you have (at most 6)", CARD, verbs=("sell", "sells")),
    _event("takes_from_island", '_actor ("take" | "takes") _article filter? "card" "from" "the" "island"',
           "ACTOR take(s) a [FILTER] card from the island", "CardTakenFromIsland",
           "{actor} {verb} {a_card} from the supply island", "a SUPPLY action takes an island card into Imports (R12.1.2)",
           "when another player takes a card from the island: gain 2", CARD, verbs=("take", "takes")),
    _event("discards_contract", '_actor ("discard" | "discards") "a" "contract"', "ACTOR discard(s) a contract",
           "ContractDiscarded", "{actor} {verb} a contract", "a leader discards an uncompleted contract (R14)",
           "when another player discards a contract: gain 2", SHIP, verbs=("discard", "discards")),
    _event("card_discarded", '_article filter? "card" "is" "discarded"', "a [FILTER] card is discarded", "CardDiscarded",
           "{a_card} goes to the discard pile", "any card goes to the discard pile, from anywhere",
           "when a luxury card is discarded: gain 2", ("that card",), actor_field=""),
    _event("island_seeded", '"the" "island" "is" "seeded"', "the island is seeded", "IslandSeeded",
           "a card of the deck is put on the supply island",
           "a card of the deck is put on the supply island (a ship completed, R8.4, or a power)",
           "when the island is seeded: you may draw 1", ("that card",), actor_field=""),
    _event("end_triggered", '"the" "game" "end" "is" "triggered"', "the game end is triggered", "GameEndTriggered",
           "the game end is triggered", "a game-end condition is met (R16.1); the turn is still finished",
           "when the game end is triggered: draw 2", (), actor_field=""),
    _event("gives_you", '_actor ("give" | "gives") "you" ("a" "card" | "cards")', "ACTOR give(s) you cards", "CardsGiven",
           "{actor} {verb} you cards", "a power makes a player hand cards to the card's owner (`that player` gave them)",
           "when another player gives you cards: draw 1", verbs=("give", "gives"), actor_field="giver", receiver=True),
    _event("flips_coin", '_actor ("flip" | "flips") "a" "coin"', "ACTOR flip(s) a coin", "CoinFlipped",
           "{actor} {verb} a coin", "a power flips a coin", "when another player flips a coin: gain 2",
           verbs=("flip", "flips")),
)


@construct
@dataclass(frozen=True)
class Event(Trigger):
    """A `when` trigger on an event of the engine, named by a phrase of the vocabulary (EVENTS):
    listening to one more engine event is one more entry there."""

    vocabulary: ClassVar[tuple[Word, ...]] = EVENTS
    syntax: ClassVar[str] = "an event's phrase (see the table)"
    meaning: ClassVar[str] = ("something happens in the game; who acted (`you`, `any player`, `another player`, `an "
                              "opponent`), a kind of card, a ship, an action or a number narrow it")
    name: str = "draws"
    actor: str = "any"
    filter: Filter | None = None
    owner: Owner | None = None
    ships: Ships | None = None
    action: str = ""
    n: int = 0
    yours: bool = False

    @classmethod
    def build_word(cls, word: Word, col: int, children: list[Any]) -> Event:
        w = words(children)
        actor = read_actor(children) if isinstance(word, EventName) and word.actor_field else "any"
        action = next((x for x in w[1:] if x in ACTIONS), "")
        least = next((n for x, n in word.least_words if x in w), 0) if isinstance(word, EventName) else 0
        yours = isinstance(word, EventName) and any(x in w for x in word.yours_words)
        return cls(word.name, actor, first(children, Filter), first(children, Owner), first(children, Ships), action,
                   (ints(children) or [least])[0], yours, col=col)

    @property
    def spec(self) -> EventName:
        word = self.word(self.name)
        assert isinstance(word, EventName)
        return word

    @property
    def binds(self) -> frozenset[str]:  # type: ignore[override]
        return self.spec.binds

    def event_name(self) -> str:
        return self.spec.event

    def names_actor(self) -> bool:
        return bool(self.spec.actor_field)

    def english(self) -> str:
        spec = self.spec
        owner = self.owner.english() if self.owner is not None else ""
        return spec.english.format(
            actor=ACTOR_TEXT[self.actor], verb=verb(self.actor, *spec.verbs), a_card=_a(self.filter),
            a_container=_a(self.filter, "container"), owner=owner,
            a_ship=f"one of {owner} ships" if self.owner is not None else "a ship",
            onto=f" onto {self.ships.english()}" if self.ships is not None else "",
            by=f" by a {self.action.upper()} action" if self.action else "", action=self.action.upper(), n=self.n,
            at_least=f"{self.n} or more " if self.n else "", lead="you lead " if self.yours else "",
            followed=f" {'your ' if self.yours else ''}{self.action.upper()}" if self.action else "",
            pair=" with a wild pair" if self.n >= 2 else "")

    def matches(self) -> Match:
        tests = [t for t in (self._actor_test(), self._card_test(), self._owner_test(), self._ship_test(),
                             self._number_tests()) if t is not None]
        return lambda ctx, e: all(t(ctx, e) for t in tests)

    def _actor_test(self) -> Match | None:
        field, acts = self.spec.actor_field, actor_test(self.actor)
        return (lambda ctx, e: acts(ctx, getattr(e, field))) if field and self.actor != "any" else None

    def _card_test(self) -> Match | None:
        f, field = self.filter, self.spec.card_field
        return (lambda ctx, e: matches(f, getattr(e, field))) if f is not None else None

    def _owner_test(self) -> Match | None:
        if self.owner is None:
            return None
        owners, on_ship = self.owner.resolve(), self.spec.owner_field == "ship"

        def owned(ctx: Ctx, e: Any) -> bool:
            seat = (e.ship.owner if e.ship is not None else None) if on_ship else e.player
            return any(p.seat == seat for p in owners(ctx))
        return owned

    def _ship_test(self) -> Match | None:
        return ship_test(self.ships) if self.ships is not None else None

    def _number_tests(self) -> Match | None:
        spec, action, least, yours = self.spec, self.action, self.n, self.yours
        checks: list[Match] = []
        if spec.action_field and action:
            checks.append(lambda ctx, e: getattr(e, spec.action_field) == action)
        if spec.least_field and least:  # `draws` without `N or more` tests nothing
            checks.append(lambda ctx, e: getattr(e, spec.least_field) >= least)
        if spec.by:
            checks.append(lambda ctx, e: e.by == spec.by)
        if spec.receiver:
            checks.append(lambda ctx, e: e.receiver == ctx.owner.seat)
        if yours:
            checks.append(lambda ctx, e: ctx.world.is_leader(ctx.owner))
        return (lambda ctx, e: all(c(ctx, e) for c in checks)) if checks else None

    def bind(self, ctx: Ctx, event: Any) -> None:
        super().bind(ctx, event)
        field = self.spec.actor_field
        if field and field != "player":  # `that player` is whoever acted (the giver of `gives you`)
            ctx.that = ctx.world.player(getattr(event, field))
