"""The desk's browser tests' harness: the desk started as `importexport serve` would be, and the
system's Chromium (Debian's headless shell, or the full browser when the shell is not installed)
driven by Playwright.

Playwright cannot download its own browsers here, so it is pointed at the system's Chromium. When the
browser is missing the tests are skipped on a developer's machine but FAIL in CI (CI is set there):
`.ci/run` installs Chromium first, so a missing browser in CI is a broken set-up, not a reason to skip.
Set DESK_SCREENSHOTS=FOLDER to keep a PNG of each page the tests visit."""

from __future__ import annotations

import inspect
import os
import re
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NoReturn

import pytest

# Chromium's headless shell when it is installed (Debian's chromium-headless-shell: the same engine built
# for headless use, without the full browser's windows, address bar and profile services; what Playwright
# itself runs for headless Chromium), else the full browser in its headless mode. Every process counted
# (perf stat -e task-clock), the browser tests cost 136 s of CPU with the full browser, 88 s with the
# shell (issue 28, item 5). The binary, not /usr/bin/chromium-headless-shell: that is a shell script
# that would keep running as the browser's parent, and Playwright expects the browser process itself.
HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell"
FULL_BROWSER = "/usr/bin/chromium"
CHROMIUM = os.environ.get("DESK_CHROMIUM") or (HEADLESS_SHELL if Path(HEADLESS_SHELL).exists() else FULL_BROWSER)
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 # Each page Playwright opens is a browser window in the new headless mode, and each window
                 # preloads the address bar's two drop-down lists as WebUI pages in a renderer process of
                 # their own: about 0.6 s of CPU per page opened, for lists no test (and no headless page)
                 # ever shows. Measured: a new page and a first load cost 1.17 s of Chromium CPU with them,
                 # 0.57 s without (issue 28, item 5).
                 "--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup"]
LAPTOP = {"width": 1440, "height": 900}

# Chromium keeps only the last `--disable-features` (and `--enable-features`) of its command line, and
# Playwright passes its own lists before our arguments: ours would silently drop Playwright's. So
# Chromium is started through a launcher that joins the lists of every occurrence into one switch.
FEATURE_SWITCHES = ("--disable-features=", "--enable-features=")


def join_feature_switches(args: list[str]) -> list[str]:
    """`args` with each feature switch given once, naming every feature of all its occurrences."""
    kept: list[str] = []
    features: dict[str, list[str]] = {}
    for arg in args:
        switch = next((s for s in FEATURE_SWITCHES if arg.startswith(s)), None)
        if switch is None:
            kept.append(arg)
        else:
            names = features.setdefault(switch, [])
            names += [name for name in arg[len(switch):].split(",") if name and name not in names]
    return kept + [switch + ",".join(names) for switch, names in features.items()]


def write_launcher(folder: Path) -> Path:
    """The launcher, an executable script in `folder`: run by this Python, it replaces itself with
    Chromium at once (the same process, as Playwright expects), passing the arguments joined."""
    launcher = folder / "chromium"
    launcher.write_text(f"#!{sys.executable}\nimport os, sys\nFEATURE_SWITCHES = {FEATURE_SWITCHES!r}\n\n"
                        + inspect.getsource(join_feature_switches)
                        + f"\n\nos.execv({CHROMIUM!r}, [{CHROMIUM!r}, *join_feature_switches(sys.argv[1:])])\n")
    launcher.chmod(0o755)
    return launcher


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
        missing(f"no Chromium at {CHROMIUM} (apt-get install -y chromium-headless-shell)")
    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def chromium(playwright_driver: Any) -> Iterator[Any]:
    """The session's one Chromium: each test or module opens the contexts (separate people) it needs."""
    with tempfile.TemporaryDirectory(prefix="chromium-launcher-") as folder:
        launcher = write_launcher(Path(folder))
        browser = playwright_driver.chromium.launch(executable_path=str(launcher), args=CHROMIUM_ARGS, headless=True)
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


@pytest.fixture(scope="session")
def _one_page(browser_context: Any) -> dict[str, Any]:
    """The page the `page` fixture lends each test in turn (a holder, so that a test that closed it
    or crashed it gets a new one)."""
    return {}


@pytest.fixture
def page(browser_context: Any, _one_page: dict[str, Any]) -> Iterator[Any]:
    """A page of the shared context, as a freshly opened one: blank, at the laptop's size. It is the
    same page test after test, taken back to a blank document between them: each page opened is a
    window of Chromium's own (0.6 s of CPU to make), and a blank document leaves nothing of the last
    test running (no timer, no request, no listener)."""
    page = _one_page.get("page")
    if page is None or page.is_closed():
        page = _one_page["page"] = browser_context.new_page()
    yield page
    if not page.is_closed():
        try:
            page.goto("about:blank")
            page.set_viewport_size(LAPTOP)
        except Exception:  # a crashed page: the next test gets a new one
            page.close()


def shot(page: Any, name: str, *, full: bool = False) -> None:
    """Keep a screenshot of the page when DESK_SCREENSHOTS names a folder."""
    folder = os.environ.get("DESK_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"), full_page=full)
