"""A person at the terminal (issue 13, item 2): help, `explain CARD`, the compact table with the good
types of cargo at sea, narration of actions that do nothing and of discarded pirated cards, the
contract-discard question only where it means something (R14.1), and screens that keep the turn
header and the last narration in an 80x24 terminal. The agent is driven by scripted input."""

from __future__ import annotations

import contextlib
import io
import itertools
import math
import re
from collections.abc import Iterable, Iterator

import pytest

from interpreter.agents.human import HumanAgent, HumanQuit
from interpreter.cards.explained import card_lines
from interpreter.cli import main
from interpreter.engine.game import Game
from interpreter.engine.options import GameOptions
from interpreter.engine.view import short_good
from interpreter.powers import new_game as start_game
from interpreter.sim.narrate import Narrator
from interpreter.sim.runner import bot_agents
from tests.helpers import clear, give, ids, new_game, play_turn, use_script

HEADER = re.compile(r"^Turn \d+ · .* leads · deck \d+, discard \d+ · game ends at \d+ credits$")


class Typist:
    """Scripted keyboard: each line read is echoed to the screen, as a terminal shows what is typed.
    After the script, `then` (cycled) answers, up to `limit` lines in all; then end of input."""

    def __init__(self, screen: io.StringIO, lines: Iterable[str], then: Iterable[str] = (), limit: int = 5000):
        self.screen = screen
        self.lines: Iterator[str] = itertools.chain(lines, itertools.cycle(then) if then else ())
        self.left = limit

    def readline(self) -> str:
        self.left -= 1
        line = next(self.lines, None) if self.left >= 0 else None
        if line is None:
            return ""
        self.screen.write(line + "\n")
        return line + "\n"


def seat_person(game: Game, seat: int, answers: Iterable[str], then: Iterable[str] = (), size=(80, 24)) -> tuple[HumanAgent, io.StringIO]:
    screen = io.StringIO()
    human = HumanAgent(Typist(screen, answers, then), screen, size=size)  # type: ignore[arg-type]
    game.agents[seat] = human
    human.narrator = Narrator(game, screen, width=size[0])
    return human, screen


def lead_with_contract(hand: Iterable[str] = ("small_poodles",)) -> Game:
    """3 players, P1 leads with the contract Cannons on its ship in harbor; the others hold nothing
    (so they must draw); P1 holds `hand`."""
    game = new_game(players=3, leader=0)
    for p in game.players:
        clear(game, p.hand)
    give(game, game.players[0].ships[0].contracts, "cannons")
    give(game, game.players[0].hand, *hand)
    use_script(game, [])
    return game


# --- help, explain, the full table --------------------------------------------------------------

def test_help_explain_and_the_full_table_answer_and_the_question_is_asked_again(base_cards, data, capsys):
    game = start_game(base_cards, data, 4, 3, GameOptions(), bot_agents(3, ["heuristic"] * 4))
    _, screen = seat_person(game, 0, ["?", "help", "explain cups", "explain Gold Watches", "explain hawaian salt",
                                     "explain 2", "explain", "t", "log", "what", "q"])
    with pytest.raises(HumanQuit):
        game.play()
    text = screen.getvalue()
    assert text.count("explain CARD    a card's powers in English") == 2
    # explain CARD gives the very lines of `importexport explain CARD`
    assert all(len(line) <= 80 for line in text.splitlines()), max(text.splitlines(), key=len)  # wrapped to the terminal
    flat = " ".join(text.split())
    assert main(["explain", "cups"]) == 0
    assert " ".join(capsys.readouterr().out.split()) in flat  # the words of `importexport explain cups`
    assert " ".join(" ".join(card_lines(base_cards.by_id["gold_watches"])).split()) in flat
    assert "no card is called `hawaian salt` (did you mean `Hawaiian Salt`?)" in text
    first = game.players[0].hand[0] if game.players[0].hand else None
    assert first is not None and " ".join(" ".join(card_lines(first.defn)).split()) in flat  # `explain` alone: the hand
    assert "at sea carrying" in text and "(technology)" in text  # the full table names every good type
    assert "'what' is not an option" in text
    assert text.count("Follow ") >= 7  # after each answer the question is shown again


