"""The browser tests' fixtures (tests/web/browser.py): the desk server, Chromium, a page."""

from tests.web.browser import browser_context, desk_server, page  # noqa: F401
