"""The deck editor: which cards a game is played with, and how many copies of each, chosen by
clicking, and saved as the deck list of the desk's pack (its mod.yaml).

Every card the pack could list is offered: the cards of the desk's sets, with the `--mod` packs and
the pack's own cards applied, before any deck list. As the designer clicks, the deck is checked as
`importexport mod check` checks the pack (the same loading, with the new manifest text in place of
the file), and the deck list that would be written is shown. Saving goes through the desk's save path
(interpreter/web/saving.py): the manifest is written whole or not at all, in turn with every other
save into the pack; a deck with problems is refused, and so (409) is a save when the manifest changed
on disk since the page read it, so that nobody's edit is silently lost: the refusal shows both deck
lists, the one on disk and yours, and which cards differ, and the page offers to load the one on disk
or to save yours over it."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from interpreter.cards.diagnostics import CardFileError
from interpreter.cards.loader import CardSet
from interpreter.mods.apply import MAX_DECK, Applied, apply_packs
from interpreter.mods.decklist import compact, with_deck
from interpreter.mods.pack import MANIFEST, MAX_COPIES
from interpreter.schema_header import with_header
from interpreter.web.cardview import card_face
from interpreter.web.constructs import construct_name
from interpreter.web.desk import Desk, DeskError
from interpreter.web.editor_routes import _body
from interpreter.web.pages import desk_of, filter_choices
from interpreter.web.render import render
from interpreter.web.saving import pack_lock, write_or_refuse

DECK_KEY = re.compile(r"^deck\s*:", re.M)  # the deck list's own key, not a comment that names it
EVERY_CARD_ONCE = {"*": 1}


def manifest_text(pack: Path) -> str:
    """The pack's manifest as it is on disk, or the one the desk writes with a pack's first save."""
    manifest = pack / MANIFEST
    if manifest.is_file():
        try:
            return manifest.read_text(encoding="utf-8")
        except UnicodeDecodeError as exc:  # written by another editor in another encoding: said, not guessed
            raise DeskError(f"{manifest} is not UTF-8 text (byte {exc.start}); save it as UTF-8 to edit the deck here.",
                            409) from None
        except OSError as exc:
            raise DeskError(f"{manifest} cannot be read ({exc.strerror or exc}).", 409) from None
    if manifest.exists():
        raise DeskError(f"{manifest} is not a file; the pack's manifest must be one to hold a deck list.", 409)
    return with_header("mod", manifest, "# A mod pack written by the designer's desk (importexport serve).\n"
                                        f"name: {pack.resolve().name}\nversion: 0.1.0\ndepends: [base]\n")


def version_of(pack: Path) -> str:
    """What the page saw of the manifest: a hash of its bytes ("" while there is no manifest)."""
    manifest = pack / MANIFEST
    return hashlib.sha256(manifest.read_bytes()).hexdigest()[:16] if manifest.is_file() else ""


def applied_with(desk: Desk, pack: Path, text: str) -> Applied:
    """The desk's cards with the pack's manifest read from `text`. Raises CardFileError."""
    paths = [p for p in desk.settings.mods if p.resolve() != pack.resolve()] + [pack]
    return apply_packs(desk.shipped, paths, {pack: text})


def candidates(desk: Desk, pack: Path) -> CardSet:
    """Every card the deck list may hold: the desk's cards before any deck list (each once)."""
    return offer(desk, pack)[0]


def offer(desk: Desk, pack: Path) -> tuple[CardSet, dict[str, str]]:
    """The cards the deck list may hold, and the pack that added or replaced each (by id)."""
    applied = applied_with(desk, pack, with_deck(manifest_text(pack), EVERY_CARD_ONCE))
    origin = {card_id: change.pack for change in applied.changes for card_id in [*change.added, *change.replaced]}
    return applied.cards, origin


def current_copies(desk: Desk, offered: CardSet) -> dict[str, int]:
    copies = dict.fromkeys(offered.by_id, 0)
    for card in desk.cards.cards:
        if card.id in copies:
            copies[card.id] += 1
    return copies


