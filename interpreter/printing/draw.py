"""Drawing card faces and backs with ReportLab, at poker size (63 x 88 mm), in the font that ships
with ReportLab (Bitstream Vera, embedded in every PDF as a subset): a good card, a ship, harbor or
supply island card, and the common back. Every piece of text goes through one fitting step
(fit.py) and is recorded with its box, so a test (or the caller) can check that nothing overflows;
a piece set below the legible size is named in a warning."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from reportlab.lib.colors import Color, HexColor, white
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from interpreter.cards.model import ANY_COLOUR
from interpreter.printing.faces import COLOUR_RGB, NEUTRAL_RGB, Face, GoodFace, PlainFace
from interpreter.printing.fit import fit, wrap

CARD_W = 63 * mm
CARD_H = 88 * mm
MARGIN = 3.5 * mm  # text stays this far inside the cut line
SANS, BOLD, ITALIC = "IESans", "IESans-Bold", "IESans-Italic"
INK = HexColor("#1d2330")
MUTED = HexColor("#5b6474")
LINE = HexColor("#c8ccd4")
RAINBOW = ("green", "yellow", "red", "black", "blue")
LEGIBLE = 5.5  # points: the smallest size counted as legible on a printed card
_fonts_ready = False


def register_fonts() -> None:
    """Bitstream Vera, shipped inside ReportLab (reportlab/fonts): no font is fetched or looked up on the system."""
    global _fonts_ready
    if _fonts_ready:
        return
    for name, file in ((SANS, "Vera.ttf"), (BOLD, "VeraBd.ttf"), (ITALIC, "VeraIt.ttf")):
        pdfmetrics.registerFont(TTFont(name, file))
    pdfmetrics.registerFontFamily(SANS, normal=SANS, bold=BOLD, italic=ITALIC, boldItalic=BOLD)
    _fonts_ready = True


def printable(text: str) -> tuple[str, list[str]]:
    """`text` with characters the font has no glyph for replaced by `?`, and those characters."""
    register_fonts()
    font = pdfmetrics.getFont(SANS)
    glyphs = font.face.charToGlyph  # type: ignore[attr-defined]
    missing = sorted({ch for ch in text if ord(ch) not in glyphs and ch not in "\n"})
    return ("".join("?" if ch in missing else ch for ch in text), missing)


@dataclass(frozen=True)
class Placed:
    """One piece of text as drawn: its box (card coordinates from the card's lower left, points) and lines."""

    face: str  # the face's key
    part: str  # name, text, action, ...
    box: tuple[float, float, float, float]  # x, y (bottom), width, height
    lines: tuple[str, ...]
    font: str
    size: float
    width: float  # the widest line, drawn
    height: float  # the lines' total height

    def overflows(self) -> bool:
        return self.width > self.box[2] + 0.01 or self.height > self.box[3] + 0.01


@dataclass
class Drawer:
    """Draws faces on a canvas and remembers every piece of text placed and every warning."""

    canvas: Canvas
    warn: Callable[[str], None]
    placed: list[Placed] = field(default_factory=list)
    warned: set[str] = field(default_factory=set)

    def __post_init__(self) -> None:
        register_fonts()

    # --- text -----------------------------------------------------------------------------------
    def text(self, face: Face, part: str, text: str, x: float, y: float, w: float, h: float, *, font: str = SANS,
             largest: float = 8.0, legible: float = LEGIBLE, lines: int | None = None, colour: Color = INK,
             align: str = "left") -> float:
        """Fit `text` into the box (x, y bottom, w, h), draw it from the top, return the height used."""
        text, missing = printable(text)
        if missing:
            self._warn(face, f"{face.name} ({face.key}): the font has no glyph for {' '.join(missing)} in its {part}; printed as ?")
        fitted = fit(text, font, w, h, largest, legible, lines)
        if not fitted.legible:
            why = "does not fit" if not fitted.fits else f"is set at {fitted.size:g} pt, under the {legible:g} pt that reads well"
            self._warn(face, f"{face.name} ({face.key}): its {part} {why}; shorten it")
        c = self.canvas
        c.setFillColor(colour)
        c.setFont(font, fitted.size)
        baseline = y + h - fitted.size * 0.93
        for line in fitted.lines:
            if align == "right":
                c.drawRightString(x + w, baseline, line)
            elif align == "center":
                c.drawCentredString(x + w / 2, baseline, line)
            else:
                c.drawString(x, baseline, line)
            baseline -= fitted.leading
        width = max((pdfmetrics.stringWidth(line, font, fitted.size) for line in fitted.lines), default=0.0)
        self.placed.append(Placed(face.key, part, (x, y, w, h), fitted.lines, font, fitted.size, width, fitted.height))
        return fitted.height

    def _warn(self, face: Face, message: str) -> None:
        if message not in self.warned:
            self.warned.add(message)
            self.warn(message)

    # --- shapes ---------------------------------------------------------------------------------
    def outline(self, x: float, y: float) -> None:
        """The cut line, a hairline: with the crop marks it guides the scissors."""
        c = self.canvas
        c.setStrokeColor(LINE)
        c.setLineWidth(0.3)
        c.rect(x, y, CARD_W, CARD_H, stroke=1, fill=0)

    def container(self, colour: str, x: float, y: float, size: float) -> None:
        c = self.canvas
        c.setLineWidth(0.4)
        c.setStrokeColor(INK)
        if colour == ANY_COLOUR:  # the rainbow container: a stripe of each colour
            stripe = size / len(RAINBOW)
            for i, name in enumerate(RAINBOW):
                c.setFillColor(HexColor(COLOUR_RGB[name]))
                c.rect(x + i * stripe, y, stripe, size, stroke=0, fill=1)
            c.rect(x, y, size, size, stroke=1, fill=0)
        else:
            c.setFillColor(HexColor(COLOUR_RGB.get(colour, NEUTRAL_RGB)))
            c.rect(x, y, size, size, stroke=1, fill=1)

    def band(self, x: float, y: float, colour: str, height: float) -> Color:
        """The coloured band at the top of a face; returns the colour text on it is drawn in."""
        c = self.canvas
        c.setFillColor(HexColor(COLOUR_RGB.get(colour, NEUTRAL_RGB)))
        c.rect(x, y + CARD_H - height, CARD_W, height, stroke=0, fill=1)
        return INK if colour == "yellow" else white

    # --- faces ----------------------------------------------------------------------------------
    def face(self, face: Face, x: float, y: float) -> None:
        if isinstance(face, GoodFace):
            self.good(face, x, y)
        else:
            self.plain(face, x, y)
        self.outline(x, y)

    def good(self, f: GoodFace, x: float, y: float) -> None:
        c = self.canvas
        est = {name: "*" if name in f.estimated else "" for name in ("good", "action", "tier", "load")}
        inner = CARD_W - 2 * MARGIN
        left = x + MARGIN
        band_h = 17 * mm
        on_band = self.band(x, y, f.colour, band_h)
        top = y + CARD_H
        self.text(f, "name", f.name, left, top - 11 * mm, inner, 8.5 * mm, font=BOLD, largest=11, legible=7, lines=2, colour=on_band)
        self.text(f, "good type", f.good.upper() + est["good"], left, top - band_h + 1.6 * mm, inner * 0.6, 3.4 * mm,
                  font=BOLD, largest=7, legible=5, lines=1, colour=on_band)
        # the action type, boxed, and the tier as filled circles
        row = top - band_h - 7 * mm
        action = f.action.upper() + est["action"]
        c.setStrokeColor(INK)
        c.setLineWidth(0.6)
        c.roundRect(left, row, 24 * mm, 5 * mm, 1 * mm, stroke=1, fill=0)
        self.text(f, "action", action, left + 1 * mm, row + 0.6 * mm, 22 * mm, 3.8 * mm, font=BOLD, largest=8, legible=5,
                  lines=1, align="center")
        circles = max(3, f.tier)
        radius = 1.5 * mm
        right = x + CARD_W - MARGIN - (2.5 * mm if est["tier"] else 0)
        for i in range(circles):
            cx = right - radius - i * (2 * radius + 1 * mm)
            c.setFillColor(INK)
            c.setLineWidth(0.6)
            c.circle(cx, row + 2.5 * mm, radius, stroke=1, fill=1 if circles - 1 - i < f.tier else 0)
        tier_left = right - circles * (2 * radius + 1 * mm)
        self.text(f, "tier", "tier", tier_left - 9 * mm, row + 0.8 * mm, 8.5 * mm, 3.4 * mm, largest=6.5, legible=5, lines=1,
                  colour=MUTED, align="right")
        if est["tier"]:
            self.text(f, "tier mark", "*", right + 0.5 * mm, row + 0.8 * mm, 2 * mm, 3.4 * mm, largest=7, legible=5, lines=1)
        # the load: a box per container in its colour, and the same in words
        load_y = row - 7.5 * mm
        size = 4 * mm
        bx = left
        for _, colour, n in f.load:
            for _ in range(n):
                self.container(colour, bx, load_y + 0.5 * mm, size)
                bx += size + 1.2 * mm
        words = f"{f.load_words()}{est['load']}"
        room = left + inner - bx - 0.5 * mm
        self.text(f, "load", words, bx + 0.5 * mm, load_y + 0.5 * mm, room, size, largest=6.5, legible=4.5, lines=2, colour=MUTED)
        # the power text
        c.setStrokeColor(LINE)
        c.setLineWidth(0.5)
        c.line(left, load_y - 1.5 * mm, left + inner, load_y - 1.5 * mm)
        foot = 8 * mm
        text_top = load_y - 3 * mm
        self.text(f, "text", f.text, left, y + MARGIN + foot, inner, text_top - (y + MARGIN + foot), largest=8.5)
        # the foot: what is estimated, the set and pack, the id
        if f.estimated:
            self.text(f, "estimated", "* estimated: " + ", ".join(f.estimated), left, y + MARGIN + 4 * mm, inner, 3.2 * mm,
                      font=ITALIC, largest=6, legible=4.5, lines=1, colour=MUTED)
        origin = f.set + (f" · pack {f.pack}" if f.pack else "")
        self.text(f, "set", origin, left, y + MARGIN, inner * 0.62, 3.6 * mm, largest=6, legible=4.5, lines=1, colour=MUTED)
        self.text(f, "id", f.id, left + inner * 0.64, y + MARGIN, inner * 0.36, 3.6 * mm, largest=6, legible=4.5, lines=1,
                  colour=MUTED, align="right")

    def plain(self, f: PlainFace, x: float, y: float) -> None:
        c = self.canvas
        inner = CARD_W - 2 * MARGIN
        left = x + MARGIN
        band_h = 15 * mm
        on_band = self.band(x, y, f.colour, band_h)
        top = y + CARD_H
        self.text(f, "name", f.title, left, top - 9 * mm, inner, 6.5 * mm, font=BOLD, largest=14, legible=7, lines=1, colour=on_band)
        self.text(f, "subtitle", f.subtitle, left, top - band_h + 1.5 * mm, inner, 3.6 * mm, largest=7, legible=5, lines=1,
                  colour=on_band)
        cursor = top - band_h - 2 * mm
        row_h = 3.9 * mm
        for label, value, swatch in f.rows:
            cursor -= row_h
            lx = left
            if swatch:
                self.container(swatch, left, cursor + 0.6 * mm, 2.6 * mm)
                lx += 3.4 * mm
            self.text(f, "row", label, lx, cursor, inner * 0.48 - (lx - left), row_h, largest=7, legible=5, lines=1)
            self.text(f, "row", value, left + inner * 0.5, cursor, inner * 0.5, row_h, font=BOLD, largest=7, legible=5,
                      lines=1, align="right")
        if f.rows:
            cursor -= 1.5 * mm
            c.setStrokeColor(LINE)
            c.setLineWidth(0.5)
            c.line(left, cursor, left + inner, cursor)
            cursor -= 1.5 * mm
        self.text(f, "notes", "\n".join(f.notes), left, y + MARGIN, inner, cursor - (y + MARGIN), largest=7.5)

    def back(self, x: float, y: float) -> None:
        """The common back: the same for every card, so no card can be told from behind."""
        c = self.canvas
        c.setFillColor(INK)
        c.rect(x, y, CARD_W, CARD_H, stroke=0, fill=1)
        c.setStrokeColor(HexColor("#8a93a6"))
        c.setLineWidth(0.8)
        c.roundRect(x + 3 * mm, y + 3 * mm, CARD_W - 6 * mm, CARD_H - 6 * mm, 3 * mm, stroke=1, fill=0)
        c.setFillColor(white)
        c.setFont(BOLD, 20)
        c.drawCentredString(x + CARD_W / 2, y + CARD_H / 2 + 10 * mm, "IMPORT")
        c.drawCentredString(x + CARD_W / 2, y + CARD_H / 2 - 16 * mm, "EXPORT")
        size = 6 * mm
        gap = 1.5 * mm
        start = x + (CARD_W - 5 * size - 4 * gap) / 2
        for i, colour in enumerate(RAINBOW):
            c.setFillColor(HexColor(COLOUR_RGB[colour]))
            c.setStrokeColor(white)
            c.setLineWidth(0.6)
            c.rect(start + i * (size + gap), y + CARD_H / 2 - 3 * mm, size, size, stroke=1, fill=1)
        c.setFont(SANS, 6)
        c.setFillColor(HexColor("#b8c0d0"))
        c.drawCentredString(x + CARD_W / 2, y + 6 * mm, "print-and-play · importexport")



def text_lines(text: str, font: str, size: float, width: float) -> list[str]:
    """The lines `text` wraps into (for a test that reads a card back)."""
    register_fonts()
    return wrap(text, font, size, width)
