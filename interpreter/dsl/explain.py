"""Rendering a power back into an English sentence, from its AST (`importexport explain`)."""

from __future__ import annotations

from interpreter.dsl import ast

PLAYERS = {"each_other": "each other player", "every": "every player", "that": "that player", "you": "you",
           "earlier_pirates": "each player who pirated before you this turn"}
PLACES = {"goods": "your Goods", "imports": "your Imports", "shipments": "your Shipments", "hand": "your hand",
          "island": "the supply island"}


def players_text(p: ast.Players) -> str:
    text = PLAYERS[p.kind]
    if not p.having:
        return text
    virtual = " (virtual goods count)" if p.having.good and p.having.action is None and p.having.tier_min == 0 and p.having.tier_max == 99 else ""
    return f"{text} holding {a(filter_text(p.having, 'good'))}{virtual}"
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


def count_text(c: ast.Count, many: bool = False) -> str:
    """The counted thing as a noun phrase: `card taken`, or `cards taken` when `many`."""
    many = many or c.every > 1
    s = "s" if many else ""
    prefix = f"{c.every} " if c.every > 1 else ""
    if c.kind in ("taken", "moved", "drawn"):
        return f"{prefix}card{s} {c.kind}"
    if c.kind == "chosen_type":
        return f"{prefix}card{s} in {OWNERS[c.owner]} {c.zone.capitalize()} of one action type you choose"
    if c.kind == "hand":
        return f"{prefix}card{s} in your hand"
    if c.kind == "pairs":
        return f"{prefix}pair{s} of one {c.goods[0]} and one {c.goods[1]} good of yours"
    if c.zone == "shipments":
        return f"{prefix}completed {filter_text(c.filter, 'shipment' + s)} in {OWNERS[c.owner]} Shipments"
    noun = ZONE_SINGULAR[c.zone] + s
    return f"{prefix}{filter_text(c.filter, noun)} in {OWNERS[c.owner]} {c.zone.capitalize()}"


def value_text(v: ast.Value) -> str:
    if v.kind == "number":
        return str(v.number)
    if v.kind == "credits":
        return "your active credit total"
    assert v.count is not None
    return f"the number of {count_text(v.count, many=True)}"


OPS = {"<=": "is at most", ">=": "is at least", "<": "is less than", ">": "is more than", "=": "is exactly"}


def condition_text(c: ast.Condition) -> str:
    if c.kind == "coin_heads":
        return "a coin flip comes up heads"
    if c.kind == "have_most":
        if c.zone == "containers":
            return "your ships carry the most containers (at sea too; a tie counts)"
        return f"you have the most {c.zone} (a tie counts)"
    if c.kind == "have_every":
        return f"you have at least {c.number} goods of every type"
    if c.kind == "drawn_named_type":
        return "a card drawn is of the good type named"
    if c.kind == "drawn_named_card":
        return "a card drawn is the card named"
    if c.kind == "shipment_has":
        return f"the shipment has {a(filter_text(c.filter, 'contract'))}"
    if c.kind == "shipment_lacks":
        return f"the shipment has no {filter_text(c.filter, 'contract')}"
    if c.kind == "ship_has_containers":
        return "that ship still carries containers"
    if c.kind == "all":
        return " and ".join(condition_text(part) for part in c.parts)
    if c.kind == "majority_in":
        return f"you have the most goods (a tie counts) in {c.number} good types"
    if c.kind == "twice_credits":
        return "you have at least twice the active credits of every other player"
    assert c.left is not None and c.right is not None
    return f"{value_text(c.left)} {OPS[c.op]} {value_text(c.right)}"


def _per(per: ast.Count | None) -> str:
    if per is None:
        return ""
    return f" for every {count_text(per)}" if per.every > 1 else f" for each {count_text(per)}"


