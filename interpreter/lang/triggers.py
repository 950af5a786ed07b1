"""Triggers: the events a `when ...` power listens to (docs/reference.md lists the engine's events,
with the phrases that listen to each from each of its sides). Most start with who acts (`you`, `any
player`, `another player`, `an opponent`) and may narrow what happened (`an agriculture card`, `from
your ship`, `with a bid of 0`). Each says what the event gives the power: `that player` (who acted),
`that ship`, `that card`, and numbers (`its payout`, `the bid`).

Every trigger declares the engine event it listens to (`event`), the event fields its words read
(`reads`) and the sides of the event it can be said from (`sides`: `actor`, what a player did;
`target`, what was done to a player; `anyone`). The language knows no engine module, so the powers
layer, which joins the two, checks when it is imported that every event and field named exists
(interpreter/powers/events_check.py)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from interpreter.lang.bounds import ACTIONS as ACTION_COUNT
from interpreter.lang.bounds import CARDS, CONTAINERS, CREDITS, FEE, Bound
from interpreter.lang.cards import ACTIONS, Filter, Owner, Ships, described, first, ints, matches, words
from interpreter.lang.english import article
from interpreter.lang.registry import Children, Word, construct
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


def read_actor(children: Children) -> str:
    """Who acts, from the first actor words of the phrase (`a turn another player leads starts`:
    another player); `your turn` is the owner's."""
    w = words(children)
    for i in range(len(w)):
        for size in (2, 1):
            if tuple(w[i:i + size]) in ACTORS:
                return ACTORS[tuple(w[i:i + size])]
        if w[i] == "your" and w[i + 1:i + 2] == ["turn"]:
            return "you"
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

    sides: ClassVar[tuple[str, ...]] = ("actor", "anyone")
    reads: ClassVar[tuple[str, ...]] = ("player",)
    actor: str = "any"

    def names_actor(self) -> bool:
        return True

    def acts(self) -> Callable[[Ctx, int], bool]:
        return actor_test(self.actor)


@construct
@dataclass(frozen=True)
class Contracts(ActorTrigger):
    event: ClassVar[str] = "ContractMade"
    reads: ClassVar[tuple[str, ...]] = ("player", "card", "instances")
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
    def build(cls, col: int, children: Children) -> Contracts:
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
    reads: ClassVar[tuple[str, ...]] = ("player", "containers", "ship")
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
    def build(cls, col: int, children: Children) -> CompletesShipment:
        w = words(children)
        return cls(read_actor(children), ints(children)[0] if ints(children) else 0, first(children, Filter),
                   "carrying" in w, col=col)

    def english(self) -> str:
        size = f" of {self.least} or more containers" if self.least else ""
        carrying = f" carrying {_a(self.carrying, 'container')}" if self.any_container else ""
        return f"{ACTOR_TEXT[self.actor]} {verb(self.actor, 'complete', 'completes')} a shipment{size}{carrying} (once per ship)"

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
    reads: ClassVar[tuple[str, ...]] = ("player", "card")
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
    def build(cls, col: int, children: Children) -> CompletesCard:
        return cls(read_actor(children), first(children, Filter), col=col)

    def english(self) -> str:
        what = _a(self.filter, 'shipment') if self.filter is not None else "a card"
        each = f"{_card(self.filter, 'contract card')}"
        return f"{ACTOR_TEXT[self.actor]} {verb(self.actor, 'complete', 'completes')} {what} (once per {each} completed)"

    def matches(self) -> Match:
        acts, f = self.acts(), self.filter
        return lambda ctx, e: acts(ctx, e.player) and matches(f, e.card)

    def own_completion(self) -> bool:
        return True


