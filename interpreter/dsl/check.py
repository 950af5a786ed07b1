"""Semantic checks of a parsed power: what the grammar allows but the game cannot do."""

from __future__ import annotations

from collections.abc import Iterator

from interpreter.dsl import ast
from interpreter.dsl.parser import SyntaxProblem

# Effects that only make sense in some timings, and why.
ONLY_IN: dict[type[ast.Effect], tuple[tuple[str, ...], str]] = {
    ast.CopyPowers: (("on_completion",), "`copy the powers` is decided when the card completes: use `on completion`"),
    ast.UseHandActions: (("on_completion",), "`use the action of each card in your hand` works only `on completion`"),
    ast.MoveContainer: (("triggered",), "`move ... from that ship` needs a `when ...` power whose event has a ship"),
    ast.LoadFromHand: (("on_contract",), "`load ... onto this ship` works only `on contract`"),
    ast.VirtualImports: (("game_end",), "imports count as goods only `at game end`"),
    ast.SwapShipment: (("on_completion",), "`swap this card with ...` happens `on completion`"),
}


def walk(effects: tuple[ast.Effect, ...]) -> Iterator[ast.Effect]:
    for effect in effects:
        yield effect
        if isinstance(effect, ast.IfThen):
            yield from walk((effect.then,) + ((effect.otherwise,) if effect.otherwise else ()))
        elif isinstance(effect, ast.May):
            yield from walk((effect.effect,))
        elif isinstance(effect, ast.Sequence):
            yield from walk(effect.effects)


def _players_in(effect: ast.Effect) -> list[ast.Players]:
    found = [getattr(effect, "players", None)]
    counts = [getattr(effect, "per", None)]
    if isinstance(effect, ast.IfThen):
        for value in (effect.condition.left, effect.condition.right):
            counts.append(value.count if value is not None else None)
    for count in counts:
        if count is not None and count.kind == "zone" and count.owner == "that":
            found.append(ast.Players("that", col=count.owner_col or count.col))
    return [p for p in found if isinstance(p, ast.Players)]


def _counts(effect: ast.Effect) -> list[ast.Count]:
    """The counts an effect uses: its multiplier and the values of its condition."""
    counts = [getattr(effect, "per", None)]
    if isinstance(effect, ast.IfThen):
        counts += [v.count for v in (effect.condition.left, effect.condition.right) if v is not None]
    return [c for c in counts if isinstance(c, ast.Count)]


def _credit_amounts(effect: ast.Effect) -> list[int]:
    if isinstance(effect, ast.Gain) and effect.round_even:
        return []
    if isinstance(effect, ast.Gain | ast.PaysYou | ast.YouPay | ast.PayBank | ast.Park):
        return [effect.amount]
    if isinstance(effect, ast.Sell):
        return [effect.price]
    if isinstance(effect, ast.ChooseOne):
        return [c.amount for c in effect.choices if c.kind == "pay"]
    return []