def effect_text(e: ast.Effect, scoring: bool = False) -> str:
    """`scoring`: the effect runs during final scoring, where credits taken are points (R17.8)."""
    match e:
        case ast.Gain(amount=n, per=per, round_even=even):
            rounding = ", rounded up to an even number" if even else ""
            return (f"score {n}{_per(per)}" if scoring else f"take {plural(n, 'credit')} from the bank{_per(per)}") + rounding
        case ast.Draw(amount=n, per=per):
            return f"draw {plural(n, 'card')}{_per(per)}"
        case ast.DrawUntil(hand_size=n):
            return f"draw until you hold {plural(n, 'card')}"
        case ast.PaysYou(players=p, amount=a):
            return f"{players_text(p)} pays you {plural(a, 'credit')} (or all they have)"
        case ast.YouPay(players=p, amount=a):
            return f"you pay {players_text(p)} {plural(a, 'credit')}"
        case ast.GiveCards(players=p, amount=a):
            return f"{players_text(p)} gives you {plural(a, 'card')} of their choice from their hand"
        case ast.TakeAll(filter=f, players=p):
            return f"{players_text(p)} reveals their hand and you take every {filter_text(f)} from it into your hand"
        case ast.ChooseOne(players=p, choices=cs):
            return f"{players_text(p)} chooses to " + ", or to ".join(choice_text(c) for c in cs)
        case ast.IfThen(condition=c, then=t, otherwise=o):
            text = f"if {condition_text(c)}, {effect_text(t, scoring)}"
            return text + (f"; otherwise {effect_text(o, scoring)}" if o else "")
        case ast.May(effect=inner):
            return f"you may {effect_text(inner, scoring)}"
        case ast.Sell(amount=a, filter=f, price=price):
            return f"sell {plural(a, filter_text(f))} from your hand to the supply island for {plural(price, 'credit')} each"
        case ast.DiscardGoods(amount=a, filter=f):
            return f"discard {a} of your {filter_text(f, 'goods')}"
        case ast.ContractThis(again=True):
            return "contract this card again, from your Shipments, without using an action (an available ship is needed)"
        case ast.ContractThis():
            return "contract this card from your hand without using an action (an available ship is needed)"
        case ast.CopyPowers(filter=f):
            return f"copy the powers of another {filter_text(f, 'completed shipment')} of any player"
        case ast.UseHandActions():
            return "act out the action of each card in your hand, once each, alone (no follows, no imports, no stacking)"
        case ast.Sequence(effects=es):
            return ", then ".join(effect_text(x, scoring) for x in es)
        case ast.PayBank(amount=n):
            return f"pay {plural(n, 'credit')} to the bank"
        case ast.DiscardHand(amount=n):
            return f"discard {plural(n, 'card')} of your choice from your hand"
        case ast.Park(amount=n):
            return (f"put {plural(n, 'credit')} from the bank on this card (passive credits: they score at game end for "
                    "whoever holds the card)")
        case ast.MoveThis(place=place):
            return f"move this card to {PLACES[place]}"
        case ast.LoadThis():
            return "load this card as a container onto one of your ships where it fits"
        case ast.Win():
            return "you win the game at once"
        case ast.FreeActions(amount=n, action=act, per=per, from_sea=sea):
            where = " that may take only from a ship at sea" if sea else ""
            return f"take {n} free {act.upper()} action{'s' if n != 1 else ''}{where}{_per(per)}, alone"
        case ast.OfferThis(players=p, price=price):
            return f"{players_text(p)} may, in turn, buy this card for {plural(price, 'credit')} paid to you and put it in their Shipments"
        case ast.CompleteFromHand(amount=n, filter=f):
            return f"put {plural(n, filter_text(f))} from your hand into your Shipments as if just completed (no tier needed)"
        case ast.MoveAll(filter=f, source=src, target=dst):
            what = filter_text(f, ZONE_SINGULAR.get(src, "card"))
            return f"move every {what} of your {src.capitalize()} to your {dst.capitalize()} (what does not fit is discarded)"
        case ast.MoveSome(amount=n, source=src, target=dst, ignoring_limits=ignore):
            return f"move {n} of your {src.capitalize()} to your {dst.capitalize()}" + (", ignoring limits" if ignore else "")
        case ast.PutGoods(players=p, amount=n, filter=f):
            return f"{players_text(p)} puts {n} of their {filter_text(f, 'goods')} on the supply island"
        case ast.TakeIsland(amount=n, target=dst):
            return f"take {plural(n, 'card')} of your choice from the supply island into your {dst.capitalize()}"
        case ast.TakeRandom(amount=n, players=p):
            return f"take {plural(n, 'random card')} from the hand of {players_text(p)}"
        case ast.SwapIsland(give=g, take=t):
            return f"give {plural(g, 'card')} of your hand to the supply island for {plural(t, 'card')} of it"
        case ast.SwapShipment(filter=f):
            return f"this card takes the place of another player's completed {filter_text(f, 'shipment')}, which becomes yours as if just completed"
        case ast.StealContainers(amount=n):
            return f"take {n} container from a ship (at sea or in harbor) of each other player; load it where it fits, or keep it in your hand (your choice)"
        case ast.ImportContainers(amount=n, source=src, fee=fee):
            where = "that ship" if src == "that_ship" else "a ship at sea"
            paid = "with no bid; the ship's owner gets the fee" if fee else "with no bid and no fee"
            return f"import {plural(n, 'container')} from {where} into your Imports or Goods, {paid}"
        case ast.MoveContainer(amount=n, place=place):
            return f"move {plural(n, 'container')} of that ship to {PLACES[place]} before it sails"
        case ast.NameGood():
            return "name a good type"
        case ast.NameCard():
            return "name a card"
        case ast.DrawUntilPair():
            return "draw cards one by one until two of them share a good type"
        case ast.VirtualImports(filter=f):
            return f"your {filter_text(f, 'imports')} count as goods of one type you choose"
        case ast.LoadFromHand(amount=n):
            return f"load {plural(n, 'container')} from your hand onto this card's ship, all at once (only if all {n} fit)"
        case ast.Either(first=x, second=y):
            return f"either {effect_text(x, scoring)} or {effect_text(y, scoring)} (your choice)"
        case ast.PlayersDo(players=p, kind=kind, amount=n):
            what = {"draw": f"draws {plural(n, 'card')}", "gain": f"takes {plural(n, 'credit')} from the bank",
                    "import": f"imports {plural(n, 'container')} from a ship at sea, free, with no fee"}[kind]
            return f"{players_text(p)} {what}"
        case ast.PaysBank(players=p, amount=n):
            return f"{players_text(p)} pays {plural(n, 'credit')} to the bank (or all they have)"
        case ast.AddVirtual(amount=n, good=g, per=per):
            return f"you get {n} virtual {g} good{'s' if n != 1 else ''}{_per(per)}"
        case ast.ContractFromHand(amount=n, filter=f):
            return f"contract {plural(n, filter_text(f))} from your hand without an action (its tier is still needed)"
        case ast.LeadTwice():
            return "the next time you lead, you lead two turns in a row"
        case ast.DeckToIsland(amount=n):
            return f"put {plural(n, 'card')} from the top of the deck on the supply island"
        case ast.FreeAnyActions(amount=n):
            return f"take {plural(n, 'free action')} of the types you choose, alone"
    raise ValueError(f"no explanation for {type(e).__name__}")


