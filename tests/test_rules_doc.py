"""docs/rules.md holds every rule id: each id cited in the code, the docs, the card files, the tests
or the README (`R10.3.1`, `OQ-4`) is defined there, so every citation resolves inside the repository."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from interpreter.cards.catalog import project_root

ROOT = project_root()
RULES = ROOT / "docs" / "rules.md"
CITED = re.compile(r"(?<![\w.-])(R\d{1,2}(?:\.\d+)*|OQ-\d+)(?![\w-])")
DEFINED = re.compile(r"^\s*- \*\*(R\d{1,2}(?:\.\d+)*|OQ-\d+)\b|^## (R\d{1,2}) ", re.M)
SEARCHED = ("interpreter", "docs", "cards", "expansions", "grammar", "tests")
SUFFIXES = (".py", ".md", ".yaml", ".yml", ".lark", ".json")


def defined_ids(text: str) -> list[str]:
    return [m.group(1) or m.group(2) for m in DEFINED.finditer(text)]


def citing_files() -> list[Path]:
    files = [ROOT / "README.md"]
    for folder in SEARCHED:
        files += sorted(p for p in (ROOT / folder).rglob("*") if p.suffix in SUFFIXES and p.is_file() and p != RULES)
    return files


def test_every_cited_rule_id_is_defined_in_rules_md():
    defined = set(defined_ids(RULES.read_text()))
    missing = sorted({f"{path.relative_to(ROOT)}: {rule_id}" for path in citing_files()
                      for rule_id in CITED.findall(path.read_text(errors="replace")) if rule_id not in defined})
    assert not missing, "rule ids cited but not defined in docs/rules.md:\n" + "\n".join(missing)


def test_the_search_finds_citations_everywhere_it_looks():
    """The check above cannot pass by finding nothing: the code, docs and cards all cite ids."""
    cited = {folder: {i for p in citing_files() if p.is_relative_to(ROOT / folder) for i in CITED.findall(p.read_text(errors="replace"))}
             for folder in ("interpreter", "docs", "cards", "expansions")}
    assert {"R10.3.1", "R16.2"} <= cited["interpreter"] and "OQ-4" in cited["docs"]
    assert all(cited.values())


def test_each_rule_id_is_defined_once_and_every_section_is_there():
    ids = defined_ids(RULES.read_text())
    assert [i for i, n in Counter(ids).items() if n > 1] == []
    assert {f"R{n}" for n in range(20)} <= set(ids)
    assert {f"OQ-{n}" for n in range(1, 47)} <= set(ids)


def test_rules_md_opens_with_how_to_play():
    text = RULES.read_text()
    assert text.index("## How to play") < text.index("## R0 Conventions")
    section = text[text.index("## How to play"):text.index("## R0 Conventions")]
    assert len(section.split()) < 1300  # about five minutes of reading


def test_no_document_points_outside_the_repository_for_the_rules():
    pointing = [str(p.relative_to(ROOT)) for p in citing_files() if "shared/rules/RULES.md" in p.read_text(errors="replace")]
    assert pointing == [str(Path("tests") / "test_rules_doc.py")]


def test_rules_md_defines_every_id_of_the_reference_rules():
    """Where the team's reference (RULES.md, beside the repository) is at hand, no id of it is missing."""
    reference = next((d / "shared" / "rules" / "RULES.md" for d in ROOT.parents if (d / "shared" / "rules" / "RULES.md").exists()), None)
    if reference is None:
        pytest.skip("the reference rules are not beside this checkout")
    theirs = set(re.findall(r"\*\*(R\d{1,2}(?:\.\d+)*|OQ-\d+)\b", reference.read_text())) | set(re.findall(r"^## (R\d+) ", reference.read_text(), re.M))
    assert sorted(theirs - set(defined_ids(RULES.read_text()))) == []


def entries(text: str) -> dict[str, str]:
    """Each defined id with the text of its entry (up to the next definition, or the generated table
    of the tests that check each rule, which ends the page)."""
    text = text.split("<!-- tested-by:", 1)[0]
    found = list(DEFINED.finditer(text))
    return {(m.group(1) or m.group(2)): text[m.start():found[i + 1].start() if i + 1 < len(found) else len(text)]
            for i, m in enumerate(found)}


def test_every_rule_an_open_question_names_points_back_to_it():
    """An open question lists the rules its reading shapes; each of those rules links the question, so
    a reader of the rule finds the reading (issue 23: OQ-47 was linked from none of R6.7, R8.2.2, R14.2)."""
    text = entries(RULES.read_text())
    missing = [f"{oq} -> {rule}" for oq, body in text.items() if oq.startswith("OQ-")
               for rule in sorted(set(CITED.findall(body))) if rule.startswith("R") and rule in text
               and not re.search(rf"{oq}(?!\d)", text[rule])]
    assert missing == []
