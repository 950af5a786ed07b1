"""`importexport print`: the PDF read back with pdfplumber where the layout matters (every chosen card's name and text, the
page count, the card size, no text outside its box), the backs for duplex printing, the rules
summary, --cards, --png, and the warning for a text that cannot fit (issue 27, item 1)."""

from __future__ import annotations

import contextlib
import io
import math
import shutil
from collections.abc import Iterator
from pathlib import Path

import pdfplumber
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from interpreter.cards.catalog import load_rules
from interpreter.cli import main
from interpreter.engine.options import CHOICES, GameOptions
from interpreter.printing.draw import CARD_H, CARD_W, MARGIN, SANS
from interpreter.printing.faces import PrintSet, choose_cards, print_set
from interpreter.printing.fit import fit, widest
from interpreter.printing.sheets import PER_PAGE, write_sheets

REPO = Path(__file__).resolve().parent.parent
MM = 72 / 25.4


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue(), err.getvalue()


def words(text: str) -> str:
    return " ".join(text.split())


def pdf_text(path: Path) -> str:
    """Every page's text, read with PDFium (the print extra's rasteriser, in C): for the checks of what
    is printed where the layout does not matter. pdfplumber, which the layout checks need (characters
    and rectangles with their positions), parses each page in Python: 3 s of CPU for a pack's pages."""
    import pypdfium2 as pdfium
    pdf = pdfium.PdfDocument(path)
    try:
        return " ".join(page.get_textpage().get_text_range() for page in pdf)
    finally:
        pdf.close()


@pytest.fixture(scope="module")
def full(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str, str]:
    """Every card of every set, with a chosen option, on A4."""
    out = tmp_path_factory.mktemp("print") / "deck.pdf"
    code, stdout, stderr = run("print", "--expansions", "all", "--option", "game_end=after-action", "--out", str(out))
    assert code == 0, stderr
    return out, stdout, stderr


@pytest.fixture(scope="module")
def full_pdf(full: tuple[Path, str, str]) -> Iterator[pdfplumber.PDF]:
    """The full print read back once for the module: pdfplumber parses each page once (the parse is
    most of a check's cost) and every test below reads the same parsed pages."""
    with pdfplumber.open(full[0]) as pdf:
        yield pdf


@pytest.fixture(scope="module")
def full_set() -> PrintSet:
    """What the full print was made of (every card of every set, default options)."""
    return print_set(*choose_cards("all", []), "all", GameOptions())


def card_rects(page: pdfplumber.page.Page) -> list[dict]:
    """The cut lines of the cards on a page: rectangles 63 x 88 mm, in reading order."""
    found = [r for r in page.rects if abs(r["width"] - CARD_W) < 0.05 and abs(r["height"] - CARD_H) < 0.05 and r["stroke"]]
    return sorted(found, key=lambda r: (round(r["top"]), r["x0"]))


def test_full_print_page_count_and_card_size(full: tuple[Path, str, str], full_pdf: pdfplumber.PDF, full_set: PrintSet) -> None:
    """Faces 9 to a page, each followed by its page of backs, and the rules summary last."""
    _, stdout, _ = full
    ps, pdf = full_set, full_pdf
    faces = ps.faces()
    assert len(ps.goods) == 128 and len(ps.components) == 12 + 6 + 1
    face_pages = math.ceil(len(faces) / PER_PAGE)
    assert len(pdf.pages) == 2 * face_pages + 1
    assert f"on {len(pdf.pages)} A4 pages" in stdout
    for page in pdf.pages:
        assert (round(page.width / MM), round(page.height / MM)) == (210, 297)
    for n in range(face_pages):
        rects = card_rects(pdf.pages[2 * n])
        assert len(rects) == len(faces[n * PER_PAGE:(n + 1) * PER_PAGE])
        for r in rects:  # 63 x 88 mm to a hundredth of a millimetre
            assert abs(r["width"] / MM - 63) < 0.01 and abs(r["height"] / MM - 88) < 0.01


