"""Checks of a parsed power: what the grammar allows but the game cannot do. What passes these
checks runs: every word a construct refers to (`that player`, `them`, `the named type`) is known
where it is used, every number is in range, and constructs are used in the timings they work in."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from interpreter.lang import cards, conditions, effects, players, rules, timings, values
from interpreter.lang.bounds import ANY, CARDS, COMPARED, CREDITS, POINTS, Bound
from interpreter.lang.parser import Problem
from interpreter.lang.registry import Node


@dataclass
class Scope:
    """What a power's words may refer to where a node stands."""

    timing: str
    binds: frozenset[str]


def provided(power: timings.Power) -> frozenset[str]:
    """What the power's timing gives its effects (`that player`, `that ship`, event numbers ...)."""
    if isinstance(power, timings.When) and power.trigger is not None:
        return power.trigger.binds | {"that player"} if "that player" in power.trigger.binds else power.trigger.binds
    if isinstance(power, timings.CardMoment):
        return power.spec.binds
    return frozenset()


def check_power(power: timings.Power) -> list[Problem]:
    out = _range_problems(power)
    scope = Scope(power.timing, provided(power))
    out += _timing_problems(power)
    seen: list[Node] = []
    for node, inner_scope in _walk(power, scope):
        out += _binding_problems(node, inner_scope, seen)
        out += _reference_problems(node, seen)
        out += _number_problems(node, power)
        seen.append(node)
    return sorted(out, key=lambda problem: problem.col)  # in the order of the line


def _walk(node: Node, scope: Scope) -> Iterator[tuple[Node, Scope]]:
    """Every node in execution order, with the scope it stands in (`the next time EVENT` gives its
    effect the event's words)."""
    yield node, scope
    if isinstance(node, effects.ForEachPlayer) and node.effect is not None:
        yield from _walk(node.effect, Scope(scope.timing, scope.binds | {"that player"}))
        return
    if isinstance(node, effects.NextTime) and node.trigger is not None:
        yield from _walk(node.trigger, scope)
        if node.effect is not None:
            yield from _walk(node.effect, Scope(scope.timing, node.trigger.binds))
        return
    for child in node.children():
        yield from _walk(child, scope)


def _need(node: Node) -> str | None:
    """What a node refers to that the power's event must give."""
    if isinstance(node, players.PlayerGroup) and node.kind == "that":
        return "that player"
    if isinstance(node, players.PlayerGroup | cards.Owner) and node.kind == "ship_owner":
        return "that ship"
    if isinstance(node, cards.Owner) and node.kind == "that":
        return "that player"
    if isinstance(node, conditions.Holds) and node.who == "that":
        return "that player"
    if isinstance(node, conditions.HaveCompared) and node.target[0] == "that":
        return "that player"
    if isinstance(node, cards.Ships) and node.kind in ("that", "this"):
        return f"{node.kind} ship"
    if isinstance(node, conditions.ShipHas):
        return "that ship"
    if isinstance(node, cards.OfType) and node.kind == "that_card":
        return "that card"
    if isinstance(node, values.EventAmount):
        return node.name
    if isinstance(node, cards.Carried):
        return "carried"
    return None


NEED_TEXT = {"that player": "`that player` is the player of the triggering event: it needs a `when ...` power whose event has one",
             "that ship": ("`that ship` is the event's ship: it needs a `when ...` power whose event has a ship "
                           "(or `on completion`, `as a container`, `on contract`)"),
             "this ship": "`this ship` is the ship this card is contracted on or carried by: it needs `on contract` or `as a container`",
             "that card": "`that card` is the event's card: it needs a `when ...` power whose event has a card",
             "payout": "`its payout` needs an event that pays: `when ... completes a shipment`, or `on completion` (this shipment's)",
             "bid": "`the bid` needs an import: `when ... imports`",
             "amount": "`that amount` needs credits paid or gained: `when ... pays N or more`",
             "count": "`that many` needs cards drawn or actions granted: `when ... draws`",
             "carried": "`container it carried` needs a returning ship: `when ... returns to harbor`"}


def _binding_problems(node: Node, scope: Scope, seen: list[Node]) -> list[Problem]:
    need = _need(node)
    if need is None or need in scope.binds:
        return []
    text = NEED_TEXT[need]
    if need == "that player" and any(isinstance(earlier, effects.ChoosePlayer) for earlier in seen):
        text += "; the player chosen earlier in this power is `the chosen player`"
    return [Problem(node.col, "P021", text)]


