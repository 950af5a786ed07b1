"""Every command and example of the docs runs as written (issue 13, item 8; issue 26, item 14): the
README, every page of docs/ (the modding tutorial and the first-power page included) and the Novel
Powers pack's README.

Each page's examples are taken in the order they appear and run in a scratch folder (the
repository's `cards/`, `expansions/`, `docs/` and `grammar/` are linked into it, so relative paths
resolve as they do from the repository root; whatever a command writes lands in the scratch folder):

- shell blocks: every line is run, commands joined by `&&` one after the other: `importexport ...`
  in this process, `mkdir`, `cp`, `python3 -m venv DIR` (made without pip, which the test never runs
  in it) and `. DIR/bin/activate` (checked to make DIR the active environment) in a shell; `pip install -e '.[EXTRA]'` is checked against
  pyproject.toml's extras (installing needs the network: .ci/run installs the project, and
  tests/test_packaging.py installs its wheel into a fresh environment); `python -m pytest` and
  `bash .ci/run` are this test suite, and `apt-get` needs root: they are checked to be what .ci/run
  runs or named, not run. Any other command fails the test until this file knows how to check it;
- inline `importexport ...` spans: run when they are a complete command; a synopsis with placeholders
  (`--games G`, `[--resume]`, `PATH ...`) or a mention of a feature (`importexport balance --compare`)
  is checked as a reference: the command and each option it names must exist;
- YAML blocks: a scenario must pass; a card file must load without a diagnostic; a mod manifest must
  apply to the base cards; a `powers:` fragment must load as a card's powers; a schema header must
  point at the schema. A block introduced by "`path`:" is also written to that path, as the reader
  would, before the commands that use it.

A page says where its commands are not run as written, in a comment just before the block (or the
paragraph or table of inline commands) it is about:

    <!-- docs-test: not run (why) -->              the commands are checked as references only
    <!-- docs-test: run with --games 6 (why) -->   each command taking these options runs with them:
                                                   the values written are replaced, and a number
                                                   (--games 6) is added where none is written

so a long run is run small only where its page says so. Commands that need a person or a program at
the other end (`serve`, `lsp`) are only parsed; `play --human` is run with a person who types `q`.
"""

from __future__ import annotations

import contextlib
import io
import re
import shlex
import shutil
import subprocess
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import yaml

from interpreter.cards.catalog import load_all_cards, load_rules, project_root
from interpreter.cli import UsageError, main, shared_parser

ROOT = project_root()
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")), ROOT / "docs" / "examples" / "novel" / "README.md"]
# Commands that need a person or a program at the other end: `serve` is a web server a person opens in a
# browser and stops with Ctrl-C; `lsp` speaks LSP on its standard input to the editor that starts it.
NEEDS_A_PERSON = {"serve", "lsp"}
# What a reader is assumed to bring to a page: the folders it names with `my-` and never creates.
READER_FILES = {"my-scenarios": "the page's scenarios", "my-cards": "cards/consumer/cups.yaml", "my-pack": "docs/example-mod"}
# Failures being fixed on another branch: (page, example's first line) -> why.
KNOWN: dict[tuple[str, str], str] = {}
PLACEHOLDER = re.compile(r"^[A-Z][A-Z0-9_|=/.]*$|\[|\]|\.\.\.|…")
FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.M | re.S)
INLINE = re.compile(r"`(importexport [^`]+)`")
TARGET = re.compile(r"`([^`]+\.ya?ml)`[^`\n]*:\s*$")
MARKER = re.compile(r"^<!-- docs-test: (not run|run with ((?:--[a-z-]+ \S+ ?)+)) \((.+)\) -->$", re.M)
ANY_MARKER = re.compile(r"<!--\s*docs-test")


@dataclass
class Marker:
    """What a page says about how the test runs the examples that follow it."""

    run: bool
    options: dict[str, str]  # --option -> value, for `run with`
    why: str


@dataclass
class Example:
    page: str
    line: int
    kind: str  # sh, yaml, inline
    text: str
    target: str = ""  # for YAML: the file the page asks the reader to write it to
    marker: Marker | None = None

    @property
    def where(self) -> str:
        return f"{self.page}:{self.line}"