def test_every_card_name_and_text_read_back_from_its_own_card(full_pdf: pdfplumber.PDF, full_set: PrintSet) -> None:
    ps, pdf = full_set, full_pdf
    faces = ps.faces()
    seen = []
    for n in range(math.ceil(len(faces) / PER_PAGE)):
        page = pdf.pages[2 * n]
        for face, rect in zip(faces[n * PER_PAGE:], card_rects(page), strict=False):
            text = words(page.crop((rect["x0"], rect["top"], rect["x1"], rect["bottom"])).extract_text())
            assert face.name in text
            if face.kind == "good":
                assert words(face.text) in text, face.id
                assert face.id in text and face.action.upper() in text
                if face.estimated:
                    assert "estimated: " + ", ".join(face.estimated) in text
            else:
                for note in face.notes:
                    assert words(note) in text
            seen.append(face.key)
    assert len(seen) == len(faces)
    assert {f.id for f in ps.goods} <= set(seen)


def test_no_text_leaves_its_card(full_pdf: pdfplumber.PDF) -> None:
    """Every character on a page of faces lies inside one card, within its margin (R1.3's card face)."""
    inset = MARGIN - 0.6 * MM
    pages = [p for p in full_pdf.pages if card_rects(p)]
    assert pages
    for page in pages:
        rects = card_rects(page)
        for ch in page.chars:
            if ch["text"].isspace():
                continue
            inside = [r for r in rects if r["x0"] + inset <= ch["x0"] and ch["x1"] <= r["x1"] - inset
                      and r["top"] + inset - 1 <= ch["top"] and ch["bottom"] <= r["bottom"] - inset + 1]
            band = [r for r in rects if r["x0"] <= ch["x0"] and ch["x1"] <= r["x1"] and r["top"] <= ch["top"] <= r["bottom"]]
            assert inside or band, f"{ch['text']!r} at {ch['x0']:.1f},{ch['top']:.1f} on page {page.page_number}"


def test_layout_reports_no_overflow_and_no_warning_for_the_shipped_cards(full_set: PrintSet) -> None:
    _, report = write_sheets(full_set, "letter")
    assert report.placed and report.overflows() == []
    assert report.warnings == []
    for _, placed in report.placed:  # every box lies on its card, inside the margin
        x, y, w, h = placed.box
        assert w > 0 and h > 0


def test_backs_mirror_the_faces_for_duplex(full_pdf: pdfplumber.PDF) -> None:
    """The back page of a page of faces has a back where each face is, seen from behind."""
    faces_page, backs_page = full_pdf.pages[-3], full_pdf.pages[-2]  # the last, partly filled page
    fronts = card_rects(faces_page)
    backs = sorted((r for r in backs_page.rects if abs(r["width"] - CARD_W) < 0.05 and r["fill"]),
                   key=lambda r: (round(r["top"]), r["x0"]))
    assert 0 < len(fronts) < PER_PAGE and len(backs) == len(fronts)
    width = faces_page.width
    for front in fronts:
        mirror = width - front["x1"]
        assert any(abs(b["x0"] - mirror) < 0.05 and abs(b["top"] - front["top"]) < 0.05 for b in backs)
    assert "IMPORT" in backs_page.extract_text() and "EXPORT" in backs_page.extract_text()


def test_rules_summary_names_every_option_and_the_chosen_one(full_pdf: pdfplumber.PDF) -> None:
    rules = load_rules()
    text = words(full_pdf.pages[-1].extract_text())
    assert "rules summary for this print" in text
    for name in CHOICES:
        assert f"{name} = " in text
    assert "game_end = after-action (chosen)" in text
    assert "import_fee = per-import:" in text  # a default is not marked
    assert "The game stops right after the action that triggered the end" in text
    assert f"holds {rules.credit_threshold} active credits" in text
    assert "128 good cards (base 100, captain 3, jutaku 10, kickstarter 15)" in text


def test_fonts_are_embedded(full: tuple[Path, str, str], full_pdf: pdfplumber.PDF) -> None:
    raw = full[0].read_bytes()
    assert raw.count(b"/FontFile2") >= 3  # Vera, Vera Bold, Vera Italic: TrueType programs inside the file
    pdf = full_pdf
    fonts = {ch["fontname"] for page in pdf.pages[:3] + pdf.pages[-1:] for ch in page.chars}
    assert fonts and all("+" in f and "BitstreamVera" in f for f in fonts), fonts