def _pack(desk: Desk) -> Path:
    if desk.settings.pack is None:
        raise DeskError("This desk has no pack to save a deck list into: start it with `importexport serve --pack FOLDER`.")
    return desk.settings.pack


def _copies(body: dict[str, Any], offered: CardSet) -> dict[str, int]:
    """The request's `copies` (card id -> copies, 0 to 100), every card of the offer named."""
    copies = body.get("copies")
    if not isinstance(copies, dict):
        raise DeskError("The request needs `copies`: each card's id and its number of copies.")
    unknown = [str(k) for k in copies if k not in offered.by_id]
    if unknown:
        raise DeskError(f"There is no card `{unknown[0][:60]}` in this desk's card set.")
    for card_id, n in copies.items():  # beyond MAX_COPIES the pack check says why (M006), as `mod check` does
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= MAX_DECK:
            raise DeskError(f"The copies of `{card_id}` must be a whole number from 0 to {MAX_COPIES}; got `{str(n)[:20]}`.")
    return {card_id: copies.get(card_id, 0) for card_id in offered.by_id}


def check(desk: Desk, copies: dict[str, int]) -> dict[str, Any]:
    """The deck list `copies` makes, as the manifest would hold it, and every problem with it."""
    pack = _pack(desk)
    deck = compact(copies)
    text = with_deck(manifest_text(pack), deck)
    problems: list[str] = []
    total = sum(copies.values())
    if total == 0:
        problems.append("The deck is empty: give at least one card a copy.")
    elif total > MAX_DECK:
        problems.append(f"A deck may hold at most {MAX_DECK} cards; this one has {total}.")
    else:
        try:
            applied_with(desk, pack, text)
        except CardFileError as exc:
            problems += [f"{Path(d.path).name}:{d.line}:{d.col}: {d.code} {d.message}" for d in exc.diagnostics]
    return {"ok": not problems, "problems": problems, "total": total, "deck": deck_list_of(text)}


def deck_list_of(manifest: str) -> str:
    """The manifest's deck list as it stands in its text: the `deck:` line and the lines of its block
    (up to the next top-level key), or "" when the manifest has none (every card once)."""
    key = DECK_KEY.search(manifest)
    if key is None:
        return ""
    lines = manifest[key.start():].splitlines()
    block = [lines[0]]
    for line in lines[1:]:
        if line.strip() and not line[0].isspace():  # the next top-level key, or a comment of the manifest's own
            break
        block.append(line)
    while block and not block[-1].strip():
        block.pop()
    return "\n".join(block)


class DeckConflict(DeskError):
    """The manifest changed on disk since the page read it: nothing was written. Carries what the page
    needs to show both deck lists and to load the one on disk or save over it."""

    def __init__(self, message: str, details: dict[str, Any]):
        super().__init__(message, 409)
        self.details = details


def conflict(desk: Desk, pack: Path, yours: dict[str, int]) -> DeckConflict:
    """The refusal of a save based on an older manifest: the deck list on disk (its text, and its
    copies of each card when the manifest on disk loads), yours, and the cards whose copies differ."""
    manifest = pack / MANIFEST
    disk_text = manifest_text(pack)
    disk: dict[str, int] | None = None
    problems: list[str] = []
    try:
        disk = {card_id: 0 for card_id in yours}
        for card in applied_with(desk, pack, disk_text).cards.cards:
            disk[card.id] = disk.get(card.id, 0) + 1
    except CardFileError as exc:
        disk = None
        problems = [str(d) for d in exc.diagnostics[:5]]
    names = {card.id: card.name for card in desk.cards.cards}
    differences = [] if disk is None else [
        {"id": card_id, "name": names.get(card_id, card_id), "disk": disk.get(card_id, 0), "yours": yours.get(card_id, 0)}
        for card_id in sorted(set(disk) | set(yours)) if disk.get(card_id, 0) != yours.get(card_id, 0)]
    return DeckConflict(
        f"Not saved: {manifest} changed since this page read it (another window, or an editor). "
        "Both deck lists are shown: load the one on disk, or save yours over it.",
        {"version": version_of(pack), "disk": disk, "disk_deck": deck_list_of(disk_text),
         "yours_deck": deck_list_of(with_deck(disk_text, compact(yours))), "differences": differences,
         "disk_problems": problems})


