"""Numbers in cards have a sane range (issue 10, items 6 and 7).

- A load no ship can hold is refused (C033): against the largest capacity the card set allows, 6 by
  the rules (R6.6) or more where a card says `your ships hold N containers` (Tablets: 8).
- Every number of a power line has the range its construct gives it (interpreter/lang/bounds.py), is
  checked (P025) and reported at the number. The single-file cases are in tests/diagnostics (load_count_huge,
  load_total_huge, power_draw_billion, power_gain_huge, ...)."""

from __future__ import annotations

import re

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from interpreter.cards.catalog import load_all_cards, project_root
from interpreter.cli import main
from interpreter.lang import check_power, parse_power
from interpreter.lang.bounds import ANY
from interpreter.lang.check import number_ranges
from interpreter.lang.registry import REGISTRY

CARD = """id: {id}
name: {name}
set: harbor_tweaks
good: illegal
action: pirate
tier: 1
load: {load}
text: A card for the capacity tests.
"""


def pack(folder, *cards: tuple[str, str], manifest: str = "name: Big Loads\nversion: 1\n"):
    (folder / "cards").mkdir(parents=True)
    (folder / "mod.yaml").write_text(manifest)
    for card_id, load in cards:
        (folder / "cards" / f"{card_id}.yaml").write_text(CARD.format(id=card_id, name=card_id.title(), load=load))
    return folder


# ------------------------------------------------------------------ loads (item 6)

def test_a_pack_card_no_ship_can_hold_is_refused(tmp_path, capsys):
    """Without Tablets in the game, 6 is the largest capacity: a load of 7 can never be contracted."""
    folder = pack(tmp_path / "big", ("hulk", "{illegal: 7}"), manifest="name: Big\nversion: 1\nremove: [tablets]\n")
    assert main(["mod", "check", str(folder)]) == 1
    out = capsys.readouterr().out
    assert out.splitlines()[0] == (f"{folder / 'cards' / 'hulk.yaml'}:7:7: C033 the load needs 7 containers, more than any ship can hold: "
                                   "a ship holds 6 (R6.6, cards/game.yaml) and no card of the set raises it")


def test_a_load_that_fits_a_ship_a_power_enlarges_is_accepted(tmp_path, capsys):
    """Tablets (`your ships hold 8 containers`) is in the base set: loads up to 8 can be contracted."""
    folder = pack(tmp_path / "big", ("hulk", "{illegal: 5, consumer: 3}"))
    assert main(["mod", "check", str(folder)]) == 0
    capsys.readouterr()
    folder = pack(tmp_path / "bigger", ("barge", "{illegal: 9}"))
    assert main(["mod", "check", str(folder)]) == 1
    assert ("C033 the load needs 9 containers, more than any ship can hold: Tablets lets ships hold 8; a ship holds 6 otherwise (R6.6)"
            in capsys.readouterr().out)


def test_a_deck_list_without_the_capacity_card_refuses_the_big_load(tmp_path, capsys):
    folder = pack(tmp_path / "big", ("hulk", "{illegal: 8}"), manifest="name: Big\nversion: 1\ndeck: {hulk: 2, '*': 0, pens: 40, cups: 40}\n")
    assert main(["mod", "check", str(folder)]) == 1
    assert "C033 the load needs 8 containers" in capsys.readouterr().out