def test_a_few_cards_on_letter_with_images(tmp_path: Path) -> None:
    out, png = tmp_path / "new.pdf", tmp_path / "png"
    code, stdout, stderr = run("print", "--expansions", "all", "--cards", "prefab_houses,cups", "--paper", "letter",
                               "--out", str(out), "--png", str(png), "--dpi", "100")
    assert code == 0, stderr
    with pdfplumber.open(out) as pdf:
        assert len(pdf.pages) == 2  # the faces and their backs; no components, no summary
        assert (round(pdf.pages[0].width), round(pdf.pages[0].height)) == (612, 792)
        text = words(pdf.pages[0].extract_text())
        assert "Prefab Houses" in text and "Cups" in text and "Capacity:" not in text and "Supply island" not in text
    assert sorted(p.name for p in png.iterdir()) == ["back.png", "cups.png", "prefab_houses.png"]
    size = Image.open(png / "cups.png").size
    assert size == (math.ceil(63 / 25.4 * 100), math.ceil(88 / 25.4 * 100))  # PDFium rounds a page up to whole pixels
    assert "Wrote 3 PNG images" in stdout


def test_a_pack_prints_its_cards_and_copies(tmp_path: Path) -> None:
    """docs/example-mod: its new cards with the pack's name, two Pens, no Rolls Royce."""
    out = tmp_path / "pack.pdf"
    code, _, stderr = run("print", "--mod", str(REPO / "docs" / "example-mod"), "--out", str(out), "--no-backs")
    assert code == 0, stderr
    text = words(pdf_text(out))
    assert "Customs Office" in text and "Harbor Tweaks" in text
    assert text.count("Pens ") >= 2 and "Rolls Royce" not in text
    assert "mod packs Harbor Tweaks" in text


def test_a_text_that_cannot_fit_well_is_named(tmp_path: Path) -> None:
    pack = tmp_path / "pack"
    shutil.copytree(REPO / "docs" / "example-mod", pack)
    card = pack / "cards" / "customs_office.yaml"
    long = " ".join(["While this is in your Shipments, at the end of every turn take 2 credits."] * 40)
    card.write_text(card.read_text().replace("  While this is in your Shipments, at the end of every turn take 2 credits if no player has more\n"
                                             "  goods than you.", "  " + long))
    out = tmp_path / "long.pdf"
    code, _, stderr = run("print", "--mod", str(pack), "--cards", "customs_office,cups", "--out", str(out))
    assert code == 0, stderr
    assert "Customs Office (customs_office): its text is set at" in stderr and "shorten it" in stderr
    assert "Cups" not in stderr
    ps = print_set(*choose_cards("none", [pack]), "none", GameOptions(), ["customs_office"])
    _, report = write_sheets(ps, "a4", summary=False)
    assert report.overflows() == []  # smaller, never clipped


@pytest.mark.parametrize(("argv", "message"), [
    (["--cards", "cupz"], "no card `cupz` in this card set (did you mean `cups`?)"),
    (["--paper", "a3"], "invalid choice: 'a3'"),
    (["--option", "game_end=never"], "--option"),
    (["--expansions", "nope"], "unknown expansion `nope`"),
    (["--dpi", "5"], "must be at least 72"),
])
def test_bad_values_are_one_line(tmp_path: Path, argv: list[str], message: str) -> None:
    code, _, stderr = run("print", "--out", str(tmp_path / "x.pdf"), *argv)
    assert code == 2 and message in stderr and len(stderr.strip().splitlines()) == 1
    assert not (tmp_path / "x.pdf").exists()


def test_out_in_a_missing_folder_is_refused(tmp_path: Path) -> None:
    code, _, stderr = run("print", "--out", str(tmp_path / "no" / "x.pdf"))
    assert code == 2 and "does not exist" in stderr


@settings(max_examples=60, deadline=None)
@given(text=st.lists(st.text(alphabet="abcdefghij ", min_size=1, max_size=14), min_size=1, max_size=40).map(" ".join),
       width=st.floats(30, 200), height=st.floats(10, 200))
def test_fit_keeps_every_word_and_stays_in_the_box(text: str, width: float, height: float) -> None:
    """Shrink, then wrap: the lines hold the text's words in order; when it says it fits, it does."""
    fitted = fit(text, SANS, width, height, 9, 5.5)
    assert " ".join(" ".join(fitted.lines).split()) == " ".join(text.split())
    if fitted.fits:
        assert widest(fitted.lines, SANS, fitted.size) <= width + 1e-6
        assert fitted.height <= height + 1e-6
    assert fitted.legible == (fitted.fits and fitted.size >= 5.5)
