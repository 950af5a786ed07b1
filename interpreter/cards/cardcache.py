"""Loaded card files kept between runs (see interpreter/cache.py): a card file whose bytes, path and
interpreter are unchanged is not parsed, checked and compiled again, which is most of a command's
start-up. The key is made from the very bytes that are then loaded, so an edit between reading and
loading cannot be stored under the old content's name."""

from __future__ import annotations

import copyreg
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

from interpreter import cache as store
from interpreter.cards.reading import FileRefused, read_limited

T = TypeVar("T")


@cache
def _pickle_powers_as_asts() -> None:
    """A compiled power is closures, which cannot be pickled: it is stored as its checked AST and
    compiled again when read (microseconds)."""
    from interpreter.dsl.compile import CompiledPower, compile_power

    def reduce(power: CompiledPower) -> tuple[Any, ...]:
        return compile_power, (power.ast,)

    copyreg.pickle(CompiledPower, reduce)


def cached_card_file(path: Path, limit: int, load: Callable[[Path, bytes | None], T]) -> T:
    """`load(path, its bytes)`, or the stored result of an earlier call on the same bytes. A file
    that cannot be read is handed to `load` unread (`None`), to report why."""
    try:
        raw = read_limited(path, limit)
    except FileRefused:
        return load(path, None)
    _pickle_powers_as_asts()
    key = store.digest(store.code_fingerprint(), str(path), raw)
    return store.cached_pickle("cards", key, lambda: load(path, raw))
