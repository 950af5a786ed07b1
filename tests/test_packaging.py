"""The tool installed from its wheel works anywhere (issue 12, items 1-3): the sdist and the wheel are
built with the project's build backend, the wheel is installed into a fresh virtual environment, and
every command runs from a folder that is not the checkout, reading the cards, the expansions, the
grammar and the schema from the installed package.

No network: the build runs without isolation (hatchling is in the test extra), and the declared
dependencies (and theirs) are copied into the new environment from the running one (file by file, from their
installed records), so `pip install --no-index` finds them already satisfied."""

from __future__ import annotations

import importlib.metadata
import json
import os
import shutil
import subprocess
import sys
import tarfile
import time
import tomllib
import venv
import zipfile
from pathlib import Path

import pytest
from packaging.requirements import Requirement

from interpreter import __version__
from interpreter.reference import card_schema

REPO = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="the fresh environment's layout is POSIX here")


def build(hook: str, source: Path, out: Path) -> Path:
    """Run one PEP 517 hook of the project's backend (hatchling) in `source`."""
    code = f"import hatchling.build as b, sys; print(b.{hook}(sys.argv[1]))"
    done = subprocess.run([sys.executable, "-c", code, str(out)], cwd=source, capture_output=True, text=True, check=True)
    return out / done.stdout.strip().splitlines()[-1]


def runtime_dependencies() -> list[str]:
    """The project's declared dependencies and theirs, as installed here (extras and markers that do
    not apply are left out): what the wheel needs beside it."""
    declared = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["dependencies"]
    wanted = [Requirement(r) for r in declared]
    found: dict[str, None] = {}
    while wanted:
        req = wanted.pop()
        if req.name.lower() in found or (req.marker is not None and not req.marker.evaluate({"extra": ""})):
            continue
        found[req.name.lower()] = None
        wanted.extend(Requirement(r) for r in importlib.metadata.requires(req.name) or ())
    return list(found)


def seed_dependencies(site: Path) -> None:
    for name in runtime_dependencies():
        dist = importlib.metadata.distribution(name)
        for file in dist.files or ():
            source = Path(str(dist.locate_file(file)))
            if source.is_file() and not file.parts[0].startswith(".."):
                target = site / file
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(source, target)


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    """Build the sdist, the wheel from the unpacked sdist (as pip does), and install the wheel into a
    fresh environment (the time of each step is printed: `pytest -s` shows it)."""
    root = tmp_path_factory.mktemp("packaging")
    timings: dict[str, float] = {}
    start = time.perf_counter()
    sdist = build("build_sdist", REPO, root / "dist")
    with tarfile.open(sdist) as tar:
        tar.extractall(root / "unpacked", filter="data")
    unpacked = next((root / "unpacked").iterdir())
    wheel = build("build_wheel", unpacked, root / "dist")
    timings["build sdist and wheel"] = time.perf_counter() - start

    start = time.perf_counter()
    env = root / "venv"
    # without pip of its own: the running pip installs into it (`--python`), which spares the copy of
    # pip ensurepip makes into every new environment (about 7 s of CPU, most of this fixture's)
    venv.create(env, with_pip=False, symlinks=True)
    python = env / "bin" / "python"
    site = Path(subprocess.run([python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                               capture_output=True, text=True, check=True).stdout.strip())
    seed_dependencies(site)
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "-q", "--no-index", str(wheel)], check=True)
    timings["fresh environment and install"] = time.perf_counter() - start
    print("\npackaging: " + ", ".join(f"{k} {v:.1f} s" for k, v in timings.items()))
    elsewhere = root / "elsewhere"
    elsewhere.mkdir()
    return {"sdist": sdist, "wheel": wheel, "env": env, "site": site, "cwd": elsewhere, "cache": root / "cache"}


