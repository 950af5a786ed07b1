"""The desk's browser tests' harness: the desk started as `importexport serve` would be, and the
system's Chromium (Debian's package, /usr/bin/chromium) driven by Playwright.

Playwright cannot download its own browsers here, so it is pointed at the system's Chromium. When the
browser is missing the tests are skipped on a developer's machine but FAIL in CI (CI is set there):
`.ci/run` installs Chromium first, so a missing browser in CI is a broken set-up, not a reason to skip.
Set DESK_SCREENSHOTS=FOLDER to keep a PNG of each page the tests visit."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NoReturn

import pytest

CHROMIUM = os.environ.get("DESK_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
LAPTOP = {"width": 1440, "height": 900}


def missing(reason: str) -> NoReturn:
    """No browser to test with: a failure in CI, a skip elsewhere."""
    if os.environ.get("CI"):
        pytest.fail(f"{reason}; CI must have it (.ci/run installs it with apt-get)", pytrace=False)
    pytest.skip(reason)


class Desk:
    """A desk server running in a child process, as a designer starts it."""

    def __init__(self, folder: Path, *extra: str):
        self.folder = folder
        self.pack = folder / "pack"
        self.records = folder / "records"
        self.runs = folder / "runs"
        cmd = [sys.executable, "-m", "interpreter", "serve", "--port", "0", "--pack", str(self.pack),
               "--records", str(self.records), "--runs", str(self.runs), *extra]
        self.process = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=folder)
        assert self.process.stdout is not None
        first = self.process.stdout.readline()
        found = re.search(r"http://[\d.]+:\d+", first)
        if not found:
            self.process.kill()
            raise RuntimeError(f"the desk did not start: {first}{self.process.stderr.read() if self.process.stderr else ''}")
        self.url = found.group(0)

    def stop(self) -> str:
        """Stop the server; what it wrote on stderr (internal errors are logged there)."""
        self.process.terminate()
        try:
            _, err = self.process.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            _, err = self.process.communicate()
        return err


@pytest.fixture(scope="session")
def desk_server() -> Iterator[Desk]:
    with tempfile.TemporaryDirectory(prefix="desk-test-") as folder:
        desk = Desk(Path(folder))
        yield desk
        err = desk.stop()
        assert "Traceback" not in err, f"the desk logged an internal error:\n{err}"


@pytest.fixture(scope="session")
def playwright_driver() -> Iterator[Any]:
    """Playwright's one driver for the session: its sync API runs one at a time in a thread, so every
    browser of the tests (the shared context below, the tables' separate people) is launched from it."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        missing("the Python package playwright is not installed (pip install -e '.[test]')")
    if not Path(CHROMIUM).exists():
        missing(f"no Chromium at {CHROMIUM} (apt-get install -y chromium)")
    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def chromium(playwright_driver: Any) -> Iterator[Any]:
    """The session's one Chromium: each test or module opens the contexts (separate people) it needs."""
    browser = playwright_driver.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
    yield browser
    browser.close()


@pytest.fixture(scope="session")
def browser_context(chromium: Any) -> Iterator[Any]:
    """The session's shared context (one person's tabs), in the session's one Chromium: a context of
    its own rather than a second Chromium with a persistent profile (no test needs anything kept on
    disk between runs)."""
    context = chromium.new_context(viewport=LAPTOP)
    context.set_default_timeout(30_000)
    yield context
    context.close()


@pytest.fixture
def page(browser_context: Any) -> Iterator[Any]:
    page = browser_context.new_page()
    yield page
    page.close()


def shot(page: Any, name: str, *, full: bool = False) -> None:
    """Keep a screenshot of the page when DESK_SCREENSHOTS names a folder."""
    folder = os.environ.get("DESK_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"), full_page=full)
