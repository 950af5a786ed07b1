"""Reading card files: structural checks with precise diagnostics, then `CardDef`s."""

from __future__ import annotations

import re
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from interpreter.cards.budget import CheckBudget
from interpreter.cards.cardcache import cached_card_file, cached_lines, keep_lines
from interpreter.cards.cardset import CardSet
from interpreter.cards.diagnostics import CardFileError, Diagnostic, did_you_mean, quoted
from interpreter.cards.model import ACTION_TYPES, ANY_COLOUR, ESTIMABLE_FIELDS, GOOD_TYPES, CardDef
from interpreter.cards.packwords import shorthands_for
from interpreter.cards.yamlsource import MAX_FILE_BYTES, SourceMap, load_yaml, load_yaml_text
from interpreter.lang import CompiledPower, Problem, check_power, parse_power
from interpreter.lang.bounds import MAX_SHIP_CAPACITY
from interpreter.lang.shorthands import Shorthand, shorthand_key

SNAKE = re.compile(r"[a-z][a-z0-9_]{0,63}")  # matched whole (fullmatch): `$` would let a final newline through
REQUIRED = ("id", "name", "set", "good", "action", "tier", "load", "text")
OPTIONAL = ("estimated", "names", "powers", "readings", "examples")
KNOWN_KEYS = REQUIRED + OPTIONAL
LANGUAGES = ("en", "fr", "de", "it", "zh")
MAX_TIER = 3
MAX_CARDS_IN_SET = 10_000
READING_NAME = re.compile(r"[a-z][a-z0-9-]{0,39}")  # a value of the game option named after the card


def _check_choice(smap: SourceMap, key: str, value: Any, allowed: Iterable[str], code: str, diags: list[Diagnostic]) -> bool:
    allowed = tuple(allowed)
    if isinstance(value, str) and value in allowed:
        return True
    shown = value if isinstance(value, str) else repr(value)
    diags.append(smap.diag((key,), code, f"`{key}` must be one of {', '.join(allowed)}; got `{shown}`{did_you_mean(str(value), allowed)}"))
    return False


def _shown(number: int) -> str:
    text = str(number)
    return text if len(text) <= 20 else text[:20] + "..."


def _check_load(smap: SourceMap, value: Any, diags: list[Diagnostic]) -> tuple[tuple[str, int], ...] | None:
    colours = GOOD_TYPES + (ANY_COLOUR,)
    if not isinstance(value, dict) or not value:
        diags.append(smap.diag(("load",), "C030", "`load` must be a mapping of container colour to count, e.g. `{technology: 2}`"))
        return None
    pairs: list[tuple[str, int]] = []
    for colour, count in value.items():
        if colour not in colours:
            hint = did_you_mean(str(colour), colours)
            diags.append(smap.diag(("load", colour), "C031", f"unknown container colour `{colour}` in `load`; use a good type or `any`{hint}", of_key=True))
        elif isinstance(count, bool) or not isinstance(count, int) or count < 1:
            diags.append(smap.diag(("load", colour), "C032", f"container count for `{colour}` must be a whole number of at least 1; got `{count}`"))
        elif count > MAX_SHIP_CAPACITY:
            diags.append(smap.diag(("load", colour), "C032", f"container count for `{colour}` must be from 1 to {MAX_SHIP_CAPACITY} "
                                                             f"(no ship holds more); got {_shown(count)}"))
        else:
            pairs.append((colour, count))
    if len(pairs) != len(value):
        return None
    total = sum(n for _, n in pairs)
    if total > MAX_SHIP_CAPACITY:
        diags.append(smap.diag(("load",), "C033", f"the load needs {total} containers; no ship can hold more than {MAX_SHIP_CAPACITY} "
                                                  f"(a ship holds 6, R6.6, and powers may raise it to {MAX_SHIP_CAPACITY})"))
        return None
    return tuple(pairs)


def _check_estimated(smap: SourceMap, value: Any, diags: list[Diagnostic]) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        diags.append(smap.diag(("estimated",), "C040", f"`estimated` must be a list of field names among {', '.join(ESTIMABLE_FIELDS)}"))
        return ()
    for i, name in enumerate(value):
        if name not in ESTIMABLE_FIELDS:
            hint = did_you_mean(name, ESTIMABLE_FIELDS)
            diags.append(smap.diag(("estimated", i), "C041", f"`{name}` cannot be estimated; only {', '.join(ESTIMABLE_FIELDS)}{hint}"))
    return tuple(value)