def run(installed: dict[str, object], *args: str, status: int = 0) -> str:
    """Run the installed `importexport` in a folder outside the checkout, with nothing pointing at it."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "IMPORTEXPORT_HOME", "VIRTUAL_ENV")}
    # the session's start-up cache (tests/conftest.py): its entries are keyed by what they were built
    # from, so the installed tool shares only the parser tables of the same grammar (seconds of CPU to
    # build) and reads its cards from its own files
    env["IMPORTEXPORT_CACHE"] = os.environ.get("IMPORTEXPORT_CACHE") or str(installed["cache"])
    command = [str(Path(str(installed["env"])) / "bin" / "importexport"), *args]
    done = subprocess.run(command, cwd=str(installed["cwd"]), env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == status, f"{' '.join(args)}: exit {done.returncode}\n{done.stdout}\n{done.stderr}"
    assert "Traceback" not in done.stdout + done.stderr
    return done.stdout + done.stderr


def test_the_sdist_and_the_wheel_carry_the_data(installed):
    with tarfile.open(str(installed["sdist"])) as tar:
        names = {n.split("/", 1)[1] for n in tar.getnames() if "/" in n}
    shipped = {p.relative_to(REPO).as_posix() for d in ("cards", "expansions") for p in (REPO / d).rglob("*.yaml")}
    assert len(shipped) == 129  # 128 cards and the rules file
    assert shipped | {"grammar/powers.lark", "docs/card.schema.json", "pyproject.toml"} <= names
    with zipfile.ZipFile(str(installed["wheel"])) as whl:
        data = {f.removeprefix("interpreter/data/") for f in whl.namelist() if f.startswith("interpreter/data/")}
    schemas = {f"docs/{kind}.schema.json" for kind in ("card", "mod", "scenario")}
    assert data == shipped | {"grammar/powers.lark", "grammar/shorthands.yaml"} | schemas
    site = Path(str(installed["site"]))
    assert json.loads((site / "interpreter" / "data" / "docs" / "card.schema.json").read_text()) == card_schema()
    # a shipped card's header line names the packaged schema
    cups = site / "interpreter" / "data" / "cards" / "consumer" / "cups.yaml"
    named = cups.parent / cups.read_text().splitlines()[0].split("$schema=")[1]
    assert named.resolve() == (site / "interpreter" / "data" / "docs" / "card.schema.json").resolve()


def test_the_installed_tool_reads_its_own_data_from_anywhere(installed):
    site = Path(str(installed["site"]))
    version = run(installed, "--version")
    assert version.startswith(f"importexport {__version__} ")
    assert str(site / "interpreter" / "data") in version

    out = run(installed, "play", "--players", "3", "--seed", "2", "--expansions", "all")
    assert "Final scores" in out and "Winner:" in out
    assert run(installed, "validate").strip().splitlines()[-1] == "128 cards, no problems."
    # the balance statistics with the declared dependencies alone (SciPy is the tests' oracle, not one)
    run(installed, "balance", "--games", "2", "--workers", "1", "--out", "run")
    assert json.loads((Path(str(installed["cwd"])) / "run" / "results.json").read_text())["meta"]["games"] == 2
    site_packages = {p.name.split("-")[0].lower() for p in site.iterdir()}
    assert "scipy" not in site_packages
    out = run(installed, "explain", "cups")
    assert out.startswith("Cups (consumer") and "draw 5 cards" in out
    cups = site / "interpreter" / "data" / "cards" / "consumer" / "cups.yaml"
    assert run(installed, "scenario", "run", str(cups)).strip().endswith("1 passed, 0 failed")
    out = run(installed, "docs", status=2)
    assert "--out" in out
    run(installed, "docs", "--out", "reference")
    assert json.loads((Path(str(installed["cwd"])) / "reference" / "card.schema.json").read_text()) == card_schema()


def test_a_new_pack_from_init_checks_validates_and_plays_with_the_installed_tool(installed):
    run(installed, "init", "my-mod")
    out = run(installed, "mod", "check", "my-mod")
    assert "+ added trade_office" in out and "no problems" in out
    assert run(installed, "validate", "--run-examples", "my-mod").splitlines() == ["1 example(s) run.", "1 cards, no problems."]
    assert run(installed, "explain", "my-mod/cards/trade_office.yaml").startswith("Trade Office (consumer")
    assert run(installed, "scenario", "run", "--mod", "my-mod", "my-mod/cards").strip().endswith("1 passed, 0 failed")
    assert "Winner:" in run(installed, "play", "--mod", "my-mod", "--seed", "3")
