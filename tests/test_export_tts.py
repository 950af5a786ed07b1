"""`importexport export tts`: the saved object read back (issue 27, item 2). It follows the save
format Tabletop Simulator documents (checked against tests/data/tts_saved_object.schema.json, written
from its knowledge base), every card of the chosen set appears once (a deck-list copy as often as
the pack says) with the right face: the place its CardID names on its sheet image shows that card,
as `print` draws it."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path
from urllib.parse import unquote, urlparse

import numpy as np
import pytest
from jsonschema import Draft202012Validator
from PIL import Image

from interpreter.cards.catalog import choose_sets, load_all_cards
from interpreter.cli import main
from interpreter.engine.options import GameOptions
from interpreter.printing.faces import choose_cards, print_set
from interpreter.printing.raster import page_images
from interpreter.printing.sheets import single_cards

REPO = Path(__file__).resolve().parent.parent
SCHEMA = json.loads((REPO / "tests" / "data" / "tts_saved_object.schema.json").read_text())
WIDTH = 90  # pixels across a card: small, so the test is quick; the faces still tell apart


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue(), err.getvalue()


@pytest.fixture(scope="module")
def export(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict]:
    out = tmp_path_factory.mktemp("tts")
    code, stdout, stderr = run("export", "tts", "--expansions", "all", "--out", str(out), "--card-width", str(WIDTH))
    assert code == 0, stderr
    assert "Saved Objects" in stdout
    return out, json.loads((out / "Import Export.json").read_text())


def cards_of(obj: dict) -> list[dict]:
    return obj.get("ContainedObjects", [obj])


def test_the_saved_object_follows_the_documented_format(export: tuple[Path, dict]) -> None:
    _, save = export
    errors = [f"{list(e.absolute_path)}: {e.message}" for e in Draft202012Validator(SCHEMA).iter_errors(save)]
    assert errors == []
    guids = [o["GUID"] for obj in save["ObjectStates"] for o in [obj, *obj.get("ContainedObjects", [])]]
    assert len(guids) == len(set(guids))
    for obj in save["ObjectStates"]:
        if obj["Name"] == "DeckCustom":
            assert obj["DeckIDs"] == [c["CardID"] for c in obj["ContainedObjects"]]
        for card in cards_of(obj):
            sheet = card["CustomDeck"][str(card["CardID"] // 100)]
            place = card["CardID"] % 100
            assert place < sheet["NumWidth"] * sheet["NumHeight"] - 1  # the last place is the back
            for url in (sheet["FaceURL"], sheet["BackURL"]):
                assert Path(unquote(urlparse(url).path)).is_file(), url


def test_every_card_once_with_its_name_and_power_text(export: tuple[Path, dict]) -> None:
    _, save = export
    decks = {obj["Nickname"]: obj for obj in save["ObjectStates"]}
    assert list(decks) == ["Import / Export cards", "Ships", "Harbor cards", "Supply island"]
    goods = cards_of(decks["Import / Export cards"])
    shipped = choose_sets(load_all_cards(), "all")
    assert sorted(c["GMNotes"] for c in goods) == sorted(c.id for c in shipped.cards)
    assert len({c["CardID"] for c in goods}) == len(goods) == 128
    for card in goods:
        defn = shipped.by_id[card["GMNotes"]]
        assert card["Nickname"] == defn.name
        assert " ".join(defn.text.split()) in card["Description"]
        assert defn.action.upper() in card["Description"]
    ships = cards_of(decks["Ships"])
    assert sorted(c["GMNotes"] for c in ships) == sorted(f"ship-{colour}" for colour in
                                                         ("green", "yellow", "red", "black", "blue", "grey") for _ in range(2))
    assert "6 credits" in ships[0]["Description"] and "+1 to the supply island" in ships[0]["Description"]
    # a ship is named by its colour (a browser probe found twelve cards all named "Ship")
    assert all(c["Nickname"] == c["GMNotes"].split("-")[1].capitalize() + " ship" for c in ships)
    assert [c["GMNotes"] for c in cards_of(decks["Harbor cards"])] == ["harbor"] * 6
    assert decks["Supply island"]["Name"] == "Card" and decks["Supply island"]["Nickname"] == "Supply island"


def test_each_card_id_shows_its_own_face_on_the_sheet(export: tuple[Path, dict]) -> None:
    """Cut each card's place out of its sheet image, as Tabletop Simulator does (the image split in
    NumWidth x NumHeight equal parts), and compare it with the card drawn alone: of all the faces of
    that sheet, the closest is the card the CardID belongs to."""
    folder, save = export
    ps = print_set(*choose_cards("all", []), "all", GameOptions())
    faces = {f.key: f for f in ps.faces()}
    by_sheet: dict[str, list[dict]] = {}
    for obj in save["ObjectStates"]:
        for card in cards_of(obj):
            url = card["CustomDeck"][str(card["CardID"] // 100)]["FaceURL"]
            by_sheet.setdefault(url, []).append(card)
    assert len(by_sheet) == 3  # 128 goods on two sheets of at most 69, and one of ships and harbors
    for url, cards in by_sheet.items():
        sheet_info = cards[0]["CustomDeck"][str(cards[0]["CardID"] // 100)]
        image = Image.open(Path(unquote(urlparse(url).path))).convert("RGB")
        assert image.width == WIDTH * sheet_info["NumWidth"]
        cell_w, cell_h = image.width / sheet_info["NumWidth"], image.height / sheet_info["NumHeight"]
        keys = sorted({c["GMNotes"] for c in cards})
        pdf, _ = single_cards([faces[k] for k in keys], back=False)
        alone = [np.asarray(im.convert("RGB").resize((WIDTH - 4, round(cell_h) - 4)), dtype=np.float32)
                 for im in page_images(pdf, width=WIDTH)]
        for card in cards:
            row, col = divmod(card["CardID"] % 100, sheet_info["NumWidth"])
            box = (round(col * cell_w) + 2, round(row * cell_h) + 2, round(col * cell_w) + WIDTH - 2, round(row * cell_h + cell_h) - 2)
            cell = np.asarray(image.crop(box).resize((WIDTH - 4, round(cell_h) - 4)), dtype=np.float32)
            distances = [float(np.abs(cell - other).mean()) for other in alone]
            assert keys[int(np.argmin(distances))] == card["GMNotes"], (card["Nickname"], card["CardID"])


def test_a_pack_with_copies_and_an_image_url(tmp_path: Path) -> None:
    code, _, stderr = run("export", "tts", "--mod", str(REPO / "docs" / "example-mod"), "--out", str(tmp_path),
                          "--image-url", "https://example.org/deck/", "--card-width", "60", "--name", "Tweaks")
    assert code == 0, stderr
    save = json.loads((tmp_path / "Tweaks.json").read_text())
    goods = cards_of(save["ObjectStates"][0])
    ids = [c["GMNotes"] for c in goods]
    assert ids.count("pens") == 2 and ids.count("tea_clipper") == 2 and "rolls_royce" not in ids
    pens = [c for c in goods if c["GMNotes"] == "pens"]
    assert pens[0]["CardID"] == pens[1]["CardID"] and pens[0]["GUID"] != pens[1]["GUID"]  # one face, two cards
    sheet = goods[0]["CustomDeck"][str(goods[0]["CardID"] // 100)]
    assert sheet["FaceURL"].startswith("https://example.org/deck/cards-") and sheet["BackURL"] == "https://example.org/deck/back.png"
    assert (tmp_path / "Tweaks.png").is_file()
    assert "pack Harbor Tweaks" in next(c for c in goods if c["GMNotes"] == "customs_office")["Description"]


@pytest.mark.parametrize(("argv", "message"), [
    (["--image-url", "ftp://x"], "--image-url must start with http:// or https://"),
    (["--cards", "cupz"], "did you mean `cups`?"),
    (["--card-width", "5000"], "must be at most 800"),
])
def test_bad_values_are_one_line(tmp_path: Path, argv: list[str], message: str) -> None:
    code, _, stderr = run("export", "tts", "--out", str(tmp_path / "o"), *argv)
    assert code == 2 and message in stderr and len(stderr.strip().splitlines()) == 1


def test_export_needs_a_format() -> None:
    code, _, stderr = run("export")
    assert code == 2 and "choose a format: tts" in stderr
