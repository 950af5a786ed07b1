"""Credits move in steps of 2 during play (R1.8.3), and an amount counts what its verb moves: the
checks each construct that gains, pays, takes, sells or sets credits (or draws cards) applies to its
own numbers, from its `problems` hook (interpreter/lang/check.py only walks the power and asks each
node). A check's answer is a list of (column, code, message)."""

from __future__ import annotations

from typing import Any

from interpreter.lang.registry import Node
from interpreter.lang.values import Amount, AtMost, EventAmount, Rounded

Found = list[tuple[int, str, str]]


def playing(power: Node) -> bool:
    """During play, not at game end (where points may be odd, R17.8)."""
    return getattr(power, "timing", "") != "game_end"


def odd(n: int, col: int, power: Node) -> Found:
    """`n` credits, written at `col`: odd ones are refused during play."""
    if playing(power) and n % 2:
        return [(col, "P023", f"credits change in steps of 2 during play (R1.8.3); `{n}` is odd")]
    return []


def even_amount(amount: Any, power: Node) -> Found:
    """An amount of credits as written: its number and the caps it reaches must be even (unless it
    says it is rounded to an even number); an event's amount (`the bid (at most N)`) only its cap."""
    if isinstance(amount, Amount):
        if any(isinstance(m, Rounded) and m.even for m in amount.modifiers):
            return []
        out = odd(amount.n, amount.col, power)
        for cap in (m for m in amount.modifiers if isinstance(m, AtMost)):
            out += odd(cap.most, cap.col, power)  # a cap the amount reaches is paid as it is
        return out
    if isinstance(amount, EventAmount) and amount.cap is not None:
        return odd(amount.cap.most, amount.cap.col, power)
    return []


def unit(amount: Any, verb: str, fits: tuple[str, ...]) -> Found:
    """The amount's noun is what the verb moves (`draw 2 cards`, not `draw 2 credits`)."""
    if isinstance(amount, Amount) and amount.noun and amount.noun not in fits:
        return [(amount.col, "P024", f"`{verb}` counts {fits[0]}s, not {amount.noun}s")]
    return []
