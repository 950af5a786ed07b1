"""The card editor: its page, and the JSON API its script calls as the designer types (check, run
examples, save into the pack, try it)."""

from __future__ import annotations

import difflib
import re
from pathlib import Path
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from interpreter.cards.budget import LIVE_CHECK_SECONDS, CheckBudget
from interpreter.cards.model import ACTION_TYPES, GOOD_TYPES
from interpreter.cards.textpos import editor_lines
from interpreter.jsonread import MAX_DEPTH as MAX_JSON_DEPTH
from interpreter.jsonread import JsonRefused, read_json
from interpreter.lang.grammar import keywords
from interpreter.lang.shorthands import SLOT, builtin
from interpreter.lsp.completion import suggestions
from interpreter.lsp.documents import CARD
from interpreter.lsp.powerline import power_at
from interpreter.mods.skeleton import SkeletonError, sample_card, set_name
from interpreter.web.cardview import card_face
from interpreter.web.desk import Desk, DeskError
from interpreter.web.editing import SAFE_STEM, Base, check_text, run_examples, save_card, target_path
from interpreter.web.numbers import whole
from interpreter.web.pages import _shown, card_yaml, desk_of
from interpreter.web.render import render
from interpreter.web.saving import SaveConflict, version_of
from interpreter.web.tryit import MAX_GAMES, TryJob

NEW_CARD_ID = "my_new_card"


def new_card(desk: Desk) -> str:
    """The text "+ new card" opens: `init`'s sample card, which passes its checks and its example, in
    the set of the desk's pack (or `my_cards` when the desk has no pack)."""
    pack = desk.settings.pack
    try:
        card_set = set_name(pack.resolve()) if pack is not None else "my_cards"
    except SkeletonError:
        card_set = "my_cards"
    return sample_card(NEW_CARD_ID, "My New Card", card_set)


def power_words(desk: Desk) -> dict[str, Any]:
    """The word lists the editor highlights power lines with: the words of the language (from the
    grammar its registry makes, as the language server completes them), the good types with their
    colours, the colours and the actions."""
    phrases = {w for s in builtin() for w in re.findall(r"[a-z][a-z'-]*", SLOT.sub(" ", s.says.lower()))}
    colours = desk.good_colours()
    return {"keywords": sorted(set(keywords()) | phrases), "goods": list(GOOD_TYPES), "actions": list(ACTION_TYPES),
            "colours": sorted(set(colours.values())), "colour_of": colours}


async def editor(request: Request) -> Response:
    desk = desk_of(request)
    card_id = request.path_params.get("card_id")
    if card_id:
        entry = desk.card(card_id)
        text, shown = card_yaml(entry.card.path), _shown(entry.card.path)
    else:
        text, shown = new_card(desk), "a new card"
    save_path, base = _saved_where(desk.settings.pack, card_id or "", entry.card.path if card_id else "")
    return render(request, "editor.html", {"text": text, "shown": shown, "card_id": card_id or "", "pack": desk.settings.pack,
                                           "words": power_words(desk), "save_path": save_path, "base": base,
                                           "try_games": desk.settings.try_games, "title": f"Edit {card_id or 'a new card'}"})


def _saved_where(pack: Path | None, card_id: str, card_path: str) -> tuple[str, dict[str, str | None]]:
    """Where the editor saves a card by default (its file, when it is a card of the pack; else
    cards/ID.yaml), and the base of the text shown: that file and its version now (None if absent)."""
    if pack is None or not card_id:
        return "", {"path": "", "version": None}
    cards = (pack.resolve() / "cards")
    own = Path(card_path).resolve() if card_path else None
    if own is not None and own.is_relative_to(cards):
        return own.relative_to(pack.resolve()).as_posix(), {"path": str(own), "version": version_of(own)}
    try:
        target = target_path(pack, "", card_id)
    except DeskError:
        return "", {"path": "", "version": None}
    return "", {"path": str(target), "version": version_of(target)}


REFUSED_JSON = {"encoding": "The request is not valid JSON.", "syntax": "The request is not valid JSON.",
                "depth": f"The request is nested too deeply: a request of the editor nests at most {MAX_JSON_DEPTH} levels.",
                "unicode": "The request holds text that is not Unicode (a lone surrogate such as \\ud800); send the text in UTF-8."}


async def _body(request: Request) -> dict[str, Any]:
    if request.headers.get("content-type", "").split(";")[0].strip() != "application/json":
        raise DeskError("The editor's API takes JSON (Content-Type: application/json).", 415)
    try:
        body = read_json(await request.body())
    except JsonRefused as exc:
        raise DeskError(REFUSED_JSON[exc.kind]) from None
    if not isinstance(body, dict) or not isinstance(body.get("text", ""), str):
        raise DeskError("The request needs `text`: the card's YAML.")
    return body


def _fragment(request: Request, name: str, context: dict[str, Any]) -> str:
    tpl = request.app.state.templates
    return str(tpl.get_template(name).render(context))


async def api_check(request: Request) -> Response:
    body = await _body(request)
    budget = CheckBudget(LIVE_CHECK_SECONDS)  # a check as you type answers in about a keystroke's time
    checked = await run_in_threadpool(check_text, body.get("text", ""), str(body.get("name") or "card"), budget)
    diagnostics = [{"line": d.line, "col": d.col, "code": d.code, "message": d.message, "text": str(d)} for d in checked.diagnostics]
    colours = desk_of(request).good_colours()
    preview = card_face(checked.card, colours) if checked.card is not None else None
    html = _fragment(request, "_check.html", {"checked": checked, "preview": preview, "colours": colours})
    return JSONResponse({"ok": checked.card is not None, "diagnostics": diagnostics, "html": html})


