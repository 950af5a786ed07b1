"""The engine's exceptions."""

from __future__ import annotations


class GameStop(Exception):
    """Unwinds the turn when the game must stop before the turn ends (instant win, R16.3;
    or the `after-action` end option)."""


class SetupError(ValueError):
    """The game cannot be set up as asked (player count, card set); the message says why."""
