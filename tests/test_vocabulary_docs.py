"""docs/powers.md is generated from interpreter/dsl/vocabulary.py: every example must parse, pass the
checks, compile, and use the construct it documents."""

from __future__ import annotations

import pytest

from interpreter.cards.catalog import project_root
from interpreter.dsl import ast
from interpreter.dsl.check import check_power, walk
from interpreter.dsl.compile import compile_power
from interpreter.dsl.parser import parse_power
from interpreter.dsl.vocabulary import SECTIONS
from interpreter.reference import powers_markdown

ENTRIES = [(title, e) for title, entries in SECTIONS for e in entries]


def constructs(power: ast.Power) -> set[str]:
    names = {power.timing}
    for e in walk(power.effects):
        names.add(type(e).__name__)
        per = getattr(e, "per", None)
        if per is not None:
            names.add(per.kind)
        if isinstance(e, ast.IfThen):
            names.add(e.condition.kind)
            names.update(part.kind for part in e.condition.parts)
    if power.condition:
        names.add(power.condition.kind)
        names.update(part.kind for part in power.condition.parts)
    if power.trigger:
        names.add(power.trigger.kind)
    if power.rule:
        names.add(power.rule.kind)
    return names


@pytest.mark.parametrize(("title", "entry"), ENTRIES, ids=[f"{t}: {e.name}" for t, e in ENTRIES])
def test_vocabulary_example_parses_and_uses_its_construct(title, entry):
    power, problems = parse_power(entry.example)
    assert not problems, problems
    assert not check_power(power)
    compile_power(power)
    if title != "Words used everywhere":
        assert entry.name in constructs(power), (entry.name, constructs(power))


def test_every_construct_of_the_language_is_documented():
    documented = {e.name for _, e in ENTRIES}
    from interpreter.dsl.compile import EFFECTS
    from interpreter.powers.modifiers import MAKERS
    assert {cls.__name__ for cls in EFFECTS} <= documented
    assert set(MAKERS) <= documented
    assert set(ast.TIMINGS) - {"rule"} <= documented | {"rule"}


def test_powers_doc_is_up_to_date():
    committed = (project_root() / "docs" / "powers.md").read_text()
    assert committed == powers_markdown(), "run `importexport docs` to regenerate docs/powers.md"
