"""Writing the desk's pack so that no save is ever lost (issue 22, item 1).

- A file is written whole or not at all: into a temporary file in the same folder, flushed to disk,
  then renamed over the file (a reader sees the old bytes or the new ones, never a truncated file,
  and a crash leaves the old file).
- Saves into one pack take turns: a lock per pack in this process, and an OS lock on a file in the
  pack folder (`.importexport-desk.lock`), so two desks serving one pack take turns too.
- A save says which version of the file it was based on (a hash of the file's bytes, as the editor
  read them); a save based on an older version than the one on disk is refused with both texts
  (HTTP 409), never written over what another tab or program saved meanwhile.
"""

from __future__ import annotations

import errno
import hashlib
import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from interpreter.outputs import write_atomically
from interpreter.web.errors import DeskError

LOCK_FILE = ".importexport-desk.lock"  # in the pack folder; the loaders read only .yaml files
_LOCKS: dict[Path, threading.Lock] = {}
_LOCKS_GUARD = threading.Lock()

try:
    import fcntl
except ImportError:  # not POSIX (Windows): desks in one process still take turns
    fcntl = None  # type: ignore[assignment]


def version_of(path: Path) -> str | None:
    """The version of a file: a hash of its bytes; None when there is no such file."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return None
    except IsADirectoryError:
        raise DeskError(f"Not saved: {path} is a folder, not a file; give the card another name.", 409) from None
    except NotADirectoryError:
        raise DeskError(f"Not saved: a file stands where a folder of {path} would be; give the card another folder.", 409) from None
    except OSError as exc:  # unreadable: a save would write over what cannot be compared
        raise DeskError(f"Not saved: {path} cannot be read ({exc.strerror or exc}).", 409) from None
    return hashlib.sha256(data).hexdigest()[:20]


def version_of_text(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:20]


class SaveConflict(DeskError):
    """The file changed on disk since the editor read it: nothing was written."""

    def __init__(self, message: str, path: Path, disk: str | None, version: str | None):
        super().__init__(message, 409)
        self.path = path
        self.disk = disk
        self.version = version


def write_or_refuse(path: Path, text: str) -> None:
    """`write_atomically`, a failure of the machine (a full disk, a folder made read-only) said in one
    line as a DeskError: the file on disk is then as it was."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomically(path, text)
    except OSError as exc:
        # a full disk is 507; a path the desk cannot write (a folder where the file goes, no permission)
        # is a conflict with what is on disk, which the designer can mend: 409, never a 500
        full = exc.errno in (errno.ENOSPC, errno.EDQUOT)
        raise DeskError(f"Not saved: {path} could not be written ({exc.strerror or exc}); the file on disk is as it was.",
                        507 if full else 409) from None


def write_new(folder: Path, stem: str, suffix: str, text: str) -> Path:
    """Write `text` whole into a new file of `folder` named `stem` + `suffix` (or `stem-2` + `suffix`, ...
    when that name is taken): a file already there is never written over."""
    with _folder_lock(folder):
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"{stem}{suffix}"
        n = 1
        while path.exists():
            n += 1
            path = folder / f"{stem}-{n}{suffix}"
        write_or_refuse(path, text)
        return path


def _folder_lock(folder: Path) -> threading.Lock:
    with _LOCKS_GUARD:
        return _LOCKS.setdefault(folder.resolve(), threading.Lock())


@contextmanager
def pack_lock(pack: Path) -> Iterator[None]:
    """Hold the pack for one save: other threads of this desk, and other desks on the same pack, wait.
    Creates the pack folder for its lock file, and removes it again if the save is refused (an
    exception leaves the block) and the folder holds nothing else."""
    root = pack.resolve()
    with _folder_lock(root):
        made = not root.exists()
        root.mkdir(parents=True, exist_ok=True)
        try:
            if fcntl is None:
                yield
                return
            fd = os.open(root / LOCK_FILE, os.O_RDWR | os.O_CREAT, 0o600)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX)
                yield
            finally:
                os.close(fd)  # closing releases the lock
        except BaseException:
            if made:  # a refused save leaves no folder behind: the pack folder it made holds only the lock
                _remove_if_only_the_lock(root)
            raise


def _remove_if_only_the_lock(root: Path) -> None:
    try:
        if [p.name for p in root.iterdir()] == [LOCK_FILE]:
            (root / LOCK_FILE).unlink()
        root.rmdir()  # fails, and is left alone, if anything else is in it
    except OSError:
        pass
