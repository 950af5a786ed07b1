"""How likely each player is to win from a position between two turns: the search bot's value of a
rollout it stops before the game's end (agents/search.py).

A position is described, for each seat, by a handful of cheap features read off the table (its
score if the game ended now, credits, cards in hand, goods, imports, shipments and the worth of
their powers, contracts and containers waiting in harbor, ships at sea, its place in the turn
order), each weighted by a coefficient that moves with how near the end the game is (the
leading credits over the game's end threshold). A seat's chance to win is a softmax of its
weighted sum over the table's: a conditional logit, one model for any number of players. The
coefficients are fitted on positions of games between heuristic bots by
`python -m interpreter.agents.fit_value` and shipped in `leaf_value.json` beside this module.

Nothing here names a card: the powers are priced by their constructs (valuation.power_value).
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from interpreter.agents.valuation import power_value
from interpreter.cards.model import GOOD_TYPES
from interpreter.engine.scoring import majority_awards

if TYPE_CHECKING:
    from interpreter.engine.game import Game

MODEL_FILE = Path(__file__).with_name("leaf_value.json")

# Each seat's features, in the order of the model's coefficients (the file names them: a model
# fitted for other features is refused).
FEATURES = (
    "score",  # its total if the game ended now (R17, without end-game powers that score)
    "credits",  # the credits alone: what ends the game (R16.1)
    "hand",  # cards in hand
    "goods",  # cards in its goods area
    "imports",  # cards in its imports area
    "shipments",  # completed contracts
    "shipment_powers",  # what the powers of its shipments are worth (valuation.power_value)
    "contracts",  # contracts on its ships in harbor
    "contract_load",  # containers those contracts still need
    "loaded",  # containers aboard its ships in harbor
    "at_sea",  # its ships at sea
    "order",  # how soon it leads: 1 for the next leader, 0 for the last of the round
)
# how near the end the game is: the leading credits over the end threshold, at most this
PROGRESS_CAP = 1.5


def seat_features(game: Game) -> list[list[float]]:
    """The FEATURES of every seat, in seat order, read from the table as it stands (nothing is
    changed: the scoring is worked out, not run)."""
    rules = game.rules
    data = game.data
    majorities = majority_awards(game)
    n = len(game.players)
    rows = []
    for p in game.players:
        counts = [rules.goods_of_type(p, g) for g in GOOD_TYPES]
        innate = sum(c * rules.innate_value(p, g) for g, c in zip(GOOD_TYPES, counts, strict=True))
        harbor = [s for s in p.ships if not s.at_sea]
        loaded = sum(len(s.containers) for s in harbor)
        score = (p.credits + p.parked_credits() + loaded * data.unfinished_container_value + innate
                 + majorities[p.seat] + (rules.one_of_each_bonus(p) if all(counts) else 0) + p.end_points)
        contracts = [c for s in harbor for c in s.contracts]
        need = sum(c.load_total for c in contracts) - loaded
        rows.append([
            float(score), float(p.credits), float(len(p.hand)), float(len(p.goods)), float(len(p.imports)),
            float(len(p.shipments)), sum(power_value(c.defn) for c in p.shipments) / 10.0,
            float(len(contracts)), float(max(0, need)), float(loaded), float(len(p.ships) - len(harbor)),
            1.0 - ((p.seat - game.leader) % n) / max(1, n - 1),
        ])
    return rows


def progress(game: Game) -> float:
    """How near the end the game is: the most credits a player holds over the end threshold."""
    threshold = max(1, game.rules.end_threshold())
    return min(PROGRESS_CAP, max(p.credits for p in game.players) / threshold)


def design_row(features: list[float], g: float) -> list[float]:
    """A seat's features and the same features times the progress `g`: the model's inputs."""
    return features + [x * g for x in features]


@dataclass(frozen=True)
class LeafModel:
    """A seat's weight is exp(sum of coefficients times its design row); its chance to win is its
    share of the table's weights."""

    coefficients: tuple[float, ...]

    def chances(self, game: Game) -> list[float]:
        """Each seat's chance to win from `game` (a finished game: its result, ties shared)."""
        if game.over and game.result is not None:
            winners = game.result.winners
            return [1.0 / len(winners) if s in winners else 0.0 for s in range(len(game.players))]
        g = progress(game)
        w = self.coefficients
        utilities = [sum(c * x for c, x in zip(w, design_row(row, g), strict=True)) for row in seat_features(game)]
        top = max(utilities)
        weights = [math.exp(u - top) for u in utilities]
        total = sum(weights)
        return [x / total for x in weights]

    def value(self, game: Game, seat: int) -> float:
        return self.chances(game)[seat]

    def to_json(self, meta: dict[str, object]) -> str:
        return json.dumps({"features": list(FEATURES), "progress_cap": PROGRESS_CAP,
                           "coefficients": [round(c, 6) for c in self.coefficients], **meta}, indent=1) + "\n"


class ModelFileError(ValueError):
    """The model file does not fit this code (its features differ, or it is not a model file)."""


def read_model(path: Path) -> LeafModel:
    try:
        data = json.loads(path.read_text())
        features, coefficients = data["features"], data["coefficients"]
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise ModelFileError(f"{path}: not a leaf value model ({exc})") from None
    if tuple(features) != FEATURES or data.get("progress_cap") != PROGRESS_CAP:
        raise ModelFileError(f"{path}: fitted for the features {features} (cap {data.get('progress_cap')}), "
                             f"the code reads {list(FEATURES)} (cap {PROGRESS_CAP}): fit it again "
                             "(python -m interpreter.agents.fit_value)")
    if len(coefficients) != 2 * len(FEATURES):
        raise ModelFileError(f"{path}: {len(coefficients)} coefficients for {len(FEATURES)} features (two each)")
    return LeafModel(tuple(float(c) for c in coefficients))


@cache
def shipped_model() -> LeafModel:
    """The model shipped with the package (read once)."""
    return read_model(MODEL_FILE)