PRODUCERS: dict[str, tuple[type, ...]] = {
    "them": (effects.Move, effects.Discard, effects.Sell, effects.Swap, effects.Load, effects.ContractCards,
             effects.Complete, effects.Look, effects.Draw),
    "rest": (effects.Look,),
    "taken": (effects.Move, effects.Swap), "moved": (effects.Move,), "given": (effects.Move,),
    "drawn": (effects.Draw, effects.DrawUntil), "discarded": (effects.Discard,), "sold": (effects.Sell,),
    "loaded": (effects.Load,), "contracted": (effects.ContractCards,), "completed": (effects.Complete,),
    "imported": (effects.ImportContainers,),
    "named good": (effects.Name,), "named card": (effects.Name,), "chosen": (effects.ChoosePlayer,),
}
REFERENCE_TEXT = {
    "them": "`them` / `it` means the cards an earlier step of this power acted on; there is none before it",
    "rest": "`the rest` means the cards looked at (`look at ...`) and not used yet; there is no `look at` before it",
    **{verb: f"`card {verb}` counts the cards a `{base}` earlier in this power {past}; there is none"
       for verb, (base, past) in {"taken": ("take", "took"), "moved": ("move", "moved"), "given": ("give", "gave"),
                                  "discarded": ("discard", "discarded"), "sold": ("sell", "sold"), "loaded": ("load", "loaded"),
                                  "contracted": ("contract", "contracted"), "completed": ("complete", "completed"),
                                  "imported": ("import", "imported")}.items()},
    "drawn": "this refers to the cards drawn by this power; there is no `draw` before it",
    "named good": "`the named type` needs `name a good type` earlier in the power",
    "named card": "`the named card` needs `name a card` earlier in the power",
    "chosen": "`the chosen player` needs `choose an opponent` (or `choose a player`) earlier in the power",
}


def _reference(node: Node) -> str | None:
    if isinstance(node, cards.Them):
        return "rest" if node.rest else "them"
    if isinstance(node, cards.OfThem):
        return "them"
    if isinstance(node, cards.Done):
        return node.verb
    if isinstance(node, conditions.Drawn):
        return "named card" if node.named_card else "drawn"
    if isinstance(node, cards.OfType) and node.kind == "named":
        return "named good"
    if (isinstance(node, players.PlayerGroup | cards.Owner) and node.kind == "chosen") or (
            isinstance(node, conditions.Holds) and node.who == "chosen"):
        return "chosen"
    return None


def _reference_problems(node: Node, seen: list[Node]) -> list[Problem]:
    ref = _reference(node)
    if ref is None:
        return []
    producers = PRODUCERS.get(ref, ())
    if ref == "drawn" and isinstance(node, conditions.Drawn):
        producers = (effects.Draw, effects.DrawUntil)
    if any(isinstance(n, producers) for n in seen):
        if ref == "named card" and not any(isinstance(n, effects.Name) and n.what == "card" for n in seen):
            return [Problem(node.col, "P022", REFERENCE_TEXT["named card"])]
        if ref == "named good" and not any(isinstance(n, effects.Name) and n.what == "good" for n in seen):
            return [Problem(node.col, "P022", REFERENCE_TEXT["named good"])]
        return []
    text = REFERENCE_TEXT.get(ref, f"`card {ref}` counts the cards this power {ref} earlier; nothing before it does")
    return [Problem(node.col, "P022", text)]


# Effects that mean nothing once the game is over (final scoring, R16.2, R17).
AFTER_THE_GAME = (effects.ContractCards, effects.Load, effects.FreeActions, effects.ImportContainers,
                  effects.PirateContainers, effects.LeadTwice, effects.Until, effects.NextTime,
                  effects.Win)


def _timing_problems(power: timings.Power) -> list[Problem]:
    out: list[Problem] = []
    for q in power.qualifiers:
        if isinstance(q, timings.ThisOneIncluded) and not (
                isinstance(power, timings.When) and power.trigger is not None and power.trigger.own_completion()):
            out.append(Problem(q.col, "P026", "`this one included` is only for `when ... completes ...` triggers"))
        if isinstance(q, timings.Once) and q.per_player and not (
                isinstance(power, timings.When) and power.trigger is not None and power.trigger.names_actor()):
            out.append(Problem(q.col, "P026", "`once per turn for each player` needs a `when` trigger on what a player does"))
        if isinstance(q, timings.Once) and isinstance(power, timings.AnyTime) and q.period == "game":
            pass
    if isinstance(power, timings.AsSoonAs) and power.condition is not None:
        for node in power.condition.walk():
            if isinstance(node, conditions.CoinFlip | conditions.Drawn) or _need(node):
                out.append(Problem(node.col, "P027", "`as soon as` is checked whenever the game changes: its condition "
                                                     "cannot flip a coin, look at cards drawn or read an event"))
    if isinstance(power, timings.GameEnd):
        for node in power.walk():
            if isinstance(node, AFTER_THE_GAME):
                out.append(Problem(node.col, "P020", f"`{node.syntax.split(' ')[0]}` has no effect at game end: the game is "
                                                     "over (R16.2); at game end, move cards, make virtual goods or score"))
    for node in power.walk():
        if isinstance(node, rules.Wild) and node.each_other and len(node.goods) < 2:
            out.append(Problem(node.col, "P020", "`wild for each other` needs two or more colours: "
                                                 "`your green and yellow containers are wild for each other`"))
        if isinstance(node, rules.Rainbow) and node.this and power.timing != "as_contract":
            out.append(Problem(node.col, "P020", "`this contract` means this card as a contract: use `as a contract: ...`"))
        if isinstance(node, rules.SetQuantity) and node.quantity is not None:
            is_global = node.quantity.player_arg is None
            if is_global and node.scope != "game":
                out.append(Problem(node.col, "P020", f"the {node.quantity.english()} is the same for everybody: write `the {node.quantity.english()}`"))
            elif not is_global and node.scope == "game":
                out.append(Problem(node.col, "P020", f"say whose {node.quantity.english()} it is: `your ...`, `other players' ...`"))
        if isinstance(node, effects.Until) and node.rule_ is not None and any(
                isinstance(n, rules.Rainbow) and n.this for n in node.rule_.walk()):
            out.append(Problem(node.col, "P020", "`this contract` cannot be given a duration"))
    return out