def save(desk: Desk, copies: dict[str, int], version: str) -> dict[str, Any]:
    """Write the deck list into the pack's manifest as every desk save is written (interpreter/web/saving.py):
    whole or not at all, one save of the pack at a time (card saves and other desks on the pack wait),
    refused with 409 when the manifest changed since the page read it, and checked with the pack
    before anything is written; then the desk shows the cards of the pack as written."""
    pack = _pack(desk)
    manifest = pack / MANIFEST
    with pack_lock(pack):
        if version_of(pack) != version:
            raise conflict(desk, pack, copies)
        checked = check(desk, copies)
        if not checked["ok"]:
            raise DeskError("Not saved: " + " ".join(checked["problems"][:5]))
        text = with_deck(manifest_text(pack), compact(copies))
        try:
            cards, origin = desk.applied(manifest=text)
        except CardFileError as exc:
            raise DeskError("Not saved: with this deck list the pack does not load: "
                            + "; ".join(str(d) for d in exc.diagnostics[:5])) from None
        write_or_refuse(manifest, text)
        desk.adopt(cards, origin, desk.pack_signature())
    return {"saved": str(manifest), "version": version_of(pack), "total": checked["total"],
            "message": f"Saved the deck list ({checked['total']} cards) into {manifest}."}


# ------------------------------------------------------------------------------------ routes

def _offer(desk: Desk) -> tuple[CardSet | None, dict[str, str], list[str]]:
    if desk.settings.pack is None:
        return desk.cards, {card_id: e.pack for card_id, e in desk.entries.items()}, []
    try:
        return (*offer(desk, desk.settings.pack), [])
    except CardFileError as exc:
        return None, {}, [str(d) for d in exc.diagnostics[:10]]


async def deck_page(request: Request) -> Response:
    desk = desk_of(request)
    offered, origin, problems = await run_in_threadpool(_offer, desk)
    colours = desk.good_colours()
    copies = current_copies(desk, offered) if offered is not None else {}
    faces = [card_face(card, colours, origin.get(card.id, ""), copies[card.id]) for card in offered.by_id.values()] if offered else []
    cards = [{"face": face, "copies": copies[face.id], "search": face.search_text(), "constructs": "|".join(face.constructs)}
             for face in faces]
    names = sorted({construct_name(c) for face in faces for c in face.constructs}, key=lambda n: (n.order, n.syntax))
    pack = desk.settings.pack
    return render(request, "deck.html", {
        "cards": cards, "problems": problems, "pack": pack, "version": version_of(pack) if pack else "",
        "choices": filter_choices(desk, faces), "constructs": names, "title": "Deck",
    })


async def _request_copies(request: Request, desk: Desk) -> tuple[dict[str, Any], dict[str, int]]:
    body = await _body(request)
    offered = await run_in_threadpool(candidates, desk, _pack(desk))
    return body, _copies(body, offered)


async def api_deck_check(request: Request) -> Response:
    desk = desk_of(request)
    _, copies = await _request_copies(request, desk)
    return JSONResponse(await run_in_threadpool(check, desk, copies))


async def api_deck_save(request: Request) -> Response:
    desk = desk_of(request)
    body, copies = await _request_copies(request, desk)
    version = body.get("version", "")
    if not isinstance(version, str):
        raise DeskError("`version` is the manifest's version the page read, as the page sent it.")
    try:
        return JSONResponse(await run_in_threadpool(save, desk, copies, version))
    except DeckConflict as refused:
        return JSONResponse({"error": str(refused), "conflict": refused.details}, status_code=409)


def routes() -> list[BaseRoute]:
    return [
        Route("/deck", deck_page),
        Route("/api/deck/check", api_deck_check, methods=["POST"]),
        Route("/api/deck/save", api_deck_save, methods=["POST"]),
    ]


