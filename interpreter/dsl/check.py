"""Semantic checks of a parsed power: what the grammar allows but the game cannot do."""

from __future__ import annotations

from collections.abc import Iterator

from interpreter.dsl import ast
from interpreter.dsl.parser import SyntaxProblem

# Effects that only make sense in some timings, and why.
ONLY_IN: dict[type[ast.Effect], tuple[tuple[str, ...], str]] = {
    ast.ContractThis: (("any_time", "on_completion"), "`contract this card` works `any time` (from hand) or `on completion` (again)"),
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
    if power.rule is not None:
        problems += _check_rule(power.rule)
    trigger = power.trigger
    if trigger is not None and trigger.own_included and trigger.kind not in ("ship_completed", "contract_completed"):
        problems.append(SyntaxProblem(trigger.col, "P026", "`this one included` is only for `completes ...` triggers"))
    return problems


def _check_rule(rule: ast.Rule) -> list[SyntaxProblem]:
    if rule.kind == "payout" and rule.credits % 2:
        return [SyntaxProblem(rule.col, "P023", f"credits change in steps of 2 (R1.8.3); `{rule.credits}` is odd")]
    if rule.kind == "threshold" and rule.number % 2:
        return [SyntaxProblem(rule.col, "P023", f"active credits are always even (R1.8.3); a threshold of `{rule.number}` works like {rule.number + 1}")]
    return []