def page_name(page: Path) -> str:
    return str(page.relative_to(ROOT)) if page.is_relative_to(ROOT) else page.name


def markers(text: str) -> list[tuple[int, int, Marker]]:
    """(first line, last line, marker): each marker of a page and the lines it covers, from the line
    after it to the end of the block or paragraph that follows (1-based lines)."""
    lines = text.splitlines()
    found = []
    for m in MARKER.finditer(text):
        first = text.count("\n", 0, m.start()) + 2
        last = first
        if last <= len(lines) and lines[last - 1].startswith("```"):
            last += 1
            while last <= len(lines) and not lines[last - 1].startswith("```"):
                last += 1
        else:
            while last < len(lines) and lines[last].strip():
                last += 1
        words = (m.group(2) or "").split()
        found.append((first, last, Marker(m.group(1) != "not run", dict(zip(words[::2], words[1::2], strict=True)), m.group(3))))
    return found


def examples(page: Path) -> list[Example]:
    text = page.read_text()
    name = page_name(page)
    found: list[Example] = []
    for m in FENCE.finditer(text):
        line = text.count("\n", 0, m.start()) + 2
        before = text[:m.start()].rstrip("\n").rsplit("\n", 1)[-1]
        target = TARGET.search(before)
        found.append(Example(name, line, m.group(1) or "text", m.group(2), target.group(1) if target else ""))
    prose = FENCE.sub(lambda m: "\n" * m.group(0).count("\n"), text)
    prose = MARKER.sub("", prose)  # a marker's reason may name a command: it is not an example
    for m in INLINE.finditer(prose):
        found.append(Example(name, prose.count("\n", 0, m.start()) + 1, "inline", m.group(1)))
    said = markers(text)
    for e in found:
        e.marker = next((mk for first, last, mk in said if first <= e.line <= last), None)
    return sorted(found, key=lambda e: e.line)


# --- commands -----------------------------------------------------------------------------------------

def sub_parser(parser: Any, words: list[str]) -> tuple[Any, list[str]]:
    """The (sub)parser a command line reaches, and the words after the command's name(s)."""
    current, rest = parser, list(words)
    while rest:
        actions = [a for a in current._actions if a.__class__.__name__ == "_SubParsersAction"]
        if not actions or rest[0] not in actions[0].choices:
            break
        current, rest = actions[0].choices[rest[0]], rest[1:]
    return current, rest



def check_reference(args: list[str]) -> str | None:
    """A synopsis or a mention: the command exists and so does every option it names."""
    parser, rest = sub_parser(shared_parser(), args)
    if parser is None or parser.prog == "importexport":
        return f"no such command: importexport {args[0] if args else ''}"
    known = {s for a in parser._actions for s in a.option_strings}
    unknown = [w for w in rest if w.startswith("--") and w.split("=")[0] not in known]
    return f"{parser.prog} has no option {', '.join(unknown)}" if unknown else None


def complete(args: list[str]) -> bool:
    if any(PLACEHOLDER.search(w) for w in args):
        return False
    try:
        with contextlib.redirect_stderr(io.StringIO()), contextlib.redirect_stdout(io.StringIO()):
            shared_parser().parse_args(args)
    except (UsageError, SystemExit):
        return False
    return True


def with_options(args: list[str], marker: Marker | None) -> list[str]:
    """The command as its page says to run it: each option of `run with` the command takes, its
    value replaced; a number (a size: --games) is also added where the command does not write it."""
    if marker is None or not marker.options:
        return args
    args = list(args)
    parser, _ = sub_parser(shared_parser(), args)
    known = {s for a in parser._actions for s in a.option_strings}
    for option, value in marker.options.items():
        if option not in known:
            continue
        if option in args:
            args[args.index(option) + 1] = value
        elif value.isdigit():
            args += [option, value]
    return args


