"""The desk's online tables (/tables) and its print-and-play sheets (/print.pdf).

A table is made on /tables (seats, bots, sets, packs, options, seed, hot-seat); its links page
(/tables/ID/links, shown only on the desk's own computer) gives one secret link per person's seat
and one for spectators. Everything a link may do goes through its token: /t/TOKEN is the page,
/api/t/TOKEN/state its data (JSON), /api/t/TOKEN/events the live feed (server-sent events: a line
each time the table changes; the page then fetches its part again), POST /t/TOKEN/choose, /undo,
/reveal. A token names its table and seat: there is no way to name another table or another seat."""

from __future__ import annotations

import asyncio
import ipaddress
import json
import logging
import secrets
import threading
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from starlette.concurrency import run_in_threadpool
from starlette.datastructures import FormData
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response, StreamingResponse
from starlette.routing import BaseRoute, Route

from interpreter.cards.catalog import choose_sets
from interpreter.cards.loader import CardSet
from interpreter.engine.errors import SetupError
from interpreter.engine.options import MAX_SEED, GameOptions, OptionError, parse_option
from interpreter.mods.apply import apply_packs
from interpreter.printing.faces import print_set
from interpreter.web.desk import Desk, DeskError, expansions_for
from interpreter.web.numbers import whole
from interpreter.web.online import OnlineTable, Role, TableSettings, create_table, resume_table
from interpreter.web.pages import desk_of
from interpreter.web.play import BOTS
from interpreter.web.render import render
from interpreter.web.tablestore import TableStore
from interpreter.web.viewer import view_record

log = logging.getLogger("importexport.desk")
MAX_TABLES = 40  # tables kept running at once; a finished one still counts until the server restarts
HEARTBEAT = 15.0  # seconds between two keep-alive lines of the live feed


class TableHall:
    """The desk's tables, by id and by token, and their SQLite store; the stored tables are resumed
    when the desk starts."""

    def __init__(self, desk: Desk, path: Path):
        self.desk = desk
        self.store = TableStore(path)
        self.tables: dict[str, OnlineTable] = {}
        self.roles: dict[str, Role] = {}
        self.lock = threading.Lock()
        self.closing = threading.Event()  # the server is stopping: the live feeds end
        self._cards: dict[tuple[str, tuple[str, ...]], CardSet] = {}

    def cards_for(self, expansions: str, mods: tuple[str, ...]) -> CardSet:
        key = (expansions, mods)
        if key not in self._cards:
            cards = choose_sets(self.desk.all_shipped, expansions)
            if mods:
                cards = apply_packs(cards, [Path(m) for m in mods]).cards
            self._cards[key] = cards
        return self._cards[key]

    def resume_all(self) -> int:
        """Start every stored table again (its decision log played back); the count resumed."""
        count = 0
        for stored in self.store.load_all():
            settings = stored.settings
            try:
                cards = self.cards_for(settings["expansions"], tuple(settings["mods"]))
                table = resume_table(self.store, stored, cards, self.desk.rules, self.desk.settings.bot_pause,
                                     self.desk.settings.records)
            except Exception as exc:  # a pack gone or broken since, a setting no longer accepted: the others go on
                log.warning("table %s cannot be resumed: %s", stored.id, exc)
                continue
            self._add(table)
            count += 1
        return count

    def _add(self, table: OnlineTable) -> None:
        with self.lock:
            self.tables[table.id] = table
            self.roles.update(table.roles())

    def create(self, settings: TableSettings) -> OnlineTable:
        with self.lock:
            running = sum(1 for t in self.tables.values() if t.status == "running")
        if running >= MAX_TABLES:
            raise DeskError(f"{MAX_TABLES} tables are running on this desk; finish one first.", 409)
        try:
            self.store.claim()  # the desk's first table: the file becomes this desk's
        except ValueError as exc:
            raise DeskError(f"No table can be opened here: {exc}.", 409) from exc
        cards = self.cards_for(settings.expansions, settings.mods)
        try:
            table = create_table(self.store, settings, cards, self.desk.rules, self.desk.settings.bot_pause,
                                 self.desk.settings.records)
        except SetupError as exc:  # an option that does not fit this table (a first leader beyond its seats)
            raise DeskError(f"This table cannot start: {exc}.", 400) from exc
        self._add(table)
        return table

    def role(self, token: str) -> Role:
        with self.lock:
            role = self.roles.get(token)
        if role is None:
            raise DeskError("This table link is not known here: check that it was copied whole.", 404)
        return role

    def table(self, table_id: str) -> OnlineTable:
        with self.lock:
            table = self.tables.get(table_id)
        if table is None:
            raise DeskError(f"There is no table {table_id} on this desk.", 404)
        return table

    def listing(self) -> list[OnlineTable]:
        with self.lock:
            return sorted(self.tables.values(), key=lambda t: -t.created)

    def close(self) -> None:
        for table in self.listing():
            table.stop()
        self.store.close()


