"""Parsing one power line into its syntax tree, with messages a designer can act on.

A syntax error names what the language expected at that point by role (an effect, a condition, an
event, ...) with examples, and the nearest word when the line has a typo; never Lark's terminal
names. Shorthands (grammar/shorthands.yaml, and a pack's own) are expanded first."""

from __future__ import annotations

import dataclasses
import difflib
import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from typing import Any

from lark import Lark, Token, Transformer, UnexpectedEOF, UnexpectedInput, UnexpectedToken
from lark.exceptions import VisitError

from interpreter.cache import lark_parser
from interpreter.lang.grammar import grammar_text
from interpreter.lang.registry import REGISTRY, ROLES, Node
from interpreter.lang.shorthands import Expansion, Shorthand, expand
from interpreter.lang.suggest import advice, did_you_mean, misplaced
from interpreter.lang.timings import Power

MAX_POWER_LENGTH = 500
# A word as the writer sees it: letters of any script and the combining marks on them (`dra\u0301w` is
# one word with an accent, not `dra` and a stray mark), so a message quotes it whole.
WORD = re.compile(r"(?:[^\W\d]|['\-])(?:[^\W\d]|['\-]|[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f])*|\d+|\S")


@dataclass(frozen=True)
class Problem:
    col: int  # 1-based column in the power line as written
    code: str
    message: str


# The basic lexer, not the contextual one: a contextual lexer tries only the words a state takes, so
# it split `shipment` into the keyword `ship` and `ment` where a ship was expected, and the message
# named `ment` instead of suggesting `ship` (tests/diagnostics/power_misplaced_word.yaml).
PARSER_OPTIONS: dict[str, Any] = {"parser": "lalr", "lexer": "basic", "propagate_positions": True, "maybe_placeholders": False}


@cache
def parser() -> Lark:
    # the tables are kept in the per-user cache (interpreter/cache.py), keyed by the grammar's text.
    return lark_parser(grammar_text(), **PARSER_OPTIONS)


class _ToNodes(Transformer):
    """Parse tree to syntax nodes: each construct's rule calls that construct's `build`."""

    def __init__(self) -> None:
        super().__init__()
        self.by_rule = {c.rule: c for c in REGISTRY}

    def __default__(self, data: Any, children: list[Any], meta: Any) -> Any:
        rule, _, word = str(data).partition("__")  # `quantity__ship_capacity`: a word of a vocabulary
        cls = self.by_rule.get(rule)
        if cls is None:
            return children[0] if len(children) == 1 else children
        col = meta.column if not getattr(meta, "empty", True) else _first_col(children)
        node = cls.build_word(cls.word(word), col, children) if word else cls.build(col, children)
        numbers = tuple((int(c), int(c.column or col)) for c in children if isinstance(c, Token) and c.type == "INT")
        if numbers:  # where each number stands, for the range check (a frozen node: set once, here)
            object.__setattr__(node, "numbers_at", numbers)
        return node


@cache
def _to_nodes() -> _ToNodes:
    """One transformer for every parse (it keeps nothing between trees; building it costs a pass over the registry)."""
    return _ToNodes()


def _first_col(children: list[Any]) -> int:
    for c in children:
        if isinstance(c, Token) and c.column:
            return int(c.column)
        if isinstance(c, Node):
            return c.col
    return 1


# ------------------------------------------------------------------------------------ error messages

@cache
def _literals() -> dict[str, str]:
    """Terminal name -> the word it stands for (keywords only)."""
    return {t.name: t.pattern.value for t in parser().terminals if t.pattern.type == "str"}


@cache
def _first_sets() -> dict[str, frozenset[str]]:
    """For each grammar rule, the terminals a phrase of it can start with."""
    rules = parser().rules
    first: dict[str, set[str]] = {}
    nullable: set[str] = set()
    changed = True
    while changed:
        changed = False
        for r in rules:
            origin = r.origin.name
            found = first.setdefault(origin, set())
            size = len(found)
            all_nullable = True
            for sym in r.expansion:
                if sym.is_term:
                    found.add(sym.name)
                    all_nullable = False
                    break
                found |= first.get(sym.name, set())
                if sym.name not in nullable:
                    all_nullable = False
                    break
            if all_nullable and origin not in nullable:
                nullable.add(origin)
                changed = True
            if len(found) != size:
                changed = True
    return {k: frozenset(v) for k, v in first.items()}


ROLE_RULE = {"effect": "effect", "condition": "condition", "trigger": "trigger", "rule": "rule", "value": "value",
             "amount": "amount", "cards": "cards", "place": "place", "players": "players", "group": "group",
             "timing": "power", "quantity": "quantity", "permission": "permission", "have": "have",
             "predicate": "predicate", "filter": "filter", "ship": "ships", "owner": "owner"}

