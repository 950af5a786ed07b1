"""The desk's pages from its templates: the Jinja environment, and `render` for every route.

A module of its own so that app.py (which builds the application from the routes) and the route
modules (which render pages) both import it at the top, with no cycle between them."""

from __future__ import annotations

from typing import Any

import jinja2
from starlette.requests import Request
from starlette.responses import Response
from starlette.templating import Jinja2Templates

from interpreter.web.desk import Desk


def templates(desk: Desk) -> Jinja2Templates:
    env = jinja2.Environment(loader=jinja2.PackageLoader("interpreter.web", "templates"), autoescape=True,
                             trim_blocks=True, lstrip_blocks=True, undefined=jinja2.StrictUndefined)
    env.globals["colours"] = desk.good_colours()
    env.globals["desk"] = desk
    return Jinja2Templates(env=env)


def render(request: Request, name: str, context: dict[str, Any], status: int = 200) -> Response:
    tpl: Jinja2Templates = request.app.state.templates
    return tpl.TemplateResponse(request, name, context, status_code=status)