def hall_of(request: Request) -> TableHall:
    hall: TableHall | None = getattr(request.app.state, "tables", None)
    if hall is None:
        raise DeskError("Online tables are not available on this desk.", 404)
    return hall


# ------------------------------------------------------------------------------------ guards

def on_this_computer(request: Request) -> None:
    host = request.client.host if request.client else ""
    try:
        local = host in ("testclient", "localhost") or ipaddress.ip_address(host).is_loopback
    except ValueError:
        local = False
    if not local:
        raise DeskError("The seat links of a table are shown only on the computer that runs the desk.", 403)


# ------------------------------------------------------------------------------------ forms

def _text(form: FormData, key: str, default: str = "") -> str:
    raw = form.get(key)
    return raw.strip() if isinstance(raw, str) else default


def _whole(form: FormData, key: str, lo: int, hi: int, default: int | None) -> int | None:
    text = _text(form, key)
    if not text:
        return default
    value = whole(text)
    if value is None or not lo <= value <= hi:
        raise DeskError(f"`{key}` must be a whole number from {lo} to {hi}; got `{text[:40]}`.")
    return value


def table_settings(form: FormData, desk: Desk) -> TableSettings:
    """The new table's settings from the form; a bad value is a DeskError naming the field."""
    rules = desk.rules
    players = _whole(form, "players", rules.min_players, rules.max_players, 4)
    assert players is not None
    people = _whole(form, "people", 1, players, 1)
    assert people is not None
    bots = _text(form, "bots", "heuristic") or "heuristic"
    if bots not in BOTS:
        raise DeskError(f"`bots` is one of {', '.join(BOTS)}; got `{bots[:40]}`.")
    seed = _whole(form, "seed", 0, MAX_SEED, None)
    try:
        expansions = expansions_for(_text(form, "sets") or desk.expansions, desk.set_names)
    except ValueError as exc:
        raise DeskError(f"`sets`: {exc}.") from None
    offered = {str(p) for p in desk.pack_paths()}
    mods = tuple(str(p) for p in desk.pack_paths() if str(p) in form.getlist("packs")) if "packs_given" in form else tuple(offered)
    unknown = [m for m in form.getlist("packs") if isinstance(m, str) and m not in offered]
    if unknown:
        raise DeskError(f"`packs`: `{unknown[0][:80]}` is not a pack of this desk.")
    options = tuple(line.strip() for line in _text(form, "options").splitlines() if line.strip())
    for line in options:
        try:
            parse_option(line, desk_default_options())
        except OptionError as exc:
            raise DeskError(f"`options`: {exc}") from None
    hot_seat = _text(form, "hot_seat") in ("1", "on", "yes")
    seats = tuple("person" if i < people else "bot" for i in range(players))
    # a seed left to the desk is drawn from the system's secret source, from a trillion: the seed deals
    # every hand and orders the deck, and one of a million could be found from a seat's own cards
    # by trying them all (about 15 CPU minutes)
    chosen_seed = seed if seed is not None else 1 + secrets.randbelow(MAX_SEED)
    title = f"{players} seats, {people} {'person' if people == 1 else 'people'}" + (" at one screen" if hot_seat else "")
    return TableSettings(players, seats, bots, chosen_seed, expansions, mods, options, hot_seat, title)