def run_importexport(args: list[str], scratch: Path, monkeypatch: pytest.MonkeyPatch, marker: Marker | None = None) -> tuple[int, str]:
    expected = 0
    stdin = ""
    if args[0] == "docs":  # regenerate into the scratch folder, then compare with the committed files
        args = [*args, "--out", str(scratch / "docs-out")]
    if args[0] == "play" and "--human" in args:
        stdin, expected = "q\n", 1  # the person leaves at the first question
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        code = main(with_options(args, marker))
    text = out.getvalue()
    if args[0] == "docs":
        for made in (scratch / "docs-out").iterdir():
            if made.read_text() != (ROOT / "docs" / made.name).read_text():
                return 1, f"docs/{made.name} is not what `importexport docs` writes (run it and commit)"
    if args[0] == "play" and "--human" in args and "Game abandoned." not in text:
        return 1, text
    return (0 if code == expected else code or 1), text


NOT_RUN = {  # commands of the docs that are checked, not run, and why
    ("python", "-m", "pytest"): "the test suite this test is part of",
    ("bash", ".ci/run"): "CI itself: the test suite, ruff and mypy",
}


def run_shell_line(line: str, scratch: Path, monkeypatch: pytest.MonkeyPatch, marker: Marker | None = None) -> str | None:
    """Run one line of a shell block: its commands joined by `&&`, one after the other."""
    if line.lstrip().startswith("#"):
        return None
    for command in re.split(r"\s&&\s", line.split(" # ")[0]):
        problem = run_shell_command(command.strip(), scratch, monkeypatch, marker)
        if problem:
            return problem
    return None


def run_shell_command(command: str, scratch: Path, monkeypatch: pytest.MonkeyPatch, marker: Marker | None) -> str | None:
    words = shlex.split(command, comments=True)
    if not words:
        return None
    if words[0] == "importexport":
        return run_command(words[1:], scratch, monkeypatch, marker)
    if words[0] == "importexport-lsp":  # the language server's own script: `importexport lsp`
        return run_command(["lsp", *words[1:]], scratch, monkeypatch, marker)
    if marker is not None and not marker.run:
        return None
    if words[:3] == ["python", "-m", "interpreter.sim.valuation_table"]:  # the valuation test's data (docs/bots.md)
        from interpreter.sim import valuation_table
        with contextlib.redirect_stdout(io.StringIO()):
            code = valuation_table.main(words[3:])
        return None if code == 0 else f"exit code {code}"
    if words[0] in ("mkdir", "cp") or words[:3] in (["python3", "-m", "venv"], ["python", "-m", "venv"]):
        if words[1:3] == ["-m", "venv"] and "--without-pip" not in words:
            # the environment is made whole but without pip: the test never runs pip in it (`pip install`
            # is checked against pyproject.toml), and ensurepip's copy of pip costs about 7 s of CPU
            command = shlex.join([*words[:3], "--without-pip", *words[3:]])
        done = subprocess.run(command, shell=True, cwd=scratch, capture_output=True, text=True)
        return None if done.returncode == 0 else done.stderr
    if words[0] in (".", "source") and len(words) == 2 and words[1].endswith("/bin/activate"):
        folder = (scratch / words[1]).parent.parent
        check = f'{command} && [ "$VIRTUAL_ENV" = "{folder}" ] && [ "$(command -v python)" = "{folder}/bin/python" ]'
        done = subprocess.run(["bash", "-c", check], cwd=scratch, capture_output=True, text=True)
        return None if done.returncode == 0 else f"`{command}` does not make {folder} the active environment: {done.stderr}"
    if words[:2] == ["pip", "install"]:
        extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
        named = [x for w in words for x in re.findall(r"\.\[([\w,-]+)\]", w)]
        missing = [e for group in named for e in group.split(",") if e not in extras]
        if "-e" in words and not {".", *(f".[{g}]" for g in named)} & set(words):
            return f"`{command}`: an editable install of this repository is `pip install -e .`"
        return f"pyproject.toml has no extra {', '.join(missing)}" if missing else None
    if tuple(words) in NOT_RUN:
        return None
    if words[0] in ("apt-get", "apt", "sudo"):
        return None  # needs root and the network: named for the reader, never run by a test
    return f"the docs test does not know how to check `{command}`: add it to tests/test_docs_run.py"


