"""What a new user trips on at the terminal (issue 26, items 9-13): one option name for one thing
(`--expansions` everywhere), `scenario run` on a folder runs only scenarios and cards, the A/B
comparison shows the change itself, terminal play warns before an action that does nothing and says
why a player cannot follow (R4.8), names the ship bid for, narrates the owner's fee (R10.6) and
keeps the record of a game left with `q`; `explain --mod`, a pack's own section in `simulate
--powers`, and a description in every command's `--help`."""

from __future__ import annotations

import argparse
import io
import json
import re
import shutil

import pytest

from interpreter.agents.human import HumanAgent, HumanQuit
from interpreter.cards.catalog import project_root
from interpreter.cli import build_parser, main
from interpreter.engine.view import compact_view
from interpreter.sim.compare import change_lines, field_text
from interpreter.sim.narrate import Narrator
from tests.helpers import clear, give, new_game, play_turn, use_script
from tests.test_human_terminal import Typist

ROOT = project_root()
PACK = ROOT / "docs" / "example-mod"


def seat_person(game, seat: int, answers: list[str], size=(80, 24)) -> io.StringIO:
    screen = io.StringIO()
    human = HumanAgent(Typist(screen, answers), screen, size=size)  # type: ignore[arg-type]
    game.agents[seat] = human
    human.narrator = Narrator(game, screen, width=size[0])
    human.watch(game)
    return screen


def flat(text: str) -> str:
    return " ".join(text.split())


# --- item 9: one name for one thing ------------------------------------------------------------------

def test_serve_takes_expansions_as_every_command_does_and_keeps_sets_as_another_name(capsys):
    parser = build_parser()
    assert parser.parse_args(["serve", "--expansions", "jutaku"]).expansions == "jutaku"
    assert parser.parse_args(["serve", "--sets", "base,jutaku"]).expansions == "base,jutaku"
    assert parser.parse_args(["serve"]).expansions == "all"  # the desk shows every card by default
    assert main(["serve", "--expansions", "jutak", "--port", "0"]) == 2
    assert "unknown set `jutak`; choose from base, captain, jutaku, kickstarter, all or none" in capsys.readouterr().err
    with_sets = [name for name, command in commands(parser) if "--sets" in options_of(command) and "--expansions" not in options_of(command)]
    assert with_sets == []


def test_the_desk_takes_none_as_the_other_commands_do():
    from interpreter.web.desk import Desk, DeskSettings
    assert len(Desk(DeskSettings(sets="none")).entries) == 100


# --- item 10: scenario run on a folder ------------------------------------------------------------------

def test_scenario_run_on_a_pack_folder_runs_its_cards_examples_with_the_pack_and_skips_its_manifest(capsys):
    assert main(["scenario", "run", str(PACK)]) == 0
    out = capsys.readouterr().out
    assert "4 passed, 0 failed" in out
    assert "unnamed" not in out and "S003" not in out and "S005" not in out
    assert f"skipped {PACK / 'mod.yaml'}: a mod pack's manifest" in out


def test_scenario_run_on_a_cards_folder_skips_the_rules_data_and_other_documents(tmp_path, capsys):
    (tmp_path / "cards" / "consumer").mkdir(parents=True)
    shutil.copy(ROOT / "cards" / "consumer" / "cups.yaml", tmp_path / "cards" / "consumer")
    shutil.copy(ROOT / "cards" / "game.yaml", tmp_path / "cards")
    (tmp_path / "cards" / "notes.yaml").write_text("title: my notes\nitems: [a, b]\n")
    assert main(["scenario", "run", str(tmp_path / "cards")]) == 0
    out = capsys.readouterr().out
    assert "1 passed, 0 failed" in out
    assert "skipped " + str(tmp_path / "cards" / "game.yaml") + ": the rules data, not a scenario" in out
    assert "skipped " + str(tmp_path / "cards" / "notes.yaml") + ": neither a scenario nor a card file" in out
    assert main(["scenario", "run", str(tmp_path / "cards" / "notes.yaml")]) == 1  # named on its own: run, and says why not
    assert "S003 unknown key `title` in a scenario" in capsys.readouterr().out


# --- item 11: the change itself ----------------------------------------------------------------------------

LONG = ("when a turn ends: if you have the most goods then gain 2 and each other player pays the bank 1 for "
        "every good they hold")


def test_a_long_changed_text_is_cut_around_the_change_not_before_it():
    changed = LONG.replace("pays the bank 1", "pays the bank 3")
    line = field_text({"field": "text", "A": LONG, "B": changed})
    before, after = line.removeprefix("text: ").split(" -> ")
    assert "pays the bank 1" in before and "pays the bank 3" in after
    assert len(before) <= 62 and len(after) <= 62


