"""Benchmark of long card files (issue 22, item 7): `python -m tests.power_lines_bench [LINES]`.

Writes three card files of LINES power lines (default 10,000) into a temporary folder: one line
repeated, distinct valid lines (the shipped cards' one-time effects paired and given other numbers),
and distinct lines of which one in eight has a typo. For each it prints the CPU time of a first check
(what `importexport validate` does on a file it has not seen, the start-up cache off) and of a check
after one line changed (what the language server and the desk's editor do on every edit, in the same
process), and of `importexport validate` of the file run again after one line changed (a new process:
the memo empty, the lines of the file's last check read from the per-user cache). CPU time, not wall
time: the figure does not depend on how busy the machine is, much."""

from __future__ import annotations

import json
import os
import random
import re
import sys
import tempfile
import time
from pathlib import Path

HEAD = "id: long\nname: Long\nset: base\ngood: consumer\naction: import\ntier: 2\nload: {consumer: 3}\ntext: Long.\npowers:\n"


def distinct_lines(count: int, seed: int = 3) -> list[str]:
    from interpreter.cards.catalog import load_all_cards
    from interpreter.lang import check_power, parse_power
    shipped = sorted({p.text for c in load_all_cards().by_id.values() for p in c.powers})
    effects = sorted({line.split(":", 1)[1].strip() for line in shipped
                      if line.startswith("on completion:") and ", then" not in line and " if " not in line})
    rnd = random.Random(seed)
    out: list[str] = []
    seen: set[str] = set()
    while len(out) < count:
        line = rnd.choice(shipped) if rnd.random() < 0.3 else f"on completion: {rnd.choice(effects)}, then {rnd.choice(effects)}"
        line = re.sub(r"\b\d+\b", lambda m: str(rnd.randrange(1, 30)), line)
        if len(line) > 90 or line in seen:
            continue
        power, problems = parse_power(line)
        if power is None or problems or check_power(power):
            continue
        seen.add(line)
        out.append(line)
    return out


def card(lines: list[str]) -> str:
    return HEAD + "".join(f"  - {json.dumps(line)}\n" for line in lines)


def measure(name: str, text: str) -> None:
    from interpreter.cards import loader
    memo = getattr(loader, "LINES", None)  # (absent before issue 22: to measure an older version too)
    if memo is not None:
        memo.entries.clear()
    load_card_text = loader.load_card_text
    start = time.process_time()
    _, diags = load_card_text(text, "cards/long.yaml")
    first = time.process_time() - start
    changed = text.replace("  - \"on completion: ", "  - \"on completion:  ", 1)
    start = time.process_time()
    load_card_text(changed, "cards/long.yaml")
    again = time.process_time() - start
    lines = text.count("\n  - ")
    print(f"{name:>28}: {lines} lines, {len(diags)} problems; first check {first:6.2f} s CPU "
          f"({1000 * first / lines:.3f} ms a line); after changing one line {again:5.2f} s CPU; "
          f"validate again after a change {validate_again(text, changed):5.2f} s CPU")


def validate_again(text: str, changed: str) -> float:
    """`load_card_file` of the file, then of the changed file as a new process would (empty memo), with
    a cache folder of its own: the CPU time of the second."""
    from interpreter.cards import loader
    memo = getattr(loader, "LINES", None)
    with tempfile.TemporaryDirectory() as folder:
        os.environ["IMPORTEXPORT_CACHE"] = str(Path(folder, "cache"))
        path = Path(folder, "long.yaml")
        path.write_text(text)
        loader.load_card_file(path)
        if memo is not None:
            memo.entries.clear()
        path.write_text(changed)
        start = time.process_time()
        loader.load_card_file(path)
        spent = time.process_time() - start
        os.environ["IMPORTEXPORT_CACHE"] = "off"
    return spent


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    os.environ["IMPORTEXPORT_CACHE"] = "off"
    from interpreter.lang.parser import parser
    parser()  # the grammar's tables: not part of the figures
    distinct = distinct_lines(count)
    typos = [line.replace("completion", "completoin") if i % 8 == 0 else line for i, line in enumerate(distinct)]
    with tempfile.TemporaryDirectory() as folder:
        for name, lines in (("one line repeated", ["on completion: draw 2"] * count), ("distinct lines", distinct),
                            ("distinct, 1 in 8 with a typo", typos)):
            Path(folder, "long.yaml").write_text(card(lines))
            measure(name, card(lines))


if __name__ == "__main__":
    main()