def _amount_bound(parent: Node | None) -> Bound:
    """What the amount of an effect counts: credits, points at game end, or cards."""
    if isinstance(parent, effects.ChangeCredits):
        return POINTS if parent.verb == "score" else CREDITS
    if isinstance(parent, effects.Pay):
        return CREDITS
    if isinstance(parent, effects.Draw):
        return CARDS
    return COMPARED


def number_ranges(power: Node) -> list[tuple[int, int, Bound]]:
    """Every number written in the power: (its value, its column, the range its construct gives it)."""
    out = []
    for node, parent in _with_parents(power):
        if not node.numbers_at:
            continue
        bounds = (_amount_bound(parent),) if isinstance(node, values.Amount) else node.number_bounds()
        for i, (value, col) in enumerate(node.numbers_at):
            out.append((value, col, bounds[min(i, len(bounds) - 1)] if bounds else ANY))
    return out


def _range_problems(power: Node) -> list[Problem]:
    """Each number outside its range (bounds.py), reported at the number."""
    out = []
    for value, col, bound in number_ranges(power):
        message = bound.problem(value)
        if message is not None:
            out.append(Problem(col, "P025", message))
    return out


def _with_parents(node: Node, parent: Node | None = None) -> Iterator[tuple[Node, Node | None]]:
    yield node, parent
    for child in node.children():
        yield from _with_parents(child, node)


def _number_problems(node: Node, power: timings.Power) -> list[Problem]:
    """Credits that would be odd (R1.8.3), and amounts in the wrong unit (the ranges: _range_problems)."""
    out: list[Problem] = []
    playing = power.timing != "game_end"

    def even(n: int, col: int) -> None:
        if playing and n % 2:
            out.append(Problem(col, "P023", f"credits change in steps of 2 during play (R1.8.3); `{n}` is odd"))

    if isinstance(node, effects.ChangeCredits | effects.Pay | effects.Draw) and isinstance(node.amount, values.Amount):
        amount = node.amount
        verb = node.verb if isinstance(node, effects.ChangeCredits) else type(node).__name__.lower()
        fits = {"draw": ("card",), "score": ("point", "credit")}.get(verb, ("credit",))
        if amount.noun and amount.noun not in fits:
            out.append(Problem(amount.col, "P024", f"`{verb}` counts {fits[0]}s, not {amount.noun}s"))
    if isinstance(node, effects.ChangeCredits | effects.Pay | effects.TakeCredits) and isinstance(node.amount, values.Amount):
        amount = node.amount
        rounded = any(isinstance(m, values.RoundedEven) for m in amount.modifiers)
        if not rounded and not (isinstance(node, effects.ChangeCredits) and node.verb == "score" and not playing):
            even(amount.n, amount.col)
            for cap in (m for m in amount.modifiers if isinstance(m, values.AtMost)):
                even(cap.most, cap.col)  # a cap the amount reaches is paid as it is
    credit_verbs = effects.ChangeCredits | effects.Pay | effects.TakeCredits
    if isinstance(node, effects.ChangeCredits) and node.verb == "score" and isinstance(node.amount, values.ValueAmount) and playing:
        out.append(Problem(node.amount.col, "P023", "credits change in steps of 2 during play (R1.8.3): `score` an amount "
                                                     "read from the game only at game end, or `gain` it (rounded down to even)"))
    if isinstance(node, credit_verbs) and isinstance(node.amount, values.EventAmount) and node.amount.cap is not None:
        if not (isinstance(node, effects.ChangeCredits) and node.verb == "score" and not playing):
            even(node.amount.cap.most, node.amount.cap.col)
    elif isinstance(node, effects.Sell):
        even(node.price, node.col)
    elif isinstance(node, rules.NamedPermission) and node.spec.gives == "n":
        even(node.n, node.col)  # a price or a cost
    elif isinstance(node, rules.SetQuantity) and node.quantity is not None:
        unit = node.quantity.spec.unit
        if unit == "threshold" and node.op == "set" and node.n % 2:
            out.append(Problem(node.col, "P023", f"active credits are always even (R1.8.3); a threshold of `{node.n}` "
                                                 f"works like {node.n + 1}"))
        elif unit == "credits" and node.op in ("set", "more", "less"):
            even(node.n, node.col)
    return out
