"""Effects: verbs with a subject and objects (`gain 2`, `each other player pays you 2`, `move 2 of
your imports to your goods`), and the ways effects combine (`then`, `if`, `you may`, `either`,
`choose one`, `X to Y`). Effects that last (`until ...`, `for the rest of the game, whenever ...`,
`the next time ...`) are in lasting.py."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import nullcontext
from dataclasses import dataclass
from typing import Any, ClassVar

from lark import Token

from interpreter.lang import credits
from interpreter.lang.bounds import ACTIONS as ACTION_COUNT
from interpreter.lang.bounds import CARDS, CONTAINERS, CREDITS, POINTS, Bound
from interpreter.lang.bounds import GOODS as GOOD_COUNT
from interpreter.lang.cards import ACTIONS, GOODS, CardsFrom, CardsOfOwner, Ships, Them, ThisCard, Where, described, first, ints, nodes, words
from interpreter.lang.conditions import Condition, Has, HaveCount, Holds, RoomFor
from interpreter.lang.english import ROOM_KNOWN, SCORING, acting, acting_player, own, third_person
from interpreter.lang.players import PlayerGroup
from interpreter.lang.registry import Children, Node, Word, construct
from interpreter.lang.roles import Cards, Effect, Players, ShipRef, Value
from interpreter.lang.rules import NamedPermission
from interpreter.lang.values import CARD_WORTH, Amount, ForEach, ForEvery, Modifier, ValueAmount
from interpreter.lang.world import Card, Ctx, LastingEffect, Number, Player, Run, Ship, Test, always

# Where each construct sits: `action` (a verb phrase), `branch` (what may follow `then`, `else`,
# `or`, `you may`), `effect` (only at the top of a step: `if`, `choose one`, `until`, `the next time`).
LEVELS = ("action", "branch", "effect")


@dataclass(frozen=True)
class Action(Effect):
    level: ClassVar[str] = "action"


def _amount(node: Value) -> Number:
    return node.number()


def _credits(node: Value) -> Number:
    """An amount of active credits: one read from the game is rounded down to an even number (R1.8.3)."""
    return node.credits() if isinstance(node, ValueAmount) else node.number()


def _rough(node: Node | None) -> float:
    return float(node.rough()) if node is not None and hasattr(node, "rough") else 2.0


def acted(ctx: Ctx, cards: list[Card], verb: str) -> None:
    """Remember what a step did, for `it`, `them`, `the rest` and `for each card VERBed`."""
    ctx.them = list(cards)
    if cards:
        ctx.done[verb] = ctx.done.get(verb, []) + list(cards)
        ctx.rest = [c for c in ctx.rest if c not in cards]


# ------------------------------------------------------------------------------------ credits

@dataclass(frozen=True)
class CreditVerb(Word):
    """A verb that changes the actor's credits by an amount: `call` is the World method that does
    it, `noun` what the amount counts, `sign` which way the bot values it."""

    call: str = "gain"
    noun: str = "credit"
    english: str = ""
    source: str = ""  # where the credits come from, said right after the amount's noun (`2 credits from the bank for each ...`)
    sign: int = 1
    onto_card: bool = False  # the credits go onto this card (passive credits), not to the actor


CREDIT_VERBS = (
    CreditVerb("gain", '("gain" | "gains") amount', "gain AMOUNT",
               "take credits from the bank (R0.6); at game end they are scored as points (R17.8)",
               "on completion: gain 2 for each of your shipments", call="gain", english="take {amount}",
               source="from the bank"),
    CreditVerb("score", '("score" | "scores") amount', "score AMOUNT",
               "points at final scoring (R17.8), where an odd number is allowed; during play, the same as `gain`",
               "at game end: score 6 for each of your luxury shipments", call="score", noun="point", english="score {amount}"),
    CreditVerb("lose", '("lose" | "loses") amount', "lose AMOUNT",
               "pay credits to the bank (all one has when short, OQ-33); at final scoring, points are taken off",
               "at game end: lose 2 for each card in your hand beyond 5", call="lose", english="lose {amount}", sign=-1),
    CreditVerb("park", '("park" | "parks") amount', "park AMOUNT",
               "credits from the bank are parked on this card: passive credits, scored at the end by whoever holds the card then "
               "(R1.9.2, R17.3); they go with the card", "when any player contracts a luxury card: park 4 credits",
               call="park", english="put {amount} (scored at game end by whoever holds it)",
               source="from the bank on this card",
               onto_card=True),
)


@construct
@dataclass(frozen=True)
class ChangeCredits(Action):
    """The actor's credits go up or down by an amount, the bank on the other side (CREDIT_VERBS)."""

    vocabulary: ClassVar[tuple[Word, ...]] = CREDIT_VERBS
    syntax: ClassVar[str] = "a verb and an amount (see the table); paying another player is `pay`"
    meaning: ClassVar[str] = "credits taken from or given back to the bank"
    verb: str = "gain"
    amount: Value | None = None

    @classmethod
    def build_word(cls, word: Word, col: int, children: Children) -> ChangeCredits:
        return cls(word.name, first(children, Node), col=col)

    @property
    def spec(self) -> CreditVerb:
        word = self.word(self.verb)
        assert isinstance(word, CreditVerb)
        return word

    @property
    def name(self) -> str:
        return self.verb

    def english(self) -> str:
        assert self.amount is not None
        if self.verb == "lose" and SCORING:  # at final scoring, points off the score; the credits stay (R17.8)
            return f"lose {self.amount.of('point')} (off the final score; credits stay as they are)"
        return self.spec.english.format(amount=self.amount.of(self.spec.noun, self.spec.source))

    def run(self) -> Run:
        assert self.amount is not None
        call = self.spec.call
        n = _amount(self.amount) if call == "score" else _credits(self.amount)
        if self.spec.onto_card:
            return lambda ctx: ctx.world.park(ctx.owner, ctx.card, n(ctx))
        return lambda ctx: getattr(ctx.world, call)(ctx.actor, n(ctx), ctx.reason)

    def value(self) -> float:
        return self.spec.sign * _rough(self.amount)

    def amount_bound(self) -> Bound:
        return POINTS if self.verb == "score" else CREDITS

    def problems(self, power: Node) -> list[tuple[int, str, str]]:
        scoring = self.verb == "score"
        out = credits.unit(self.amount, self.verb, ("point", "credit") if scoring else ("credit",))
        if scoring and not credits.playing(power):
            return out  # points at game end may be odd (R17.8)
        if scoring and isinstance(self.amount, ValueAmount):
            return out + [(self.amount.col, "P023", "credits change in steps of 2 during play (R1.8.3): `score` an amount "
                                                    "read from the game only at game end, or `gain` it (rounded down to even)")]
        return out + credits.even_amount(self.amount, power)


@construct
@dataclass(frozen=True)
class Pay(Action):
    grammar: ClassVar[str] = r'''
!pay: ("pay" | "pays") (players | "the" "bank")? amount
'''
    syntax: ClassVar[str] = "pay [PLAYERS | the bank] AMOUNT"
    meaning: ClassVar[str] = ("pay credits to each of those players, or to the bank (the default, R0.6); a player short of "
                              "credits pays all he or she has (OQ-33); `pay N to ...` is a cost: offered only when affordable")
    examples: ClassVar[tuple[str, ...]] = ("on completion: each other player pays you 2",
                                           "on completion: each other player pays the bank 10 then you lead twice on your next turn")
    to: Players | None = None
    amount: Value | None = None

    @classmethod
    def build(cls, col: int, children: Children) -> Pay:
        return cls(first(children, Players), first(children, Node) if not nodes(children, Players) else nodes(children)[1], col=col)

    def english(self) -> str:
        assert self.amount is not None
        to = f"to {self.to.english()}" if self.to is not None else "to the bank"
        return f"pay {self.amount.of('credit', to)}"

    def run(self) -> Run:
        assert self.amount is not None
        n = _credits(self.amount)
        if self.to is None:
            def to_the_bank(ctx: Ctx) -> None:
                ctx.world.pay(ctx.actor, n(ctx), None, ctx.reason)
            return to_the_bank
        payees = self.to.resolve()

        def run(ctx: Ctx) -> None:
            amount = n(ctx)
            for payee in payees(ctx):
                if payee is not ctx.actor:
                    ctx.world.pay(ctx.actor, amount, payee, ctx.reason)
        return run

    def possible(self) -> Test:
        assert self.amount is not None
        n = _credits(self.amount)
        return lambda ctx: ctx.world.credits(ctx.actor) >= n(ctx)

    def value(self) -> float:
        return -1.5 * _rough(self.amount)

    def amount_bound(self) -> Bound:
        return CREDITS

    def problems(self, power: Node) -> list[tuple[int, str, str]]:
        return credits.unit(self.amount, "pay", ("credit",)) + credits.even_amount(self.amount, power)