def run_command(args: list[str], scratch: Path, monkeypatch: pytest.MonkeyPatch, marker: Marker | None = None) -> str | None:
    if not complete(args) or args[0] in NEEDS_A_PERSON or (marker is not None and not marker.run):
        return check_reference(args)
    code, text = run_importexport(args, scratch, monkeypatch, marker)
    if code != 0:
        return f"exit code {code}:\n{text[-3000:]}"
    if "Traceback" in text:
        return f"printed a traceback:\n{text[-3000:]}"
    return None


# --- YAML examples ------------------------------------------------------------------------------------

CARD_TEMPLATE = {"id": "doc_example", "name": "Doc Example", "set": "base", "good": "consumer", "action": "load",
                 "tier": 1, "load": {"consumer": 2}, "text": "A card around a docs example."}


def check_yaml(example: Example, scratch: Path, scenarios: list[str]) -> str | None:
    from interpreter.cards.loader import load_card_file
    try:
        data = yaml.safe_load(example.text)
    except yaml.YAMLError as exc:
        return f"not YAML: {exc}"
    if example.target:
        path = scratch / example.target
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(example.text)
    if data is None:  # comments only: a schema header, `$schema=` relative to a card file in cards/<good>/
        header = re.search(r"\$schema=(\S+)", example.text)
        if header and (ROOT / "cards" / "consumer" / header.group(1)).resolve().is_file():
            return None
        return "a comment-only block that is not a schema header pointing at the schema"
    if isinstance(data, dict) and {"steps", "expect", "setup"} & data.keys():
        scenarios.append(example.text)
        return check_scenario(example.text, scratch)
    if isinstance(data, dict) and {"id", "action"} <= data.keys():
        path = scratch / "card-examples" / f"{data['id']}.yaml"
        path.parent.mkdir(exist_ok=True)
        path.write_text(example.text)
        return diagnostics(load_card_file(path)[1])
    if isinstance(data, dict) and {"name", "version"} <= data.keys():
        return check_manifest(example, scratch)
    if isinstance(data, dict) and "powers" in data and set(data) <= {"powers", "readings"}:  # power lines (and readings) of a card
        path = scratch / "card-examples" / "doc_example.yaml"
        path.parent.mkdir(exist_ok=True)
        path.write_text(yaml.safe_dump(CARD_TEMPLATE, sort_keys=False) + example.text)
        return diagnostics(load_card_file(path)[1])
    return "a YAML example the docs test does not know how to check: teach tests/test_docs_run.py its kind"


def diagnostics(diags: list[Any]) -> str | None:
    return "\n".join(str(d) for d in diags) or None


def check_scenario(text: str, scratch: Path) -> str | None:
    from interpreter.scenarios.runner import run_scenario, scenarios_in_file
    path = scratch / "scenario-examples" / "example.yaml"
    path.parent.mkdir(exist_ok=True)
    path.write_text(text)
    found, diags = scenarios_in_file(path)
    if diags:
        return diagnostics(diags)
    reports = [run_scenario(sc, load_all_cards(), load_rules()) for sc in found]
    return "\n".join(r.report() for r in reports if not r.passed) or None


def check_manifest(example: Example, scratch: Path) -> str | None:
    from interpreter.cards.diagnostics import CardFileError
    from interpreter.mods.apply import apply_packs
    folder = scratch / "manifest-example"
    (folder / "cards").mkdir(parents=True, exist_ok=True)
    (folder / "mod.yaml").write_text(example.text)
    try:
        apply_packs(load_all_cards().only_sets(["base"]), [folder])
    except CardFileError as exc:
        return diagnostics(exc.diagnostics)
    return None


# --- the test ---------------------------------------------------------------------------------------

def provide_reader_files(scratch: Path, commands: list[Example], scenarios: list[str]) -> None:
    for name, what in READER_FILES.items():
        if not any(name in e.text for e in commands) or (scratch / name).exists():
            continue
        (scratch / name).mkdir()
        if what == "the page's scenarios":
            for i, text in enumerate(scenarios):
                (scratch / name / f"example-{i + 1}.yaml").write_text(text)
        elif (ROOT / what).is_dir():
            (scratch / name).rmdir()
            shutil.copytree(ROOT / what, scratch / name)
        else:
            (scratch / name / Path(what).name).write_text((ROOT / what).read_text())


