"""Finding the power line under the cursor in a card file's text, and where its characters stand.

Read from the raw lines rather than from parsed YAML, because the buffer is often half-typed and
not valid YAML yet: a power is an item (`- ...`) of a list whose key is `powers:` (in a card file,
or in a single-file pack's inline cards)."""

from __future__ import annotations

import re
from dataclasses import dataclass

ITEM = re.compile(r"^(?P<indent>\s*)-(?P<gap>\s+)(?P<rest>.*)$")
POWERS_KEY = re.compile(r"^(-\s+)?powers\s*:\s*(#.*)?$")
PLAIN_COMMENT = re.compile(r"\s+#.*$")


@dataclass(frozen=True)
class PowerLine:
    """A power line as the language sees it, and where it stands in the file."""

    text: str  # the power line (without the list dash, quotes or a trailing comment)
    line: int  # 0-based line of the file where it starts
    start: int  # 0-based column in that line of the power's first character
    full: str  # the whole power, continuation lines folded in (what hover parses)

    def column(self, character: int) -> int:
        """The 1-based column in the power line of the file column `character` (0-based)."""
        return character - self.start + 1

    def character(self, column: int) -> int:
        """The 0-based file column of the power line's 1-based `column`."""
        return self.start + column - 1


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _is_blank(line: str) -> bool:
    stripped = line.strip()
    return not stripped or stripped.startswith("#")


def _in_powers_list(lines: list[str], item_line: int, dash: int) -> bool:
    """Whether the list item whose dash is at column `dash` belongs to a `powers:` key."""
    for number in range(item_line - 1, -1, -1):
        line = lines[number]
        if _is_blank(line):
            continue
        indent = _indent(line)
        if indent > dash or (indent == dash and line.lstrip().startswith("-")):
            continue  # inside an earlier item, or an earlier item of the same list
        return bool(POWERS_KEY.match(line.strip()))
    return False


def _unquote(rest: str) -> tuple[str, int]:
    """The scalar's text and its offset in `rest`: quotes are removed, a plain scalar loses its comment."""
    if rest[:1] in ("'", '"'):
        quote = rest[0]
        end = rest.find(quote, 1)
        while quote == "'" and end != -1 and rest[end + 1:end + 2] == "'":
            end = rest.find(quote, end + 2)
        body = rest[1:end] if end != -1 else rest[1:]
        return (body.replace("''", "'") if quote == "'" else body), 1
    return PLAIN_COMMENT.sub("", rest).rstrip(), 0


def power_at(lines: list[str], line: int) -> PowerLine | None:
    """The power line that the 0-based `line` of the file belongs to, if any."""
    if not 0 <= line < len(lines):
        return None
    item_line = line
    while item_line >= 0 and not ITEM.match(lines[item_line]):
        if _is_blank(lines[item_line]) and item_line != line:
            return None
        item_line -= 1  # a continuation line of a folded item: find the item's first line
    if item_line < 0:
        return None
    match = ITEM.match(lines[item_line])
    assert match is not None
    dash = len(match.group("indent"))
    if item_line != line and _indent(lines[line]) <= dash:
        return None
    if not _in_powers_list(lines, item_line, dash):
        return None
    rest = match.group("rest")
    text, offset = _unquote(rest)
    start = dash + 1 + len(match.group("gap")) + offset
    full = [text]
    for number in range(item_line + 1, len(lines)):
        more = lines[number]
        if _is_blank(more) or _indent(more) <= dash:
            break
        full.append(_unquote(more.strip())[0].rstrip("'\""))
    return PowerLine(text, item_line, start, " ".join(part.strip() for part in full if part.strip()))
