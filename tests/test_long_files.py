"""Long card files (issue 22, item 7): 10,000 power lines took 7.3 s of CPU to validate and 4.5 s per
change in the language server. Work is counted here, never timed (the machines are shared): each
distinct line is parsed once however often it appears; a check after a change parses only the lines
that changed (the language server and the desk keep what they parsed between checks); a line with a
syntax error is described without building Lark's lexer again (it did, some 20 times per error, at
~60 ms each). `python -m tests.power_lines_bench` measures the times."""

from __future__ import annotations

from pathlib import Path

import lark
import pytest

from interpreter.cards import loader
from interpreter.cards.loader import load_card_file, load_card_text
from interpreter.lang import parse_power
from interpreter.lang.parser import PROBES, ROLE_FORMS

HEAD = "id: bolts\nname: Bolts\nset: base\ngood: consumer\naction: import\ntier: 2\nload: {consumer: 3}\ntext: Bolts.\npowers:\n"


@pytest.fixture
def parses(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The lines the loader parses, with an empty memo (as in a fresh process)."""
    seen: list[str] = []
    if hasattr(loader, "LINES"):
        monkeypatch.setattr(loader, "LINES", type(loader.LINES)())
    real = loader.parse_power
    monkeypatch.setattr(loader, "parse_power", lambda line, shorthands=None: seen.append(line) or real(line, shorthands))
    monkeypatch.setenv("IMPORTEXPORT_CACHE", "off")
    return seen


def test_each_distinct_line_is_parsed_once_however_often_it_appears(tmp_path: Path, parses: list[str]) -> None:
    lines = ["on completion: draw 2"] * 3000 + [f"on completion: gain {2 * n}" for n in range(1, 11)] + ["on completion: drwa 2"] * 500
    path = tmp_path / "bolts.yaml"
    path.write_text(HEAD + "".join(f"  - \"{line}\"\n" for line in lines))
    card, diags = load_card_file(path)
    assert card is None and len(diags) == 500  # every copy of the typo is reported, at its own line
    assert {d.line for d in diags} == set(range(10 + 3010, 10 + 3510))
    assert all(d.col == 21 and d.code == "P001" and "did you mean `draw`?" in d.message for d in diags)
    assert sorted(parses) == sorted(set(lines))


def test_a_check_after_a_change_parses_only_the_changed_line(parses: list[str]) -> None:
    """What the language server does on every edit (load_card_text on the buffer)."""
    lines = [f"on completion: gain {2 * g}, then draw {d}" for g in range(1, 51) for d in range(1, 11)]
    text = HEAD + "".join(f"  - \"{line}\"\n" for line in lines)
    card, diags = load_card_text(text, "cards/bolts.yaml")
    assert card is not None and not diags and len(parses) == 500
    parses.clear()
    changed = text.replace("gain 50, then draw 1\"", "gain 5000, then draw 1\"")
    card, diags = load_card_text(changed, "cards/bolts.yaml")
    assert parses == ["on completion: gain 5000, then draw 1"]
    assert card is None and [(d.line, d.col, d.code) for d in diags] == [(10 + 240, 26, "P025")]  # out of range


def test_a_line_that_is_reused_keeps_its_problems_at_each_place(parses: list[str]) -> None:
    """The memo keeps a problem's column in the line; the file position is worked out where the line stands."""
    text = HEAD + "  - \"on completion: drwa 2\"\n  - on completion: drwa 2\n  -   'on completion: drwa 2'\n"
    _, diags = load_card_text(text, "cards/bolts.yaml")
    assert [(d.line, d.col) for d in diags] == [(10, 21), (11, 20), (12, 23)]
    assert len(parses) == 1


def test_a_syntax_error_is_described_without_building_a_lexer_each_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """The probes that find what the language expected are lexed once per process, not per error."""
    built: list[int] = []
    real = lark.Lark._build_lexer
    monkeypatch.setattr(lark.Lark, "_build_lexer", lambda self, *a, **k: built.append(1) or real(self, *a, **k))
    for n in range(20):
        power, problems = parse_power(f"on completion: gain {2 * n} then draw")
        assert power is None and problems and "expected" in problems[0].message
    assert len(built) <= sum(len(probes) for probes in PROBES.values()) + sum(len(forms) for forms in ROLE_FORMS.values())


def fresh_process(monkeypatch: pytest.MonkeyPatch) -> None:
    """What a new `importexport validate` starts with: an empty memo of lines."""
    monkeypatch.setattr(loader, "LINES", type(loader.LINES)())


def long_card(lines: list[str]) -> str:
    return HEAD + "".join(f"  - \"{line}\"\n" for line in lines)


def seen_by(card: object, diags: list[object]) -> tuple[object, ...]:
    powers = tuple(power.text for power in card.powers) if card is not None else ()  # type: ignore[attr-defined]
    return powers, tuple((d.line, d.col, d.code, d.message) for d in diags)  # type: ignore[attr-defined]


def test_validate_after_a_change_to_a_long_file_parses_only_the_changed_lines(
        tmp_path: Path, parses: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """Between runs (issue 22, item 7): a long file's line results are kept in the per-user cache, so
    `validate` run again after one line changed parses that line only, and says exactly what a check
    from scratch says; a file of a few lines keeps nothing; a damaged entry or another version of the
    interpreter means the lines are parsed again."""
    monkeypatch.setenv("IMPORTEXPORT_CACHE", str(tmp_path / "cache"))
    lines = [f"on completion: gain {2 * g}, then draw {d}" for g in range(1, 21) for d in range(1, 6)] + ["on completion: drwa 2"]
    path = tmp_path / "bolts.yaml"
    path.write_text(long_card(lines))
    load_card_file(path)
    assert len(parses) == 101

    fresh_process(monkeypatch)
    parses.clear()
    changed = long_card([*lines[:50], "on completion: gain 98, then draw 1", *lines[51:]])
    path.write_text(changed)
    kept = seen_by(*load_card_file(path))
    assert parses == ["on completion: gain 98, then draw 1"]
    assert [(line, code) for line, _, code, _ in kept[1]] == [(10 + 100, "P001")]  # the stored typo, at its place

    monkeypatch.setenv("IMPORTEXPORT_CACHE", "off")
    fresh_process(monkeypatch)
    (tmp_path / "other.yaml").write_text(changed.replace("id: bolts", "id: other"))
    from_scratch = seen_by(*load_card_file(tmp_path / "other.yaml"))
    assert from_scratch == kept

    monkeypatch.setenv("IMPORTEXPORT_CACHE", str(tmp_path / "cache"))
    for entry in (tmp_path / "cache" / "lines").iterdir():
        entry.write_bytes(b"not a pickle")
    fresh_process(monkeypatch)
    parses.clear()
    path.write_text(long_card([*lines[:60], "on completion: gain 96, then draw 2", *lines[61:]]))  # not in the file cache
    assert seen_by(*load_card_file(path))[1] == kept[1]
    assert len(parses) == 101  # the damaged entry was not used

    from interpreter import cache as store
    monkeypatch.setattr(store, "code_fingerprint", lambda: "another interpreter")
    fresh_process(monkeypatch)
    parses.clear()
    path.write_text(changed)
    load_card_file(path)
    assert len(parses) == 101  # nothing stored by another version of the interpreter is used

    short = tmp_path / "short.yaml"
    short.write_text(long_card(lines[:10]))
    before = sorted(p.name for p in (tmp_path / "cache" / "lines").iterdir())
    load_card_file(short)
    assert sorted(p.name for p in (tmp_path / "cache" / "lines").iterdir()) == before
