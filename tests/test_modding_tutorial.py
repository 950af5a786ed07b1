"""docs/modding.md, run as written: the pack it builds works (issue: the tutorial's steps run)."""

from __future__ import annotations

import re
import shutil

from interpreter.cards.catalog import project_root
from interpreter.cli import main

DOC = (project_root() / "docs" / "modding.md").read_text()


def yaml_block_after(marker: str) -> str:
    start = DOC.index(marker)
    return re.search(r"```yaml\n(.*?)```", DOC[start:], re.S).group(1)


def test_the_tutorial_builds_a_working_pack(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "my-mod" / "cards").mkdir(parents=True)
    (tmp_path / "my-mod" / "mod.yaml").write_text(yaml_block_after("`my-mod/mod.yaml`"))
    (tmp_path / "my-mod" / "cards" / "tea_clipper.yaml").write_text(yaml_block_after("`my-mod/cards/tea_clipper.yaml`"))
    (tmp_path / "my-mod" / "cards" / "cups.yaml").write_text(yaml_block_after("`my-mod/cards/cups.yaml`"))  # with its example, retuned
    shutil.copy(project_root() / "docs" / "example-mod" / "cards" / "customs_office.yaml", tmp_path / "my-mod" / "cards")
    for command in re.findall(r"^importexport (.+)$", DOC, re.M):
        args = command.split()
        if args[0] == "replay" or "--watch" in args:
            continue
        if args[0] == "simulate":
            args[args.index("--games") + 1] = "5"
        assert main(args) == 0, command
    out = capsys.readouterr().out
    assert "~ replaced cups" in out and "tier: 2 -> 1" in out and "PASS" in out