# A typical opening of each role: fed to the parser where an error stands, it tells which roles the
# language expected there (precisely: the parser's own state decides, not a guess from words).
PROBES: dict[str, tuple[str, ...]] = {
    "timing": ("on completion :",), "effect": ("draw 1 then", "win the game"), "condition": ("a coin flip is heads",),
    "trigger": ("a turn ends", "draw :", "contract a card :"), "rule": ("you win all ties",), "amount": ("2 for each",),
    "value": ("the number of",), "cards": ("this card",), "place": ("the island",), "ship": ("that ship",),
    "players": ("each other player",), "group": ("card in your hand",), "filter": ("luxury",),
    "quantity": ("ship capacity",), "permission": ("win all ties",), "have": ("the most goods",),
    "predicate": ("pirated this turn",), "owner": ("each other player's",),
}
COVERS = {"effect": ("cards", "amount", "players", "value", "group", "owner", "filter"),
          "condition": ("value", "players", "group", "owner", "filter", "predicate", "have"),
          "cards": ("owner", "filter"), "group": ("owner", "filter", "place"), "rule": ("quantity", "permission", "owner", "filter"),
          "amount": ("value", "owner"), "trigger": ("players", "filter"), "predicate": ("have",)}


def _state_at(text: str) -> Any:
    """The parser as it stands after reading `text` (None if `text` itself does not parse so far)."""
    try:
        ip = parser().parse_interactive(text)
        ip.exhaust_lexer()
        return ip
    except UnexpectedInput:
        return None


def _expected_roles(prefix: str) -> list[str]:
    ip = _state_at(prefix)
    if ip is None:
        return []
    roles = [role for role, probes in PROBES.items() if any(_accepts(ip, probe) for probe in probes)]
    for wide, narrow in COVERS.items():
        if wide in roles:
            roles = [r for r in roles if r not in narrow]
    return roles


def _accepts(ip: Any, probe: str) -> bool:
    trial = ip.copy()
    try:
        for token in _probe_tokens(probe):
            trial.feed_token(token)
    except UnexpectedInput:
        return False
    return True


@cache
def _probe_tokens(probe: str) -> tuple[Token, ...]:
    """A probe's tokens, lexed once: Lark's `lex` builds its lexer afresh on every call (some 60 ms,
    which made each line with a syntax error cost seconds)."""
    return tuple(parser().lex(probe))


def _expected_words(prefix: str) -> list[str]:
    ip = _state_at(prefix)
    if ip is None:
        return []
    return sorted({_literals().get(t, "") for t in ip.accepts()} - {""})


def _describe(prefix: str, limit: int = 6, near: str = "") -> str:
    """What the language expected after `prefix`: the roles (with examples), then any other word; the
    words like `near` (the word that stood there: `shipment` where `ship` goes) first, so that a long
    list cut short still shows the one probably meant."""
    roles = _expected_roles(prefix)
    words = _expected_words(prefix)
    firsts = _first_sets()
    covered = {_literals().get(t, "") for r in roles for t in firsts.get(ROLE_RULE.get(r, r), ())}
    others = [w for w in words if w not in covered]
    if near:
        alike = difflib.get_close_matches(near, others, n=3, cutoff=0.6)
        others = alike + [w for w in others if w not in alike]
    parts = [_role_text(r, prefix) for r in roles]
    if others:
        shown = ", ".join(f"`{w}`" for w in others[:limit]) + (", ..." if len(others) > limit else "")
        parts.append(("or " if roles else "") + shown)
    return "; ".join(parts) if parts else "the end of the power"


# Roles whose forms differ with the place: each form's probe, as the message shows it. Only the forms
# the parser takes where the error stands are shown (a rule's amount takes `2` and `2 for each ...`, not
# `the number of ...`: listing that there sent a writer to a form refused in turn).
ROLE_FORMS: dict[str, tuple[tuple[str, str], ...]] = {
    "amount": (("2", "`2`"), ("2 for each", "`2 for each ...`"), ("the number of", "`the number of ...`"),
               ("half your credits", "`half your credits`")),
}


def _role_text(role: str, prefix: str) -> str:
    forms = ROLE_FORMS.get(role)
    ip = _state_at(prefix) if forms else None
    if forms is None or ip is None:
        return ROLES[role]
    taken = [shown for probe, shown in forms if _accepts(ip, probe)]
    if not taken or len(taken) == len(forms):
        return ROLES[role]
    return f"{ROLES[role].split(' (', 1)[0]} ({', '.join(taken)})"


