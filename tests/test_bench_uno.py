"""`bench --uno` (issue 24, item 4): random play's CPU cost per decision against RLCard's UNO, in the
same sitting. RLCard is optional (the extra `uno`): without it the command says how to get it; the
comparison itself is checked here on a stand-in environment that plays like RLCard's `env.run`."""

from __future__ import annotations

import sys

from interpreter.cli import main
from interpreter.engine.options import GameOptions
from interpreter.sim.bench import uno_comparison, uno_decisions


class StandInUno:
    """Plays like RLCard's env.run: each game gives two trajectories of states and actions."""

    def __init__(self) -> None:
        self.games = 0

    def run(self, is_training: bool = False) -> tuple[list[list[str]], list[int]]:
        self.games += 1
        return [["s", "a", "s", "a", "s"], ["s", "a", "s"]], [1, -1]  # 2 + 1 decisions


def test_uno_decisions_count_the_actions_of_every_trajectory():
    env = StandInUno()
    assert uno_decisions(env, 4) == 12 and env.games == 4


def test_the_comparison_times_both_in_alternating_rounds(base_cards, data):
    env = StandInUno()
    figures = uno_comparison(base_cards, data, 3, 1, GameOptions(), games=2, uno_games=5, rounds=2, make_env=lambda seed: env)
    assert env.games == 10 and figures["uno_decisions"] == 30 and figures["uno_rounds"] == 2
    ratio = figures["cpu_us_per_decision"] / figures["uno_cpu_us_per_decision"]
    assert figures["cpu_us_per_decision"] > 0 and abs(figures["uno_ratio"] - ratio) < 0.01 * ratio + 0.002


def test_without_rlcard_bench_uno_says_how_to_get_it(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "rlcard", None)  # importing it fails, as when it is not installed
    assert main(["bench", "--games", "1", "--heuristic-games", "0", "--search-games", "0", "--startup-runs", "0", "--uno", "5"]) == 2
    assert "needs RLCard: pip install rlcard" in capsys.readouterr().err
