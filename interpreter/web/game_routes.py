"""The game viewer (open a record, or play a seed, then step through it) and play against the bots."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from starlette.concurrency import run_in_threadpool
from starlette.datastructures import FormData, UploadFile
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import BaseRoute, Route

from interpreter.powers import new_game
from interpreter.records import make_record
from interpreter.sim.runner import bot_agents
from interpreter.web.desk import Desk, DeskError
from interpreter.web.numbers import whole
from interpreter.web.pages import desk_of
from interpreter.web.play import BOTS, PlaySession
from interpreter.web.render import render
from interpreter.web.saving import write_new
from interpreter.web.viewer import MAX_RECORD_BYTES, ViewedGame, parse_record, view_record

WAIT_FOR_BOTS = 8.0  # seconds a page waits for the bots before it shows "thinking" and refreshes


def _int(form: FormData, key: str, lo: int, hi: int, default: int | None) -> int | None:
    raw = form.get(key)
    text = raw.strip() if isinstance(raw, str) else ""
    if not text:
        return default
    value = whole(text)
    if value is None or not lo <= value <= hi:
        raise DeskError(f"`{key}` must be a whole number from {lo} to {hi}; got `{text[:40]}`.")
    return value


def _players(form: FormData, desk: Desk) -> int:
    value = _int(form, "players", desk.rules.min_players, desk.rules.max_players, 4)
    assert value is not None
    return value


def _bots(form: FormData) -> str:
    bots = str(form.get("bots") or "heuristic")
    if bots not in BOTS:
        raise DeskError(f"`bots` is one of {', '.join(BOTS)}; got `{bots}`.")
    return bots


# ------------------------------------------------------------------------------------ the viewer

def record_files(desk: Desk) -> list[Path]:
    folder = desk.settings.records
    if folder is None or not folder.is_dir():
        return []
    return sorted((p for p in folder.glob("*.json") if p.is_file()), key=lambda p: -p.stat().st_mtime)[:50]


async def viewer_index(request: Request) -> Response:
    desk = desk_of(request)
    opened = [(key, game.title) for key, game in desk.viewed.listing()]
    return render(request, "viewer_index.html", {"records": record_files(desk), "opened": opened, "title": "Viewer"})


def _open(desk: Desk, record: dict[str, Any], title: str) -> str:
    return desk.viewed.add(view_record(record, desk.rules, title, desk.pack_paths(), desk.all_shipped))


async def viewer_upload(request: Request) -> Response:
    desk = desk_of(request)
    async with request.form(max_files=1, max_fields=4) as form:
        upload = form.get("record")
        if not isinstance(upload, UploadFile) or not upload.filename:
            raise DeskError("Choose a game record file (written by `importexport play --log FILE`) to open.")
        raw = await upload.read(MAX_RECORD_BYTES + 1)
        name = upload.filename
    record = parse_record(raw, name, desk.rules)
    key = await run_in_threadpool(_open, desk, record, name)
    return RedirectResponse(f"/viewer/{key}", status_code=303)


async def viewer_file(request: Request) -> Response:
    """Open a record of the desk's records folder, by name."""
    desk = desk_of(request)
    async with request.form(max_files=0, max_fields=4) as form:
        name = str(form.get("name") or "")
    path = next((p for p in record_files(desk) if p.name == name), None)
    if path is None:
        raise DeskError(f"There is no record `{name}` in the records folder {desk.settings.records}.", 404)
    record = parse_record(path.read_bytes(), name, desk.rules)
    key = await run_in_threadpool(_open, desk, record, name)
    return RedirectResponse(f"/viewer/{key}", status_code=303)


def _bot_game(desk: Desk, players: int, seed: int, bots: str) -> dict[str, Any]:
    agents: list[Any] = bot_agents(seed, [bots] * players)
    game = new_game(desk.cards, desk.rules, players, seed, None, agents)
    return make_record(game, game.play(), desk.record_settings())


async def viewer_seed(request: Request) -> Response:
    desk = desk_of(request)
    async with request.form(max_files=0, max_fields=6) as form:
        players = _players(form, desk)
        seed = _int(form, "seed", 0, 10**9, 1)
        bots = _bots(form)
    assert seed is not None
    record = await run_in_threadpool(_bot_game, desk, players, seed, bots)
    key = await run_in_threadpool(_open, desk, record, f"{players} {bots} bots")
    return RedirectResponse(f"/viewer/{key}", status_code=303)


def _step(request: Request, game: ViewedGame) -> int:
    last = len(game.steps) - 1
    turn = request.query_params.get("turn", "").strip()
    if turn:
        number = whole(turn)
        if number is None or number not in game.turn_starts:
            raise DeskError(f"This game has turns {min(game.turn_starts)} to {max(game.turn_starts)}; there is no turn `{turn[:40]}`.")
        return game.turn_starts[number]
    raw = request.query_params.get("step", "0").strip()
    if raw == "end":
        return last
    step = whole(raw, signed=True)
    if step is None:
        raise DeskError(f"`step` is a decision number from 0 to {last}, or `end`; got `{raw[:40]}`.")
    return max(0, min(last, step))


