"""The result of a finished game."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class GameResult:
    seed: int
    players: int
    colours: list[str]
    totals: list[int]
    breakdown: list[dict[str, int]]
    winners: list[int]
    end_reason: str
    turns: int
    decisions: int
