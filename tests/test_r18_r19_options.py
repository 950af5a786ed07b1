"""R18 extended game, R19.1 one draw per turn, and the named game options (`parse_option`)."""

from __future__ import annotations

import re

import pytest

from interpreter import cli
from interpreter.engine import events as ev
from interpreter.engine.invariants import check
from interpreter.engine.options import CHOICES, GameOptions, OptionError, parse_option
from tests.helpers import clear, give, new_game, play_turn, use_script


def _hands(game, *hands):
    for p in game.players:
        clear(game, p.hand)
    for p, ids in zip(game.players, hands, strict=True):
        give(game, p.hand, *ids)


def _leader_sells(start: int, **options):
    """P1 leads SUPPLY and sells one card for 4, starting from `start` credits; nobody follows."""
    game = new_game(players=3, leader=0, **options)
    _hands(game, ["champagne", "cologne"], ["cups"], ["pens"])
    game.players[0].credits = start
    use_script(game, [(0, "SUPPLY with Champagne"), (0, "sell Cologne")])
    play_turn(game)
    return game


# --- R18 extended game ----------------------------------------------------------------------------

def test_extended_game_threshold_80_ignores_50_R18_1():
    game = _leader_sells(46, end_threshold=80)
    assert game.players[0].credits == 50
    assert game.end_reason is None
    check(game)


def test_extended_game_threshold_80_triggers_at_80_R18_1():
    game = _leader_sells(76, end_threshold=80)
    assert game.players[0].credits == 80
    assert game.end_reason == "credits"
    check(game)


def test_extended_game_threshold_80_not_reached_at_78_R18_1():
    game = _leader_sells(74, end_threshold=80)
    assert game.players[0].credits == 78
    assert game.end_reason is None


def test_extended_game_option_from_command_line_text_R18_1():
    options = parse_option("end_threshold=80", GameOptions())
    assert options.end_threshold == 80
    game = _leader_sells(46, end_threshold=options.end_threshold)
    assert game.end_reason is None
    assert game.rules.end_threshold() == 80


def test_extended_game_ends_at_80_after_the_turn_R18_1_R16_2():
    """A full game run: 50 credits do not end it; 80 do, after that turn."""
    game = new_game(players=2, leader=0, end_threshold=80)
    p1, p2 = game.players
    _hands(game, ["champagne", "cologne"], ["shower_heads", "velvet_robes", "pens"])
    p1.credits, p2.credits = 46, 76
    script = use_script(game, [(0, "SUPPLY with Champagne"), (1, "draw"), (0, "sell Cologne"),  # turn 1: P1 -> 50
                               (1, "SUPPLY with Shower Heads"), (1, "sell Velvet Robes")])  # turn 2: P2 -> 80
    result = game.play()
    assert p1.credits == 50 and p2.credits == 80
    assert result.end_reason == "credits"
    assert result.turns == 2
    assert [d.player for d in script.asked if d.kind == "lead"] == [0, 1]
    check(game)


# --- R19.1 at most one draw per turn -------------------------------------------------------------

def test_player_draws_at_most_once_per_turn_and_imports_give_no_draw_R19_1_R4_6_5():
    """P2 draws instead of following and holds a matching SUPPLY import: it gets one supply action,
    not a second draw; P3 cannot follow and draws once."""
    game = new_game(players=3, leader=0)
    p1, p2, p3 = game.players
    _hands(game, ["champagne", "cologne"], ["laptops", "beer", "cannabis", "impalas"], ["pens"])
    give(game, p2.imports, "gold_watches")  # luxury, SUPPLY action
    draw_actions: list[int] = []
    drawn: list[tuple[int, int]] = []
    game.bus.subscribe(ev.DrawActionTaken, lambda e: draw_actions.append(e.player))
    game.bus.subscribe(ev.CardsDrawn, lambda e: drawn.append((e.player, e.count)))
    script = use_script(game, [(0, "SUPPLY with Champagne"), (0, "stop"),
                               (1, "draw"), (1, "sell Impalas")])
    play_turn(game)
    assert draw_actions == [1, 2]
    assert drawn == [(1, 1), (2, 4)]  # P2 held 4: up to 5 = 1 card; P3 held 1: 4 cards
    p2_asked = [d for d in script.asked if d.player == 1]
    assert [d.kind for d in p2_asked] == ["follow", "supply"]
    assert "SUPPLY with Impalas" in p2_asked[0].labels()  # drawing was a choice, not forced
    assert not any("draw" in label for label in p2_asked[1].labels())  # nothing offers another draw
    assert p2.credits == 14
    assert len(p2.hand) == 4  # 4 + 1 drawn - 1 sold
    assert len(p3.hand) == 5
    check(game)