@construct
@dataclass(frozen=True)
class Imports(ActorTrigger):
    event: ClassVar[str] = "ImportWon"
    sides: ClassVar[tuple[str, ...]] = ("actor", "target", "anyone")  # target: `from your ship`
    reads: ClassVar[tuple[str, ...]] = ("player", "ship", "bid", "to_imports", "to_goods", "discarded", "owner")
    binds: ClassVar[frozenset[str]] = frozenset({"that player", "that ship", "bid"})
    grammar: ClassVar[str] = r'''
!imports: _actor ("import" | "imports" | "win" "an" "import"
    | "wins" "an" "import") (_article filter? "container")? ("from" ships)? (WITH_A_BID_OF INT ("or" "more" | "or" "less")?)? _during_import?
!_during_import: "during" "an" "import" "action"
WITH_A_BID_OF: /with\s+a\s+bid\s+of\b/
'''
    numbers: ClassVar[tuple[Bound, ...]] = (FEE,)
    syntax: ClassVar[str] = ("ACTOR import(s) | win(s) an import [a FILTER container] [from SHIPS] [with a bid of N [or more|or less]] "
                             "[during an import action]")
    meaning: ClassVar[str] = ("an import is won (R10.5), from a ship or from the supply island; `a FILTER container`: one of the "
                              "cards taken is of that kind; `from your ship`: from a ship of the card's owner; `during an import "
                              "action`: made by an Import action (an auction round, or a free Import action a power grants), "
                              "not by a power's own `import N containers`")
    examples: ClassVar[tuple[str, ...]] = ("when any player imports an illegal container: that player pays you 2",
                                           "when you import with a bid of 0: draw 1",
                                           "when another player imports an illegal container during an import action: that player pays you 2")
    filter: Filter | None = None
    has_container: bool = False
    ships: Ships | None = None
    bid: int = -1
    bid_op: str = "=="
    during_action: bool = False

    @classmethod
    def build(cls, col: int, children: Children) -> Imports:
        w = words(children)
        during = w[-4:] == ["during", "an", "import", "action"]
        head = w[:-4] if during else w
        op = ">=" if head[-2:] == ["or", "more"] else "<=" if head[-2:] == ["or", "less"] else "=="
        return cls(read_actor(children), first(children, Filter), "container" in head, first(children, Ships),
                   ints(children)[-1] if any(x.startswith("with") for x in head) else -1, op, during, col=col)

    def english(self) -> str:
        what = f" including {_a(self.filter, 'container')}" if self.has_container else ""
        src = f" from {self.ships.english()}" if self.ships is not None else ""
        bid = ""
        if self.bid >= 0:
            bid = f" with a bid of {self.bid}" + {">=": " or more", "<=": " or less", "==": ""}[self.bid_op]
        during = " during an Import action" if self.during_action else ""
        if not bid and not during:  # any import: won in an auction, or made by a power, which nobody wins
            what = f" {_a(self.filter, 'container')}" if self.has_container else ""
            return f"{ACTOR_TEXT[self.actor]} {verb(self.actor, 'import', 'imports')}{what}{src}"
        return f"{ACTOR_TEXT[self.actor]} {verb(self.actor, 'win', 'wins')} an import{what}{src}{bid}{during}"

    def matches(self) -> Match:
        acts, f, has, ships, bid, op = self.acts(), self.filter, self.has_container, ship_test(self.ships), self.bid, self.bid_op
        during = self.during_action

        def match(ctx: Ctx, e: Any) -> bool:
            if not acts(ctx, e.player) or not ships(ctx, e) or (during and e.by != "action"):
                return False
            if has and not any(matches(f, c) for c in (*e.to_imports, *e.to_goods, *e.discarded)):
                return False
            return bid < 0 or (e.bid >= bid if op == ">=" else e.bid <= bid if op == "<=" else e.bid == bid)
        return match


