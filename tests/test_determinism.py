"""Determinism and the decision log (issue: one seeded RNG; same inputs give the same game)."""

from __future__ import annotations

import random

from interpreter.agents.random_agent import DECLINE, DEFAULT_DECLINE, RandomAgent, below, random_agents
from interpreter.agents.scripted import ReplayMismatch, ScriptedAgent, ScriptedLog
from interpreter.engine.decisions import Decision, Option
from interpreter.engine.options import GameOptions
from interpreter.engine.setup import shuffle
from interpreter.powers import new_game


def play(base_cards, data, seed, players=4, agents=None):
    game = new_game(base_cards, data, players, seed, GameOptions(), agents or random_agents(seed, players))
    return game, game.play()


def test_same_seed_same_game(base_cards, data):
    a_game, a = play(base_cards, data, 11)
    b_game, b = play(base_cards, data, 11)
    assert [r.as_dict() for r in a_game.log] == [r.as_dict() for r in b_game.log]
    assert a == b


def test_random_bot_draws_as_randrange_does():
    """The random bot's draw (`below`) gives what `Random.randrange(n)` gives, so its games stay the
    games recorded with randrange."""
    mine, theirs = random.Random(3), random.Random(3)
    for n in [1, 2, 3, 5, 7, 8, 31, 64, 100, 1000] * 50:
        assert below(mine, n) == theirs.randrange(n)


def test_deck_shuffle_as_random_shuffle():
    """The engine's shuffle (written out) puts the cards in the order `Random.shuffle` gives, drawing
    the same numbers, so a seed deals the game and reshuffles the discard pile as before."""
    for seed in range(40):
        for size in [0, 1, 2, 3, 5, 8, 17, 64, 100, 129]:
            mine, theirs = random.Random(seed), random.Random(seed)
            cards, expected = list(range(size)), list(range(size))
            shuffle(mine, cards)
            theirs.shuffle(expected)
            assert cards == expected
            assert mine.random() == theirs.random()  # the same numbers drawn


def test_random_bot_chooses_as_with_randrange():
    """The random bot's choice (its draw written out in `choose`) is the one `random()` for declining
    and `randrange` for the pick give: with and without a declining option, anywhere in the list."""
    agent, theirs = RandomAgent(7), random.Random(7)
    for n in [2, 3, 4, 7, 8, 9, 33]:
        for stop in [None, 0, 1, n - 1]:
            for kind in ["follow", "discard_contract"]:
                decision = Decision(kind, 0, [Option(str(i), i) for i in range(n)], stop=stop)
                for _ in range(20):
                    if stop is None:
                        expected = theirs.randrange(n)
                    elif theirs.random() < DECLINE.get(kind, DEFAULT_DECLINE):
                        expected = stop
                    else:
                        pick = theirs.randrange(n - 1)
                        expected = pick + 1 if pick >= stop else pick
                    assert agent.choose(decision, None) == expected  # type: ignore[arg-type]  # no game needed


def test_different_seed_different_game(base_cards, data):
    _, a = play(base_cards, data, 11)
    _, b = play(base_cards, data, 12)
    assert (a.totals, a.turns) != (b.totals, b.turns)


def test_replaying_the_decision_log_reproduces_the_game(base_cards, data):
    game, result = play(base_cards, data, 5, players=5)
    log = ScriptedLog(list(game.log))
    replay_game, replay = play(base_cards, data, 5, players=5, agents=[ScriptedAgent(log)] * 5)
    assert replay == result
    assert log.position == len(game.log)
    assert [p.credits for p in replay_game.players] == [p.credits for p in game.players]


def test_replay_refuses_a_log_from_another_game(base_cards, data):
    game, _ = play(base_cards, data, 5)
    log = ScriptedLog(list(game.log))
    try:
        play(base_cards, data, 6, agents=[ScriptedAgent(log)] * 4)
    except ReplayMismatch as exc:
        assert "decision" in str(exc) or "log" in str(exc)
    else:
        raise AssertionError("a log replayed against another seed must be refused")
