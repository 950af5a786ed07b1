"""How much things are worth to a player, from what they do in the rules and the power language:
the generic knowledge the heuristic bot decides with (no card is named here); a power's worth
comes from the constructs it is made of (interpreter/lang)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from interpreter.cards.model import GOOD_TYPES, CardDef
from interpreter.engine.slots import filled_slots, fits, fits_by_colour, fitting_and_open
from interpreter.engine.state import Card, Player, Ship

if TYPE_CHECKING:
    from collections.abc import Callable

    from interpreter.engine.game import Game
    from interpreter.engine.queries import Rules

CARD = 2.0  # a card in hand is worth about one action, 2 credits (card-estimates.yaml's valuation)


_POWER_VALUES: dict[int, tuple[CardDef, float]] = {}  # id(card) -> (the card, kept alive; its value)


def power_value(card: CardDef) -> float:
    """What a card's powers are worth over a game, in credits: each construct of the power language
    values itself (its `value()`, one home per construct), so a new card in a mod is priced too.
    Worked out once per card definition (remembered by identity: hashing a card reads all its fields)."""
    known = _POWER_VALUES.get(id(card))
    if known is not None and known[0] is card:
        return known[1]
    value = sum(power.node.value() for power in card.powers if power.node is not None)
    _POWER_VALUES[id(card)] = (card, value)
    return value


def good_value(game: Game, p: Player, card: Card) -> float:
    """What the card is worth to `p` as a good: its value at scoring, majorities, one of each, a level."""
    rules = game.rules
    good = card.good
    mine = rules.goods_of_type(p, good)
    best_other: int | None = None  # max(..., default=0) as a loop: a bot asks this at most decisions
    for q in game.players:
        if q is not p:
            n = rules.goods_of_type(q, good)
            if best_other is None or n > best_other:
                best_other = n
    if best_other is None:
        best_other = 0
    value = rules.innate_value(p, good) + 1.0  # plus the level it gives
    bonus = game.data.majority_bonus[good]
    if mine + 1 > best_other and mine <= best_other:
        value += bonus * 0.6  # takes or shares the majority
    if not mine and _has_every_other(rules, p, good):
        value += game.data.one_of_each_bonus
    return value


def _has_every_other(rules: Rules, p: Player, good: str) -> bool:
    """`p` has a good of every type but `good` (all(...) as a loop, asked in the same order)."""
    for g in GOOD_TYPES:  # noqa: SIM110  # a loop, not all(...): no generator where a bot asks at most decisions
        if g != good and not rules.goods_of_type(p, g):
            return False
    return True


def fitting_ships(game: Game, p: Player, card: Card) -> list[Ship]:
    return [s for s in p.ships if fits(game.rules, p, s, card)]


def open_slots(game: Game, p: Player, ship: object) -> int:
    filled, total = filled_slots(game.rules, p, ship)  # type: ignore[arg-type]
    return total - filled


def contract_value(p: Player, card: Card) -> float:
    """What making `card` a contract is worth to `p`: its powers and load, less the containers of its
    colour `p` does not hold yet."""
    ready = sum(1 for c in p.hand if c is not card and c.good == card.good)
    return _contract_worth(card, ready)


def _contract_worth(card: Card, ready: int) -> float:
    """contract_value with `ready`, the other hand cards of the card's colour, counted."""
    missing = max(0, card.load_total - ready)
    return 3.0 + power_value(card.defn) / 3.0 + 1.5 * card.load_total - 1.2 * missing


def hand_card_value(game: Game, p: Player, card: Card) -> float:
    """How much `p` wants to keep a hand card: a container for a contract, or a contract to make."""
    return Appraisal(game, p).hand_card_value(card)


def _count_goods(cards: list[Card]) -> dict[str, int]:
    """How many of `cards` are of each good type."""
    counts: dict[str, int] = {}
    for c in cards:
        counts[c.good] = counts.get(c.good, 0) + 1
    return counts


def _count_actions(cards: list[Card]) -> dict[str, int]:
    """How many of `cards` have each action type (a plain dict: Counter is slow to build)."""
    counts: dict[str, int] = {}
    for c in cards:
        counts[c.action] = counts.get(c.action, 0) + 1
    return counts