@construct
@dataclass(frozen=True)
class TakeCredits(Action):
    """Credits taken from players: `take 4 credits from each other player` (each of them pays you)."""

    grammar: ClassVar[str] = r'''
!take_credits: ("take" | "takes") (INT ("credit" | "credits") (for_each | for_every)? at_most? rounded? | value_amount | event_amount) "from" players
'''
    numbers: ClassVar[tuple[Bound, ...]] = (CREDITS,)
    syntax: ClassVar[str] = "take N credits [for each ...] [(at most N)] from PLAYERS | take VALUE from PLAYERS"
    meaning: ClassVar[str] = ("each of those players pays the amount to whoever takes it, as `PLAYERS pay you AMOUNT` (a "
                              "player short of credits pays all he or she has, OQ-33); the amount is read as the payer's "
                              "(`half their credits`)")
    examples: ClassVar[tuple[str, ...]] = ("on completion: take 4 credits from the opponent with the most credits",
                                           "when an opponent pirates from your ship: take 2 credits from that player")
    amount: Value | None = None
    payers: Players | None = None

    @classmethod
    def build(cls, col: int, children: Children) -> TakeCredits:
        n = ints(children)
        if n:  # `take 4 credits ...`: the number and its modifiers make an amount, as after `gain`
            start = next(c for c in children if isinstance(c, Token) and c.type == "INT")
            amount: Any = Amount(n[0], tuple(c for c in children if isinstance(c, Modifier)), "credit", col=start.column or col)
        else:
            amount = first(children, Node)
        return cls(amount, first(children, Players), col=col)

    def english(self) -> str:
        assert self.amount is not None and self.payers is not None
        payers = self.payers.english()
        with acting("their"):  # `half their credits`: each payer's
            amount = self.amount.of('credit', f"from {payers}")
        return f"take {amount}"

    def run(self) -> Run:
        assert self.amount is not None and self.payers is not None
        n, payers = _credits(self.amount), self.payers.resolve()

        def run(ctx: Ctx) -> None:
            for payer in payers(ctx):
                if payer is not ctx.actor:
                    ctx.world.pay(payer, n(ctx.as_actor(payer)), ctx.actor, ctx.reason)
        return run

    def value(self) -> float:
        return 1.5 * _rough(self.amount)

    def problems(self, power: Node) -> list[tuple[int, str, str]]:
        return credits.even_amount(self.amount, power)


# ------------------------------------------------------------------------------------ drawing

@construct
@dataclass(frozen=True)
class Draw(Action):
    grammar: ClassVar[str] = r'''
!draw: ("draw" | "draws") amount
'''
    syntax: ClassVar[str] = "draw AMOUNT"
    meaning: ClassVar[str] = "draw cards from the deck into hand (R0.4); the discard pile is reshuffled when needed (R3.7)"
    examples: ClassVar[tuple[str, ...]] = ("on completion: draw 5",)
    makes: ClassVar[frozenset[str]] = frozenset({"them", "drawn"})
    amount: Value | None = None

    def english(self) -> str:
        assert self.amount is not None
        return f"draw {self.amount.of('card')}"

    def run(self) -> Run:
        assert self.amount is not None
        n = _amount(self.amount)

        def run(ctx: Ctx) -> None:
            drawn = ctx.world.draw(ctx.actor, n(ctx))
            ctx.drawn += drawn
            ctx.them = drawn
        return run

    def value(self) -> float:
        return CARD_WORTH * min(_rough(self.amount), 5.0)

    def amount_bound(self) -> Bound:
        return CARDS

    def problems(self, power: Node) -> list[tuple[int, str, str]]:
        return credits.unit(self.amount, "draw", ("card",))


@construct
@dataclass(frozen=True)
class DrawUntil(Action):
    grammar: ClassVar[str] = r'''
!draw_until: ("draw" | "draws") "until" cond_atom
'''
    syntax: ClassVar[str] = "draw until CONDITION"
    meaning: ClassVar[str] = "draw one card at a time until the condition holds (or no card can be drawn)"
    examples: ClassVar[tuple[str, ...]] = ("on completion: draw until you hold 8 cards",
                                           "on completion: draw until two drawn cards share a good type")
    makes: ClassVar[frozenset[str]] = frozenset({"drawn"})
    until: Condition | None = None
    LIMIT: ClassVar[int] = 200

    def english(self) -> str:
        assert self.until is not None
        return f"draw one card at a time until {self.until.english()}"

    def _hand_size(self) -> int | None:
        """`until you hold N cards`: the hand size wanted, so the cards are drawn at once (one draw)."""
        cond = self.until
        if isinstance(cond, Holds) and cond.who == "you" and isinstance(cond.predicate, Has):
            have = cond.predicate.have
            if (isinstance(have, HaveCount) and have.zone == "hand" and have.filter is None and have.of_type is None
                    and have.test.op in (">=", ">") and not have.every_type):
                return have.test.n + (1 if have.test.op == ">" else 0)
        return None

    def run(self) -> Run:
        assert self.until is not None
        done, limit, size = self.until.test(), self.LIMIT, self._hand_size()
        if size is not None:
            def run_at_once(ctx: Ctx) -> None:
                missing = size - len(ctx.world.cards(ctx.actor, "hand"))
                if missing > 0:
                    ctx.drawn += ctx.world.draw(ctx.actor, missing)
            return run_at_once

        def run(ctx: Ctx) -> None:
            for _ in range(limit):
                if done(ctx):
                    return
                drawn = ctx.world.draw(ctx.actor, 1)
                if not drawn:
                    return
                ctx.drawn += drawn
        return run

    def value(self) -> float:
        return CARD_WORTH * 3


# ------------------------------------------------------------------------------------ moving cards

MOVE_VERBS = {"move": "move", "moves": "move", "put": "put", "puts": "put", "take": "take", "takes": "take",
              "give": "give", "gives": "give"}
DONE_OF = {"move": "moved", "put": "moved", "take": "taken", "give": "given"}


@construct
@dataclass(frozen=True)
class Move(Action):
    """Cards change place: `move ... to PLACE`, `put ... on PLACE`, `take ... [into PLACE]` (your hand
    by default), `give PLAYERS ...` (into the same area of theirs: hand to hand, goods to goods)."""

    grammar: ClassVar[str] = r'''
!move: ("move" | "moves") (cards | counted_cards) "to" place _ignoring?
     | ("put" | "puts") cards ("on" | "into" | "onto") place _ignoring?
     | ("take" | "takes") cards ("into" place)? _ignoring?
     | ("give" | "gives") players (cards | counted_cards)
!_ignoring: "ignoring" "limits"
'''
    syntax: ClassVar[str] = ("move CARDS to PLACE [ignoring limits] | put CARDS on|into PLACE | take CARDS [into PLACE] | "
                             "give PLAYERS CARDS")
    meaning: ClassVar[str] = ("cards go to the place; a card that finds no room there (R13) is discarded (R13.5), except this "
                              "card, which then stays where it is; `ignoring limits` lets everything in (R13.7); a completed "
                              "shipment moved to another player keeps working for its new owner")
    examples: ClassVar[tuple[str, ...]] = (
        "on completion: move this card to your goods",
        "on completion: take all agriculture cards from each other player's hand into your hand then gain 2 for each card taken",
        "when any player completes a shipment: that player gives you 1 card from their hand",
    )
    makes: ClassVar[frozenset[str]] = frozenset({"them", "taken", "moved", "given"})
    verb: str = "move"
    cards: Cards | None = None
    place: Where | None = None
    to: Players | None = None
    ignore_limits: bool = False

    @classmethod
    def build(cls, col: int, children: Children) -> Move:
        w = words(children)
        return cls(MOVE_VERBS[w[0]], first(children, Cards), first(children, Where), first(children, Players),
                   "ignoring" in w, col=col)

    def english(self) -> str:
        assert self.cards is not None
        room = self._room_text()
        if self.verb == "give":
            assert self.to is not None
            return f"give {self.to.english()} {self.cards.english()}{room}"
        if self.place is None:
            return f"take {self.cards.english()} into {own()} hand{room}"
        into = {"move": "to", "take": "into", "put": "on" if self.place.owner is None else "into"}[self.verb]
        cards = self.cards.english(moved=True) if isinstance(self.cards, CardsOfOwner) else self.cards.english()  # `from your Goods`
        return f"{self.verb} {cards} {into} {self.place.english()}{room}"

    def _room_text(self) -> str:
        """What the limits of Goods and Imports (R13) do to the move."""
        if self.ignore_limits:
            return ", ignoring the limits"
        if self.verb == "give":
            zone = getattr(self.cards, "zone", None) or getattr(getattr(self.cards, "source", None), "zone", None)
        else:
            zone = self.place.zone if self.place is not None and self.place.owner is not None else None
        if zone not in ("goods", "imports"):
            return ""
        if isinstance(self.cards, ThisCard):
            return "" if ROOM_KNOWN else ", if there is room for it (if not, it stays where it is)"
        if self.cards is not None and _quantity(self.cards) == (1, False):
            return ", discarded if there is no room"
        return ", discarding any that find no room"

    def label(self) -> str:
        """The giver's words: `give 2 of your goods`, `give 2 card(s) from your hand`, `give your whole hand`."""
        if self.verb != "give" or self.cards is None:
            return self.english()
        cards = self.cards
        if isinstance(cards, CardsOfOwner) and cards.whole_hand():
            return "give your whole hand"
        if isinstance(cards, CardsFrom) and isinstance(cards.source, Where) and cards.source.zone == "hand":
            return f"give {cards.quantity.english()} card(s) from your hand"
        if isinstance(cards, CardsOfOwner):
            noun = described(cards.filter, cards.zone if cards.zone != "hand" else "cards")
            return f"give {cards.quantity.english()} of your {noun}"
        return self.english()

    def _purpose(self) -> str:
        """How a card picked for this move is offered: `move to your goods Pens`, `put on the island Soap`."""
        if self.verb in ("move", "put") and self.place is not None:
            where = "the island" if self.place.owner is None and self.place.zone == "island" else self.place.english()
            return f"{self.verb} {'to' if self.verb == 'move' else 'on'} {where}"
        return self.verb

    def _destination(self) -> Callable[[Ctx, Card], tuple[Player | None, str]]:
        if self.verb == "give":
            assert self.to is not None
            receivers = self.to.resolve()

            def give(ctx: Ctx, card: Card) -> tuple[Player | None, str]:
                found = receivers(ctx)
                zone = ctx.world.locate(card)[1]
                return (found[0] if found else None, zone if zone in ("hand", "goods", "imports", "shipments") else "hand")
            return give
        if self.place is None:
            return lambda ctx, card: (ctx.actor, "hand")
        where = self.place.where()
        return lambda ctx, card: where(ctx)[0] if where(ctx) else (None, "discard")

    def run(self) -> Run:
        assert self.cards is not None
        pick, dest, ignore = self.cards.pick(self._purpose()), self._destination(), self.ignore_limits
        stays = isinstance(self.cards, ThisCard)
        verb = DONE_OF[self.verb]
        quantity = getattr(self.cards, "quantity", None)
        together = quantity is not None and quantity.all and not quantity.up_to

        def run(ctx: Ctx) -> None:
            moved = []
            handed: dict[tuple[Any, Any, str], int] = {}  # (giver, receiver, zone) -> cards
            for card in ctx.world.movable(ctx.owner, pick(ctx)):
                to, zone = dest(ctx, card)
                if to is None and zone not in ("island", "deck", "deck_bottom", "discard"):
                    continue
                if to is not None and not ctx.world.may_move(ctx.owner, to, zone):  # a rule keeps this power out
                    continue
                holder, _ = ctx.world.locate(card)
                if ctx.world.move(card, to, zone, ignore_limits=ignore, reason=ctx.reason, by=ctx.actor):
                    moved.append(card)
                    if holder is not None and to is not None and holder is not to:
                        if together or zone != "hand":  # taken at once, or areas given: one handing over
                            handed[(holder, to, zone)] = handed.get((holder, to, zone), 0) + 1
                        else:  # picked one by one: handed one by one
                            ctx.world.handed(holder, to, 1, zone)
                elif not stays:  # no room for it: discarded (R13.5)
                    ctx.world.move(card, None, "discard", reason=f"{ctx.reason}: no room", by=ctx.actor)
            for (giver, receiver, zone), count in handed.items():
                ctx.world.handed(giver, receiver, count, zone)
            acted(ctx, moved, verb)
        return run

    def possible(self) -> Test:
        assert self.cards is not None
        enough = getattr(self.cards, "enough", None)
        test = enough() if enough is not None else _has_cards(self.cards)
        if isinstance(self.cards, ThisCard) and self.place is not None and not self.ignore_limits:
            where = self.place.where()
            # room as the move itself judges it: by the limits once the card has left where it lies
            return lambda ctx: test(ctx) and all(ctx.world.can_move(ctx.card, to, zone) for to, zone in where(ctx))
        return test

    def value(self) -> float:
        if self.verb == "give":
            return -CARD_WORTH
        return CARD_WORTH if self.verb == "take" else 1.0


