"""Shared fixtures: the shipped rules data and card set, and helpers to build game states by hand."""

from __future__ import annotations

import pytest

from interpreter.cards.catalog import load_all_cards, load_rules
from interpreter.cards.loader import CardSet
from interpreter.cards.rulesdata import RulesData


@pytest.fixture(scope="session")
def data() -> RulesData:
    return load_rules()


@pytest.fixture(scope="session")
def all_cards() -> CardSet:
    return load_all_cards()


@pytest.fixture(scope="session")
def base_cards(all_cards: CardSet) -> CardSet:
    return all_cards.only_sets(["base"])


@pytest.fixture(scope="session")
def project_root():
    from interpreter.cards.catalog import project_root as root
    return root()