def choice_text(c: ast.Choice) -> str:
    if c.kind == "pay":
        return f"pay you {plural(c.amount, 'credit')}"
    if c.zone == "whole_hand":
        return "give you their whole hand"
    if c.zone == "hand":
        return f"give you {plural(c.amount, 'card')} from their hand"
    return f"give you {c.amount} of their {filter_text(c.filter, c.zone)}"


def trigger_text(t: ast.Trigger) -> str:
    actor = ACTORS[t.actor]
    verb_s = "" if t.actor == "you" else "s"
    match t.kind:
        case "contract":
            return f"{actor} contract{verb_s} {a(filter_text(t.filter))}"
        case "contract_action":
            return f"{actor} contract{verb_s} {a(filter_text(t.filter))} with a CONTRACT action (not a free contract of a power)"
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
        case "ship_returned":
            return "a ship returns from the open sea to a harbor"
        case "pays":
            return f"{actor} pay{verb_s} {t.number} or more credits at once"
        case "imports":
            return f"{actor} import{verb_s} {a(filter_text(t.filter, 'container'))} (from a ship, or an island card at auction)"
        case "imports_from_sea":
            return f"{actor} import{verb_s} containers from a ship at sea"
        case "follows":
            return f"{actor} follow{verb_s} your {t.action.upper()}"
        case "pirates":
            what = "a container" if t.filter.empty else a(filter_text(t.filter))
            return f"{actor} pirate{verb_s} {what} (once it is placed)"
        case "pirates_ship":
            where = "ship at sea" if t.at_sea else "ship, at sea or in harbor"
            return f"{actor} pirate{verb_s} from another player's {where} (that player: its owner; once the card is placed)"
        case "loads":
            return f"{actor} load{verb_s} a container with a LOAD action"
        case "loaded":
            return f"{a(filter_text(t.filter, 'container'))} is loaded onto any ship, by any action"
        case "declares":
            return f"{actor} lead{verb_s} with {t.action.upper()}"
        case "turn_ends":
            return "a turn ends"
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
        case "innate":
            return f"each of your {filter_text(r.filter, 'goods')} scores {r.number} at game end"
        case "fee":
            return f"you receive {r.number} when another player imports from one of your ships"
        case "containers_per_import":
            return f"you take up to {r.number} containers when you win an import"
        case "extra_imports":
            assert r.per is not None
            return f"you have {r.number} extra {r.action.upper()} import{_per(r.per)} (they do not use your imports limit)"
        case "virtual_goods":
            return f"you have {r.number} virtual good of every type (it uses no goods-limit space)"
        case "pirate_anywhere":
            return "when pirating you may also take from other players' ships in harbor, the top of the deck or a random hand card"
        case "load_from_deck":
            return "a load action may load the top card of the deck; if it fits nowhere it goes to your hand"
        case "sell_instead_of_load":
            return f"once per turn a load action may instead sell a hand card to the supply island for {r.credits}"
        case "pair_slot":
            return f"two of your containers of one colour, loaded with one action, may fill one {r.good} slot together"
        case "follow_any":
            return "you may follow with a card of any action type; you still carry out the declared action"
        case "play_for_each_other":
            return f"you may play {r.action.upper()} and {r.perform.upper()} cards for each other when leading or following"
        case "interchangeable":
            return (f"your {r.action.upper()} and {r.perform.upper()} actions are interchangeable: a card of either type "
                    f"declares or follows either, and whichever is declared you carry out the one you choose, all your "
                    f"actions of the turn being of that one")
        case "pirate_to_goods":
            return f"you may pay {r.credits} to put a card you pirate into your Goods instead of loading it"
        case "return_with":
            return f"your ships at sea come home as soon as they carry {r.number} container{'s' if r.number != 1 else ''} or fewer"
        case "unlimited_imports":
            return "once you have a completed shipment of every good type, your imports limit no longer applies"
        case "no_end":
            return "your credits cannot trigger the game end"
        case "penalty_bonus":
            return f"your {r.good} majority penalty is a bonus of the same size"
        case "goods_count_as":
            return f"every {r.number} of your {r.good} goods use only {r.credits} place{'s' if r.credits != 1 else ''} of your goods limit"
        case "half_load":
            return (f"your {filter_text(r.filter, 'contracts')} complete with half their load requirement (rounded up); you "
                    "choose which of the containers it asks for you load")
        case "auction_island":
            return "as leader you may auction a supply-island card instead of a ship; you pay nothing if you win, otherwise the winner pays you"
    raise ValueError(r.kind)


