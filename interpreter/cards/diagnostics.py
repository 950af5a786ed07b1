"""Diagnostics: every problem found in a card or rules file, reported as `path:line:col: CODE message`."""

from __future__ import annotations

from dataclasses import dataclass

from interpreter.lang.suggest import did_you_mean


@dataclass(frozen=True, slots=True)
class Diagnostic:
    path: str
    line: int  # 1-based
    col: int  # 1-based
    code: str
    message: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.col}: {self.code} {self.message}"


__all__ = ["CardFileError", "Diagnostic", "did_you_mean"]


class CardFileError(Exception):
    """Raised when files cannot be loaded; carries every diagnostic found, not only the first."""

    def __init__(self, diagnostics: list[Diagnostic]):
        self.diagnostics = diagnostics
        super().__init__("\n".join(str(d) for d in diagnostics))