def _check_names(smap: SourceMap, value: Any, diags: list[Diagnostic]) -> tuple[tuple[str, str], ...]:
    if not isinstance(value, dict):
        diags.append(smap.diag(("names",), "C050", "`names` must map a language code (fr, de, it, zh) to the card's name in it"))
        return ()
    out = []
    for lang, name in value.items():
        if lang not in LANGUAGES:
            hint = did_you_mean(str(lang), LANGUAGES)
            diags.append(smap.diag(("names", lang), "C051", f"unknown language `{lang}`; use one of {', '.join(LANGUAGES)}{hint}", of_key=True))
        elif not isinstance(name, str) or not name.strip():
            diags.append(smap.diag(("names", lang), "C052", f"name in `{lang}` must be non-empty text"))
        else:
            out.append((lang, name))
    return tuple(out)


def _power_line(smap: SourceMap, key: tuple[Any, ...], item: Any) -> tuple[str | None, Any]:
    """The text of a power list item and a function from its columns to file positions. An unquoted
    `- on completion: draw 5` reads in YAML as a one-key mapping; it is taken as the line it looks like."""
    if isinstance(item, str):
        return item, lambda col: smap.in_string(key, item, col)
    if isinstance(item, dict) and len(item) == 1:
        (head, rest), = item.items()
        if isinstance(head, str) and isinstance(rest, str | int) and not isinstance(rest, bool):
            split = len(head) + 2  # `head: rest`: columns up to here are in the key, the rest in the value
            rest_text = str(rest)

            def where(col: int) -> tuple[int, int]:
                if col <= len(head):
                    return smap.in_string(key + (head,), head, col, of_key=True)
                if col < split:  # the `:` (or the space after it)
                    line, start = smap.in_string(key + (head,), head, len(head), of_key=True)
                    colon = smap.lines[line - 1].find(":", start) if line - 1 < len(smap.lines) else -1
                    return line, (colon + 1 if colon >= 0 else start + 1) + (col - len(head) - 1)
                return smap.in_string(key + (head,), rest_text, col - split)
            return f"{head}: {rest}", where
    return None, None


LineResult = tuple[CompiledPower | None, tuple[Problem, ...]]
KEEP_LINES_FROM = 64  # a file of fewer power lines is re-checked whole in milliseconds: nothing kept


class LineMemo:
    """Each power line's parse, check and compilation, kept by its text and the shorthands it may use
    (a power line means the same wherever it stands): a file of many lines parses each distinct line
    once, and an editor checking a file again after a change (the language server, the desk) parses
    only the lines that changed. The oldest entries go past `limit`. Between runs, `kept_for` does
    the same for `importexport validate` of a long file (see there)."""

    def __init__(self, limit: int = 50_000):
        self.limit = limit
        self.entries: OrderedDict[tuple[str, str], LineResult] = OrderedDict()
        self.lock = threading.Lock()
        self.seen = threading.local()  # .keys: the keys a `kept_for` block in this thread asked for

    def result(self, line: str, shorthands: Sequence[Shorthand] | None, key: str) -> LineResult:
        asked = getattr(self.seen, "keys", None)
        if asked is not None:
            asked.add((line, key))
        with self.lock:
            found = self.entries.get((line, key))
            if found is not None:
                self.entries.move_to_end((line, key))
                return found
        power, problems = parse_power(line, shorthands)
        if power is not None:
            problems = check_power(power)
        made = (power.compile() if power is not None and not problems else None, tuple(problems))
        with self.lock:
            self.entries[(line, key)] = made
            while len(self.entries) > self.limit:
                self.entries.popitem(last=False)
        return made

    @contextmanager
    def kept_for(self, name: str) -> Iterator[None]:
        """Check a file's power lines with the results its last check stored under `name` (the file's
        path and what else its lines depend on, in the per-user cache of interpreter/cache.py), and
        store this check's results there afterwards: `importexport validate` of a long file after a
        change parses only the lines that changed, as the language server does within one process.
        Only files of KEEP_LINES_FROM lines or more are kept. A stored result is the line's checked
        syntax node, compiled again when read (see cardcache), under a key that includes the
        interpreter's code, so a changed grammar or interpreter never serves a stale result."""
        stored = cached_lines(name)
        if stored:
            with self.lock:
                for line_key, made in stored.items():
                    self.entries.setdefault(line_key, made)
        asked: set[tuple[str, str]] = set()
        outer, self.seen.keys = getattr(self.seen, "keys", None), asked
        try:
            yield
        finally:
            self.seen.keys = outer
        if len(asked) >= KEEP_LINES_FROM:
            with self.lock:
                mine = {line_key: self.entries[line_key] for line_key in asked if line_key in self.entries}
            if mine.keys() != stored.keys():  # the same lines give the same results: nothing to store
                keep_lines(name, mine)


LINES = LineMemo()