def run_page(page: Path, scratch: Path, monkeypatch: pytest.MonkeyPatch) -> list[tuple[Example, str]]:
    for name in ("cards", "expansions", "docs", "grammar"):
        (scratch / name).symlink_to(ROOT / name)
    monkeypatch.chdir(scratch)
    found = examples(page)
    scenarios: list[str] = []
    failures: list[tuple[Example, str]] = []
    for e in found:
        if e.kind == "yaml" and (e.marker is None or e.marker.run):
            problem = check_yaml(e, scratch, scenarios)
        elif e.kind == "sh":
            provide_reader_files(scratch, [e], scenarios)
            problem = next((p for line in e.text.splitlines() if (p := run_shell_line(line, scratch, monkeypatch, e.marker))), None)
        elif e.kind == "inline":
            provide_reader_files(scratch, [e], scenarios)
            problem = run_command(shlex.split(e.text)[1:], scratch, monkeypatch, e.marker)
        else:
            continue
        if problem:
            failures.append((e, problem))
    return failures


@pytest.mark.parametrize("page", PAGES, ids=[page_name(p) for p in PAGES])
def test_every_command_and_example_of_the_page_runs(page, tmp_path, monkeypatch):
    failures = run_page(page, tmp_path, monkeypatch)
    known = [(e, p) for e, p in failures if (e.page, e.text.splitlines()[0].strip()) in KNOWN]
    unknown = [(e, p) for e, p in failures if (e, p) not in known]
    assert not unknown, "\n\n".join(f"{e.where}: {e.text.splitlines()[0][:100]}\n  {p}" for e, p in unknown)
    if known:
        pytest.xfail("; ".join(KNOWN[(e.page, e.text.splitlines()[0].strip())] for e, _ in known))


def test_the_pages_have_examples_to_run():
    counts = {page_name(p): len(examples(p)) for p in PAGES}
    assert counts["docs/modding.md"] >= 8 and counts["docs/cli.md"] >= 10 and counts["docs/balance.md"] >= 2
    assert counts["README.md"] >= 10 and counts["docs/first-power.md"] >= 6
    assert sum(counts.values()) >= 40


def test_every_marker_is_well_formed_and_says_why():
    """A misspelt marker would run a long command whole, or hide one: each must read as one."""
    for page in PAGES:
        text = page.read_text()
        assert len(ANY_MARKER.findall(text)) == len(MARKER.findall(text)), page_name(page)
        for first, _, marker in markers(text):
            assert len(marker.why) > 10, f"{page_name(page)}:{first}: say why"


def test_cli_md_names_only_options_the_commands_have():
    """Each `--option` a section of cli.md names belongs to the command of that section (or is
    one of the options shared by the commands that play games)."""
    text = (ROOT / "docs" / "cli.md").read_text()
    sections = re.split(r"^### `importexport ", text, flags=re.M)[1:]
    parser = shared_parser()
    assert len(sections) >= 10
    for section in sections:
        words = section.split("`")[0].split()
        command, _ = sub_parser(parser, [w for w in words if not w.startswith(("-", "["))][:2])
        known = {s for a in command._actions for s in a.option_strings}
        named = set(re.findall(r"(?<![\w-])(--[a-z][a-z-]*)", section))
        assert named <= known, f"cli.md, `importexport {words[0]}`: no such option {sorted(named - known)}"


