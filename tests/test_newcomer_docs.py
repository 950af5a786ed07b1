"""The newcomer's way in (issue 26, items 15 and 16): the README's quick start makes the project's
own environment in its two commands (Debian and Ubuntu refuse `pip install` into the system's
Python), .ci/run runs the README's test command as written, and docs/first-power.md takes a
newcomer through a first power on one page, its claims true. That its commands run as written is
tests/test_docs_run.py's part."""

from __future__ import annotations

import re
import shutil

from interpreter.cards.catalog import project_root
from interpreter.cli import main

ROOT = project_root()
README = (ROOT / "README.md").read_text()
FIRST = (ROOT / "docs" / "first-power.md").read_text()


def quick_start() -> list[str]:
    section = README.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    block = re.search(r"```sh\n(.*?)```", section, re.S).group(1)
    return [line for line in block.splitlines() if line.strip() and not line.lstrip().startswith("#")]


def test_the_quick_start_is_two_commands_and_the_first_makes_the_environment_it_installs_into():
    first, second = quick_start()
    steps = [s.strip() for s in first.split("&&")]
    assert steps[0] == "python3 -m venv .venv" and steps[1] == ". .venv/bin/activate"
    assert steps[2] == "pip install -e ." and steps[3].startswith("importexport play ")
    assert second == "pip install -e '.[test]' && python -m pytest"
    assert "python3-venv" in README  # what Debian and Ubuntu need for `python3 -m venv`


def test_ci_runs_the_readmes_test_command_as_written():
    _, second = quick_start()
    ci = (ROOT / ".ci" / "run").read_text().splitlines()
    assert second in ci, f".ci/run must run `{second}` as the README writes it"


def test_the_first_power_page_is_one_page_linked_from_where_a_newcomer_starts():
    assert len(FIRST.splitlines()) <= 200
    assert re.findall(r"^## (\d)\. .*\((\d) minutes?\)$", FIRST, re.M)
    minutes = sum(int(m) for _, m in re.findall(r"^## (\d)\. .*\((\d) minutes?\)$", FIRST, re.M))
    assert minutes <= 10
    assert "docs/first-power.md" in README.split("## Quick start", 1)[1].split("\n## ", 1)[0]  # beside the quick start
    assert "first-power.md" in (ROOT / "docs" / "modding.md").read_text().split("\n## ", 1)[0]  # the tutorial's introduction
    assert (ROOT / "docs" / "powers.md").read_text().index("first-power.md") < 400  # at the top of the reference


def written_card() -> str:
    return re.search(r"`my-first/cards/trade_office.yaml`:\n\n```yaml\n(.*?)```", FIRST, re.S).group(1)


def test_what_the_first_power_page_says_the_tool_prints_is_what_it_prints(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert main(["init", "my-first"]) == 0
    card = tmp_path / "my-first" / "cards" / "trade_office.yaml"
    assert main(["explain", str(card.relative_to(tmp_path))]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert re.search(r"prints `(When this card's shipment completes: take 4 credits from the bank\.)`", FIRST).group(1) in out
    card.write_text(written_card())
    assert main(["explain", "my-first/cards/trade_office.yaml"]) == 0
    said = " ".join(re.search(r"`explain` says `([^`]*)`", FIRST).group(1).split())
    assert said in " ".join(capsys.readouterr().out.split())
    typo = re.search(r"`(my-first/cards/trade_office\.yaml:\d+:\d+: P001 [^\n]*?\?\))`", FIRST).group(1)
    card.write_text(written_card().replace("gain 2 for each", "gian 2 for each"))
    assert main(["validate", "my-first"]) == 1
    assert typo in capsys.readouterr().out.splitlines()
    card.write_text(written_card().replace("gain 2 for each", "gain 3 for each"))
    assert main(["validate", "my-first"]) == 1
    assert "P023 credits change in steps of 2" in capsys.readouterr().out
    card.write_text(written_card().replace("credits: 18", "credits: 20"))
    assert main(["scenario", "run", "my-first"]) == 1
    assert "P1 credits: expected 20, got 18" in capsys.readouterr().out
    shutil.rmtree(tmp_path / "my-first")