def _source_text(cards: Cards) -> str:
    """Where a phrase takes its cards from, briefly: `the island`, `your hand` ('' if it says no place)."""
    source = getattr(cards, "source", None)
    if isinstance(source, Where):
        return "the island" if source.zone == "island" else source.english()
    return ""


def _has_cards(cards: Cards) -> Test:
    pool, least = cards.pool(), cards.least()
    return lambda ctx: len(pool(ctx)) >= max(1, least)


@construct
@dataclass(frozen=True)
class Discard(Action):
    grammar: ClassVar[str] = r'''
!discard: ("discard" | "discards") (cards | counted_cards)
'''
    syntax: ClassVar[str] = "discard CARDS"
    meaning: ClassVar[str] = "put cards on the discard pile (the player acting chooses which)"
    examples: ClassVar[tuple[str, ...]] = ("any time: discard 1 of your technology goods to gain 4",)
    makes: ClassVar[frozenset[str]] = frozenset({"them", "discarded"})
    cards: Cards | None = None

    def english(self) -> str:
        assert self.cards is not None
        return f"discard {self.cards.english()}"

    def run(self) -> Run:
        assert self.cards is not None
        pick = self.cards.pick("discard")

        def run(ctx: Ctx) -> None:
            cards = ctx.world.movable(ctx.owner, pick(ctx))
            for card in cards:
                ctx.world.move(card, None, "discard", reason=ctx.reason, by=ctx.actor)
            acted(ctx, cards, "discarded")
        return run

    def possible(self) -> Test:
        assert self.cards is not None
        enough = getattr(self.cards, "enough", None)
        return enough() if enough is not None else _has_cards(self.cards)

    def value(self) -> float:
        return -CARD_WORTH


DOWN_ZONES = {"card": "hand", "cards": "hand", "good": "goods", "goods": "goods", "import": "imports", "imports": "imports"}


@construct
@dataclass(frozen=True)
class DiscardDownTo(Action):
    """Discard until no more than a number are left: `discard down to 8`, `discard down to 2 goods`."""

    makes: ClassVar[frozenset[str]] = frozenset({"them", "discarded"})
    grammar: ClassVar[str] = r'''
!discard_down_to: ("discard" | "discards") "down" "to" value ("card" | "cards" | "good" | "goods" | "import" | "imports")?
'''
    syntax: ClassVar[str] = "discard down to VALUE [cards|goods|imports]"
    meaning: ClassVar[str] = ("the player acting discards cards of his or her choice from hand (or Goods, or Imports) until "
                              "no more than that many are left there; nothing if there are no more already")
    examples: ClassVar[tuple[str, ...]] = ("when a turn ends: each player discards down to 8 cards",
                                           "on completion: each other player discards down to the number of their shipments goods")
    most: Value | None = None
    zone: str = "hand"

    @classmethod
    def build(cls, col: int, children: Children) -> DiscardDownTo:
        w = words(children)
        return cls(first(children, Value), DOWN_ZONES.get(w[-1], "hand"), col=col)

    def english(self) -> str:
        assert self.most is not None
        where = {"hand": "cards from hand", "goods": "goods", "imports": "imports"}[self.zone]
        return f"discard {where} (choosing which) until no more than {self.most.english()} are left"

    def run(self) -> Run:
        assert self.most is not None
        most, zone = self.most.number(), self.zone

        def run(ctx: Ctx) -> None:
            held = ctx.world.cards(ctx.actor, zone)
            extra = len(held) - max(0, most(ctx))
            held = ctx.world.movable(ctx.owner, held)
            if extra <= 0:
                acted(ctx, [], "discarded")
                return
            cards = ctx.world.choose_cards(ctx.actor, held, extra, "discard", prompt=ctx.reason)
            for card in cards:
                ctx.world.move(card, None, "discard", reason=ctx.reason)
            acted(ctx, cards, "discarded")
        return run

    def value(self) -> float:
        return -CARD_WORTH


@construct
@dataclass(frozen=True)
class Sell(Action):
    grammar: ClassVar[str] = r'''
!sell: ("sell" | "sells") (cards | counted_cards) "to" "the" "island" "for" INT
'''
    numbers: ClassVar[tuple[Bound, ...]] = (CREDITS,)
    syntax: ClassVar[str] = "sell CARDS to the island for N"
    meaning: ClassVar[str] = ("each card goes onto the supply island for N credits (rules that change your sale price apply), "
                              "apart from the SUPPLY action's one sale per turn (R12.5)")
    examples: ClassVar[tuple[str, ...]] = ("any time: sell 1 agriculture card from your hand to the island for 2",)
    makes: ClassVar[frozenset[str]] = frozenset({"them", "sold"})
    cards: Cards | None = None
    price: int = 2

    @classmethod
    def build(cls, col: int, children: Children) -> Sell:
        return cls(first(children, Cards), ints(children)[-1], col=col)

    def english(self) -> str:
        assert self.cards is not None
        one = _one(self.cards)
        each = "" if one else " each"  # `sell 1 card ... for 2 credits`: `each` only where there may be several
        return f"sell {self.cards.english()} to the supply island for {self.price} credits{each} (not the turn's SUPPLY sale)"

    def run(self) -> Run:
        assert self.cards is not None
        pick, price = self.cards.pick("sell"), self.price

        def run(ctx: Ctx) -> None:
            cards = [c for c in ctx.world.movable(ctx.owner, pick(ctx)) if ctx.world.may_sell(ctx.actor, c)]
            for card in cards:
                ctx.world.sell(ctx.actor, card, price, ctx.reason)
            acted(ctx, cards, "sold")
        return run

    def possible(self) -> Test:
        assert self.cards is not None
        enough = getattr(self.cards, "enough", None)
        return enough() if enough is not None else _has_cards(self.cards)

    def value(self) -> float:
        return float(self.price) - CARD_WORTH / 2

    def problems(self, power: Node) -> list[tuple[int, str, str]]:
        return credits.odd(self.price, self.col, power)


@construct
@dataclass(frozen=True)
class Swap(Action):
    grammar: ClassVar[str] = r'''
!swap: ("swap" | "swaps") cards "with" cards
'''
    syntax: ClassVar[str] = "swap CARDS with CARDS"
    meaning: ClassVar[str] = ("the first cards go where the second ones were, and the second ones where the first were "
                              "(limits do not stop a swap); `them` are then the cards received")
    examples: ClassVar[tuple[str, ...]] = (
        "any time after completion while you lead, once per turn: swap 1 card from your hand with 1 card from the island",)
    makes: ClassVar[frozenset[str]] = frozenset({"them", "taken"})
    mine: Cards | None = None
    theirs: Cards | None = None

    @classmethod
    def build(cls, col: int, children: Children) -> Swap:
        found = nodes(children, Cards)
        return cls(found[0], found[1], col=col)

    def english(self) -> str:
        assert self.mine is not None and self.theirs is not None
        return f"swap {self.mine.english()} with {self.theirs.english()}"

    def run(self) -> Run:
        assert self.mine is not None and self.theirs is not None
        mine = self.mine.pick(f"give to {_source_text(self.theirs)}".rstrip(" to"))
        theirs = self.theirs.pick(f"take from {_source_text(self.theirs)}".rstrip(" from"))

        def run(ctx: Ctx) -> None:
            given, taken = ctx.world.movable(ctx.owner, mine(ctx)), ctx.world.movable(ctx.owner, theirs(ctx))
            if not given or not taken:
                return
            here, there = ctx.world.locate(given[0]), ctx.world.locate(taken[0])
            for card in given:
                ctx.world.move(card, there[0], there[1], ignore_limits=True, reason=ctx.reason)
            for card in taken:
                ctx.world.move(card, here[0], here[1], ignore_limits=True, reason=ctx.reason)
            if there[0] is not None and here[0] is not None and there[0] is not here[0]:
                ctx.world.handed(there[0], here[0], len(taken), here[1])
            acted(ctx, taken, "taken")
        return run

    def possible(self) -> Test:
        assert self.mine is not None and self.theirs is not None
        a, b = _has_cards(self.mine), _has_cards(self.theirs)
        return lambda ctx: a(ctx) and b(ctx)

    def value(self) -> float:
        return 1.5


