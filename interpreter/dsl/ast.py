"""The typed syntax tree of a power. Every node keeps `col`, its 1-based column in the power line,
so that semantic checks can point at the exact word."""

from __future__ import annotations

from dataclasses import dataclass, field

# ------------------------------------------------------------------------------- pieces


@dataclass(frozen=True)
class CardFilter:
    """Which cards a phrase speaks of: a good type, an action type and a tier range, each optional."""

    good: str | None = None
    action: str | None = None
    tier_min: int = 0
    tier_max: int = 99

    def matches(self, card: object) -> bool:
        return ((self.good is None or card.good == self.good)  # type: ignore[attr-defined]
                and (self.action is None or card.action == self.action)  # type: ignore[attr-defined]
                and self.tier_min <= card.tier <= self.tier_max)  # type: ignore[attr-defined]

    @property
    def empty(self) -> bool:
        return self.good is None and self.action is None and self.tier_min == 0 and self.tier_max == 99


@dataclass(frozen=True)
class Node:
    col: int = field(default=1, compare=False, kw_only=True)


@dataclass(frozen=True)
class Players(Node):
    """A group of players: `each_other`, `every`, `that` (the player of the triggering event) or
    `earlier_pirates` (those who pirated before you this turn); `having` keeps only the players
    holding a good that matches it."""

    kind: str
    having: CardFilter | None = None


@dataclass(frozen=True)
class Count(Node):
    """Something counted: `taken` (cards taken by this power), `hand` (cards in your hand), or
    cards of `zone` (goods, shipments, imports) matching `filter`, of `owner` (you, others, all)."""

    kind: str
    owner: str = "you"
    filter: CardFilter = CardFilter()
    zone: str = ""
    owner_col: int = 0  # where the owner words stand (for diagnostics)
    goods: tuple[str, ...] = ()  # `pairs`: the two good types paired
    every: int = 1  # `for every N ...`: the count is divided by N, rounded down


@dataclass(frozen=True)
class Value(Node):
    kind: str  # number, credits, counted
    number: int = 0
    count: Count | None = None


@dataclass(frozen=True)
class Condition(Node):
    kind: str  # compare, coin_heads, have_most, have_every, drawn_named_type, drawn_named_card, all, majority_in,
    # twice_credits,
    # shipment_has, shipment_lacks, ship_has_containers
    left: Value | None = None
    op: str = ""
    right: Value | None = None
    zone: str = ""
    number: int = 0
    filter: CardFilter = CardFilter()
    parts: tuple[Condition, ...] = ()  # `all`: every part holds


# ------------------------------------------------------------------------------- effects


@dataclass(frozen=True)
class Effect(Node):
    pass


@dataclass(frozen=True)
class Gain(Effect):
    amount: int
    per: Count | None = None
    round_even: bool = False


@dataclass(frozen=True)
class Draw(Effect):
    amount: int
    per: Count | None = None


@dataclass(frozen=True)
class DrawUntil(Effect):
    hand_size: int


@dataclass(frozen=True)
class PaysYou(Effect):
    players: Players
    amount: int


@dataclass(frozen=True)
class YouPay(Effect):
    players: Players
    amount: int


@dataclass(frozen=True)
class GiveCards(Effect):
    players: Players
    amount: int


@dataclass(frozen=True)
class TakeAll(Effect):
    filter: CardFilter
    players: Players


@dataclass(frozen=True)
class Choice(Node):
    kind: str  # pay, give
    amount: int
    filter: CardFilter = CardFilter()
    zone: str = ""


@dataclass(frozen=True)
class ChooseOne(Effect):
    players: Players
    choices: tuple[Choice, ...]


@dataclass(frozen=True)
class IfThen(Effect):
    condition: Condition
    then: Effect
    otherwise: Effect | None = None


@dataclass(frozen=True)
class May(Effect):
    effect: Effect


@dataclass(frozen=True)
class Sell(Effect):
    amount: int
    filter: CardFilter
    price: int


@dataclass(frozen=True)
class DiscardGoods(Effect):
    amount: int
    filter: CardFilter
    zone: str


@dataclass(frozen=True)
class ContractThis(Effect):
    """`contract this card`: from hand (any time); `... again`: the just-completed card, from Shipments."""

    again: bool = False


@dataclass(frozen=True)
class CopyPowers(Effect):
    filter: CardFilter


@dataclass(frozen=True)
class UseHandActions(Effect):
    pass


@dataclass(frozen=True)
class Sequence(Effect):
    effects: tuple[Effect, ...]


@dataclass(frozen=True)
class PayBank(Effect):
    amount: int


@dataclass(frozen=True)
class DiscardHand(Effect):
    amount: int


@dataclass(frozen=True)
class Park(Effect):
    amount: int


@dataclass(frozen=True)
class MoveThis(Effect):
    place: str  # goods, imports, shipments, hand, island


@dataclass(frozen=True)
class LoadThis(Effect):
    pass


@dataclass(frozen=True)
class Win(Effect):
    pass


