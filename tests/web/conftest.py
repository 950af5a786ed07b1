"""The browser tests' fixtures (tests/web/browser.py): the desk server, Chromium, a page."""

from tests.web.browser import _one_page, browser_context, chromium, desk_server, page, playwright_driver  # noqa: F401
