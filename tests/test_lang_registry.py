"""The power language's registry: every construct documents itself with examples that parse, pass
the checks, compile and use it; the grammar is conflict-free LALR and generated from the registry;
the language package imports nothing from the engine."""

from __future__ import annotations

import subprocess
import sys

import pytest
from lark import Lark

from interpreter.lang import check_power, parse_power
from interpreter.lang.docs import constructs_of
from interpreter.lang.grammar import grammar_text
from interpreter.lang.registry import REGISTRY
from interpreter.lang.shorthands import SLOT, builtin

EXAMPLES = [(cls, example) for cls in REGISTRY for example in cls.examples]


def test_every_construct_documents_itself():
    for cls in REGISTRY:
        assert cls.syntax and cls.meaning and cls.examples, f"{cls.__name__} lacks syntax, meaning or examples"


@pytest.mark.parametrize(("cls", "example"), EXAMPLES, ids=[f"{c.__name__}: {e}" for c, e in EXAMPLES])
def test_construct_example_parses_checks_compiles_and_uses_it(cls, example):
    power, problems = parse_power(example)
    assert not problems, problems
    assert not check_power(power), check_power(power)
    compiled = power.compile()
    assert compiled.text == example
    assert power.english().strip()
    assert cls.rule in constructs_of(power), f"the example of {cls.__name__} does not use it: {constructs_of(power)}"


def test_grammar_is_lalr_without_conflicts(fresh_power_parser):
    """The session's fresh build of the grammar (conftest.py) is LALR with the interpreter's lexer and
    strict: a shift/reduce conflict or a collision of terminals fails the build, and so this test."""
    assert isinstance(fresh_power_parser, Lark) and fresh_power_parser.options.strict
    assert fresh_power_parser.options.parser == "lalr"


def test_grammar_file_is_generated_from_the_registry(project_root):
    committed = (project_root / "grammar" / "powers.lark").read_text()
    assert committed == grammar_text(), "run `importexport docs` to regenerate grammar/powers.lark"


@pytest.mark.parametrize("shorthand", builtin(), ids=lambda s: s.says)
def test_builtin_shorthand_means_a_core_phrase(shorthand):
    samples = {"number": "2", "good": "luxury", "colour": "red", "action": "load", "players": "each other player",
               "words": "luxury"}
    says, means = shorthand.says, shorthand.means
    for m in SLOT.finditer(shorthand.says):
        value = samples[m.group(2) or "words"]
        if m.group(1) == "per":
            value = "for every 2 of your technology goods"
        says = says.replace(m.group(0), value)
        means = means.replace("{" + m.group(1) + "}", value)
    prefix = "rule: " if shorthand.role == "rule" else "on completion: "
    written, problems = parse_power(prefix + says)
    assert not problems, problems
    core, problems = parse_power(prefix + means, shorthands=[])
    assert not problems, problems
    assert written.english() == core.english()


def test_the_language_imports_nothing_from_the_engine():
    """Only the layer-free helpers: the cache, the data files, and the did-you-mean of interpreter/spelling.py."""
    code = ("import sys; import interpreter.lang, interpreter.lang.docs, interpreter.lang.check; "
            "bad = sorted(m for m in sys.modules if m.startswith('interpreter.') and not m.startswith('interpreter.lang') "
            "and m not in ('interpreter.cache', 'interpreter.resources', 'interpreter.spelling')); "
            "print(bad); sys.exit(1 if bad else 0)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, f"interpreter.lang imports {done.stdout.strip()}"
