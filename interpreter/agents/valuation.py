"""How much things are worth to a player, from what they do in the rules and the power language:
the generic knowledge the heuristic bot decides with (no card is named here); a power's worth
comes from the constructs it is made of (interpreter/lang)."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from interpreter.cards.model import GOOD_TYPES, CardDef
from interpreter.engine.slots import filled_slots, fits, fitting
from interpreter.engine.state import Card, Player, Ship

if TYPE_CHECKING:
    from collections.abc import Callable

    from interpreter.engine.game import Game

CARD = 2.0  # a card in hand is worth about one action, 2 credits (card-estimates.yaml's valuation)


@cache
def power_value(card: CardDef) -> float:
    """What a card's powers are worth over a game, in credits: each construct of the power language
    values itself (its `value()`, one home per construct), so a new card in a mod is priced too."""
    return sum(power.node.value() for power in card.powers if power.node is not None)


def good_value(game: Game, p: Player, card: Card) -> float:
    """What the card is worth to `p` as a good: its value at scoring, majorities, one of each, a level."""
    rules = game.rules
    good = card.good
    mine = rules.goods_of_type(p, good)
    best_other = max((rules.goods_of_type(q, good) for q in game.players if q is not p), default=0)
    value = rules.innate_value(p, good) + 1.0  # plus the level it gives
    bonus = game.data.majority_bonus[good]
    if mine + 1 > best_other and mine <= best_other:
        value += bonus * 0.6  # takes or shares the majority
    if not mine and all(rules.goods_of_type(p, g) for g in GOOD_TYPES if g != good):
        value += game.data.one_of_each_bonus
    return value


def fitting_ships(game: Game, p: Player, card: Card) -> list[Ship]:
    return [s for s in p.ships if fits(game.rules, p, s, card)]


def open_slots(game: Game, p: Player, ship: object) -> int:
    filled, total = filled_slots(game.rules, p, ship)  # type: ignore[arg-type]
    return total - filled


def hand_card_value(game: Game, p: Player, card: Card) -> float:
    """How much `p` wants to keep a hand card: a container for a contract, or a contract to make."""
    return Appraisal(game, p).hand_card_value(card)


class Appraisal:
    """What things are worth to `p` at one decision. A bot weighing the options of a decision asks the
    same questions for each of them (which ships a card fits, what a hand card is worth); the game
    does not change while an agent chooses, so each answer is worked out once, on first asking."""

    def __init__(self, game: Game, p: Player):
        self.game = game
        self.p = p
        self._fit_tests: list[tuple[Ship, Callable[[Card], bool]]] | None = None
        self._fitting: dict[int, list[Ship]] = {}  # card uid -> the ships it fits
        self._open: dict[int, int] = {}  # id of a ship -> its open slots
        self._hand_values: dict[int, float] = {}  # card uid -> hand_card_value
        self._good_values: dict[str, float] = {}  # good type -> good_value (it depends on the type alone)

    def fitting_ships(self, card: Card) -> list[Ship]:
        ships = self._fitting.get(card.uid)
        if ships is None:
            if self._fit_tests is None:
                self._fit_tests = [(s, fitting(self.game.rules, self.p, s)) for s in self.p.ships]
            ships = self._fitting[card.uid] = [s for s, fits_ship in self._fit_tests if fits_ship(card)]
        return ships

    def open_slots(self, ship: Ship) -> int:
        slots = self._open.get(id(ship))
        if slots is None:
            slots = self._open[id(ship)] = open_slots(self.game, self.p, ship)
        return slots

    def hand_card_value(self, card: Card) -> float:
        """How much `p` wants to keep a hand card: a container for a contract, or a contract to make."""
        value = self._hand_values.get(card.uid)
        if value is None:
            value = 1.0
            if self.fitting_ships(card):
                value += 4.0
            if self.game.rules.level(self.p, card.good) >= card.tier:
                value += 1.0 + power_value(card.defn) / 6.0
            self._hand_values[card.uid] = value
        return value

    def good_value(self, card: Card) -> float:
        value = self._good_values.get(card.good)
        if value is None:
            value = self._good_values[card.good] = good_value(self.game, self.p, card)
        return value
