"""Every command and example in docs/ runs as written (issue 13, item 8).

Each page's examples are taken in the order they appear and run in a scratch folder (the
repository's `cards/`, `expansions/` and `docs/` are linked into it, so relative paths resolve as
they do from the repository root; whatever a command writes lands in the scratch folder):

- shell blocks: every `importexport ...` line is run; `mkdir` runs in a shell; `pip install -e
  '.[EXTRA]'` is checked against pyproject.toml's extras (installing is .ci/run's job);
- inline `importexport ...` spans: run when they are a complete command; a synopsis with placeholders
  (`--games G`, `[--resume]`, `PATH ...`) or a mention of a feature (`importexport balance --compare`)
  is checked as a reference: the command and each option it names must exist;
- YAML blocks: a scenario must pass; a card file must load without a diagnostic; a mod manifest must
  apply to the base cards; a `powers:` fragment must load as a card's powers; a schema header must
  point at the schema. A block introduced by "`path`:" is also written to that path, as the reader
  would, before the commands that use it.

The docs' figures are for real use: the test checks that the commands work on fewer games
(GAMES_CAP) and search bots with a small budget (SEARCH_CAP). Commands that need a person are listed in NEEDS_A_PERSON and only parsed; `play
--human` is run with a person who types `q`.
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
from interpreter.cli import UsageError, build_parser, main

ROOT = project_root()
PAGES = sorted((ROOT / "docs").glob("*.md"))
GAMES_CAP = {"simulate": 6, "bench": 3, "balance": 8, "ladder": 1}
SEARCH_CAP = 1  # rollouts per decision of a search bot in the docs' commands, when they are run (2, 3... for the next ones)
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


@dataclass
class Example:
    page: str
    line: int
    kind: str  # sh, yaml, inline
    text: str
    target: str = ""  # for YAML: the file the page asks the reader to write it to

    @property
    def where(self) -> str:
        return f"docs/{self.page}:{self.line}"


def examples(page: Path) -> list[Example]:
    text = page.read_text()
    found: list[Example] = []
    for m in FENCE.finditer(text):
        line = text.count("\n", 0, m.start()) + 2
        before = text[:m.start()].rstrip("\n").rsplit("\n", 1)[-1]
        target = TARGET.search(before)
        found.append(Example(page.name, line, m.group(1) or "text", m.group(2), target.group(1) if target else ""))
    prose = FENCE.sub(lambda m: "\n" * m.group(0).count("\n"), text)
    for m in INLINE.finditer(prose):
        found.append(Example(page.name, prose.count("\n", 0, m.start()) + 1, "inline", m.group(1)))
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
    parser, rest = sub_parser(build_parser(), args)
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
            build_parser().parse_args(args)
    except (UsageError, SystemExit):
        return False
    return True


def scaled(args: list[str]) -> list[str]:
    args = list(args)
    cap = GAMES_CAP.get(args[0])
    if cap and "--games" in args:
        i = args.index("--games") + 1
        args[i] = str(min(int(args[i]), cap))
    elif cap and args[0] == "balance":
        args += ["--games", str(cap)]
    for option in ("--search-games", "--env-games"):  # bench's timed search and environment games: one each
        if option in args:
            i = args.index(option) + 1
            args[i] = str(min(int(args[i]), 1))
    if args[0] == "bench" and "--search-games" not in args:
        args += ["--search-games", "1"]
    if args[0] == "bench":
        args += ["--search-bot", f"search:{SEARCH_CAP}ro"]
    if "--bots" in args:  # the docs' search budgets are for real use: the commands run with small ones, still distinct
        i = args.index("--bots") + 1
        small: dict[str, str] = {}
        args[i] = re.sub(r"search(:[^,]*)?", lambda m: small.setdefault(m.group(0), f"search:{SEARCH_CAP + len(small)}it"), args[i])
    return args


def run_importexport(args: list[str], scratch: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[int, str]:
    expected = 0
    stdin = ""
    if args[0] == "docs":  # regenerate into the scratch folder, then compare with the committed files
        args = [*args, "--out", str(scratch / "docs-out")]
    if args[0] == "play" and "--human" in args:
        stdin, expected = "q\n", 1  # the person leaves at the first question
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        code = main(scaled(args))
    text = out.getvalue()
    if args[0] == "docs":
        for made in (scratch / "docs-out").iterdir():
            if made.read_text() != (ROOT / "docs" / made.name).read_text():
                return 1, f"docs/{made.name} is not what `importexport docs` writes (run it and commit)"
    if args[0] == "play" and "--human" in args and "Game abandoned." not in text:
        return 1, text
    return (0 if code == expected else code or 1), text


def run_shell_line(line: str, scratch: Path, monkeypatch: pytest.MonkeyPatch) -> str | None:
    words = shlex.split(line, comments=True)
    if not words:
        return None
    if words[0] == "importexport":
        return run_command(words[1:], scratch, monkeypatch)
    if words[0] == "importexport-lsp":  # the language server's own script: `importexport lsp`
        return run_command(["lsp", *words[1:]], scratch, monkeypatch)
    if words[:3] == ["python", "-m", "interpreter.sim.valuation_table"]:  # the valuation test's data (docs/bots.md)
        from interpreter.sim import valuation_table
        with contextlib.redirect_stdout(io.StringIO()):
            code = valuation_table.main(words[3:])
        return None if code == 0 else f"exit code {code}"
    if words[0] == "mkdir":
        done = subprocess.run(line, shell=True, cwd=scratch, capture_output=True, text=True)
        return None if done.returncode == 0 else done.stderr
    if words[:2] == ["pip", "install"]:
        extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
        named = [x for w in words for x in re.findall(r"\.\[([\w,-]+)\]", w)]
        missing = [e for group in named for e in group.split(",") if e not in extras]
        return f"pyproject.toml has no extra {', '.join(missing)}" if missing else None
    return f"the docs test does not know how to check `{line}`: add it to tests/test_docs_run.py"


def run_command(args: list[str], scratch: Path, monkeypatch: pytest.MonkeyPatch) -> str | None:
    if not complete(args) or args[0] in NEEDS_A_PERSON:
        return check_reference(args)
    code, text = run_importexport(args, scratch, monkeypatch)
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
        if e.kind == "yaml":
            problem = check_yaml(e, scratch, scenarios)
        elif e.kind == "sh":
            provide_reader_files(scratch, [e], scenarios)
            problem = next((p for line in e.text.splitlines() if (p := run_shell_line(line, scratch, monkeypatch))), None)
        elif e.kind == "inline":
            provide_reader_files(scratch, [e], scenarios)
            problem = run_command(shlex.split(e.text)[1:], scratch, monkeypatch)
        else:
            continue
        if problem:
            failures.append((e, problem))
    return failures


@pytest.mark.parametrize("page", PAGES, ids=[p.name for p in PAGES])
def test_every_command_and_example_of_the_page_runs(page, tmp_path, monkeypatch):
    failures = run_page(page, tmp_path, monkeypatch)
    known = [(e, p) for e, p in failures if (e.page, e.text.splitlines()[0].strip()) in KNOWN]
    unknown = [(e, p) for e, p in failures if (e, p) not in known]
    assert not unknown, "\n\n".join(f"{e.where}: {e.text.splitlines()[0][:100]}\n  {p}" for e, p in unknown)
    if known:
        pytest.xfail("; ".join(KNOWN[(e.page, e.text.splitlines()[0].strip())] for e, _ in known))


def test_the_pages_have_examples_to_run():
    counts = {p.name: len(examples(p)) for p in PAGES}
    assert counts["modding.md"] >= 8 and counts["cli.md"] >= 10 and counts["balance.md"] >= 2
    assert sum(counts.values()) >= 40


def test_cli_md_names_only_options_the_commands_have():
    """Each `--option` a section of cli.md names belongs to the command of that section (or is
    one of the options shared by the commands that play games)."""
    text = (ROOT / "docs" / "cli.md").read_text()
    sections = re.split(r"^### `importexport ", text, flags=re.M)[1:]
    parser = build_parser()
    assert len(sections) >= 10
    for section in sections:
        words = section.split("`")[0].split()
        command, _ = sub_parser(parser, [w for w in words if not w.startswith(("-", "["))][:2])
        known = {s for a in command._actions for s in a.option_strings}
        named = set(re.findall(r"(?<![\w-])(--[a-z][a-z-]*)", section))
        assert named <= known, f"cli.md, `importexport {words[0]}`: no such option {sorted(named - known)}"


def test_the_docs_test_catches_a_wrong_command(tmp_path, monkeypatch):
    """The harness fails a page whose command fails, whose option does not exist, or whose YAML
    example does not load, instead of passing it by accident."""
    page = tmp_path / "bad.md"
    page.write_text("```sh\nimportexport simulate --players 9\n```\n\nUse `importexport play --no-such-flag`.\n\n"
                    "```yaml\nid: broken\nname: Broken\naction: load\n```\n")
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    failures = run_page(page, scratch, monkeypatch)
    assert [e.kind for e, _ in failures] == ["sh", "inline", "yaml"]
    assert "--no-such-flag" in failures[1][1] and "C003" in failures[2][1]


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
