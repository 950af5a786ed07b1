"""From Lark's parse tree to the typed AST (interpreter.dsl.ast)."""

from __future__ import annotations

import dataclasses
from typing import Any

from lark import Token, Transformer, v_args

from interpreter.dsl import ast


class FilterProblem(Exception):
    """A card filter names two good types, two action types or two tiers."""

    def __init__(self, col: int, message: str):
        self.col = col
        super().__init__(message)


def _ints(children: list[Any]) -> list[int]:
    return [int(c) for c in children if isinstance(c, Token) and c.type == "INT"]


def _col(meta: Any) -> int:
    return getattr(meta, "column", 1) if not getattr(meta, "empty", True) else 1


def _filter(meta: Any, words: list[Any]) -> ast.CardFilter:
    good = action = None
    tier_min, tier_max = 0, 99
    tiers = 0
    for w in words:
        if isinstance(w, Token) and w.type == "GOOD":
            if good is not None:
                raise FilterProblem(w.column or 1, f"a card filter names two good types (`{good}`, `{w}`)")
            good = str(w)
        elif isinstance(w, Token) and w.type == "ACTION":
            if action is not None:
                raise FilterProblem(w.column or 1, f"a card filter names two action types (`{action}`, `{w}`)")
            action = str(w)
        elif isinstance(w, tuple):
            tiers += 1
            if tiers > 1:
                raise FilterProblem(w[2], "a card filter names two tiers")
            tier_min, tier_max = w[0], w[1]
    return ast.CardFilter(good, action, tier_min, tier_max)


