"""What a running power may do to a game: the `World` interface, and `Ctx`, the context of one run.

The language compiles every construct into closures that call the game only through `World`; the
powers runtime (interpreter/powers/world.py) implements it on the engine. So the language knows no
engine module, and the engine knows no language module (DESIGN.md, "layers").

Players, cards and ships are the engine's objects, handles the language reads only through the
Protocols below (what a power may look at directly) and hands back to `World` to act on. A checker
(mypy) holds the language's code to them; interpreter/powers/world.py checks the engine's objects
satisfy them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

if TYPE_CHECKING:
    from interpreter.lang.roles import Trigger

T = TypeVar("T")


class Powers(Protocol):
    """A card's definition, as the language reads it: its compiled powers."""

    @property
    def powers(self) -> Sequence[Any]: ...


class Card(Protocol):
    """A card of the game: what it is (its id, name, good type, action type, tier, definition)."""

    @property
    def id(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def good(self) -> str: ...
    @property
    def action(self) -> str: ...
    @property
    def tier(self) -> int: ...
    @property
    def defn(self) -> Powers: ...


class Ship(Protocol):
    """A ship: its owner's seat, its colour, whether it is at sea, its contracts and containers, its name."""

    @property
    def owner(self) -> int: ...
    @property
    def colour(self) -> str: ...
    @property
    def at_sea(self) -> bool: ...
    @property
    def containers(self) -> Sequence[Card]: ...
    @property
    def contracts(self) -> Sequence[Card]: ...
    @property
    def label(self) -> str: ...


class Player(Protocol):
    """A player: a seat (0-based, clockwise) and a name."""

    @property
    def seat(self) -> int: ...
    @property
    def name(self) -> str: ...

# Zones of a player's cards, and the shared places.
PLAYER_ZONES = ("hand", "goods", "imports", "shipments", "contracts", "containers")
SHARED_ZONES = ("island", "deck", "discard")


class World(Protocol):
    # --- reading --------------------------------------------------------------------------------
    def player(self, seat: int) -> Player: ...
    def players_from(self, first: Player) -> list[Player]: ...
    def credits(self, p: Player) -> int: ...
    def passive_credits(self, p: Player) -> int: ...
    def is_leader(self, p: Player) -> bool: ...
    def ties_are_the_most(self) -> bool: ...
    def cards(self, p: Player, zone: str) -> list[Card]: ...
    def ship_containers(self, p: Player, where: str) -> list[Card]: ...
    def shared(self, zone: str) -> list[Card]: ...
    def deck_top(self, n: int) -> list[Card]: ...
    def goods_of_type(self, p: Player, good: str) -> int: ...
    def majority_goods(self, p: Player, good: str) -> int: ...
    def level(self, p: Player, good: str) -> int: ...
    def locate(self, card: Card) -> tuple[Player | None, str]: ...
    def ships(self, p: Player | None, where: str) -> list[Ship]: ...
    def ship_owner(self, ship: Ship) -> Player: ...
    def fits(self, p: Player, card: Card, ship: Ship | None) -> bool: ...
    def room(self, p: Player, zone: str, extra: int = 1) -> bool: ...
    def can_move(self, card: Card, to: Player | None, zone: str) -> bool: ...
    def did_this_turn(self, p: Player, action: str, before: Player | None) -> bool: ...
    def actions_this_turn(self, p: Player, action: str | None) -> int: ...
    def turn_number(self) -> int: ...
    def card_ids(self) -> list[tuple[str, str]]: ...
    def may_import(self, p: Player, ship: Ship) -> bool: ...
    def may_sell(self, p: Player, card: Card) -> bool: ...
    def may_move(self, power_owner: Player, holder: Player, zone: str) -> bool: ...
    def movable(self, power_owner: Player, cards: Sequence[Card]) -> list[Card]: ...

    # --- choosing -------------------------------------------------------------------------------
    def choose_cards(self, chooser: Player, pool: Sequence[Card], n: int, purpose: str, *,
                     up_to: bool = False, prompt: str = "") -> list[Card]: ...
    def choose(self, chooser: Player, options: Sequence[tuple[str, Any]], prompt: str, kind: str = "choose_one") -> Any: ...
    def ask_yes(self, chooser: Player, text: str, card: Card) -> bool: ...
    def random_cards(self, pool: Sequence[T], n: int) -> list[T]: ...  # cards, or players
    def coin_flip(self, p: Player) -> bool: ...
    def reveal(self, p: Player, cards: Sequence[Card]) -> None: ...

    # --- acting ---------------------------------------------------------------------------------
    def gain(self, p: Player, n: int, reason: str) -> None: ...
    def score(self, p: Player, n: int, reason: str) -> None: ...
    def lose(self, p: Player, n: int, reason: str) -> None: ...
    def pay(self, p: Player, n: int, to: Player | None, reason: str) -> int: ...
    def draw(self, p: Player, n: int) -> list[Card]: ...
    def move(self, card: Card, to: Player | None, zone: str, *, ignore_limits: bool = False, reason: str = "",
             by: Player | None = None) -> bool: ...
    def handed(self, giver: Player, receiver: Player, count: int, zone: str) -> None: ...
    def sell(self, p: Player, card: Card, price: int, reason: str) -> None: ...
    def load(self, p: Player, card: Card, ships: Sequence[Ship] | None) -> bool: ...
    def contract(self, p: Player, card: Card, ships: Sequence[Ship] | None, *, tier: bool) -> bool: ...
    def contract_ships(self, p: Player, card: Card, *, tier: bool) -> list[Ship]: ...
    def complete(self, p: Player, card: Card) -> None: ...
    def import_from(self, p: Player, ship: Ship, n: int, *, fee: bool) -> None: ...
    def pirate_from(self, p: Player, ships: Sequence[Ship]) -> None: ...
    def free_action(self, p: Player, action: str, *, fee: bool = True) -> None: ...
    def use_hand_actions(self, p: Player) -> None: ...
    def win(self, p: Player) -> None: ...
    def park(self, p: Player, card: Card, n: int) -> None: ...
    def add_virtual(self, p: Player, good: str, n: int) -> None: ...
    def copy_powers(self, ctx: Ctx, source: Card) -> None: ...
    def install_lasting(self, ctx: Ctx, lasting: LastingEffect) -> None: ...


class Ctx:
    """One run of one power: who owns it, who acts now, its card, the event that started it, and
    what earlier steps of the same power left for later ones (cards drawn, taken, named, ...)."""

    __slots__ = ("world", "owner", "actor", "card", "event", "that", "ship", "contracts", "named", "chosen",
                 "chosen_ship", "them", "rest", "revealed", "done", "drawn", "declined", "values")

    def __init__(self, world: World, owner: Player, card: Card, event: Any = None, that: Player | None = None,
                 ship: Ship | None = None, contracts: Sequence[Card] | None = None):
        self.world = world
        self.owner = owner
        self.actor = owner  # the player doing the current effect: the owner, or each of a group in turn
        self.card = card
        self.event = event
        self.that = that  # `that player`: the player of the triggering event
        self.ship = ship  # `that ship` (the event's ship) or `this ship` (the card's ship)
        self.contracts = list(contracts or ())  # the contracts of a completing ship
        self.named: str | None = None  # a good type or card id named by `name ...`
        self.chosen: Player | None = None  # the player picked by `choose an opponent`
        self.chosen_ship: Ship | None = None  # the ship picked by `choose a ship ...`
        self.them: list[Card] = []  # the cards the last step acted on (`it`, `them`, `of them`)
        self.rest: list[Card] = []  # cards looked at and not yet used (`the rest`)
        self.revealed: list[Card] = []  # the cards revealed so far by this power (`the revealed card`)
        self.done: dict[str, list[Card]] = {}  # cards taken/moved/drawn/... so far by this power, by verb
        self.drawn: list[Card] = []  # the cards drawn so far by this power
        self.declined = False  # the owner declined an optional step: the power was not used
        self.values: dict[str, int] = {}  # numbers from the event (`its payout`, `the bid`)

    def as_actor(self, actor: Player) -> Ctx:
        """The same run, with `actor` doing the next effect (`each other player pays you 2`)."""
        sub = Ctx.__new__(Ctx)
        for name in Ctx.__slots__:
            setattr(sub, name, getattr(self, name))
        sub.actor = actor
        return sub

    def recall(self, made: Ctx) -> None:
        """What the run that installed a lasting effect named and chose (`the named type`, `the
        chosen player`, `the chosen ship`), for a run of that effect's trigger."""
        self.named, self.chosen, self.chosen_ship = made.named, made.chosen, made.chosen_ship

    def each_acting(self, players: Iterable[Player]) -> Iterator[Ctx]:
        """Each of `players` in turn as the one doing a step (`each other player takes 1 of them`,
        `that player reveals 1 random card from their hand`), in a context of its own (`as_actor`;
        the actor itself acts in this one). Each sees the cards earlier steps left (`them`, `the
        rest`) less those the players before it acted on, so two never take the same card; after
        the last, what the step left for the later steps comes back here (`_gather`)."""
        runs: list[tuple[Ctx, list[Card], list[Card]]] = []
        them, rest = self.them, self.rest
        acted_on: list[Card] = []
        try:
            for p in players:
                sub = self if p is self.actor else self.as_actor(p)
                sub.them = [c for c in them if c not in acted_on]
                sub.rest = [c for c in rest if c not in acted_on]
                runs.append((sub, sub.them, sub.rest))
                yield sub
                if sub.them is not runs[-1][1]:  # the step acted on cards (it set new ones)
                    acted_on += sub.them
        finally:
            self._gather(runs)

    def _gather(self, runs: list[tuple[Ctx, list[Card], list[Card]]]) -> None:
        """`it`/`them` become the cards all the players acted on; `the rest` what any of them left,
        less what any of them used; a name or choice one of them made is kept. `runs`: each one's
        context with its `them` and `rest` before the step (a step that acts sets new lists)."""
        them: list[Card] = []
        left: list[Card] = []
        used: list[Card] = []
        acted = False
        for sub, them_before, rest_before in runs:
            if sub.them is not them_before:
                acted = True
                them += sub.them
            if sub.rest is not rest_before:
                acted = True
                left += [c for c in sub.rest if c not in left]
                used += [c for c in rest_before if c not in sub.rest]
            if sub is not self:
                for name in ("named", "chosen", "chosen_ship"):
                    value = getattr(sub, name)
                    if value is not getattr(self, name):
                        setattr(self, name, value)
        if acted:
            self.them = them
            self.rest = [c for c in left if c not in used]

    @property
    def reason(self) -> str:
        return str(getattr(self.card, "name", "a power"))


Run = Callable[[Ctx], None]
Test = Callable[[Ctx], bool]


@dataclass(frozen=True)
class LastingEffect:
    """What a lasting effect installs (interpreter/lang/lasting.py), for the runtime to keep: a rule
    (`changes`: (query, maker) pairs, as a `rule:` power's) or a trigger (`trigger`, a Trigger node,
    running `run`, limited by `once`), for a duration: `until` is `game`, `this_turn`, `next_turn`
    (the end of the owner's next turn), `next_turn_starts`, or `times` (until `counting`, a Trigger
    node, has matched `times` events). `text` is its English, for the desk's list."""

    text: str
    until: str
    times: int = 0
    counting: Trigger | None = None
    changes: tuple[tuple[str, Maker], ...] = ()
    trigger: Trigger | None = None
    run: Run | None = None
    once: str | None = None
Number = Callable[[Ctx], int]
# A rule's change to one of the engine's rule queries: `Modifier(value, *the query's arguments)` gives
# the changed value; a `Maker`, given the context of the card holding the rule, makes the modifier.
Modifier = Callable[..., Any]
Maker = Callable[[Ctx], Modifier]
PlayersOf = Callable[[Ctx], list[Player]]
CardsOf = Callable[[Ctx], list[Card]]


def always(ctx: Ctx) -> bool:
    return True


def never(ctx: Ctx) -> bool:
    return False


def nothing(ctx: Ctx) -> None:
    return None
