"""Fit the search bot's leaf value (agents/leaf.py) on games between heuristic bots.

    python -m interpreter.agents.fit_value --games 3000 --players 2,3,4 --seed 1 --out interpreter/agents/leaf_value.json

Plays `--games` games between heuristic bots (every card of the chosen sets), the player counts
taking turns, and keeps every position between two turns: each seat's features, the progress of
the game, and who went on to win (tied winners share the win). The coefficients of a conditional
logit (a seat's chance to win is its share of exp(coefficients . design row) at the table) are
fitted by maximum likelihood with a small ridge penalty; the last fifth of the games is held out
and the log loss and the accuracy of the favourite on them are reported, beside the same figures
for the score alone. Ctrl-C stops the games and fits on those finished. The fit needs SciPy, an
optional extra (`pip install 'importexport-interpreter[fit]'`): the bots only read the model.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
import time
from pathlib import Path

import numpy as np

from interpreter.agents.heuristic import heuristic_agents
from interpreter.agents.leaf import FEATURES, LeafModel, design_row, progress, seat_features
from interpreter.cards.catalog import choose_sets, load_all_cards, load_rules
from interpreter.engine.options import GameOptions
from interpreter.engine.setup import game_seed
from interpreter.outputs import write_atomically
from interpreter.powers import new_game

Positions = dict[int, tuple[list[np.ndarray], list[np.ndarray], list[int]]]  # players -> rows, wins, game index


def play_positions(games: int, players: list[int], seed: int, expansions: str, every: float = 5.0) -> Positions:
    """The positions between turns of `games` heuristic games, grouped by the number of players."""
    cards, data, options = choose_sets(load_all_cards(), expansions), load_rules(), GameOptions()
    out: Positions = {}
    last = time.monotonic()
    try:
        for i in range(games):
            n = players[i % len(players)]
            dealt = game_seed(seed, i)  # as a batch of `simulate` or `balance` seeds its games
            game = new_game(cards, data, n, dealt, options, heuristic_agents(dealt, n))
            rows = []
            while not game.over:
                game.play_step()
                if not game.over:
                    g = progress(game)
                    rows.append([design_row(f, g) for f in seat_features(game)])
            assert game.result is not None
            winners = game.result.winners
            win = np.array([1.0 / len(winners) if s in winners else 0.0 for s in range(n)])
            xs, ys, idx = out.setdefault(n, ([], [], []))
            for r in rows:
                xs.append(np.array(r))
                ys.append(win)
                idx.append(i)
            if time.monotonic() - last > every:
                last = time.monotonic()
                print(f"{i + 1}/{games} games, {sum(len(v[0]) for v in out.values())} positions", file=sys.stderr)
    except KeyboardInterrupt:
        print("interrupted: fitting on the games finished", file=sys.stderr)
    return out


def _stack(positions: Positions, games: set[int] | None) -> list[tuple[np.ndarray, np.ndarray]]:
    groups = []
    for xs, ys, idx in positions.values():
        keep = [k for k, i in enumerate(idx) if games is None or i in games]
        if keep:
            groups.append((np.stack([xs[k] for k in keep]), np.stack([ys[k] for k in keep])))
    return groups


def log_loss(w: np.ndarray, groups: list[tuple[np.ndarray, np.ndarray]]) -> tuple[float, np.ndarray, int]:
    """The summed negative log-likelihood of the winners, its gradient, and the number of positions."""
    total, grad, count = 0.0, np.zeros_like(w), 0
    for x, y in groups:  # x: positions x seats x inputs; y: positions x seats
        u = x @ w
        u -= u.max(axis=1, keepdims=True)
        logp = u - np.log(np.exp(u).sum(axis=1, keepdims=True))
        total -= float((y * logp).sum())
        grad += np.einsum("psi,ps->i", x, np.exp(logp) - y)
        count += len(x)
    return total, grad, count


def accuracy(w: np.ndarray, groups: list[tuple[np.ndarray, np.ndarray]]) -> float:
    right = seen = 0
    for x, y in groups:
        right += int((y[np.arange(len(x)), (x @ w).argmax(axis=1)] > 0).sum())
        seen += len(x)
    return right / max(1, seen)


def fit(groups: list[tuple[np.ndarray, np.ndarray]], ridge: float = 1.0) -> np.ndarray:
    """The maximum-likelihood coefficients (inputs scaled to unit spread while fitting)."""
    # optional dependency: SciPy's L-BFGS-B, the `fit` extra (the bot itself only reads the model)
    from scipy.optimize import minimize
    allx = np.concatenate([x.reshape(-1, x.shape[-1]) for x, _ in groups])
    scale = allx.std(axis=0)
    scale[scale == 0] = 1.0
    scaled = [(x / scale, y) for x, y in groups]

    def objective(v: np.ndarray) -> tuple[float, np.ndarray]:
        loss, grad, _ = log_loss(v, scaled)
        return loss + ridge * float(v @ v), grad + 2 * ridge * v

    result = minimize(objective, np.zeros(allx.shape[1]), jac=True, method="L-BFGS-B", options={"maxiter": 500})
    return np.asarray(result.x / scale)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m interpreter.agents.fit_value", description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=3000, help="heuristic games to learn from (default 3000)")
    parser.add_argument("--players", default="2,3,4", help="player counts, taking turns (default 2,3,4)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--expansions", default="all", help="card sets, as for simulate (default all)")
    parser.add_argument("--out", type=Path, required=True, help="the model file to write (leaf_value.json)")
    args = parser.parse_args(argv)
    if importlib.util.find_spec("scipy") is None:
        print(f"{parser.prog}: fitting needs SciPy, which the bots do not: pip install 'importexport-interpreter[fit]'",
              file=sys.stderr)
        return 2
    try:
        players = [int(p) for p in args.players.split(",")]
    except ValueError:
        parser.error(f"--players is a comma-separated list of player counts; got `{args.players}`")
    if args.games < 5:
        parser.error("--games must be at least 5 (a fifth of them is held out)")
    positions = play_positions(args.games, players, args.seed, args.expansions)
    played = max((max(v[2]) for v in positions.values()), default=-1) + 1
    held = set(range(played - max(1, played // 5), played))
    train = _stack(positions, set(range(played)) - held)
    test = _stack(positions, held)
    w = fit(train)
    loss, _, count = log_loss(w, test)
    score_only = np.zeros_like(w)
    score_only[FEATURES.index("score")] = 0.15  # the score alone, a point worth 0.15 in the logit
    base, _, _ = log_loss(score_only, test)
    report = {"games": played, "players": players, "seed": args.seed, "expansions": args.expansions,
              "held_out_positions": count, "held_out_log_loss": round(loss / max(1, count), 4),
              "held_out_accuracy": round(accuracy(w, test), 4),
              "score_only_log_loss": round(base / max(1, count), 4), "score_only_accuracy": round(accuracy(score_only, test), 4)}
    write_atomically(args.out, LeafModel(tuple(float(c) for c in w)).to_json(
        {"command": "python -m interpreter.agents.fit_value " + " ".join(argv if argv is not None else sys.argv[1:]), **report}))
    for key, value in report.items():
        print(f"{key}: {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