class Appraisal:
    """What things are worth to `p` at one decision. A bot weighing the options of a decision asks the
    same questions for each of them (which ships a card fits, what a hand card is worth); the game
    does not change while an agent chooses, so each answer is worked out once, on first asking."""

    # slots: one Appraisal is made per decision and its fields are read at every option
    __slots__ = ("game", "p", "_fit_tests", "_by_colour", "_fitting", "_levels", "_hand_actions", "_import_actions", "_open",
                 "hand_values", "_good_values", "_contract_values", "_fitting_in_hand", "_waiting", "_at_sea",
                 "_pirate_targets", "benefits", "contracts_ranked", "_hand_goods")

    def __init__(self, game: Game, p: Player):
        self.game = game
        self.p = p
        self._fit_tests: list[tuple[Ship, Callable[[Card], bool]]] | None = None
        self._by_colour = fits_by_colour(game.rules)
        self._fitting: dict[int | str, list[Ship]] = {}  # card uid, or its good type -> the ships it fits
        self._levels: dict[str, int] = {}  # good type -> p's level in it
        self._hand_actions: dict[str, int] | None = None
        self._import_actions: dict[str, int] | None = None
        self._open: dict[int, int] = {}  # id of a ship -> its open slots
        self.hand_values: dict[int, float] = {}  # card uid -> hand_card_value (the heuristic reads it too)
        self._good_values: dict[str, float] = {}  # good type -> good_value (it depends on the type alone)
        self._contract_values: dict[int, float] = {}  # card uid -> contract_value
        self._hand_goods: dict[str, int] | None = None  # good type -> p's hand cards of it
        self._fitting_in_hand: int | None = None
        self._waiting: int | None = None
        self._at_sea: list[Ship] | None = None
        self._pirate_targets: int | None = None
        self.benefits: dict[tuple[object, ...], float] = {}  # the heuristic's action benefits at this decision
        self.contracts_ranked: dict[int, list[tuple[float, Card]]] = {}  # instances -> hand cards by contract value

    def fitting_ships(self, card: Card) -> list[Ship]:
        key = card.good if self._by_colour else card.uid  # cards of one colour fit alike, mostly
        ships = self._fitting.get(key)
        if ships is None:
            ships = self._fitting[key] = []
            for ship, fits_ship in self._ship_tests():  # a loop, not a comprehension: asked for most cards of most decisions
                if fits_ship(card):
                    ships.append(ship)
        return ships

    def _ship_tests(self) -> list[tuple[Ship, Callable[[Card], bool]]]:
        """`p`'s ships that may take a container, each with its test of whether a card fits it (a
        ship at sea or without contracts fits nothing, slots.fitting: it is not asked)."""
        tests = self._fit_tests
        if tests is None:
            rules, p = self.game.rules, self.p
            tests = self._fit_tests = []
            for ship in p.ships:
                if ship.contracts and not ship.at_sea:
                    fits_ship, self._open[id(ship)] = fitting_and_open(rules, p, ship)  # one count for both
                    tests.append((ship, fits_ship))
        return tests

    def hand_cards_for(self, action: str) -> int:
        """How many cards of `p`'s hand have `action`."""
        if self._hand_actions is None:
            self._hand_actions = _count_actions(self.p.hand)
        return self._hand_actions.get(action, 0)

    def imports_for(self, action: str) -> int:
        """How many of `p`'s Imports have `action` (each an extra instance of it, R4.6)."""
        if self._import_actions is None:
            self._import_actions = _count_actions(self.p.imports)
        return self._import_actions.get(action, 0)

    def level(self, good: str) -> int:
        level = self._levels.get(good)
        if level is None:
            level = self._levels[good] = self.game.rules.level(self.p, good)
        return level

    def open_slots(self, ship: Ship) -> int:
        slots = self._open.get(id(ship))
        if slots is None and self._fit_tests is None:
            self._ship_tests()  # counts the open slots of p's ships that take containers too
            slots = self._open.get(id(ship))
        if slots is None:
            slots = self._open[id(ship)] = open_slots(self.game, self.p, ship)
        return slots

    def fitting_in_hand(self) -> int:
        """How many cards of `p`'s hand fit a ship of `p`."""
        if self._fitting_in_hand is None:
            self._fitting_in_hand = sum(1 for c in self.p.hand if self.fitting_ships(c))
        return self._fitting_in_hand

    def waiting_slots(self) -> int:
        """The open slots of `p`'s ships in harbor that hold contracts."""
        if self._waiting is None:
            self._waiting = sum(self.open_slots(s) for s in self.p.ships if not s.at_sea and s.contracts)
        return self._waiting

    def ships_at_sea(self) -> list[Ship]:
        if self._at_sea is None:
            self._at_sea = self.game.ships_at_sea()
        return self._at_sea

    def pirate_targets(self) -> int:
        """How many containers at sea and island cards would fit a ship of `p`'s if pirated."""
        if self._pirate_targets is None:
            # no ship of p's takes a container: no card need be looked at
            self._pirate_targets = self._count_pirate_targets() if self._ship_tests() else 0
        return self._pirate_targets

    def _count_pirate_targets(self) -> int:
        cards = [c for s in self.ships_at_sea() for c in s.containers]
        cards += self.game.zones.island
        if not self._by_colour:
            return sum(1 for c in cards if self.fitting_ships(c))
        # cards of one colour fit alike (fitting_ships): ask once per colour, in the same order
        first: dict[str, Card] = {}
        counts: dict[str, int] = {}
        for c in cards:
            n = counts.get(c.good)
            if n is None:
                first[c.good] = c
                counts[c.good] = 1
            else:
                counts[c.good] = n + 1
        targets = 0
        for good, n in counts.items():
            if self.fitting_ships(first[good]):
                targets += n
        return targets

    def contract_value(self, card: Card) -> float:
        value = self._contract_values.get(card.uid)
        if value is None:
            goods = self._hand_goods
            if goods is None:
                goods = self._hand_goods = _count_goods(self.p.hand)
            ready = goods.get(card.good, 0)
            for c in self.p.hand:  # the card itself is not one of its containers
                if c is card:
                    ready -= 1
                    break
            value = self._contract_values[card.uid] = _contract_worth(card, ready)
        return value

    def hand_card_value(self, card: Card) -> float:
        """How much `p` wants to keep a hand card: a container for a contract, or a contract to make."""
        value = self.hand_values.get(card.uid)
        if value is None:
            value = 1.0
            if self.fitting_ships(card):
                value += 4.0
            if self.level(card.good) >= card.tier:
                value += 1.0 + power_value(card.defn) / 6.0
            self.hand_values[card.uid] = value
        return value

    def good_value(self, card: Card) -> float:
        value = self._good_values.get(card.good)
        if value is None:
            value = self._good_values[card.good] = good_value(self.game, self.p, card)
        return value
