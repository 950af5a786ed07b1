"""Compiling a checked AST into plain Python callables, once, at load. Nothing is parsed or walked
while a game runs: every node becomes a closure over its parameters and the primitives it uses."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from interpreter.bus import events as ev
from interpreter.cards.model import GOOD_TYPES
from interpreter.dsl import ast
from interpreter.dsl.check import walk
from interpreter.powers import primitives as prim
from interpreter.powers.context import Ctx

Run = Callable[[Ctx], None]
Test = Callable[[Ctx], bool]
Number = Callable[[Ctx], int]


@dataclass(frozen=True)
class CompiledPower:
    """One power ready to run. `run` does its effects; `usable` says whether an any-time power can be
    used now, or whether the condition of an `as soon as` power holds; for a trigger, `event_type`
    and `matches` say which events start it."""

    ast: ast.Power
    text: str
    timing: str
    run: Run
    usable: Test
    event_type: type[ev.Event] | None = None
    matches: Callable[[Ctx, Any], bool] | None = None
    once_per_turn: bool = False
    per_player: bool = False
    from_hand: bool = False  # an any-time power usable from hand when the tier is met (R15.3)
    from_shipments: bool = True  # an any-time power usable once its card is completed (R15.3.6)
    end_stage: int = 0  # a game-end power: when it runs during final scoring (END_STAGES, R17.2)
    that: Callable[[Any], int | None] | None = None  # who `that player` is for a trigger's event


# --------------------------------------------------------------------------- numbers and conditions

def count(node: ast.Count) -> Number:
    raw = _raw_count(node)
    every = node.every
    if every > 1:
        return lambda ctx: raw(ctx) // every
    return raw


def _raw_count(node: ast.Count) -> Number:
    if node.kind == "taken":
        return lambda ctx: ctx.taken
    if node.kind == "moved":
        return lambda ctx: ctx.moved
    if node.kind == "drawn":
        return lambda ctx: len(ctx.drawn)
    if node.kind == "hand":
        return lambda ctx: len(ctx.owner.hand)
    owner, filt, zone = node.owner, node.filter, node.zone
    if node.kind == "chosen_type":
        return lambda ctx: prim.chosen_type_count(ctx, owner, filt, zone)
    if node.kind == "pairs":
        first, second = node.goods
        return lambda ctx: min(ctx.game.rules.goods_of_type(ctx.owner, first), ctx.game.rules.goods_of_type(ctx.owner, second))
    if zone == "goods" and filt.action is None and filt.tier_max == 99 and filt.tier_min == 0:
        # goods of a type, or of every type, go through the rule query: virtual goods count (OQ-36)
        goods = (filt.good,) if filt.good else GOOD_TYPES
        return lambda ctx: sum(ctx.game.rules.goods_of_type(p, good) for p in prim.players(ctx, owner) for good in goods)
    return lambda ctx: prim.count_zone(ctx, owner, filt, zone)


def value(node: ast.Value) -> Number:
    if node.kind == "number":
        n = node.number
        return lambda ctx: n
    if node.kind == "credits":
        return lambda ctx: ctx.owner.credits
    assert node.count is not None
    return count(node.count)


COMPARE: dict[str, Callable[[int, int], bool]] = {
    "<=": lambda a, b: a <= b, ">=": lambda a, b: a >= b, "<": lambda a, b: a < b,
    ">": lambda a, b: a > b, "=": lambda a, b: a == b,
}


def condition(node: ast.Condition) -> Test:
    if node.kind == "coin_heads":
        return prim.coin_flip
    if node.kind == "have_most":
        zone = node.zone
        return lambda ctx: prim.has_most(ctx, zone)
    if node.kind == "have_every":
        n = node.number
        return lambda ctx: all(ctx.game.rules.goods_of_type(ctx.owner, g) >= n for g in GOOD_TYPES)
    if node.kind == "drawn_named_type":
        return lambda ctx: any(c.good == ctx.named for c in ctx.drawn)
    if node.kind == "drawn_named_card":
        return lambda ctx: any(c.id == ctx.named for c in ctx.drawn)
    if node.kind in ("shipment_has", "shipment_lacks"):
        filt, want = node.filter, node.kind == "shipment_has"
        return lambda ctx: any(filt.matches(c) for c in ctx.contracts) == want
    if node.kind == "ship_has_containers":
        return lambda ctx: ctx.ship is not None and bool(ctx.ship.containers)
    if node.kind == "all":
        parts = [condition(part) for part in node.parts]
        return lambda ctx: all(part(ctx) for part in parts)
    if node.kind == "majority_in":
        n = node.number
        return lambda ctx: prim.majorities_held(ctx) >= n
    if node.kind == "twice_credits":
        return lambda ctx: all(ctx.owner.credits >= 2 * p.credits for p in ctx.game.players if p is not ctx.owner)
    assert node.left is not None and node.right is not None
    left, right, op = value(node.left), value(node.right), COMPARE[node.op]
    return lambda ctx: op(left(ctx), right(ctx))


def times(amount: int, per: ast.Count | None) -> Number:
    if per is None:
        return lambda ctx: amount
    counted = count(per)
    return lambda ctx: amount * counted(ctx)


# --------------------------------------------------------------------------- effects

def effect(node: ast.Effect) -> Run:
    compiler = EFFECTS[type(node)]
    return compiler(node)


def sequence(effects: tuple[ast.Effect, ...]) -> Run:
    runs = [effect(e) for e in effects]
    if len(runs) == 1:
        return runs[0]

    def run(ctx: Ctx) -> None:
        for r in runs:
            r(ctx)
    return run


def _gain(node: ast.Gain) -> Run:
    amount = times(node.amount, node.per)
    if node.round_even:
        return lambda ctx: ctx.game.gain(ctx.owner, -(-amount(ctx) // 2) * 2, ctx.card.name)
    return lambda ctx: ctx.game.gain(ctx.owner, amount(ctx), ctx.card.name)


def _draw(node: ast.Draw) -> Run:
    amount = times(node.amount, node.per)
    return lambda ctx: prim.draw_recorded(ctx, amount(ctx))


def _draw_until(node: ast.DrawUntil) -> Run:
    size = node.hand_size
    return lambda ctx: prim.draw_until(ctx, size)


def _pays_you(node: ast.PaysYou) -> Run:
    kind, having, amount = node.players.kind, node.players.having, node.amount

    def run(ctx: Ctx) -> None:
        for payer in prim.players(ctx, kind, having):
            if payer is not ctx.owner:
                ctx.game.pay(payer, amount, ctx.owner, ctx.card.name)
    return run


def _you_pay(node: ast.YouPay) -> Run:
    kind, having, amount = node.players.kind, node.players.having, node.amount

    def run(ctx: Ctx) -> None:
        for payee in prim.players(ctx, kind, having):
            if payee is not ctx.owner:
                ctx.game.pay(ctx.owner, amount, payee, ctx.card.name)
    return run


def _give_cards(node: ast.GiveCards) -> Run:
    kind, having, amount = node.players.kind, node.players.having, node.amount

    def run(ctx: Ctx) -> None:
        for giver in prim.players(ctx, kind, having):
            prim.give_cards_from_hand(ctx, giver, amount)
    return run


def _take_all(node: ast.TakeAll) -> Run:
    filt, kind, having = node.filter, node.players.kind, node.players.having
    return lambda ctx: prim.take_from_hands(ctx, filt, prim.players(ctx, kind, having))


def _choose_one(node: ast.ChooseOne) -> Run:
    from interpreter.engine.decisions import Decision, Option
    kind, having, choices = node.players.kind, node.players.having, node.choices

    def possible(ctx: Ctx, chooser: Any, choice: ast.Choice) -> bool:
        if choice.kind == "pay":
            return chooser.credits >= choice.amount
        if choice.zone == "whole_hand":
            return True
        return sum(1 for c in prim.zone_cards(chooser, choice.zone) if choice.filter.matches(c)) >= choice.amount

    def carry_out(ctx: Ctx, chooser: Any, choice: ast.Choice) -> None:
        if choice.kind == "pay":
            ctx.game.pay(chooser, choice.amount, ctx.owner, ctx.card.name)
            return
        if choice.zone == "hand":
            prim.give_cards_from_hand(ctx, chooser, choice.amount)
            return
        if choice.zone == "whole_hand":
            prim.give_cards_from_hand(ctx, chooser, len(chooser.hand))
            return
        pool = [c for c in prim.zone_cards(chooser, choice.zone) if choice.filter.matches(c)]
        cards = prim.pick_cards(ctx.game, chooser, pool, choice.amount, "give_card", "give")
        prim.move_between_areas(ctx, chooser, choice.zone, cards)

    def run(ctx: Ctx) -> None:
        for chooser in prim.players(ctx, kind, having):
            if chooser is ctx.owner:
                continue
            open_choices = [c for c in choices if possible(ctx, chooser, c)]
            if not open_choices:  # OQ-33: none can be done in full: the first is done as far as it goes
                carry_out(ctx, chooser, choices[0])
                continue
            options = [Option(choice_label(c), c) for c in open_choices]
            picked = ctx.game.ask(Decision("choose_one", chooser.seat, options, f"{ctx.card.name}: choose one")).value
            carry_out(ctx, chooser, picked)
    return run


def choice_label(c: ast.Choice) -> str:
    if c.kind == "pay":
        return f"pay {c.amount}"
    if c.zone == "whole_hand":
        return "give your whole hand"
    if c.zone == "hand":
        return f"give {c.amount} card(s) from your hand"
    from interpreter.dsl.explain import filter_text
    return f"give {c.amount} of your {filter_text(c.filter, c.zone)}"


def _if_then(node: ast.IfThen) -> Run:
    test, then = condition(node.condition), effect(node.then)
    otherwise = effect(node.otherwise) if node.otherwise else None

    def run(ctx: Ctx) -> None:
        if test(ctx):
            then(ctx)
        elif otherwise is not None:
            otherwise(ctx)
    return run


def _may(node: ast.May) -> Run:
    from interpreter.dsl.explain import effect_text
    inner, text = effect(node.effect), effect_text(node.effect)
    cost = _first_payment(node.effect)
    first = node.effect.effects[0] if isinstance(node.effect, ast.Sequence) and node.effect.effects else node.effect
    possible = usable(first)

    def run(ctx: Ctx) -> None:
        if (cost and ctx.owner.credits < cost) or not possible(ctx):  # what cannot be done is not offered (R0.5)
            ctx.declined = True
            return
        if prim.ask_yes(ctx, text):
            inner(ctx)
    return run


def _first_payment(node: ast.Effect) -> int:
    while isinstance(node, ast.Sequence) and node.effects:
        node = node.effects[0]
    return node.amount if isinstance(node, ast.PayBank) else 0


def _sell(node: ast.Sell) -> Run:
    filt, amount, price = node.filter, node.amount, node.price
    return lambda ctx: prim.sell_from_hand(ctx, filt, amount, price)


def _discard_goods(node: ast.DiscardGoods) -> Run:
    filt, amount = node.filter, node.amount
    return lambda ctx: prim.discard_goods(ctx, filt, amount)


def _contract_this(node: ast.ContractThis) -> Run:
    return prim.contract_this_again if node.again else prim.contract_this


def _copy_powers(node: ast.CopyPowers) -> Run:
    filt = node.filter
    return lambda ctx: ctx.game.powers.copy_powers(ctx, filt)


def _use_hand_actions(node: ast.UseHandActions) -> Run:
    from interpreter.engine.solo import use_hand_actions
    return lambda ctx: use_hand_actions(ctx.game, ctx.owner)


def _sequence(node: ast.Sequence) -> Run:
    return sequence(node.effects)


def _pay_bank(node: ast.PayBank) -> Run:
    amount = node.amount

    def run(ctx: Ctx) -> None:
        ctx.game.pay(ctx.owner, amount, None, ctx.card.name)
    return run


def _discard_hand(node: ast.DiscardHand) -> Run:
    amount = node.amount
    return lambda ctx: prim.discard_from_hand(ctx, amount)


def _park(node: ast.Park) -> Run:
    amount = node.amount

    def run(ctx: Ctx) -> None:
        ctx.card.parked += amount  # passive credits on the card until game end (R1.9.2, R17.3)
    return run


def _move_this(node: ast.MoveThis) -> Run:
    place = node.place
    return lambda ctx: prim.move_this(ctx, place)


def _load_this(node: ast.LoadThis) -> Run:
    return prim.load_this


def _win(node: ast.Win) -> Run:
    return lambda ctx: ctx.game.win_instantly(ctx.owner.seat)


def _free_actions(node: ast.FreeActions) -> Run:
    amount, action, from_sea = times(node.amount, node.per), node.action, node.from_sea
    return lambda ctx: prim.free_actions(ctx, action, amount(ctx), from_sea=from_sea)


def _offer_this(node: ast.OfferThis) -> Run:
    kind, having, price = node.players.kind, node.players.having, node.price
    return lambda ctx: prim.offer_this(ctx, prim.players(ctx, kind, having), price)


def _complete_from_hand(node: ast.CompleteFromHand) -> Run:
    filt, amount = node.filter, node.amount
    return lambda ctx: prim.complete_from_hand(ctx, filt, amount)


def _move_all(node: ast.MoveAll) -> Run:
    filt, source, target = node.filter, node.source, node.target
    return lambda ctx: prim.move_cards(ctx, [c for c in prim.zone_cards(ctx.owner, source) if filt.matches(c)], source, target, False)


def _move_some(node: ast.MoveSome) -> Run:
    filt, source, target, amount, ignore = node.filter, node.source, node.target, node.amount, node.ignoring_limits

    def run(ctx: Ctx) -> None:
        pool = [c for c in prim.zone_cards(ctx.owner, source) if filt.matches(c)]
        prim.move_cards(ctx, prim.pick_cards(ctx.game, ctx.owner, pool, amount, "choose_card", f"move to your {target}"),
                        source, target, ignore)
    return run


def _put_goods(node: ast.PutGoods) -> Run:
    kind, having, amount, filt = node.players.kind, node.players.having, node.amount, node.filter

    def run(ctx: Ctx) -> None:
        for giver in prim.players(ctx, kind, having):
            prim.put_goods_on_island(ctx, giver, filt, amount)
    return run


def _take_island(node: ast.TakeIsland) -> Run:
    amount, target = node.amount, node.target
    return lambda ctx: prim.take_from_island(ctx, amount, target)


def _take_random(node: ast.TakeRandom) -> Run:
    amount, kind, having = node.amount, node.players.kind, node.players.having

    def run(ctx: Ctx) -> None:
        for victim in prim.players(ctx, kind, having):
            prim.take_random(ctx, victim, amount)
    return run


def _swap_island(node: ast.SwapIsland) -> Run:
    give, take = node.give, node.take
    return lambda ctx: prim.swap_with_island(ctx, give, take)


def _swap_shipment(node: ast.SwapShipment) -> Run:
    filt = node.filter
    return lambda ctx: prim.swap_shipment(ctx, filt)


def _steal_containers(node: ast.StealContainers) -> Run:
    amount = node.amount
    return lambda ctx: prim.steal_containers(ctx, amount)


def _import_containers(node: ast.ImportContainers) -> Run:
    amount, source, fee = node.amount, node.source, node.fee
    return lambda ctx: prim.import_free(ctx, amount, source, fee=fee)


def _move_container(node: ast.MoveContainer) -> Run:
    amount, place = node.amount, node.place
    return lambda ctx: prim.move_container(ctx, amount, place)


def _name_good(node: ast.NameGood) -> Run:
    return prim.name_good


def _name_card(node: ast.NameCard) -> Run:
    return prim.name_card


def _draw_until_pair(node: ast.DrawUntilPair) -> Run:
    return prim.draw_until_pair


def _virtual_imports(node: ast.VirtualImports) -> Run:
    filt = node.filter
    return lambda ctx: prim.virtual_imports(ctx, filt)


def _load_from_hand(node: ast.LoadFromHand) -> Run:
    amount = node.amount
    return lambda ctx: prim.load_from_hand_onto_ship(ctx, amount)


def _either(node: ast.Either) -> Run:
    from interpreter.dsl.explain import effect_text
    from interpreter.engine.decisions import Decision, Option
    runs = [(effect_text(node.first), effect(node.first)), (effect_text(node.second), effect(node.second))]

    def run(ctx: Ctx) -> None:
        options = [Option(text, run_one) for text, run_one in runs]
        ctx.game.ask(Decision("choose_one", ctx.owner.seat, options, f"{ctx.card.name}: choose one")).value(ctx)
    return run


def _players_do(node: ast.PlayersDo) -> Run:
    kind, having, what, amount = node.players.kind, node.players.having, node.kind, node.amount

    def run(ctx: Ctx) -> None:
        for p in prim.players(ctx, kind, having):
            prim.as_player(ctx, p, what, amount)
    return run


def _pays_bank(node: ast.PaysBank) -> Run:
    kind, having, amount = node.players.kind, node.players.having, node.amount

    def run(ctx: Ctx) -> None:
        for payer in prim.players(ctx, kind, having):
            ctx.game.pay(payer, amount, None, ctx.card.name)
    return run


def _add_virtual(node: ast.AddVirtual) -> Run:
    amount, good = times(node.amount, node.per), node.good

    def run(ctx: Ctx) -> None:
        ctx.owner.virtual_goods[good] = ctx.owner.virtual_goods.get(good, 0) + amount(ctx)
    return run


def _contract_from_hand(node: ast.ContractFromHand) -> Run:
    amount, filt = node.amount, node.filter
    return lambda ctx: prim.contract_from_hand(ctx, filt, amount)


def _lead_twice(node: ast.LeadTwice) -> Run:
    def run(ctx: Ctx) -> None:
        ctx.owner.lead_twice = True
    return run


def _deck_to_island(node: ast.DeckToIsland) -> Run:
    amount = node.amount
    return lambda ctx: prim.deck_to_island(ctx, amount)


def _free_any_actions(node: ast.FreeAnyActions) -> Run:
    amount = node.amount
    return lambda ctx: prim.free_actions_of_choice(ctx, amount)


EFFECTS: dict[type[ast.Effect], Callable[[Any], Run]] = {
    ast.Gain: _gain, ast.Draw: _draw, ast.DrawUntil: _draw_until, ast.PaysYou: _pays_you, ast.YouPay: _you_pay,
    ast.GiveCards: _give_cards, ast.TakeAll: _take_all, ast.ChooseOne: _choose_one, ast.IfThen: _if_then,
    ast.May: _may, ast.Sell: _sell, ast.DiscardGoods: _discard_goods, ast.ContractThis: _contract_this,
    ast.CopyPowers: _copy_powers, ast.UseHandActions: _use_hand_actions, ast.Sequence: _sequence,
    ast.PayBank: _pay_bank, ast.DiscardHand: _discard_hand, ast.Park: _park, ast.MoveThis: _move_this,
    ast.LoadThis: _load_this, ast.Win: _win, ast.FreeActions: _free_actions, ast.OfferThis: _offer_this,
    ast.CompleteFromHand: _complete_from_hand, ast.MoveAll: _move_all, ast.MoveSome: _move_some,
    ast.PutGoods: _put_goods, ast.TakeIsland: _take_island, ast.TakeRandom: _take_random, ast.SwapIsland: _swap_island,
    ast.SwapShipment: _swap_shipment, ast.StealContainers: _steal_containers, ast.ImportContainers: _import_containers,
    ast.MoveContainer: _move_container, ast.NameGood: _name_good, ast.NameCard: _name_card,
    ast.DrawUntilPair: _draw_until_pair, ast.VirtualImports: _virtual_imports, ast.LoadFromHand: _load_from_hand,
    ast.Either: _either, ast.PlayersDo: _players_do, ast.PaysBank: _pays_bank, ast.AddVirtual: _add_virtual,
    ast.ContractFromHand: _contract_from_hand, ast.LeadTwice: _lead_twice, ast.DeckToIsland: _deck_to_island,
    ast.FreeAnyActions: _free_any_actions,
}


# --------------------------------------------------------------------------- when an any-time power can be used

def usable(first: ast.Effect | None) -> Test:
    """An any-time power can be used when its first step can be carried out."""
    if isinstance(first, ast.DiscardGoods):
        filt = first.filter
        return lambda ctx: any(filt.matches(c) for c in ctx.owner.goods)
    if isinstance(first, ast.Sell):
        filt = first.filter
        return lambda ctx: any(filt.matches(c) for c in ctx.owner.hand)
    if isinstance(first, ast.ContractThis):
        return prim.can_contract_this_again if first.again else prim.can_contract_this
    if isinstance(first, ast.MoveThis):  # moving a completed card: it must be in Shipments, with room
        place = first.place
        return lambda ctx: prim.where_is(ctx.owner, ctx.card) == "shipments" and prim.room_after_leaving(ctx, place)
    if isinstance(first, ast.LoadThis):
        return prim.can_load_this
    if isinstance(first, ast.SwapIsland):
        give, take = first.give, first.take
        return lambda ctx: len(ctx.owner.hand) >= give and len(ctx.game.zones.island) >= take
    if isinstance(first, ast.DiscardHand):
        return lambda ctx: bool(ctx.owner.hand)
    if isinstance(first, ast.ContractFromHand):
        filt = first.filter
        return lambda ctx: bool(prim.contractable(ctx, filt))
    if isinstance(first, ast.LoadFromHand):
        amount = first.amount
        return lambda ctx: prim.can_load_from_hand(ctx, amount)
    if isinstance(first, ast.FreeActions) and first.from_sea:
        return lambda ctx: bool(ctx.game.ships_at_sea())
    if isinstance(first, ast.CompleteFromHand):
        filt = first.filter
        return lambda ctx: any(filt.matches(c) for c in ctx.owner.hand)
    if isinstance(first, ast.MoveAll | ast.MoveSome):
        filt, source = first.filter, first.source
        return lambda ctx: any(filt.matches(c) for c in prim.zone_cards(ctx.owner, source))
    return lambda ctx: True


# --------------------------------------------------------------------------- triggers

def _actor_test(actor: str) -> Callable[[Ctx, int], bool]:
    if actor == "you":
        return lambda ctx, seat: seat == ctx.owner.seat
    if actor == "other":
        return lambda ctx, seat: seat != ctx.owner.seat
    return lambda ctx, seat: True


def trigger(node: ast.Trigger) -> tuple[type[ev.Event], Callable[[Ctx, Any], bool]]:
    actor = _actor_test(node.actor)
    filt = node.filter
    if node.kind == "contract":
        return ev.ContractMade, lambda ctx, e: actor(ctx, e.player) and filt.matches(e.card)
    if node.kind == "contract_action":  # instances spent: not a free contract made by a power
        return ev.ContractMade, lambda ctx, e: actor(ctx, e.player) and filt.matches(e.card) and e.instances > 0
    own = node.own_included
    if node.kind == "contract_completed":
        return ev.ContractCompleted, lambda ctx, e: (actor(ctx, e.player) and filt.matches(e.card)
                                                     and (own or ctx.card not in e.contracts))
    if node.kind == "ship_completed":
        carrying = node.carrying
        return ev.ShipmentCompleted, lambda ctx, e: (actor(ctx, e.player) and (own or ctx.card not in e.contracts)
                                                     and (carrying is None or any(carrying.matches(c) for c in e.ship.containers)))
    if node.kind == "draws":
        return ev.CardsDrawn, lambda ctx, e: actor(ctx, e.player)
    if node.kind == "draw_action":
        return ev.DrawActionTaken, lambda ctx, e: actor(ctx, e.player)
    if node.kind == "good_added":
        return ev.GoodAdded, lambda ctx, e: actor(ctx, e.player) and filt.matches(e.card)
    if node.kind == "ship_returned":
        return ev.ShipReturned, lambda ctx, e: True
    if node.kind == "pays":
        least = node.number
        return ev.CreditsPaid, lambda ctx, e: actor(ctx, e.player) and e.amount >= least
    if node.kind == "imports_from_sea":  # not an island card auctioned by a power
        return ev.ImportWon, lambda ctx, e: actor(ctx, e.player) and e.ship is not None
    if node.kind == "imports":  # any import, from a ship or an auctioned island card
        return ev.ImportWon, lambda ctx, e: actor(ctx, e.player) and any(
            filt.matches(c) for c in (*e.to_imports, *e.to_goods, *e.discarded))
    if node.kind == "follows":
        action = node.action
        return ev.ActionFollowed, lambda ctx, e: (actor(ctx, e.player) and e.action == action
                                                  and ctx.game.leader == ctx.owner.seat)
    if node.kind == "pirates":  # after the pirated card is placed (R11.2)
        return ev.PirateFinished, lambda ctx, e: actor(ctx, e.player) and filt.matches(e.card)
    if node.kind == "pirates_ship":
        sources = ("sea",) if node.at_sea else ("sea", "harbor")
        return ev.PirateFinished, lambda ctx, e: (actor(ctx, e.player) and e.source in sources and e.ship is not None
                                                  and e.ship.owner != e.player)
    if node.kind == "loads":
        return ev.LoadFinished, lambda ctx, e: actor(ctx, e.player) and e.by == "load"
    if node.kind == "loaded":
        return ev.ContainerLoaded, lambda ctx, e: filt.matches(e.card)
    if node.kind == "declares":
        declared = node.action
        return ev.ActionDeclared, lambda ctx, e: actor(ctx, e.player) and e.action == declared
    if node.kind == "turn_ends":
        return ev.TurnEnded, lambda ctx, e: True
    raise ValueError(f"unknown trigger {node.kind}")


# --------------------------------------------------------------------------- game-end order

# R17.2: the end-game adjustments come first, in a fixed order whatever the order the cards were
# completed in; the powers that score come last (R17.8). A game-end power runs in the earliest stage
# any of its effects belongs to (the any-time powers, Telescopes and Segways, have their window
# before all of these).
END_STAGES = (
    "cards leave Shipments",        # Diamond Rings: completed shipments into Goods, ignoring limits
    "other cards move",             # Cheap Shirts: imports into Goods, within the limit
    "imports count as goods",       # Teslas: after the moves, so an import moved is not counted twice
    "virtual goods",                # Ceramics: after everything that adds goods
    "scoring",                      # Champagne, Cologne, ...: credits scored as points (R17.8)
)
SCORING_STAGE = len(END_STAGES) - 1


def _effect_stage(e: ast.Effect) -> int:
    if isinstance(e, ast.MoveThis) or isinstance(e, ast.MoveAll | ast.MoveSome) and e.source == "shipments":
        return 0
    if isinstance(e, ast.MoveAll | ast.MoveSome):
        return 1
    if isinstance(e, ast.VirtualImports):
        return 2
    if isinstance(e, ast.AddVirtual):
        return 3
    return SCORING_STAGE


def end_stage(power: ast.Power) -> int:
    return min((_effect_stage(e) for e in walk(power.effects)), default=SCORING_STAGE)


# --------------------------------------------------------------------------- powers

def compile_power(power: ast.Power) -> CompiledPower:
    if power.timing in ("rule", "as_contract"):
        return CompiledPower(power, power.text, power.timing, run=lambda ctx: None, usable=lambda ctx: False)
    run = sequence(power.effects)
    if power.timing == "standing":
        assert power.condition is not None
        return CompiledPower(power, power.text, "standing", run, condition(power.condition))
    if power.timing == "triggered":
        assert power.trigger is not None
        event_type, matches = trigger(power.trigger)
        that = (lambda e: e.ship.owner if e.ship is not None else None) if power.trigger.kind == "pirates_ship" else None
        return CompiledPower(power, power.text, "triggered", run, lambda ctx: False, event_type, matches, power.once_per_turn,
                             power.per_player, that=that)
    first = power.effects[0] if power.effects else None
    if power.timing != "any_time":
        return CompiledPower(power, power.text, power.timing, run, lambda ctx: True, end_stage=end_stage(power))
    test = usable(first)
    if power.while_leading:
        inner = test

        def test(ctx: Ctx) -> bool:
            return ctx.game.leader == ctx.owner.seat and inner(ctx)
    from_hand, from_shipments = power.works_from()
    return CompiledPower(power, power.text, "any_time", run, test, once_per_turn=power.once_per_turn,
                         from_hand=from_hand, from_shipments=from_shipments)
