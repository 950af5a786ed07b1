"""A Tabletop Simulator saved object: the good cards as a deck, the ship cards and the harbor cards as
two more decks, and the supply island card, following the save file format Tabletop Simulator
documents (its knowledge base, "Save File Format"): a JSON object whose `ObjectStates` holds a
`DeckCustom` per deck, each card a `Card` whose `CardID` is its sheet's number times 100 plus its
place on the sheet, the sheet given in `CustomDeck` (FaceURL, BackURL, NumWidth, NumHeight).

The faces are drawn exactly as `importexport print` draws them, on sheet images of at most 10 x 7
cards; the last place of a sheet holds the back (the image a card shows while hidden), so a sheet
holds 69 cards. Names are the card names; descriptions hold the facts and the power text."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from interpreter.outputs import write_atomically
from interpreter.printing.faces import Face, PrintSet
from interpreter.printing.raster import page_images, png_bytes
from interpreter.printing.sheets import deck_sheet, single_cards

COLUMNS, ROWS = 10, 7  # the largest sheet Tabletop Simulator reads
PER_SHEET = COLUMNS * ROWS - 1  # the last place shows the back
CARD_SCALE = {"scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0}


@dataclass(frozen=True)
class TTSResult:
    saved_object: Path
    thumbnail: Path
    sheets: int
    cards: int
    components: int


class Guids:
    """Six-hex-digit GUIDs (Tabletop Simulator's form), stable (the same export gives the same file) and
    distinct within one saved object."""

    def __init__(self) -> None:
        self.used: set[str] = set()

    def __call__(self, text: str) -> str:
        salt = 0
        while True:
            value = hashlib.sha1(f"{text}/{salt}".encode()).hexdigest()[:6]
            if value not in self.used:
                self.used.add(value)
                return value
            salt += 1


def _transform(x: float, face_down: bool) -> dict[str, float]:
    return {"posX": x, "posY": 1.0, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0 if face_down else 0.0, **CARD_SCALE}


def _base(guid: Guids, name: str, nickname: str, description: str, key: str, x: float, face_down: bool) -> dict[str, Any]:
    return {"Name": name, "Transform": _transform(x, face_down), "Nickname": nickname, "Description": description,
            "GMNotes": "", "ColorDiffuse": {"r": 0.713235259, "g": 0.713235259, "b": 0.713235259}, "Locked": False,
            "Grid": True, "Snap": True, "IgnoreFoW": False, "MeasureMovement": False, "DragSelectable": True,
            "Autoraise": True, "Sticky": True, "Tooltip": True, "GridProjection": False, "HideWhenFaceDown": face_down,
            "Hands": name == "Card", "SidewaysCard": False, "LuaScript": "", "LuaScriptState": "", "XmlUI": "",
            "GUID": guid(key)}


@dataclass
class Sheet:
    number: int  # the CustomDeck key: CardID = number * 100 + place
    faces: list[Face]
    file: str

    @property
    def rows(self) -> int:
        """Rows of 10 for the faces and the back; at least 2, the smallest grid Tabletop Simulator takes."""
        return max(2, -(-(len(self.faces) + 1) // COLUMNS))

    def custom_deck(self, url: str, back_url: str) -> dict[str, Any]:
        return {str(self.number): {"FaceURL": url, "BackURL": back_url, "NumWidth": COLUMNS, "NumHeight": self.rows,
                                   "BackIsHidden": True, "UniqueBack": False, "Type": 0}}


def _sheets(faces: list[Face], first: int, prefix: str) -> list[Sheet]:
    distinct = list({f.key: f for f in faces}.values())
    return [Sheet(first + i, distinct[start:start + PER_SHEET], f"{prefix}-{i + 1}.png")
            for i, start in enumerate(range(0, len(distinct), PER_SHEET))]


def _card(guid: Guids, face: Face, sheet: Sheet, place: int, url: str, back: str, x: float, face_down: bool,
          copy: int) -> dict[str, Any]:
    card = _base(guid, "Card", face.nickname, face.description(), f"{face.key}#{copy}", x, face_down)
    card["CardID"] = sheet.number * 100 + place
    card["CustomDeck"] = sheet.custom_deck(url, back)
    card["GMNotes"] = face.key
    return card


def _deck(guid: Guids, nickname: str, description: str, faces: list[Face], sheets: list[Sheet], urls: dict[str, str], back: str,
          x: float, face_down: bool) -> dict[str, Any]:
    """A deck of `faces` (copies repeated) from `sheets`; a single face is a lone card."""
    where = {face.key: (sheet, i) for sheet in sheets for i, face in enumerate(sheet.faces)}
    copies: dict[str, int] = {}
    cards = []
    for face in faces:
        copies[face.key] = copies.get(face.key, 0) + 1
        sheet, place = where[face.key]
        cards.append(_card(guid, face, sheet, place, urls[sheet.file], back, x, face_down, copies[face.key]))
    if len(cards) == 1:
        return cards[0]
    deck = _base(guid, "DeckCustom", nickname, description, f"deck:{nickname}", x, face_down)
    deck["DeckIDs"] = [c["CardID"] for c in cards]
    used = [sheet for sheet in sheets if any(where[face.key][0] is sheet for face in faces)]
    deck["CustomDeck"] = {k: v for sheet in used for k, v in sheet.custom_deck(urls[sheet.file], back).items()}
    deck["ContainedObjects"] = cards
    return deck


def plan_sheets(ps: PrintSet) -> tuple[list[Sheet], list[Sheet]]:
    """The sheets of the good cards, then those of the ship, harbor and island cards, numbered from 1."""
    good_sheets = _sheets(list(ps.goods), 1, "cards")
    return good_sheets, _sheets(list(ps.components), len(good_sheets) + 1, "ships-and-harbors")


def saved_object(ps: PrintSet, urls: dict[str, str], back: str, name: str) -> dict[str, Any]:
    """The saved object's JSON (`urls`: each sheet's file -> its URL; `back`: the back image's URL)."""
    good_sheets, other_sheets = plan_sheets(ps)
    ships = [f for f in ps.components if f.kind == "ship"]
    harbors = [f for f in ps.components if f.kind == "harbor"]
    islands = [f for f in ps.components if f.kind == "island"]
    packs = f"; mod packs {', '.join(ps.packs)}" if ps.packs else ""
    guid = Guids()
    objects = [_deck(guid, "Import / Export cards", f"{len(ps.goods)} good cards: sets {', '.join(ps.sets)}{packs}. Shuffle them.",
                     list(ps.goods), good_sheets, urls, back, 0.0, True)]
    if ships:
        objects.append(_deck(guid, "Ships", "Two ships of each colour; deal one colour to each player (grey only with 6 players).",
                             list(ships), other_sheets, urls, back, 3.0, True))
    if harbors:
        objects.append(_deck(guid, "Harbor cards", "One for each player.", list(harbors), other_sheets, urls, back, 6.0, False))
    if islands:
        objects.append(_deck(guid, "Supply island", "", list(islands), other_sheets, urls, back, 9.0, False))
    save = {"SaveName": name, "GameMode": "", "Gravity": 0.5, "PlayArea": 0.5, "Date": "", "Table": "", "Sky": "",
            "Note": "", "Rules": "", "XmlUI": "", "LuaScript": "", "LuaScriptState": "", "TabStates": {},
            "VersionNumber": "", "ObjectStates": objects}
    return save


def write_tts(ps: PrintSet, folder: Path, name: str, image_url: str | None, card_width: int) -> TTSResult:
    """Draw the sheets and the back, then write the saved object (NAME.json) and its thumbnail (NAME.png)."""
    def url(file: str) -> str:
        if image_url is None:
            return (folder / file).resolve().as_uri()
        return image_url.rstrip("/") + "/" + file

    back_pdf, _ = single_cards([], back=True)
    back_image = next(page_images(back_pdf, width=card_width))
    write_atomically(folder / "back.png", png_bytes(back_image))
    good_sheets, other_sheets = plan_sheets(ps)
    sheets = [*good_sheets, *other_sheets]
    for sheet in sheets:
        pdf = deck_sheet(sheet.faces, COLUMNS, sheet.rows, back_last=True)
        image = next(page_images(pdf, width=card_width * COLUMNS))
        write_atomically(folder / sheet.file, png_bytes(image))
    urls = {sheet.file: url(sheet.file) for sheet in sheets}
    save = saved_object(ps, urls, url("back.png"), name)
    path = folder / f"{name}.json"
    write_atomically(path, (json.dumps(save, indent=2) + "\n").encode())
    thumbnail = folder / f"{name}.png"
    write_atomically(thumbnail, png_bytes(back_image.resize((256, round(256 * back_image.height / back_image.width)))))
    return TTSResult(path, thumbnail, len(sheets), len(ps.goods), len(ps.components))


def faces_by_card_id(save: dict[str, Any]) -> dict[int, str]:
    """For reading an export back: each CardID and the face key it shows (GMNotes)."""
    out: dict[int, str] = {}
    for obj in save["ObjectStates"]:
        for card in obj.get("ContainedObjects", [obj]):
            out[card["CardID"]] = card["GMNotes"]
    return out

