"""Reading a file a user gave us (a card, a pack manifest, a scenario): a regular file only, and never
more than a limit. A named pipe would block the read forever and a link to /dev/zero never ends (its
reported size is 0), so the kind of file is checked on the open descriptor, before any byte is read."""

from __future__ import annotations

import os
import stat
from pathlib import Path

# What a file that is not a regular file is, in a message.
_KINDS = ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a named pipe"), (stat.S_ISCHR, "a character device"),
          (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket"))


class FileRefused(Exception):
    """The file cannot be read, is not a regular file, or is larger than the limit (`too_large`)."""

    def __init__(self, message: str, *, too_large: bool = False):
        super().__init__(message)
        self.too_large = too_large


def _kind(mode: int) -> str:
    return next((name for test, name in _KINDS if test(mode)), "not a regular file")


def read_limited(path: Path | str, limit: int) -> bytes:
    """The bytes of the regular file at `path` (links followed), at most `limit` of them.
    Raises `FileRefused` with a message for the user otherwise."""
    try:
        # O_NONBLOCK: opening a named pipe must not wait for a writer (it is refused just below).
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except OSError as exc:
        try:  # a socket cannot be opened at all: say what it is rather than "no such device"
            mode = os.stat(path).st_mode
        except OSError:
            mode = stat.S_IFREG
        if not stat.S_ISREG(mode):
            raise FileRefused(f"cannot read file: it is {_kind(mode)}, not a regular file") from None
        raise FileRefused(f"cannot read file: {exc.strerror or exc}") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise FileRefused(f"cannot read file: it is {_kind(info.st_mode)}, not a regular file")
        if info.st_size > limit:
            raise FileRefused(f"file is {info.st_size} bytes; a card file may be at most {limit}", too_large=True)
        chunks, total = [], 0
        while total <= limit:  # the file may grow after fstat: read one byte past the limit at most
            chunk = os.read(fd, min(1 << 20, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
        if total > limit:
            raise FileRefused(f"file is more than {limit} bytes; a card file may be at most {limit}", too_large=True)
        return b"".join(chunks)
    except OSError as exc:
        raise FileRefused(f"cannot read file: {exc.strerror or exc}") from None
    finally:
        os.close(fd)
