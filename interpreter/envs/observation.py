"""What one seat sees, as a fixed-shape vector of numbers, and a decision's options as an action mask.

The information is that of the seat's view at the table (engine/view.py `render`, the terminal's and
the desk's "what your seat sees", R3.5): the seat's own hand; for every player the credits, the number
of cards in hand, the cards played this turn, Shipments, Imports, Goods, the ships with their contracts
and containers (in harbor and at sea); the supply island, the size of the deck, the discard pile (face
up, R3.2); and the decision being asked with its options. Never another player's hand, the order of
the deck, or another player's sealed bid (bids are asked one by one and kept in no state until all
are made).

Players are listed from the observing seat: row 0 is the seat itself, row 1 the next player
clockwise, and so on, so one policy can play any seat. A card is counted under its card id: each zone
is a vector with one count per distinct card of the game's card set (`card_ids`; `card_features`
gives each card's good type, action, tier and load, for a learner that wants card traits rather than
identities). The vector is a concatenation of named sections (`layout`, `unflatten`), documented in
docs/environment.md; all values are whole numbers from 0 to `HIGH`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from interpreter.cards.model import ACTION_TYPES, GOOD_TYPES
from interpreter.engine.choices import Choice, fields_of
from interpreter.engine.decisions import KINDS
from interpreter.engine.load import SALE_INSTEAD_OF_LOAD
from interpreter.engine.slots import filled_slots
from interpreter.engine.state import Card, Player, Ship

if TYPE_CHECKING:
    from interpreter.cards.loader import CardSet
    from interpreter.engine.decisions import Decision
    from interpreter.engine.game import Game

HIGH = 1_000_000  # the upper bound of every value (credits, counts, card numbers); values never reach it
DECISION_KINDS: tuple[str, ...] = (*KINDS, "other")  # a decision kind a future engine adds counts as `other`
TURN_ENTRIES = ("lead", "follow", "draw", *ACTION_TYPES)  # what game.turn_log records per player

TABLE_FEATURES = ("turn", "deck", "discard", "island", "end_threshold", "end_triggered", "deck_and_discard_empty",
                  "players", "leader")  # leader: relative seat of the leader (0: the observing seat)
DECISION_FEATURES = (*(f"kind:{k}" for k in DECISION_KINDS), "asked", "options", "options_beyond_max", "has_stop")
PLAYER_FEATURES = ("credits", "hand", "parked", "end_points", "shipments", "imports", "imports_limit", "goods",
                   "goods_counted", "goods_limit", *(f"level:{g}" for g in GOOD_TYPES),
                   *(f"virtual_goods:{g}" for g in GOOD_TYPES), *(f"colour_good:{g}" for g in (*GOOD_TYPES, "none")),
                   "leader", "drew_this_turn", "sales_this_turn", "load_sales_this_turn", "leads_twice",
                   *(f"this_turn:{e}" for e in TURN_ENTRIES))
SHIP_FEATURES = ("at_sea", "completing", "contracts", "containers", "slots_filled", "slots_needed", "sailed_with",
                 "pairs", "halves")
PLAYER_ZONES = ("played", "shipments", "imports", "goods")
SHIP_ZONES = ("contracts", "containers")
# Where a card an option names lies, from the observing seat's point of view.
LOCATIONS = ("hand", "island", "discard", "played", "shipments", "imports", "goods", "contracts", "containers", "elsewhere")
# The words an option's value may hold (engine/turn.py, load.py, pirate.py, supply.py, importing.py,
# powers/world.py): counted per option; any other word counts as `other`.
TAGS = ("draw", *ACTION_TYPES, "sell", "take", "card", "deck", "hand", "goods", "imports", "discard", "give", "move",
        "put", "other")
OPTION_FEATURES = ("legal", "stop", "none", "yes", "no", "amount", "card_1", "card_2", "cards",
                   *(f"good:{g}" for g in GOOD_TYPES), *(f"action:{a}" for a in ACTION_TYPES), "tiers",
                   *(f"at:{where}" for where in LOCATIONS), "holder", "ship_owner", "ship_number", "ship_at_sea",
                   "player", *(f"tag:{t}" for t in TAGS))


@dataclass(frozen=True)
class Section:
    name: str
    shape: tuple[int, ...]
    start: int
    features: tuple[str, ...] = ()  # names along the last axis, where it has named features

    @property
    def size(self) -> int:
        return int(np.prod(self.shape))

    @property
    def slice(self) -> slice:
        return slice(self.start, self.start + self.size)


_ONE_HOT = {kind: tuple(float(k == kind) for k in DECISION_KINDS) for kind in DECISION_KINDS}  # a decision kind's column
HISTORY = 8  # the last decisions of the game an observation shows (the action history)
HISTORY_FEATURES = (*(f"kind:{k}" for k in DECISION_KINDS), "player", "own", "choice", "sealed")


def _scales(section: str, features: tuple[str, ...], card_count: int, max_options: int) -> list[float]:
    """What each feature of a section is divided by in a scaled observation: its usual largest value
    (credits by 50, counts of cards in a zone by 10, levels by 5, a card's copies by 4 ...), so a
    learner sees numbers about 0 to 1; a flag stays 0 or 1."""
    if section in ("hand", "island", "discard", "player_cards", "ship_cards"):
        return [4.0]  # copies of one card
    table = {"turn": 100, "deck": 100, "discard": 100, "island": 10, "end_threshold": 100, "players": 6, "leader": 6,
             "options": max_options, "options_beyond_max": max_options, "credits": 50, "hand": 10, "parked": 20,
             "end_points": 20, "shipments": 10, "imports": 10, "imports_limit": 10, "goods": 10, "goods_counted": 10,
             "goods_limit": 10, "sales_this_turn": 5, "load_sales_this_turn": 5, "contracts": 6, "containers": 6,
             "slots_filled": 6, "slots_needed": 6, "sailed_with": 8, "pairs": 3, "halves": 3, "amount": 50,
             "card_1": card_count, "card_2": card_count, "cards": 4, "tiers": 6, "holder": 6, "ship_owner": 6,
             "ship_number": 2, "player": 6, "choice": max_options}
    out = []
    for name in features:
        prefix = name.partition(":")[0]
        scale = table.get(name) or {"level": 5, "virtual_goods": 5, "this_turn": 3, "good": 4, "action": 4, "tag": 4}.get(prefix, 1)
        out.append(float(scale))
    return out


class SeatEncoder:
    """Encodes the view of a seat in games of `players` players with these cards (fixed per
    environment: the shape depends on the number of players, the card set and `max_options`).
    `scaled`: each value divided by its feature's usual largest value (`_scales`), else whole
    numbers as the game counts them.

    The vector is written in one pass: the named features as Python lists assigned to their
    slices, and the card counts as a list of positions that np.bincount counts at once (a numpy
    element written one at a time costs more than the engine's whole step)."""

    def __init__(self, cards: CardSet, players: int, ships_per_player: int, max_options: int, scaled: bool = False):
        self.card_ids: tuple[str, ...] = tuple(cards.by_id)
        self.index = {card_id: i for i, card_id in enumerate(self.card_ids)}
        self.players = players
        self.ships = ships_per_player
        self.max_options = max_options
        self.scaled = scaled
        d = len(self.card_ids)
        parts: list[tuple[str, tuple[int, ...], tuple[str, ...]]] = [
            ("table", (len(TABLE_FEATURES),), TABLE_FEATURES),
            ("decision", (len(DECISION_FEATURES),), DECISION_FEATURES),
            ("players", (players, len(PLAYER_FEATURES)), PLAYER_FEATURES),
            ("ships", (players, ships_per_player, len(SHIP_FEATURES)), SHIP_FEATURES),
            ("hand", (d,), ()),
            ("island", (d,), ()),
            ("discard", (d,), ()),
            ("player_cards", (players, len(PLAYER_ZONES), d), ()),
            ("ship_cards", (players, ships_per_player, len(SHIP_ZONES), d), ()),
            ("options", (max_options, len(OPTION_FEATURES)), OPTION_FEATURES),
            ("history", (HISTORY, len(HISTORY_FEATURES)), HISTORY_FEATURES),
        ]
        self.sections: dict[str, Section] = {}
        start = 0
        divisors: list[np.ndarray] = []
        for name, shape, features in parts:
            section = Section(name, shape, start, features)
            self.sections[name] = section
            start += section.size
            per_feature = np.array(_scales(name, features, d, max_options), dtype=np.float32)
            divisors.append(np.resize(per_feature, section.size))
        self.size = start
        self._inverse = (1.0 / np.concatenate(divisors)).astype(np.float32) if scaled else None
        self.card_features = _card_features(cards, self.card_ids)

    # --- the layout ------------------------------------------------------------------------------------
    def unflatten(self, vector: np.ndarray) -> dict[str, np.ndarray]:
        """The sections of an observation vector, each in its own shape (views, not copies)."""
        return {name: vector[s.slice].reshape(s.shape) for name, s in self.sections.items()}

    def feature(self, section: str, name: str) -> int:
        """The position of a named feature along the last axis of `section`."""
        return self.sections[section].features.index(name)

    # --- encoding ---------------------------------------------------------------------------------
    def encode(self, game: Game, seat: int, decision: Decision | None, history: list[list[float]] | None = None) -> np.ndarray:
        """The view of `seat`; `decision` is the one being asked of it (None when it is not its turn
        to choose); `history`: the rows of the `history` section, the latest decision first
        (`history_rows`)."""
        sections = self.sections
        d = len(self.card_ids)
        order = [(seat + i) % self.players for i in range(self.players)]
        relative = {s: i for i, s in enumerate(order)}
        values = np.zeros(self.size, dtype=np.float32)
        counted: list[int] = []  # positions of card counts, one entry per card
        index = self.index
        for section, cards in (("hand", game.players[seat].hand), ("island", game.zones.island), ("discard", game.zones.discard)):
            base = sections[section].start
            counted += [base + index[c.id] for c in cards if c.id in index]
        player_rows: list[float] = []
        ship_rows: list[float] = []
        zones_base, ships_base = sections["player_cards"].start, sections["ship_cards"].start
        for row, s in enumerate(order):
            p = game.players[s]
            player_rows += self._player(game, p)
            for zone, cards in enumerate((p.played, p.shipments, p.imports, p.goods)):
                base = zones_base + (row * len(PLAYER_ZONES) + zone) * d
                counted += [base + index[c.id] for c in cards if c.id in index]
            for number, ship in enumerate(p.ships[:self.ships]):
                ship_rows += self._ship(game, p, ship)
                for zone, cards in enumerate((ship.contracts, ship.containers)):
                    base = ships_base + ((row * self.ships + number) * len(SHIP_ZONES) + zone) * d
                    counted += [base + index[c.id] for c in cards if c.id in index]
            ship_rows += [0.0] * (len(SHIP_FEATURES) * (self.ships - min(len(p.ships), self.ships)))
        self._put(values, "table", self._table(game, relative))
        self._put(values, "players", player_rows)
        self._put(values, "ships", ship_rows)
        if decision is not None:
            self._put(values, "decision", self._decision(decision))
            rows: list[float] = []
            places = _card_places(game, seat, relative)
            for i, option in enumerate(decision.options[:self.max_options]):
                rows += self._option(option.value, i == decision.stop, places, relative)
            self._put(values, "options", rows)
        if history:
            self._put(values, "history", [v for row in history[:HISTORY] for v in row])
        if counted:  # each card adds 1 at its position; positions repeat (copies of a card, one of them per zone)
            values += np.bincount(counted, minlength=self.size)
        np.minimum(values, HIGH, out=values)
        if self._inverse is not None:
            values *= self._inverse
        return values

    def _put(self, values: np.ndarray, section: str, row: list[float]) -> None:
        start = self.sections[section].start
        values[start:start + len(row)] = row

    def mask(self, decision: Decision | None) -> np.ndarray:
        """1 for each action that is a legal option of `decision` (the first `max_options` options)."""
        mask = np.zeros(self.max_options, dtype=np.int8)
        if decision is not None:
            mask[:min(len(decision.options), self.max_options)] = 1
        return mask

    def history_row(self, kind: str, relative_player: int, own: bool, choice: int | None, sealed: bool) -> list[float]:
        """One decision of the action history as the seat saw it: its kind, who made it (1 + the
        relative seat), whether it was the seat's own, the option the seat chose (1 + its index;
        0 for another player's choice, which the option numbers of a hand it cannot see would
        betray), and whether it was a sealed bid not yet revealed (R10.3)."""
        kinds = _ONE_HOT.get(kind) or _ONE_HOT["other"]
        return [*kinds, relative_player + 1.0, float(own), float(choice + 1) if own and choice is not None else 0.0, float(sealed)]

    def _table(self, game: Game, relative: dict[int, int]) -> list[float]:
        zones = game.zones
        return [game.turn, len(zones.deck), len(zones.discard), len(zones.island), game.rules.end_threshold(),
                game.end_reason is not None, game.draws_exhausted, len(game.players), relative[game.leader]]

    def _player(self, game: Game, p: Player) -> list[float]:
        rules = game.rules
        levels = [rules.level(p, g) for g in GOOD_TYPES]
        virtual = [p.virtual_goods.get(g, 0) for g in GOOD_TYPES]
        colour = [p.colour_good == g for g in GOOD_TYPES] + [p.colour_good is None]
        entries = [entry for seat, entry in game.turn_log if seat == p.seat]
        this_turn = [entries.count(e) for e in TURN_ENTRIES]
        return [p.credits, len(p.hand), p.parked_credits(), p.end_points, len(p.shipments), len(p.imports),
                rules.imports_limit(p), len(p.goods), rules.goods_counted(p), rules.goods_limit(p), *levels, *virtual,
                *colour, p.seat == game.leader, p.drew_this_turn, p.sales_this_turn,
                entries.count(SALE_INSTEAD_OF_LOAD), rules.leads_twice(p), *this_turn]

    def _ship(self, game: Game, p: Player, ship: Ship) -> list[float]:
        filled, needed = filled_slots(game.rules, p, ship) if ship.contracts and not ship.at_sea else (0, 0)
        return [ship.at_sea, ship.completing, len(ship.contracts), len(ship.containers), filled, needed,
                ship.sailed_with, len(ship.pairs), len(ship.halves)]

    def _decision(self, decision: Decision) -> list[float]:
        kinds = _ONE_HOT.get(decision.kind) or _ONE_HOT["other"]
        n = len(decision.options)
        return [*kinds, 1, min(n, self.max_options), max(0, n - self.max_options), decision.stop is not None]

    def _option(self, value: Any, stop: bool, places: dict[int, tuple[int, int]], relative: dict[int, int]) -> list[float]:
        found = _Found()
        found.walk(value)
        cards = found.cards
        ids = [self.index[c.id] + 1 if c.id in self.index else 0 for c in cards[:2]] + [0, 0]
        goods = [sum(1 for c in cards if c.good == g) for g in GOOD_TYPES]
        actions = [sum(1 for c in cards if c.action == a) for a in ACTION_TYPES]
        where = [0] * len(LOCATIONS)
        holder = 0
        if cards:
            at, holder = places.get(cards[0].uid, (len(LOCATIONS) - 1, 0))
            where[at] = 1
        ship = found.ships[0] if found.ships else None
        player = found.players[0] if found.players else None
        tags = [found.tags.count(t) for t in TAGS]
        return [1, stop, found.none, True in found.bools, False in found.bools, found.ints[0] if found.ints else 0,
                ids[0], ids[1], len(cards), *goods, *actions, sum(c.tier for c in cards), *where, holder,
                relative[ship.owner] + 1 if ship else 0, ship.twin + 1 if ship else 0, bool(ship and ship.at_sea),
                relative[player.seat] + 1 if player else 0, *tags]


class _Found:
    """What an option's value holds, found by walking it: typed records (engine/choices.py: their tag
    and their fields), small objects (`__slots__`) holding cards, ships, players, words and numbers,
    or such things themselves."""

    def __init__(self) -> None:
        self.cards: list[Card] = []
        self.ships: list[Ship] = []
        self.players: list[Player] = []
        self.ints: list[int] = []
        self.bools: list[bool] = []
        self.tags: list[str] = []
        self.none = False

    def walk(self, value: Any, depth: int = 0) -> None:
        if value is None:
            self.none = self.none or depth == 0
        elif isinstance(value, bool):
            self.bools.append(value)
        elif isinstance(value, int):
            self.ints.append(value)
        elif isinstance(value, str):
            word = value.lower()
            self.tags.append(word if word in TAGS else "other")
        elif isinstance(value, Card):
            self.cards.append(value)
        elif isinstance(value, Ship):
            self.ships.append(value)
        elif isinstance(value, Player):
            self.players.append(value)
        elif isinstance(value, tuple | list):
            for item in value:
                self.walk(item, depth + 1)
        elif isinstance(value, Choice):
            if value.tag:
                self.tags.append(value.tag if value.tag in TAGS else "other")
            for item in fields_of(value):
                self.walk(item, depth + 1)
        elif depth < 2:
            for name in getattr(type(value), "__slots__", ()):
                item = getattr(value, name, None)
                if isinstance(item, str | int | Card | Ship | Player | tuple):
                    self.walk(item, depth + 1)


def _card_places(game: Game, seat: int, relative: dict[int, int]) -> dict[int, tuple[int, int]]:
    """card uid -> (LOCATIONS index, relative seat of its holder + 1, 0 for the shared zones), for the
    cards the observing seat can see."""
    places: dict[int, tuple[int, int]] = {}
    for card in game.players[seat].hand:
        places[card.uid] = (0, 1)
    for at, cards in ((1, game.zones.island), (2, game.zones.discard)):
        for card in cards:
            places[card.uid] = (at, 0)
    for p in game.players:
        holder = relative[p.seat] + 1
        for at, cards in ((3, p.played), (4, p.shipments), (5, p.imports), (6, p.goods)):
            for card in cards:
                places[card.uid] = (at, holder)
        for ship in p.ships:
            for card in ship.contracts:
                places[card.uid] = (7, holder)
            for card in ship.containers:
                places[card.uid] = (8, holder)
    return places


CARD_FEATURES = (*(f"good:{g}" for g in GOOD_TYPES), *(f"action:{a}" for a in ACTION_TYPES), "tier",
                 *(f"load:{colour}" for colour in (*GOOD_TYPES, "any")), "powers")


def _card_features(cards: CardSet, card_ids: tuple[str, ...]) -> np.ndarray:
    """One row per card id (the order of the count vectors): good type, action, tier, load per
    colour, number of powers; columns named by CARD_FEATURES."""
    table = np.zeros((len(card_ids), len(CARD_FEATURES)), dtype=np.float32)
    colours = (*GOOD_TYPES, "any")
    for i, card_id in enumerate(card_ids):
        card = cards.by_id[card_id]
        load: dict[str, int] = {}
        for colour, n in card.load:
            load[colour] = load.get(colour, 0) + n
        table[i] = [*(card.good == g for g in GOOD_TYPES), *(card.action == a for a in ACTION_TYPES), card.tier,
                    *(load.get(c, 0) for c in colours), len(card.powers)]
    return table
