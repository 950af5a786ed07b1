"""Parsing one power line with the Lark grammar, and turning syntax errors into precise messages."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from lark import Lark, UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from interpreter.cards.diagnostics import did_you_mean
from interpreter.dsl import ast
from interpreter.dsl.bounds import out_of_range
from interpreter.dsl.build import FilterProblem, ToAst

GRAMMAR_PATH = Path(__file__).resolve().parents[2] / "grammar" / "powers.lark"
MAX_POWER_LENGTH = 500
WORD = re.compile(r"[A-Za-z_'\-]+|\d+|\S")


@dataclass(frozen=True)
class SyntaxProblem:
    col: int  # 1-based column in the power line
    code: str
    message: str


@cache
def parser() -> Lark:
    return Lark(GRAMMAR_PATH.read_text(), parser="lalr", propagate_positions=True, maybe_placeholders=False)


@cache
def _literal_words() -> dict[str, list[str]]:
    """Terminal name -> the words it stands for (keywords and word classes such as GOOD)."""
    out: dict[str, list[str]] = {}
    for term in parser().terminals:
        pattern = term.pattern
        if pattern.type == "str":
            out[term.name] = [pattern.value]
        else:
            words = re.findall(r"[a-z][a-z']*", pattern.value.replace("(?:", ""))
            out[term.name] = words if "|" in pattern.value and words else []
    return out


def _expected_words(expected: set[str]) -> list[str]:
    words = _literal_words()
    out: list[str] = []
    for name in sorted(expected):
        if name == "INT":
            out.append("a number")
        else:
            out.extend(words.get(name, []))
    return out


def _describe(expected: list[str]) -> str:
    shown = [f"`{w}`" if w != "a number" else w for w in expected[:8]]
    more = ", ..." if len(expected) > 8 else ""
    return ", ".join(shown) + more


def _problem(text: str, err: UnexpectedInput) -> SyntaxProblem:
    col = getattr(err, "column", None) or len(text.rstrip()) + 1
    if isinstance(err, UnexpectedEOF) or (isinstance(err, UnexpectedToken) and err.token.type == "$END"):
        expected = _expected_words(set(getattr(err, "expected", set())))
        return SyntaxProblem(len(text.rstrip()) + 1, "P002", f"the power ends too early; expected {_describe(expected)}")
    if isinstance(err, UnexpectedCharacters):
        expected = _expected_words(set(err.allowed or ()))
    else:
        assert isinstance(err, UnexpectedToken)
        expected = _expected_words(set(err.expected))
    match = WORD.match(text, col - 1)
    word = match.group(0) if match else text[col - 1:col]
    if not word.isprintable():  # a control character: shown escaped, so the message stays one line
        word = word.encode("unicode_escape").decode("ascii")
    hint = did_you_mean(word, [w for w in expected if w != "a number"])
    if word.isdigit() and "a number" not in expected:
        return SyntaxProblem(col, "P003", f"unexpected number `{word}`; expected {_describe(expected)}")
    if hint:
        return SyntaxProblem(col, "P001", f"unknown word `{word}`{hint}")
    return SyntaxProblem(col, "P003", f"unexpected `{word}`; expected {_describe(expected)}")


def parse_power(text: str) -> tuple[ast.Power | None, list[SyntaxProblem]]:
    """Parse one power line. Never raises for bad input: problems are returned with their column."""
    if not isinstance(text, str) or not text.strip():
        return None, [SyntaxProblem(1, "P004", "a power must be a non-empty line of text")]
    if len(text) > MAX_POWER_LENGTH:
        return None, [SyntaxProblem(1, "P005", f"a power may be at most {MAX_POWER_LENGTH} characters; this one has {len(text)}")]
    if "\n" in text.strip():
        return None, [SyntaxProblem(1, "P006", "a power is one line; write each power as its own list item")]
    lowered = text.lower()
    try:
        tree = parser().parse(lowered)
    except UnexpectedInput as err:
        return None, [_problem(lowered, err)]
    ranges = [SyntaxProblem(col, "P025", message) for col, message in out_of_range(tree)]  # the table of dsl/bounds.py
    if ranges:
        return None, ranges
    try:
        return ToAst(text).transform(tree), []
    except FilterProblem as exc:
        return None, [SyntaxProblem(exc.col, "P010", str(exc))]
    except Exception as exc:  # a VisitError wrapping FilterProblem
        inner = getattr(exc, "orig_exc", None)
        if isinstance(inner, FilterProblem):
            return None, [SyntaxProblem(inner.col, "P010", str(inner))]
        raise
