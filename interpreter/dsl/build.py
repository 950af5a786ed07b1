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
        once = any(x in ("once", "once_each") for x in c)
        trigger = c[0]
        if any(x == "own" for x in c):
            trigger = dataclasses.replace(trigger, own_included=True)
        return ast.Power("triggered", self.text, effects=c[-1], trigger=trigger, once_per_turn=once,
                         per_player="once_each" in c, col=_col(meta))

    def own_included(self, meta: Any, c: list[Any]) -> str:
        return "own"

    def once_per_turn(self, meta: Any, c: list[Any]) -> str:
        return "once_each" if "each" in c else "once"

    def per_player(self, meta: Any, c: list[Any]) -> str:
        return "each"

    def while_leading(self, meta: Any, c: list[Any]) -> str:
        return "leading"

    def after_completion(self, meta: Any, c: list[Any]) -> str:
        return "completed"

    def rule_power(self, meta: Any, c: list[Any]) -> ast.Power:
        return ast.Power("rule", self.text, rule=c[0], col=_col(meta))

    def any_time(self, meta: Any, c: list[Any]) -> ast.Power:
        return ast.Power("any_time", self.text, effects=c[-1], once_per_turn=any(x in ("once", "once_each") for x in c),
                         while_leading="leading" in c, completed_only="completed" in c, col=_col(meta))

    def as_container(self, meta: Any, c: list[Any]) -> ast.Power:
        return ast.Power("as_container", self.text, effects=c[-1], col=_col(meta))

    def on_contract(self, meta: Any, c: list[Any]) -> ast.Power:
        return ast.Power("on_contract", self.text, effects=c[-1], col=_col(meta))

    def standing(self, meta: Any, c: list[Any]) -> ast.Power:
        return ast.Power("standing", self.text, effects=c[-1], condition=c[0], col=_col(meta))

    def game_end(self, meta: Any, c: list[Any]) -> ast.Power:
        return ast.Power("game_end", self.text, effects=c[-1], col=_col(meta))

    def effects(self, meta: Any, c: list[Any]) -> tuple[ast.Effect, ...]:
        return tuple(x for x in c if isinstance(x, ast.Effect))

    # --- effects
    def gain(self, meta: Any, c: list[Any]) -> ast.Gain:
        per = next((x for x in c if isinstance(x, ast.Count)), None)
        return ast.Gain(int(c[0]), per, round_even="even" in c, col=_col(meta))

    def rounding(self, meta: Any, c: list[Any]) -> str:
        return "even"

    def multiplier_every(self, meta: Any, c: list[Any]) -> ast.Count:
        return dataclasses.replace(c[-1], every=max(1, _ints(c)[0]))

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

    def choice_give_whole_hand(self, meta: Any, c: list[Any]) -> ast.Choice:
        return ast.Choice("give", 0, zone="whole_hand", col=_col(meta))

    def choice_give_hand(self, meta: Any, c: list[Any]) -> ast.Choice:
        return ast.Choice("give", _ints(c)[0], zone="hand", col=_col(meta))

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
        return ast.ContractThis(again="again" in c, col=_col(meta))

    def again(self, meta: Any, c: list[Any]) -> str:
        return "again"

    def copy_powers(self, meta: Any, c: list[Any]) -> ast.CopyPowers:
        return ast.CopyPowers(c[0], col=_col(meta))

    def use_hand_actions(self, meta: Any, c: list[Any]) -> ast.UseHandActions:
        return ast.UseHandActions(col=_col(meta))

    def pay_bank(self, meta: Any, c: list[Any]) -> ast.PayBank:
        return ast.PayBank(_ints(c)[0], col=_col(meta))

    def discard_hand(self, meta: Any, c: list[Any]) -> ast.DiscardHand:
        return ast.DiscardHand(_ints(c)[0], col=_col(meta))

    def park(self, meta: Any, c: list[Any]) -> ast.Park:
        return ast.Park(_ints(c)[0], col=_col(meta))

    def move_this(self, meta: Any, c: list[Any]) -> ast.MoveThis:
        return ast.MoveThis(c[-1], col=_col(meta))

    def load_this(self, meta: Any, c: list[Any]) -> ast.LoadThis:
        return ast.LoadThis(col=_col(meta))

    def win(self, meta: Any, c: list[Any]) -> ast.Win:
        return ast.Win(col=_col(meta))

    def free_actions(self, meta: Any, c: list[Any]) -> ast.FreeActions:
        action = next(str(x) for x in c if isinstance(x, Token) and x.type == "ACTION")
        per = next((x for x in c if isinstance(x, ast.Count)), None)
        return ast.FreeActions(_ints(c)[0], action, per, from_sea="from_sea" in c, col=_col(meta))

    def from_sea(self, meta: Any, c: list[Any]) -> str:
        return "from_sea"

    def at_sea(self, meta: Any, c: list[Any]) -> str:
        return "at_sea"

    def offer_this(self, meta: Any, c: list[Any]) -> ast.OfferThis:
        return ast.OfferThis(c[0], _ints(c)[-1], col=_col(meta))

    def complete_from_hand(self, meta: Any, c: list[Any]) -> ast.CompleteFromHand:
        return ast.CompleteFromHand(_ints(c)[0], next(x for x in c if isinstance(x, ast.CardFilter)), col=_col(meta))

    def move_all(self, meta: Any, c: list[Any]) -> ast.MoveAll:
        zones = [x for x in c if isinstance(x, str) and x in ZONES]
        return ast.MoveAll(next(x for x in c if isinstance(x, ast.CardFilter)), zones[0], zones[1], col=_col(meta))

    def move_some(self, meta: Any, c: list[Any]) -> ast.MoveSome:
        zones = [x for x in c if isinstance(x, str) and x in ZONES]
        return ast.MoveSome(_ints(c)[0], next(x for x in c if isinstance(x, ast.CardFilter)), zones[0], zones[1],
                            "ignoring" in c, col=_col(meta))

    def ignoring(self, meta: Any, c: list[Any]) -> str:
        return "ignoring"

    def put_goods(self, meta: Any, c: list[Any]) -> ast.PutGoods:
        return ast.PutGoods(c[0], _ints(c)[0], next(x for x in c if isinstance(x, ast.CardFilter)), col=_col(meta))

    def take_island(self, meta: Any, c: list[Any]) -> ast.TakeIsland:
        return ast.TakeIsland(_ints(c)[0], c[-1], col=_col(meta))

    def take_random(self, meta: Any, c: list[Any]) -> ast.TakeRandom:
        return ast.TakeRandom(_ints(c)[0], next(x for x in c if isinstance(x, ast.Players)), col=_col(meta))

    def swap_island(self, meta: Any, c: list[Any]) -> ast.SwapIsland:
        give, take = _ints(c)
        return ast.SwapIsland(give, take, col=_col(meta))

    def swap_shipment(self, meta: Any, c: list[Any]) -> ast.SwapShipment:
        return ast.SwapShipment(c[0], col=_col(meta))

    def steal_containers(self, meta: Any, c: list[Any]) -> ast.StealContainers:
        return ast.StealContainers(_ints(c)[0], col=_col(meta))

    def import_containers(self, meta: Any, c: list[Any]) -> ast.ImportContainers:
        source = next(x for x in c if x in ("that_ship", "a_ship_at_sea"))
        return ast.ImportContainers(_ints(c)[0], source, fee="free" not in c, col=_col(meta))

    def that_ship(self, meta: Any, c: list[Any]) -> str:
        return "that_ship"

    def a_ship_at_sea(self, meta: Any, c: list[Any]) -> str:
        return "a_ship_at_sea"

    def move_container(self, meta: Any, c: list[Any]) -> ast.MoveContainer:
        return ast.MoveContainer(_ints(c)[0], c[-1], col=_col(meta))

    def your_place(self, meta: Any, c: list[Any]) -> str:
        return str(c[-1])

    def hand_place(self, meta: Any, c: list[Any]) -> str:
        return "hand"

    def island_place(self, meta: Any, c: list[Any]) -> str:
        return "island"

    def name_good(self, meta: Any, c: list[Any]) -> ast.NameGood:
        return ast.NameGood(col=_col(meta))

    def name_card(self, meta: Any, c: list[Any]) -> ast.NameCard:
        return ast.NameCard(col=_col(meta))

    def draw_until_pair(self, meta: Any, c: list[Any]) -> ast.DrawUntilPair:
        return ast.DrawUntilPair(col=_col(meta))

    def virtual_imports(self, meta: Any, c: list[Any]) -> ast.VirtualImports:
        return ast.VirtualImports(c[0], col=_col(meta))

    def load_from_hand(self, meta: Any, c: list[Any]) -> ast.LoadFromHand:
        return ast.LoadFromHand(_ints(c)[0], col=_col(meta))

    def as_contract(self, meta: Any, c: list[Any]) -> ast.Power:
        return ast.Power("as_contract", self.text, col=_col(meta))

    def either(self, meta: Any, c: list[Any]) -> ast.Either:
        effects = [x for x in c if isinstance(x, ast.Effect)]
        return ast.Either(effects[0], effects[1], col=_col(meta))

    def _players_do(self, meta: Any, c: list[Any], kind: str) -> ast.PlayersDo:
        return ast.PlayersDo(c[0], kind, _ints(c)[0], col=_col(meta))

    def players_draw(self, meta: Any, c: list[Any]) -> ast.PlayersDo:
        return self._players_do(meta, c, "draw")

    def players_gain(self, meta: Any, c: list[Any]) -> ast.PlayersDo:
        return self._players_do(meta, c, "gain")

    def players_import(self, meta: Any, c: list[Any]) -> ast.PlayersDo:
        return self._players_do(meta, c, "import")

    def pays_bank(self, meta: Any, c: list[Any]) -> ast.PaysBank:
        return ast.PaysBank(c[0], _ints(c)[0], col=_col(meta))

    def add_virtual(self, meta: Any, c: list[Any]) -> ast.AddVirtual:
        good = next(str(x) for x in c if isinstance(x, Token) and x.type == "GOOD")
        return ast.AddVirtual(_ints(c)[0], good, next((x for x in c if isinstance(x, ast.Count)), None), col=_col(meta))

    def contract_from_hand(self, meta: Any, c: list[Any]) -> ast.ContractFromHand:
        return ast.ContractFromHand(_ints(c)[0], next(x for x in c if isinstance(x, ast.CardFilter)), col=_col(meta))

    def lead_twice(self, meta: Any, c: list[Any]) -> ast.LeadTwice:
        return ast.LeadTwice(col=_col(meta))

    def deck_to_island(self, meta: Any, c: list[Any]) -> ast.DeckToIsland:
        return ast.DeckToIsland(_ints(c)[0], col=_col(meta))

    def free_any_actions(self, meta: Any, c: list[Any]) -> ast.FreeAnyActions:
        return ast.FreeAnyActions(_ints(c)[0], col=_col(meta))

    def free(self, meta: Any, c: list[Any]) -> str:
        return "free"

    def effects_group(self, meta: Any, c: list[Any]) -> ast.Sequence:
        return ast.Sequence(tuple(c[0]), col=_col(meta))

    # --- players, counts, values, conditions
    def players_plain(self, meta: Any, c: list[Any]) -> ast.Players:
        return c[0]

    def players_with(self, meta: Any, c: list[Any]) -> ast.Players:
        return dataclasses.replace(c[0], having=next(x for x in c if isinstance(x, ast.CardFilter)))

    def earlier_pirates(self, meta: Any, c: list[Any]) -> ast.Players:
        return ast.Players("earlier_pirates", col=_col(meta))

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

    def count_moved(self, meta: Any, c: list[Any]) -> ast.Count:
        return ast.Count("moved", col=_col(meta))

    def count_drawn(self, meta: Any, c: list[Any]) -> ast.Count:
        return ast.Count("drawn", col=_col(meta))

    def count_chosen_type(self, meta: Any, c: list[Any]) -> ast.Count:
        owner = next(x for x in c if isinstance(x, ast.Players))
        filt = next(x for x in c if isinstance(x, ast.CardFilter))
        zone = next(x for x in c if isinstance(x, str) and x in ZONES)
        return ast.Count("chosen_type", owner.kind, filt, zone, owner.col, col=_col(meta))

    def count_zone(self, meta: Any, c: list[Any]) -> ast.Count:
        owner, filt, zone = c[-3], c[-2], c[-1]
        return ast.Count("zone", owner.kind, filt, zone, owner.col, col=_col(meta))

    def goods(self, meta: Any, c: list[Any]) -> str:
        return "goods"

    def shipments(self, meta: Any, c: list[Any]) -> str:
        return "shipments"

    def imports(self, meta: Any, c: list[Any]) -> str:
        return "imports"

    def containers(self, meta: Any, c: list[Any]) -> str:
        return "containers"

    def compare(self, meta: Any, c: list[Any]) -> ast.Condition:
        return ast.Condition("compare", c[0], str(c[1]), c[2], col=_col(meta))

    def comparator(self, meta: Any, c: list[Any]) -> str:
        return str(c[0])

    def coin_heads(self, meta: Any, c: list[Any]) -> ast.Condition:
        return ast.Condition("coin_heads", col=_col(meta))

    def have_most(self, meta: Any, c: list[Any]) -> ast.Condition:
        return ast.Condition("have_most", zone=c[-1], col=_col(meta))

    def have_every(self, meta: Any, c: list[Any]) -> ast.Condition:
        return ast.Condition("have_every", number=_ints(c)[0], col=_col(meta))

    def drawn_named_type(self, meta: Any, c: list[Any]) -> ast.Condition:
        return ast.Condition("drawn_named_type", col=_col(meta))

    def drawn_named_card(self, meta: Any, c: list[Any]) -> ast.Condition:
        return ast.Condition("drawn_named_card", col=_col(meta))

    def shipment_lacks(self, meta: Any, c: list[Any]) -> ast.Condition:
        return ast.Condition("shipment_lacks", filter=next(x for x in c if isinstance(x, ast.CardFilter)), col=_col(meta))

    def shipment_has(self, meta: Any, c: list[Any]) -> ast.Condition:
        return ast.Condition("shipment_has", filter=next(x for x in c if isinstance(x, ast.CardFilter)), col=_col(meta))

    def all_of(self, meta: Any, c: list[Any]) -> ast.Condition:
        return ast.Condition("all", parts=tuple(x for x in c if isinstance(x, ast.Condition)), col=_col(meta))

    def single_condition(self, meta: Any, c: list[Any]) -> ast.Condition:
        return c[0]

    def majority_in(self, meta: Any, c: list[Any]) -> ast.Condition:
        return ast.Condition("majority_in", number=_ints(c)[0], col=_col(meta))

    def twice_credits(self, meta: Any, c: list[Any]) -> ast.Condition:
        return ast.Condition("twice_credits", col=_col(meta))

    def count_pairs(self, meta: Any, c: list[Any]) -> ast.Count:
        goods = tuple(str(x) for x in c if isinstance(x, Token) and x.type == "GOOD")
        return ast.Count("pairs", goods=goods, col=_col(meta))

    def ship_has_containers(self, meta: Any, c: list[Any]) -> ast.Condition:
        return ast.Condition("ship_has_containers", col=_col(meta))

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

    def t_contract_action(self, meta: Any, c: list[Any]) -> ast.Trigger:
        return ast.Trigger("contract_action", self._actor(c), next(x for x in c if isinstance(x, ast.CardFilter)), col=_col(meta))

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

    def t_ship_returned(self, meta: Any, c: list[Any]) -> ast.Trigger:
        return ast.Trigger("ship_returned", col=_col(meta))

    def t_pays(self, meta: Any, c: list[Any]) -> ast.Trigger:
        return ast.Trigger("pays", self._actor(c), number=_ints(c)[0], col=_col(meta))

    def t_imports(self, meta: Any, c: list[Any]) -> ast.Trigger:
        return ast.Trigger("imports", self._actor(c), next(x for x in c if isinstance(x, ast.CardFilter)), col=_col(meta))

    def t_imports_any(self, meta: Any, c: list[Any]) -> ast.Trigger:
        return ast.Trigger("imports_from_sea", self._actor(c), col=_col(meta))

    def t_follows(self, meta: Any, c: list[Any]) -> ast.Trigger:
        action = next(str(x) for x in c if isinstance(x, Token) and x.type == "ACTION")
        return ast.Trigger("follows", self._actor(c), action=action, col=_col(meta))

    def t_pirates(self, meta: Any, c: list[Any]) -> ast.Trigger:
        return ast.Trigger("pirates", self._actor(c), col=_col(meta))

    def t_pirates_ship(self, meta: Any, c: list[Any]) -> ast.Trigger:
        return ast.Trigger("pirates_ship", self._actor(c), at_sea="at_sea" in c, col=_col(meta))

    def t_loaded(self, meta: Any, c: list[Any]) -> ast.Trigger:
        return ast.Trigger("loaded", "any", next(x for x in c if isinstance(x, ast.CardFilter)), col=_col(meta))

    def t_pirates_card(self, meta: Any, c: list[Any]) -> ast.Trigger:
        return ast.Trigger("pirates", self._actor(c), next(x for x in c if isinstance(x, ast.CardFilter)), col=_col(meta))

    def t_declares(self, meta: Any, c: list[Any]) -> ast.Trigger:
        action = next(str(x) for x in c if isinstance(x, Token) and x.type == "ACTION")
        return ast.Trigger("declares", self._actor(c), action=action, col=_col(meta))

    def t_turn_ends(self, meta: Any, c: list[Any]) -> ast.Trigger:
        return ast.Trigger("turn_ends", col=_col(meta))

    def t_loads(self, meta: Any, c: list[Any]) -> ast.Trigger:
        return ast.Trigger("loads", self._actor(c), col=_col(meta))

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

    def r_innate(self, meta: Any, c: list[Any]) -> ast.Rule:
        return ast.Rule("innate", _ints(c)[0], filter=c[0], col=_col(meta))

    def r_fee(self, meta: Any, c: list[Any]) -> ast.Rule:
        return ast.Rule("fee", _ints(c)[0], col=_col(meta))

    def r_containers_per_import(self, meta: Any, c: list[Any]) -> ast.Rule:
        return ast.Rule("containers_per_import", _ints(c)[0], col=_col(meta))

    def r_extra_imports(self, meta: Any, c: list[Any]) -> ast.Rule:
        action = next(str(x) for x in c if isinstance(x, Token) and x.type == "ACTION")
        return ast.Rule("extra_imports", _ints(c)[0], action=action, per=next(x for x in c if isinstance(x, ast.Count)), col=_col(meta))

    def r_virtual_goods(self, meta: Any, c: list[Any]) -> ast.Rule:
        return ast.Rule("virtual_goods", _ints(c)[0], col=_col(meta))

    def r_pirate_anywhere(self, meta: Any, c: list[Any]) -> ast.Rule:
        return ast.Rule("pirate_anywhere", col=_col(meta))

    def r_load_from_deck(self, meta: Any, c: list[Any]) -> ast.Rule:
        return ast.Rule("load_from_deck", col=_col(meta))

    def r_sell_instead_of_load(self, meta: Any, c: list[Any]) -> ast.Rule:
        return ast.Rule("sell_instead_of_load", credits=_ints(c)[0], col=_col(meta))

    def _actions(self, c: list[Any]) -> list[str]:
        return [str(x) for x in c if isinstance(x, Token) and x.type == "ACTION"]

    def r_follow_any(self, meta: Any, c: list[Any]) -> ast.Rule:
        return ast.Rule("follow_any", col=_col(meta))

    def r_play_for_each_other(self, meta: Any, c: list[Any]) -> ast.Rule:
        a, b = self._actions(c)
        return ast.Rule("play_for_each_other", action=a, perform=b, col=_col(meta))

    def r_interchangeable(self, meta: Any, c: list[Any]) -> ast.Rule:
        a, b = self._actions(c)
        return ast.Rule("interchangeable", action=a, perform=b, col=_col(meta))

    def r_pirate_to_goods(self, meta: Any, c: list[Any]) -> ast.Rule:
        return ast.Rule("pirate_to_goods", credits=_ints(c)[0], col=_col(meta))

    def r_return_with(self, meta: Any, c: list[Any]) -> ast.Rule:
        return ast.Rule("return_with", _ints(c)[0], col=_col(meta))

    def r_unlimited_imports(self, meta: Any, c: list[Any]) -> ast.Rule:
        return ast.Rule("unlimited_imports", col=_col(meta))

    def r_no_end(self, meta: Any, c: list[Any]) -> ast.Rule:
        return ast.Rule("no_end", col=_col(meta))

    def r_penalty_bonus(self, meta: Any, c: list[Any]) -> ast.Rule:
        good = next(str(x) for x in c if isinstance(x, Token) and x.type == "GOOD")
        return ast.Rule("penalty_bonus", good=good, col=_col(meta))

    def r_goods_count_as(self, meta: Any, c: list[Any]) -> ast.Rule:
        every, counts_as = _ints(c)
        good = next(str(x) for x in c if isinstance(x, Token) and x.type == "GOOD")
        return ast.Rule("goods_count_as", every, counts_as, good=good, col=_col(meta))

    def r_half_load(self, meta: Any, c: list[Any]) -> ast.Rule:
        return ast.Rule("half_load", filter=c[0], col=_col(meta))

    def r_auction_island(self, meta: Any, c: list[Any]) -> ast.Rule:
        return ast.Rule("auction_island", col=_col(meta))

    def r_pair_slot(self, meta: Any, c: list[Any]) -> ast.Rule:
        good = next(str(x) for x in c if isinstance(x, Token) and x.type == "GOOD")
        return ast.Rule("pair_slot", good=good, col=_col(meta))

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


ZONES = ("goods", "shipments", "imports", "containers")
COLOUR_GOOD = {"green": "technology", "yellow": "agriculture", "red": "illegal", "black": "consumer", "blue": "luxury"}
