"""Checking where a command will write, before it does any work: a game is not played, nor a batch
run, only to fail at the end on a missing folder, a folder where a file should be, or no permission."""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path


class OutputError(ValueError):
    """An output path that cannot be written; the message is one line naming the option."""


def _nearest_existing(path: Path) -> Path:
    for parent in (path, *path.parents):
        if parent.exists():
            return parent
    return Path(".")


def check_output_file(path: Path, flag: str) -> None:
    """`path` can be written as a file: its folder exists and is writable, and it is not a folder."""
    if path.is_dir():
        raise OutputError(f"{flag}: {path} is a folder; give a file name, such as {path / 'game.json'}")
    folder = path.parent
    if not folder.exists():
        raise OutputError(f"{flag}: the folder {folder} does not exist; create it first, or give another path")
    if not folder.is_dir():
        raise OutputError(f"{flag}: {folder} is a file, so {path} cannot be written")
    if path.exists() and not os.access(path, os.W_OK):
        raise OutputError(f"{flag}: cannot write {path} (permission denied)")
    if not path.exists() and not os.access(folder, os.W_OK | os.X_OK):
        raise OutputError(f"{flag}: cannot write into the folder {folder} (permission denied)")


def check_output_folder(path: Path, flag: str, *, create: bool = True) -> None:
    """`path` is (or, with `create`, is made) a folder this process can write into. Without `create`
    it is only checked that it could be made later."""
    if path.exists() and not path.is_dir():
        raise OutputError(f"{flag}: {path} is a file, not a folder")
    if not path.exists():
        base = _nearest_existing(path)
        if not base.is_dir():
            raise OutputError(f"{flag}: {base} is a file, so the folder {path} cannot be made")
        if not create:
            if not os.access(base, os.W_OK | os.X_OK):
                raise OutputError(f"{flag}: cannot make the folder {path} (no permission to write into {base})")
            return
        try:
            path.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise OutputError(f"{flag}: cannot make the folder {path}: {exc.strerror or exc}") from None
    if not os.access(path, os.W_OK | os.X_OK):
        raise OutputError(f"{flag}: cannot write into the folder {path} (permission denied)")


def write_atomically(path: Path, content: str | bytes) -> None:
    """Write `content` (text as UTF-8, or bytes) to `path` whole or not at all: a temporary file in the
    same folder, flushed to the disk, then renamed over `path`, so a reader (or an interruption, or a
    second writer) never sees half a file and the old file stays whole until the new one is. The file
    keeps the permissions of the one it replaces, or has those of any new file (the umask's): the
    temporary file's own (owner only) would otherwise become the saved file's."""
    fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(content.encode("utf-8") if isinstance(content, str) else content)
            out.flush()
            os.fsync(out.fileno())
        os.chmod(temporary, _mode_for(path))
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    _sync_folder(path.parent)


def _mode_for(path: Path) -> int:
    try:
        return stat.S_IMODE(path.stat().st_mode)
    except OSError:  # a new file
        return 0o666 & ~_UMASK


def _read_umask() -> int:
    """The process's umask. Reading it means setting it: done once, when this module is imported."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


_UMASK = _read_umask()


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable (POSIX); where a folder cannot be opened, the rename stands."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
