"""Loaded card files kept between runs (see interpreter/cache.py): a card file whose bytes, path and
interpreter are unchanged is not parsed, checked and compiled again, which is most of a command's
start-up. The key is made from the very bytes that are then loaded, so an edit between reading and
loading cannot be stored under the old content's name."""

from __future__ import annotations

import copyreg
import pickle
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

from interpreter import cache as store
from interpreter.cards.reading import FileRefused, read_limited
from interpreter.lang.timings import CompiledPower

T = TypeVar("T")


@cache
def _pickle_powers_as_nodes() -> None:
    """A compiled power is closures, which cannot be pickled: it is stored as its checked syntax node
    and compiled again when read (microseconds)."""

    def reduce(power: CompiledPower) -> tuple[Any, ...]:
        if power.node is None:  # only a power installed during a game has no node; cards never do
            raise pickle.PicklingError("a one-shot power is not stored")
        return _compiled, (power.node,)

    copyreg.pickle(CompiledPower, reduce)


def _compiled(node: Any) -> Any:
    return node.compile()


def cached_card_file(path: Path, limit: int, load: Callable[[Path, bytes | None], T], variant: str = "",
                     shared: bool = False) -> T:
    """`load(path, its bytes)`, or the stored result of an earlier call on the same bytes (and the
    same `variant`: what else the result depends on, such as a pack's shorthands). A file that cannot
    be read is handed to `load` unread (`None`), to report why. `shared`: the result is never
    changed, so this process may hand the same one to every call (`cache.cached_pickle`)."""
    try:
        raw = read_limited(path, limit)
    except FileRefused:
        return load(path, None)
    _pickle_powers_as_nodes()
    key = store.digest(store.code_fingerprint(), str(path), variant, raw)
    return store.cached_pickle("cards", key, lambda: load(path, raw), shared=shared)


def cached_lines(name: str) -> dict[Any, Any]:
    """The power-line results a long card file's last check stored under `name` ({} if none, or if the
    entry is damaged or from another version of the interpreter: see LineMemo.kept_for)."""
    _pickle_powers_as_nodes()
    blob = store.read("lines", store.digest(store.code_fingerprint(), name))
    if blob is None:
        return {}
    try:
        found = store.unpickle(blob)
    except Exception:  # a damaged or outdated entry: the lines are checked again
        return {}
    return found if isinstance(found, dict) else {}


def keep_lines(name: str, results: dict[Any, Any]) -> None:
    """Store a long card file's power-line results under `name`, replacing what was stored."""
    _pickle_powers_as_nodes()
    try:
        blob = pickle.dumps(results, protocol=pickle.HIGHEST_PROTOCOL)
    except (pickle.PicklingError, TypeError, AttributeError):
        return
    store.write("lines", store.digest(store.code_fingerprint(), name), blob)