async def viewer(request: Request) -> Response:
    desk = desk_of(request)
    key = request.path_params["key"]
    game: ViewedGame = desk.viewed.get(key, "open game")
    index = _step(request, game)
    step = game.steps[index]
    start, end = game.new_lines(index)
    fired = {line.card_uid for line in game.log[start:end] if line.power}
    first = max(0, min(start, end - 60))
    return render(request, "viewer.html", {
        "key": key, "game": game, "index": index, "step": step, "last": len(game.steps) - 1,
        "hands": request.query_params.get("hands") == "1", "fired": fired,
        "log": list(enumerate(game.log[first:end], start=first)), "new_from": start,
        "names": [p["name"] for p in step.table["players"]], "title": f"Viewer: {game.title}",
    })


async def viewer_record(request: Request) -> Response:
    desk = desk_of(request)
    game: ViewedGame = desk.viewed.get(request.path_params["key"], "open game")
    return JSONResponse(game.record, headers={"Content-Disposition": f'attachment; filename="game-{game.record["seed"]}.json"'})


# ------------------------------------------------------------------------------------ play

async def play_index(request: Request) -> Response:
    desk = desk_of(request)
    running = desk.played.listing()
    return render(request, "play_index.html", {"running": running, "title": "Play"})


async def play_start(request: Request) -> Response:
    desk = desk_of(request)
    async with request.form(max_files=0, max_fields=6) as form:
        players = _players(form, desk)
        seat = _int(form, "seat", 1, players, 1)
        seed = _int(form, "seed", 0, 10**9, None)
        bots = _bots(form)
    assert seat is not None
    session = PlaySession(desk, players, seat - 1, seed, bots)
    return RedirectResponse(f"/play/{desk.played.add(session)}", status_code=303)


def _save_record(desk: Desk, session: PlaySession) -> Path | None:
    """Write a finished game's record into the desk's records folder, once."""
    folder = desk.settings.records
    if folder is None or session.record is None or session.saved is not None:
        return session.saved
    # written whole, as every file the desk writes, and never over another record of the same second and seed
    path = write_new(folder, f"desk-{time.strftime('%Y%m%d-%H%M%S')}-seed{session.seed}", ".json", json.dumps(session.record, indent=1))
    session.saved = path
    return path


async def play_page(request: Request) -> Response:
    desk = desk_of(request)
    key = request.path_params["key"]
    session: PlaySession = desk.played.get(key, "game")
    ready = await run_in_threadpool(session.wait_ready, WAIT_FOR_BOTS)
    context: dict[str, Any] = {"key": key, "session": session, "ready": ready, "title": f"Play: seed {session.seed}",
                               "message": request.query_params.get("message", "")}
    if ready:
        pending = session.pending
        table = session.view()
        lines = session.log.lines
        new_from = pending.log_start if pending else session.last_seen
        first = max(0, min(new_from, len(lines) - 60))
        context.update(view=table, pending=pending, log=list(enumerate(lines[first:], start=first)), new_from=new_from,
                       fired={line.card_uid for line in lines[new_from:] if line.power},
                       names=[p["name"] for p in table["players"]], saved=_save_record(desk, session) if session.finished else None)
    return render(request, "play.html", context)


async def play_choose(request: Request) -> Response:
    desk = desk_of(request)
    key = request.path_params["key"]
    session: PlaySession = desk.played.get(key, "game")
    async with request.form(max_files=0, max_fields=4) as form:
        number = _int(form, "number", 0, 10**9, 0)
        index = _int(form, "option", 0, 10**6, None)
    if index is None:
        raise DeskError("Choose one of the options.")
    assert number is not None
    message = session.click(number, index)
    target = f"/play/{key}" + (f"?{urlencode({'message': message})}" if message else "")
    return RedirectResponse(target, status_code=303)


async def play_to_viewer(request: Request) -> Response:
    desk = desk_of(request)
    session: PlaySession = desk.played.get(request.path_params["key"], "game")
    if session.record is None:
        raise DeskError("The game is not over yet: it can be opened in the viewer when it ends.")
    key = await run_in_threadpool(_open, desk, session.record, f"your game, seed {session.seed}")
    return RedirectResponse(f"/viewer/{key}?step=end", status_code=303)


def routes() -> list[BaseRoute]:
    return [
        Route("/viewer", viewer_index),
        Route("/viewer/open", viewer_upload, methods=["POST"]),
        Route("/viewer/file", viewer_file, methods=["POST"]),
        Route("/viewer/seed", viewer_seed, methods=["POST"]),
        Route("/viewer/{key}", viewer),
        Route("/viewer/{key}/record.json", viewer_record),
        Route("/play", play_index),
        Route("/play/start", play_start, methods=["POST"]),
        Route("/play/{key}", play_page),
        Route("/play/{key}/choose", play_choose, methods=["POST"]),
        Route("/play/{key}/viewer", play_to_viewer, methods=["POST"]),
    ]