# ------------------------------------------------------------------------------------ actions done by powers

def _one(cards: Cards) -> bool:
    """The phrase names one card (`this card`, `1 card`, `it`), for the English's number."""
    return isinstance(cards, ThisCard) or _quantity(cards) == (1, False) or (isinstance(cards, Them) and cards.single)


def _quantity(cards: Cards) -> tuple[int, bool]:
    """(how many, whether fewer will do) a phrase asks for; `all` is every card of the pool."""
    q = getattr(cards, "quantity", None)
    if q is None:
        return (10_000, False) if isinstance(cards, Them) and cards.quantity is None else (1, False)
    if q.all:
        return 10_000, True
    return q.n, q.up_to


@construct
@dataclass(frozen=True)
class Load(Action):
    grammar: ClassVar[str] = r'''
!load: ("load" | "loads") cards ("onto" (ships | ships_with))?
'''
    syntax: ClassVar[str] = "load CARDS [onto SHIPS]"
    meaning: ClassVar[str] = ("load cards as containers onto the player's ships in harbor, where they fill an open slot (R7), "
                              "one at a time, the player choosing; no action is spent. With an exact number (`load 4 ...`) it "
                              "is offered only when that many fit")
    examples: ClassVar[tuple[str, ...]] = ("on contract: you may load 4 cards from your hand onto this ship",
                                           "any time after completion: load this card")
    useless_after_game: ClassVar[bool] = True
    makes: ClassVar[frozenset[str]] = frozenset({"them", "loaded"})
    cards: Cards | None = None
    onto: ShipRef | None = None

    def english(self) -> str:
        assert self.cards is not None
        single = _one(self.cards)
        onto = (f" onto {self.onto.english()}" if self.onto is not None
                else f" onto {own()} ships" + (" where it fits" if single else ", each where it fits"))
        cards = self.cards.english()
        if getattr(self.cards, "unit", "") == "containers":
            return f"load {cards}{onto}"
        return f"load {cards} as {'a container' if single else 'containers'}{onto}"

    def _ships(self) -> Callable[[Ctx], list[Ship] | None]:
        """The player's ships the phrase names (None: any of them); a player loads onto his or her own ships."""
        if self.onto is None:
            return lambda ctx: None
        ships = self.onto.ships()
        return lambda ctx: [s for s in ships(ctx) if s.owner == ctx.actor.seat]

    def run(self) -> Run:
        assert self.cards is not None
        pool, ships = self.cards.pool(), self._ships()
        n, up_to = _quantity(self.cards)

        def run(ctx: Ctx) -> None:
            targets = ships(ctx)
            candidates, loaded = ctx.world.movable(ctx.owner, pool(ctx)), list[Card]()
            while len(loaded) < n:
                fitting = [c for c in candidates if c not in loaded and _fits(ctx, c, targets)]
                if not fitting:
                    break
                if not up_to and len(fitting) <= n - len(loaded):  # every one is needed: nothing to choose
                    card = fitting[:1]
                else:
                    card = ctx.world.choose_cards(ctx.actor, fitting, 1, "load", up_to=up_to, prompt=ctx.reason)
                if not card or not ctx.world.load(ctx.actor, card[0], targets if targets is None else [
                        ship for ship in targets if ctx.world.fits(ctx.actor, card[0], ship)]):
                    break
                loaded.append(card[0])
            acted(ctx, loaded, "loaded")
        return run

    def possible(self) -> Test:
        assert self.cards is not None
        pool, ships = self.cards.pool(), self._ships()
        n, up_to = _quantity(self.cards)
        need = 1 if up_to or n >= 10_000 else n

        def test(ctx: Ctx) -> bool:
            targets = ships(ctx)
            return sum(1 for c in pool(ctx) if _fits(ctx, c, targets)) >= need
        return test

    def value(self) -> float:
        return 4.0


def _fits(ctx: Ctx, card: Card, targets: list[Ship] | None) -> bool:
    """Whether `card` fills an open slot on one of `targets` (None: any of the actor's ships)."""
    if targets is None:
        return ctx.world.fits(ctx.actor, card, None)
    return any(ctx.world.fits(ctx.actor, card, ship) for ship in targets)


@construct
@dataclass(frozen=True)
class ContractCards(Action):
    rule: ClassVar[str] = "contract_cards"
    grammar: ClassVar[str] = r'''
!contract_cards: ("contract" | "contracts") cards
'''
    syntax: ClassVar[str] = "contract CARDS"
    meaning: ClassVar[str] = ("make contracts without spending an action, on ships in harbor with room (R6.6); a card from "
                              "hand needs its tier (R5.3); a completed card contracted again leaves Shipments")
    examples: ClassVar[tuple[str, ...]] = ("any time from hand: contract this card", "any time: contract 1 luxury card from your hand")
    useless_after_game: ClassVar[bool] = True
    makes: ClassVar[frozenset[str]] = frozenset({"them", "contracted"})
    cards: Cards | None = None

    def english(self) -> str:
        assert self.cards is not None
        return f"contract {self.cards.english()} without spending an action"

    def run(self) -> Run:
        assert self.cards is not None
        pool = self.cards.pool()
        n, up_to = _quantity(self.cards)
        this_card = isinstance(self.cards, ThisCard)

        def run(ctx: Ctx) -> None:
            made: list[Card] = []
            while len(made) < n:
                pairs = [(card, ship) for card in ctx.world.movable(ctx.owner, pool(ctx)) if card not in made
                         for ship in ctx.world.contract_ships(ctx.actor, card, tier=_tier_needed(ctx, card))]
                if not pairs:
                    break
                options: list[tuple[str, Any]] = [("stop contracting", None)] if up_to else []
                options += [(f"contract {card.name} on the {ship.label}", (card, ship)) for card, ship in pairs]
                picked = ctx.world.choose(ctx.actor, options, f"{ctx.reason}: contract which card?",
                                          "choose_ship" if this_card else "choose_card")  # this card: only the ship
                if picked is None:
                    break
                card, ship = picked
                if not ctx.world.contract(ctx.actor, card, [ship], tier=_tier_needed(ctx, card)):
                    break
                made.append(card)
            acted(ctx, made, "contracted")
        return run

    def possible(self) -> Test:
        assert self.cards is not None
        pool = self.cards.pool()
        return lambda ctx: any(_contractable(ctx, c) for c in pool(ctx))

    def value(self) -> float:
        return 3.0


def _tier_needed(ctx: Ctx, card: Card) -> bool:
    return ctx.world.locate(card)[1] != "shipments"  # a completed card re-contracted was contracted once already


def _contractable(ctx: Ctx, card: Card) -> bool:
    return bool(ctx.world.contract_ships(ctx.actor, card, tier=_tier_needed(ctx, card)))


@construct
@dataclass(frozen=True)
class Complete(Action):
    grammar: ClassVar[str] = r'''
!complete: ("complete" | "completes") cards
'''
    syntax: ClassVar[str] = "complete CARDS"
    meaning: ClassVar[str] = ("the cards enter the player's Shipments (if not there yet) and resolve as if just completed: "
                              "their one-time powers run (tier not needed)")
    examples: ClassVar[tuple[str, ...]] = ("on completion: you may complete 1 agriculture card from your hand",)
    makes: ClassVar[frozenset[str]] = frozenset({"them", "completed"})
    cards: Cards | None = None

    def english(self) -> str:
        assert self.cards is not None
        return f"complete {self.cards.english()} as if just shipped (no tier needed)"

    def run(self) -> Run:
        assert self.cards is not None
        pick = self.cards.pick("complete")

        def run(ctx: Ctx) -> None:
            cards = ctx.world.movable(ctx.owner, pick(ctx))
            for card in cards:
                ctx.world.complete(ctx.actor, card)
            acted(ctx, cards, "completed")
        return run

    def possible(self) -> Test:
        assert self.cards is not None
        enough = getattr(self.cards, "enough", None)
        return enough() if enough is not None else _has_cards(self.cards)

    def value(self) -> float:
        return 8.0