def _check_powers(smap: SourceMap, value: Any, diags: list[Diagnostic],
                  shorthands: Sequence[Shorthand] | None = None, key: tuple[Any, ...] = ("powers",),
                  budget: CheckBudget | None = None) -> tuple[Any, ...]:
    """Parse, check and compile each power line; problems point at the word inside the line.
    `shorthands`: those the card may use (None: the built-in ones); `key`: where the list stands.
    With a `budget`, checking stops at the first line reached once it is spent, with a C081 there
    (the card is then not accepted)."""
    if not isinstance(value, list):
        what = "`powers`" if key == ("powers",) else f"the reading `{key[-1]}`"
        diags.append(smap.diag(key, "C080", f"{what} must be a list of power lines, e.g. `- \"on completion: draw 5\"`"))
        return ()
    compiled = []
    memo_key = shorthand_key(shorthands)
    for i, item in enumerate(value):
        if budget is not None and budget.spent():
            diags.append(smap.diag((*key, i), "C081", f"checking stopped at this power line, {i + 1} of {len(value)}: a check "
                                                      f"as you type has {budget.seconds:g} s; `importexport validate` checks them all"))
            break
        line, where = _power_line(smap, (*key, i), item)
        if line is None:
            diags.append(smap.diag((*key, i), "P004", "a power must be one line of text such as `on completion: draw 5`"))
            continue
        power, problems = LINES.result(line, shorthands, memo_key)
        for problem in problems:
            row, col = where(problem.col)
            diags.append(Diagnostic(smap.path, row, col, problem.code, problem.message))
        if power is not None:
            compiled.append(power)
    return tuple(compiled)


def _check_readings(smap: SourceMap, value: Any, diags: list[Diagnostic], shorthands: Sequence[Shorthand] | None,
                    budget: CheckBudget | None = None) -> tuple[tuple[str, tuple[Any, ...]], ...]:
    """Other readings of the card's powers: reading name -> its power lines, each checked as `powers`.
    A reading is played through the game option named after the card (docs/card-format.md)."""
    if not isinstance(value, dict) or not value:
        diags.append(smap.diag(("readings",), "C090", "`readings` maps a reading's name to its power lines, e.g. "
                                                      "`once-per-turn: [\"any time, once per turn: draw 1\"]`"))
        return ()
    readings = []
    for name, lines in value.items():
        if not isinstance(name, str) or not READING_NAME.fullmatch(name):
            diags.append(smap.diag(("readings", name), "C091", "a reading's name is lower-case words joined by `-`, such as "
                                                               f"`once-per-turn`; got {quoted(name)}", of_key=True))
            continue
        readings.append((name, _check_powers(smap, lines, diags, shorthands, ("readings", name), budget)))
    return tuple(readings)


def parse_card(data: Any, smap: SourceMap, stem: str, shorthands: Sequence[Shorthand] | None = None,
               budget: CheckBudget | None = None) -> tuple[CardDef | None, list[Diagnostic]]:
    """Check one card document and build its `CardDef`; every problem found becomes a diagnostic.
    `budget`: a time limit on checking its power lines (the desk's check as you type)."""
    diags: list[Diagnostic] = []
    if not isinstance(data, dict):
        return None, [smap.diag((), "C001", "a card file must be a mapping of fields (id, name, set, good, action, tier, load, text)")]
    for key in data:
        if key not in KNOWN_KEYS:
            diags.append(smap.diag((key,), "C002", f"unknown field `{key}`{did_you_mean(str(key), KNOWN_KEYS)}", of_key=True))
    for key in REQUIRED:
        if key not in data:
            diags.append(smap.diag((), "C003", f"missing required field `{key}`"))
    if any(d.code == "C003" for d in diags):
        return None, diags

    card_id = data["id"]
    if not isinstance(card_id, str) or not SNAKE.fullmatch(card_id):
        diags.append(smap.diag(("id",), "C010", "`id` must be snake_case: lower-case letters, digits and _, starting with a letter, "
                                                f"at most 64 characters; got {quoted(card_id)}"))
    elif card_id != stem:
        diags.append(smap.diag(("id",), "C011", f"`id` is `{card_id}` but the file is named `{stem}.yaml`; they must be equal"))
    for key in ("name", "text"):
        if not isinstance(data[key], str) or not data[key].strip():
            diags.append(smap.diag((key,), "C012", f"`{key}` must be non-empty text"))
    if not isinstance(data["set"], str) or not SNAKE.fullmatch(data["set"]):
        diags.append(smap.diag(("set",), "C013", f"`set` must be a snake_case name such as base, jutaku; got {quoted(data['set'])}"))
    _check_choice(smap, "good", data["good"], GOOD_TYPES, "C020", diags)
    _check_choice(smap, "action", data["action"], ACTION_TYPES, "C021", diags)
    tier = data["tier"]
    if isinstance(tier, bool) or not isinstance(tier, int) or not 0 <= tier <= MAX_TIER:
        diags.append(smap.diag(("tier",), "C022", f"`tier` must be a whole number from 0 to {MAX_TIER}; got `{tier}`"))
    load = _check_load(smap, data["load"], diags)
    estimated = _check_estimated(smap, data.get("estimated", []), diags)
    names = _check_names(smap, data.get("names", {}), diags)
    powers = _check_powers(smap, data.get("powers", []), diags, shorthands, budget=budget)
    readings = _check_readings(smap, data["readings"], diags, shorthands, budget) if "readings" in data else ()
    examples = data.get("examples", [])
    if not isinstance(examples, list):
        diags.append(smap.diag(("examples",), "C070", "`examples` must be a list of scenarios (see docs/scenarios.md)"))
    if diags or load is None:
        return None, diags
    return CardDef(
        id=card_id, name=data["name"].strip(), set=data["set"], good=data["good"], action=data["action"],
        tier=tier, load=load, text=" ".join(data["text"].split()), estimated=estimated, names=names, path=smap.path,
        powers=powers, readings=readings, examples=tuple(examples), load_at=smap.at(("load",)),
    ), []