def test_only_the_changed_power_line_is_shown_and_the_card_line_says_it():
    a = [{"line": "on completion: draw 5", "english": ""}, {"line": LONG, "english": ""}]
    b = [{"line": "on completion: draw 5", "english": ""}, {"line": LONG.replace("gain 2", "gain 4"), "english": ""}]
    play = {"completed_rate": [0.2, 0.3], "completed_change": {"diff": 0.1, "lo": -0.1, "hi": 0.3, "p": 0.4},
            "games": [10, 10], "win_change": None, "score": [{"mean": 30}, {"mean": 31}],
            "score_change": {"diff": 1.0, "lo": -2.0, "hi": 4.0}, "turns": [{"mean": 12}, {"mean": 12}]}
    row = {"name": "Customs Office", "play": play, "definition": {"status": "changed", "fields": [{"field": "powers", "A": a, "B": b}]}}
    first = change_lines(row)[0]
    assert "gain 2" in first and "gain 4" in first
    assert "draw 5" not in first  # the line that did not change is not repeated


# --- item 12: terminal play -----------------------------------------------------------------------------------

def harbor(p):
    return next(s for s in p.ships if not s.at_sea)


def follow_load(follower_hand: tuple[str, ...], contract: bool = True):
    """3 players: P1 leads LOAD (the contract Cups on its ship, Laptops and Soap in hand); P2 (the
    person) holds `follower_hand`, with the contract Pens (3 consumer) on its ship if `contract`."""
    game = new_game(players=3, leader=0)
    for p in game.players:
        clear(game, p.hand)
    give(game, harbor(game.players[0]).contracts, "cups")
    give(game, game.players[0].hand, "laptops", "soap")
    if contract:
        give(game, harbor(game.players[1]).contracts, "pens")
    give(game, game.players[1].hand, *follower_hand)
    use_script(game, [(0, "LOAD with Laptops")])
    return game


def test_a_follow_that_would_do_nothing_says_so_beside_the_option_R4_7():
    game = follow_load(("drones",))
    screen = seat_person(game, 1, ["q"])
    with pytest.raises(HumanQuit):
        play_turn(game)
    assert "LOAD with Drones (does nothing now: nothing left in your hand fits an open slot of your ships)" in flat(screen.getvalue())


def test_a_follow_that_would_load_is_offered_without_a_warning():
    game = follow_load(("drones", "candy"))
    screen = seat_person(game, 1, ["q"])
    with pytest.raises(HumanQuit):
        play_turn(game)
    text = flat(screen.getvalue())
    assert "LOAD with Drones" in text and "does nothing now" not in text


def test_a_player_who_cannot_follow_is_told_why_instead_of_drawing_silently_R4_8():
    game = follow_load(("drones",), contract=False)
    screen = seat_person(game, 1, [])  # drawing is the only option: the engine takes it without asking
    play_turn(game)
    text = flat(screen.getvalue())
    assert "you cannot follow LOAD: you have no contract on a ship in harbor (R4.8), so you draw" in text


def test_a_leader_who_can_only_draw_is_told_why_R4_2():
    game = new_game(players=3, leader=0)
    for p in game.players:
        clear(game, p.hand)
    use_script(game, [])
    screen = seat_person(game, 0, [])  # an empty hand: drawing is the only way to lead, taken without asking
    play_turn(game)
    assert "you have no card to declare an action with" in flat(screen.getvalue())
    assert len(game.players[0].hand) == 5  # and the leader drew (R4.2.1)


def test_the_bid_question_names_the_ship_and_its_cargo_R10_3():
    game = new_game(players=3, leader=0)
    for p in game.players:
        clear(game, p.hand)
    give(game, game.players[0].hand, "mouthwash")
    give(game, game.players[1].hand, "shoes")
    ship = next(s for s in game.players[2].ships if s.at_sea)
    use_script(game, [(0, "IMPORT with Mouthwash"), (0, f"auction the {ship.label}"), (0, "bid 0")])
    screen = seat_person(game, 1, ["2", "q"])  # follow IMPORT with Shoes, then leave at the bid
    with pytest.raises(HumanQuit):
        play_turn(game)
    cargo = ", ".join(c.name for c in ship.containers)
    assert f"Your sealed bid for the {ship.label} of {game.players[2].name} ({cargo})" in flat(screen.getvalue())