@construct
@dataclass(frozen=True)
class ImportContainers(Action):
    grammar: ClassVar[str] = r'''
!import_containers: ("import" | "imports") INT ("container" | "containers") "from" (ships | ships_with) ("for" "free")?
'''
    numbers: ClassVar[tuple[Bound, ...]] = (CONTAINERS,)
    syntax: ClassVar[str] = "import N container(s) from SHIPS [for free]"
    meaning: ClassVar[str] = ("take containers from a ship at sea into Imports or Goods as an import win (R10.5) with no "
                              "bid; the ship's owner gets the import fee (R10.6) unless it says `for free`")
    examples: ClassVar[tuple[str, ...]] = ("on completion: gain 2 then draw 2 then import 1 container from a ship at sea",)
    useless_after_game: ClassVar[bool] = True
    makes: ClassVar[frozenset[str]] = frozenset({"imported"})
    n: int = 1
    source: ShipRef = Ships()
    free: bool = False

    @classmethod
    def build(cls, col: int, children: Children) -> ImportContainers:
        return cls(ints(children)[0], first(children, ShipRef), "free" in words(children), col=col)

    def english(self) -> str:
        fee = " with no fee to its owner" if self.free else " (its owner gets the import fee)"
        return f"import {self.n} container{'s' if self.n != 1 else ''} from {self.source.english()}{fee}"

    def run(self) -> Run:
        ships, n, fee = self.source.ships(), self.n, not self.free

        def run(ctx: Ctx) -> None:
            found = [s for s in ships(ctx) if s.at_sea and s.containers and ctx.world.may_import(ctx.actor, s)]
            if not found:
                return
            ship = ctx.world.choose(  # asked even with one ship: a forced choice is still shown and recorded
                ctx.actor, [(f"the {s.label} ({', '.join(c.name for c in s.containers)})", s) for s in found],
                f"{ctx.reason}: import from which ship?", "choose_ship")
            ctx.world.import_from(ctx.actor, ship, n, fee=fee)
        return run

    def possible(self) -> Test:
        ships = self.source.ships()
        return lambda ctx: any(s.at_sea and s.containers and ctx.world.may_import(ctx.actor, s) for s in ships(ctx))

    def value(self) -> float:
        return 3.0 * self.n


@construct
@dataclass(frozen=True)
class PirateContainers(Action):
    grammar: ClassVar[str] = r'''
!pirate_containers: ("pirate" | "pirates") INT ("container" | "containers") "from" (ships | ships_with)
'''
    numbers: ClassVar[tuple[Bound, ...]] = (CONTAINERS,)
    syntax: ClassVar[str] = "pirate N container(s) from SHIPS"
    meaning: ClassVar[str] = "take containers as a pirate does (R11): each is loaded where it fits, else discarded"
    examples: ClassVar[tuple[str, ...]] = ("when you pirate, once per turn: you may pirate 1 container from a ship at sea",)
    useless_after_game: ClassVar[bool] = True
    n: int = 1
    source: ShipRef = Ships()

    @classmethod
    def build(cls, col: int, children: Children) -> PirateContainers:
        return cls(ints(children)[0], first(children, ShipRef), col=col)

    def english(self) -> str:
        return f"pirate {self.n} container{'s' if self.n != 1 else ''} from {self.source.english()}"

    def run(self) -> Run:
        ships, n = self.source.ships(), self.n

        def run(ctx: Ctx) -> None:
            for _ in range(n):
                found = [s for s in ships(ctx) if s.containers]
                if not found:
                    return
                ctx.world.pirate_from(ctx.actor, found)
        return run

    def possible(self) -> Test:
        ships = self.source.ships()
        return lambda ctx: any(s.containers for s in ships(ctx))

    def value(self) -> float:
        return 4.0 * self.n


@construct
@dataclass(frozen=True)
class FreeActions(Action):
    """Actions carried out alone, outside the turn's order: of a named type, of the player's choice,
    or the action of each card in hand."""

    grammar: ClassVar[str] = r'''
!free_actions: ("take" | "takes") INT "free" _filter_action ("action" | "actions") (for_each | for_every)? _no_fees?
             | ("take" | "takes") INT "free" ("action" | "actions") "of" ("your" | "their") "choice" _no_fees?
             | ("use" | "uses") "the" "action" "of" "each" "card" "in" ("your" | "their") "hand"
!_no_fees: NO_FEES
NO_FEES: /with\s+no\s+fees\b/
'''
    numbers: ClassVar[tuple[Bound, ...]] = (ACTION_COUNT,)
    syntax: ClassVar[str] = ("take N free ACTION action(s) [for each ...] [with no fees] | take N free actions of your choice | "
                             "use the action of each card in your hand")
    meaning: ClassVar[str] = ("actions carried out alone, outside the turn: nobody follows, no imports count, no tier stacking; "
                              "an import is a one-player auction, free (R10.3.3); `with no fees`: ship owners get no import fee; "
                              "`the action of each card in your hand`: each once, in the order the player likes, any of them "
                              "left out (sales stay limited to the SUPPLY sale of the turn, R12.2)")
    examples: ClassVar[tuple[str, ...]] = ("on completion: take 1 free import action",
                                           "when you contract a card: you may take 1 free load action",
                                           "on completion: draw until you hold 8 cards then use the action of each card in your hand")
    useless_after_game: ClassVar[bool] = True
    n: int = 1
    action: str | None = None
    modifier: Modifier | None = None
    fees: bool = True
    from_hand: bool = False  # the action of each card in hand, once each

    @classmethod
    def build(cls, col: int, children: Children) -> FreeActions:
        w = words(children)
        if w[0] in ("use", "uses"):
            return cls(0, None, None, True, True, col=col)
        action = next((x for x in w[3:] if x in ACTIONS), None)
        no_fees = any(isinstance(c, Token) and c.type == "NO_FEES" for c in children)  # one token: `with` reads one way
        return cls(ints(children)[0], action, first(children, (ForEach, ForEvery)), not no_fees, col=col)

    def english(self) -> str:
        if self.from_hand:
            return (f"act out the action of each card in {own()} hand once, in any order, any of them left out if "
                    f"{acting_player()} {'like' if acting_player() == 'you' else 'likes'} (each alone: nobody follows, "
                    "no two are combined to reach a higher tier, and the turn's one SUPPLY sale still holds)")
        times = f" {self.modifier.english()}" if self.modifier is not None else ""
        kind = f"{self.action.upper()} " if self.action else ""
        what = f"of {own()} choice " if not self.action else ""
        notes = ["nobody follows"]
        if self.action in (None, "import"):  # R10.6: an import won pays its ship's owner, unless the power says not
            notes.append("ship owners get no import fee" if not self.fees else "an import pays its ship's owner the fee")
        return (f"carry out {self.n} free {kind}action{'s' if self.n != 1 else ''} {what}alone{times} "
                f"({'; '.join(notes)})").replace("  ", " ")

    def run(self) -> Run:
        if self.from_hand:
            return lambda ctx: ctx.world.use_hand_actions(ctx.actor)
        n: Number = (lambda ctx: self.n) if self.modifier is None else self.modifier.apply(lambda ctx: self.n)
        action, fees = self.action, self.fees

        def run(ctx: Ctx) -> None:
            for _ in range(n(ctx)):
                chosen = action or ctx.world.choose(ctx.actor, [(f"take a free {a.upper()} action", a) for a in ACTIONS],
                                                    f"{ctx.reason}: which free action?")
                ctx.world.free_action(ctx.actor, chosen, fee=fees)
        return run

    def value(self) -> float:
        if self.from_hand:
            return 12.0
        return 3.0 * self.n * (2 if self.modifier is not None else 1)


@construct
@dataclass(frozen=True)
class Win(Action):
    grammar: ClassVar[str] = r'''
!win: ("win" | "wins") "the" "game"
'''
    syntax: ClassVar[str] = "win the game"
    meaning: ClassVar[str] = "an instant win (R15.8, R16.3): the game stops when the step in progress is over"
    examples: ClassVar[tuple[str, ...]] = ("as soon as you have 8 or more illegal goods: win the game",)
    useless_after_game: ClassVar[bool] = True

    def english(self) -> str:
        return "win the game at once"

    def run(self) -> Run:
        return lambda ctx: ctx.world.win(ctx.actor)

    def value(self) -> float:
        return 30.0


@construct
@dataclass(frozen=True)
class Name(Action):
    grammar: ClassVar[str] = r'''
!name: ("name" | "names") "a" ("good" "type" | "card")
'''
    syntax: ClassVar[str] = "name a good type | name a card"
    meaning: ClassVar[str] = "the player names one; later steps say `the named type`, `the named card`"
    examples: ClassVar[tuple[str, ...]] = (
        "on completion: name a card then draw 1 then if a card drawn is the named card then win the game",)
    what: str = "good"

    @classmethod
    def build(cls, col: int, children: Children) -> Name:
        return cls("good" if "type" in words(children) else "card", col=col)

    def english(self) -> str:
        return "name a good type" if self.what == "good" else "name a card"

    def run(self) -> Run:
        if self.what == "good":
            def run(ctx: Ctx) -> None:
                ctx.named = ctx.world.choose(ctx.actor, [(f"name {g}", g) for g in GOODS], f"{ctx.reason}: name a good type")
            return run

        def run_card(ctx: Ctx) -> None:
            ctx.named = ctx.world.choose(ctx.actor, [(f"name {name}", cid) for cid, name in ctx.world.card_ids()],
                                         f"{ctx.reason}: name a card")
        return run_card

    def value(self) -> float:
        return 0.0

    def made(self) -> frozenset[str]:
        return frozenset({"named good" if self.what == "good" else "named card"})


@construct
@dataclass(frozen=True)
class ChoosePlayer(Action):
    grammar: ClassVar[str] = r'''
!choose_player: ("choose" | "chooses") ("an" "opponent" | "a" "player" | "another" "player") ("who" predicate | "with" have)?
'''
    syntax: ClassVar[str] = "choose an opponent | choose a player [who PREDICATE | with HAVE]"
    meaning: ClassVar[str] = ("the player picks one (only among those of whom `who ...`/`with ...` is true: nobody is chosen "
                              "if none is); later steps say `the chosen player`")
    examples: ClassVar[tuple[str, ...]] = ("on completion: choose an opponent then take 1 random card from the chosen player's hand",
                                           "on completion: choose an opponent with an illegal good then the chosen player pays you 2")
    makes: ClassVar[frozenset[str]] = frozenset({"chosen"})
    others: bool = True
    such: Node | None = None  # what the player chosen must be or have (a predicate or a have)

    @classmethod
    def build(cls, col: int, children: Children) -> ChoosePlayer:
        such = next((c for c in children if isinstance(c, Node)), None)
        return cls(words(children)[1] != "a", such, col=col)

    def english(self) -> str:
        said = "choose an opponent" if self.others else "choose a player"
        if self.such is None:
            return said
        if self.such.role == "predicate":
            return f"{said} who {self.such.english()}"
        return f"{said} with {self.such.english()}"

    def run(self) -> Run:
        others = self.others
        holds = self.such.holds() if self.such is not None else None  # type: ignore[attr-defined]

        def run(ctx: Ctx) -> None:
            group = ctx.world.players_from(ctx.actor)
            group = [p for p in group if p is not ctx.actor] if others else group
            if holds is not None:
                group = [p for p in group if holds(ctx, p)]
            if group:
                ctx.chosen = ctx.world.choose(ctx.actor, [(f"choose {p.name}", p) for p in group], f"{ctx.reason}: choose a player")
        return run

    def value(self) -> float:
        return 0.0


