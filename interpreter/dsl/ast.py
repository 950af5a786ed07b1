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
    """A group of players: `each_other`, `every` or `that` (the player of the triggering event)."""

    kind: str


@dataclass(frozen=True)
class Count(Node):
    """Something counted: `taken` (cards taken by this power), `hand` (cards in your hand), or
    cards of `zone` (goods, shipments, imports) matching `filter`, of `owner` (you, others, all)."""

    kind: str
    owner: str = "you"
    filter: CardFilter = CardFilter()
    zone: str = ""
    owner_col: int = 0  # where the owner words stand (for diagnostics)


@dataclass(frozen=True)
class Value(Node):
    kind: str  # number, credits, counted
    number: int = 0
    count: Count | None = None


@dataclass(frozen=True)
class Condition(Node):
    kind: str  # compare, coin_heads, have_most
    left: Value | None = None
    op: str = ""
    right: Value | None = None
    zone: str = ""


# ------------------------------------------------------------------------------- effects


@dataclass(frozen=True)
class Effect(Node):
    pass


@dataclass(frozen=True)
class Gain(Effect):
    amount: int
    per: Count | None = None


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
    pass


@dataclass(frozen=True)
class CopyPowers(Effect):
    filter: CardFilter


@dataclass(frozen=True)
class UseHandActions(Effect):
    pass


@dataclass(frozen=True)
class Sequence(Effect):
    effects: tuple[Effect, ...]


# ------------------------------------------------------------------------------- triggers and rules


@dataclass(frozen=True)
class Trigger(Node):
    """`kind`: contract, ship_completed, contract_completed, draws, draw_action, good_added.
    `actor`: you, any, other (whose action it must be); `owner` for good_added."""

    kind: str
    actor: str = "any"
    filter: CardFilter = CardFilter()
    carrying: CardFilter | None = None
    own_included: bool = False  # a completion trigger also fires for the completion of its own card


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


# ------------------------------------------------------------------------------- powers

TIMINGS = ("on_completion", "triggered", "rule", "any_time", "game_end")


@dataclass(frozen=True)
class Power(Node):
    timing: str
    text: str
    effects: tuple[Effect, ...] = ()
    trigger: Trigger | None = None
    once_per_turn: bool = False
    rule: Rule | None = None