def load_card_file(path: Path, shorthands: Sequence[Shorthand] | None = None) -> tuple[CardDef | None, list[Diagnostic]]:
    """Read, check and compile one card file (the result is cached between runs by content, and by the
    shorthands its powers may use: by default the built-in ones and those of the pack it lies in)."""
    if shorthands is None:
        shorthands = shorthands_for(path)
    variant = shorthand_key(shorthands)
    # a card is frozen, and so are its diagnostics; only the list is the caller's own
    card, diags = cached_card_file(path, MAX_FILE_BYTES, lambda p, raw: _read_card_file(p, raw, shorthands, variant),
                                   variant=variant, shared=True)
    return card, list(diags)


def _read_card_file(path: Path, raw: bytes | None, shorthands: Sequence[Shorthand] | None,
                    variant: str = "") -> tuple[CardDef | None, list[Diagnostic]]:
    data, smap, diags = load_yaml(path, raw)
    if diags:
        return None, diags
    powers = data.get("powers") if isinstance(data, dict) else None
    if not isinstance(powers, list) or len(powers) < KEEP_LINES_FROM:  # a short file: no cache entry to read or write
        return parse_card(data, smap, path.stem, shorthands)
    with LINES.kept_for(f"{path.resolve()}\0{variant}"):
        return parse_card(data, smap, path.stem, shorthands)


def load_card_text(text: str, path: Path | str, shorthands: Sequence[Shorthand] | None = None,
                   budget: CheckBudget | None = None) -> tuple[CardDef | None, list[Diagnostic]]:
    """Check a card file's text as `load_card_file` checks the file (`importexport validate`'s
    checks, positions included, and by default the shorthands of the pack the path lies in), for
    text not yet saved: the language server calls this on every edit, with a `budget` (parse_card)."""
    if shorthands is None:
        shorthands = shorthands_for(Path(path))
    data, smap, diags = load_yaml_text(text, path)
    if diags:
        return None, diags
    return parse_card(data, smap, Path(path).stem, shorthands, budget)


def card_files(paths: Iterable[Path]) -> list[Path]:
    """Card files under the given files or folders, in a stable order; game.yaml is not a card."""
    out: list[Path] = []
    for p in paths:
        if p.is_dir():
            out.extend(f for f in sorted(p.rglob("*.yaml")) if f.name != "game.yaml")
        else:
            out.append(p)
    return out


def load_cards(paths: Iterable[Path], set_check: Callable[[list[CardDef]], list[Diagnostic]] | None = None) -> CardSet:
    """Load every card under `paths`. Raises `CardFileError` with all diagnostics if any file is bad.
    `set_check` checks the cards that loaded as a set (capacity.py), so its problems are reported
    together with those of the files."""
    diags: list[Diagnostic] = []
    cards: list[CardDef] = []
    seen: dict[str, str] = {}
    for f in card_files(paths):
        card, found = load_card_file(f)
        diags.extend(found)
        if card is None:
            continue
        if card.id in seen:
            diags.append(Diagnostic(str(f), 1, 1, "C060", f"duplicate card id `{card.id}`, also defined in {seen[card.id]}"))
            continue
        seen[card.id] = str(f)
        cards.append(card)
        if len(cards) > MAX_CARDS_IN_SET:
            diags.append(Diagnostic(str(f), 1, 1, "C061", f"more than {MAX_CARDS_IN_SET} cards in one card set"))
            break
    if set_check is not None:
        diags.extend(set_check(cards))
    if diags:
        raise CardFileError(diags)
    return CardSet(cards)
