"""A per-user cache of what is slow to build and can always be built again from files: the parser
tables of the power grammar, and loaded card files. It is what lets a command start in a fraction of
a second instead of rebuilding them in every process.

Every entry is named by a hash of everything it was built from (the file's bytes and path, the
interpreter's code and data, the library versions), so an edited card, grammar or interpreter is
never served stale: it simply gets a new entry. A missing, unreadable or damaged entry is built
again. The folder is `$IMPORTEXPORT_CACHE`, else `$XDG_CACHE_HOME/importexport`, else
`~/.cache/importexport`; `IMPORTEXPORT_CACHE=off` turns caching off, and deleting the folder is
always safe. Entries are pickles, so the folder is used only if it belongs to this user and no one
else can write to it."""

from __future__ import annotations

import gc
import hashlib
import io
import os
import pickle
import sys
import tempfile
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

import lark
import yaml

from interpreter import resources

ENV = "IMPORTEXPORT_CACHE"
MAX_ENTRIES = 4096  # per kind; past this the older half is removed (a card file is a few kB)
T = TypeVar("T")


def cache_dir() -> Path | None:
    """The cache folder, created if needed; None when caching is off or the folder is not safe to use."""
    setting = os.environ.get(ENV, "")
    if setting.lower() in ("off", "0", "no", "false"):
        return None
    try:
        base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
        root = Path(setting) if setting else base / "importexport"
        root.mkdir(mode=0o700, parents=True, exist_ok=True)
        info = root.stat()
    except (OSError, RuntimeError):  # RuntimeError: no home folder
        return None
    if hasattr(os, "getuid") and (info.st_uid != os.getuid() or info.st_mode & 0o022):
        return None  # another user could plant entries here
    return root


def digest(*parts: str | bytes) -> str:
    h = hashlib.sha256()
    for part in parts:
        data = part.encode() if isinstance(part, str) else part
        h.update(len(data).to_bytes(8, "little"))
        h.update(data)
    return h.hexdigest()[:32]


def read(kind: str, key: str) -> bytes | None:
    root = cache_dir()
    if root is None:
        return None
    try:
        return (root / kind / key).read_bytes()
    except OSError:
        return None


def write(kind: str, key: str, data: bytes) -> None:
    """Store an entry atomically (a reader sees the whole entry or none); failures are ignored."""
    root = cache_dir()
    if root is None:
        return
    folder = root / kind
    try:
        folder.mkdir(mode=0o700, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=".tmp-")
        with os.fdopen(fd, "wb") as out:
            out.write(data)
        os.replace(tmp, folder / key)
        if len(os.listdir(folder)) > MAX_ENTRIES:
            _prune(folder)
    except OSError:
        return


def _prune(folder: Path) -> None:
    entries = sorted(folder.iterdir(), key=lambda p: p.stat().st_mtime)
    for old in entries[: len(entries) // 2]:
        old.unlink(missing_ok=True)


@cache
def code_fingerprint() -> str:
    """A hash of what a loaded card depends on besides its file: the interpreter's Python files, the
    grammar, the built-in shorthands, the rules file, and the versions of Python, Lark and PyYAML (and whether libyaml is used)."""
    package = Path(__file__).resolve().parent
    parts: list[str | bytes] = [sys.version, lark.__version__, yaml.__version__, str(yaml.__with_libyaml__)]
    for source in sorted(package.rglob("*.py")):
        parts += [source.relative_to(package).as_posix(), source.read_bytes()]
    for data in (resources.grammar_file(), resources.shorthands_file(), resources.rules_file()):
        parts.append(data.read_bytes() if data.is_file() else b"")
    return digest(*parts)


def unpickle(blob: bytes) -> Any:
    """`pickle.loads`, with the cyclic garbage collector paused: a stored entry is thousands of new
    objects, none of them garbage, and collections triggered by their allocation made reading an
    entry of long card file's lines three times slower."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        return pickle.loads(blob)
    finally:
        if was_enabled:
            gc.enable()


# Values this process has already read or built, by cache folder, kind and key (see `cached_pickle`).
_kept_here: dict[tuple[str, str, str], Any] = {}
MAX_KEPT_HERE = 4096  # entries; past this the memory starts again empty (a card is a few kB)


def cached_pickle(kind: str, key: str, build: Callable[[], T], shared: bool = False) -> T:
    """The value stored under `key`, else `build()`, stored for next time (if it can be pickled).

    `shared`: the value is never changed by its users, so one object may serve every call in this
    process. A long-running process (the desk, a language server, a test session) loads the same
    card files again and again, and unpickling them is most of a load. Kept only while the cache is
    on, and under the folder's name too, so `IMPORTEXPORT_CACHE=off` or another folder reads afresh."""
    if not shared:
        return _stored_or_built(kind, key, build)
    root = cache_dir()
    if root is None:
        return build()
    here = (str(root), kind, key)
    kept: T | None = _kept_here.get(here)  # one look-up: the desk's threads may clear it meanwhile
    if kept is not None:
        return kept
    value = _stored_or_built(kind, key, build)
    if len(_kept_here) >= MAX_KEPT_HERE:
        _kept_here.clear()
    _kept_here[here] = value
    return value


def _stored_or_built(kind: str, key: str, build: Callable[[], T]) -> T:
    blob = read(kind, key)
    if blob is not None:
        try:
            return unpickle(blob)
        except Exception:  # a damaged or outdated entry: build it again
            pass
    value = build()
    try:
        blob = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
    except (pickle.PicklingError, TypeError, AttributeError):
        return value
    write(kind, key, blob)
    return value


def lark_parser(grammar: str, **options: Any) -> lark.Lark:
    """`Lark(grammar, **options)`, with the parser tables kept between runs (LALR only). Keyed by the
    grammar's text, the options and the Lark and Python versions."""
    key = digest(grammar, repr(sorted(options.items())), lark.__version__, sys.version)
    blob = read("lark", key)
    if blob is not None:
        try:
            return lark.Lark.load(io.BytesIO(blob))
        except Exception:  # a damaged entry: build the tables again
            pass
    parser = lark.Lark(grammar, **options)
    out = io.BytesIO()
    parser.save(out)
    write("lark", key, out.getvalue())
    return parser
