"""The YAML reading layer (issue 10, items 8-10): where an unclosed quote or bracket is reported, deep
nesting refused as soon as it is met, special files refused before a byte is read, and the C parser
giving exactly the nodes and positions of the pure one."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

from interpreter.cards import yamlparse
from interpreter.cards.catalog import card_dirs
from interpreter.cards.loader import card_files, load_card_file
from interpreter.cards.reading import FileRefused, read_limited
from interpreter.cards.yamlsource import load_yaml
from interpreter.cli import main

CORPUS = Path(__file__).resolve().parent / "diagnostics"
CARD = "id: bolts\nname: {name}\nset: base\ngood: consumer\naction: import\ntier: 2\nload: {{consumer: 3}}\ntext: Bolts.\n"


def problems(tmp_path: Path, text: str) -> list[tuple[int, int, str, str]]:
    path = tmp_path / "bolts.yaml"
    path.write_text(text)
    _, _, diags = load_yaml(path)
    return [(d.line, d.col, d.code, d.message) for d in diags]


# ------------------------------------------------------------------ item 8: positions of what is never closed

@pytest.mark.parametrize(("value", "last", "col", "fragment"), [
    ('"Bolts', False, 7, 'the quote " opened here is never closed'),
    ("'Bolts", False, 7, "the quote ' opened here is never closed"),
    ("  'Bolts", False, 9, "the quote ' opened here is never closed"),
    ('"Bolts', True, 7, 'the quote " opened here is never closed'),
    ("[Bolts, Nuts", True, 7, "`[` opened here is never closed"),
    ("{a: Bolts", True, 7, "`{` opened here is never closed"),
])
def test_an_unclosed_quote_or_bracket_is_reported_where_it_opens(tmp_path, value, last, col, fragment):
    """Not at the end of the file, where the parser noticed it (issue 10, item 8). A quote left open
    runs to the end of the file wherever it is; a bracket, when it is on the last line."""
    text = CARD.format(name=value)
    if last:
        text = text.replace(f"name: {value}\n", "") + f"name: {value}\n"
    line = text.splitlines().index(f"name: {value}") + 1
    found = problems(tmp_path, text)
    assert [(at, c, code) for at, c, code, _ in found] == [(line, col, "E004")]
    assert fragment in found[0][3]


def test_an_unclosed_flow_mapping_that_meets_another_key_names_where_it_opened(tmp_path):
    text = CARD.format(name="Bolts").replace("load: {consumer: 3}", "load: {consumer: 3")
    (line, col, code, message), = problems(tmp_path, text)
    assert (line, col, code) == (8, 5, "E004")
    assert "from line 7 column 7" in message


# ------------------------------------------------------------------ item 9: depth refused early, validation linear

def spy_on_composer(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    calls: list[int] = []
    original = yamlparse._DepthLimitedComposer.compose_node

    def counting(self, parent, index):  # type: ignore[no-untyped-def]
        calls.append(self.depth)
        return original(self, parent, index)

    monkeypatch.setattr(yamlparse._DepthLimitedComposer, "compose_node", counting)
    return calls


@pytest.mark.parametrize("shape", ["flow", "block sequence", "flow mapping", "block mapping"])
def test_deep_nesting_is_refused_at_the_first_level_too_deep_without_reading_further(tmp_path, monkeypatch, shape):
    """25,000 levels took ~30 s with the pure parser (and crash libyaml's composer): the composer
    stops at level MAX_DEPTH + 1 and reports that node's position."""
    levels = 25_000
    if shape == "flow":
        text, where = "text: " + "[" * levels + "]" * levels + "\n", (1, 7 + yamlparse.MAX_DEPTH)
    elif shape == "flow mapping":
        text, where = "text: " + "{a: " * levels + "1" + "}" * levels + "\n", (1, 7 + 4 * yamlparse.MAX_DEPTH)
    elif shape == "block sequence":
        text, where = "text:\n" + "- " * levels + "x\n", (2, 1 + 2 * yamlparse.MAX_DEPTH)
    else:  # one more space of indentation per level: ~1,000 levels fit in the file size limit
        levels = 1_000
        text = "".join(" " * i + f"k{i}:\n" for i in range(levels)) + " " * levels + "x\n"
        where = (yamlparse.MAX_DEPTH + 2, yamlparse.MAX_DEPTH + 2)
    calls = spy_on_composer(monkeypatch)
    (line, col, code, message), = problems(tmp_path, text)
    assert (line, col, code) == (*where, "E004")
    assert f"nested too deeply (more than {yamlparse.MAX_DEPTH} levels)" in message
    assert len(calls) < 4 * yamlparse.MAX_DEPTH  # refused early: the rest of the file was never composed
    assert max(calls) == yamlparse.MAX_DEPTH + 1


def test_nesting_up_to_the_limit_is_accepted(tmp_path):
    depth = yamlparse.MAX_DEPTH - 1  # the value of `text` is one level down already
    found = problems(tmp_path, "text: " + "[" * depth + "x" + "]" * depth + "\n")
    assert found == []


def test_the_work_of_validating_grows_linearly_with_the_power_lines(tmp_path, monkeypatch):
    """Validation stays linear (issue 10, item 9: a file of 10,000 power lines): the depth check
    composes each node once, so four times the lines is four times the nodes."""
    monkeypatch.setenv("IMPORTEXPORT_CACHE", "off")
    calls = spy_on_composer(monkeypatch)
    nodes = []
    for lines in (1_000, 4_000):
        calls.clear()
        path = tmp_path / f"n{lines}" / "bolts.yaml"
        path.parent.mkdir()
        path.write_text(CARD.format(name="Bolts") + "powers:\n" + "  - on completion: draw 2\n" * lines)
        card, diags = load_card_file(path)
        assert diags == [] and card is not None and len(card.powers) == lines
        nodes.append(len(calls))
    assert nodes[1] - nodes[0] == 3 * 3_000  # per line a mapping, its key and its value; nothing else


# ------------------------------------------------------------------ item 10: regular files only, bounded reads

def unblock_after(path: Path, seconds: float) -> threading.Timer:
    """If the reader blocks on the pipe (the bug), a writer opens and closes it after a while, so the
    test fails instead of hanging."""
    def open_for_writing() -> None:
        os.close(os.open(path, os.O_RDWR))
    timer = threading.Timer(seconds, open_for_writing)
    timer.daemon = True
    timer.start()
    return timer


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_a_named_pipe_as_a_card_file_is_refused_without_waiting(tmp_path):
    pipe = tmp_path / "bolts.yaml"
    os.mkfifo(pipe)
    timer = unblock_after(pipe, 10)
    try:
        card, diags = load_card_file(pipe)
    finally:
        timer.cancel()
    assert card is None
    assert [(d.line, d.col, d.code) for d in diags] == [(1, 1, "E002")]
    assert "it is a named pipe, not a regular file" in diags[0].message


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_a_named_pipe_as_a_pack_manifest_is_refused_by_mod_check(tmp_path, capsys):
    pack = tmp_path / "pack"
    (pack / "cards").mkdir(parents=True)
    os.mkfifo(pack / "mod.yaml")
    timer = unblock_after(pack / "mod.yaml", 10)
    try:
        status = main(["mod", "check", str(pack)])
    finally:
        timer.cancel()
    out = capsys.readouterr().out
    assert status == 1
    assert f"{pack / 'mod.yaml'}:1:1: M009 a pack reads only regular files inside its own folder; this is not a regular file" in out


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_a_link_to_a_device_is_refused_before_reading(tmp_path, capsys):
    """/dev/zero reports a size of 0 and never ends: the old size check let `validate` read 1.8 GB."""
    (tmp_path / "zero.yaml").symlink_to("/dev/zero")
    assert main(["validate", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert f"{tmp_path / 'zero.yaml'}:1:1: E002 cannot read file: it is a character device, not a regular file" in out


def test_a_read_stops_one_byte_past_the_limit(tmp_path, monkeypatch):
    """A file that grows after its size was taken is still cut off: the read itself is bounded."""
    path = tmp_path / "bolts.yaml"
    path.write_bytes(b"x" * 100)
    real_fstat = os.fstat
    monkeypatch.setattr(os, "fstat", lambda fd: os.stat_result((*real_fstat(fd)[:6], 0, *real_fstat(fd)[7:])))
    reads: list[int] = []
    real_read = os.read
    monkeypatch.setattr(os, "read", lambda fd, n: reads.append(n) or real_read(fd, n))
    with pytest.raises(FileRefused) as info:
        read_limited(path, 10)
    assert info.value.too_large
    assert sum(reads) == 11


def test_a_folder_named_like_a_card_file_is_refused(tmp_path):
    (tmp_path / "bolts.yaml").mkdir()
    with pytest.raises(FileRefused, match="it is a folder, not a regular file"):
        read_limited(tmp_path / "bolts.yaml", 100)


# ------------------------------------------------------------------ the C parser: same nodes, same positions

def source_maps(paths: list[Path]) -> list[tuple[object, ...]]:
    out = []
    for path in paths:
        data, smap, diags = load_yaml(path)
        out.append((data, smap.values, smap.keys, smap.styles, smap.key_styles, [(d.line, d.col, d.code, d.message) for d in diags]))
    return out


@pytest.mark.skipif(not yamlparse.HAS_LIBYAML, reason="PyYAML was built without libyaml")
def test_the_c_parser_gives_the_pure_parsers_data_positions_and_messages(monkeypatch):
    files = card_files(d for d in card_dirs() if d.exists()) + sorted(CORPUS.glob("*.yaml"))
    fast = source_maps(files)
    monkeypatch.setattr(yamlparse, "FastLoader", yamlparse.PureLoader)
    assert fast == source_maps(files)