@construct
@dataclass(frozen=True)
class ChooseShip(Action):
    """The player picks one of the ships a phrase names; later steps say `the chosen ship` (and `the
    chosen ship's owner`)."""

    grammar: ClassVar[str] = r'''
!choose_ship: ("choose" | "chooses") (ships | ships_with)
'''
    syntax: ClassVar[str] = "choose SHIPS"
    meaning: ClassVar[str] = ("the player acting picks one of those ships (none is chosen if there is none); later steps say "
                              "`the chosen ship`, `the chosen ship's owner`")
    examples: ClassVar[tuple[str, ...]] = (
        "on completion: choose a ship at sea with 2 or more containers then import 1 container from the chosen ship",
        "on completion: choose one of your ships in harbor then load 1 card from your hand onto the chosen ship")
    makes: ClassVar[frozenset[str]] = frozenset({"chosen ship"})
    ships: ShipRef | None = None

    def english(self) -> str:
        assert self.ships is not None
        said = self.ships.english()
        return f"choose {said if said.startswith(('a ', 'an ')) else 'one of ' + said}"

    def run(self) -> Run:
        assert self.ships is not None
        ships = self.ships.ships()

        def run(ctx: Ctx) -> None:
            found = ships(ctx)
            if not found:
                return
            ctx.chosen_ship = ctx.world.choose(ctx.actor, [(_ship_text(ctx, s), s) for s in found],
                                               f"{ctx.reason}: choose a ship", "choose_ship")
        return run

    def possible(self) -> Test:
        assert self.ships is not None
        ships = self.ships.ships()
        return lambda ctx: bool(ships(ctx))

    def value(self) -> float:
        return 0.0


def _ship_text(ctx: Ctx, ship: Ship) -> str:
    """`the red ship 2 of P1 (red) (Wheat, Rice)`: a ship as an option shows whose it is and what it carries."""
    carried = ", ".join(c.name for c in (*ship.contracts, *ship.containers)) or "empty"
    where = "at sea" if ship.at_sea else "in harbor"
    return f"the {ship.label} of {ctx.world.ship_owner(ship).name} {where} ({carried})"


@construct
@dataclass(frozen=True)
class Look(Action):
    grammar: ClassVar[str] = r'''
!look: ("look" | "looks") "at" (cards | counted_cards)
'''
    syntax: ClassVar[str] = "look at CARDS"
    meaning: ClassVar[str] = "the player looks at the cards, which stay where they are; later steps say `them`, `1 of them`, `the rest`"
    examples: ClassVar[tuple[str, ...]] = (
        "on completion: look at the top 5 cards of the deck then take 1 of them into your hand then discard the rest",)
    makes: ClassVar[frozenset[str]] = frozenset({"them", "rest"})
    cards: Cards | None = None

    def english(self) -> str:
        assert self.cards is not None
        return f"look at {self.cards.english()}"

    def run(self) -> Run:
        assert self.cards is not None
        pick = self.cards.pick("look at")

        def run(ctx: Ctx) -> None:
            ctx.them = pick(ctx)
            ctx.rest = list(ctx.them)
        return run

    def value(self) -> float:
        return 1.0


@construct
@dataclass(frozen=True)
class Reveal(Action):
    """Cards shown to every player, left where they are: `reveal the top card of the deck`."""

    grammar: ClassVar[str] = r'''
!reveal: ("reveal" | "reveals") (cards | counted_cards)
'''
    syntax: ClassVar[str] = "reveal CARDS"
    meaning: ClassVar[str] = ("the player acting shows the cards to every player (event CardsRevealed); they stay where they "
                              "are; later steps say `it`, `them`, `the rest`, `the revealed card(s)`, `card revealed`, and test "
                              "them (`if it is an illegal card`)")
    examples: ClassVar[tuple[str, ...]] = (
        "on completion: reveal the top card of the deck then if it is an illegal card then gain 4 else take it into your hand",
        "when another player pirates from your ship: that player reveals 1 random card from their hand then if it is a "
        "luxury card then that player gives you it")
    makes: ClassVar[frozenset[str]] = frozenset({"them", "rest", "revealed"})
    cards: Cards | None = None

    def english(self) -> str:
        assert self.cards is not None
        return f"reveal {self.cards.english()} to every player"

    def run(self) -> Run:
        assert self.cards is not None
        pick = self.cards.pick("reveal")

        def run(ctx: Ctx) -> None:
            cards = pick(ctx)
            ctx.world.reveal(ctx.actor, cards)
            ctx.them = list(cards)
            ctx.rest = list(cards)
            ctx.revealed += cards
        return run

    def possible(self) -> Test:
        assert self.cards is not None
        enough = getattr(self.cards, "enough", None)
        return enough() if enough is not None else _has_cards(self.cards)

    def value(self) -> float:
        return 0.5


@construct
@dataclass(frozen=True)
class VirtualGoods(Action):
    grammar: ClassVar[str] = r'''
!virtual_goods: ("gain" | "gains") INT "virtual" (_good ("good" | "goods")
    | ("good" | "goods") "of" ("one" "good" "type" "you" "choose" | "every" "type")) (for_each | for_every)?
'''
    numbers: ClassVar[tuple[Bound, ...]] = (GOOD_COUNT,)
    syntax: ClassVar[str] = "gain N virtual GOOD good(s) | gain N virtual goods of one good type you choose | ... of every type"
    meaning: ClassVar[str] = ("goods without a card: they count in levels, majorities, one-of-each and values, never in the "
                              "goods limit (OQ-36)")
    examples: ClassVar[tuple[str, ...]] = ("at game end: gain 1 virtual luxury good for every 2 of your consumer goods",
                                           "at game end: gain 1 virtual good of one good type you choose for each of your supply imports")
    n: int = 1
    good: str = "choose"  # a good type, `choose` or `every`
    modifier: Modifier | None = None

    @classmethod
    def build(cls, col: int, children: Children) -> VirtualGoods:
        goods = [str(c) for c in children if isinstance(c, Token) and str(c) in GOODS]
        w = words(children)
        good = goods[0] if goods else ("every" if "every" in w else "choose")
        return cls(ints(children)[0], good, first(children, (ForEach, ForEvery)), col=col)

    def english(self) -> str:
        times = f" {self.modifier.english()}" if self.modifier is not None else ""
        noun = "good" if self.n == 1 else "goods"
        kind = {"choose": f"{noun} of one good type {acting_player()} choose", "every": f"{noun} of every type"}.get(self.good, f"{self.good} {noun}")
        return f"gain {self.n} virtual {kind}{times} (they count as goods, not in the goods limit)"

    def run(self) -> Run:
        n: Number = (lambda ctx: self.n) if self.modifier is None else self.modifier.apply(lambda ctx: self.n)
        good = self.good

        def run(ctx: Ctx) -> None:
            amount = n(ctx)
            if amount <= 0:
                return
            if good == "every":
                for g in GOODS:
                    ctx.world.add_virtual(ctx.actor, g, amount)
                return
            chosen = good if good != "choose" else ctx.world.choose(
                ctx.actor, [(f"count them as {g}", g) for g in GOODS], f"{ctx.reason}: which good type?")
            ctx.world.add_virtual(ctx.actor, chosen, amount)
        return run

    def value(self) -> float:
        return 3.0 * self.n


@construct
@dataclass(frozen=True)
class LeadTwice(Action):
    grammar: ClassVar[str] = r'''
!lead_twice: ("lead" | "leads") "twice" "on" ("your" | "their") "next" "turn"
'''
    syntax: ClassVar[str] = "lead twice on your next turn"
    meaning: ClassVar[str] = "the next time the player leads, he or she leads two turns in a row"
    examples: ClassVar[tuple[str, ...]] = ("on completion: each other player pays the bank 10 then you lead twice on your next turn",)
    useless_after_game: ClassVar[bool] = True

    def english(self) -> str:
        return f"lead two turns in a row the next time {acting_player()} lead"

    def run(self) -> Run:
        """A lasting rule of the acting player's, `until your next turn, you may lead two turns in a
        row` (the `leads_twice` rule query, read as that turn starts): no state of the engine's."""
        lasting = LastingEffect(text="you may lead two turns in a row", until="next_turn_starts",
                                changes=tuple(NamedPermission("lead_twice").changes(True, "you")))
        return lambda ctx: ctx.world.install_lasting(Ctx(ctx.world, ctx.actor, ctx.card), lasting)

    def value(self) -> float:
        return 6.0


