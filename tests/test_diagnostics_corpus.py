"""The diagnostics corpus: every file in tests/diagnostics is one broken card file, and its leading
`# expect: LINE:COL CODE text` lines give, in order, every diagnostic it must produce (position, code
and a fragment of the message). See docs/card-format.md for the codes.

A few files cannot be typed in an editor (an empty file, a binary file, bytes that are not UTF-8,
a control character, CRLF line ends): their bytes are defined in GENERATED below and written by
`python tests/test_diagnostics_corpus.py`; a test checks that the committed files still hold them.

Files in KNOWN_BAD show a crash or a wrong position in the loader; their cases are xfail(strict=True)
so that fixing the loader turns them into failures that ask for the marker to be removed.
"""

from __future__ import annotations

import re
import shutil
from collections import defaultdict
from pathlib import Path

import pytest

from interpreter.cards import loader
from interpreter.cards.diagnostics import CardFileError
from interpreter.cards.loader import load_card_file, load_cards
from interpreter.cards.yamlsource import MAX_FILE_BYTES
from interpreter.cli import main

CORPUS = Path(__file__).resolve().parent / "diagnostics"
EXPECT = re.compile(r"^# expect: (\d+):(\d+) ([A-Z]\d{3}) (.+)$")
PRINTED = re.compile(r"^(?P<path>.+?):(?P<line>\d+):(?P<col>\d+): (?P<code>[A-Z]\d{3}) (?P<message>.*)$")

# ------------------------------------------------------------------ generated files

_CARD = (
    "id: {stem}\n"
    "name: {name}\n"
    "set: base\n"
    "good: consumer\n"
    "action: import\n"
    "tier: 2\n"
    "load: {{consumer: 3}}\n"
    "text: A broken card for the diagnostics corpus.\n"
)

GENERATED: dict[str, bytes] = {
    # 0 bytes: the only file without an `# expect:` line (see NO_COMMENT)
    "empty.yaml": b"",
    # the 0xE9 of Latin-1 "Café" at byte 66 (44 bytes of comment, then `id: not_utf8\nname: Caf`)
    "not_utf8.yaml": b"# expect: 1:1 E003 not UTF-8 text (byte 66)\n"
    + _CARD.format(stem="not_utf8", name="Caf\xe9").encode("latin-1"),
    # a comment, then the start of a PNG image: NUL bytes make it binary
    "binary.yaml": b"# expect: 1:1 E003 binary file: a card file is UTF-8 text\n"
    + b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x10\x00\x00\x00\x10\x08\x06\x00\x00\x00\x1f\xf3\xffa",
    # U+0001 at line 3, column 13: YAML does not allow control characters (KNOWN_BAD: crash)
    "control_character.yaml": ("# expect: 3:13 E004 invalid YAML\n" + _CARD.format(stem="control_character", name="Broken\x01card")).encode(),
    # CRLF line ends do not move any position
    "crlf_line_endings.yaml": (
        "# expect: 11:20 P001 unknown word `drow` (did you mean `draw`?)\n"
        + _CARD.format(stem="crlf_line_endings", name="Broken card")
        + "powers:\n  - on completion: drow 5\n"
    ).replace("\n", "\r\n").encode(),
    # a UTF-8 byte order mark before the comment: allowed, and no position moves
    "utf8_bom.yaml": b"\xef\xbb\xbf"
    + ("# expect: 5:7 C020 got `consumers` (did you mean `consumer`?)\n" + _CARD.format(stem="utf8_bom", name="Broken card"))
    .replace("good: consumer", "good: consumers").encode(),
}

# Files that cannot carry an `# expect:` comment.
NO_COMMENT: dict[str, list[str]] = {
    "empty": ["1:1 E005 empty file"],
}

# Files that may name an `id` other than their file name: they test `id` itself.
ID_DIFFERS = {"id_mismatch", "id_not_snake_case", "id_number", "id_with_newline", "id_too_long"}

# Inputs that crash the loader or get a wrong position, with the reason (the bug report); their cases
# are xfail(strict=True). Empty: every crash and position found by this corpus has been fixed.
KNOWN_BAD: dict[str, str] = {}


def write_generated() -> None:
    for name, data in GENERATED.items():
        (CORPUS / name).write_bytes(data)


# ------------------------------------------------------------------ reading the corpus

def corpus_files() -> list[Path]:
    return sorted(CORPUS.glob("*.yaml"))


def expectations(path: Path) -> list[tuple[int, int, str, str]]:
    """The `# expect:` lines at the top of a file, in order, as (line, col, code, text)."""
    if path.stem in NO_COMMENT:
        lines = [f"# expect: {e}" for e in NO_COMMENT[path.stem]]
    else:
        lines = path.read_bytes().decode("utf-8", errors="replace").lstrip("\ufeff").splitlines()
    out = []
    for line in lines:
        match = EXPECT.match(line)
        if not match:
            break
        out.append((int(match[1]), int(match[2]), match[3], match[4]))
    return out


def case(path: Path) -> object:
    marks = [pytest.mark.xfail(strict=True, reason=KNOWN_BAD[path.stem])] if path.stem in KNOWN_BAD else []
    return pytest.param(path, id=path.name, marks=marks)


