"""The desk's web application: routes, templates, error pages, and the server (`importexport serve`).

Every failure a person can cause (an unknown card, broken YAML, a path outside the pack, a record of
another card set) becomes a `DeskError` whose message is shown on the page; anything else is logged in
the terminal and the page says that something went wrong, without a stack trace."""

from __future__ import annotations

import logging
import socket
import sys
from typing import Any

import uvicorn
from starlette.applications import Starlette
from starlette.datastructures import Headers
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount
from starlette.staticfiles import StaticFiles
from starlette.templating import Jinja2Templates
from starlette.types import ASGIApp, Receive, Scope, Send

from interpreter.web import deck, editor_routes, game_routes, pages, table_routes
from interpreter.web.desk import Desk, DeskError
from interpreter.web.render import templates

log = logging.getLogger("importexport.desk")
MAX_BODY = 25_000_000  # bytes of a request: a game record of a long game fits


def _wants_json(request: Request) -> bool:
    return request.url.path.startswith("/api/")


def one_line(message: str) -> str:
    """A message as one printable line (what a request sent may hold newlines or control characters)."""
    return message if message.isprintable() else message.encode("unicode_escape").decode("ascii")


def _error_page(request: Request, message: str, status: int) -> Response:
    message = one_line(message)
    if _wants_json(request):
        return JSONResponse({"error": message}, status_code=status)
    tpl: Jinja2Templates = request.app.state.templates
    try:
        return tpl.TemplateResponse(request, "error.html", {"message": message, "status": status, "title": "Problem"}, status_code=status)
    except Exception:  # the page itself failed: the message still gets through, as plain text
        log.exception("the error page failed")
        return PlainTextResponse(message, status_code=status)


async def desk_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, DeskError)
    return _error_page(request, str(exc), exc.status)


async def http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    messages = {404: f"There is no page {request.url.path} on the desk.", 405: "This page cannot be used that way.",
                413: "The request is too large."}
    return _error_page(request, messages.get(exc.status_code, str(exc.detail)), exc.status_code)


async def internal_error(request: Request, exc: Exception) -> Response:
    log.error("internal error on %s %s", request.method, request.url.path, exc_info=exc)
    return _error_page(request, f"The desk hit an internal error ({type(exc).__name__}). It goes on serving; the details "
                                f"are in the terminal that runs `importexport serve`.", 500)


SAFE_METHODS = ("GET", "HEAD", "OPTIONS")


class SameOrigin:
    """Refuses a request that changes something or costs work (any method but GET, HEAD, OPTIONS)
    when a browser says it comes from another site: a hostile page could otherwise post forms to
    the desk (start games, run examples, save cards). Browsers send `Origin` (and `Sec-Fetch-Site`)
    on such requests; a client that sends neither (curl, a script) is not a page of another site."""

    def __init__(self, app: ASGIApp):
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] not in SAFE_METHODS:
            request = Request(scope)
            problem = cross_site(request.headers, request.url.scheme)
            if problem:
                await _error_page(request, f"Refused: {problem}; the desk takes changes only from its own pages.", 403)(scope, receive, send)
                return
        await self.app(scope, receive, send)


def cross_site(headers: Headers, scheme: str) -> str | None:
    """Why a request's headers say it comes from another site, or None."""
    fetch_site = headers.get("sec-fetch-site")
    if fetch_site is not None and fetch_site not in ("same-origin", "none"):
        return f"this request comes from another site (Sec-Fetch-Site: {fetch_site[:40]})"
    origin = headers.get("origin")
    if origin is None:
        return None
    own = f"{scheme}://{headers.get('host', '')}"
    if origin != own:
        return f"this request comes from another site (Origin: {origin[:80]})"
    return None


