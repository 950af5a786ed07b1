"""The search bot's leaf value (issue 25): the shipped model fits the code's features, it ranks a
clearly winning seat above the others, a finished game is valued by its result, and a rollout stops
at its horizon and is valued there (interpreter/agents/leaf.py, search.py, fit_value.py)."""

from __future__ import annotations

import ast
import inspect
import json
import re
from pathlib import Path

import pytest

from interpreter.agents import fit_value, leaf
from interpreter.agents.leaf import FEATURES, MODEL_FILE, LeafModel, ModelFileError, read_model, seat_features, shipped_model
from interpreter.agents.search import Budget, SearchAgent
from interpreter.engine.decisions import Decision
from interpreter.engine.game import Game
from interpreter.engine.options import GameOptions
from interpreter.sim.runner import bot_game
from tests.helpers import ALL_CARDS, RULES, heuristic_game_at_turn


def test_the_shipped_model_is_fitted_for_the_features_the_code_reads():
    model = read_model(MODEL_FILE)
    assert len(model.coefficients) == 2 * len(FEATURES)
    rows = seat_features(heuristic_game_at_turn(3))
    assert [len(r) for r in rows] == [len(FEATURES)] * 4
    meta = json.loads(MODEL_FILE.read_text())
    assert meta["command"].startswith("python -m interpreter.agents.fit_value")  # how to make it again


@pytest.mark.parametrize("change", ["features", "cap", "count", "broken"])
def test_a_model_file_that_does_not_fit_the_code_is_refused_with_the_fix(tmp_path: Path, change: str):
    data = json.loads(MODEL_FILE.read_text())
    if change == "features":
        data["features"] = list(reversed(data["features"]))
    elif change == "cap":
        data["progress_cap"] = 9
    elif change == "count":
        data["coefficients"] = data["coefficients"][:-1]
    path = tmp_path / "model.json"
    path.write_text("{not json" if change == "broken" else json.dumps(data))
    with pytest.raises(ModelFileError, match="fit it again|coefficients|not a leaf value model"):
        read_model(path)


@pytest.mark.parametrize("seat", [0, 2])
def test_a_clearly_winning_seat_is_valued_above_every_other(seat: int):
    """A seat two credits short of the end threshold, the others with no credits, is the favourite;
    the chances are a distribution over the seats."""
    game = heuristic_game_at_turn(6)
    threshold = game.rules.end_threshold()
    for p in game.players:
        p.credits = threshold - 2 if p.seat == seat else 0
    chances = shipped_model().chances(game)
    assert sum(chances) == pytest.approx(1.0)
    assert chances[seat] > 0.5 and all(chances[seat] > c for s, c in enumerate(chances) if s != seat)
    game.players[seat].credits = 0  # the lead gone, the favourite is no longer sure
    assert shipped_model().chances(game)[seat] < chances[seat]


def test_a_finished_game_is_valued_by_its_result_ties_shared():
    game = bot_game(ALL_CARDS, RULES, 3, 5, GameOptions(max_turns=4), ["heuristic"] * 3)
    result = game.play()
    chances = shipped_model().chances(game)
    assert chances == [1 / len(result.winners) if s in result.winners else 0.0 for s in range(3)]


class Recorder(LeafModel):
    """The shipped model, noting the turn of every position it is asked to value."""

    def __init__(self, turns: list[int]):
        object.__setattr__(self, "coefficients", shipped_model().coefficients)
        object.__setattr__(self, "turns", turns)

    def value(self, game: Game, seat: int) -> float:
        assert not game.in_step  # a whole step played: a quiet point between two turns
        self.turns.append(game.turn)  # type: ignore[attr-defined]
        return super().value(game, seat)


@pytest.mark.parametrize("horizon", [0, 1])
def test_a_rollout_stops_at_its_horizon_and_is_valued_there(horizon: int):
    """Every rollout of a searched decision in turn T ends after turn T + horizon (or with the game)
    and is valued by the leaf model there."""
    asked: list[int] = []
    valued: list[int] = []

    class Noting(SearchAgent):
        def choose(self, decision, game):  # type: ignore[no-untyped-def]
            asked.append(game.turn)
            before = len(valued)
            index = super().choose(decision, game)
            assert set(valued[before:]) <= {game.turn + horizon}
            return index

    game = bot_game(ALL_CARDS, RULES, 2, 7, GameOptions(max_turns=8), ["heuristic"] * 2)
    game.agents[0] = Noting(1, Budget(rollouts=2), horizon=horizon, leaf=Recorder(valued))
    game.play()
    assert asked and valued


def test_fit_value_writes_a_model_the_bot_reads(tmp_path: Path):
    out = tmp_path / "leaf.json"
    assert fit_value.main(["--games", "5", "--players", "2", "--out", str(out)]) == 0
    model = read_model(out)
    assert len(model.coefficients) == 2 * len(FEATURES)
    assert json.loads(out.read_text())["games"] == 5


@pytest.mark.parametrize("module", [leaf, fit_value])
def test_no_card_is_named_in_the_leaf_value(module: object):
    tree = ast.parse(inspect.getsource(module))  # type: ignore[arg-type]
    strings = [n.value.lower() for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)]
    assert "score" in strings  # the check sees the module's strings
    names = {c.name.lower() for c in ALL_CARDS.cards} | {c.id.lower() for c in ALL_CARDS.cards}
    found = sorted(n for n in names for text in strings if re.search(rf"\b{re.escape(n)}\b", text))
    assert found == []


def test_every_rollout_reaches_the_searched_decision_as_the_seat_sees_it(monkeypatch: pytest.MonkeyPatch):
    """A rollout (a copy of the turn's start, the turn's decisions replayed, the unseen cards dealt
    anew) puts the searched decision again, with the same options, in the same turn, with the seat's
    own hand as it is: the replay is exact and the deal changes nothing the seat has seen."""
    from interpreter.agents import search

    reached: list[tuple[object, list[str], list[str], int]] = []
    original = search.Root.choose

    def choose(self: search.Root, decision: Decision, game: Game) -> int:
        if not self.rooted and not self.own and decision.player == self.decision.player and decision.kind == self.decision.kind:
            hand = [c.id for c in game.players[decision.player].hand]
            reached.append((self.decision, [o.label for o in decision.options], hand, game.turn))
        return original(self, decision, game)

    monkeypatch.setattr(search.Root, "choose", choose)
    checked = []

    class Checking(SearchAgent):
        def choose(self, decision: Decision, game: Game) -> int:
            before = len(reached)
            index = super().choose(decision, game)
            for searched, labels, hand, turn in reached[before:]:
                assert searched is decision and turn == game.turn
                assert labels == [o.label for o in decision.options]
                assert hand == [c.id for c in game.players[decision.player].hand]
                checked.append(decision.kind)
            return index

    for seed, players in ((7, 2), (8, 4)):
        game = bot_game(ALL_CARDS, RULES, players, seed, GameOptions(max_turns=10), ["heuristic"] * players)
        game.agents[0] = Checking(seed, Budget(rollouts=2))
        game.play()
    assert len(checked) >= 10 and {"lead", "follow"} <= set(checked)


def test_fit_value_without_scipy_says_which_extra_to_install(tmp_path: Path, monkeypatch, capsys):
    """SciPy is an optional extra (`fit`): the bots read the shipped model without it."""
    import importlib.util
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "scipy" else real(name, *a))
    assert fit_value.main(["--games", "5", "--players", "2", "--out", str(tmp_path / "m.json")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "pip install 'importexport-interpreter[fit]'" in err
    assert not (tmp_path / "m.json").exists()
