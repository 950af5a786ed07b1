"""Shared fixtures: the shipped rules data and card set, and helpers to build game states by hand.

The test sessions keep a card and parser cache (interpreter/cache.py) of their own, apart from the
user's: `$IMPORTEXPORT_CACHE` if set, else `importexport-tests` beside the user's cache folder. Every
entry is named by a hash of what it was built from (the grammar's text, a card file's bytes and path,
the interpreter's code), so what an earlier run left is used only where it is what this run would
build: the parser tables (about 5 s of CPU to build) survive every change but one to the grammar, the
loaded cards every change but one to the code. A test that patches the card loader should set
IMPORTEXPORT_CACHE=off, or it may be served what the unpatched loader built."""

from __future__ import annotations

import compileall
import gc
import os
import tempfile
from pathlib import Path

import pytest

import interpreter
from interpreter.cache import ENV as CACHE_ENV


def pytest_sessionstart(session: pytest.Session) -> None:
    """Write the package's bytecode (its __pycache__ folders) before any test starts a process of the
    tool. The CLI subprocesses, desk servers and language servers the tests start then read it, as an
    installed tool's processes do (pip compiles a wheel's modules as it installs them). Where
    PYTHONDONTWRITEBYTECODE is set, as on the CI machine, no process writes it, and each of those
    processes compiled every module it imported again: about 0.4 s of CPU a process. Measured on
    the test files of the desk's saves, the language server, balance runs and the CLI: 40 s of CPU
    without, 31 s with. Only what is missing or out of date is compiled (about 1 s for all of it)."""
    # a file that cannot be written is passed over (quiet=2: nothing printed), and its processes compile it
    compileall.compile_dir(Path(interpreter.__file__).parent, quiet=2)


def _tests_cache() -> str:
    """Beside the user's cache, not in it: the tests' temporary card files would crowd it."""
    try:
        return str(Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "importexport-tests")
    except RuntimeError:  # no home folder: a cache for this session alone
        return tempfile.mkdtemp(prefix="importexport-test-cache-")


if not os.environ.get(CACHE_ENV):
    os.environ[CACHE_ENV] = _tests_cache()

from interpreter.cards.loader import CardSet  # noqa: E402  (after the cache folder is chosen)
from interpreter.cards.rulesdata import RulesData  # noqa: E402
from tests.helpers import ALL_CARDS, RULES  # noqa: E402

SLOW_LIST = Path(__file__).with_name("slow.txt")


def _listed_slow() -> set[str]:
    """The tests tests/slow.txt names (see tests/slow_list.py): a test id, or a parametrized function's."""
    lines = SLOW_LIST.read_text(encoding="utf-8").splitlines() if SLOW_LIST.is_file() else []
    return {line.strip() for line in lines if line.strip() and not line.startswith("#")}


# A test that uses one of these fixtures starts the desk's server or Chromium (tests/web/browser.py):
# seconds of CPU for the session however quick the test itself is, so it is slow.
STARTS_A_BROWSER_OR_SERVER = frozenset({"page", "browser_context", "playwright_driver", "desk_server"})


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark `slow` the tests tests/slow.txt lists, as if each carried `@pytest.mark.slow`, and those
    that drive the browser or the shared desk server."""
    listed = _listed_slow()
    for item in items:
        if (item.nodeid in listed or item.nodeid.split("[", 1)[0] in listed
                or STARTS_A_BROWSER_OR_SERVER.intersection(getattr(item, "fixturenames", ()))):
            item.add_marker(pytest.mark.slow)
    # The browser tests run last, whatever order the files were named in: Playwright's sync API keeps
    # an asyncio loop running in this thread for the session (its driver fixture), and an asyncio test
    # after it (the language server's, through pytest-lsp) could not start its own.
    items.sort(key=lambda item: "playwright_driver" in getattr(item, "fixturenames", ()))


def pytest_collection_finish(session: pytest.Session) -> None:
    """Freeze what collection built (the modules, the card sets, the parametrizations) out of the
    cyclic GC: it lives until the session ends, and every full collection would walk it again (the
    tests' own games, and pytest's five collections at the end of the session)."""
    gc.freeze()


_file_started: list[Path | None] = [None]  # the test file whose tests are running


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    """At the first test of each file, collect what the files before it left as cyclic garbage (their
    module fixtures are torn down by then) and freeze what is still alive: the session's fixtures and
    caches, which grow as the session goes on. Without it a full collection walked all of that again
    and again: 103 of them took 34 s of the session's 281 s of CPU (gc.callbacks, 2026-11-27); with
    it the collector takes 30 s in all, these collections included, and the session 263 s."""
    if item.path != _file_started[0]:
        _file_started[0] = item.path
        gc.collect()
        gc.freeze()


@pytest.fixture(scope="session")
def data() -> RulesData:
    return RULES


@pytest.fixture(scope="session")
def all_cards() -> CardSet:
    return ALL_CARDS


@pytest.fixture(scope="session")
def base_cards(all_cards: CardSet) -> CardSet:
    return all_cards.only_sets(["base"])


@pytest.fixture(scope="session")
def project_root():
    from interpreter.cards.catalog import project_root as root
    return root()


@pytest.fixture(scope="session")
def fresh_power_parser():
    """The power grammar's parser built fresh, never read from a cache, with the options the interpreter
    uses and `strict`: a shift/reduce conflict or a collision of terminals is an error. Built once per
    session (a build of the tables is seconds of CPU) for the tests that need a fresh one."""
    from lark import Lark

    from interpreter.lang.grammar import grammar_text
    from interpreter.lang.parser import PARSER_OPTIONS
    return Lark(grammar_text(), strict=True, **PARSER_OPTIONS)