def test_the_docs_test_catches_a_wrong_command(tmp_path, monkeypatch):
    """The harness fails a page whose command fails, whose option does not exist, whose YAML
    example does not load, or whose shell command it does not know, instead of passing it by
    accident; a `not run` block still has its options checked."""
    page = tmp_path / "bad.md"
    page.write_text("```sh\nimportexport simulate --players 9\n```\n\nUse `importexport play --no-such-flag`.\n\n"
                    "```yaml\nid: broken\nname: Broken\naction: load\n```\n\n"
                    "```sh\nmkdir here && rm -rf here\n```\n\n"
                    "<!-- docs-test: not run (a long run, for the reader's machine) -->\n"
                    "```sh\nimportexport balance --games 2000 --no-such-option 1 --out runs/x\n```\n")
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    failures = run_page(page, scratch, monkeypatch)
    assert [e.kind for e, _ in failures] == ["sh", "inline", "yaml", "sh", "sh"]
    assert "--no-such-flag" in failures[1][1] and "C003" in failures[2][1]
    assert "does not know how to check `rm -rf here`" in failures[3][1]
    assert "has no option --no-such-option" in failures[4][1]
    assert (scratch / "here").is_dir()  # the line ran up to the command it does not know


def test_a_run_with_marker_runs_the_command_smaller_and_says_so(tmp_path, monkeypatch):
    page = tmp_path / "small.md"
    page.write_text("<!-- docs-test: run with --games 2 (a thousand games take a minute) -->\n"
                    "```sh\nimportexport simulate --players 3 --games 1000 --seed 4 --json\n```\n\n"
                    "Then `importexport simulate --games 3 --players 3`.\n")
    found = examples(page)
    assert found[0].marker is not None and found[0].marker.options == {"--games": "2"} and found[1].marker is None
    assert with_options(["simulate", "--games", "1000"], found[0].marker) == ["simulate", "--games", "2"]
    assert with_options(["play", "--seed", "3"], found[0].marker) == ["play", "--seed", "3"]  # play takes no --games
    bots = Marker(True, {"--bots": "random,search:1it"}, "search budgets for real use take minutes")
    assert with_options(["ladder", "--bots", "random,search:8it"], bots) == ["ladder", "--bots", "random,search:1it"]
    assert with_options(["simulate", "--games", "3"], bots) == ["simulate", "--games", "3"]  # not added: only a number is
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    seen: list[list[str]] = []
    monkeypatch.setattr(f"{__name__}.main", lambda args: seen.append(list(args)) or 0)
    assert run_page(page, scratch, monkeypatch) == []
    assert seen == [["simulate", "--players", "3", "--games", "2", "--seed", "4", "--json"], ["simulate", "--games", "3", "--players", "3"]]


def test_the_misspelt_word_of_modding_md_is_reported_as_the_page_says(tmp_path, monkeypatch, capsys):
    text = (ROOT / "docs" / "modding.md").read_text()
    claimed = re.search(r"e\.g\.\n?\s*`(my-mod/cards/tea_clipper\.yaml:\d+:\d+: P001 [^\n]*?\?\))`", text)
    assert claimed, "modding.md no longer quotes the diagnostic of a misspelt word"
    card = next(e for e in examples(ROOT / "docs" / "modding.md") if e.target == "my-mod/cards/tea_clipper.yaml")
    (tmp_path / "my-mod" / "cards").mkdir(parents=True)
    (tmp_path / card.target).write_text(card.text.replace("declare", "declre"))
    monkeypatch.chdir(tmp_path)
    assert main(["validate", "my-mod/cards"]) == 1
    assert claimed.group(1) in capsys.readouterr().out.splitlines()


def documented_codes(text: str) -> set[str]:
    """Codes named in a table row, `C020–C022` ranges expanded."""
    codes: set[str] = set()
    for first, last in re.findall(r"\b([A-Z]\d{3})(?:[–-]([A-Z]\d{3}))?\b", text):
        if last:
            codes |= {f"{first[0]}{n:03d}" for n in range(int(first[1:]), int(last[1:]) + 1)}
        else:
            codes.add(first)
    return codes


def test_card_format_md_lists_exactly_the_diagnostic_codes_the_checks_give():
    section = (ROOT / "docs" / "card-format.md").read_text().split("## Diagnostic codes", 1)[1]
    documented = {c for c in documented_codes(section) if c[0] in "CEPG"}
    emitted = {c for path in (ROOT / "interpreter").rglob("*.py") for c in re.findall(r'"([CEPG]\d{3})"', path.read_text())}
    assert emitted - documented == set(), "codes the checks give that card-format.md does not list"
    assert documented - emitted == set(), "codes card-format.md lists that no check gives"
