"""Where a character of a YAML string value stands in its file.

A power line is a YAML string: plain, single- or double-quoted, or a block (`|`, `>`), possibly folded
over several lines, with escapes (`\\x64`) or doubled quotes (`''`). Diagnostics point at a column of
the string's text; this maps it back to the file by walking the raw lines alongside the value."""

from __future__ import annotations

import re

ESCAPE_LENGTH = {"x": 4, "u": 6, "U": 10}


def _block_indent(lines: list[str], first: int, value: str) -> tuple[int, int]:
    """(first content line, indentation) of a block scalar whose indicator is on line `first - 1`."""
    lead_value = len(value) - len(value.lstrip(" "))
    for number in range(first, len(lines)):
        if lines[number].strip():
            raw = lines[number]
            return number, len(raw) - len(raw.lstrip(" ")) - lead_value
    return first, 0


def char_positions(lines: list[str], line: int, col: int, style: str | None, value: str) -> list[tuple[int, int]]:
    """The 1-based (line, col) of each character of `value`, a scalar starting at 1-based (line, col)."""
    out: list[tuple[int, int]] = []
    indent = 0
    if style in ("|", ">"):
        r_line, indent = _block_indent(lines, line, value)
        r_col = indent
    else:
        r_line, r_col = line - 1, col - 1 + (1 if style in ("'", '"') else 0)
    k = 0
    while k < len(value) and r_line < len(lines):
        s = lines[r_line]
        if r_col >= len(s):  # a line break: folded into a space (or kept as a newline in `|`)
            if value[k] in " \n":
                out.append((r_line + 1, len(s) + 1))
                k += 1
            r_line += 1
            r_col = min(indent, len(lines[r_line])) if style in ("|", ">") and r_line < len(lines) else 0
            continue
        ch = s[r_col]
        if style == '"' and ch == "\\":
            if r_col + 1 >= len(s):  # an escaped line break joins the lines
                r_line, r_col = r_line + 1, 0
                continue
            out.append((r_line + 1, r_col + 1))
            k += 1
            r_col += ESCAPE_LENGTH.get(s[r_col + 1], 2)
            continue
        if style == "'" and ch == "'" and s[r_col + 1:r_col + 2] == "'":
            out.append((r_line + 1, r_col + 1))
            k += 1
            r_col += 2
            continue
        if ch == value[k]:
            out.append((r_line + 1, r_col + 1))
            k += 1
        r_col += 1  # otherwise indentation, trimmed spaces or a closing quote: not part of the value
    return out


def locate(lines: list[str], line: int, col: int, style: str | None, value: str, index: int) -> tuple[int, int]:
    """The file position of the `index`-th character (1-based) of `value`; past its end, the place
    just after its last character."""
    positions = char_positions(lines, line, col, style, value)
    if not positions:  # an empty string: inside its quotes, if any
        return line, col + (1 if style in ("'", '"') else 0)
    if 1 <= index <= len(positions):
        return positions[index - 1]
    last_line, last_col = positions[-1]
    return last_line, last_col + 1


_EDITOR_BREAK = re.compile(r"\r\n|\r|\n")


def editor_lines(text: str) -> list[str]:
    """The lines of `text` as an editor shows them and the language server protocol counts them:
    broken at CR LF, CR and LF only (str.splitlines also breaks at U+2028, a form feed, ..., which put
    hover and completion on the wrong line). A final line break opens an empty last line."""
    return _EDITOR_BREAK.split(text)
