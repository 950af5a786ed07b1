"""The gallery, a card's page, and the balance runs."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import FileResponse, Response
from starlette.routing import BaseRoute, Route

from interpreter.cards.model import ACTION_TYPES, GOOD_TYPES
from interpreter.scenarios.runner import scenarios_in_file
from interpreter.web.cardview import CardFace, card_book, card_face
from interpreter.web.constructs import construct_name
from interpreter.web.desk import Desk, DeskError
from interpreter.web.editing import run_examples
from interpreter.web.render import render
from interpreter.web.runs import card_standing, card_tune, find_runs, run_file

FILTERS = ("good", "action", "tier", "set", "pack", "construct", "q")


def desk_of(request: Request) -> Desk:
    """The desk, its pack read again first if it changed on disk (another desk or program saved into it)."""
    desk: Desk = request.app.state.desk
    desk.refresh()
    return desk


def faces(desk: Desk) -> list[CardFace]:
    colours = desk.good_colours()
    return [card_face(e.card, colours, e.pack, e.copies) for e in desk.entries.values()]


def matches(face: CardFace, wanted: dict[str, str]) -> bool:
    checks = {
        "good": lambda v: face.good == v, "action": lambda v: face.action == v, "tier": lambda v: str(face.tier) == v,
        "set": lambda v: face.set == v, "pack": lambda v: face.pack == v or (v == "-" and not face.pack),
        "construct": lambda v: v in face.constructs, "q": lambda v: all(w in face.search_text() for w in v.lower().split()),
    }
    return all(checks[key](value) for key, value in wanted.items() if value)


def filter_choices(desk: Desk, every: list[CardFace]) -> dict[str, list[str]]:
    """The values each of the gallery's filters offers (the deck editor's too)."""
    return {"good": list(GOOD_TYPES), "action": list(ACTION_TYPES), "tier": sorted({str(f.tier) for f in every}),
            "set": sorted({f.set for f in every}), "pack": sorted({f.pack for f in every if f.pack} | set(desk.pack_names()))}


async def gallery(request: Request) -> Response:
    desk = desk_of(request)
    wanted = {key: request.query_params.get(key, "").strip() for key in FILTERS}
    every = faces(desk)
    shown = [f for f in every if matches(f, wanted)]
    used = Counter(c for f in every for c in f.constructs)
    names = sorted((construct_name(key) for key in used), key=lambda n: (n.order, n.syntax))
    constructs = [(section, [(n, used[n.key]) for n in names if n.section == section])
                  for section in dict.fromkeys(n.section for n in names)]  # the sections of docs/powers.md, in its order
    choices = filter_choices(desk, every)
    return render(request, "gallery.html", {"cards": shown, "total": len(every), "wanted": wanted, "choices": choices,
                                            "constructs": constructs, "title": "Cards"})


def card_yaml(path: str) -> str:
    try:
        return Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        return f"# the card file {path} cannot be read: {exc}"


async def card_page(request: Request) -> Response:
    return await _card_page(request, None)


async def card_examples(request: Request) -> Response:
    """Run the card's examples (the button on its page) and show the page with the results."""
    desk = desk_of(request)
    entry = desk.card(request.path_params["card_id"])
    results = await run_in_threadpool(run_examples, card_yaml(entry.card.path), desk.cards, desk.rules, _shown(entry.card.path))
    return await _card_page(request, results)


def _shown(path: str) -> str:
    """A card file's name as the designer knows it: relative to the working folder when inside it."""
    try:
        return str(Path(path).resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return path


async def _card_page(request: Request, results: list[Any] | None) -> Response:
    desk = desk_of(request)
    entry = desk.card(request.path_params["card_id"])
    face = card_face(entry.card, desk.good_colours(), entry.pack, entry.copies)
    examples = [s.name for s in scenarios_in_file(Path(entry.card.path))[0]] if entry.card.path else []
    standing = card_standing(desk.settings.runs, entry.card.id)
    tune = card_tune(desk.settings.runs, entry.card.id)
    return render(request, "card.html", {"card": face, "yaml": card_yaml(entry.card.path), "path": _shown(entry.card.path),
                                         "constructs": sorted((construct_name(k) for k in face.constructs), key=lambda n: (n.order, n.syntax)),
                                         "examples": examples, "results": results, "standing": standing, "tune": tune,
                                         "title": face.name})


async def balance(request: Request) -> Response:
    desk = desk_of(request)
    root = desk.settings.runs
    runs = find_runs(root)
    shown = [i for r in runs for i in r.standouts[:8]] + [r.tune["card"] for r in runs if r.tune and r.tune.get("card")]
    named = [desk.entries[i].card for i in dict.fromkeys(shown) if i in desk.entries]  # each card linked, for its powers on hover
    return render(request, "balance.html", {"runs": runs, "root": root, "exists": root.is_dir(), "book": card_book(named),
                                            "title": "Balance"})


async def balance_file(request: Request) -> Response:
    desk = desk_of(request)
    name, file = request.query_params.get("run", ""), request.query_params.get("file", "")
    if not name or not file:
        raise DeskError("Say which run and which file: /balance/file?run=NAME&file=report.html.")
    path = run_file(desk.settings.runs, name, file)
    return FileResponse(path, media_type="application/json" if path.suffix == ".json" else "text/html")


def routes() -> list[BaseRoute]:
    return [
        Route("/", gallery),
        Route("/card/{card_id}", card_page),
        Route("/card/{card_id}/examples", card_examples, methods=["POST"]),
        Route("/balance", balance),
        Route("/balance/file", balance_file),
    ]