def _problem(text: str, err: UnexpectedInput) -> Problem:
    if isinstance(err, UnexpectedEOF) or (isinstance(err, UnexpectedToken) and err.token.type == "$END"):
        return Problem(len(text.rstrip()) + 1, "P002", f"the power ends too early; expected {_describe(text)}")
    col = getattr(err, "column", None) or len(text.rstrip()) + 1
    return _problem_at(text, col)


def _plain_letters(word: str) -> str:
    """The word with its accents and marks taken off (`dráw` -> `draw`), to find the word meant."""
    return unicodedata.normalize("NFKD", word).encode("ascii", "ignore").decode() or word


def _foreign(word: str) -> str:
    """Where a word holds a letter or mark outside plain ASCII, which one: the language's words are
    plain English letters, and an accent pasted from elsewhere (or a combining mark) is invisible."""
    odd = next((c for c in word if not c.isascii()), None)
    if odd is None:
        return ""
    shown = f"`{odd}` " if unicodedata.category(odd)[0] == "L" else ""
    return f"; it holds {shown}U+{ord(odd):04X} {unicodedata.name(odd, 'an unnamed character')}, and the words of a power are plain ASCII letters"


def _problem_at(text: str, col: int) -> Problem:
    """A word that does not fit at `col`: what was expected there, and the nearest word."""
    prefix = text[:col - 1]
    match = WORD.match(text, col - 1)
    word = match.group(0) if match else text[col - 1:col]
    grouping = _needs_parentheses(text, col)
    if grouping:
        return Problem(col, "P008", grouping)
    known = _state_at(prefix) is not None  # the parser can say what may stand here
    if word[:1].isalpha() and word not in _keywords():  # no word of the language at all: a typo, or plain English
        # the nearest word that may stand here; where the line broke before it, the nearest word of the language
        plain = _plain_letters(word)
        hint = did_you_mean(plain, _expected_words(prefix), cutoff=0.6) if known else did_you_mean(plain, _keywords(), cutoff=0.7)
        if hint:  # a close word is the whole answer
            return Problem(col, "P001", f"unknown word `{word}`{hint}{_foreign(word)}")
        where = f"; expected {_describe(prefix)}" if known else ""
        return Problem(col, "P001", f"unknown word `{word}`{_foreign(word)}{advice(word)}{where}")
    doubled = _doubled_filter(text, col, word)
    if doubled:
        return Problem(col, "P010", doubled)
    if word.isdigit():
        return Problem(col, "P003", f"unexpected number `{word}`; expected {_describe(prefix)}")
    # a word of the language out of place: no spelling guess (`ships` is no misspelt `shipments`), what may stand here
    shown = word if word.isprintable() else word.encode("unicode_escape").decode()  # a message is one line
    before = prefix.split()[-1:]
    pair = PAIR_HINTS.get((before[0] if before else "", word))
    hint = f" ({pair})" if pair else misplaced(word)
    return Problem(col, "P003", f"unexpected `{shown}`{hint}; expected {_describe(prefix, near=word)}")


# Two words that read well in English where the language says it otherwise: what to write instead.
PAIR_HINTS: dict[tuple[str, str], str] = {
    ("that", "card"): "`that card` is the event's card in a condition (`if that card is ...`); in an effect, first in a "
                      "`when` power, the event's card is `it`: `take it into your hand`",
    **{(be, "outbid"): "the bidder outbid is the one who `loses an import` (`when you lose an import: ...`, where `the "
                       "winner` names who won); the winner's side is `when you outbid a player`" for be in ("are", "is")},
}


# Words after which a branch of an effect starts (`either A or B`, `if C then A else B`, `choose one:
# A or B`, `you may A`, `A to B`), where several effects need parentheses to be one branch.
BRANCH_OPENERS = ("either", ":", "or", "then", "else", "may", "to", ",")
BRANCH_CLOSERS = ("or", "else")
SEPARATOR = re.compile(r"\bthen\b|;")


def _needs_parentheses(text: str, col: int) -> str:
    """`either draw 2 then gain 1 or gain 4`: several effects where one branch stands. When putting
    one span around the error in parentheses makes the line parse, say so, with the line mended."""
    words = list(re.finditer(r"[a-z][a-z'\-]*|\d+|[:,;()]", text))
    at = col - 1
    openers = [m.end() for m in words if m.end() <= at and m.group(0) in BRANCH_OPENERS][::-1][:8]
    closers = [m.start() for m in words if m.start() >= at and m.group(0) in BRANCH_CLOSERS][:4] + [len(text.rstrip())]
    for start in openers:
        for end in closers:
            group = text[start:end].strip()
            if not SEPARATOR.search(group) or "(" in group or ")" in group:
                continue
            mended = f"{text[:start].rstrip()} ({group}) {text[end:].lstrip()}".rstrip()
            try:
                parser().parse(mended)
            except UnexpectedInput:
                continue
            if len(mended) > 100:  # a long line: the mended part, with a few words around it
                mended = " ".join(["...", *text[:start].split()[-3:], f"({group})", *text[end:].split()[:1], "..."])
            what = ("an `if ... then ...` stands where one plain effect goes: put it in parentheses"
                    if re.match(r"if\b", group) else "several effects stand where one goes: put them in parentheses")
            return f"{what}, as in `{mended}`"
    return ""


