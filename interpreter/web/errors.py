"""The one error a desk request can end in (shown on the page or as JSON, with its HTTP status).

A module of its own so that every desk module can raise it without importing desk.py, which itself
uses those modules (saving.py's pack lock, say)."""

from __future__ import annotations


class DeskError(Exception):
    """A request the desk cannot carry out; the message is shown on the page as it is."""

    def __init__(self, message: str, status: int = 400):
        super().__init__(message)
        self.status = status
