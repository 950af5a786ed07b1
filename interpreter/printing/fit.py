"""Fitting text into a box: the largest size at which the text, wrapped at word boundaries, fits the
box's width and height. Sizes go down in small steps from the largest wanted; below the smallest
legible size the text still fits (it is never clipped), and the caller warns."""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase.pdfmetrics import stringWidth

STEP = 0.25  # points between two sizes tried
FLOOR = 2.0  # points: below this nothing is readable, so the search stops (and the text is set here anyway)
LEADING = 1.18  # line height as a multiple of the font size


@dataclass(frozen=True)
class Fitted:
    lines: tuple[str, ...]
    size: float
    leading: float
    legible: bool  # set at or above the smallest legible size
    fits: bool  # every line within the width, all lines within the height

    @property
    def height(self) -> float:
        return self.leading * len(self.lines)


def wrap(text: str, font: str, size: float, width: float) -> list[str]:
    """Lines of `text` no wider than `width` where words allow (a single word wider stays whole)."""
    paragraphs = text.split("\n")
    lines: list[str] = []
    for paragraph in paragraphs:
        lines += simpleSplit(paragraph, font, size, width) or [""]
    return lines


def widest(lines: list[str] | tuple[str, ...], font: str, size: float) -> float:
    return max((stringWidth(line, font, size) for line in lines), default=0.0)


def fit(text: str, font: str, width: float, height: float, largest: float, legible: float,
        max_lines: int | None = None) -> Fitted:
    """The largest size from `largest` down at which `text` fits; `legible` is the smallest size
    counted as legible. `max_lines` caps the number of lines (a name on at most two lines)."""
    size = largest
    while True:
        lines = wrap(text, font, size, width)
        leading = size * LEADING
        fits = widest(lines, font, size) <= width + 1e-6 and leading * len(lines) <= height + 1e-6 \
            and (max_lines is None or len(lines) <= max_lines)
        if fits or size - STEP < FLOOR:
            return Fitted(tuple(lines), size, leading, size >= legible - 1e-9 and fits, fits)
        size = round(size - STEP, 2)


def fit_line(text: str, font: str, width: float, largest: float, smallest: float) -> float | None:
    """The largest size from `largest` down to `smallest` at which `text` fits on one line; None if none does."""
    size = largest
    while size >= smallest - 1e-9:
        if stringWidth(text, font, size) <= width + 1e-6:
            return size
        size = round(size - STEP, 2)
    return None
