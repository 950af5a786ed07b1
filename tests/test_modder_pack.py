"""The second examples pack (issue 21): docs/examples/modder holds new cards written from the docs
alone (m21..m40 use the events from every side and the lasting effects). The pack validates; every
example passes when played, and each card has an example that fails once its powers are removed;
the README lists every card with its power lines; `explain` reads every power back; whole games with
the pack's cards play to the end with random and heuristic bots, and their records replay exactly."""

from __future__ import annotations

import dataclasses
import re

import pytest

from interpreter.agents.heuristic import heuristic_agents
from interpreter.agents.random_agent import random_agents
from interpreter.cards.catalog import project_root
from interpreter.cards.loader import CardSet
from interpreter.cli import main
from interpreter.engine import events as ev
from interpreter.engine.options import GameOptions
from interpreter.mods.apply import apply_packs
from interpreter.powers import new_game
from interpreter.scenarios.replay import make_record, replay
from interpreter.scenarios.runner import run_scenario, scenarios_in_file
from interpreter.sim.coverage import PowerCoverage
from tests.helpers import ALL_CARDS, RULES

PACK = project_root() / "docs" / "examples" / "modder"
FILES = sorted((PACK / "cards").glob("*.yaml"))
CARDS = apply_packs(ALL_CARDS, [PACK]).cards
MODDER = [c for c in CARDS.cards if c.set == "modder"]
EXAMPLES = [(path, sc) for path in FILES for sc in scenarios_in_file(path)[0]]


def test_the_pack_holds_its_cards_numbered_in_order():
    assert FILES and len(MODDER) == len(FILES)
    assert all(re.fullmatch(r"m\d\d_[a-z_]+", path.stem) for path in FILES)
    numbers = [int(path.stem[1:3]) for path in FILES]
    assert numbers == sorted(set(numbers))
    assert set(range(21, 41)) <= set(numbers)  # this branch's twenty: events and lasting effects
    assert all(card.powers and card.examples and card.text for card in MODDER)


def test_the_pack_validates_with_no_problems(capsys):
    assert main(["validate", str(PACK)]) == 0
    out = capsys.readouterr().out
    assert f"{len(FILES)} cards, no problems." in out


def test_the_readme_lists_every_card_with_its_power_lines():
    """The README's table cannot drift from the cards: each row names a card and its powers exactly."""
    rows = [line for line in (PACK / "README.md").read_text().splitlines() if re.match(r"^\| \d+ \|", line)]
    listed = {}
    for row in rows:
        cells = [cell.strip() for cell in row.strip("|").split(" | ")]
        listed[cells[2].split("`")[1]] = cells
    assert set(listed) == {c.id for c in MODDER}
    for card in MODDER:
        cells = listed[card.id]
        assert cells[0] == str(int(card.id[1:3])) and cells[2] == f"`{card.id}` {card.name}"
        assert cells[3].split("<br>") == [f"`{power.text}`" for power in card.powers]


@pytest.mark.parametrize(("path", "scenario"), EXAMPLES, ids=[f"{p.stem}: {s.name}" for p, s in EXAMPLES])
def test_example_passes(path, scenario):
    outcome = run_scenario(scenario, CARDS, RULES)
    assert outcome.passed, outcome.report()


def without_powers(card_id: str) -> CardSet:
    return CardSet([dataclasses.replace(c, powers=()) if c.id == card_id else c for c in CARDS.cards])


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_each_card_has_an_example_that_fails_without_its_powers(path):
    cards = without_powers(path.stem)
    failing = [sc.name for sc in scenarios_in_file(path)[0] if not run_scenario(sc, cards, RULES).passed]
    assert failing, f"{path.stem}: every example still passes with the card's powers removed"


def test_explain_reads_every_power_back(capsys):
    for path in FILES:
        assert main(["explain", str(path)]) == 0
    out = capsys.readouterr().out
    for card in MODDER:
        assert card.name in out


def deck_of_the_pack(copies: int = 4) -> CardSet:
    """The base game with several copies of each of the pack's cards: their powers come up often."""
    base = [c for c in CARDS.cards if c.set in ("base", "modder")]
    return CardSet(base + [c for c in MODDER for _ in range(copies - 1)])


@pytest.mark.parametrize("bots", ["random", "heuristic"])
def test_whole_games_with_the_pack_play_to_the_end_and_replay_exactly(bots):
    """Games with the pack's cards in the deck: they end, the pack's powers fire, lasting effects come
    into force, and each game's record replays to the same end (lasting effects included)."""
    cards = deck_of_the_pack()
    coverage = PowerCoverage()
    in_force = 0
    for seed in range(6):
        players = 2 + seed % 3
        agents = random_agents(seed, players) if bots == "random" else heuristic_agents(seed, players)
        options = GameOptions(check_invariants=True)
        game = new_game(cards, RULES, players, seed, options, agents)
        coverage.watch(game)
        seen: list[int] = []
        game.bus.subscribe(ev.TurnEnded, lambda e, g=game, seen=seen: seen.append(len(g.powers.lasting_in_force())))
        result = game.play()
        assert result.winners
        in_force += sum(seen)
        again = replay(make_record(game, result, {}), cards, RULES, options)
        assert again.same_result, again.differences
    fired = {card_id for card_id, n in coverage.fired.items() if n and card_id.startswith("m")}
    assert len(fired) >= 5 and in_force > 0, (sorted(fired), in_force)