@dataclass(frozen=True)
class FreeActions(Effect):
    amount: int
    action: str
    per: Count | None = None
    from_sea: bool = False  # a pirate action that may take only from ships at sea


@dataclass(frozen=True)
class OfferThis(Effect):
    players: Players
    price: int


@dataclass(frozen=True)
class CompleteFromHand(Effect):
    amount: int
    filter: CardFilter


@dataclass(frozen=True)
class MoveAll(Effect):
    filter: CardFilter
    source: str
    target: str


@dataclass(frozen=True)
class MoveSome(Effect):
    amount: int
    filter: CardFilter
    source: str
    target: str
    ignoring_limits: bool = False


@dataclass(frozen=True)
class PutGoods(Effect):
    players: Players
    amount: int
    filter: CardFilter


@dataclass(frozen=True)
class TakeIsland(Effect):
    amount: int
    target: str


@dataclass(frozen=True)
class TakeRandom(Effect):
    amount: int
    players: Players


@dataclass(frozen=True)
class SwapIsland(Effect):
    give: int
    take: int


@dataclass(frozen=True)
class SwapShipment(Effect):
    filter: CardFilter


@dataclass(frozen=True)
class StealContainers(Effect):
    amount: int


@dataclass(frozen=True)
class ImportContainers(Effect):
    amount: int
    source: str  # that_ship, a_ship_at_sea
    fee: bool = False  # without `for free` the ship's owner gets the import fee (R10.6)


@dataclass(frozen=True)
class MoveContainer(Effect):
    amount: int
    place: str  # goods, imports, hand


@dataclass(frozen=True)
class NameGood(Effect):
    pass


@dataclass(frozen=True)
class NameCard(Effect):
    pass


@dataclass(frozen=True)
class DrawUntilPair(Effect):
    pass


@dataclass(frozen=True)
class VirtualImports(Effect):
    filter: CardFilter


@dataclass(frozen=True)
class LoadFromHand(Effect):
    amount: int


@dataclass(frozen=True)
class Either(Effect):
    first: Effect
    second: Effect


@dataclass(frozen=True)
class PlayersDo(Effect):
    players: Players
    kind: str  # draw, gain, import
    amount: int


@dataclass(frozen=True)
class PaysBank(Effect):
    players: Players
    amount: int


@dataclass(frozen=True)
class AddVirtual(Effect):
    amount: int
    good: str
    per: Count | None = None


@dataclass(frozen=True)
class ContractFromHand(Effect):
    amount: int
    filter: CardFilter


@dataclass(frozen=True)
class LeadTwice(Effect):
    pass


@dataclass(frozen=True)
class DeckToIsland(Effect):
    amount: int


@dataclass(frozen=True)
class FreeAnyActions(Effect):
    amount: int


# ------------------------------------------------------------------------------- triggers and rules


@dataclass(frozen=True)
class Trigger(Node):
    """`kind`: contract, ship_completed, contract_completed, draws, draw_action, good_added.
    `actor`: you, any, other (whose action it must be); `owner` for good_added."""

    kind: str
    actor: str = "any"
    filter: CardFilter = CardFilter()
    carrying: CardFilter | None = None
    number: int = 0  # `pays N or more`
    action: str = ""  # `follows your ACTION`
    own_included: bool = False  # a completion trigger also fires for the completion of its own card
    at_sea: bool = False  # `pirates from another player's ship at sea`: not a ship in harbor


@dataclass(frozen=True)
class Rule(Node):
    """`kind`: threshold, rainbow, wild, win_ties, capacity, payout, follow_as, majority_double."""

    kind: str
    number: int = 0
    credits: int = 0
    good: str | None = None
    filter: CardFilter = CardFilter()
    action: str = ""
    perform: str = ""
    per: Count | None = None


# ------------------------------------------------------------------------------- powers

TIMINGS = ("on_completion", "triggered", "rule", "any_time", "game_end", "as_container", "on_contract", "as_contract", "standing")


@dataclass(frozen=True)
class Power(Node):
    timing: str
    text: str
    effects: tuple[Effect, ...] = ()
    trigger: Trigger | None = None
    once_per_turn: bool = False
    per_player: bool = False  # `once per turn for each player`: the limit counts per acting player
    while_leading: bool = False  # an any-time power usable only while its owner leads
    completed_only: bool = False  # an any-time power usable only from Shipments, not from hand
    rule: Rule | None = None
    condition: Condition | None = None  # `as soon as CONDITION`: a standing condition

    def works_from(self) -> tuple[bool, bool]:
        """Where an any-time power can be used: (from hand, from Shipments). R15.3 allows both; its
        first effect may need one of them (`contract this card` takes the card from hand; moving or
        loading this card takes it from Shipments), and `after completion` rules out the hand."""
        first = self.effects[0] if self.effects else None
        from_hand = not self.completed_only and not isinstance(first, MoveThis | LoadThis)
        from_shipments = not isinstance(first, ContractThis)
        return from_hand, from_shipments