def check_printed(out: str, files: list[Path], root: Path) -> None:
    """`validate` printed exactly one `path:line:col: CODE message` line per expected problem, in order."""
    lines = out.splitlines()
    expected = sum(len(expectations(f)) for f in files)
    assert lines[-1] == f"{expected} problem(s) found."
    printed: dict[str, list[tuple[int, int, str, str]]] = defaultdict(list)
    for line in lines[:-1]:
        match = PRINTED.match(line)
        assert match, f"not a `path:line:col: CODE message` line: {line!r}"
        printed[match["path"]].append((int(match["line"]), int(match["col"]), match["code"], match["message"]))
    assert len(lines) - 1 == expected
    for f in files:
        got = printed.pop(str(root / f.name), [])
        want = expectations(f)
        assert [g[:3] for g in got] == [w[:3] for w in want], f.name
        for g, w in zip(got, want, strict=True):
            assert w[3] in f"{g[2]} {g[3]}", (f.name, w[3], g[3])
    assert not printed, f"problems reported for unknown files: {sorted(printed)}"


# ------------------------------------------------------------------ the tests

def test_the_corpus_is_large_enough():
    assert len(corpus_files()) >= 50


def test_every_file_states_what_it_expects():
    for path in corpus_files():
        assert expectations(path), f"{path.name} has no `# expect:` line"


def test_ids_equal_file_names_unless_the_id_is_tested():
    for path in corpus_files():
        text = path.read_bytes().decode("utf-8", errors="replace")
        ids = re.findall(r"^\{?id: ([^,\s]+)", text, flags=re.M)
        if path.stem not in ID_DIFFERS:
            assert all(i == path.stem for i in ids), (path.name, ids)
        else:
            assert ids and ids[0] != path.stem, path.name


def test_known_bad_files_exist():
    names = {p.stem for p in corpus_files()}
    assert set(KNOWN_BAD) <= names and set(NO_COMMENT) <= names


def test_generated_files_are_up_to_date():
    """Run `python tests/test_diagnostics_corpus.py` to write them again."""
    for name, data in GENERATED.items():
        assert (CORPUS / name).read_bytes() == data, name


@pytest.mark.parametrize("path", [case(p) for p in corpus_files()])
def test_card_file_gets_the_expected_diagnostics(path: Path):
    card, diags = load_card_file(path)
    want = expectations(path)
    assert card is None
    assert [(d.line, d.col, d.code) for d in diags] == [w[:3] for w in want], "\n".join(str(d) for d in diags)
    for d, w in zip(diags, want, strict=True):
        assert w[3] in f"{d.code} {d.message}", (w[3], d.message)
        assert d.path == str(path)


@pytest.mark.xfail(bool(KNOWN_BAD), strict=True, reason="the corpus holds files that crash the loader or get wrong positions (KNOWN_BAD)")
def test_validate_reports_every_problem_of_the_whole_corpus(capsys):
    assert main(["validate", str(CORPUS)]) == 1
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    check_printed(out, corpus_files(), CORPUS)


def test_validate_reports_every_problem_without_the_known_bad_files(tmp_path, capsys):
    files = [p for p in corpus_files() if p.stem not in KNOWN_BAD]
    for f in files:
        shutil.copyfile(f, tmp_path / f.name)
    assert main(["validate", str(tmp_path)]) == 1
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    assert err == ""
    check_printed(out, files, tmp_path)


def test_validate_one_file(capsys):
    path = CORPUS / "power_misspelt_effect.yaml"
    assert main(["validate", str(path)]) == 1
    out, _ = capsys.readouterr()
    assert out.splitlines() == [f"{path}:11:20: P001 unknown word `drow` (did you mean `draw`?)", "1 problem(s) found."]


# ------------------------------------------------------------------ codes that no single file in the corpus can show

GOOD_CARD = _CARD.format(stem="{stem}", name="Bolts")  # keeps `{stem}` to fill in


def good_card(folder: Path, stem: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{stem}.yaml"
    path.write_text(GOOD_CARD.replace("{stem}", stem))
    return path


def test_the_good_card_of_these_tests_loads(tmp_path):
    card, diags = load_card_file(good_card(tmp_path, "bolts"))
    assert diags == [] and card is not None and card.id == "bolts"


def test_E001_a_file_too_large(tmp_path):
    path = tmp_path / "huge.yaml"
    path.write_bytes(b"# " + b"x" * MAX_FILE_BYTES + b"\n")
    card, diags = load_card_file(path)
    assert card is None
    assert [(d.line, d.col, d.code) for d in diags] == [(1, 1, "E001")]
    assert f"a card file may be at most {MAX_FILE_BYTES}" in diags[0].message


@pytest.mark.parametrize("kind", ["missing", "folder"])
def test_E002_a_file_that_cannot_be_read(tmp_path, kind):
    path = tmp_path / "unreadable.yaml"
    if kind == "folder":
        path.mkdir()
    card, diags = load_card_file(path)
    assert card is None
    assert [(d.line, d.col, d.code) for d in diags] == [(1, 1, "E002")]
    assert "cannot read file" in diags[0].message


def test_C060_a_duplicate_id_in_a_card_set(tmp_path):
    first = good_card(tmp_path / "a", "bolts")
    second = good_card(tmp_path / "b", "bolts")
    with pytest.raises(CardFileError) as info:
        load_cards([tmp_path])
    assert [(d.path, d.line, d.col, d.code) for d in info.value.diagnostics] == [(str(second), 1, 1, "C060")]
    assert f"duplicate card id `bolts`, also defined in {first}" in info.value.diagnostics[0].message


def test_C061_too_many_cards_in_a_card_set(tmp_path, monkeypatch):
    monkeypatch.setattr(loader, "MAX_CARDS_IN_SET", 2)
    for stem in ("bolts", "nuts", "screws"):
        good_card(tmp_path, stem)
    with pytest.raises(CardFileError) as info:
        load_cards([tmp_path])
    assert [(d.line, d.col, d.code) for d in info.value.diagnostics] == [(1, 1, "C061")]
    assert "more than 2 cards in one card set" in info.value.diagnostics[0].message


if __name__ == "__main__":
    write_generated()
    print(f"wrote {len(GENERATED)} files in {CORPUS}")
