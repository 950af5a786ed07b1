"""docs/powers.md, generated from the registry of constructs and the shorthands, so the reference
cannot drift from the language. `importexport docs` writes it; a test compares."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from interpreter.lang.grammar import grammar_text, keywords
from interpreter.lang.registry import REGISTRY, ROLES, Node
from interpreter.lang.shorthands import builtin

# The order and titles of the reference's sections, and what each role is for.
SECTIONS: list[tuple[str, str, str]] = [
    ("timing", "Timings", "Every power starts with its timing: when it works (R15)."),
    ("qualifier", "Qualifiers", "Written after the event of a `when` power or after `any time`, each after a comma."),
    ("effect", "Effects", "What a power does. Several effects are done in order: `gain 2 then draw 2`. Inside an effect, "
                          "`you` is always the card's owner; `they`/`their` is the player doing the effect now."),
    ("amount", "Amounts", "How much an effect gives or takes."),
    ("modifier", "Changing an amount", "Written after the number of an amount."),
    ("value", "Numbers compared", "What a comparison (`<=`, `>=`, `<`, `>`, `=`) compares."),
    ("group", "Things counted", "What `for each`, `for every N` and `the number of` count."),
    ("cards", "Cards acted on", "The cards an effect moves, discards, sells, loads, contracts or completes."),
    ("place", "Places", "Where cards go or come from."),
    ("ship", "Ships", ""),
    ("owner", "Whose", ""),
    ("filter", "Kinds of card", ""),
    ("players", "Players", "Who does an effect, or receives it."),
    ("condition", "Conditions", "Checked when the step comes (in `if`, `while`, `as soon as`, `draw until`)."),
    ("predicate", "Said of a player", "In a condition after a player (`you have ...`), or after `who`."),
    ("have", "What a player has", "After `has`, `have` or `with`."),
    ("trigger", "Events (`when ...`)", "Who acts comes first: `you`, `any player`, `another player` (or `an opponent`). "
                                        "Each event gives the power `that player` (who acted) and, where it has them, "
                                        "`that ship`, `that card` and numbers. A power answers an event once it has "
                                        "happened (the cards drawn are in hand, the sale is paid) unless the phrase says "
                                        "otherwise. Every event can be listened to from each of its sides: what a player "
                                        "did, what was done to a player (`you are paid`, `one of your ships is "
                                        "auctioned`, `you outbid a player`) and whoever did it; "
                                        "[reference.md](reference.md#listening-to-events) lists them, with the moment "
                                        "each fires."),
    ("rule", "Rules", "What a `rule:` power (or a lasting effect: `for the rest of the game, ...`, `until ...`, and "
                      "`as a contract`) changes."),
    ("quantity", "Quantities a rule sets", "In `your QUANTITY is N`, `is N more`, `is doubled`, ..."),
    ("permission", "What a rule allows or forbids", "In `you may ...`, `you cannot ...`, `other players cannot ...`, "
                                                   "`the player to your left cannot ...`: any players (Players)."),
]


def _entry(cls: type[Node]) -> list[str]:
    if cls.vocabulary:
        return _vocabulary_entry(cls)
    lines = [f"### `{cls.syntax}`", "", _sentence(cls.meaning), ""]
    lines += [f"    {example}" for example in cls.examples]
    lines.append("")
    return lines


def _sentence(text: str) -> str:
    return f"{text}."[0].upper() + f"{text}."[1:]


def _vocabulary_entry(cls: type[Node]) -> list[str]:
    """A construct of many phrases (one shape, one meaning): a table of its phrases."""
    lines = [f"### {cls.syntax[0].upper() + cls.syntax[1:]}", "", _sentence(cls.meaning), "",
             "| phrase | what it is | example |", "|---|---|---|"]
    for word in cls.vocabulary:
        meaning = word.meaning.replace("|", "\\|")
        lines.append(f"| `{word.syntax.replace('|', '&#124;')}` | {meaning} | `{word.example}` |")
    return lines + [""]


def powers_markdown() -> str:
    lines = [
        "# The power language",
        "",
        "New to it? [first-power.md](first-power.md) takes you from nothing to a power you wrote, checked, proved",
        "and played, in ten minutes; this page is the reference to read next.",
        "",
        "Generated from the registry of constructs (`interpreter/lang/`) by `importexport docs`; every example",
        "below is parsed, checked and compiled by the tests. The grammar itself is grammar/powers.lark (also",
        "generated). `importexport explain CARD` prints a card's powers in plain English. For 32 new cards written",
        "in this language alone, each with examples that prove what it does, see the",
        "[Novel Powers pack](examples/novel/README.md); for more, written from these docs alone, on the nouns,",
        "permissions, every side of the game's events and lasting effects, the [Modder Powers pack](examples/modder/README.md).",
        "For the printed cards that use each construct (real examples of every word), see [construct-usage.md](construct-usage.md).",
        "",
        "## A power line",
        "",
        "One power per line, in a card's `powers:` list. Every line has the same shape:",
        "",
        "| part | what it is | example |",
        "|---|---|---|",
        "| timing | when the power works | `on completion`, `when you contract a card`, `rule`, `any time`, `at game end`, `as soon as ...` |",
        "| qualifiers | limits, after commas | `, once per turn`, `, this one included` |",
        "| `:` | | |",
        "| body | effects done in order, joined by `then`; for `rule:` a rule | `gain 2 then draw 2`, `your ship capacity is 8` |",
        "",
        "An effect is a verb with its objects, in the imperative for the card's owner (`gain 2`, `draw 1`,",
        "`move this card to your goods`), or with a subject for other players (`each other player pays you 2`).",
        "Effects combine: `if CONDITION then EFFECT else EFFECT`, `you may EFFECT`, `either EFFECT or EFFECT`,",
        "`PLAYERS choose one: EFFECT or EFFECT`, `PRICE to EFFECT` (`pay 2 to draw 2`), parentheses to make several",
        "effects one step. Amounts count anything: `gain 2 for each of your agriculture goods`. Conditions join",
        "with `and`, `or`, `not`. Words are case-insensitive; numbers are whole numbers.",
        "",
        "Where a word could mean two things, the first reading is taken: a branch of `if`, `either`, `or`",
        "and `you may` is one effect (use parentheses for more), and `and` binds tighter than `or`.",
        "",
        "## Contents",
        "",
    ]
    present = [(role, title, intro) for role, title, intro in SECTIONS if any(c.role == role for c in REGISTRY)]
    lines += [f"- [{title}](#{_anchor(title)})" for _, title, _ in present]
    lines += ["- [Shorthands](#shorthands)", "- [Words](#words)", ""]
    for role, title, intro in present:
        lines += [f"## {title}", ""]
        if intro:
            lines += [intro, ""]
        for cls in REGISTRY:
            if cls.role == role:
                lines += _entry(cls)
    lines += shorthands_section()
    lines += words_section()
    return "\n".join(lines).rstrip() + "\n"


def _anchor(title: str) -> str:
    return "".join(ch for ch in title.lower().replace(" ", "-") if ch.isalnum() or ch == "-")


def shorthands_section() -> list[str]:
    lines = ["## Shorthands", "",
             "Readable phrases defined in terms of the core (grammar/shorthands.yaml): a card may write either. A mod",
             "pack may define its own in its manifest (docs/modding.md). Slots are `{name:kind}`: number, good, colour,",
             "action, players, words.", "",
             "| a card may write | it means |", "|---|---|"]
    lines += [f"| `{sh.says}` | `{sh.means}` |" for sh in builtin()]
    return lines + [""]


def words_section() -> list[str]:
    return ["## Words", "",
            "- good types: technology, agriculture, illegal, consumer, luxury",
            "- their container colours: green, yellow, red, black, blue",
            "- action types: contract, load, import, pirate, supply", "",
            f"Every keyword of the language ({len(keywords())} words): " + ", ".join(f"`{w}`" for w in keywords()), ""]


def constructs_of(node: Node) -> set[str]:
    """The constructs a power (or any node) uses, by rule name."""
    return {n.rule for n in node.walk() if n.rule}


def usage_table(powers_by_card: Iterable[tuple[str, Iterable[Node]]]) -> list[tuple[str, str, list[str]]]:
    """(construct, role, cards using it) for every construct, most used first."""
    users: dict[str, set[str]] = {c.rule: set() for c in REGISTRY}
    for card, powers in powers_by_card:
        for power in powers:
            for name in constructs_of(power):
                users.setdefault(name, set()).add(card)
    roles = {c.rule: c.role for c in REGISTRY}
    rows = [(name, roles.get(name, ""), sorted(cards)) for name, cards in users.items()]
    return sorted(rows, key=lambda r: (-len(r[2]), r[0]))


def usage_markdown(rows: list[tuple[str, str, list[str]]], title: str) -> str:
    counts = Counter(len(r[2]) for r in rows)
    single = counts.get(1, 0)
    lines = [f"## {title}", "",
             f"{len(rows)} constructs; {single} used by exactly one card ({100 * single / max(1, len(rows)):.0f} %), "
             f"{counts.get(0, 0)} by none.", "", "| construct | role | cards | used by |", "|---|---|---|---|"]
    for name, role, cards in rows:
        shown = ", ".join(cards[:8]) + (", ..." if len(cards) > 8 else "")
        lines.append(f"| `{name}` | {role} | {len(cards)} | {shown} |")
    return "\n".join(lines) + "\n"


__all__ = ["ROLES", "grammar_text", "powers_markdown", "usage_table", "constructs_of"]