def desk_default_options() -> Any:
    return GameOptions()


# ------------------------------------------------------------------------------------ pages

async def tables_index(request: Request) -> Response:
    desk = desk_of(request)
    hall = hall_of(request)
    try:
        on_this_computer(request)
        local = True
    except DeskError:
        local = False
    return render(request, "tables.html", {"tables": hall.listing(), "local": local, "bots": BOTS, "title": "Tables",
                                           "packs": [str(p) for p in desk.pack_paths()]})


async def tables_new(request: Request) -> Response:
    on_this_computer(request)
    desk = desk_of(request)
    hall = hall_of(request)
    async with request.form(max_files=0, max_fields=40) as form:
        settings = table_settings(form, desk)
    table = await run_in_threadpool(hall.create, settings)
    return RedirectResponse(f"/tables/{table.id}/links", status_code=303)


async def table_links(request: Request) -> Response:
    on_this_computer(request)
    table = hall_of(request).table(request.path_params["table"])
    base = str(request.base_url).rstrip("/")
    return render(request, "table_links.html", {"table": table, "base": base, "title": f"Table {table.id}"})


def _role(request: Request) -> Role:
    return hall_of(request).role(request.path_params["token"])


async def table_page(request: Request) -> Response:
    role = _role(request)
    payload = role.table.payload(role)
    return render(request, "table.html", {"p": payload, "token": request.path_params["token"], "book": role.table.book,
                                          "message": request.query_params.get("message", "")[:300],
                                          "title": f"Table {role.table.id}: {role.name}"})


async def table_part(request: Request) -> Response:
    """The changing part of the page (the table, the decision, the log), fetched when the feed says so."""
    role = _role(request)
    return render(request, "_table_part.html", {"p": role.table.payload(role), "token": request.path_params["token"]})


async def table_state(request: Request) -> Response:
    role = _role(request)
    return JSONResponse(role.table.payload(role), headers={"Cache-Control": "no-store"})


async def table_events(request: Request) -> Response:
    """Server-sent events: `data: VERSION` each time the table changes, a comment line as keep-alive.
    A browser's EventSource reconnects by itself (after a lost connection or a server restart)."""
    role = _role(request)
    table = role.table
    closing = hall_of(request).closing

    async def feed() -> AsyncIterator[str]:
        version = -1
        quiet = 0.0
        yield "retry: 1000\n\n"
        while not closing.is_set():
            if await request.is_disconnected():
                return
            if table.version != version:
                version = table.version
                quiet = 0.0
                yield f"data: {version}\n\n"
            await asyncio.sleep(0.2)
            quiet += 0.2
            if quiet >= HEARTBEAT:
                quiet = 0.0
                yield ": keep-alive\n\n"
    return StreamingResponse(feed(), media_type="text/event-stream", headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})


def _back(request: Request, message: str | None) -> Response:
    token = request.path_params["token"]
    if request.headers.get("accept", "").startswith("application/json"):
        if message:
            return JSONResponse({"error": message}, status_code=409)
        return JSONResponse({"ok": True})
    return RedirectResponse(f"/t/{token}" + (f"?{urlencode({'message': message})}" if message else ""), status_code=303)


def _acting_seat(role: Role) -> int:
    """The seat a request acts for: its own; on a hot-seat screen, the seat whose hand is shown."""
    if role.hot:
        seat = role.table.payload(role)["seat"]
        if seat is None:
            raise DeskError("Pass the screen to the player asked, who shows the hand first.", 409)
        return int(seat)
    if role.seat is None:
        raise DeskError("A spectator watches the table; only a seat's link can play.", 403)
    return role.seat


