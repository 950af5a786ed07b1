"""The second examples pack (issue 21): docs/examples/modder holds new powers written from the docs
alone, one card each, numbered m01 to m40 (m01-m20 nouns and permissions, m21-m40 events from every
side and lasting effects). The pack validates; every example passes when played, and each card has
an example that fails once its powers are removed; the README lists every card with its power lines;
`explain` reads every power back in English; whole games with the pack's cards in the deck play to
the end with random and heuristic bots, most of the pack's powers firing in them, lasting effects
coming into force, and every game's record replaying exactly."""

from __future__ import annotations

import re
from pathlib import Path

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
from interpreter.records import make_record
from interpreter.scenarios.replay import replay
from interpreter.scenarios.runner import run_scenario, scenarios_in_file
from interpreter.sim.coverage import PowerCoverage
from tests.helpers import ALL_CARDS, RULES, readme_rows_name_the_cards, without_powers

PACK = project_root() / "docs" / "examples" / "modder"
FILES = sorted((PACK / "cards").glob("*.yaml"))
CARDS = apply_packs(ALL_CARDS, [PACK]).cards
MODDER = sorted((c for c in CARDS.cards if c.set == "modder"), key=lambda c: c.id)
EXAMPLES = [(path, sc) for path in FILES for sc in scenarios_in_file(path)[0]]


def test_the_pack_holds_one_card_per_file_numbered_in_order():
    assert len(FILES) == 40 and len(MODDER) == len(FILES)
    assert all(re.fullmatch(r"m\d\d_[a-z_]+", path.stem) for path in FILES)
    assert [int(path.stem[1:3]) for path in FILES] == list(range(1, len(FILES) + 1))
    assert [c.id for c in MODDER] == [path.stem for path in FILES]
    assert all(card.powers and card.examples and card.text for card in MODDER)


def test_the_pack_validates_with_no_problems(capsys):
    assert main(["validate", str(PACK)]) == 0
    out = capsys.readouterr().out
    assert f"{len(FILES)} cards, no problems." in out
    assert f"{len(EXAMPLES)} example(s) checked" in out


def test_the_readme_lists_every_card_with_its_power_lines():
    """The README's table cannot drift from the cards: each row names a card and its powers exactly."""
    rows = readme_rows_name_the_cards(PACK / "README.md", MODDER)
    assert len(rows) == len(MODDER)


@pytest.mark.parametrize(("path", "scenario"), EXAMPLES, ids=[f"{p.stem}: {s.name}" for p, s in EXAMPLES])
def test_example_passes(path, scenario):
    outcome = run_scenario(scenario, CARDS, RULES)
    assert outcome.passed, outcome.report()


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_each_card_has_an_example_that_fails_without_its_powers(path):
    """Examples that show a power NOT firing pass without it; at least one example of every card must
    show the power doing something."""
    cards = without_powers(CARDS, path.stem)
    failing = [sc.name for sc in scenarios_in_file(path)[0] if not run_scenario(sc, cards, RULES).passed]
    assert failing, f"{path.stem}: every example still passes with the card's powers removed"


def test_the_examples_run_from_the_command_line(capsys):
    assert main(["scenario", "run", "--mod", str(PACK), str(PACK / "cards")]) == 0
    assert f"{len(EXAMPLES)} passed, 0 failed" in capsys.readouterr().out


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_explain_reads_every_power_back(path: Path, capsys):
    assert main(["explain", str(path)]) == 0
    out = capsys.readouterr().out
    card = next(c for c in MODDER if c.id == path.stem)
    assert out.startswith(card.name)
    for power in card.powers:
        line = out.split(power.text, 1)[1].splitlines()[1]
        assert line.strip().startswith("->") and len(line) > 20, out


SEEDS = range(5)
COPIES = 3  # of each pack card in the test deck, so that most of them come into play


def test_games_with_the_pack_play_to_the_end_and_its_powers_fire():
    """Random and heuristic bots, 2 to 6 players, invariants checked after every turn: no game
    raises, every game ends by the rules, and at least three quarters of the pack's powers fire (a
    power that never ran would show here; cards bots seldom complete are allowed to miss)."""
    deck = CardSet([c for c in CARDS.cards if c.set == "base"] + MODDER * COPIES)
    coverage = PowerCoverage()
    endings = set()
    for bots in (random_agents, heuristic_agents):
        for seed in SEEDS:
            for players in range(2, 7):
                game = new_game(deck, RULES, players, seed, GameOptions(check_invariants=True), bots(seed, players))
                coverage.watch(game)
                endings.add(game.play().end_reason)
    assert endings <= {"credits", "deck"}, endings
    silent = [c.id for c in MODDER if not coverage.fired[c.id]]
    assert len(silent) <= len(MODDER) // 4, f"never fired: {silent}"


@pytest.mark.parametrize("bots", [random_agents, heuristic_agents], ids=["random", "heuristic"])
def test_games_with_the_pack_replay_exactly_with_lasting_effects_in_force(bots):
    """Each game's record replays to the same end, lasting effects included (they are cloned and
    made again with the game), and lasting effects do come into force in these games."""
    deck = CardSet([c for c in CARDS.cards if c.set == "base"] + MODDER * COPIES)
    in_force = 0
    for seed in range(4):
        players = 2 + seed % 3
        options = GameOptions(check_invariants=True)
        game = new_game(deck, RULES, players, seed, options, bots(seed, players))
        seen: list[int] = []
        game.bus.subscribe(ev.TurnEnded, lambda e, g=game, seen=seen: seen.append(len(g.powers.lasting_in_force())))
        result = game.play()
        in_force += sum(seen)
        again = replay(make_record(game, result, {}), deck, RULES, options)
        assert again.same_result, again.differences
    assert in_force > 0