def test_explain_an_option_explains_the_cards_it_names(base_cards, data):
    game = lead_with_contract(("small_poodles", "champagne"))
    _, screen = seat_person(game, 0, ["explain 2", "q"])
    with pytest.raises(HumanQuit):
        play_turn(game)
    text = screen.getvalue()
    options = re.findall(r"^\s+(\w+)\. (.*)$", text, re.M)
    label = dict(options)["2"]
    named = [c for c in ("Small Poodles", "Champagne") if c in label]
    assert named
    for name in named:
        assert f"{name} (luxury, SUPPLY" in text


# --- what the table shows ----------------------------------------------------------------------

def test_the_table_shows_the_good_type_of_every_container_at_sea(base_cards, data):
    game = start_game(base_cards, data, 4, 3, GameOptions(), bot_agents(3, ["heuristic"] * 4))
    _, screen = seat_person(game, 0, ["q"], size=(100, 60))
    with pytest.raises(HumanQuit):
        game.play()
    text = screen.getvalue()
    at_sea = [(p, s) for p in game.players for s in p.ships if s.at_sea and s.containers]
    assert at_sea
    for p, ship in at_sea:
        cargo = ", ".join(f"{c.name} {short_good(c.good)}" for c in ship.containers)
        assert f"At sea, {p.name} {ship.twin + 1}: {cargo}" in text
    assert "T A I C L" in text and "Your hand:" in text


# --- 80x24: the header and the last narration stay in sight -----------------------------------------

def rows(line: str, width: int) -> int:
    return max(1, math.ceil(len(line) / width))


@pytest.mark.parametrize(("players", "seed", "answers"), [(4, 3, ["2", "1", "3"]), (3, 8, ["1", "2"]), (6, 2, ["3", "2", "1", "4"])])
def test_every_screen_fits_80x24_with_the_turn_header_and_the_last_narration(base_cards, data, players, seed, answers):
    width, height = 80, 24
    game = start_game(base_cards, data, players, seed, GameOptions(), bot_agents(seed, ["heuristic"] * players))
    _, screen = seat_person(game, 1, [], then=answers, size=(width, height))
    with contextlib.suppress(HumanQuit):  # a game longer than the script ends like a person leaving
        game.play()
    lines = screen.getvalue().splitlines()
    prompts = [i for i, line in enumerate(lines) if line.startswith("Choose ")]
    assert len(prompts) > 20
    assert all(len(line) <= width for line in lines), max(lines, key=len)
    previous = -1
    for i in prompts:
        headers = [k for k in range(previous + 1, i) if HEADER.match(lines[k])]
        if not headers:  # the same question asked again after a wrong entry
            continue
        header = headers[-1]
        in_sight = 0  # terminal rows from the header's line down to the prompt
        for k in range(header, i + 1):
            in_sight += rows(lines[k], width)
        narration = header - 1
        if narration > previous:  # something was narrated since the last answer
            in_sight += rows(lines[narration], width)
        assert in_sight <= height, "\n".join(lines[max(0, header - 3):i + 1])
        previous = i


# --- narration of what the events leave unsaid ------------------------------------------------------

def test_a_follower_whose_action_does_nothing_is_narrated_R4_7():
    game = new_game(players=3, leader=0)
    for p in game.players:
        clear(game, p.hand)
    give(game, game.players[0].hand, "small_poodles")
    give(game, game.players[1].hand, "champagne")
    screen = io.StringIO()
    Narrator(game, screen)
    use_script(game, [(0, "SUPPLY with Small Poodles"), (1, "SUPPLY with Champagne"), (0, "take")])  # P2 then stops
    play_turn(game)
    text = screen.getvalue()
    p1, p2 = game.players[0].name, game.players[1].name
    assert f"{p2} followed SUPPLY but does nothing with its action" in text
    assert f"{p1} declared SUPPLY but does nothing" not in text
    assert text.index(f"{p1} takes") < text.index(f"{p2} followed SUPPLY")  # in the order of R4.7