def test_validate_checks_loads_against_the_set(tmp_path, capsys):
    """`validate PATH` checks the files as a set that will be played with the shipped cards."""
    folder = pack(tmp_path / "big", ("hulk", "{illegal: 8}"), ("barge", "{illegal: 9}"))
    assert main(["validate", str(folder / "cards")]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out == [f"{folder / 'cards' / 'barge.yaml'}:7:7: C033 the load needs 9 containers, more than any ship can hold: "
                   "Tablets lets ships hold 8; a ship holds 6 otherwise (R6.6)", "1 problem(s) found."]


def test_a_card_that_raises_the_capacity_allows_its_set_bigger_loads(tmp_path, capsys):
    folder = pack(tmp_path / "big", ("barge", "{illegal: 9}"))
    (folder / "cards" / "dock.yaml").write_text(CARD.format(id="dock", name="Dock", load="{illegal: 2}")
                                                + "powers:\n  - \"rule: your ships hold 9 containers\"\n")
    assert main(["validate", str(folder / "cards")]) == 0
    assert main(["mod", "check", str(folder)]) == 0


def test_the_shipped_cards_fit_their_ships():
    from interpreter.cards.capacity import capacity_problems
    assert capacity_problems(load_all_cards().cards, 6) == []


# ------------------------------------------------------------------ numbers in powers (item 7)

# Slots of the grammar that hold a number inside the construct that uses them (they are inlined).
NUMBER_SLOTS = ("INT", "_quantity", "_quantity_test", "_change", "_tier")
# Constructs whose numbers' ranges come from elsewhere: an amount counts what its effect counts.
FROM_ELSEWHERE = {"how_much"}


def _phrases(cls) -> list[tuple[str, str, tuple]]:
    if cls.vocabulary:
        return [(f"{cls.rule}__{w.name}", w.phrase, w.numbers or cls.numbers) for w in cls.vocabulary]
    return [(cls.rule, cls.grammar, cls.numbers)]


def test_every_construct_holding_a_number_has_its_range():
    """A new construct of the language must say what its numbers count and how far they go."""
    missing = []
    for cls in REGISTRY:
        for name, grammar, numbers in _phrases(cls):
            holds = any(re.search(rf"(?<![\w]){slot}(?![\w])", grammar) for slot in NUMBER_SLOTS)
            dynamic = type(cls).__dict__.get("number_bounds") or "number_bounds" in cls.__dict__
            if holds and not numbers and not dynamic and cls.rule not in FROM_ELSEWHERE:
                missing.append(name)
    assert not missing, f"say what these constructs' numbers count (`numbers` in their class or vocabulary entry): {missing}"


def test_every_shipped_power_is_within_range():
    """The ranges are wide: no shipped card comes near them."""
    for card in load_all_cards().cards:
        for power in card.powers:
            for value, _, bound in number_ranges(power.node):
                assert bound is not ANY and bound.least <= value <= bound.most, (card.id, power.text)


EXAMPLES = sorted({e for cls in REGISTRY for e in cls.examples if re.search(r"\d", e)})


@settings(max_examples=150, deadline=None)
@given(example=st.sampled_from(EXAMPLES), which=st.integers(min_value=0, max_value=5), data=st.data())
def test_a_number_out_of_range_is_reported_at_the_number(example, which, data):
    """Property: in any construct of the language, a number outside its range gives P025 at the
    number's column, and a number inside it never does."""
    power, problems = parse_power(example)
    assert power is not None and not problems, example
    numbers = number_ranges(power)
    assume(numbers)
    value, col, bound = numbers[which % len(numbers)]
    start = col - 1
    written = re.match(r"\d+", example[start:]).group(0)
    outside = data.draw(st.one_of(st.integers(min_value=bound.most + 1, max_value=10**40),
                                  st.integers(min_value=0, max_value=bound.least - 1) if bound.least > 0 else st.nothing()))
    inside = data.draw(st.integers(min_value=bound.least, max_value=bound.most))
    for number, bad in ((outside, True), (inside, False)):
        text = example[:start] + str(number) + example[start + len(written):]
        power, problems = parse_power(text)
        if power is not None and not problems:
            problems = check_power(power)
        ranges = [p for p in problems if p.code == "P025"]
        if bad:
            assert [p.col for p in ranges] == [col], (text, problems)
            assert f"must be from {bound.least} to {bound.most}" in ranges[0].message
        else:
            assert not ranges, (text, problems)


@pytest.mark.parametrize("line", ["on completion: draw 1000000000", "on completion: gain " + "9" * 400])
def test_a_hostile_number_is_refused(line):
    power, problems = parse_power(line)
    assert power is not None and not problems
    assert [p.code for p in check_power(power) if p.code == "P025"] == ["P025"]


def test_the_bounds_are_documented():
    text = (project_root() / "docs" / "card-format.md").read_text()
    assert "interpreter/lang/bounds.py" in text and "C033" in text