def check_power(power: ast.Power) -> list[SyntaxProblem]:
    problems: list[SyntaxProblem] = []
    taken_seen = False
    for effect in walk(power.effects):
        rule = ONLY_IN.get(type(effect))
        if rule and power.timing not in rule[0]:
            problems.append(SyntaxProblem(effect.col, "P020", rule[1]))
        if isinstance(effect, ast.FreeActions) and effect.from_sea and effect.action != "pirate":
            problems.append(SyntaxProblem(effect.col, "P020", "`from a ship at sea` limits where a pirate action takes from: "
                                                              "write it after `free pirate action`"))
        if isinstance(effect, ast.ContractThis):
            problems += _check_contract_this(effect, power.timing)
        for players in _players_in(effect):
            if players.kind == "that" and power.timing != "triggered":
                problems.append(SyntaxProblem(players.col, "P021", "`that player` means the player of the event; it needs a `when ...` power"))
        if isinstance(effect, ast.TakeAll):
            taken_seen = True
        for count in _counts(effect):
            if count.kind == "taken" and not taken_seen:
                problems.append(SyntaxProblem(count.col, "P022", "`card taken` counts the cards a `take` earlier in this power took; there is none"))
        if power.timing != "game_end":
            for amount in _credit_amounts(effect):
                if amount % 2:
                    problems.append(SyntaxProblem(effect.col, "P023", f"credits change in steps of 2 during play (R1.8.3); `{amount}` is odd"))
        if isinstance(effect, ast.DiscardGoods) and effect.zone != "goods":
            problems.append(SyntaxProblem(effect.col, "P024", "`discard` takes cards from your goods: write `of your ... goods`"))
        if isinstance(effect, ast.Gain | ast.Draw | ast.GiveCards | ast.Sell | ast.DiscardGoods) and effect.amount < 1:
            problems.append(SyntaxProblem(effect.col, "P025", "the number must be at least 1"))
    if power.timing == "any_time" and power.works_from() == (False, False):
        problems.append(SyntaxProblem(power.col, "P020", "this any-time power can never be used: `after completion` rules out the "
                                                         "hand, and its first effect works only from hand"))
    if power.condition is not None:
        problems += _check_standing(power.condition)
    if power.rule is not None:
        problems += _check_rule(power.rule)
    trigger = power.trigger
    if trigger is not None and trigger.own_included and trigger.kind not in ("ship_completed", "contract_completed"):
        problems.append(SyntaxProblem(trigger.col, "P026", "`this one included` is only for `completes ...` triggers"))
    return problems


# What an `as soon as` condition may read: the state of the game, checked after every event. A coin
# flip, the cards of an event or of this power's own steps mean nothing there.
EVENT_CONDITIONS = ("coin_heads", "drawn_named_type", "drawn_named_card", "shipment_has", "shipment_lacks", "ship_has_containers")
STEP_COUNTS = ("taken", "moved", "drawn", "chosen_type")


def _check_standing(condition: ast.Condition) -> list[SyntaxProblem]:
    problems = []
    for part in condition.parts or (condition,):
        if part.kind in EVENT_CONDITIONS:
            problems.append(SyntaxProblem(part.col, "P027", "`as soon as` is checked whenever the game changes: its condition must "
                                                            "read the game's state (goods, shipments, credits, ...), not an event or a draw"))
        for value in (part.left, part.right):
            count = value.count if value is not None else None
            if count is not None and count.kind in STEP_COUNTS:
                problems.append(SyntaxProblem(count.col, "P027", f"`as soon as` cannot count `{count.kind}`: that counts "
                                                                 "what a power's own steps did"))
            elif count is not None and count.owner == "that":
                problems.append(SyntaxProblem(count.owner_col or count.col, "P021",
                                              "`that player` means the player of the event; it needs a `when ...` power"))
    return problems


def _check_contract_this(effect: ast.ContractThis, timing: str) -> list[SyntaxProblem]:
    """`contract this card` takes the card from hand (an any-time power, R15.3); `contract this card
    again` puts the card that just completed back on a ship (`on completion`). Kept apart so that a
    completed card can never contract itself again and again."""
    if effect.again and timing != "on_completion":
        return [SyntaxProblem(effect.col, "P020", "`contract this card again` works only `on completion` (the card just completed)")]
    if not effect.again and timing != "any_time":
        return [SyntaxProblem(effect.col, "P020", "`contract this card` works `any time`, from hand; on completion write "
                                                  "`contract this card again`")]
    return []


def _check_rule(rule: ast.Rule) -> list[SyntaxProblem]:
    if rule.kind in ("threshold", "capacity") and rule.number < 1:
        return [SyntaxProblem(rule.col, "P025", "the number must be at least 1")]
    if rule.kind == "payout" and rule.credits % 2:
        return [SyntaxProblem(rule.col, "P023", f"credits change in steps of 2 (R1.8.3); `{rule.credits}` is odd")]
    if rule.kind == "threshold" and rule.number % 2:
        return [SyntaxProblem(rule.col, "P023", f"active credits are always even (R1.8.3); a threshold of `{rule.number}` works like {rule.number + 1}")]
    return []
