"""Shared fixtures: the shipped rules data and card set, and helpers to build game states by hand.

The test session keeps its own card and parser cache (interpreter/cache.py) in a temporary folder,
so that a run never depends on what an earlier run left behind; the first load fills it and every
later load (each CLI test loads the cards) reads it. A test that patches the card loader should set
IMPORTEXPORT_CACHE=off, or it may be served what the unpatched loader built."""

from __future__ import annotations

import os
import shutil
import tempfile

import pytest

from interpreter.cache import ENV as CACHE_ENV

_OWN_CACHE = None if os.environ.get(CACHE_ENV) else tempfile.mkdtemp(prefix="importexport-test-cache-")
if _OWN_CACHE:
    os.environ[CACHE_ENV] = _OWN_CACHE

from interpreter.cards.loader import CardSet  # noqa: E402  (after the cache folder is chosen)
from interpreter.cards.rulesdata import RulesData  # noqa: E402
from tests.helpers import ALL_CARDS, RULES  # noqa: E402


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    if _OWN_CACHE:
        shutil.rmtree(_OWN_CACHE, ignore_errors=True)


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