async def table_choose(request: Request) -> Response:
    role = _role(request)
    seat = _acting_seat(role)
    async with request.form(max_files=0, max_fields=4) as form:
        number = _whole(form, "number", 0, 10**9, None)
        option = _whole(form, "option", 0, 10**6, None)
    if number is None or option is None:
        raise DeskError("Choose one of the options (`number` and `option` are needed).")
    return _back(request, role.table.click(seat, number, option))


async def table_undo(request: Request) -> Response:
    role = _role(request)
    seat = _acting_seat(role)
    if not role.table.undo_allowed(seat):
        raise DeskError("Undo is for a game against bots (one person at the table, or a hot-seat screen).", 409)
    return _back(request, await run_in_threadpool(role.table.undo, seat))


async def table_reveal(request: Request) -> Response:
    role = _role(request)
    if not role.hot:
        raise DeskError("Only a hot-seat screen passes between players.", 403)
    payload = role.table.payload(role)
    if payload["cover_seat"] is None:
        return _back(request, None)
    role.table.reveal(int(payload["cover_seat"]))
    return _back(request, None)


async def table_record(request: Request) -> Response:
    role = _role(request)
    table = role.table
    if table.status != "finished" or table.record is None:
        raise DeskError("The game is not over yet: its record is given when it ends.", 409)
    return Response(json.dumps(table.record, indent=1), media_type="application/json",
                    headers={"Content-Disposition": f'attachment; filename="table-{table.id}-seed{table.settings.seed}.json"'})


async def table_to_viewer(request: Request) -> Response:
    desk = desk_of(request)
    role = _role(request)
    table = role.table
    if table.status != "finished" or table.record is None:
        raise DeskError("The game is not over yet: it can be opened in the viewer when it ends.", 409)
    viewed = await run_in_threadpool(view_record, table.record, desk.rules, f"table {table.id}", desk.pack_paths(),
                                        desk.all_shipped)
    return RedirectResponse(f"/viewer/{desk.viewed.add(viewed)}?step=end", status_code=303)


# ------------------------------------------------------------------------------------ print

async def print_sheets(request: Request) -> Response:
    """The print-and-play PDF of the desk's cards (its sets and packs), as `importexport print` makes it."""
    desk = desk_of(request)
    paper = request.query_params.get("paper", "a4")
    if paper not in ("a4", "letter"):
        raise DeskError(f"`paper` is a4 or letter; got `{paper[:20]}`.")
    backs = request.query_params.get("backs", "1") != "0"
    try:
        # optional dependency: reportlab (the `print` extra), which sheets.py draws with; without it the desk serves on and says what to install
        from interpreter.printing.sheets import write_sheets
    except ImportError as exc:
        raise DeskError(f"Printing needs the optional extra `print` ({exc.name} is missing): pip install -e '.[print]'.", 501) from None
    with desk.lock:
        cards = desk.cards
        origin = {e.card.id: e.pack for e in desk.entries.values() if e.pack}
    ps = print_set(cards, origin, desk.expansions, GameOptions(), rules=desk.rules)
    pdf, _ = await run_in_threadpool(lambda: write_sheets(ps, paper, backs=backs))
    return Response(pdf, media_type="application/pdf",
                    headers={"Content-Disposition": f'inline; filename="importexport-cards-{paper}.pdf"'})


def routes() -> list[BaseRoute]:
    return [
        Route("/tables", tables_index),
        Route("/tables/new", tables_new, methods=["POST"]),
        Route("/tables/{table}/links", table_links),
        Route("/t/{token}", table_page),
        Route("/t/{token}/part", table_part),
        Route("/t/{token}/choose", table_choose, methods=["POST"]),
        Route("/t/{token}/undo", table_undo, methods=["POST"]),
        Route("/t/{token}/reveal", table_reveal, methods=["POST"]),
        Route("/t/{token}/record.json", table_record),
        Route("/t/{token}/viewer", table_to_viewer, methods=["POST"]),
        Route("/api/t/{token}/state", table_state),
        Route("/api/t/{token}/events", table_events),
        Route("/print.pdf", print_sheets),
    ]