FILTER_KINDS = {**{g: "good types" for g in ("technology", "agriculture", "illegal", "consumer", "luxury",
                                             "green", "yellow", "red", "black", "blue")},
                **{a: "action types" for a in ("contract", "load", "import", "pirate", "supply")}, "tier": "tiers"}


def _doubled_filter(text: str, col: int, word: str) -> str:
    """`luxury technology card`: a kind of card names two good types (or action types, or tiers)."""
    kind = FILTER_KINDS.get(word)
    if kind is None:
        return ""
    before = [w for w in re.findall(r"[a-z]+", text[:col - 1])][-4:]
    same = [w for w in before if FILTER_KINDS.get(w) == kind]
    if not same:
        return ""
    if kind == "tiers":
        return "a card filter names two tiers"
    return f"a card filter names two {kind} (`{same[-1]}`, `{word}`)"


@cache
def _keywords() -> frozenset[str]:
    return frozenset(w for w in _literals().values() if w[:1].isalpha())


def _unknown_word(text: str) -> int | None:
    """The column of the first word that is no word of the language (read whole: `whenever` is
    unknown even though it starts with `when`)."""
    for m in re.finditer(r"[a-z][a-z'\-]*", text):
        if m.group(0) not in _keywords():
            return m.start() + 1
    return None


# ------------------------------------------------------------------------------------ parsing

def parse_power(text: Any, shorthands: Iterable[Shorthand] | None = None) -> tuple[Power | None, list[Problem]]:
    """Parse one power line. Never raises for bad input: problems come back with their column in
    the line as written (through any shorthand expansion)."""
    if not isinstance(text, str) or not text.strip():
        return None, [Problem(1, "P004", "a power must be a non-empty line of text")]
    if len(text) > MAX_POWER_LENGTH:
        return None, [Problem(1, "P005", f"a power may be at most {MAX_POWER_LENGTH} characters; this one has {len(text)}")]
    if "\n" in text.strip():
        return None, [Problem(1, "P006", "a power is one line; write each power as its own list item")]
    expansion: Expansion = expand(text.lower(), shorthands)
    if expansion.problem is not None:
        return None, [Problem(expansion.problem[0], "P007", expansion.problem[1])]
    unknown = _unknown_word(expansion.text)
    try:
        tree = parser().parse(expansion.text)
    except UnexpectedInput as err:
        # a word no power uses is almost always a typo: report it first, wherever it stands
        problem = _problem_at(expansion.text, unknown) if unknown is not None else _problem(expansion.text, err)
        return None, [Problem(expansion.original_col(problem.col), problem.code, problem.message)]
    try:
        power = _to_nodes().transform(tree)
    except VisitError as err:  # a construct's build refused the words (kept as a problem, not a crash)
        return None, [Problem(1, "P010", f"cannot read this power: {err.orig_exc}")]
    assert isinstance(power, Power)
    power = power.with_text(text.strip())
    if expansion.used:
        power = _remap(power, expansion)
    return power, []


def _remap(power: Power, expansion: Expansion) -> Power:
    """Columns of nodes that came out of a shorthand point at the shorthand in the line as written."""

    def fix(node: Any) -> Any:
        if not isinstance(node, Node):
            return node
        changes: dict[str, Any] = {}
        for f in dataclasses.fields(node):
            value = getattr(node, f.name)
            if isinstance(value, Node):
                changes[f.name] = fix(value)
            elif isinstance(value, tuple) and any(isinstance(v, Node) for v in value):
                changes[f.name] = tuple(fix(v) for v in value)
        changes["col"] = expansion.original_col(node.col)
        changes["numbers_at"] = tuple((value, expansion.original_col(col)) for value, col in node.numbers_at)
        return dataclasses.replace(node, **changes)
    return fix(power)


def parses_as(text: str, role: str) -> bool:
    """Whether a phrase parses as a construct of `role` (for checking shorthand definitions)."""
    try:
        Lark(grammar_text(), parser="lalr", start=ROLE_RULE.get(role, role)).parse(text)
        return True
    except Exception:  # noqa: BLE001 - any failure means it does not parse as that role
        return False
