"""The import graph of the package's modules, read from their source: module-level imports (those
under `if TYPE_CHECKING:` are only for type checkers and left out), and imports inside functions."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1] / "interpreter"


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _targets(node: ast.ImportFrom | ast.Import, module: str) -> list[str]:
    if isinstance(node, ast.Import):
        return [a.name for a in node.names]
    base = node.module or ""
    if node.level:
        package = module.split(".")[: -node.level] if not module.endswith("__init__") else module.split(".")
        base = ".".join(package + ([base] if base else []))
    known = set(modules())
    return [f"{base}.{a.name}" if f"{base}.{a.name}" in known else base for a in node.names]


ImportNode = ast.Import | ast.ImportFrom


def _import_statements(nodes: list[ast.stmt], function: str | None = None) -> Iterator[tuple[ImportNode, str | None, int]]:
    """Every import statement under `nodes` but those under `if TYPE_CHECKING:`: (the statement, the
    function it is in or None at module level, the line where its run of consecutive imports starts)."""
    block_start = 0
    previous_end = -1
    for node in nodes:
        if isinstance(node, ast.If) and _is_type_checking(node):
            continue
        if isinstance(node, ast.Import | ast.ImportFrom):
            if node.lineno != previous_end + 1:
                block_start = node.lineno
            previous_end = node.end_lineno or node.lineno
            yield node, function, block_start
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            yield from _import_statements(node.body, node.name)
        elif isinstance(node, ast.ClassDef):
            yield from _import_statements(node.body, function)
        else:
            for field in ("body", "orelse", "finalbody", "handlers"):
                yield from _import_statements(getattr(node, field, []) or [], function)


@cache
def _source(path: Path) -> tuple[str, ast.Module]:
    """A module's text and syntax tree, read and parsed once for both readings of its imports."""
    text = path.read_text()
    return text, ast.parse(text)


@cache
def imports(path: Path) -> tuple[set[str], list[tuple[str, str]]]:
    """(modules imported at module level, [(function, module) imported inside functions])."""
    module = module_name(path)
    tree = _source(path)[1]
    top: set[str] = set()
    inner: list[tuple[str, str]] = []
    for node, function, _ in _import_statements(tree.body):
        for target in _targets(node, module):
            if target.startswith("interpreter"):
                (inner.append((function, target)) if function else top.add(target))
    return top, inner


@cache
def modules() -> dict[str, Path]:
    """Every module of the package, by name (read once: a test run asks for it at every import statement)."""
    return {module_name(p): p for p in ROOT.rglob("*.py")}


def package_of(module: str) -> str:
    parts = module.split(".")
    return ".".join(parts[:2]) if len(parts) > 1 else module


def module_graph() -> dict[str, set[str]]:
    known = modules()
    graph: dict[str, set[str]] = {}
    for name, path in known.items():
        top, _ = imports(path)
        graph[name] = {t for t in top if t in known and t != name}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every strongly connected group of more than one node (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []
    counter = [0]

    def strong(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))
    sys.setrecursionlimit(10000)
    for v in list(graph):
        if v not in index:
            strong(v)
    return out


def package_graph() -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    for module, targets in module_graph().items():
        source = package_of(module)
        graph.setdefault(source, set())
        graph[source] |= {package_of(t) for t in targets if package_of(t) != source}
    return graph


# ------------------------------------------------------------------------------------ imports inside functions

@dataclass(frozen=True)
class InnerImport:
    """An import statement inside a function, with the comment that explains it (or '')."""

    path: Path
    line: int
    function: str
    statement: str  # its source, on one line
    top: str  # the top-level name of what it imports (`scipy`, `interpreter`)
    reason: str  # the text after `# optional dependency:` or `# start-up:`, with its kind


MARKER = re.compile(r"#\s*((?:optional dependency|start-up):.*)$")


def _marker(lines: list[str], start: int, end: int, block_start: int) -> str:
    """The marker comment of the import at lines start..end (1-based): on one of its own lines, or on
    the comment lines right above the run of imports it belongs to (which starts at `block_start`)."""
    for number in range(start, end + 1):
        found = MARKER.search(lines[number - 1])
        if found:
            return found.group(1)
    number = block_start - 1
    while number >= 1 and lines[number - 1].strip().startswith("#"):
        found = MARKER.search(lines[number - 1])
        if found:
            return found.group(1)
        number -= 1
    return ""


def inner_imports(path: Path) -> list[InnerImport]:
    """Every import statement inside a function of the module at `path` (of any module, the standard
    library's included; those under `if TYPE_CHECKING:` are for type checkers and left out).

    A comment marks an import: on its lines, or above a run of imports with nothing else between
    them (the run shares the comment), e.g.

        # optional dependency: reportlab (the `print` extra); ...
        from interpreter.printing.sheets import write_sheets
    """
    text, tree = _source(path)
    lines = text.splitlines()
    found: list[InnerImport] = []

    for node, function, block_start in _import_statements(tree.body):
        if function is None:
            continue
        end = node.end_lineno or node.lineno
        first = node.names[0].name if isinstance(node, ast.Import) else (node.module or "")
        top = "interpreter" if isinstance(node, ast.ImportFrom) and node.level else first.split(".")[0]
        statement = " ".join(s.strip() for s in lines[node.lineno - 1:end])
        found.append(InnerImport(path, node.lineno, function, statement.split("  #")[0].split(" #")[0], top,
                                 _marker(lines, node.lineno, end, block_start)))
    return found


@cache
def optional_packages() -> frozenset[str]:
    """The packages of the optional extras in pyproject.toml (`test` aside), by name (`reportlab`)."""
    project = tomllib.loads((ROOT.parent / "pyproject.toml").read_text())["project"]
    names = set()
    for extra, requirements in project["optional-dependencies"].items():
        if extra != "test":
            names |= {re.split(r"[<>=!~\[; ]", r, maxsplit=1)[0].lower() for r in requirements}
    return frozenset(names)


STARTUP_PROBE = """
import importlib, sys, time
import interpreter.cli
interpreter.cli.build_parser()
before = len(sys.modules)
start = time.perf_counter()
importlib.import_module({module!r})
print((time.perf_counter() - start) * 1000, len(sys.modules) - before)
"""


def startup_cost(module: str, runs: int = 5) -> tuple[float, int]:
    """What importing `module` adds to a command's start-up, once the command line is loaded: the
    fastest of `runs` fresh interpreters, in milliseconds, and the number of modules it brings. The
    figure a `# start-up:` comment quotes; a measurement, never an assertion (no test reads a clock).
    From a checkout: python -c "from tests.import_graph import startup_cost; print(startup_cost('interpreter.sim.runner'))" """
    best, count = float("inf"), 0
    for _ in range(runs):
        out = subprocess.run([sys.executable, "-c", STARTUP_PROBE.format(module=module)], capture_output=True, text=True, check=True)
        ms, added = out.stdout.split()
        best, count = min(best, float(ms)), int(added)
    return best, count