@construct
@dataclass(frozen=True)
class CopyPowers(Action):
    grammar: ClassVar[str] = r'''
!copy_powers: ("copy" | "copies") "the" "powers" "of" cards
'''
    syntax: ClassVar[str] = "copy the powers of CARDS"
    meaning: ClassVar[str] = ("for good: the chosen card's one-time powers run now for the player, its ongoing powers work "
                              "on this card from now on (OQ-38, OQ-46)")
    examples: ClassVar[tuple[str, ...]] = ("on completion: copy the powers of 1 of all players' tier 1 or less shipments",)
    cards: Cards | None = None

    def english(self) -> str:
        assert self.cards is not None
        return f"copy the powers of {self.cards.english()}, other than this card, onto this card for the rest of the game"

    def run(self) -> Run:
        assert self.cards is not None
        pool = self.cards.pool()

        def run(ctx: Ctx) -> None:
            candidates = [c for c in pool(ctx) if c is not ctx.card and c.defn.powers]
            picked = ctx.world.choose_cards(ctx.actor, candidates, 1, "copy", prompt=ctx.reason)
            if picked:
                ctx.world.copy_powers(ctx, picked[0])
        return run

    def value(self) -> float:
        return 6.0


# ------------------------------------------------------------------------------------ combining effects

@construct
@dataclass(frozen=True)
class Sequence(Effect):
    """Effects done in order: `gain 2 then draw 2`; in parentheses, one step of a larger effect."""

    level: ClassVar[str] = "list"
    grammar: ClassVar[str] = r'''
sequence: effect (_then effect)*
_then: "then" | _COMMA_THEN | ";"
_COMMA_THEN: /,\s*then\b/
'''
    syntax: ClassVar[str] = "EFFECT then EFFECT ... | (EFFECT then EFFECT)"
    meaning: ClassVar[str] = "each in turn; parentheses make several effects one step (after `you may`, `if`, `either`)"
    examples: ClassVar[tuple[str, ...]] = ("on completion: gain 2 then draw 2",
                                           "on completion: you may (move this card to the island then gain 6)")
    steps: tuple[Effect, ...] = ()

    @classmethod
    def build(cls, col: int, children: Children) -> Sequence:
        return cls(tuple(c for c in children if isinstance(c, Effect)), col=col)

    def english(self) -> str:
        """Inside another effect (`you may (A then B)`), several steps stand in parentheses, so that
        `you may (A, then B)` and `you may A, then B` never read alike."""
        return f"({self.plain()})" if len(self.steps) > 1 else self.plain()

    def plain(self) -> str:
        """The steps without parentheses: the whole body of a power."""
        return ", then ".join(s.english() for s in self.steps)

    def label(self) -> str:
        return self.plain()

    def run(self) -> Run:
        runs = [s.run() for s in self.steps]
        if len(runs) == 1:
            return runs[0]

        def run(ctx: Ctx) -> None:
            for r in runs:
                r(ctx)
        return run

    def possible(self) -> Test:
        tests = [s.possible() for s in self.steps]
        return lambda ctx: all(t(ctx) for t in tests)


@construct
@dataclass(frozen=True)
class GroupDo(Effect):
    """Each of a group of players does the effect in turn: `every player draws 1`."""

    level: ClassVar[str] = "branch"
    grammar: ClassVar[str] = r'''
group_do: players action
'''
    syntax: ClassVar[str] = "PLAYERS EFFECT"
    meaning: ClassVar[str] = ("each of the players does it, clockwise from the owner; inside, `you` is still the card's owner "
                              "and `they`/`their` is the player acting; a card one of them takes is not offered to the next; "
                              "afterwards `it`/`them` are the cards all of them acted on (`that player reveals 1 random card "
                              "from their hand then if it is ...`)")
    examples: ClassVar[tuple[str, ...]] = ("on completion: each other player pays you 2", "on completion: every player draws 1")
    players: Players | None = None
    effect: Effect | None = None

    def english(self) -> str:
        assert self.players is not None and self.effect is not None
        if self.players.english() == "you":
            if own() == "your":  # the owner acts anyway
                return self.effect.english()
            with acting("your"):  # in what another player does: the owner does this
                return f"have you {self.effect.english()}"
        with acting("their"):
            text = self.effect.english()
        return f"{self.players.english()} {third_person(text)}"

    def run(self) -> Run:
        assert self.players is not None and self.effect is not None
        group, inner = self.players.resolve(), self.effect.run()

        def run(ctx: Ctx) -> None:
            for sub in ctx.each_acting(group(ctx)):  # `that player reveals a card then if it is ...`: `it` is that card
                inner(sub)
        return run

    def possible(self) -> Test:
        assert self.players is not None and self.effect is not None
        group, inner = self.players.resolve(), self.effect.possible()
        return lambda ctx: any(inner(ctx.as_actor(p)) for p in group(ctx))

    def problems(self, power: Node) -> list[tuple[int, str, str]]:
        """P028: `when you ...: that player pays you 2`: the event's player is the owner, who would pay
        himself or herself (a modder wrote it meaning the winner of the auction he or she lost)."""
        trigger = getattr(power, "trigger", None)
        if getattr(self.players, "kind", None) != "that" or getattr(trigger, "actor", None) != "you":
            return []
        effect = self.effect
        to = getattr(effect, "to", None) if isinstance(effect, Pay) or (isinstance(effect, Move) and effect.verb == "give") else None
        if getattr(to, "kind", None) != "you":
            return []
        return [(self.col, "P028", "`that player` is you here (the event is something you do), so this moves nothing: "
                                   "name who pays or gives (`the winner` of an auction you lost, `each other player`, `the "
                                   "chosen player`, `the leader`)")]

    def value(self) -> float:
        assert self.players is not None and self.effect is not None
        inner = self.effect.value()
        kind = getattr(self.players, "kind", "")
        if kind == "you":
            return inner
        if isinstance(self.effect, Pay) and self.effect.to is not None:
            return -inner * 1.3  # they pay you
        return inner if kind == "every" else -inner


def _stake(effect: Node) -> float:
    """The size of what an effect puts at stake: the worths of its steps, gains and costs alike."""
    steps = list(effect.children()) if isinstance(effect, Sequence) else [effect]
    return sum(abs(step.value()) for step in steps if isinstance(step, Effect))


@construct
@dataclass(frozen=True)
class May(Effect):
    """An optional effect (R0.5): each player named is asked, if it can be done."""

    level: ClassVar[str] = "branch"
    grammar: ClassVar[str] = r'''
!may: players "may" branch
'''
    syntax: ClassVar[str] = "PLAYERS may EFFECT"
    meaning: ClassVar[str] = ("the player decides (decision `optional_power`); it is offered only when it can be carried out "
                              "(every step of it, as things stand); declining a power limited to once per turn does not use it")
    examples: ClassVar[tuple[str, ...]] = ("when another player draws: you may draw 1",
                                           "on completion: each other player may (pay you 6 then take this card into their shipments)")
    players: Players | None = None
    effect: Effect | None = None

    def english(self) -> str:
        assert self.players is not None and self.effect is not None
        who = self.players.english()
        with acting("your" if who == "you" else "their"):
            effect = self.effect.english()
        if who != "you" and any(isinstance(node, Move) and isinstance(node.cards, ThisCard) for node in self.effect.walk()):
            # one card: the players are asked in turn, and the first who does it takes it from the others
            return f"{who} in turn, clockwise, may {effect} (once one has, this card is gone and the rest are not asked)"
        return f"{who} may {effect}"

    def run(self) -> Run:
        assert self.players is not None and self.effect is not None
        group, inner, can = self.players.resolve(), self.effect.run(), self.effect.possible()
        text = self.effect.plain() if isinstance(self.effect, Sequence) else self.effect.english()  # the question: no parentheses

        def run(ctx: Ctx) -> None:
            for sub in ctx.each_acting(group(ctx)):
                p = sub.actor
                if not can(sub):
                    if p is ctx.owner:
                        ctx.declined = True
                    continue
                if ctx.world.ask_yes(p, text, ctx.card):
                    inner(sub)
                elif p is ctx.owner:
                    ctx.declined = True
        return run

    def possible(self) -> Test:
        assert self.effect is not None
        return self.effect.possible()

    def value(self) -> float:
        """An option is worth more than its average: its player takes it when it pays in the moment.
        Its owner's: what it is worth on average if that is more than nothing, plus a quarter of
        the size of what is at stake (its steps' worths, gains and costs alike: paying 2 for a free
        load is worth taking on the turns the load is worth more). Another player's option is
        taken when it suits that player: the owner gains from the trade it offers (the size of what
        is at stake, a quarter of it) and loses half of what the other gains (card-estimates.yaml:
        what an opponent gains counts half)."""
        assert self.effect is not None and self.players is not None
        average = self.effect.value()
        stake = 0.25 * _stake(self.effect)
        if isinstance(self.players, PlayerGroup) and self.players.kind == "you":
            return max(0.0, average) + stake
        return stake - 0.5 * max(0.0, average)


@construct
@dataclass(frozen=True)
class Cost(Effect):
    """`X to Y`: X is the price of Y; offered (in `you may`, `any time`) only when X can be paid."""

    level: ClassVar[str] = "branch"
    grammar: ClassVar[str] = r'''
cost: action "to" branch
'''
    syntax: ClassVar[str] = "EFFECT to EFFECT"
    meaning: ClassVar[str] = "the first is done, then the second; when the first cannot be done, neither is"
    examples: ClassVar[tuple[str, ...]] = ("any time, once per turn: pay 2 to draw 2",
                                           "any time: discard 2 cards of one good type from your hand to gain 4")
    price: Effect | None = None
    effect: Effect | None = None

    def english(self) -> str:
        assert self.price is not None and self.effect is not None
        price, effect = self.price.english(), self.effect.english()
        inner: Effect = self.effect
        while isinstance(inner, Sequence) and len(inner.steps) == 1:  # parentheses around one step
            inner = inner.steps[0]
        if isinstance(inner, (Action, Sequence)):  # a verb (or steps in parentheses): `pay 2 to draw 2`
            return f"{price} to {effect}"
        return f"{price}, and in return {effect}"  # `if ...`, `for each ...`: no `to if`

    def run(self) -> Run:
        assert self.price is not None and self.effect is not None
        can, price, then = self.price.possible(), self.price.run(), self.effect.run()

        def run(ctx: Ctx) -> None:
            if can(ctx):
                price(ctx)
                then(ctx)
        return run

    def possible(self) -> Test:
        assert self.price is not None and self.effect is not None
        a, b = self.price.possible(), self.effect.possible()
        return lambda ctx: a(ctx) and b(ctx)

    def value(self) -> float:
        assert self.price is not None and self.effect is not None
        return self.price.value() + self.effect.value()


