"""Diagnostics: every problem found in a card or rules file, reported as `path:line:col: CODE message`."""

from __future__ import annotations

from dataclasses import dataclass

from interpreter.spelling import did_you_mean


@dataclass(frozen=True, slots=True)
class Diagnostic:
    path: str
    line: int  # 1-based
    col: int  # 1-based
    code: str
    message: str

    def __str__(self) -> str:
        """One line, whatever the message quotes from the file (a newline in an id is shown as `\\n`)."""
        text = f"{self.path}:{self.line}:{self.col}: {self.code} {self.message}"
        return text if text.isprintable() else text.encode("unicode_escape").decode("ascii")


def quoted(value: object, most: int = 60) -> str:
    """A value quoted from a file, for a message: in backquotes, on one line (control characters
    escaped) and at most `most` characters."""
    text = value if isinstance(value, str) else repr(value)
    if not text.isprintable():
        text = text.encode("unicode_escape").decode("ascii")
    return f"`{text[:most]}{'...' if len(text) > most else ''}`"


__all__ = ["CardFileError", "Diagnostic", "did_you_mean"]


class CardFileError(Exception):
    """Raised when files cannot be loaded; carries every diagnostic found, not only the first."""

    def __init__(self, diagnostics: list[Diagnostic]):
        self.diagnostics = diagnostics
        super().__init__("\n".join(str(d) for d in diagnostics))