def test_leader_who_draws_is_asked_nothing_else_R19_1_R4_2_1():
    game = new_game(players=3, leader=0)
    p1 = game.players[0]
    _hands(game, ["champagne", "cologne"], ["cups"], ["pens"])
    give(game, p1.imports, "gold_watches")
    draw_actions: list[int] = []
    game.bus.subscribe(ev.DrawActionTaken, lambda e: draw_actions.append(e.player))
    script = use_script(game, [(0, "draw")])
    play_turn(game)
    assert draw_actions == [0]
    assert script.kinds() == ["lead"]
    assert len(p1.hand) == 5
    check(game)


# --- parse_option ---------------------------------------------------------------------------------

@pytest.mark.parametrize(("name", "value"), [(n, v) for n, (values, _) in CHOICES.items() for v in values])
def test_parse_option_accepts_every_choice(name, value):
    options = parse_option(f"{name}={value}", GameOptions())
    assert getattr(options, name) == value


@pytest.mark.parametrize(("text", "name", "expected"), [
    ("end_threshold=80", "end_threshold", 80),
    ("end_threshold=50", "end_threshold", 50),
    ("first_leader=0", "first_leader", 0),
    ("first_leader=3", "first_leader", 3),
    ("max_turns=1", "max_turns", 1),
    ("max_turns=500", "max_turns", 500),
    ("check_invariants=yes", "check_invariants", True),
    ("check_invariants=true", "check_invariants", True),
    ("check_invariants=no", "check_invariants", False),
    ("check_invariants=false", "check_invariants", False),
    ("game-end=after-action", "game_end", "after-action"),  # a dashed name is accepted
    (" tie_rounding = up-to-even ", "tie_rounding", "up-to-even"),
])
def test_parse_option_accepts_numbers_flags_and_spellings(text, name, expected):
    assert getattr(parse_option(text, GameOptions()), name) == expected


def test_parse_option_keeps_earlier_options():
    options = parse_option("import_fee=per-container", GameOptions())
    options = parse_option("end_threshold=80", options)
    assert options.import_fee == "per-container" and options.end_threshold == 80
    assert options.game_end == "end-of-turn"  # untouched defaults stay


def test_parse_option_accepts_every_value_the_options_command_documents(capsys):
    assert cli.main(["options"]) == 0
    out = capsys.readouterr().out
    documented = re.findall(r"^(\w+)=\S*\s+\(([^)]*)\)", out, flags=re.M)
    assert {name for name, _ in documented} == set(CHOICES)
    for name, values in documented:
        for value in values.split(" | "):
            assert getattr(parse_option(f"{name}={value}", GameOptions()), name) == value


@pytest.mark.parametrize(("text", "fragments"), [
    ("nope=1", ["unknown option `nope`", "import_ties", "end_threshold", "tie_rounding"]),
    ("import_tie=random", ["unknown option", "did you mean `import_ties`"]),
    ("endthreshold=80", ["unknown option", "did you mean `end_threshold`"]),
    ("import_ties=maybe", ["import_ties", "leader-clockwise", "random", "`maybe`"]),
    ("game_end=after-actoin", ["end-of-turn", "after-action", "did you mean `after-action`"]),
    ("tie_rounding=down", ["up", "up-to-even"]),
    ("pirate_load=sometimes", ["mandatory", "optional"]),
    ("drawers_use_imports=maybe", ["yes", "no"]),
    ("import_fee=free", ["per-import", "per-container"]),
    ("max_turns=x", ["whole number", "`x`"]),
    ("max_turns=0", ["at least 1"]),
    ("end_threshold=-5", ["at least 1"]),
    ("first_leader=-1", ["0 or more"]),
    ("check_invariants=maybe", ["yes", "no"]),
    ("end_threshold", ["name=value"]),
])
def test_parse_option_rejects_with_what_is_allowed(text, fragments):
    with pytest.raises(OptionError) as info:
        parse_option(text, GameOptions())
    message = str(info.value)
    assert "\n" not in message
    for fragment in fragments:
        assert fragment in message, (fragment, message)
