"""Every file the tool writes goes through `outputs.write_atomically`: whole or not at all, and with the
permissions a user expects (those of the file it replaces, or of any new file), not the owner-only ones
of the temporary file it is written through (a desk save turned a 0664 card file into 0600)."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from interpreter import outputs
from interpreter.outputs import write_atomically


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_a_new_file_has_the_mode_of_any_new_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(outputs, "_UMASK", 0o027)  # as read when the module was imported
    write_atomically(tmp_path / "new.txt", "text")
    assert mode(tmp_path / "new.txt") == 0o640 and (tmp_path / "new.txt").read_text() == "text"


def test_the_umask_is_read_and_left_as_it_was() -> None:
    before = os.umask(0o027)
    try:
        assert outputs._read_umask() == 0o027 and os.umask(0o027) == 0o027
    finally:
        os.umask(before)


@pytest.mark.parametrize("old_mode", [0o664, 0o600, 0o644])
def test_a_replaced_file_keeps_its_mode(tmp_path: Path, old_mode: int) -> None:
    path = tmp_path / "card.yaml"
    path.write_text("old")
    path.chmod(old_mode)
    write_atomically(path, b"new bytes")
    assert mode(path) == old_mode and path.read_bytes() == b"new bytes"
    assert [p.name for p in tmp_path.iterdir()] == ["card.yaml"]  # no temporary file left


def test_a_failed_write_leaves_the_old_file_and_no_temporary(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "card.yaml"
    path.write_text("old")

    def crash(*args: object) -> None:
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(OSError):
        write_atomically(path, "new")
    assert path.read_text() == "old" and [p.name for p in tmp_path.iterdir()] == ["card.yaml"]