@v_args(meta=True)
class ToAst(Transformer):
    def __init__(self, text: str):
        super().__init__()
        self.text = text

    # --- powers
    def start(self, meta: Any, c: list[Any]) -> ast.Power:
        return c[0]

    def on_completion(self, meta: Any, c: list[Any]) -> ast.Power:
        return ast.Power("on_completion", self.text, effects=c[-1], col=_col(meta))

    def triggered(self, meta: Any, c: list[Any]) -> ast.Power:
        once = any(x == "once" for x in c)
        trigger = c[0]
        if any(x == "own" for x in c):
            trigger = dataclasses.replace(trigger, own_included=True)
        return ast.Power("triggered", self.text, effects=c[-1], trigger=trigger, once_per_turn=once, col=_col(meta))

    def own_included(self, meta: Any, c: list[Any]) -> str:
        return "own"

    def once_per_turn(self, meta: Any, c: list[Any]) -> str:
        return "once"

    def rule_power(self, meta: Any, c: list[Any]) -> ast.Power:
        return ast.Power("rule", self.text, rule=c[0], col=_col(meta))

    def any_time(self, meta: Any, c: list[Any]) -> ast.Power:
        return ast.Power("any_time", self.text, effects=c[-1], col=_col(meta))

    def game_end(self, meta: Any, c: list[Any]) -> ast.Power:
        return ast.Power("game_end", self.text, effects=c[-1], col=_col(meta))

    def effects(self, meta: Any, c: list[Any]) -> tuple[ast.Effect, ...]:
        return tuple(x for x in c if isinstance(x, ast.Effect))

    # --- effects
    def gain(self, meta: Any, c: list[Any]) -> ast.Gain:
        per = c[1] if len(c) > 1 else None
        return ast.Gain(int(c[0]), per, col=_col(meta))

    def draw(self, meta: Any, c: list[Any]) -> ast.Draw:
        per = c[1] if len(c) > 1 else None
        return ast.Draw(int(c[0]), per, col=_col(meta))

    def multiplier(self, meta: Any, c: list[Any]) -> ast.Count:
        return c[-1]

    def draw_until(self, meta: Any, c: list[Any]) -> ast.DrawUntil:
        return ast.DrawUntil(_ints(c)[0], col=_col(meta))

    def pays_you(self, meta: Any, c: list[Any]) -> ast.PaysYou:
        return ast.PaysYou(c[0], _ints(c)[0], col=_col(meta))

    def you_pay(self, meta: Any, c: list[Any]) -> ast.YouPay:
        return ast.YouPay(c[0], _ints(c)[0], col=_col(meta))

    def give_cards(self, meta: Any, c: list[Any]) -> ast.GiveCards:
        return ast.GiveCards(c[0], _ints(c)[0], col=_col(meta))

    def take_all(self, meta: Any, c: list[Any]) -> ast.TakeAll:
        players = next(x for x in c if isinstance(x, ast.Players))
        return ast.TakeAll(c[0], players, col=_col(meta))

    def choose_one(self, meta: Any, c: list[Any]) -> ast.ChooseOne:
        return ast.ChooseOne(c[0], tuple(x for x in c if isinstance(x, ast.Choice)), col=_col(meta))

    def choice_pay(self, meta: Any, c: list[Any]) -> ast.Choice:
        return ast.Choice("pay", _ints(c)[0], col=_col(meta))

    def choice_give(self, meta: Any, c: list[Any]) -> ast.Choice:
        return ast.Choice("give", _ints(c)[0], c[1], c[2], col=_col(meta))

    def if_then(self, meta: Any, c: list[Any]) -> ast.IfThen:
        return ast.IfThen(c[0], c[1], c[2] if len(c) > 2 else None, col=_col(meta))

    def may(self, meta: Any, c: list[Any]) -> ast.May:
        return ast.May(c[0], col=_col(meta))

    def sell(self, meta: Any, c: list[Any]) -> ast.Sell:
        amount, price = _ints(c)
        filt = next(x for x in c if isinstance(x, ast.CardFilter))
        return ast.Sell(amount, filt, price, col=_col(meta))

    def discard_goods(self, meta: Any, c: list[Any]) -> ast.DiscardGoods:
        return ast.DiscardGoods(int(c[0]), c[1], c[2], col=_col(meta))

    def contract_this(self, meta: Any, c: list[Any]) -> ast.ContractThis:
        return ast.ContractThis(col=_col(meta))

    def copy_powers(self, meta: Any, c: list[Any]) -> ast.CopyPowers:
        return ast.CopyPowers(c[0], col=_col(meta))

    def use_hand_actions(self, meta: Any, c: list[Any]) -> ast.UseHandActions:
        return ast.UseHandActions(col=_col(meta))

    def effects_group(self, meta: Any, c: list[Any]) -> ast.Sequence:
        return ast.Sequence(tuple(c[0]), col=_col(meta))

    # --- players, counts, values, conditions
    def each_other_player(self, meta: Any, c: list[Any]) -> ast.Players:
        return ast.Players("each_other", col=_col(meta))

    def every_player(self, meta: Any, c: list[Any]) -> ast.Players:
        return ast.Players("every", col=_col(meta))

    def that_player(self, meta: Any, c: list[Any]) -> ast.Players:
        return ast.Players("that", col=_col(meta))

    def yours(self, meta: Any, c: list[Any]) -> ast.Players:
        return ast.Players("you", col=_col(meta))

    def count_taken(self, meta: Any, c: list[Any]) -> ast.Count:
        return ast.Count("taken", col=_col(meta))

    def count_hand(self, meta: Any, c: list[Any]) -> ast.Count:
        return ast.Count("hand", col=_col(meta))

    def count_zone(self, meta: Any, c: list[Any]) -> ast.Count:
        owner, filt, zone = c[-3], c[-2], c[-1]
        return ast.Count("zone", owner.kind, filt, zone, owner.col, col=_col(meta))

    def goods(self, meta: Any, c: list[Any]) -> str:
        return "goods"

    def shipments(self, meta: Any, c: list[Any]) -> str:
        return "shipments"

    def imports(self, meta: Any, c: list[Any]) -> str:
        return "imports"

    def compare(self, meta: Any, c: list[Any]) -> ast.Condition:
        return ast.Condition("compare", c[0], str(c[1]), c[2], col=_col(meta))

    def comparator(self, meta: Any, c: list[Any]) -> str:
        return str(c[0])

    def coin_heads(self, meta: Any, c: list[Any]) -> ast.Condition:
        return ast.Condition("coin_heads", col=_col(meta))

    def have_most(self, meta: Any, c: list[Any]) -> ast.Condition:
        return ast.Condition("have_most", zone=c[-1], col=_col(meta))

    def number(self, meta: Any, c: list[Any]) -> ast.Value:
        return ast.Value("number", int(c[0]), col=_col(meta))

    def credits(self, meta: Any, c: list[Any]) -> ast.Value:
        return ast.Value("credits", col=_col(meta))

    def counted(self, meta: Any, c: list[Any]) -> ast.Value:
        return ast.Value("counted", count=c[-1], col=_col(meta))

    # --- triggers
    def _actor(self, c: list[Any]) -> str:
        return next((x for x in c if isinstance(x, str) and x in ("you", "any", "other")), "any")

    def you(self, meta: Any, c: list[Any]) -> str:
        return "you"

    def any_player(self, meta: Any, c: list[Any]) -> str:
        return "any"

    def other_player(self, meta: Any, c: list[Any]) -> str:
        return "other"

    def t_contract(self, meta: Any, c: list[Any]) -> ast.Trigger:
        return ast.Trigger("contract", self._actor(c), next(x for x in c if isinstance(x, ast.CardFilter)), col=_col(meta))

    def t_ship_completed(self, meta: Any, c: list[Any]) -> ast.Trigger:
        carrying = next((x for x in c if isinstance(x, ast.CardFilter)), None)
        return ast.Trigger("ship_completed", self._actor(c), carrying=carrying, col=_col(meta))

    def carrying(self, meta: Any, c: list[Any]) -> ast.CardFilter:
        return next(x for x in c if isinstance(x, ast.CardFilter))

    def t_contract_completed(self, meta: Any, c: list[Any]) -> ast.Trigger:
        return ast.Trigger("contract_completed", self._actor(c), next(x for x in c if isinstance(x, ast.CardFilter)), col=_col(meta))

    def t_draws(self, meta: Any, c: list[Any]) -> ast.Trigger:
        return ast.Trigger("draws", self._actor(c), col=_col(meta))

    def t_draw_action(self, meta: Any, c: list[Any]) -> ast.Trigger:
        return ast.Trigger("draw_action", self._actor(c), col=_col(meta))

    def t_good_added(self, meta: Any, c: list[Any]) -> ast.Trigger:
        owner = next(x for x in c if isinstance(x, ast.Players))
        actor = {"you": "you", "each_other": "other", "every": "any", "that": "any"}[owner.kind]
        return ast.Trigger("good_added", actor, next(x for x in c if isinstance(x, ast.CardFilter)), col=_col(meta))

    # --- rules
    def r_threshold(self, meta: Any, c: list[Any]) -> ast.Rule:
        return ast.Rule("threshold", _ints(c)[0], col=_col(meta))

    def r_rainbow(self, meta: Any, c: list[Any]) -> ast.Rule:
        return ast.Rule("rainbow", filter=c[0], col=_col(meta))

    def r_wild(self, meta: Any, c: list[Any]) -> ast.Rule:
        return ast.Rule("wild", good=c[0], col=_col(meta))

    def r_win_ties(self, meta: Any, c: list[Any]) -> ast.Rule:
        return ast.Rule("win_ties", col=_col(meta))

    def r_capacity(self, meta: Any, c: list[Any]) -> ast.Rule:
        return ast.Rule("capacity", _ints(c)[0], col=_col(meta))

    def r_payout(self, meta: Any, c: list[Any]) -> ast.Rule:
        containers, credits = _ints(c)
        return ast.Rule("payout", containers, credits, col=_col(meta))

    def r_follow_as(self, meta: Any, c: list[Any]) -> ast.Rule:
        actions = [str(x) for x in c if isinstance(x, Token) and x.type == "ACTION"]
        return ast.Rule("follow_as", action=actions[0], perform=actions[1], col=_col(meta))

    def r_majority_double(self, meta: Any, c: list[Any]) -> ast.Rule:
        return ast.Rule("majority_double", col=_col(meta))

    # --- filters
    def filter(self, meta: Any, c: list[Any]) -> ast.CardFilter:
        return _filter(meta, c)

    def filter1(self, meta: Any, c: list[Any]) -> ast.CardFilter:
        return _filter(meta, c)

    def tier_exact(self, meta: Any, c: list[Any]) -> tuple[int, int, int]:
        n = _ints(c)[0]
        return (n, n, _col(meta))

    def tier_at_most(self, meta: Any, c: list[Any]) -> tuple[int, int, int]:
        return (0, _ints(c)[0], _col(meta))

    def tier_at_least(self, meta: Any, c: list[Any]) -> tuple[int, int, int]:
        return (_ints(c)[0], 99, _col(meta))

    def colour(self, meta: Any, c: list[Any]) -> str:
        word = str(c[0])
        return COLOUR_GOOD.get(word, word)


COLOUR_GOOD = {"green": "technology", "yellow": "agriculture", "red": "illegal", "black": "consumer", "blue": "luxury"}