async def api_examples(request: Request) -> Response:
    desk = desk_of(request)
    body = await _body(request)
    results = await run_in_threadpool(run_examples, body.get("text", ""), desk.cards, desk.rules, str(body.get("name") or "card"))
    return JSONResponse({"html": _fragment(request, "_examples.html", {"results": results})})


def _base(body: dict[str, Any]) -> Base | None:
    """`base`: {"path": the file the editor's text came from, as `saved` or the page gave it;
    "version": its version then, or null if there was no such file}. Absent: a new file."""
    base = body.get("base")
    if base is None:
        return None
    if (not isinstance(base, dict) or not isinstance(base.get("path"), str)
            or not (base.get("version") is None or isinstance(base.get("version"), str))):
        raise DeskError("`base` is what the text was based on: {\"path\": the file, \"version\": its version or null}.")
    return Base(base["path"], base["version"])


async def api_save(request: Request) -> Response:
    desk = desk_of(request)
    body = await _body(request)
    text = body.get("text", "")
    try:
        saved = await run_in_threadpool(save_card, desk, str(body.get("path", "")), text, _base(body))
    except SaveConflict as conflict:
        disk = conflict.disk or ""
        html = _fragment(request, "_conflict.html", {"path": str(conflict.path), "disk": disk, "yours": text,
                                                     "diff": conflict_diff(disk, text)})
        return JSONResponse({"error": str(conflict), "html": html, "conflict": {
            "path": str(conflict.path), "version": conflict.version, "disk": disk, "yours": text}}, status_code=409)
    return JSONResponse({"saved": str(saved.path), "version": saved.version,
                         "message": f"Saved to {saved.path}. The gallery now shows the card from the pack."})


def conflict_diff(disk: str, yours: str) -> list[tuple[str, str]]:
    """The lines of the two texts, as a unified diff: (kind, line), kind `-` on disk only, `+` yours only."""
    lines = difflib.unified_diff(disk.splitlines(), yours.splitlines(), "on disk", "yours", n=2, lineterm="")
    return [(line[:1] if line[:1] in "+-@" else " ", line) for line in list(lines)[2:]]


async def api_target(request: Request) -> Response:
    """Where a save would write, or why it would be refused (shown beside the save button)."""
    desk = desk_of(request)
    body = await _body(request)
    raw_id = str(body.get("id", ""))
    card_id = raw_id if SAFE_STEM.match(raw_id) else "card"  # an id that is no file name (`../../x`) is not suggested as one
    try:
        return JSONResponse({"path": str(target_path(desk.settings.pack, str(body.get("path", "")), card_id))})
    except DeskError as exc:
        return JSONResponse({"error": str(exc)})


def _number(body: dict[str, Any], key: str, lo: int, hi: int, default: int) -> int:
    value = body.get(key, default)
    written = whole(value.strip()) if isinstance(value, str) else None  # `"12"` as 12
    if written is not None:
        value = written
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise DeskError(f"`{key}` must be a whole number from {lo} to {hi}; got `{str(value)[:40]}`.")
    return value


async def api_try(request: Request) -> Response:
    desk = desk_of(request)
    body = await _body(request)
    games = _number(body, "games", 1, MAX_GAMES, desk.settings.try_games)
    players = _number(body, "players", desk.rules.min_players, desk.rules.max_players, 4)
    checked = await run_in_threadpool(check_text, body.get("text", ""), "card")
    if checked.card is None:
        raise DeskError("Fix the card's problems first: only a card that passes the checks can be tried.")
    job = TryJob(desk.cards, checked.card, desk.rules, games, players)
    return JSONResponse({"id": desk.tries.add(job), "total": job.total})


async def api_try_status(request: Request) -> Response:
    desk = desk_of(request)
    job: TryJob = desk.tries.get(request.path_params["job"], "try")
    html = _fragment(request, "_try.html", {"job": job}) if job.finished else ""
    return JSONResponse({"done": job.done, "total": job.total, "finished": job.finished, "error": job.error, "html": html})


MAX_SUGGESTIONS = 60  # completions sent for one request; the editor shows them in a scrolling list


async def api_complete(request: Request) -> Response:
    """Completion at a position of the card text: the language server's own (lsp/completion.py),
    the words that can come next in a power line, asked of the parser, and the registry's examples
    that continue it; elsewhere the card's fields and their values."""
    body = await _body(request)
    text = body.get("text", "")
    line = _number(body, "line", 0, max(0, text.count("\n")), 0)
    character = _number(body, "character", 0, len(text), 0)
    lines = editor_lines(text)
    power = power_at(lines, line) if line < len(lines) else None
    in_power = power is not None and power.line == line and character >= power.start
    found = await run_in_threadpool(suggestions, text, line, character, CARD)
    items = [{"label": s.label, "insert": s.insert, "kind": s.kind, "detail": s.detail, "documentation": s.documentation,
              "from": s.replace_from} for s in found[:MAX_SUGGESTIONS]]
    return JSONResponse({"power": in_power, "items": items})


def routes() -> list[BaseRoute]:
    return [
        Route("/edit", editor),
        Route("/edit/{card_id}", editor),
        Route("/api/check", api_check, methods=["POST"]),
        Route("/api/examples", api_examples, methods=["POST"]),
        Route("/api/save", api_save, methods=["POST"]),
        Route("/api/target", api_target, methods=["POST"]),
        Route("/api/complete", api_complete, methods=["POST"]),
        Route("/api/try", api_try, methods=["POST"]),
        Route("/api/try/{job}", api_try_status),
    ]

