"""Print-and-play sheets: 9 poker-size cards to an A4 or Letter page with crop marks, each page of
faces followed by its page of backs (mirrored, for duplex printing on the long edge), and a last
page with the rules summary. Also one card per page (for the images of `--png`) and sheets of
cards without margins (Tabletop Simulator's deck images)."""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass, field
from xml.sax.saxutils import escape

from reportlab.lib.enums import TA_LEFT
from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Frame, KeepInFrame, Paragraph, Spacer

from interpreter.printing.draw import BOLD, CARD_H, CARD_W, INK, SANS, Drawer, Placed, register_fonts
from interpreter.printing.faces import Face, PrintSet
from interpreter.printing.summary import summary_sections

PAPERS = {"a4": A4, "letter": LETTER}
COLUMNS, ROWS = 3, 3
PER_PAGE = COLUMNS * ROWS
MARK_GAP = 1.5 * mm  # crop marks start this far from the cards
MARK_LENGTH = 5 * mm


@dataclass
class PrintReport:
    """What was printed: pages, where each face is, every piece of text, every warning."""

    pages: int = 0
    faces: list[tuple[int, str, tuple[float, float, float, float]]] = field(default_factory=list)  # page (1-based), key, rect
    backs: list[tuple[int, tuple[float, float, float, float]]] = field(default_factory=list)
    placed: list[tuple[int, Placed]] = field(default_factory=list)  # page, text placed (box in page coordinates)
    warnings: list[str] = field(default_factory=list)
    summary_page: int | None = None
    page_size: tuple[float, float] = (0.0, 0.0)

    def overflows(self) -> list[Placed]:
        return [p for _, p in self.placed if p.overflows()]


def grid_origin(paper: tuple[float, float]) -> tuple[float, float]:
    """The lower left of the 3 x 3 grid, centred on the page."""
    width, height = paper
    return (width - COLUMNS * CARD_W) / 2, (height - ROWS * CARD_H) / 2


def slot(paper: tuple[float, float], index: int, mirrored: bool = False) -> tuple[float, float]:
    """The lower left of card `index` (0-8, row by row from the top left); mirrored for the backs."""
    x0, y0 = grid_origin(paper)
    row, col = divmod(index, COLUMNS)
    if mirrored:
        col = COLUMNS - 1 - col
    return x0 + col * CARD_W, y0 + (ROWS - 1 - row) * CARD_H


def crop_marks(c: Canvas, paper: tuple[float, float]) -> None:
    """Short lines in the margins on every cut line of the grid (the cards touch: one cut serves two)."""
    x0, y0 = grid_origin(paper)
    x1, y1 = x0 + COLUMNS * CARD_W, y0 + ROWS * CARD_H
    length = min(MARK_LENGTH, x0 - MARK_GAP - 1 * mm, y0 - MARK_GAP - 1 * mm)
    c.setStrokeColor(INK)
    c.setLineWidth(0.3)
    for i in range(COLUMNS + 1):
        x = x0 + i * CARD_W
        c.line(x, y1 + MARK_GAP, x, y1 + MARK_GAP + length)
        c.line(x, y0 - MARK_GAP, x, y0 - MARK_GAP - length)
    for j in range(ROWS + 1):
        y = y0 + j * CARD_H
        c.line(x0 - MARK_GAP, y, x0 - MARK_GAP - length, y)
        c.line(x1 + MARK_GAP, y, x1 + MARK_GAP + length, y)


