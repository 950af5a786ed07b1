"""Layers without a circle (issue 11, item 3; issue 28, items 1 and 2): the import graph read from the source.

The engine knows the rules and depends on a small interface for powers (engine/powers_port.py),
never on the language; the language (parse, check, English, docs) imports nothing of the game; the
powers runtime joins the two. No module imports another inside a function to dodge a cycle: in every
package, an import inside a function is either hoisted to the top of its module or marked with a
comment that says why it cannot be: an optional dependency (a package of an optional extra, such as
reportlab for `print`), or a start-up cost, measured, that it keeps off a command."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from tests.import_graph import ROOT, InnerImport, cycles, imports, inner_imports, module_graph, modules, optional_packages, package_graph

# Packages whose modules import everything at module level (lazy imports are for start-up speed
# and optional dependencies, which these never need).
EAGER = ("interpreter.lang", "interpreter.engine", "interpreter.powers", "interpreter.cards", "interpreter.bus",
         "interpreter.agents", "interpreter.scenarios", "interpreter.mods", "interpreter.reference", "interpreter.schemas",
         "interpreter.schema_header")


def test_no_module_imports_itself_through_others():
    assert cycles(module_graph()) == []


def test_no_package_imports_itself_through_others():
    assert cycles(package_graph()) == []


def test_the_engine_depends_on_no_language_runtime_or_tool():
    used = package_graph()["interpreter.engine"]
    assert used <= {"interpreter.bus", "interpreter.cards"}, used


def test_the_language_depends_on_nothing_of_the_game():
    used = package_graph()["interpreter.lang"]
    assert used <= {"interpreter.cache", "interpreter.resources", "interpreter.spelling"}, used


# Imports every module of the engine, then prints the modules of the power language that came with them.
ENGINE_ALONE = """
import importlib, pkgutil, sys
import interpreter.engine
for found in pkgutil.iter_modules(interpreter.engine.__path__):
    importlib.import_module("interpreter.engine." + found.name)
print(sorted(m for m in sys.modules if m == "interpreter.lang" or m.startswith("interpreter.lang.")))
"""


def test_importing_the_engine_loads_nothing_of_the_language():
    """The engine plays with a card set, rules data and a did-you-mean for option names
    (cards/cardset.py, cards/rulesdata.py, spelling.py), none of which loads the parser: only the
    powers runtime (interpreter.powers) brings the language to a game. Run in a fresh interpreter,
    since this test process has long since imported everything."""
    done = subprocess.run([sys.executable, "-c", ENGINE_ALONE], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]", f"importing interpreter.engine loads {done.stdout.strip()}"


def test_only_the_powers_runtime_joins_the_language_and_the_engine():
    graph = package_graph()
    both = {p for p, used in graph.items() if {"interpreter.lang", "interpreter.engine"} <= used}
    # the desk, the reference docs and the JSON Schemas show both, and `tune` (sim/tunables.py) reads a
    # card's numbers and their bounds from its power lines; none compiles a power
    assert both <= {"interpreter.powers", "interpreter.web", "interpreter.reference", "interpreter.schemas", "interpreter.sim"}, both


@pytest.mark.parametrize("module", sorted(m for m in modules() if m.startswith(EAGER)))
def test_core_modules_import_at_module_level(module):
    _, inner = imports(modules()[module])
    assert inner == [], f"{module} imports inside functions: {inner}"


# Standard modules that exist on some systems only: importing one inside a function, under
# `try/except ImportError`, is an optional dependency too (runfolder.py's fcntl: no locks on Windows).
PLATFORM_ONLY = {"fcntl", "msvcrt", "termios", "tty", "resource", "winreg", "pwd", "grp"}
COMMAND = re.compile(r"`importexport [a-z]")
MEASURED = re.compile(r"\d+(\.\d+)? ?(ms|s)\b")
HOW = ("Hoist it to the top of the module. If it cannot be (a cycle means two modules need a third that both import; "
       "see web/render.py, interpreter/records.py), mark it on the line above: `# optional dependency: PACKAGE (...)` "
       "naming a package of an optional extra of pyproject.toml, or `# start-up: ...` naming the `importexport COMMAND` "
       "whose start-up it spares and the time measured (e.g. `+160 ms`: the import's cost after `import interpreter.cli`, "
       "tests/import_graph.py's `startup_cost`).")


def unexplained(found: InnerImport) -> str:
    """Why an import inside a function is not allowed ('' when its comment explains it)."""
    kind, _, text = found.reason.partition(":")
    if kind == "optional dependency":
        named = {w.lower() for w in re.findall(r"[A-Za-z][\w-]*", text)}
        if named & (optional_packages() | PLATFORM_ONLY):
            return ""
        return "its `optional dependency:` comment names no package of an optional extra"
    if kind == "start-up":
        if COMMAND.search(text) and MEASURED.search(text):
            return ""
        return "its `start-up:` comment must name the `importexport COMMAND` it starts faster and the time measured"
    return "it has no comment that explains it"


@pytest.mark.parametrize("module", sorted(modules()))
def test_imports_inside_functions_are_explained(module):
    """Every package, the command line, the desk and the balance tools included."""
    wrong = [f"{f.path.relative_to(ROOT.parent)}:{f.line}: `{f.statement}` inside {f.function}(): {why}"
             for f in inner_imports(modules()[module]) if (why := unexplained(f))]
    assert not wrong, "\n".join(wrong) + "\n" + HOW
