"""Checks of a parsed power: what the grammar allows but the game cannot do. What passes these
checks runs: every word a construct refers to (`that player`, `them`, `the named type`) is known
where it is used, every number is in range, and constructs are used in the timings they work in.

This module only walks the power: what each construct needs, refers to, makes and refuses is said
by the construct itself (Node.needs, refers, makes, problems, scopes, amount_bound), so a new
construct brings its own checks, credits moving in steps of 2 (R1.8.3, credits.py) among them. The
numbers' ranges (bounds.py), which every construct declares, are checked here."""

from __future__ import annotations

from collections.abc import Iterator

from interpreter.lang import timings, values
from interpreter.lang.bounds import ANY, COMPARED, Bound
from interpreter.lang.parser import Problem
from interpreter.lang.registry import Node


def provided(power: timings.Power) -> frozenset[str]:
    """What the power's timing gives its effects (`that player`, `that ship`, event numbers ...)."""
    if isinstance(power, timings.When) and power.trigger is not None:
        return power.trigger.binds | {"that player"} if "that player" in power.trigger.binds else power.trigger.binds
    if isinstance(power, timings.CardMoment):
        return power.spec.binds
    return frozenset()


def check_power(power: timings.Power) -> list[Problem]:
    out = _range_problems(power)
    seen: list[Node] = []
    for node, binds, within in _walk(power, provided(power), ()):
        out += [Problem(col, code, message) for col, code, message in node.problems(power)]
        out += _binding_problems(node, binds, seen)
        # `it`/`them` are what a step before acted on, not the step whose words they are (`discard them`:
        # the discard is what would make them); other words may (`draw until two drawn cards share ...`)
        before = [earlier for earlier in seen if not any(earlier is step for step in within)] if node.refers() == "them" else seen
        out += _reference_problems(node, before, binds)
        seen.append(node)
    return sorted(out, key=lambda problem: problem.col)  # in the order of the line


def _walk(node: Node, binds: frozenset[str], within: tuple[Node, ...]) -> Iterator[tuple[Node, frozenset[str], tuple[Node, ...]]]:
    """Every node in execution order, with what it may refer to where it stands (Node.scopes) and
    the nodes it stands within."""
    yield node, binds, within
    for child, inner in node.scopes(binds):
        yield from _walk(child, inner, (*within, node))


NEED_TEXT = {"that player": "`that player` is the player of the triggering event: it needs a `when ...` power whose event has one",
             "that ship": ("`that ship` is the event's ship: it needs a `when ...` power whose event has a ship "
                           "(or `on completion`, `as a container`, `on contract`)"),
             "this ship": "`this ship` is the ship this card is contracted on or carried by: it needs `on contract` or `as a container`",
             "that card": "`that card` is the event's card: it needs a `when ...` power whose event has a card",
             "payout": "`its payout` needs an event that pays: `when ... completes a shipment`, or `on completion` (this shipment's)",
             "bid": "`the bid` needs a bid: `when ... imports`, `when ... bids`, `when ... loses an import`",
             "amount": "`that amount` needs credits paid or gained: `when ... pays N or more`",
             "count": "`that many` needs cards drawn or actions granted: `when ... draws`, `when ... takes the draw action`",
             "carried": "`container it carried` needs a returning ship: `when ... returns to harbor`",
             "winner": "`the winner` is the winner of an import auction lost: it needs `when ... loses an import`"}


def _binding_problems(node: Node, binds: frozenset[str], seen: list[Node]) -> list[Problem]:
    need = node.needs()
    if need is None or need in binds:
        return []
    text = NEED_TEXT.get(need, f"`{need}` needs a `when ...` power whose event gives it")
    if need == "that player" and any("chosen" in earlier.made() for earlier in seen):
        text += "; the player chosen earlier in this power is `the chosen player`"
    return [Problem(node.col, "P021", text)]


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
    "chosen ship": "`the chosen ship` needs `choose a ship ...` (or `choose one of your ships ...`) earlier in the power",
    "revealed": "`the revealed card` needs `reveal ...` earlier in the power",
}


def _reference_problems(node: Node, seen: list[Node], binds: frozenset[str] = frozenset()) -> list[Problem]:
    """A word for what an earlier step made (`them`, `card drawn`, `the named type`) with no such step
    before it. `it`/`them` first in a `when` power whose event has a card are that card."""
    ref = node.refers()
    if ref is None or any(ref in earlier.made() for earlier in seen) or (ref == "them" and "that card" in binds):
        return []
    text = REFERENCE_TEXT.get(ref, f"`card {ref}` counts the cards this power {ref} earlier; nothing before it does")
    return [Problem(node.col, "P022", text)]


def _amount_bound(parent: Node | None) -> Bound:
    """What the amount of an effect counts (credits, points, cards): the effect says (Node.amount_bound)."""
    found = parent.amount_bound() if parent is not None else None
    return found if found is not None else COMPARED


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
