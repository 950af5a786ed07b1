"""Rewrite tests/slow.txt, the tests the `slow` marker leaves out of the quick subset, from a measurement
by tests/cputime.py: `python -m tests.slow_list tests-cpu.json [SECONDS]`.

A test is slow when it took SECONDS of CPU or more (default 0.1: with it, `python -m pytest -m "not
slow"` runs the other ~3,100 tests in well under a minute of CPU; at 0.25 the tests from 0.1 to 0.25 s
added about 25 s). A parametrized test is listed by its function when any of its cases is slow, so
that a new case of it is slow too. Tests marked slow in their file (`@pytest.mark.slow`, with the
reason beside it), and those that start the browser or the shared desk server (tests/conftest.py),
need not be listed."""

from __future__ import annotations

import json
import sys
from pathlib import Path

HEADER = """\
# Tests the `slow` marker leaves out of the quick subset (`python -m pytest -m "not slow"`): those that
# took {seconds:g} s of CPU or more (their own and their child processes', setup included) when measured
# with tests/cputime.py. Made by `python -m tests.slow_list tests-cpu.json`: measure again and rewrite
# it rather than editing it by hand. One test (or parametrized function) per line; the full suite,
# the README's test command, runs them all.
"""


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__, file=sys.stderr)
        return 2
    measured = json.loads(Path(argv[0]).read_text(encoding="utf-8"))
    seconds = float(argv[1]) if len(argv) > 1 else 0.1
    slow = sorted({nodeid.split("[", 1)[0] for nodeid, figures in measured.items() if figures["cpu"] >= seconds})
    out = Path(__file__).with_name("slow.txt")
    out.write_text(HEADER.format(seconds=seconds) + "".join(f"{nodeid}\n" for nodeid in slow), encoding="utf-8")
    print(f"{len(slow)} tests or parametrized functions of {len(measured)} measured are slow; wrote {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