def test_the_owners_import_fee_is_narrated_after_the_import_R10_6():
    game = new_game(players=3, leader=0)
    for p in game.players:
        clear(game, p.hand)
    give(game, game.players[0].hand, "mouthwash")
    ship = next(s for s in game.players[2].ships if s.at_sea)
    screen = io.StringIO()
    Narrator(game, screen)
    use_script(game, [(0, "IMPORT with Mouthwash"), (0, f"auction the {ship.label}"), (0, "Goods")])
    credits = game.players[2].credits
    play_turn(game)
    fee = game.players[2].credits - credits
    text = screen.getvalue()
    said = f"{game.players[2].name}, the ship's owner, takes {fee} from the bank as the import fee (R10.6)"
    assert fee > 0 and said in text
    assert text.index("wins the import") < text.index(said)


def test_ships_at_sea_folded_on_a_small_terminal_are_separated_by_semicolons_alone():
    game = new_game(players=5, leader=0)
    view = compact_view(game, 0, 80)
    folded = " ".join(view.at_sea_short)
    assert view.at_sea_short and ";," not in folded
    assert folded.count("; ") == sum(1 for p in game.players for s in p.ships if s.at_sea and s.containers) - 1


def test_quitting_writes_the_record_of_the_game_so_far_and_it_replays(tmp_path, monkeypatch, capsys):
    record = tmp_path / "left.json"
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n" * 12 + "q\n"))
    assert main(["play", "--human", "1", "--seed", "3", "--log", str(record)]) == 1
    out = capsys.readouterr().out
    assert "Game abandoned." in out and f"written to {record}" in out
    data = json.loads(record.read_text())
    assert data["decisions"] and "result" not in data and data["abandoned"]["turn"] >= 1
    assert sum(1 for d in data["decisions"] if d["player"] == 0) >= 1  # the person's answers are in it
    assert main(["replay", str(record)]) == 0
    assert f"to turn {data['abandoned']['turn']}, where it was abandoned" in capsys.readouterr().out


# --- item 13: packs in explain and simulate, and every command's help -------------------------------------------

def test_explain_with_a_pack_explains_its_cards_by_id_or_all_of_them(capsys):
    assert main(["explain", "--mod", str(PACK)]) == 0
    out = capsys.readouterr().out
    for name in ("Tea Clipper", "Customs Office", "Smugglers' Cove", "Cups (consumer, IMPORT, tier 1"):
        assert name in out
    assert "draw 4" in out  # the pack's Cups, not the shipped one
    assert main(["explain", "--mod", str(PACK), "tea_clipper"]) == 0
    assert capsys.readouterr().out.startswith("Tea Clipper (agriculture, CONTRACT")
    assert main(["explain", "tea_clipper"]) == 2
    assert "a mod pack's card is found with --mod PATH" in capsys.readouterr().err


def test_simulate_powers_gives_the_packs_own_cards_a_section_of_their_own(capsys):
    assert main(["simulate", "--mod", str(PACK), "--games", "3", "--powers"]) == 0
    out = capsys.readouterr().out
    section = out[out.index("The packs' own cards:"):]
    own = re.findall(r"^  (\w+) \((added|replaced) by Harbor Tweaks\): (?:fired \d+ time\(s\)|never fired); completed \d+ time", section, re.M)
    assert sorted(card for card, _ in own) == ["cups", "customs_office", "smugglers_cove", "tea_clipper"]
    never = out[out.index("Never fired among the other cards"):].splitlines()[0] if "Never fired among" in out else ""
    named = re.findall(r"(\w+) \(\d+\)", never)
    assert len(named) == len(set(named)) and not {"cups", "tea_clipper"} & set(named)  # each card once, the pack's apart


def commands(parser: argparse.ArgumentParser, prefix: str = "importexport") -> list[tuple[str, argparse.ArgumentParser]]:
    found = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, command in action.choices.items():
                found.append((f"{prefix} {name}", command))
                found += commands(command, f"{prefix} {name}")
    return found


def options_of(parser: argparse.ArgumentParser) -> set[str]:
    return {s for a in parser._actions for s in a.option_strings}


def test_every_command_says_what_it_does_in_one_line_of_its_own_help():
    every = commands(build_parser())
    assert len(every) >= 16
    for name, command in every:
        text = command.format_help()
        paragraphs = text.split("\n\n")
        assert paragraphs[0].startswith(f"usage: {name}"), name
        description = " ".join(paragraphs[1].split())
        assert description[:1].isupper() and description.endswith(".") and description.count(". ") == 0, (name, description)
        assert not description.startswith(("positional arguments", "options")), name
