"""Compiling a checked AST into plain Python callables, once, at load. Nothing is parsed or walked
while a game runs: every node becomes a closure over its parameters and the primitives it uses."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from interpreter.bus import events as ev
from interpreter.dsl import ast
from interpreter.powers import primitives as prim
from interpreter.powers.context import Ctx

Run = Callable[[Ctx], None]
Test = Callable[[Ctx], bool]
Number = Callable[[Ctx], int]


@dataclass(frozen=True)
class CompiledPower:
    """One power ready to run. `run` does its effects; `usable` says whether an any-time power can be
    used now; for a trigger, `event_type` and `matches` say which events start it."""

    ast: ast.Power
    text: str
    timing: str
    run: Run
    usable: Test
    event_type: type[ev.Event] | None = None
    matches: Callable[[Ctx, Any], bool] | None = None
    once_per_turn: bool = False


# --------------------------------------------------------------------------- numbers and conditions

def count(node: ast.Count) -> Number:
    if node.kind == "taken":
        return lambda ctx: ctx.taken
    if node.kind == "hand":
        return lambda ctx: len(ctx.owner.hand)
    owner, filt, zone = node.owner, node.filter, node.zone
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
    return lambda ctx: ctx.game.gain(ctx.owner, amount(ctx), ctx.card.name)


def _draw(node: ast.Draw) -> Run:
    amount = times(node.amount, node.per)

    def run(ctx: Ctx) -> None:
        ctx.game.draw_into_hand(ctx.owner, amount(ctx))
    return run


def _draw_until(node: ast.DrawUntil) -> Run:
    size = node.hand_size
    return lambda ctx: prim.draw_until(ctx, size)


def _pays_you(node: ast.PaysYou) -> Run:
    kind, amount = node.players.kind, node.amount

    def run(ctx: Ctx) -> None:
        for payer in prim.players(ctx, kind):
            if payer is not ctx.owner:
                ctx.game.pay(payer, amount, ctx.owner, ctx.card.name)
    return run


def _you_pay(node: ast.YouPay) -> Run:
    kind, amount = node.players.kind, node.amount

    def run(ctx: Ctx) -> None:
        for payee in prim.players(ctx, kind):
            if payee is not ctx.owner:
                ctx.game.pay(ctx.owner, amount, payee, ctx.card.name)
    return run


def _give_cards(node: ast.GiveCards) -> Run:
    kind, amount = node.players.kind, node.amount

    def run(ctx: Ctx) -> None:
        for giver in prim.players(ctx, kind):
            prim.give_cards_from_hand(ctx, giver, amount)
    return run


def _take_all(node: ast.TakeAll) -> Run:
    filt, kind = node.filter, node.players.kind
    return lambda ctx: prim.take_from_hands(ctx, filt, prim.players(ctx, kind))


def _choose_one(node: ast.ChooseOne) -> Run:
    from interpreter.engine.decisions import Decision, Option
    kind, choices = node.players.kind, node.choices

    def possible(ctx: Ctx, chooser: Any, choice: ast.Choice) -> bool:
        if choice.kind == "pay":
            return chooser.credits >= choice.amount
        return sum(1 for c in prim.zone_cards(chooser, choice.zone) if choice.filter.matches(c)) >= choice.amount

    def carry_out(ctx: Ctx, chooser: Any, choice: ast.Choice) -> None:
        if choice.kind == "pay":
            ctx.game.pay(chooser, choice.amount, ctx.owner, ctx.card.name)
            return
        pool = [c for c in prim.zone_cards(chooser, choice.zone) if choice.filter.matches(c)]
        cards = prim.pick_cards(ctx.game, chooser, pool, choice.amount, "give_card", "give")
        prim.move_between_areas(ctx, chooser, choice.zone, cards)

    def run(ctx: Ctx) -> None:
        for chooser in prim.players(ctx, kind):
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
    return f"give {c.amount} of your {c.zone}"


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

    def run(ctx: Ctx) -> None:
        if prim.ask_yes(ctx, text):
            inner(ctx)
    return run


def _sell(node: ast.Sell) -> Run:
    filt, amount, price = node.filter, node.amount, node.price
    return lambda ctx: prim.sell_from_hand(ctx, filt, amount, price)


def _discard_goods(node: ast.DiscardGoods) -> Run:
    filt, amount = node.filter, node.amount
    return lambda ctx: prim.discard_goods(ctx, filt, amount)


def _contract_this(node: ast.ContractThis) -> Run:
    return prim.contract_this


def _copy_powers(node: ast.CopyPowers) -> Run:
    filt = node.filter
    return lambda ctx: ctx.game.powers.copy_powers(ctx, filt)


def _use_hand_actions(node: ast.UseHandActions) -> Run:
    from interpreter.engine.solo import use_hand_actions
    return lambda ctx: use_hand_actions(ctx.game, ctx.owner)


def _sequence(node: ast.Sequence) -> Run:
    return sequence(node.effects)


EFFECTS: dict[type[ast.Effect], Callable[[Any], Run]] = {
    ast.Gain: _gain, ast.Draw: _draw, ast.DrawUntil: _draw_until, ast.PaysYou: _pays_you, ast.YouPay: _you_pay,
    ast.GiveCards: _give_cards, ast.TakeAll: _take_all, ast.ChooseOne: _choose_one, ast.IfThen: _if_then,
    ast.May: _may, ast.Sell: _sell, ast.DiscardGoods: _discard_goods, ast.ContractThis: _contract_this,
    ast.CopyPowers: _copy_powers, ast.UseHandActions: _use_hand_actions, ast.Sequence: _sequence,
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
        return prim.can_contract_this
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
    own = node.own_included
    if node.kind == "contract_completed":
        return ev.ContractCompleted, lambda ctx, e: (actor(ctx, e.player) and filt.matches(e.card)
                                                     and (own or e.card is not ctx.card))
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
    raise ValueError(f"unknown trigger {node.kind}")


# --------------------------------------------------------------------------- powers

def compile_power(power: ast.Power) -> CompiledPower:
    if power.timing == "rule":
        return CompiledPower(power, power.text, "rule", run=lambda ctx: None, usable=lambda ctx: False)
    run = sequence(power.effects)
    if power.timing == "triggered":
        assert power.trigger is not None
        event_type, matches = trigger(power.trigger)
        return CompiledPower(power, power.text, "triggered", run, lambda ctx: False, event_type, matches, power.once_per_turn)
    first = power.effects[0] if power.effects else None
    return CompiledPower(power, power.text, power.timing, run, usable(first) if power.timing == "any_time" else (lambda ctx: True))