def create_app(desk: Desk, hosts: tuple[str, ...] = ("127.0.0.1", "localhost")) -> Starlette:
    routes = [*pages.routes(), *editor_routes.routes(), *deck.routes(), *game_routes.routes(), *table_routes.routes(),
              Mount("/static", StaticFiles(packages=[("interpreter.web", "static")]), name="static")]
    app = Starlette(routes=routes, exception_handlers={DeskError: desk_error, HTTPException: http_error, Exception: internal_error},
                    middleware=[Middleware(TrustedHostMiddleware, allowed_hosts=list(hosts)), Middleware(SameOrigin)],
                    max_body_size=MAX_BODY)
    app.state.desk = desk
    app.state.templates = templates(desk)
    app.state.tables = table_routes.TableHall(desk, desk.settings.tables)
    return app


def bind(host: str, port: int) -> socket.socket:
    """The listening socket, bound before the server starts so that `--port 0` can say its port."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        raise ValueError(f"cannot listen on {host}:{port} ({exc.strerror or exc}); choose another --port") from None
    sock.listen(128)
    return sock


def serve(desk: Desk, host: str, port: int) -> None:
    sock = bind(host, port)
    hosts = ("127.0.0.1", "localhost", "[::1]", host) if host not in ("0.0.0.0", "::") else ("*",)
    app = create_app(desk, hosts)
    try:
        if app.state.tables.store.exists():  # one desk to a tables file (ValueError otherwise); else at its first table
            app.state.tables.store.claim()
    except ValueError:
        sock.close()
        raise
    port = sock.getsockname()[1]
    shown = f"[{host}]" if ":" in host else host
    logging.basicConfig(level=logging.INFO, format="%(message)s", stream=sys.stderr)
    try:
        resumed = app.state.tables.resume_all()  # a tables file that cannot be read is said before any address
    except ValueError:
        sock.close()
        app.state.tables.close()
        raise
    if not is_loopback(host):  # warned before the address is given: whoever reads the address has had the warning
        lan_warning(host)
    print(f"The designer's desk is at http://{shown}:{port}/  (Ctrl-C stops it)", flush=True)
    if not is_loopback(host):
        lan_where(host, port)
    if resumed:
        print(f"Resumed {resumed} table(s) from {desk.settings.tables}", flush=True)
    config = uvicorn.Config(app, log_level="warning", access_log=False, lifespan="off", timeout_graceful_shutdown=5)
    server = DeskServer(config, app.state.tables.closing.set)
    try:
        server.run(sockets=[sock])
    finally:
        app.state.tables.close()
        desk.played.close_all()
        for _, job in desk.tries.listing():
            job.stop()


class DeskServer(uvicorn.Server):
    """uvicorn's server, which first tells the tables' live feeds to end when it is asked to stop: a
    browser keeps a feed open, and the server would wait for it."""

    def __init__(self, config: uvicorn.Config, on_exit: Any):
        super().__init__(config)
        self.on_exit = on_exit

    def handle_exit(self, sig: int, frame: Any) -> None:
        self.on_exit()
        super().handle_exit(sig, frame)


def is_loopback(host: str) -> bool:
    return host in ("localhost",) or host.startswith("127.") or host == "::1"


def lan_address() -> str | None:
    """This computer's address on its network (the one a route to the outside would use), or None."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))  # a documentation address: nothing is sent, only a route is chosen
        return str(probe.getsockname()[0])
    except OSError:
        return None
    finally:
        probe.close()


def lan_warning(host: str) -> None:
    """Listening beyond this computer: what that exposes."""
    print(f"warning: --host {host} opens the desk to other computers: anyone who can reach this address can browse the cards, "
          "edit the pack and start games. Use it only on a network you trust.", file=sys.stderr, flush=True)


def lan_where(host: str, port: int) -> None:
    """Listening beyond this computer: where others reach it."""
    address = lan_address() if host in ("0.0.0.0", "::") else host
    if address:
        print(f"On your network, others reach it at http://{address}:{port}/ (send each player the link of a seat)", flush=True)
