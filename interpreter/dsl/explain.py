"""Rendering a power back into an English sentence, from its AST (`importexport explain`)."""

from __future__ import annotations

from interpreter.dsl import ast

PLAYERS = {"each_other": "each other player", "every": "every player", "that": "that player", "you": "you"}
OWNERS = {"you": "your", "each_other": "the other players'", "every": "all players'", "that": "that player's"}
ACTORS = {"you": "you", "any": "any player", "other": "another player"}
ZONE_SINGULAR = {"goods": "good", "shipments": "completed shipment", "imports": "card"}


def plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def filter_text(f: ast.CardFilter, noun: str = "card") -> str:
    words = []
    if f.good:
        words.append(f.good)
    if f.action:
        words.append(f.action.upper())
    words.append(noun)
    if f.tier_min == f.tier_max:
        words.append(f"of tier {f.tier_min}")
    elif f.tier_max < 99:
        words.append(f"of tier {f.tier_max} or less")
    elif f.tier_min > 0:
        words.append(f"of tier {f.tier_min} or more")
    return " ".join(words)


def a(phrase: str) -> str:
    return ("an " if phrase[:1] in "aeiou" else "a ") + phrase


def count_text(c: ast.Count) -> str:
    if c.kind == "taken":
        return "card taken"
    if c.kind == "hand":
        return "card in your hand"
    if c.zone == "shipments":
        return f"completed {filter_text(c.filter, 'shipment')} in {OWNERS[c.owner]} Shipments"
    return f"{filter_text(c.filter, ZONE_SINGULAR[c.zone])} in {OWNERS[c.owner]} {c.zone.capitalize()}"


def value_text(v: ast.Value) -> str:
    if v.kind == "number":
        return str(v.number)
    if v.kind == "credits":
        return "your active credits"
    assert v.count is not None
    return f"the number of {count_text(v.count)}s"


OPS = {"<=": "are at most", ">=": "are at least", "<": "are fewer than", ">": "are more than", "=": "are exactly"}


def condition_text(c: ast.Condition) -> str:
    if c.kind == "coin_heads":
        return "a coin flip comes up heads"
    if c.kind == "have_most":
        return f"you have at least as many {c.zone} as every other player"
    assert c.left is not None and c.right is not None
    return f"{value_text(c.left)} {OPS[c.op]} {value_text(c.right)}"


def _per(per: ast.Count | None) -> str:
    return f" for each {count_text(per)}" if per else ""


def effect_text(e: ast.Effect, scoring: bool = False) -> str:
    """`scoring`: the effect runs during final scoring, where credits taken are points (R17.8)."""
    match e:
        case ast.Gain(amount=n, per=per):
            return f"score {n}{_per(per)}" if scoring else f"take {plural(n, 'credit')} from the bank{_per(per)}"
        case ast.Draw(amount=n, per=per):
            return f"draw {plural(n, 'card')}{_per(per)}"
        case ast.DrawUntil(hand_size=n):
            return f"draw until you hold {plural(n, 'card')}"
        case ast.PaysYou(players=p, amount=a):
            return f"{PLAYERS[p.kind]} pays you {plural(a, 'credit')} (or all they have)"
        case ast.YouPay(players=p, amount=a):
            return f"you pay {PLAYERS[p.kind]} {plural(a, 'credit')}"
        case ast.GiveCards(players=p, amount=a):
            return f"{PLAYERS[p.kind]} gives you {plural(a, 'card')} of their choice from their hand"
        case ast.TakeAll(filter=f, players=p):
            return f"{PLAYERS[p.kind]} reveals their hand and you take every {filter_text(f)} from it into your hand"
        case ast.ChooseOne(players=p, choices=cs):
            return f"{PLAYERS[p.kind]} chooses to " + ", or to ".join(choice_text(c) for c in cs)
        case ast.IfThen(condition=c, then=t, otherwise=o):
            text = f"if {condition_text(c)}, {effect_text(t, scoring)}"
            return text + (f"; otherwise {effect_text(o, scoring)}" if o else "")
        case ast.May(effect=inner):
            return f"you may {effect_text(inner, scoring)}"
        case ast.Sell(amount=a, filter=f, price=price):
            return f"sell {plural(a, filter_text(f))} from your hand to the supply island for {plural(price, 'credit')} each"
        case ast.DiscardGoods(amount=a, filter=f):
            return f"discard {a} of your {filter_text(f, 'goods')}"
        case ast.ContractThis():
            return "contract this card from your hand without using an action (a ship in harbor is needed)"
        case ast.CopyPowers(filter=f):
            return f"copy the powers of another {filter_text(f, 'completed shipment')} of any player"
        case ast.UseHandActions():
            return "act out the action of each card in your hand, once each, alone (no follows, no imports, no stacking)"
        case ast.Sequence(effects=es):
            return ", then ".join(effect_text(x, scoring) for x in es)
    raise ValueError(f"no explanation for {type(e).__name__}")


