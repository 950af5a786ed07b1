"""A pytest plugin that measures each test's CPU time (issue 28, item 5): this process's and that of the
child processes the test waited for (the CLI runs, desk servers and browsers it starts), with its
setup and teardown, and writes them as JSON. CPU time, not wall time: on a shared, busy machine the
wall clock says how busy the machine was, not what the test costs.

    python -m pytest -p tests.cputime                  # writes tests-cpu.json (CPUTIME_OUT to change)
    python -m tests.slow_list tests-cpu.json           # rewrites tests/slow.txt from it

No test reads these figures: they choose which tests the `slow` marker leaves out of the quick subset."""

from __future__ import annotations

import json
import os
import resource
import time
from collections.abc import Iterator
from typing import Any

import pytest

RESULTS: dict[str, dict[str, Any]] = {}


def _cpu_seconds() -> float:
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    cpu, wall = _cpu_seconds(), time.perf_counter()
    yield
    RESULTS[item.nodeid] = {"cpu": round(_cpu_seconds() - cpu, 3), "wall": round(time.perf_counter() - wall, 3)}


def pytest_sessionfinish(session: pytest.Session) -> None:
    with open(os.environ.get("CPUTIME_OUT", "tests-cpu.json"), "w", encoding="utf-8") as out:
        json.dump(RESULTS, out, indent=0, sort_keys=True)