def write_sheets(ps: PrintSet, paper_name: str, *, backs: bool = True, summary: bool = True,
                 warn: Callable[[str], None] = lambda _: None) -> tuple[bytes, PrintReport]:
    """The whole print as PDF bytes, and what was placed where."""
    register_fonts()
    paper = PAPERS[paper_name]
    out = io.BytesIO()
    c = Canvas(out, pagesize=paper, invariant=True, pageCompression=1)
    c.setTitle("Import / Export: print-and-play cards")
    c.setAuthor("importexport print")
    report = PrintReport(page_size=paper)

    def warned(message: str) -> None:
        report.warnings.append(message)
        warn(message)
    drawer = Drawer(c, warned)
    faces = ps.faces()
    page = 0
    for start in range(0, len(faces), PER_PAGE):
        chunk = faces[start:start + PER_PAGE]
        page += 1
        crop_marks(c, paper)
        before = len(drawer.placed)
        for i, face in enumerate(chunk):
            x, y = slot(paper, i)
            drawer.face(face, x, y)
            report.faces.append((page, face.key, (x, y, CARD_W, CARD_H)))
        report.placed += [(page, p) for p in drawer.placed[before:]]
        c.showPage()
        if backs:
            page += 1
            crop_marks(c, paper)
            for i in range(len(chunk)):
                x, y = slot(paper, i, mirrored=True)
                drawer.back(x, y)
                report.backs.append((page, (x, y, CARD_W, CARD_H)))
            c.showPage()
    if summary:
        page += 1
        summary_page(c, ps, paper, paper_name)
        report.summary_page = page
        c.showPage()
    c.save()
    report.pages = page
    return out.getvalue(), report


def summary_page(c: Canvas, ps: PrintSet, paper: tuple[float, float], paper_name: str) -> None:
    """The rules summary on one page: shrunk as a whole if it would run over."""
    width, height = paper
    title = ParagraphStyle("title", fontName=BOLD, fontSize=15, leading=18, textColor=INK, spaceAfter=4)
    head = ParagraphStyle("head", fontName=BOLD, fontSize=10, leading=12.5, textColor=INK, spaceBefore=6, spaceAfter=1)
    body = ParagraphStyle("body", fontName=SANS, fontSize=8.6, leading=11, textColor=INK, alignment=TA_LEFT, spaceAfter=2)
    story: list = [Paragraph("Import / Export: rules summary for this print", title),
                   Paragraph(escape(f"Cards at poker size (63 x 88 mm), {PER_PAGE} to a {paper_name.upper()} page; "
                                    "cut on the crop marks. Each page of faces is followed by its backs, mirrored "
                                    "for double-sided printing (flip on the long edge)."), body)]
    for heading, paragraphs in summary_sections(ps):
        story.append(Paragraph(escape(heading), head))
        story += [Paragraph(escape(p), body) for p in paragraphs]
    story.append(Spacer(1, 4))
    margin = 14 * mm
    frame = Frame(margin, margin, width - 2 * margin, height - 2 * margin, showBoundary=0, leftPadding=0, rightPadding=0,
                  topPadding=0, bottomPadding=0)
    frame.addFromList([KeepInFrame(width - 2 * margin, height - 2 * margin, story, mode="shrink")], c)


def single_cards(faces: list[Face], back: bool = True) -> tuple[bytes, list[str]]:
    """One card to a page, each page the size of the card (for images): the faces, then the back."""
    register_fonts()
    out = io.BytesIO()
    c = Canvas(out, pagesize=(CARD_W, CARD_H), invariant=True)
    warnings: list[str] = []
    drawer = Drawer(c, warnings.append)
    for face in faces:
        drawer.face(face, 0, 0)
        c.showPage()
    if back:
        drawer.back(0, 0)
        c.showPage()
    c.save()
    return out.getvalue(), warnings


def deck_sheet(faces: list[Face], columns: int, rows: int, back_last: bool) -> bytes:
    """One page of `columns` x `rows` cards touching, no margins; the back in the last slot if `back_last`."""
    register_fonts()
    out = io.BytesIO()
    c = Canvas(out, pagesize=(columns * CARD_W, rows * CARD_H), invariant=True)
    drawer = Drawer(c, lambda _: None)
    for i, face in enumerate(faces):
        row, col = divmod(i, columns)
        drawer.face(face, col * CARD_W, (rows - 1 - row) * CARD_H)
    if back_last:
        drawer.back((columns - 1) * CARD_W, 0)
    c.showPage()
    c.save()
    return out.getvalue()