@construct
@dataclass(frozen=True)
class Either(Effect):
    level: ClassVar[str] = "branch"
    grammar: ClassVar[str] = r'''
!either: "either" branch "or" branch
'''
    syntax: ClassVar[str] = "either EFFECT or EFFECT"
    meaning: ClassVar[str] = "the player acting chooses one of the two (only what can be done is offered)"
    examples: ClassVar[tuple[str, ...]] = ("when you declare pirate: either draw 2 or gain 2",)
    first: Effect | None = None
    second: Effect | None = None

    @classmethod
    def build(cls, col: int, children: Children) -> Either:
        found = nodes(children, Effect)
        return cls(found[0], found[1], col=col)

    def english(self) -> str:
        assert self.first is not None and self.second is not None
        return f"either {self.first.english()} or {self.second.english()}"

    def run(self) -> Run:
        assert self.first is not None and self.second is not None
        return _choose_between((self.first, self.second), None)

    def possible(self) -> Test:
        assert self.first is not None and self.second is not None
        a, b = self.first.possible(), self.second.possible()
        return lambda ctx: a(ctx) or b(ctx)

    def value(self) -> float:
        assert self.first is not None and self.second is not None
        return max(self.first.value(), self.second.value())


def _choose_between(options: tuple[Effect, ...], players: Players | None) -> Run:
    """Each chooser picks one option that can be done; when none can, the first is done as far as it
    goes (OQ-33). Each option goes to the world as (node, run), so a bot can weigh the node."""
    compiled = [(o.label(), o.possible(), o.run(), o) for o in options]
    group = players.resolve() if players is not None else None

    def choose(ctx: Ctx) -> None:
        for sub in ctx.each_acting(group(ctx) if group is not None else [ctx.actor]):
            open_ = [(text, (node, run)) for text, can, run, node in compiled if can(sub)]
            if not open_:
                compiled[0][2](sub)
                continue
            run = sub.world.choose(sub.actor, open_, f"{ctx.reason}: choose one")  # a single option is taken, not asked
            run(sub)
    return choose


@construct
@dataclass(frozen=True)
class ChooseOne(Effect):
    level: ClassVar[str] = "effect"
    grammar: ClassVar[str] = r'''
!choose_one: players? ("choose" | "chooses") "one" ":" branch ("or" branch)+
'''
    syntax: ClassVar[str] = "[PLAYERS] choose(s) one: EFFECT or EFFECT [or EFFECT ...]"
    meaning: ClassVar[str] = ("each of the players picks one option that he or she can carry out in full; inside, `you` is the "
                              "card's owner and `their` the chooser's; if none can be done, the first is done as far as it goes (OQ-33)")
    examples: ClassVar[tuple[str, ...]] = (
        "on completion: each other player chooses one: pay you 4 or give you 1 of their shipments or give you 2 of their goods",)
    players: Players | None = None
    options: tuple[Effect, ...] = ()

    @classmethod
    def build(cls, col: int, children: Children) -> ChooseOne:
        return cls(first(children, Players), tuple(nodes(children, Effect)), col=col)

    def english(self) -> str:
        who = self.players.english() if self.players is not None else "you"
        with acting("your" if who == "you" else "their"):
            options = "; or ".join(o.english() for o in self.options)
        return f"{who} {'choose' if who == 'you' else 'chooses'} one of: {options}"

    def run(self) -> Run:
        return _choose_between(self.options, self.players)

    def value(self) -> float:
        inner = min((o.value() for o in self.options), default=0.0)
        return -inner * 1.5 if self.players is not None and getattr(self.players, "kind", "") != "you" else inner


@construct
@dataclass(frozen=True)
class IfThen(Effect):
    level: ClassVar[str] = "effect"
    grammar: ClassVar[str] = r'''
!if_then: "if" condition "then" branch ("else" branch)? | branch "if" condition
'''
    syntax: ClassVar[str] = "if CONDITION then EFFECT [else EFFECT] | EFFECT if CONDITION"
    meaning: ClassVar[str] = ("a condition checked when the step comes; group several effects of a branch in parentheses; "
                              "`EFFECT if CONDITION` is the same as `if CONDITION then EFFECT`")
    examples: ClassVar[tuple[str, ...]] = ("on completion: if your credits <= 18 then gain 8 else gain 4",
                                           "at game end: score 4 if you have no cards in your hand")
    condition: Condition | None = None
    then: Effect | None = None
    otherwise: Effect | None = None

    @classmethod
    def build(cls, col: int, children: Children) -> IfThen:
        found = nodes(children, Effect)
        return cls(first(children, Condition), found[0], found[1] if len(found) > 1 else None, col=col)

    def english(self) -> str:
        assert self.condition is not None and self.then is not None
        otherwise = f"; otherwise {self.otherwise.english()}" if self.otherwise is not None else ""
        with ROOM_KNOWN.on() if isinstance(self.condition, RoomFor) else nullcontext():
            then = self.then.english()
        return f"if {self.condition.english()}, {then}{otherwise}"

    def run(self) -> Run:
        assert self.condition is not None and self.then is not None
        test, then = self.condition.test(), self.then.run()
        otherwise = self.otherwise.run() if self.otherwise is not None else None

        def run(ctx: Ctx) -> None:
            if test(ctx):
                then(ctx)
            elif otherwise is not None:
                otherwise(ctx)
        return run

    def value(self) -> float:
        """Each branch weighed by its odds: a chance condition (a coin flip, a drawn card) knows them,
        any other is even (Condition.odds)."""
        assert self.then is not None and self.condition is not None
        odds = self.condition.odds()
        return odds * self.then.value() + ((1 - odds) * self.otherwise.value() if self.otherwise is not None else 0.0)


@construct
@dataclass(frozen=True)
class ForEachPlayer(Effect):
    """The same step once for each player of a group, who is `that player` inside it; the player
    acting stays the same (`for each other player, (take 1 container from that player's ships ...)`)."""

    level: ClassVar[str] = "effect"
    grammar: ClassVar[str] = r'''
!for_each_player: "for" "each" ("player" | "other" "player" | "opponent") "," branch
'''
    syntax: ClassVar[str] = "for each [other] player, EFFECT"
    meaning: ClassVar[str] = ("the effect once for each of those players, clockwise from the owner, with `that player` meaning "
                              "that one each time; use parentheses for several effects")
    examples: ClassVar[tuple[str, ...]] = (
        "on completion: for each other player, (take 1 container from that player's ships into your hand then you may load it)",)
    others: bool = True
    effect: Effect | None = None

    @classmethod
    def build(cls, col: int, children: Children) -> ForEachPlayer:
        w = words(children)
        return cls("other" in w or "opponent" in w, first(children, Effect), col=col)

    def english(self) -> str:
        assert self.effect is not None
        return f"for each {'other ' if self.others else ''}player in turn (each one being that player): {self.effect.english()}"

    def run(self) -> Run:
        assert self.effect is not None
        inner, others = self.effect.run(), self.others

        def run(ctx: Ctx) -> None:
            saved = ctx.that
            for p in ctx.world.players_from(ctx.owner)[1 if others else 0:]:
                ctx.that = p
                inner(ctx)
            ctx.that = saved
        return run

    def value(self) -> float:
        assert self.effect is not None
        return 2.0 * self.effect.value()

    def scopes(self, binds: frozenset[str]) -> Iterator[tuple[Node, frozenset[str]]]:
        if self.effect is not None:
            yield self.effect, binds | {"that player"}


@construct
@dataclass(frozen=True)
class ForEachShip(Effect):
    """The same step once for each ship of those named, which is `that ship` inside it (and its owner
    `that ship's owner`): `for each of your ships in harbor with no contracts, draw 1`."""

    level: ClassVar[str] = "effect"
    grammar: ClassVar[str] = r'''
!for_each_ship: "for" "each" "of" (ships | ships_with) "," branch
'''
    syntax: ClassVar[str] = "for each of SHIPS, EFFECT"
    meaning: ClassVar[str] = ("the effect once for each of those ships (in seat order from the owner, then each player's "
                              "two ships in order), with `that ship` meaning that one each time and `that ship's owner` its "
                              "owner; use parentheses for several effects")
    examples: ClassVar[tuple[str, ...]] = (
        "on completion: for each of your ships in harbor with no contracts, draw 1",
        "on completion: for each of each other player's ships at sea, (that ship's owner pays you 2 then you may pirate 1 "
        "container from that ship)")
    ships: ShipRef | None = None
    effect: Effect | None = None

    def english(self) -> str:
        assert self.ships is not None and self.effect is not None
        return f"for each of {self.ships.english()} in turn (that ship): {self.effect.english()}"

    def run(self) -> Run:
        assert self.ships is not None and self.effect is not None
        ships, inner = self.ships.ships(), self.effect.run()

        def run(ctx: Ctx) -> None:
            saved = ctx.ship
            for ship in ships(ctx):
                ctx.ship = ship
                inner(ctx)
            ctx.ship = saved
        return run

    def value(self) -> float:
        assert self.effect is not None
        return 1.5 * self.effect.value()

    def scopes(self, binds: frozenset[str]) -> Iterator[tuple[Node, frozenset[str]]]:
        if self.ships is not None:
            yield self.ships, binds
        if self.effect is not None:
            yield self.effect, binds | {"that ship"}


__all__ = ["LEVELS", "Action", "Sequence", "always"]
