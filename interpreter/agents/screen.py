"""One decision screen for a person at a terminal: the turn header, the table, the question and its
options, fitted to the terminal so that the header and the last lines of narration above it stay
in sight (an 80x24 terminal included). Sections that do not fit are folded or left out, most
needed last; `t` shows the full table."""

from __future__ import annotations

import textwrap
from dataclasses import dataclass

from interpreter.engine.view import CompactView

NARRATION_KEPT = 2  # lines of narration above the screen that must stay visible


@dataclass
class Numbered:
    key: str  # what the person types: "3", "d1"
    label: str


def option_lines(options: list[Numbered], width: int) -> list[list[str]]:
    """Each option as its wrapped lines: `  3. label`, continuation lines indented under the label."""
    key_width = max((len(o.key) for o in options), default=1)
    out = []
    for o in options:
        first = f"  {o.key:>{key_width}}. "
        wrapped = textwrap.wrap(o.label, width - len(first)) or [""]
        out.append([first + wrapped[0]] + [" " * len(first) + w for w in wrapped[1:]])
    return out


def fit(view: CompactView, question: str, options: list[Numbered], height: int, width: int,
        first_option: int = 0) -> tuple[list[str], int]:
    """The screen's lines (without the prompt line) and the number of options shown, starting at
    `first_option`; the options left over are announced so the person can page to them."""
    budget = max(8, height - NARRATION_KEPT - 1)  # the prompt takes the last line
    head = [view.header]
    asked = textwrap.wrap(question, width) or [question]
    wrapped = option_lines(options, width)[first_option:]
    room = budget - len(head) - len(asked)
    shown: list[str] = []
    count = 0
    for i, lines in enumerate(wrapped):
        more_after = i < len(wrapped) - 1
        if len(shown) + len(lines) + (1 if more_after else 0) > room:
            break
        shown += lines
        count += 1
    left = len(wrapped) - count
    if left:
        shown.append(f"  ... {left} more option(s): type + to see them (any number may be typed)")
    free = budget - len(head) - len(asked) - len(shown)
    sections = _sections(view, free)
    return head + sections + asked + shown, count


def _sections(view: CompactView, free: int) -> list[str]:
    """The table's sections that fit in `free` lines, in their order on screen; the table first,
    then the hand, the own ships, the ships at sea (folded if need be) and the island."""
    chosen: dict[str, list[str]] = {}
    for name, lines, fallback in (("table", view.table, None), ("hand", view.hand, None),
                                  ("own", view.own_ships, None), ("sea", view.at_sea, view.at_sea_short),
                                  ("island", view.island, None)):
        used = sum(len(v) for v in chosen.values())
        if lines and used + len(lines) <= free:
            chosen[name] = lines
        elif fallback and used + len(fallback) <= free:
            chosen[name] = fallback
    order = ("table", "sea", "island", "own", "hand")
    return [line for name in order for line in chosen.get(name, [])]
