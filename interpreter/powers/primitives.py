"""The generic primitives card effects are built from. Each works for any card: none knows a card name.
A choice inside a primitive goes through the decision door like every other choice."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from interpreter.bus import events as ev
from interpreter.dsl.ast import CardFilter
from interpreter.engine.decisions import Decision, Option
from interpreter.engine.state import Card, Player
from interpreter.powers.context import Ctx

if TYPE_CHECKING:
    from interpreter.engine.game import Game

Matcher = Callable[[Card], bool]


def players(ctx: Ctx, kind: str) -> list[Player]:
    """`each_other`: the other players clockwise from the owner; `every`: all, the owner first;
    `that`: the player of the triggering event; `you`: the owner."""
    game = ctx.game
    if kind == "that":
        return [ctx.that] if ctx.that is not None else []
    if kind == "you":
        return [ctx.owner]
    seats = game.seats_from(ctx.owner.seat)
    if kind == "each_other":
        seats = seats[1:]
    return [game.players[s] for s in seats]


def zone_cards(p: Player, zone: str) -> list[Card]:
    return {"goods": p.goods, "shipments": p.shipments, "imports": p.imports, "hand": p.hand}[zone]


def count_zone(ctx: Ctx, owner: str, filt: CardFilter, zone: str) -> int:
    return sum(1 for p in players(ctx, owner) for c in zone_cards(p, zone) if filt.matches(c))


def pick_cards(game: Game, chooser: Player, cards: list[Card], n: int, kind: str, verb: str) -> list[Card]:
    """`chooser` picks `n` of `cards` one at a time (all of them if there are no more than `n`)."""
    pool = list(cards)
    chosen: list[Card] = []
    while pool and len(chosen) < n:
        if len(pool) <= n - len(chosen):
            chosen += pool
            break
        options, seen = [], set()
        for card in pool:
            if card.id not in seen:
                seen.add(card.id)
                options.append(Option(f"{verb} {card.name} ({card.good})", card))
        card = game.ask(Decision(kind, chooser.seat, options, f"Choose a card to {verb}")).value
        pool.remove(card)
        chosen.append(card)
    return chosen


def give_cards_from_hand(ctx: Ctx, giver: Player, n: int) -> None:
    """The giver chooses `n` cards of his or her hand and hands them to the power's owner."""
    if giver is ctx.owner:
        return
    for card in pick_cards(ctx.game, giver, giver.hand, n, "give_card", "give"):
        giver.hand.remove(card)
        ctx.owner.hand.append(card)
        ctx.game.emit(ev.CardsGiven, giver.seat, ctx.owner.seat, 1, "hand")


def take_from_hands(ctx: Ctx, filt: CardFilter, victims: list[Player]) -> None:
    """Every matching card of the victims' hands goes into the owner's hand (the hands are revealed)."""
    for p in victims:
        if p is ctx.owner:
            continue
        taken = [c for c in p.hand if filt.matches(c)]
        for card in taken:
            p.hand.remove(card)
            ctx.owner.hand.append(card)
        if taken:
            ctx.taken += len(taken)
            ctx.game.emit(ev.CardsGiven, p.seat, ctx.owner.seat, len(taken), "hand")


def move_between_areas(ctx: Ctx, giver: Player, zone: str, cards: list[Card]) -> None:
    """Cards of the giver's Shipments or Goods go to the same area of the owner (R13.5 limits apply
    to goods: what does not fit is discarded). A completed shipment keeps working for its new owner."""
    game = ctx.game
    for card in cards:
        if zone == "shipments":
            game.remove_shipment(giver, card)
            game.add_shipment(ctx.owner, card)
        elif zone == "goods":
            giver.goods.remove(card)
            if not game.add_to_goods(ctx.owner, card):
                game.discard(card, "given good, no room")
        else:
            giver.imports.remove(card)
            if not game.add_to_imports(ctx.owner, card):
                game.discard(card, "given import, no room")
    if cards:
        game.emit(ev.CardsGiven, giver.seat, ctx.owner.seat, len(cards), zone)


def sell_from_hand(ctx: Ctx, filt: CardFilter, n: int, price: int) -> None:
    """Sell matching hand cards to the supply island, outside the SUPPLY action (R12.5)."""
    game, owner = ctx.game, ctx.owner
    for card in pick_cards(game, owner, [c for c in owner.hand if filt.matches(c)], n, "choose_card", "sell"):
        owner.hand.remove(card)
        game.zones.island.append(card)
        game.emit(ev.CardSold, owner.seat, card, price)
        game.gain(owner, price, f"{ctx.card.name}: sale")


def discard_goods(ctx: Ctx, filt: CardFilter, n: int) -> None:
    game, owner = ctx.game, ctx.owner
    for card in pick_cards(game, owner, [c for c in owner.goods if filt.matches(c)], n, "choose_card", "discard"):
        owner.goods.remove(card)
        game.discard(card, f"{ctx.card.name}: discarded good")


def contract_this(ctx: Ctx) -> None:
    """The power's card goes from hand onto a ship in harbor as a contract, with no action spent."""
    from interpreter.engine.contract import has_room, make_contract
    game, owner, card = ctx.game, ctx.owner, ctx.card
    if card not in owner.hand:
        return
    ships = [s for s in owner.harbor_ships() if has_room(game, owner, s, card)]
    if not ships:
        return
    options = [Option(f"contract {card.name} on the {s.label}", s) for s in ships]
    ship = game.ask(Decision("choose_ship", owner.seat, options, f"Where does {card.name} go?")).value
    make_contract(game, owner, card, ship, 0)


def can_contract_this(ctx: Ctx) -> bool:
    from interpreter.engine.contract import has_room
    owner, card = ctx.owner, ctx.card
    return card in owner.hand and any(has_room(ctx.game, owner, s, card) for s in owner.harbor_ships())


def draw_until(ctx: Ctx, hand_size: int) -> None:
    missing = hand_size - len(ctx.owner.hand)
    if missing > 0:
        ctx.game.draw_into_hand(ctx.owner, missing)


def coin_flip(ctx: Ctx) -> bool:
    heads = ctx.game.rng.random() < 0.5
    ctx.game.emit(ev.CoinFlipped, ctx.owner.seat, heads)
    return heads


def has_most(ctx: Ctx, zone: str) -> bool:
    """The owner has at least as many cards in `zone` as every other player (a tie counts)."""
    mine = len(zone_cards(ctx.owner, zone))
    return all(len(zone_cards(p, zone)) <= mine for p in ctx.game.players)


def ask_yes(ctx: Ctx, text: str) -> bool:
    options = [Option(f"yes: {text}", True), Option("no", False)]
    return bool(ctx.game.ask(Decision("optional_power", ctx.owner.seat, options, f"{ctx.card.name}: use it?", stop=1)).value)