def test_an_importer_who_bids_and_loses_has_done_something_R10_4():
    game = new_game(players=3, leader=0)
    for p in game.players:
        clear(game, p.hand)
    give(game, game.players[0].hand, "mouthwash")
    give(game, game.players[1].hand, "shoes")
    screen = io.StringIO()
    Narrator(game, screen)
    use_script(game, [(0, "IMPORT with Mouthwash"), (1, "IMPORT with Shoes"), (0, "auction"), (0, "bid 4"), (1, "bid 2"),
                      (0, "Goods")])
    play_turn(game)
    text = screen.getvalue()
    assert "is auctioned among" in text
    assert "does nothing" not in text


def test_a_pirated_card_that_is_discarded_is_narrated_R11_2():
    game = new_game(players=3, leader=0)
    for p in game.players:
        clear(game, p.hand)
    give(game, game.players[0].hand, "a_small_tank")
    target = game.players[2].ships[1].containers[0]
    screen = io.StringIO()
    Narrator(game, screen)
    use_script(game, [(0, "PIRATE with A Small Tank"), (0, f"pirate {target.name}")])
    play_turn(game)
    assert target in game.zones.discard
    assert f"{game.players[0].name} discards the pirated {target.name} ({target.good}): it is not loaded onto a ship" in screen.getvalue()


# --- the contract-discard question (R14.1) -------------------------------------------------------

def test_discards_are_offered_beside_the_lead_and_d1_discards_R14_1():
    game = lead_with_contract()
    _, screen = seat_person(game, 0, ["d1", "1"])
    play_turn(game)
    text = screen.getvalue()
    assert "you lead: lead an action or draw, or first discard a contract:" in text
    assert "d1. discard the contract Cannons" in text
    assert game.players[0].ships[0].contracts == []
    assert game.zones.discard and "cannons" in ids(game.zones.discard)
    assert "discard a contract?" not in text


def test_a_lead_chosen_beside_the_discards_is_played_and_nothing_is_asked_twice_R14_1():
    game = lead_with_contract()
    _, screen = seat_person(game, 0, ["2", "1"])  # SUPPLY with Small Poodles, then stop supplying
    play_turn(game)
    text = screen.getvalue()
    asked = [r.kind for r in game.log if r.player == 0]
    assert asked.count("discard_contract") == 2  # the engine's two moments (docs/rulings.md) ...
    assert text.count("discard the contract Cannons") == 1  # ... the person saw one
    assert "discard a contract?" not in text
    assert "declares SUPPLY with Small Poodles" in text
    assert ids(game.players[0].ships[0].contracts) == ["cannons"]
    assert text.count("Choose ") == 2  # the lead was not asked again


def test_typing_discard_asks_at_the_next_moment_before_the_leaders_actions_R14_1():
    game = lead_with_contract()
    _, screen = seat_person(game, 0, ["discard", "2", "2", "1"])
    events: list[str] = []
    game.bus.subscribe_all(lambda e: events.append(type(e).__name__))
    play_turn(game)
    text = screen.getvalue()
    assert "You will be asked which contract to discard before your own actions" in text
    assert "you lead: discard a contract?" in text
    assert game.players[0].ships[0].contracts == []
    assert events.index("ActionDeclared") < events.index("ContractDiscarded")


def test_discard_explains_when_it_cannot_be_done_R14_3():
    game = new_game(players=3, leader=1)
    for p in game.players:
        clear(game, p.hand)
    give(game, game.players[1].hand, "small_poodles")
    give(game, game.players[0].hand, "champagne")
    use_script(game, [(1, "SUPPLY with Small Poodles")])
    _, screen = seat_person(game, 0, ["discard", "1"])
    play_turn(game)
    assert "Only the leader may discard contracts" in screen.getvalue()