@construct
@dataclass(frozen=True)
class Pirates(ActorTrigger):
    event: ClassVar[str] = "PirateFinished"
    sides: ClassVar[tuple[str, ...]] = ("actor", "target", "anyone")  # target: `from your ship`, `one of your ships is pirated`
    reads: ClassVar[tuple[str, ...]] = ("player", "card", "source", "ship", "victim")
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
    def build(cls, col: int, children: Children) -> Pirates:
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

    `actor_field`: the event field the ACTOR slot (`you`, `another player`, ...) tests ("" when the
    phrase has none); `owner_field`: the field the OWNER slot of `your goods` / `one of your ships`
    tests; `yours_field`: the field that must be the card's owner when one of `yours_words` is
    written (`your import`: the leader followed); `that_field`: the field `that player` is (who
    acted); `card_field` / `cards_field`: the card (or one of the cards) a filter tests;
    `number_field`: the number `N or more` (`N or less`, a bare `N`) is compared with; `ships_owner`:
    the field naming the owner of the ship the SHIPS slot (`onto your ships`) tests;
    `action_field`: the field an action word must equal; `by`: what the event's `by` must be;
    `flags`: words that fix a field (`to lead`: leading is true); `excluded`: values of a field the
    phrase never answers (a power's own report of a rule starting to hold); `sides`: the sides of
    the event the phrase can be said from. `english` fills in {actor} {verb} {a_card} {a_container}
    {a_ship} {owner} {onto} {action} {by} {n} {number} {lead} {followed} {pair} {flag}; `verbs` is the verb
    after a plural and a singular actor."""

    event: str = ""
    english: str = ""
    verbs: tuple[str, str] = ("", "")
    binds: frozenset[str] = frozenset({"that player"})
    sides: tuple[str, ...] = ("actor", "anyone")
    actor_field: str = "player"
    owner_field: str = ""
    yours_field: str = ""
    yours_words: tuple[str, ...] = ()
    that_field: str = "player"
    card_field: str = "card"
    cards_field: str = ""
    number_field: str = ""
    ships_owner: str = ""
    action_field: str = ""
    by: str = ""
    flags: tuple[tuple[str, str, Any], ...] = ()
    excluded: tuple[tuple[str, tuple[Any, ...]], ...] = ()
    least_words: tuple[tuple[str, int], ...] = ()  # words that set the `N or more` (`with a wild pair`: 2 cards)

    @property
    def reads(self) -> tuple[str, ...]:
        """Every event field the phrase's words may read (checked against the engine's event)."""
        has_filter = re.search(r"\bfilter\b", self.phrase) is not None  # a FILTER slot reads the event's card(s)
        cards = (self.cards_field or self.card_field,) if has_filter else ()
        named = (self.actor_field, self.owner_field, self.yours_field, self.that_field, *cards,
                 self.number_field, self.ships_owner, self.action_field, "by" if self.by else "", *(f for _, f, _ in self.flags),
                 *(f for f, _ in self.excluded))
        return tuple(dict.fromkeys(f for f in named if f))


def _event(name: str, phrase: str, syntax: str, event: str, english: str, meaning: str, example: str,
           binds: tuple[str, ...] = ("that player",), **data: Any) -> EventName:
    return EventName(name, phrase, syntax, meaning, example, event=event, english=english, binds=frozenset(binds), **data)


_A_SHIP = '("a" "ship" | "one" "of" owner "ships")'
_A_TURN = '("a" "turn" | "a" "turn" _actor ("lead" | "leads" | "led") | "your" "turn")'
_N_OR_MORE = 'INT "or" "more"'
CARD, SHIP = ("that player", "that card"), ("that player", "that ship", "that card")

EVENTS = (
    # --- the turn (R4)
    _event("turn_starts", _A_TURN + ' ("starts" | "begins")', "a turn [ACTOR lead(s)] starts|begins | your turn starts",
           "TurnStarted", "a turn {lead}starts",
           "a turn begins, before the leader chooses (R4.1); `a turn you lead`, `your turn`: one the card's owner leads",
           "when a turn you lead starts: you may draw 1", ("that player",), actor_field="leader", that_field="leader"),
    _event("turn_ends", _A_TURN + ' "ends"', "a turn [ACTOR lead(s)] ends | your turn ends", "TurnEnded", "a turn {lead}ends",
           "a turn is over, after its clean-up (R4.9)", "when a turn ends: if you have the most goods then gain 2",
           ("that player",), actor_field="leader", that_field="leader"),
    _event("declares", '_actor ("declare" | "declares" | "lead" "with" | "leads" "with") (_filter_action | "an" "action")',
           "ACTOR declare(s) ACTION|an action | lead(s) with ACTION", "ActionDeclared", "{actor} {verb} {action}",
           "the leader declares that action (R4.2.2), once the cards are played",
           "when you declare pirate: either draw 2 or gain 2", verbs=("declare", "declares"), action_field="action"),
    _event("follows", '_actor ("follow" | "follows") ("your" _filter_action | _filter_action)? ("with" "a" "wild" "pair")?',
           "ACTOR follow(s) [your ACTION | ACTION] [with a wild pair]", "ActionFollowed", "{actor} {verb}{followed}{pair}",
           "a player follows the declared action (R4.3.2); `your ACTION`: one the card's owner declared as leader (the "
           "followed player's side); `with a wild pair`: with two cards of one colour (R4.5)",
           "when another player follows your import, once per turn: gain 2", sides=("actor", "target", "anyone"),
           verbs=("follow", "follows"), action_field="action", number_field="card_count", yours_field="leader",
           yours_words=("your",), least_words=(("pair", 2),)),
    _event("plays_card", '_actor ("play" | "plays") _article filter? "card" ("to" ("lead" | "follow"))?',
           "ACTOR play(s) a [FILTER] card [to lead | to follow]", "CardPlayed", "{actor} {verb} {a_card}{flag}",
           "a card is played from hand to lead or to follow (R4.2.2, R4.3.2), once per card (a wild pair plays two); "
           "`that card` is the card played", "when another player plays a luxury card to follow: gain 2", CARD,
           verbs=("play", "plays"), flags=(("lead", "leading", True), ("follow", "leading", False))),
    _event("takes_draw_action", '_actor ("take" | "takes") "the" "draw" "action"', "ACTOR take(s) the draw action",
           "DrawActionTaken", "{actor} {verb} the draw action",
           "a player has drawn instead of leading or following (R4.2.1, R4.3.1): the power runs after the cards are in "
           "hand (`that many`: how many were drawn)",
           "when another player takes the draw action: you may discard 1 card from your hand", ("that player", "count"),
           verbs=("take", "takes")),
    _event("gets_actions", '_actor ("get" | "gets") (INT "or" "more")? _filter_action "actions"',
           "ACTOR get(s) [N or more] ACTION actions", "InstancesGranted", "{actor} {verb} {at_least}{action} actions",
           "after everyone has chosen, a player has that many instances of an action this turn (R4.6)",
           "when you get 3 or more load actions: draw 1", ("that player", "count"), verbs=("get", "gets"),
           number_field="count", action_field="action", numbers=(ACTION_COUNT,)),
    # --- cards and credits
    _event("draws", '_actor ("draw" | "draws") ("cards" | "a" "card" | ' + _N_OR_MORE + ' ("card" | "cards"))?',
           "ACTOR draw(s) [cards | N or more cards]", "CardsDrawn",
           "{actor} {verb} {at_least}cards", "cards are drawn into a hand, for any reason (`that many`: how many; `N or more`: at once)",
           "when another player draws: you may draw 1", ("that player", "count"), verbs=("draw", "draws"),
           number_field="count", numbers=(CARDS,)),
    _event("reshuffles", '_actor ("reshuffle" | "reshuffles") "the" "deck"', "ACTOR reshuffle(s) the deck", "DeckReshuffled",
           "{actor} {verb} the deck", "the deck runs out as the player draws, and the discard pile is shuffled into a new "
           "deck (R3.7)", "when another player reshuffles the deck: draw 1", verbs=("reshuffle", "reshuffles")),
    _event("reshuffled", '"the" "deck" "is" ("reshuffled" | "shuffled") | "the" "discard" "pile" "is" "shuffled" "into" "the" "deck"',
           "the deck is reshuffled", "DeckReshuffled", "the discard pile is shuffled into a new deck",
           "the deck ran out and the discard pile was shuffled into a new deck (R3.7)", "when the deck is reshuffled: gain 4",
           (), sides=("anyone",), actor_field=""),
    _event("pays", '_actor ("pay" | "pays") ' + _N_OR_MORE + ' ("credit" | "credits")?', "ACTOR pay(s) N or more [credits]",
           "CreditsPaid", "{actor} {verb} {n} or more credits at once",
           "credits are paid at once (to the bank or a player), N or more of them",
           "when another player pays 4 or more: gain 2", ("that player", "amount"), verbs=("pay", "pays"),
           number_field="amount", numbers=(CREDITS,)),
    _event("is_paid", '_actor ("is" | "are") "paid" (' + _N_OR_MORE + ' ("credit" | "credits")?)?',
           "ACTOR is|are paid [N or more credits]", "CreditsPaid", "{actor} {verb} paid {at_least}credits by a player",
           "another player pays credits to this one (the payee's side; `that player` is the payer, `that amount` what was paid)",
           "when you are paid 4 or more: draw 1", ("that player", "amount"), sides=("target", "anyone"),
           verbs=("are", "is"), actor_field="to", number_field="amount", numbers=(CREDITS,)),
    _event("gains", '_actor ("gain" | "gains") (' + _N_OR_MORE + ' ("credit" | "credits")? | "credits")',
           "ACTOR gain(s) N or more [credits] | credits", "CreditsGained", "{actor} {verb} {at_least}credits at once",
           "credits are taken from the bank at once (N or more of them)", "when another player gains 6 or more: draw 1",
           ("that player", "amount"), verbs=("gain", "gains"), number_field="amount", numbers=(CREDITS,)),
    _event("enters_goods", '_article filter? ("card" | "cards") ("enters" | "enter") owner "goods"',
           "a [FILTER] card enters OWNER goods", "GoodAdded", "{a_card} enters {owner} Goods",
           "a card is placed in a Goods area; `that player` owns the area",
           "when a consumer card enters any player's goods: gain 4", CARD, actor_field="", owner_field="player"),
    _event("enters_imports", '_article filter? ("card" | "cards") ("enters" | "enter") owner "imports"',
           "a [FILTER] card enters OWNER imports", "ImportAdded", "{a_card} enters {owner} Imports",
           "a card is placed in an Imports area; `that player` owns the area",
           "when a card enters another player's imports: gain 2", CARD, actor_field="", owner_field="player"),
    _event("discards_card", '_actor ("discard" | "discards") _article filter? "card"', "ACTOR discard(s) a [FILTER] card",
           "CardDiscarded", "{actor} {verb} {a_card}",
           "a card the player held (in hand, on a ship, in an area) goes to the discard pile, for any reason",
           "when another player discards a luxury card: gain 2", CARD, verbs=("discard", "discards")),
    _event("card_discarded", '_article filter? "card" "is" "discarded"', "a [FILTER] card is discarded", "CardDiscarded",
           "{a_card} goes to the discard pile", "any card goes to the discard pile, from anywhere",
           "when a luxury card is discarded: gain 2", ("that player", "that card"), sides=("anyone",), actor_field=""),
    _event("reveals", '_actor ("reveal" | "reveals") ("cards" | _article filter? "card")', "ACTOR reveal(s) cards | a [FILTER] card",
           "CardsRevealed", "{actor} {verb} {a_card}", "a power makes the player show cards to everybody (one of them of "
           "that kind)", "when another player reveals an illegal card: gain 2", verbs=("reveal", "reveals"), cards_field="cards"),
    _event("gives", '_actor ("give" | "gives") ("cards" | "a" "card")', "ACTOR give(s) cards",
           "CardsGiven", "{actor} {verb} cards to a player", "a power makes a player hand cards to another player",
           "when an opponent gives cards: draw 1", verbs=("give", "gives"), actor_field="giver", that_field="giver"),
    _event("gives_you", '_actor ("give" | "gives") "you" ("a" "card" | "cards")', "ACTOR give(s) you cards", "CardsGiven",
           "{actor} {verb} you cards", "a power makes a player hand cards to the card's owner (`that player` gave them)",
           "when another player gives you cards: draw 1", sides=("actor", "target", "anyone"), verbs=("give", "gives"),
           actor_field="giver", that_field="giver", yours_field="receiver", yours_words=("you",)),
    _event("is_given", '_actor ("is" | "are") "given" ("a" "card" | "cards")', "ACTOR is|are given cards", "CardsGiven",
           "{actor} {verb} given cards", "a power makes another player hand cards to this one (the receiver's side; "
           "`that player` gave them)", "when an opponent is given cards: gain 2", sides=("target", "anyone"),
           verbs=("are", "is"), actor_field="receiver", that_field="giver"),
    _event("flips_coin", '_actor ("flip" | "flips") "a" "coin"', "ACTOR flip(s) a coin", "CoinFlipped",
           "{actor} {verb} a coin", "a power flips a coin", "when another player flips a coin: gain 2",
           verbs=("flip", "flips")),
    _event("uses_power", '_actor ("use" | "uses") "a" "power" ("of" _article filter? "card")?',
           "ACTOR use(s) a power [of a FILTER card]", "PowerUsed", "{actor} {verb} a power{of_card}",
           "a card's power starts to run (a one-time, triggered, any-time, standing or game-end power; not a rule "
           "starting to hold); never for a power that itself answers a power used, so two such powers cannot feed each "
           "other", "when another player uses a power, once per turn: draw 1", CARD, verbs=("use", "uses"),
           excluded=(("timing", ("rule", "as_contract")), ("answering", ("PowerUsed",)))),
    # --- ships
    _event("ship_sails", _A_SHIP + ' ("sails" | "sail")', "a ship | one of OWNER ships sails", "ShipSailed",
           "{a_ship} sails", "a completed ship sails out to sea (R8.2.5)", "when a ship sails: you may draw 1",
           ("that player", "that ship"), actor_field="", owner_field="player"),
    _event("ship_returns", _A_SHIP + ' ("returns" | "return") ("to" "harbor")?', "a ship | one of OWNER ships returns to harbor",
           "ShipReturned", "{a_ship} returns to harbor",
           "a ship emptied at sea comes home (R9.2); `one of your ships`: the owner's side; `that player` emptied it (if "
           "anybody did); `container it carried` counts what it carried when it sailed",
           "when one of your ships returns to harbor: gain 2 for each container it carried",
           ("that player", "that ship", "carried"), sides=("target", "anyone"), actor_field="", owner_field="player",
           that_field="by"),
    _event("empties_ship", '_actor ("empty" | "empties") ' + _A_SHIP, "ACTOR empt(y|ies) a ship | one of OWNER ships",
           "ShipReturned", "{actor} {verb} {a_ship} at sea",
           "the player takes the last container of a ship at sea (an import, a pirate, a power), which returns to "
           "harbor (R9.2)", "when you empty one of another player's ships: gain 2",
           ("that player", "that ship", "carried"), sides=("actor", "target", "anyone"), verbs=("empty", "empties"),
           actor_field="by", owner_field="player", that_field="by"),
    _event("auctioned", _A_SHIP + ' "is" "auctioned"', "a ship | one of OWNER ships is auctioned", "AuctionStarted",
           "{a_ship} is put up for auction", "an import round begins: the leader puts a ship up for auction (R10.2, R10.4); "
           "`one of your ships`: the ship owner's side", "when one of your ships is auctioned: gain 2",
           ("that player", "that ship"), sides=("target", "anyone"), actor_field="", owner_field="owner"),
    _event("auctions_ship", '_actor ("auction" | "auctions") ' + _A_SHIP, "ACTOR auction(s) a ship | one of OWNER ships",
           "AuctionStarted", "{actor} {verb} {a_ship}", "the leader (or a player importing alone) puts a ship at sea up "
           "for auction (R10.2)", "when another player auctions one of your ships: draw 1", ("that player", "that ship"),
           sides=("actor", "target", "anyone"), verbs=("auction", "auctions"), owner_field="owner"),
    _event("bids", '_actor ("bid" | "bids") (INT ("or" "more" | "or" "less")?)?', "ACTOR bid(s) [N [or more|or less]]",
           "BidPlaced", "{actor} {verb}{number}", "a sealed bid of an import round is revealed (R10.3), before the winner "
           "is known (`the bid`: how much)", "when another player bids 6 or more: gain 2", ("that player", "bid"),
           verbs=("bid", "bids"), number_field="bid", numbers=(CREDITS,)),
    _event("loses_import", '_actor ("lose" | "loses") "an" ("import" | "auction") (WITH_A_BID_OF INT ("or" "more" | "or" "less")?)?',
           "ACTOR lose(s) an import|auction [with a bid of N [or more|or less]]", "AuctionLost",
           "{actor} {verb} an import auction{with_bid}", "a bidder did not win the import auction (R10.3), once the winner "
           "has placed the cards (`the bid`: what the loser bid; `the winner`: who won it)", "when you lose an import: draw 1",
           ("that player", "bid", "winner"),
           verbs=("lose", "loses"), number_field="bid", numbers=(CREDITS,)),
    _event("outbids", '_actor ("outbid" | "outbids") ("a" "player" | "another" "player" | "an" "opponent")',
           "ACTOR outbid(s) a player", "AuctionLost", "{actor} {verb} another bidder",
           "the player wins an import auction against another bidder (R10.3): once per bidder beaten (the winner's side; "
           "`that player` is the beaten bidder)", "when you outbid a player: gain 2", ("that player", "bid"),
           sides=("target", "anyone"), verbs=("outbid", "outbids"), actor_field="winner"),
    _event("is_loaded", '_article filter? "container" "is" "loaded" ("onto" ships)? ("by" "a" _filter_action "action")?',
           "a [FILTER] container is loaded [onto SHIPS] [by a ACTION action]", "ContainerLoaded",
           "{a_container} is loaded{onto}{by}",
           "any container is loaded onto any ship, by any player (each container counts); `onto your ships`: yours (the "
           "player loading is the ship's owner); `by a load action`: not by a pirate or a power",
           "when an agriculture container is loaded: you may either gain 2 or draw 2", SHIP, actor_field="",
           action_field="by", ships_owner="player"),
    _event("loads", '_actor ("load" | "loads") ("a" | "an") filter? "container"', "ACTOR load(s) a [FILTER] container",
           "LoadFinished", "{actor} {verb} {a_container} with a LOAD action",
           "a LOAD action instance loads a container (not a pirate, R11.8); the power runs after the load and the "
           "completion it caused (R7.5)", "when you load a container, once per turn: you may pay 2 to take 1 free load action",
           SHIP, verbs=("load", "loads"), by="load"),
    _event("takes_as_pirate", '_actor ("take" | "takes") _article filter? ("card" | "container") "as" "a" "pirate" ("from" owner ("ships" | "ship" | "hand"))?',
           "ACTOR take(s) a [FILTER] card as a pirate [from OWNER ships|hand]", "CardPirated",
           "{actor} {verb} {a_card} as a pirate{from_owner}",
           "a pirate has taken a card (R11.1), before placing it (R11.2); `from your ships`: from the card's owner (the "
           "victim's side)", "when another player takes a card as a pirate from your ships: draw 1", SHIP,
           sides=("actor", "target", "anyone"), verbs=("take", "takes"), owner_field="victim",
           flags=(("hand", "source", "hand"), ("ships", "source", ("sea", "harbor")), ("ship", "source", ("sea", "harbor")))),
    # --- the actions' other moments
    _event("sells", '_actor ("sell" | "sells") _article? filter? "card" ("to" "the" "island")?',
           "ACTOR sell(s) a [FILTER] card [to the island]", "CardSold", "{actor} {verb} {a_card} to the supply island",
           "a card is sold onto the supply island and paid for, by the SUPPLY action or by a power (R12.1.1, R12.5)",
           "when you sell a card: gain 2 for each luxury good you have (at most 6)", CARD, verbs=("sell", "sells")),
    _event("takes_from_island", '_actor ("take" | "takes") _article filter? "card" "from" "the" "island"',
           "ACTOR take(s) a [FILTER] card from the island", "CardTakenFromIsland",
           "{actor} {verb} {a_card} from the supply island", "a SUPPLY action takes an island card into Imports (R12.1.2)",
           "when another player takes a card from the island: gain 2", CARD, verbs=("take", "takes")),
    _event("discards_contract", '_actor ("discard" | "discards") _article "contract"', "ACTOR discard(s) a contract",
           "ContractDiscarded", "{actor} {verb} a contract", "a leader discards an uncompleted contract (R14)",
           "when another player discards a contract: gain 2", SHIP, verbs=("discard", "discards")),
    _event("island_seeded", '"the" "island" "is" "seeded"', "the island is seeded", "IslandSeeded",
           "a card of the deck is put on the supply island",
           "a card of the deck is put on the supply island (a ship completed, R8.4, or a power)",
           "when the island is seeded: you may draw 1", ("that player", "that card"), sides=("anyone",), actor_field=""),
    _event("seeds_island", '_actor ("seed" | "seeds") "the" "island"', "ACTOR seed(s) the island", "IslandSeeded",
           "{actor} {verb} the supply island", "a card of the deck is put on the supply island because the player completed a "
           "ship (R8.4) or by the player's power", "when another player seeds the island: you may draw 1", CARD,
           verbs=("seed", "seeds")),
    _event("end_triggered", '"the" "game" "end" "is" "triggered"', "the game end is triggered", "GameEndTriggered",
           "the game end is triggered", "a game-end condition is met (R16.1); the turn is still finished",
           "when the game end is triggered: draw 2", ("that player",), sides=("anyone",), actor_field=""),
    _event("triggers_end", '_actor ("trigger" | "triggers") "the" "game" "end"', "ACTOR trigger(s) the game end",
           "GameEndTriggered", "{actor} {verb} the game end", "the player's credits (or an instant win) end the game (R16.1); "
           "the turn is still finished", "when another player triggers the game end: gain 4",
           verbs=("trigger", "triggers")),
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
    op: str = ">="
    flag: str = ""

    @classmethod
    def build_word(cls, word: Word, col: int, children: Children) -> Event:
        assert isinstance(word, EventName)
        w = words(children)
        actor = read_actor(children) if word.actor_field else "any"
        action = next((x for x in w[1:] if x in ACTIONS), "")
        least = next((n for x, n in word.least_words if x in w), 0)
        yours = bool(word.yours_field) and any(x in w[1:] for x in word.yours_words)
        op = "<=" if "less" in w else ">=" if "more" in w or least else "=="
        flag = next((x for x, _, _ in word.flags if x in w), "")
        return cls(word.name, actor, first(children, Filter), first(children, Owner), first(children, Ships), action,
                   (ints(children) or [least])[0], yours, op, flag, col=col)

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

    def written(self) -> bool:
        """Whether the phrase sets a number (`N or more`, a bare `bid 0`, `with a wild pair`)."""
        return bool(self.numbers_at) or self.n > 0

    def english(self) -> str:
        spec = self.spec
        owner = self.owner.english() if self.owner is not None else ""
        number = f" {self.n}" + {">=": " or more", "<=": " or less", "==": ""}[self.op] if self.written() else ""
        return spec.english.format(
            actor=ACTOR_TEXT[self.actor], verb=verb(self.actor, *spec.verbs), a_card=_a(self.filter),
            a_container=_a(self.filter, "container"), owner=owner,
            a_ship=f"one of {owner} ships" if self.owner is not None else "a ship",
            onto=f" onto {self.ships.english()}" if self.ships is not None else "",
            by=f" by a {self.action.upper()} action" if self.action else "", action=self.action.upper() or "an action",
            n=self.n, number=number, at_least=f"{self.n} or more " if self.n else "",
            lead=f"{ACTOR_TEXT[self.actor]} {verb(self.actor, 'lead', 'leads')} " if self.actor != "any" else "",
            followed=f" {'your ' if self.yours else ''}{self.action.upper()}" if self.action else "",
            pair=" with a wild pair" if self.n >= 2 else "", flag=f" to {self.flag}" if self.flag else "",
            of_card=f" of {_a(self.filter)}" if self.filter is not None else "",
            with_bid=f" with a bid of{number}" if number else "",
            from_owner=f" from {owner} {'hand' if self.flag == 'hand' else 'ships'}" if self.owner is not None else "")

    def matches(self) -> Match:
        tests = [t for t in (self._actor_test(), self._card_test(), self._owner_test(), self._ship_test(),
                             self._number_tests()) if t is not None]
        return lambda ctx, e: all(t(ctx, e) for t in tests)

    def _actor_test(self) -> Match | None:
        field, acts = self.spec.actor_field, actor_test(self.actor)
        return (lambda ctx, e: acts(ctx, getattr(e, field))) if field and self.actor != "any" else None

    def _card_test(self) -> Match | None:
        f, spec = self.filter, self.spec
        if f is None:
            return None
        if spec.cards_field:
            field = spec.cards_field
            return lambda ctx, e: any(matches(f, c) for c in getattr(e, field))
        field = spec.card_field
        return lambda ctx, e: matches(f, getattr(e, field))

    def _owner_test(self) -> Match | None:
        if self.owner is None:
            return None
        owners, field = self.owner.resolve(), self.spec.owner_field

        def owned(ctx: Ctx, e: Any) -> bool:
            seat = getattr(e, field)
            return seat is not None and any(p.seat == seat for p in owners(ctx))
        return owned

    def _ship_test(self) -> Match | None:
        return ship_test(self.ships) if self.ships is not None else None

    def _number_tests(self) -> Match | None:
        spec, action, n, op, yours, flag = self.spec, self.action, self.n, self.op, self.yours, self.flag
        checks: list[Match] = []
        if spec.action_field and action:
            checks.append(lambda ctx, e: getattr(e, spec.action_field) == action)
        if spec.number_field and self.written():
            field = spec.number_field
            if op == ">=":
                checks.append(lambda ctx, e: getattr(e, field) >= n)
            elif op == "<=":
                checks.append(lambda ctx, e: getattr(e, field) <= n)
            else:
                checks.append(lambda ctx, e: getattr(e, field) == n)
        if spec.by:
            checks.append(lambda ctx, e: e.by == spec.by)
        if yours:
            checks.append(lambda ctx, e: getattr(e, spec.yours_field) == ctx.owner.seat)
        for word, field, value in spec.flags:
            if word == flag:
                checks.append(_field_in(field, value if isinstance(value, tuple) else (value,)))
        for field, values in spec.excluded:
            checks.append(_field_in(field, values, among=False))
        return (lambda ctx, e: all(c(ctx, e) for c in checks)) if checks else None

    def bind(self, ctx: Ctx, event: Any) -> None:
        super().bind(ctx, event)
        field = self.spec.that_field
        if field != "player":  # `that player` is whoever acted (the giver of `gives you`, the leader of a turn)
            seat = getattr(event, field)
            ctx.that = ctx.world.player(seat) if isinstance(seat, int) else None


def _field_in(field: str, values: tuple[Any, ...], among: bool = True) -> Match:
    """A test of one field of the event: among `values` (or not, with `among=False`)."""
    return lambda ctx, e: (getattr(e, field) in values) == among
