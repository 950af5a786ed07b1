"""Card readings (issue 23, item 2): where players may read a card differently, its card file gives
the other reading under `readings:` and the game option named after the card plays it; the printed
text is the default. Cannabis (OQ-25: imports "during an Import action") and LED Lamps (no limit
printed) are the two; each card's examples play both values of its option."""

from __future__ import annotations

import dataclasses
import textwrap
from pathlib import Path

import pytest

from interpreter.cards.explained import card_lines
from interpreter.cards.loader import CardSet, load_card_file
from interpreter.engine.errors import SetupError
from interpreter.engine.options import CHOICES, READINGS, GameOptions, parse_option, reading_problems, with_readings
from interpreter.validation import validate
from tests.helpers import ALL_CARDS, new_game

ALL = ALL_CARDS


def test_every_reading_option_names_a_card_whose_readings_are_its_other_values():
    for option in READINGS:
        card = ALL.by_id[option]
        printed, *others = CHOICES[option][0]
        assert [name for name, _ in card.readings] == others, option
        assert GameOptions().__getattribute__(option) == printed  # the default is the printed text


def test_no_shipped_card_has_a_reading_no_option_plays():
    assert [c.id for c in ALL.cards if c.readings and reading_problems(c.id, [n for n, _ in c.readings])] == []


@pytest.mark.parametrize(("option", "value", "line"), [
    ("cannabis", "import-action", "when any player imports an illegal container during an import action: that player pays you 2"),
    ("cannabis", "every-import", "when any player imports an illegal container: that player pays you 2"),
    ("led_lamps", "no-limit", "any time after completion while you lead: swap 2 cards from your hand with 1 card from the island"),
    ("led_lamps", "once-per-turn", "any time after completion while you lead, once per turn: swap 2 cards from your hand with 1 card from the island"),
])
def test_the_option_named_after_a_card_chooses_the_power_lines_played(option, value, line):
    options = parse_option(f"{option}={value}", GameOptions())
    game = new_game(players=3, cards=ALL, **{option: getattr(options, option)})
    assert [p.text for p in game.card_set.by_id[option].powers] == [line]
    assert [p.text for p in ALL.by_id[option].powers] != [line] or value == CHOICES[option][0][0]


def test_a_reading_the_card_in_play_lacks_is_refused_when_the_game_is_set_up():
    """A mod may replace LED Lamps by a card without readings: the option then has nothing to play."""
    replaced = CardSet([dataclasses.replace(c, readings=()) if c.id == "led_lamps" else c for c in ALL.cards])
    with pytest.raises(SetupError, match="option led_lamps=once-per-turn: the card `led_lamps` in play has no reading `once-per-turn`"):
        with_readings(replaced, GameOptions(led_lamps="once-per-turn"))
    assert with_readings(replaced, GameOptions()) is replaced  # the printed reading needs nothing


def test_explain_shows_each_reading_with_its_option():
    lines = card_lines(ALL.by_id["led_lamps"])
    assert "  With --option led_lamps=once-per-turn, instead:" in lines
    assert any("once per turn: swap 2 cards" in line for line in lines)


def write(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "led_lamps.yaml"
    path.write_text(textwrap.dedent("""\
        id: led_lamps
        name: LED Lamps
        set: jutaku
        good: technology
        action: load
        tier: 0
        load: {technology: 2}
        text: Trades hand cards for island cards.
        powers:
          - "any time after completion while you lead: swap 2 cards from your hand with 1 card from the island"
        """) + textwrap.dedent(body))
    return path


@pytest.mark.parametrize(("body", "message"), [
    ("readings: [once-per-turn]\n", ":11:11: C090 `readings` maps a reading's name to its power lines"),
    ("readings:\n  Once_Per_Turn: [\"any time: draw 1\"]\n", ":12:3: C091 a reading's name is lower-case words joined by `-`"),
    ("readings:\n  once-per-turn: [\"any time: drwa 1\"]\n", ":12:30: P001 unknown word `drwa`"),
    ("readings:\n  once-per-turn: \"any time: draw 1\"\n", "C080 the reading `once-per-turn` must be a list of power lines"),
])
def test_a_bad_reading_is_reported_at_its_position(tmp_path, body, message):
    card, diags = load_card_file(write(tmp_path, body))
    assert card is None
    assert any(message in str(d) for d in diags), [str(d) for d in diags]


def test_validate_reports_a_reading_no_option_plays_at_its_position(tmp_path):
    path = write(tmp_path, "readings:\n  twice-per-turn: [\"any time after completion: draw 1\"]\n")
    report = validate([path])
    (problem,) = [d for d in report.diagnostics if d.code == "C092"]
    assert str(problem).startswith(f"{path}:12:")
    assert "reading `twice-per-turn` is not a value of the option led_lamps (once-per-turn" in str(problem)