# Where an any-time power works (from hand, from Shipments), as `ast.Power.works_from` says (R15.3).
WHERE = {(True, True): "from your hand if you meet its tier, or once completed",
         (True, False): "from your hand, if you meet its tier",
         (False, True): "once completed",
         (False, False): "never: no place lets it work"}


def power_text(p: ast.Power) -> str:
    """One English sentence for a power."""
    body = ", then ".join(effect_text(e, scoring=p.timing == "game_end") for e in p.effects)
    match p.timing:
        case "on_completion":
            sentence = f"When this shipment completes, {body}."
        case "triggered":
            assert p.trigger is not None
            once = (" (at most once per turn for each player)" if p.per_player else " (at most once per turn)") if p.once_per_turn else ""
            if p.trigger.own_included:
                once += " (this card's own completion included)"
            elif p.trigger.kind in ("ship_completed", "contract_completed"):
                once += " (after this card's own completion)"
            sentence = f"While this is in your Shipments, whenever {trigger_text(p.trigger)}{once}: {body}."
        case "rule":
            assert p.rule is not None
            sentence = f"While this is in your Shipments, {rule_text(p.rule)}."
        case "any_time":
            when = "While you lead" if p.while_leading else "At any time"
            once = " (once per turn)" if p.once_per_turn else ""
            where = WHERE[p.works_from()]
            sentence = f"{when}{once} ({where}): {body}."
        case "as_container":
            sentence = f"While this card is loaded as a container, when its ship completes: {body}."
        case "on_contract":
            sentence = f"When you contract this card: {body}."
        case "as_contract":
            sentence = "While this card is a contract, containers of any colour fill its slots (its tier is still needed)."
        case "standing":
            assert p.condition is not None
            sentence = f"While this is in your Shipments, as soon as {condition_text(p.condition)}: {body}."
        case _:
            sentence = f"At game end, {body}."
    return sentence[0].upper() + sentence[1:]