def test_no_discard_question_for_a_leader_without_contracts():
    game = new_game(players=3, leader=0)
    for p in game.players:
        clear(game, p.hand)
    give(game, game.players[0].hand, "small_poodles", "champagne")
    use_script(game, [])
    _, screen = seat_person(game, 0, ["discard", "1"])
    play_turn(game)
    text = screen.getvalue()
    assert "You have no uncompleted contract in harbor to discard." in text
    assert "d1." not in text


# --- play seats heuristic bots, and says so (item 1) -------------------------------------------------

def test_play_seats_heuristic_bots_by_default_and_names_them(capsys, base_cards, data):
    assert main(["play", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "Seats: P1 (green) heuristic bot, P2 (red) heuristic bot, P3 (black) heuristic bot, P4 (yellow) heuristic bot" in out
    result = start_game(base_cards, data, 4, 3, GameOptions(), bot_agents(3, ["heuristic"] * 4)).play()
    totals = [int(t) for t in re.findall(r"^  P\d \(\w+\)\s+(-?\d+)", out, re.M)]
    assert totals == result.totals


@pytest.mark.parametrize(("argv", "seats"), [
    (["--bots", "random"], ["random bot"] * 4),
    (["--bots", "heuristic,random,random,heuristic"], ["heuristic bot", "random bot", "random bot", "heuristic bot"]),
    (["--human", "2", "--bots", "random"], ["random bot", "you", "random bot", "random bot"]),
])
def test_play_bots_chooses_the_bots(capsys, monkeypatch, argv, seats):
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    main(["play", "--seed", "3", *argv])
    line = next(x for x in capsys.readouterr().out.splitlines() if x.startswith("Seats: "))
    assert re.findall(r"P\d \(\w+\) ([a-z ]+?)(?:,|;)", line) == seats


def test_play_bots_refuses_an_unknown_bot(capsys):
    assert main(["play", "--bots", "clever"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "random, heuristic" in err[0] and "`clever`" in err[0]


def test_a_long_list_of_options_pages_on_a_small_terminal_and_any_number_may_be_typed():
    game = new_game(players=3, leader=0)
    for p in game.players:
        clear(game, p.hand)
    give(game, game.players[0].hand, "a_small_tank")
    use_script(game, [])
    _, screen = seat_person(game, 0, ["2", "+", "+", "+", "1"], size=(80, 14))
    play_turn(game)
    text = screen.getvalue()
    first_screen = text[text.index("Pirate ("):]
    assert "more option(s): type + to see them" in first_screen
    pages = first_screen.split("Choose ")
    assert len(pages) >= 4
    seen = set(re.findall(r"^\s+(\d+)\. ", first_screen, re.M))
    count = int(re.search(r"Choose 1-(\d+)", first_screen).group(1))
    assert seen == {str(i) for i in range(1, count + 1)}  # paging showed every option
    assert all(len(line) <= 80 for line in text.splitlines())


def test_a_pirate_option_whose_take_would_be_discarded_says_so_R11_2():
    """A browser probe pirated three of its own containers that fit no slot and lost them without a
    word: the terminal and the desk now say so on the option (the engine discards it, R11.2)."""
    from interpreter.agents.foresight import pirate_warning
    from interpreter.engine.decisions import Decision
    from interpreter.engine.pirate import pirate_options
    from interpreter.web.table import decision_info
    from tests.helpers import clear, give, new_game
    game = new_game(players=2)
    p, q = game.players
    for ship in p.ships:
        clear(game, ship.contracts)
        clear(game, ship.containers)
    q.ships[1].at_sea = True
    give(game, q.ships[1].containers, "beer")
    options = pirate_options(game, p)
    beer = next(o for o in options if "Beer" in o.label)
    assert pirate_warning(game, p, beer.value) == "no open slot of your ships takes it, so it would be discarded (R11.2)"
    shown = decision_info(Decision("pirate", p.seat, options, "Pirate"), None, game)["options"]
    assert f"{beer.label} (no open slot of your ships takes it, so it would be discarded (R11.2))" in shown
    give(game, p.ships[0].contracts, "soy_sauce")  # an agriculture contract in harbor: Beer fits it
    assert pirate_warning(game, p, beer.value) is None