def choice_text(c: ast.Choice) -> str:
    if c.kind == "pay":
        return f"pay you {plural(c.amount, 'credit')}"
    return f"give you {c.amount} of their {filter_text(c.filter, c.zone)}"


def trigger_text(t: ast.Trigger) -> str:
    actor = ACTORS[t.actor]
    verb_s = "" if t.actor == "you" else "s"
    match t.kind:
        case "contract":
            return f"{actor} contract{verb_s} {a(filter_text(t.filter))}"
        case "ship_completed":
            carrying = f" with a {filter_text(t.carrying, 'container')} aboard" if t.carrying else ""
            return f"{actor} complete{verb_s} a shipment{carrying} (once per ship)"
        case "contract_completed":
            return f"{actor} complete{verb_s} {a(filter_text(t.filter, 'shipment'))} (once per such contract)"
        case "draws":
            return f"{actor} draw{verb_s} cards"
        case "draw_action":
            return f"{actor} choose{verb_s} the draw action"
        case "good_added":
            owner = {"you": "your", "any": "any player's", "other": "another player's"}[t.actor]
            return f"{a(filter_text(t.filter))} enters {owner} Goods"
    raise ValueError(t.kind)


def rule_text(r: ast.Rule) -> str:
    match r.kind:
        case "threshold":
            return f"the game end is triggered at {r.number} active credits instead (for every player, even in an extended game)"
        case "rainbow":
            return f"your {filter_text(r.filter, 'contracts')} accept containers of any colour"
        case "wild":
            return f"your {r.good} containers are wild: they fill any slot of your ships (also when pirated)"
        case "win_ties":
            return "you win every tie: tied import bids, and majority bonuses (you are left out of a shared penalty)"
        case "capacity":
            return f"the contracts on each of your ships may require up to {r.number} containers"
        case "payout":
            return f"your ships that complete with {r.number} or more containers pay {r.credits}"
        case "follow_as":
            return f"you may follow any action with a {r.action.upper()} card; then you take {r.perform.upper()} actions instead"
        case "majority_double":
            return "your majority bonuses and penalties are doubled"
    raise ValueError(r.kind)


def power_text(p: ast.Power) -> str:
    """One English sentence for a power."""
    body = ", then ".join(effect_text(e, scoring=p.timing == "game_end") for e in p.effects)
    match p.timing:
        case "on_completion":
            sentence = f"When this shipment completes, {body}."
        case "triggered":
            assert p.trigger is not None
            once = " (at most once per turn)" if p.once_per_turn else ""
            if p.trigger.own_included:
                once += " (this card's own completion included)"
            elif p.trigger.kind in ("ship_completed", "contract_completed"):
                once += " (after this card's own completion)"
            sentence = f"While this is in your Shipments, whenever {trigger_text(p.trigger)}{once}: {body}."
        case "rule":
            assert p.rule is not None
            sentence = f"While this is in your Shipments, {rule_text(p.rule)}."
        case "any_time":
            sentence = f"At any time (from your hand if you meet its tier, or once completed): {body}."
        case _:
            sentence = f"At game end, {body}."
    return sentence[0].upper() + sentence[1:]
