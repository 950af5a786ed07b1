"""Words for cards: kinds of card (filters), whose cards (owners), places, ships, things counted
(`for each ...`) and cards acted on (`2 of your goods`, `1 card from your hand`, `this card`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar

from lark import Token

from interpreter.lang.bounds import CARDS, COMPARED, TIER, Bound
from interpreter.lang.counts import QUANTITY_WORDS, Test_
from interpreter.lang.english import acting_player, article, own
from interpreter.lang.registry import Children, Node, construct
from interpreter.lang.roles import Cards, Group, ShipRef, card_matches
from interpreter.lang.world import Card, CardsOf, Ctx, Number, Player, Ship

GOODS = ("technology", "agriculture", "illegal", "consumer", "luxury")
ACTIONS = ("contract", "load", "import", "pirate", "supply")
COLOUR_GOOD = {"green": "technology", "yellow": "agriculture", "red": "illegal", "black": "consumer", "blue": "luxury"}

# Plain word lists shared by several constructs (inlined Lark rules; they are words, not constructs).
WORD_RULES = r'''
!_zone: "good" | "goods" | "imports" | "shipment" | "shipments" | "hand" | "contracts" | "container" | "containers"
!_unit: "card" | "cards" | "good" | "goods" | "imports" | "shipment" | "shipments" | "contracts" | "container" | "containers"
!_quantity: INT | "a" | "an" | "one" | "up" "to" INT | "any"
!_ship_where: "at" "sea" | "in" "harbor"
'''

ZONE_OF_WORD = {"good": "goods", "goods": "goods", "imports": "imports", "shipment": "shipments", "shipments": "shipments",
                "hand": "hand", "contracts": "contracts", "container": "containers", "containers": "containers",
                "card": "cards", "cards": "cards"}
ZONE_NOUN = {"goods": ("good", "goods"), "imports": ("import", "imports"), "shipments": ("shipment", "shipments"),
             "hand": ("card", "cards"), "contracts": ("contract", "contracts"),
             "containers": ("container", "containers"), "cards": ("card", "cards")}
ZONE_AREA = {"goods": "Goods", "imports": "Imports", "shipments": "Shipments", "hand": "hand", "contracts": "ships",
             "containers": "ships", "cards": "cards"}


def area(owner_text: str, zone: str, moved: bool = False) -> str:
    """`in your Goods`, `on your ships`: where the cards of a zone lie; `moved`: where they leave
    (`from your Goods`)."""
    prep = "from" if moved else "on" if zone in ("containers", "contracts") else "in"
    return f"{prep} {owner_text} {ZONE_AREA[zone]}"


def words(children: Children) -> list[str]:
    return [str(c) for c in children if isinstance(c, Token)]


def ints(children: Children) -> list[int]:
    return [int(c) for c in children if isinstance(c, Token) and c.type == "INT"]


def nodes(children: Children, kind: type | tuple[type, ...] = Node) -> list[Any]:
    return [c for c in children if isinstance(c, kind)]


def first(children: Children, kind: type | tuple[type, ...]) -> Any:
    found = nodes(children, kind)
    return found[0] if found else None


def zone_word(children: Children) -> str:
    """The zone named by the last zone or unit word among the children."""
    for w in reversed(words(children)):
        if w in ZONE_OF_WORD:
            return ZONE_OF_WORD[w]
    return "cards"


@dataclass(frozen=True)
class Quantity:
    """How many cards a phrase means: exactly `n`, up to `n`, any number, or all of them."""

    n: int = 1
    up_to: bool = False
    all: bool = False

    @staticmethod
    def read(children: Children) -> Quantity:
        w = words(children)
        if "all" in w[:1]:
            return Quantity(0, all=True)
        if w[:1] == ["any"]:
            return Quantity(0, up_to=True, all=True)
        n = ints(children)[0] if ints(children) else 1
        return Quantity(n, up_to="up" in w[:1])

    def english(self) -> str:
        if self.all:
            return "any number" if self.up_to else "all"
        return f"up to {self.n}" if self.up_to else str(self.n)

    def least(self) -> int:
        return 0 if self.up_to else (1 if self.all else self.n)


# ------------------------------------------------------------------------------------ filters

@construct
@dataclass(frozen=True)
class Filter(Node):
    """A kind of card: a tier range, a good type (or its container colour) and an action type."""

    role: ClassVar[str] = "filter"
    grammar: ClassVar[str] = r'''
!filter: _tier _filter_good? _filter_action? | _filter_good _filter_action? _tier? | _filter_action _tier?
!_tier: "tier" INT ("or" ("less" | "more"))?
!_filter_good: _good | _colour
!_filter_action: "contract" | "load" | "import" | "pirate" | "supply"
'''
    numbers: ClassVar[tuple[Bound, ...]] = (TIER,)
    syntax: ClassVar[str] = "[tier N [or less|or more]] [GOOD|COLOUR] [ACTION] [tier N ...]"
    meaning: ClassVar[str] = ("which cards: a tier range, a good type (technology, agriculture, illegal, consumer, luxury) or "
                              "its container colour (green, yellow, red, black, blue), an action type (contract, load, import, "
                              "pirate, supply), in that order, each optional; the tier may also come last")
    examples: ClassVar[tuple[str, ...]] = ("when you contract a tier 2 or more luxury supply card: gain 2",
                                           "at game end: score 1 for each red container on your ships in harbor")
    good: str | None = None
    action: str | None = None
    tier_min: int = 0
    tier_max: int = 99

    @classmethod
    def build(cls, col: int, children: Children) -> Filter:
        good = action = None
        lo, hi = 0, 99
        w = words(children)
        for i, word in enumerate(w):
            if word == "tier":
                n = int(w[i + 1])
                rest = w[i + 2:i + 4]
                lo, hi = (0, n) if rest == ["or", "less"] else (n, 99) if rest == ["or", "more"] else (n, n)
            elif word in GOODS:
                good = word
            elif word in COLOUR_GOOD:
                good = COLOUR_GOOD[word]
            elif word in ACTIONS:
                action = word
        return cls(good, action, lo, hi, col=col)

    def matches(self, card: Card) -> bool:
        return card_matches(card, self.good, self.action, self.tier_min, self.tier_max)

    def tier_text(self) -> str:
        if self.tier_min == self.tier_max:
            return f"of tier {self.tier_min}"
        if self.tier_max < 99:
            return f"of tier {self.tier_max} or less"
        return f"of tier {self.tier_min} or more" if self.tier_min else ""

    def words_before(self) -> str:
        return " ".join(w for w in (self.good, self.action.upper() if self.action else None) if w)


def described(f: Filter | None, noun: str) -> str:
    """`agriculture CONTRACT goods of tier 2 or less`: a noun with its filter."""
    if f is None:
        return noun
    before, after = f.words_before(), f.tier_text()
    return " ".join(x for x in (before, noun, after) if x)


def matches(f: Filter | None, card: Card) -> bool:
    return f is None or f.matches(card)


@construct
@dataclass(frozen=True)
class OfType(Node):
    """A good or action type fixed while the power runs: named earlier, that of the event's card,
    one shared by all the cards picked, or one the player chooses now."""

    role: ClassVar[str] = "filter"
    grammar: ClassVar[str] = r'''
!of_type: "of" "the" "named" "type" | "of" "that" "card's" "type" | "of" "one" "good" "type"
        | "of" "one" "good" "type" "you" "choose" | "of" "one" "action" "type" "you" "choose"
'''
    syntax: ClassVar[str] = "of the named type | of that card's type | of one good type [you choose] | of one action type you choose"
    meaning: ClassVar[str] = ("after a noun: the good type named by `name a good type`; the good type of the event's card; "
                              "one good type shared by every card picked; or a good or action type the player chooses when it is used")
    examples: ClassVar[tuple[str, ...]] = (
        "at game end: score 4 for each of your imports of one action type you choose",
        "any time: discard 2 cards of one good type from your hand to gain 4",
        "when another player completes a card: if you have a good of that card's type then draw 1",
    )
    kind: str = "named"  # named, that_card, same, choose_good, choose_action

    @classmethod
    def build(cls, col: int, children: Children) -> OfType:
        w = words(children)
        if "named" in w:
            kind = "named"
        elif "that" in w:
            kind = "that_card"
        elif "choose" in w:
            kind = "choose_action" if "action" in w else "choose_good"
        else:
            kind = "same"
        return cls(kind, col=col)

    def english(self) -> str:
        return {"named": "of the named good type", "that_card": "of the same good type as that card",
                "same": "all of one good type", "choose_good": f"of one good type {acting_player()} choose",
                "choose_action": f"of one action type {acting_player()} choose"}[self.kind]

    def narrow(self, ctx: Ctx, cards: list[Card]) -> list[Card]:
        """The cards of the type meant (for `same`, the caller groups them)."""
        if self.kind == "named":
            return [c for c in cards if c.good == ctx.named or c.id == ctx.named]
        if self.kind == "that_card":
            card = getattr(ctx.event, "card", None)
            return [c for c in cards if card is not None and c.good == card.good]
        if self.kind in ("choose_good", "choose_action"):
            attr = "good" if self.kind == "choose_good" else "action"
            kinds = sorted({getattr(c, attr) for c in cards})
            if not kinds:
                return []
            options = [(f"choose {k.upper() if attr == 'action' else k} ({sum(1 for c in cards if getattr(c, attr) == k)} cards)", k)
                       for k in kinds]
            picked = ctx.world.choose(ctx.actor, options, f"{ctx.reason}: choose an {attr} type")
            return [c for c in cards if getattr(c, attr) == picked]
        return cards

    def needs(self) -> str | None:
        return "that card" if self.kind == "that_card" else None

    def refers(self) -> str | None:
        return "named good" if self.kind == "named" else None


def narrowed(of_type: OfType | None, ctx: Ctx, cards: list[Card]) -> list[Card]:
    if of_type is None or of_type.kind == "same":
        return cards
    return of_type.narrow(ctx, cards)


def type_words(of_type: OfType | None) -> str:
    return f" {of_type.english()}" if of_type is not None else ""


# ------------------------------------------------------------------------------------ whose

OWNER_KINDS: dict[tuple[str, ...], str] = {
    ("your",): "you", ("their",): "they", ("that", "player's"): "that", ("each", "other", "player's"): "each_other",
    ("every", "other", "player's"): "each_other", ("other", "players'"): "others", ("another", "player's"): "others",
    ("every", "player's"): "each", ("each", "player's"): "each", ("all", "players'"): "all", ("any", "player's"): "all",
    ("the", "chosen", "player's"): "chosen", ("that", "ship's", "owner's"): "ship_owner",
    ("the", "leader's"): "leader", ("the", "chosen", "ship's", "owner's"): "chosen_ship_owner",
    ("the", "next", "player's"): "next", ("the", "previous", "player's"): "previous",
    **{("the", "player", prep, whose, f"{side}'s"): f"{side}_of_{base}" for prep in ("to", "on")
       for whose, base in (("your", "you"), ("their", "they")) for side in ("left", "right")},
}
OWNER_TEXT = {"you": "your", "that": "that player's", "each_other": "each other player's",
              "others": "the other players'", "each": "each player's", "all": "all players'",
              "chosen": "the chosen player's", "ship_owner": "that ship's owner's", "leader": "the leader's",
              "chosen_ship_owner": "the chosen ship's owner's",
              "next": "the next player's (clockwise)", "previous": "the previous player's (counterclockwise)",
              "left_of_you": "your left neighbour's (next clockwise)",
              "right_of_you": "your right neighbour's (next counterclockwise)",
              "left_of_they": "their left neighbour's (next clockwise)",
              "right_of_they": "their right neighbour's (next counterclockwise)"}
# Words that mean what another phrase means but read differently: `any player's goods` are all players'
# goods, yet a card entering any player's Goods is not entering all of them.
SAID_TEXT = {"any player's": "any player's"}

# Who an owner's phrase names, not as a possessive (`your` -> `you`), for sentences about them.
OWNER_WHO = {"you": "you", "they": "they", "that": "that player", "each_other": "each other player",
             "others": "another player", "each": "any player", "all": "any player", "chosen": "the chosen player",
             "ship_owner": "that ship's owner", "leader": "the leader", "chosen_ship_owner": "the chosen ship's owner",
             "next": "the next player (clockwise)", "previous": "the previous player (counterclockwise)",
             "left_of_you": "your left neighbour (next clockwise)", "right_of_you": "your right neighbour (next counterclockwise)",
             "left_of_they": "their left neighbour (next clockwise)", "right_of_they": "their right neighbour (next counterclockwise)"}

# Seats run clockwise (R4.1): the player to one's left is the next one clockwise, the player to one's
# right the previous one (docs/rulings.md). `next` and `previous` are relative to the player acting.
SIDES = {"left": 1, "right": -1, "next": 1, "previous": -1}


def beside(ctx: Ctx, p: Player | None, side: str) -> list[Player]:
    """The player to `p`'s left or right (one step clockwise or back), as a group of one (none if `p`
    is unknown, or alone at the table)."""
    if p is None:
        return []
    seats = ctx.world.players_from(p)
    return [seats[SIDES[side] % len(seats)]] if len(seats) > 1 else []


def base_player(base: str) -> Callable[[Ctx], Player | None]:
    """The player a relative phrase starts from: you (the card's owner), they (the player acting
    now), that player (the event's), the chosen player."""
    if base == "you":
        return lambda ctx: ctx.owner
    if base == "they":
        return lambda ctx: ctx.actor
    if base == "that":
        return lambda ctx: ctx.that
    if base == "leader":
        return lambda ctx: next((p for p in ctx.world.players_from(ctx.owner) if ctx.world.is_leader(p)), None)
    return lambda ctx: ctx.chosen


@construct
@dataclass(frozen=True)
class Owner(Node):
    """Whose cards: `your` (the card's owner), `their` (the player acting now), `that player's` (the
    event's player), other players' (each one apart, or together), everybody's, the chosen player's."""

    role: ClassVar[str] = "owner"
    grammar: ClassVar[str] = r'''
!owner: "your" | "their" | "that" "player's" | "each" "other" "player's" | "every" "other" "player's" | "other" "players'"
      | "another" "player's" | "every" "player's" | "each" "player's" | "all" "players'" | "any" "player's"
      | "the" "chosen" "player's" | "that" "ship's" "owner's" | "the" "leader's" | "the" ("next" | "previous") "player's"
      | "the" "player" ("to" | "on") ("your" | "their") ("left's" | "right's") | "the" "chosen" "ship's" "owner's"
'''
    syntax: ClassVar[str] = ("your | their | that player's | each other player's | other players' | another player's | "
                             "every player's | all players' | the chosen player's | that ship's owner's | the chosen ship's "
                             "owner's | the leader's | the next|previous player's | the player to your|their left's|right's")
    meaning: ClassVar[str] = ("`each ...'s` takes each player apart (`1 card from each other player's hand`: one from each); "
                              "`all players'`, `other players'` and `another player's` take their cards together; `their` is the "
                              "player acting in a group (`every player puts 1 of their goods ...`); the player to one's left "
                              "is the next one clockwise, to one's right the previous one; `the next player's` is the one "
                              "after the player acting")
    examples: ClassVar[tuple[str, ...]] = (
        "on completion: take 1 card from each other player's hand",
        "on completion: gain 2 for each of all players' consumer goods",
        "on completion: take 1 random card from the player to your left's hand",
        "when a turn ends: gain 2 for each of the leader's shipments",
    )
    kind: str = "you"
    said: str = field(default="", compare=False)  # the words, where they read otherwise than the kind

    @classmethod
    def build(cls, col: int, children: Children) -> Owner:
        said = " ".join(words(children))
        return cls(OWNER_KINDS[tuple(words(children))], SAID_TEXT.get(said, ""), col=col)

    def english(self) -> str:
        if self.kind == "they":  # the player acting: you, or each player of a group
            return own()
        return self.said or OWNER_TEXT[self.kind]

    def who(self) -> str:
        """The players named, not as a possessive: `your` -> `you`, `other players'` -> `another player`."""
        return OWNER_WHO[self.kind]

    @property
    def apart(self) -> bool:
        """Each player taken apart (a quantity applies to each) rather than all cards together."""
        return self.kind in ("each_other", "each")

    def resolve(self) -> Callable[[Ctx], list[Player]]:
        kind = self.kind
        if kind == "you":
            return lambda ctx: [ctx.owner]
        if kind == "they":
            return lambda ctx: [ctx.actor]
        if kind == "that":
            return lambda ctx: [ctx.that] if ctx.that is not None else []
        if kind == "chosen":
            return lambda ctx: [ctx.chosen] if ctx.chosen is not None else []
        if kind == "ship_owner":
            return lambda ctx: [ctx.world.ship_owner(ctx.ship)] if ctx.ship is not None else []
        if kind in ("each_other", "others"):
            return lambda ctx: ctx.world.players_from(ctx.owner)[1:]
        if kind == "leader":
            return lambda ctx: [p for p in ctx.world.players_from(ctx.owner) if ctx.world.is_leader(p)]
        if kind == "chosen_ship_owner":
            return lambda ctx: [ctx.world.ship_owner(ctx.chosen_ship)] if ctx.chosen_ship is not None else []
        if kind in ("next", "previous"):
            return lambda ctx: beside(ctx, ctx.actor, kind)
        if "_of_" in kind:
            side, _, base = kind.partition("_of_")
            start = base_player(base)
            return lambda ctx: beside(ctx, start(ctx), side)
        return lambda ctx: ctx.world.players_from(ctx.owner)

    def needs(self) -> str | None:
        return {"that": "that player", "ship_owner": "that ship"}.get(self.kind)

    def refers(self) -> str | None:
        return {"chosen": "chosen", "chosen_ship_owner": "chosen ship"}.get(self.kind)


def zone_cards(ctx: Ctx, p: Player, zone: str) -> list[Card]:
    return ctx.world.cards(p, zone)


# ------------------------------------------------------------------------------------ places

SHARED = {("the", "island"): "island", ("the", "deck"): "deck", ("the", "top", "of", "the", "deck"): "deck",
          ("the", "discard", "pile"): "discard", ("the", "bottom", "of", "the", "deck"): "deck_bottom"}
SHARED_TEXT = {"island": "the supply island", "deck": "the top of the deck", "discard": "the discard pile",
               "deck_bottom": "the bottom of the deck"}


@construct
@dataclass(frozen=True)
class Where(Node):
    """A place cards go to or come from: a player's hand, Goods, Imports, Shipments, or a shared place."""

    role: ClassVar[str] = "place"
    rule: ClassVar[str] = "place"
    grammar: ClassVar[str] = r'''
!place: owner _zone | "the" "island" | "the" "deck" | "the" "top" "of" "the" "deck" | "the" "bottom" "of" "the" "deck"
      | "the" "discard" "pile"
'''
    syntax: ClassVar[str] = "OWNER hand|goods|imports|shipments | the island | the deck | the top|bottom of the deck | the discard pile"
    meaning: ClassVar[str] = "a player's area, or the supply island, the deck or the discard pile"
    examples: ClassVar[tuple[str, ...]] = ("on completion: you may (move this card to the island then gain 6)",)
    owner: Owner | None = None
    zone: str = "island"

    @classmethod
    def build(cls, col: int, children: Children) -> Where:
        owner = first(children, Owner)
        if owner is not None:
            return cls(owner, zone_word(children), col=col)
        return cls(None, SHARED[tuple(words(children))], col=col)

    def english(self) -> str:
        if self.owner is None:
            return SHARED_TEXT[self.zone]
        if self.zone in ("containers", "contracts"):  # cards on ships, as containers or as contracts
            return f"{self.owner.english()} {self.zone}"
        return f"{self.owner.english()} {ZONE_AREA[self.zone]}"

    def where(self) -> Callable[[Ctx], list[tuple[Player | None, str]]]:
        zone = self.zone
        if self.owner is None:
            return lambda ctx: [(None, zone)]
        owners = self.owner.resolve()
        return lambda ctx: [(p, zone) for p in owners(ctx)]

    def cards(self) -> CardsOf:
        """Every card now in the place (for taking cards from it)."""
        zone = self.zone
        if self.owner is None:  # the deck as it is (counting never reshuffles the discard pile in)
            return lambda ctx: list(ctx.world.shared(zone if zone != "deck_bottom" else "deck"))
        owners = self.owner.resolve()
        return lambda ctx: [c for p in owners(ctx) for c in ctx.world.cards(p, zone)]

    def per_owner(self) -> Callable[[Ctx], list[list[Card]]]:
        """The cards of each owner apart (`each other player's hand`), or all in one pile."""
        zone = self.zone
        if self.owner is None or not self.owner.apart:
            whole = self.cards()
            return lambda ctx: [whole(ctx)]
        owners = self.owner.resolve()
        return lambda ctx: [list(ctx.world.cards(p, zone)) for p in owners(ctx)]


SHIP_COLOURS = ("green", "yellow", "red", "black", "blue", "grey")


@dataclass(frozen=True)
class ShipKind:
    """What a phrase says of the ships it means, beyond whose and where: their colour (a ship has its
    owner's colour, R1.6), empty (no contract and no container), or a count of their contracts or
    containers (`with no contracts`, `with 3 or more containers`, `with a luxury contract`)."""

    colour: str | None = None
    empty: bool = False
    test: Test_ | None = None  # a count test on `what`, or None
    what: str = "contracts"  # contracts, containers
    good: str | None = None

    @staticmethod
    def read(w: list[str], children: Children) -> ShipKind:
        noun = next((i for i, x in enumerate(w) if x in ("ship", "ships")), len(w))
        colour = next((x for x in w[:noun] if x in SHIP_COLOURS), None)
        empty = "empty" in w[:noun]
        if "with" not in w:
            return ShipKind(colour, empty)
        tail = w[w.index("with") + 1:]
        tokens = [x for x in tail if x.isdigit() or x in QUANTITY_WORDS]
        good = next((COLOUR_GOOD.get(x, x) for x in tail if x in GOODS or x in COLOUR_GOOD), None)
        what = "containers" if any(x.startswith("container") for x in tail) else "contracts"
        return ShipKind(colour, empty, Test_.read(tokens), what, good)

    def plain(self) -> bool:
        return self.colour is None and not self.empty and self.test is None

    def english(self, noun: str) -> str:
        before = " ".join(x for x in (("empty" if self.empty else ""), (self.colour or "")) if x)
        said = f"{before} {noun}" if before else noun
        if self.test is not None:
            things = described(Filter(self.good) if self.good else None, self.what)
            said += f" with {self.test.english(things, things[:-1])}"
        return said

    def accepts(self) -> Callable[[Ship], bool]:
        colour, empty, test, what, good = self.colour, self.empty, self.test, self.what, self.good

        def ok(ship: Ship) -> bool:
            if colour is not None and ship.colour != colour:
                return False
            if empty and (ship.contracts or ship.containers):
                return False
            if test is not None:
                cards = ship.contracts if what == "contracts" else ship.containers
                return bool(test.holds(sum(1 for c in cards if good is None or c.good == good)))
            return True
        return ok


@construct
@dataclass(frozen=True)
class Ships(ShipRef):
    """Ships: `that ship` (the event's), `this ship` (the one this card is contracted on), `the chosen
    ship`, a ship at sea or in harbor (the player chooses), or a player's ships; any of them narrowed
    by colour, empty, or what they carry (`your ships in harbor with no contracts`)."""

    rule: ClassVar[str] = "ships"
    grammar: ClassVar[str] = r'''
!ships: ("a" | "an") _ship_adj? "ship" _ship_where? | "that" "ship" | "this" "ship" | "the" "chosen" "ship"
      | owner _ship_adj? ("ship" | "ships") _ship_where? | "one" "of" owner _ship_adj? "ships" _ship_where?
!_ship_adj: "empty" | "empty"? (_colour | "grey")
'''
    syntax: ClassVar[str] = ("a [empty] [COLOUR] ship [at sea|in harbor] | that ship | this ship | the chosen ship | "
                             "OWNER [empty] [COLOUR] ships [at sea|in harbor] | one of OWNER ships ...")
    meaning: ClassVar[str] = ("ships; a player's ships are both of them unless `at sea` or `in harbor` says which; a ship has "
                              "its owner's colour (R1.6: green, yellow, red, black, blue, grey); `empty`: no contract and no "
                              "container; `the chosen ship` is the one picked by `choose ...` earlier in the power")
    examples: ClassVar[tuple[str, ...]] = ("on completion: import 1 container from a ship at sea",
                                           "at game end: score 1 for each red container on your ships in harbor",
                                           "when a turn ends: gain 2 for each of your empty ships in harbor")
    kind: str = "any"  # any, that, this, chosen, owned
    owner: Owner | None = None
    at: str = "all"  # sea, harbor, all
    such: ShipKind = ShipKind()

    @classmethod
    def build(cls, col: int, children: Children) -> Ships:
        w = words(children)
        at = "sea" if "sea" in w else "harbor" if "harbor" in w else "all"
        owner = first(children, Owner)
        if owner is not None:
            return cls("owned", owner, at, ShipKind.read(w, children), col=col)
        if w[:1] == ["that"]:
            return cls("that", col=col)
        if w[:1] == ["this"]:
            return cls("this", col=col)
        if w[:2] == ["the", "chosen"]:
            return cls("chosen", col=col)
        return cls("any", None, at, ShipKind.read(w, children), col=col)

    def english(self) -> str:
        where = {"sea": " at sea", "harbor": " in harbor", "all": ""}[self.at]
        if self.kind in ("that", "this"):
            return f"{self.kind} ship"
        if self.kind == "chosen":
            return "the chosen ship"
        if self.kind == "owned":
            assert self.owner is not None
            return f"{self.owner.english()} {self._noun('ships', where)}"
        return article(self._noun("ship", where))

    def _noun(self, noun: str, where: str) -> str:
        return self.such.english(noun + where)

    def ships(self) -> Callable[[Ctx], list[Ship]]:
        at = self.at
        if self.kind in ("that", "this"):
            return lambda ctx: [ctx.ship] if ctx.ship is not None else []
        if self.kind == "chosen":
            return lambda ctx: [ctx.chosen_ship] if ctx.chosen_ship is not None else []
        ok = None if self.such.plain() else self.such.accepts()
        if self.kind == "owned":
            assert self.owner is not None
            owners = self.owner.resolve()
            if ok is None:
                return lambda ctx: [s for p in owners(ctx) for s in ctx.world.ships(p, at)]
            return lambda ctx: [s for p in owners(ctx) for s in ctx.world.ships(p, at) if ok(s)]
        if ok is None:
            return lambda ctx: ctx.world.ships(None, at)
        return lambda ctx: [s for s in ctx.world.ships(None, at) if ok(s)]

    def accepts(self) -> Callable[[Ctx, Ship], bool]:
        """Whether a given ship (an event's) is one the phrase means (its owner, where it is aside)."""
        if self.kind == "chosen":
            return lambda ctx, ship: ship is ctx.chosen_ship
        ok = self.such.accepts()
        return lambda ctx, ship: ok(ship)

    def containers(self) -> CardsOf:
        ships = self.ships()
        return lambda ctx: [c for s in ships(ctx) for c in s.containers]

    def needs(self) -> str | None:
        return f"{self.kind} ship" if self.kind in ("that", "this") else None

    def refers(self) -> str | None:
        return "chosen ship" if self.kind == "chosen" else None


@construct
@dataclass(frozen=True)
class ShipsWith(ShipRef):
    """Ships narrowed by what they carry: `your ships in harbor with no contracts`, `a ship at sea
    with 3 or more containers`, `one of your ships with a luxury contract`. (Where `with` would read
    two ways, after `take ... from` or `swap ... with`, choose the ship first: `choose ...`.)"""

    grammar: ClassVar[str] = r'''
!ships_with: ships "with" _quantity_test _filter_good? ("contract" | "contracts" | "container" | "containers")
'''
    numbers: ClassVar[tuple[Bound, ...]] = (COMPARED,)
    syntax: ClassVar[str] = "SHIPS with [a|no|N|N or more|at most N ...] [GOOD] contract(s)|container(s)"
    meaning: ClassVar[str] = ("those of the ships that carry that many contracts or containers (of that good type); it "
                              "stands in counts (`for each of your ships ... with ...`), `for each of SHIPS, ...`, `choose`, "
                              "`import`, `pirate` and `load ... onto`; after `take ... from`, choose the ship first")
    examples: ClassVar[tuple[str, ...]] = (
        "on completion: pirate 1 container from a ship at sea with 3 or more containers",
        "on completion: you may load 2 cards from your hand onto one of your ships with a luxury contract",
        "at game end: score 2 for each of your ships in harbor with no contracts")
    ships_: Ships = Ships()
    such: ShipKind = ShipKind()

    @classmethod
    def build(cls, col: int, children: Children) -> ShipsWith:
        said = ShipKind.read(words(children), children)  # the `with ...` part; the ships say the rest
        return cls(first(children, Ships), ShipKind(test=said.test, what=said.what, good=said.good), col=col)

    def english(self) -> str:
        return self.such.english(self.ships_.english())

    def ships(self) -> Callable[[Ctx], list[Ship]]:
        ships, ok = self.ships_.ships(), self.such.accepts()
        return lambda ctx: [s for s in ships(ctx) if ok(s)]

    def accepts(self) -> Callable[[Ctx, Ship], bool]:
        inner, ok = self.ships_.accepts(), self.such.accepts()
        return lambda ctx, ship: inner(ctx, ship) and ok(ship)

    def containers(self) -> CardsOf:
        ships = self.ships()
        return lambda ctx: [c for s in ships(ctx) for c in s.containers]

    @property
    def at(self) -> str:
        return self.ships_.at


# ------------------------------------------------------------------------------------ counted groups

def _owned_count(owner: Owner, f: Filter | None, zone: str, of_type: OfType | None) -> Number:
    owners = owner.resolve()
    if _counts_virtual_goods(f, zone, of_type):
        # goods are read through the rule query, type by type: virtual goods count (OQ-36)
        goods = (f.good,) if f is not None and f.good else GOODS
        return lambda ctx: sum(ctx.world.goods_of_type(p, good) for p in owners(ctx) for good in goods)
    cards = _owned_cards(owner, f, zone, of_type)
    return lambda ctx: len(cards(ctx))


def _counts_virtual_goods(f: Filter | None, zone: str, of_type: OfType | None) -> bool:
    plain = f is None or (f.action is None and f.tier_min == 0 and f.tier_max == 99)
    return zone == "goods" and of_type is None and plain


def _owned_cards(owner: Owner, f: Filter | None, zone: str, of_type: OfType | None) -> CardsOf:
    owners = owner.resolve()
    if zone == "containers":
        return lambda ctx: narrowed(of_type, ctx, [c for p in owners(ctx) for c in ctx.world.ship_containers(p, "all")
                                                   if matches(f, c)])
    return lambda ctx: narrowed(of_type, ctx, [c for p in owners(ctx) for c in ctx.world.cards(p, zone) if matches(f, c)])


def _owned_types(owner: Owner, f: Filter | None, zone: str, of_type: OfType | None) -> Callable[[Ctx], set[str]]:
    """The good types among a player's cards; for goods, virtual goods count (OQ-36)."""
    if _counts_virtual_goods(f, zone, of_type):
        owners = owner.resolve()
        goods = (f.good,) if f is not None and f.good else GOODS
        return lambda ctx: {good for good in goods if any(ctx.world.goods_of_type(p, good) for p in owners(ctx))}
    cards = _owned_cards(owner, f, zone, of_type)
    return lambda ctx: {c.good for c in cards(ctx)}


@construct
@dataclass(frozen=True)
class Owned(Group):
    """Cards lying somewhere, to be counted: a player's area (`of your agriculture goods`, `card in
    your hand`, `luxury good you have`), containers on ships (`red container on your ships in
    harbor`) or a shared place (`card on the island`). Every way of naming cards by where they lie
    is this one construct: `of your hand` and `card in your hand` are the same node."""

    grammar: ClassVar[str] = r'''
!owned: "of"? owner filter? _zone of_type? | filter? _unit ("you" | "they") ("have" | "hold")
      | filter? _unit of_type? ("in" | "on" | "at" | "from") (place | ships)
'''
    syntax: ClassVar[str] = ("[of] OWNER [FILTER] goods|imports|shipments|containers|contracts|hand [OF TYPE] | "
                             "[FILTER] good|shipment|card ... you have|they have | "
                             "[FILTER] card|good|container ... [OF TYPE] in|on PLACE|SHIPS")
    meaning: ClassVar[str] = ("the cards in those areas (containers: on the player's ships, at sea too, unless `on SHIPS` says "
                              "which); goods of a type include virtual goods (OQ-36); `... you have` is the owner's, `... they "
                              "have` those of the player acting now, and a `card` they have is in hand")
    examples: ClassVar[tuple[str, ...]] = ("on completion: gain 2 for each of your agriculture shipments",
                                           "on completion: gain 2 for each of all players' consumer goods",
                                           "when you sell a card: gain 2 for each luxury good you have (at most 6)",
                                           "on completion: each player draws 1 for each shipment they have (at most 3)",
                                           "at game end: score 1 for each card in your hand",
                                           "at game end: score 1 for each red container on your ships in harbor")
    owner: Owner = Owner()
    filter: Filter | None = None
    zone: str = "goods"
    of_type: OfType | None = None
    place: Node | None = None  # a shared place (`the island`) or some ships (`your ships in harbor`); else the owner's zone

    @classmethod
    def build(cls, col: int, children: Children) -> Owned:
        w = words(children)
        f, of_type = first(children, Filter), first(children, OfType)
        place = first(children, (Where, Ships))
        if place is not None:
            return cls._in_place(col, place, f, of_type, w)
        if w[-1:] in (["have"], ["hold"]):  # `luxury good you have`: whose is said last
            unit = next((ZONE_OF_WORD[x] for x in w if x in ZONE_OF_WORD), "goods")
            return cls(Owner("they" if "they" in w else "you"), f, "hand" if unit == "cards" else unit, col=col)
        return cls(first(children, Owner), f, zone_word(children), of_type, col=col)

    @classmethod
    def _in_place(cls, col: int, place: Node, f: Filter | None, of_type: OfType | None, w: list[str]) -> Owned:
        """`card in your hand` is `of your hand`; `container on your ships` is `of your containers`."""
        if isinstance(place, Where) and place.owner is not None:
            return cls(place.owner, f, place.zone, of_type, col=col)
        if isinstance(place, Ships) and place.kind == "owned" and place.at == "all" and place.owner is not None:
            return cls(place.owner, f, "containers", of_type, col=col)
        unit = "containers" if isinstance(place, Ships) else next((ZONE_OF_WORD[x] for x in w if x in ZONE_OF_WORD), "cards")
        return cls(Owner(), f, unit, of_type, place, col=col)

    def english(self) -> str:
        return f"{described(self.filter, ZONE_NOUN[self.zone][0])}{type_words(self.of_type)} {self._where()}"

    def plural(self) -> str:
        return f"{described(self.filter, ZONE_NOUN[self.zone][1])}{type_words(self.of_type)} {self._where()}"

    def _where(self) -> str:
        if self.place is None:
            return area(self.owner.english(), self.zone)
        on = isinstance(self.place, Ships) or (isinstance(self.place, Where) and self.place.zone == "island")
        if isinstance(self.place, Where) and self.place.owner is None and self.place.zone == "deck":
            return "in the deck"  # counted: the whole deck, not its top
        return f"{'on' if on else 'in'} {self.place.english()}"

    def count(self) -> Number:
        if self.place is None:
            return _owned_count(self.owner, self.filter, self.zone, self.of_type)
        cards = self._placed_cards()
        return lambda ctx: len(cards(ctx))

    def types(self) -> Callable[[Ctx], set[str]]:
        if self.place is None:
            return _owned_types(self.owner, self.filter, self.zone, self.of_type)
        cards = self._placed_cards()
        return lambda ctx: {c.good for c in cards(ctx)}

    def _placed_cards(self) -> CardsOf:
        f, of_type, place = self.filter, self.of_type, self.place
        source = place.containers() if isinstance(place, Ships) else place.cards()  # type: ignore[union-attr]
        return lambda ctx: narrowed(of_type, ctx, [c for c in source(ctx) if matches(f, c)])


@construct
@dataclass(frozen=True)
class ShipCount(Group):
    """Ships counted: `for each of your ships in harbor with no contracts`, `the number of ships at
    sea`, `for each empty ship in harbor` (any player's, when no owner is said)."""

    grammar: ClassVar[str] = r'''
!ship_count: "of"? (ships | ships_with)
           | _ship_adj? ("ship" | "ships") _ship_where? ("with" _quantity_test _filter_good? ("contract" | "contracts" | "container" | "containers"))?
'''
    numbers: ClassVar[tuple[Bound, ...]] = (COMPARED,)
    syntax: ClassVar[str] = "of SHIPS [with ...] | [empty] [COLOUR] ship [at sea|in harbor] [with ...]"
    meaning: ClassVar[str] = ("how many ships (a ship without an owner said: any player's); `with ...` as in Ships; `of "
                              "SHIPS` counts the ships the phrase names (`of your ships at sea`)")
    examples: ClassVar[tuple[str, ...]] = (
        "at game end: score 2 for each of your ships in harbor with no contracts",
        "on completion: draw the number of ships at sea (at most 4)",
        "as soon as the number of your ships at sea with 3 or more containers >= 2: gain 4")
    ships_: ShipRef | None = None

    @classmethod
    def build(cls, col: int, children: Children) -> ShipCount:
        found = first(children, ShipRef)
        if found is not None:
            return cls(found, col=col)
        w = words(children)
        at = "sea" if "sea" in w else "harbor" if "harbor" in w else "all"
        said = ShipKind.read(w, children)
        ships: ShipRef = Ships("any", None, at, ShipKind(said.colour, said.empty), col=col)
        if said.test is not None:
            ships = ShipsWith(ships, ShipKind(test=said.test, what=said.what, good=said.good), col=col)  # type: ignore[arg-type]
        return cls(ships, col=col)

    def english(self) -> str:
        assert self.ships_ is not None
        return _one_ship(self.ships_.english())

    def plural(self) -> str:
        assert self.ships_ is not None
        return _many_ships(self.ships_.english())

    def count(self) -> Number:
        assert self.ships_ is not None
        ships = self.ships_.ships()
        return lambda ctx: len(ships(ctx))


def _one_ship(said: str) -> str:
    """After `for each`: `a ship at sea` -> `ship at sea`; `your ships in harbor` -> `of your ships in harbor`."""
    if said.startswith(("a ", "an ")):
        return said.split(" ", 1)[1]
    return f"of {said}"


def _many_ships(said: str) -> str:
    if said.startswith(("a ", "an ")):
        return said.split(" ", 1)[1].replace("ship", "ships", 1)
    return said


@construct
@dataclass(frozen=True)
class Majorities(Group):
    """The good types in which a player has the majority (the most goods, R17.6) as things stand."""

    grammar: ClassVar[str] = r'''
!majorities: ("majority" | "majorities") ("you" | "they") ("have" | "hold")
'''
    syntax: ClassVar[str] = "majority you have|they have"
    meaning: ClassVar[str] = ("the good types in which the player (`you`: the owner; `they`: the player acting) has the most "
                              "goods now (at least one; a tie counts unless the `the_most=strict` option, docs/rulings.md; "
                              "virtual goods included)")
    examples: ClassVar[tuple[str, ...]] = ("at game end: score 2 for each majority you have",
                                           "on completion: each other player draws 1 for each majority they have")
    whose: str = "you"

    @classmethod
    def build(cls, col: int, children: Children) -> Majorities:
        return cls("they" if "they" in words(children) else "you", col=col)

    def english(self) -> str:
        return f"good type in which {'you have' if self.whose == 'you' else 'they have'} the majority"

    def plural(self) -> str:
        return f"good types in which {'you have' if self.whose == 'you' else 'they have'} the majority"

    def count(self) -> Number:
        they = self.whose == "they"
        return lambda ctx: majorities_held(ctx, ctx.actor if they else ctx.owner)


def majorities_held(ctx: Ctx, p: Player) -> int:
    """In how many good types `p` has the most goods (at least one; ties count unless `the_most=strict`)."""
    world = ctx.world
    ties = world.ties_are_the_most()
    others = world.players_from(p)[1:]
    held = 0
    for good in GOODS:
        mine = world.goods_of_type(p, good)
        if not mine:  # none: no majority, whatever the others have (not counted: a condition may read this often)
            continue
        for q in others:
            k = world.goods_of_type(q, good)
            if k > mine or (k == mine and not ties):
                break
        else:
            held += 1
    return held


@construct
@dataclass(frozen=True)
class ActionsTaken(Group):
    """Action instances carried out this turn (R4.6): `for each pirate action you took this turn`."""

    grammar: ClassVar[str] = r'''
!actions_taken: _filter_action? ("action" | "actions") ("you" | "they") "took" "this" "turn"
'''
    syntax: ClassVar[str] = "[ACTION] action you|they took this turn"
    meaning: ClassVar[str] = ("the action instances (of that type) the player (`you`: the owner; `they`: the player acting) "
                              "has carried out so far this turn, by the turn's actions or by powers' free actions")
    examples: ClassVar[tuple[str, ...]] = ("when a turn ends: gain 2 for each pirate action you took this turn (at most 4)",)
    action: str | None = None
    whose: str = "you"

    @classmethod
    def build(cls, col: int, children: Children) -> ActionsTaken:
        w = words(children)
        return cls(next((x for x in w if x in ACTIONS), None), "they" if "they" in w else "you", col=col)

    def english(self) -> str:
        kind = f"{self.action.upper()} " if self.action else ""
        return f"{kind}action {'you' if self.whose == 'you' else 'they'} carried out this turn"

    def plural(self) -> str:
        kind = f"{self.action.upper()} " if self.action else ""
        return f"{kind}actions {'you' if self.whose == 'you' else 'they'} carried out this turn"

    def count(self) -> Number:
        action, they = self.action, self.whose == "they"
        return lambda ctx: ctx.world.actions_this_turn(ctx.actor if they else ctx.owner, action)


@construct
@dataclass(frozen=True)
class GoodTypes(Group):
    """The different good types among some cards: `good type among your goods`, `good type you have`."""

    grammar: ClassVar[str] = r'''
!good_types: "good" ("type" | "types") ("among" owned | ("you" | "they") ("have" | "hold"))
'''
    syntax: ClassVar[str] = "good type among CARDS COUNTED | good type you have|they have"
    meaning: ClassVar[str] = ("how many of the five good types are among those cards (0 to 5); `you have` reads your "
                              "Goods, virtual goods included (OQ-36), and `they have` the Goods of the player acting now")
    examples: ClassVar[tuple[str, ...]] = ("on completion: gain 2 for each good type you have",
                                           "at game end: score 1 for each good type among your shipments",
                                           "at game end: score 2 for each good type among containers on your ships at sea",
                                           "any time after completion, once per turn: if the number of good types among "
                                           "cards in your hand is at least 4 then draw 2")
    among: Group | None = None

    @classmethod
    def build(cls, col: int, children: Children) -> GoodTypes:
        among = first(children, Owned)
        if among is None:  # `good types you have`: the goods of the owner, or of the player acting now
            among = Owned(Owner("they" if "they" in words(children) else "you"), None, "goods", col=col)
        return cls(among, col=col)

    def english(self) -> str:
        assert self.among is not None
        return f"good type among {self.among.plural()}"

    def plural(self) -> str:
        assert self.among is not None
        return f"good types among {self.among.plural()}"

    def count(self) -> Number:
        assert isinstance(self.among, Owned)
        types = self.among.types()
        return lambda ctx: len(types(ctx))


DONE_WORDS = ("taken", "moved", "drawn", "discarded", "sold", "loaded", "given", "imported", "contracted", "completed",
              "revealed")


@construct
@dataclass(frozen=True)
class Done(Group):
    """Cards this power has already acted on: `card taken`, `cards drawn`, `luxury card revealed`."""

    grammar: ClassVar[str] = r'''
!done: filter? _unit ("taken" | "moved" | "drawn" | "discarded" | "sold" | "loaded" | "given" | "imported" | "contracted"
     | "completed" | "revealed")
'''
    syntax: ClassVar[str] = "[FILTER] card taken|moved|drawn|discarded|sold|loaded|given|imported|contracted|completed|revealed"
    meaning: ClassVar[str] = ("the cards the earlier steps of this power took, moved, drew, revealed, ... (counted as they "
                              "happen), of a kind if a filter says so")
    examples: ClassVar[tuple[str, ...]] = (
        "on completion: take all agriculture cards from each other player's hand then gain 2 for each card taken",
        "on completion: reveal the top 3 cards of the deck then gain 2 for each luxury card revealed")
    verb: str = "taken"
    filter: Filter | None = None

    @classmethod
    def build(cls, col: int, children: Children) -> Done:
        return cls(next(w for w in words(children) if w in DONE_WORDS), first(children, Filter), col=col)

    def english(self) -> str:
        return f"{described(self.filter, 'card')} {self.verb}"

    def plural(self) -> str:
        return f"{described(self.filter, 'cards')} {self.verb}"

    def count(self) -> Number:
        verb, f = self.verb, self.filter
        if verb == "drawn":
            cards: CardsOf = lambda ctx: ctx.drawn  # noqa: E731
        elif verb == "revealed":
            cards = lambda ctx: ctx.revealed  # noqa: E731
        else:
            cards = lambda ctx: ctx.done.get(verb, [])  # noqa: E731
        if f is None:
            return lambda ctx: len(cards(ctx))
        return lambda ctx: sum(1 for c in cards(ctx) if f.matches(c))

    def refers(self) -> str | None:
        return self.verb


@construct
@dataclass(frozen=True)
class OfThem(Group):
    """The cards the previous step acted on or looked at: `for each of them`."""

    grammar: ClassVar[str] = r'''
!of_them: "of" "them"
'''
    syntax: ClassVar[str] = "of them"
    meaning: ClassVar[str] = "the cards the previous step acted on (or looked at)"
    examples: ClassVar[tuple[str, ...]] = ("on completion: look at the top 3 cards of the deck then gain 2 for each of them",)

    def english(self) -> str:
        return "of them"

    def count(self) -> Number:
        return lambda ctx: len(ctx.them)

    def refers(self) -> str | None:
        return "them"


@construct
@dataclass(frozen=True)
class Pairs(Group):
    """Pairs of one good of each of two types: the smaller of the two counts."""

    grammar: ClassVar[str] = r'''
!pairs: ("pair" | "pairs") "of" owner _good "and" _good "goods"
'''
    syntax: ClassVar[str] = "pair of OWNER GOOD and GOOD goods"
    meaning: ClassVar[str] = "pairs made of one good of each type (the smaller of the two counts, virtual goods included)"
    examples: ClassVar[tuple[str, ...]] = ("at game end: score 6 for each pair of your luxury and consumer goods",)
    owner: Owner = Owner()
    first_good: str = "luxury"
    second_good: str = "consumer"

    @classmethod
    def build(cls, col: int, children: Children) -> Pairs:
        goods = [str(c) for c in children if isinstance(c, Token) and str(c) in GOODS]
        return cls(first(children, Owner), goods[0], goods[1], col=col)

    def english(self) -> str:
        return f"pair of one {self.first_good} and one {self.second_good} good in {self.owner.english()} Goods"

    def count(self) -> Number:
        a = _owned_count(self.owner, Filter(self.first_good), "goods", None)
        b = _owned_count(self.owner, Filter(self.second_good), "goods", None)
        return lambda ctx: min(a(ctx), b(ctx))


@construct
@dataclass(frozen=True)
class Carried(Group):
    """The containers the event's ship carried when it sailed (`when ... returns to harbor`)."""

    grammar: ClassVar[str] = r'''
!carried: ("container" | "containers") "it" "carried"
'''
    syntax: ClassVar[str] = "container it carried"
    meaning: ClassVar[str] = "for a ship that returns to harbor: the containers it carried when it sailed"
    examples: ClassVar[tuple[str, ...]] = ("when one of your ships returns to harbor: gain 2 for each container it carried",)

    def english(self) -> str:
        return "container it carried when it sailed"

    def plural(self) -> str:
        return "containers it carried when it sailed"

    def count(self) -> Number:
        return lambda ctx: ctx.values.get("carried", 0)

    def needs(self) -> str | None:
        return "carried"


# ------------------------------------------------------------------------------------ cards acted on

def _pick_from(pools: Callable[[Ctx], list[list[Card]]], f: Filter | None, of_type: OfType | None, q: Quantity,
               random: bool, purpose: str) -> CardsOf:
    """The actor picks `q` matching cards from each pool (a pool per player taken apart); cards a rule
    protects from this power's owner are not offered to be moved (`other players' powers cannot ...`)."""
    moving = purpose not in ("look at", "reveal")

    def pick(ctx: Ctx) -> list[Card]:
        picked: list[Card] = []
        for pool in pools(ctx):
            cards = [c for c in pool if matches(f, c)]
            if moving:
                cards = ctx.world.movable(ctx.owner, cards)
            same_type = of_type is not None and of_type.kind == "same"
            cards = _one_type(ctx, cards, q, purpose) if same_type else narrowed(of_type, ctx, cards)
            if q.all and not q.up_to:
                picked += cards
            elif random:
                picked += ctx.world.random_cards(cards, q.n if not q.all else len(cards))
            else:
                n = len(cards) if q.all else q.n
                picked += ctx.world.choose_cards(ctx.actor, cards, n, purpose, up_to=q.up_to, prompt=ctx.reason)
        return picked
    return pick


def _one_type(ctx: Ctx, cards: list[Card], q: Quantity, purpose: str) -> list[Card]:
    """Cards of one good type, enough of them: the actor chooses the type when several would do."""
    need = max(1, q.n)
    types = sorted({c.good for c in cards if sum(1 for d in cards if d.good == c.good) >= need})
    if not types:
        return []
    good = types[0] if len(types) == 1 else ctx.world.choose(
        ctx.actor, [(f"{purpose} {need} {g} cards", g) for g in types], f"{ctx.reason}: which good type?")
    return [c for c in cards if c.good == good]


def _enough(pools: Callable[[Ctx], list[list[Card]]], f: Filter | None, of_type: OfType | None, least: int) -> Callable[[Ctx], bool]:
    def test(ctx: Ctx) -> bool:
        for pool in pools(ctx):
            cards = [c for c in pool if matches(f, c)]
            if of_type is not None and of_type.kind == "same":
                if any(sum(1 for d in cards if d.good == c.good) >= least for c in cards):
                    return True
            elif len(cards) >= least:
                return True
        return least == 0
    return test


@construct
@dataclass(frozen=True)
class CardsOfOwner(Cards):
    """Cards of a player's area: `2 of your goods`, `all your contract imports`, `1 of their shipments`."""

    rule: ClassVar[str] = "cards_of"
    grammar: ClassVar[str] = r'''
!cards_of: _quantity "of" owner filter? _zone of_type? | "all" owner filter? _zone of_type? | owner "hand"
'''
    numbers: ClassVar[tuple[Bound, ...]] = (CARDS,)
    syntax: ClassVar[str] = ("N|up to N|a|any of OWNER [FILTER] goods|imports|shipments|hand | all OWNER [FILTER] ZONE | "
                             "OWNER hand")
    meaning: ClassVar[str] = ("cards of a player's area; the player acting chooses which (from each player apart with `each "
                              "...'s`); `their hand` is every card of it")
    examples: ClassVar[tuple[str, ...]] = ("at game end: you may move up to 2 of your shipments to your goods ignoring limits",
                                           "on completion: you may (move all your contract imports to your goods then gain 2 for each card moved)",
                                           "on completion: each other player chooses one: give you their hand or give you 1 of their luxury goods")
    quantity: Quantity = Quantity()
    owner: Owner = Owner()
    filter: Filter | None = None
    zone: str = "goods"
    of_type: OfType | None = None

    @classmethod
    def build(cls, col: int, children: Children) -> CardsOfOwner:
        whole = words(children) == ["hand"]  # `their hand`: all of it
        return cls(Quantity(0, all=True) if whole else Quantity.read(children), first(children, Owner), first(children, Filter),
                   zone_word(children), first(children, OfType), col=col)

    def whole_hand(self) -> bool:
        return self.zone == "hand" and self.quantity.all and not self.quantity.up_to and self.filter is None

    def english(self, moved: bool = False) -> str:
        """`2 goods in your Goods`; `moved`: the cards leave their area (`2 goods from your Goods`)."""
        if self.whole_hand():
            return f"{self.owner.english()} whole hand"
        noun = described(self.filter, ZONE_NOUN[self.zone][1 if self.quantity.n != 1 or self.quantity.all else 0])
        where = area(self.owner.english(), self.zone, moved)
        if self.quantity.all and not self.quantity.up_to:
            return f"all the {noun}{type_words(self.of_type)} {where}"
        return f"{self.quantity.english()} {noun}{type_words(self.of_type)} {where}"

    def _pools(self) -> Callable[[Ctx], list[list[Card]]]:
        return Where(self.owner, self.zone).per_owner()

    def pick(self, purpose: str) -> CardsOf:
        return _pick_from(self._pools(), self.filter, self.of_type, self.quantity, False, purpose)

    def pool(self) -> CardsOf:
        pools, f = self._pools(), self.filter
        return lambda ctx: [c for pool in pools(ctx) for c in pool if matches(f, c)]

    def least(self) -> int:
        return self.quantity.least()

    def enough(self) -> Callable[[Ctx], bool]:
        return _enough(self._pools(), self.filter, self.of_type, self.least())


@construct
@dataclass(frozen=True)
class CardsFrom(Cards):
    """Cards taken from a place: `1 card from your hand`, `2 random cards from that player's hand`,
    `1 container from that ship`, `all agriculture cards from each other player's hand`; how many may
    be a count (`1 card for each of your shipments`, `the number of your shipments`, `that many`)."""

    grammar: ClassVar[str] = r'''
!cards_from: (_quantity | "all") "random"? filter? _unit of_type? ("from" (place | ships))?
           | "the" ("top" | "bottom") INT? ("card" | "cards") "of" "the" "deck"
'''
    numbers: ClassVar[tuple[Bound, ...]] = (CARDS,)
    syntax: ClassVar[str] = ("N|up to N|a|any|all [random] [FILTER] card(s)|container(s) [OF TYPE] [from PLACE|SHIPS] | "
                             "the top|bottom [N] card(s) of the deck")
    meaning: ClassVar[str] = ("cards from a place, or containers from ships; the player acting chooses them unless they are "
                              "`random`; from `each ...'s` hand, that many from each player; without `from ...`, cards "
                              "come from the acting player's hand (`discard 2 cards to draw 3`)")
    examples: ClassVar[tuple[str, ...]] = ("any time: sell 1 agriculture card from your hand to the island for 2",
                                           "when you pirate from another player's ship at sea: take 1 random card from that ship's owner's hand",
                                           "when you pirate: draw 1 then move the top card of the deck to the island",
                                           "on completion: take the bottom 2 cards of the deck into your hand")
    quantity: Quantity = Quantity()
    random: bool = False
    filter: Filter | None = None
    unit: str = "cards"
    of_type: OfType | None = None
    source: Node | None = None
    implied: bool = False  # no `from ...` written: the acting player's hand
    count: Node | None = None  # how many, counted when the step comes: a value, or `for each ...` on the number

    @classmethod
    def build(cls, col: int, children: Children) -> CardsFrom:
        w = words(children)
        if w[:2] in (["the", "top"], ["the", "bottom"]):  # `the top 3 cards of the deck` is `3 cards from the deck`: its top cards
            return cls(Quantity(ints(children)[0] if ints(children) else 1),
                       source=Where(None, "deck" if w[1] == "top" else "deck_bottom", col=col), col=col)
        unit = next((ZONE_OF_WORD[x] for x in w if x in ZONE_OF_WORD and x not in ("hand",)), "cards")
        source = first(children, (Where, Ships))
        implied = source is None
        if implied:  # `discard 2 cards`: from the hand of the player acting
            source = Where(Owner("they"), "hand", col=col)
        count = next((c for c in children if isinstance(c, Node) and c.role in ("value", "modifier")), None)
        quantity = Quantity(0) if count is not None and count.role == "value" else Quantity.read(children)
        return cls(quantity, "random" in w, first(children, Filter), unit if unit != "cards" or count is None else "cards",
                   first(children, OfType), source, implied, count, col=col)

    def english(self) -> str:
        base = "container" if self.unit == "containers" else "card"
        counted = self.count is not None and self.count.role == "value"
        plural = counted or self.quantity.n != 1 or self.quantity.all
        noun = described(self.filter, base + ("s" if plural else ""))
        assert self.source is not None
        source = f"{own()} hand" if self.implied else self.source.english()
        rnd = "random " if self.random else ""
        if counted:
            assert self.count is not None
            said = self.count.english()
            if said == "that many":
                return f"that many {rnd}{noun}{type_words(self.of_type)} from {source}"
            return f"as many {rnd}{noun}{type_words(self.of_type)} from {source} as {said}"
        per = f" {self.count.english()}" if self.count is not None else ""
        if self.quantity.all and not self.quantity.up_to:
            return f"all {rnd}{noun}{type_words(self.of_type)} from {source}"
        return f"{self.quantity.english()} {rnd}{noun}{type_words(self.of_type)} from {source}{per}"

    def how_many(self) -> Callable[[Ctx], Quantity]:
        """The quantity when the step comes (a count is read then)."""
        q, count = self.quantity, self.count
        if count is None:
            return lambda ctx: q
        if count.role == "value":
            number = count.number()  # type: ignore[attr-defined]
            return lambda ctx: Quantity(max(0, number(ctx)), up_to=q.up_to)
        times = count.times()  # type: ignore[attr-defined]
        return lambda ctx: Quantity(q.n * times(ctx), up_to=q.up_to)

    def _pools(self, how_many: Callable[[Ctx], Quantity] | None = None) -> Callable[[Ctx], list[list[Card]]]:
        src, many = self.source, how_many or self.how_many()
        if isinstance(src, Where) and src.owner is None and src.zone in ("deck", "deck_bottom"):
            top = src.zone == "deck"

            def from_deck(ctx: Ctx) -> list[list[Card]]:
                q = many(ctx)
                n = 10_000 if q.all else q.n  # cards from the deck are its top cards (or its bottom ones, the bottom one first)
                return [ctx.world.deck_top(n)] if top else [list(reversed(ctx.world.shared("deck")))[:n]]
            return from_deck
        if isinstance(src, Ships):
            if src.kind == "owned" and src.owner is not None and src.owner.apart:
                owners, at = src.owner.resolve(), src.at
                return lambda ctx: [[c for s in ctx.world.ships(p, at) for c in s.containers] for p in owners(ctx)]
            containers = src.containers()
            return lambda ctx: [containers(ctx)]
        assert isinstance(src, Where)
        return src.per_owner()

    def pick(self, purpose: str) -> CardsOf:
        src, many = self.source, self.how_many()
        pools = self._pools(many)
        if isinstance(src, Where) and src.owner is None and src.zone in ("deck", "deck_bottom") and self.filter is None:
            return lambda ctx: [c for pool in pools(ctx) for c in pool]  # the top cards: nothing to choose
        if self.count is None:
            return _pick_from(pools, self.filter, self.of_type, self.quantity, self.random, purpose)
        f, of_type, random = self.filter, self.of_type, self.random
        return lambda ctx: _pick_from(pools, f, of_type, many(ctx), random, purpose)(ctx)

    def pool(self) -> CardsOf:
        pools, f = self._pools(), self.filter
        return lambda ctx: [c for pool in pools(ctx) for c in pool if matches(f, c)]

    def least(self) -> int:
        return self.quantity.least() if self.count is None else 0

    def enough(self) -> Callable[[Ctx], bool]:
        if self.count is None:
            return _enough(self._pools(), self.filter, self.of_type, self.least())
        pools, f, of_type, many = self._pools(), self.filter, self.of_type, self.how_many()
        return lambda ctx: _enough(pools, f, of_type, many(ctx).least())(ctx)


@construct
@dataclass(frozen=True)
class CountedCards(CardsFrom):
    """Cards from a place, as many as a count read when the step comes: `1 card for each of your
    shipments`, `the number of their illegal goods`, `that many cards`. It stands after `discard`,
    `move`, `give`, `sell`, `reveal` and `look at` (a construct that is not an alternative of the
    `cards` role: in `swap ... with`, `put ... on` and `take ... from` a count's last words would
    read two ways)."""

    rule: ClassVar[str] = "counted_cards"
    in_role_rule: ClassVar[bool] = False
    grammar: ClassVar[str] = r'''
!counted_cards: _quantity "random"? filter? _unit ("from" (place | ships))? (for_each | for_every)
              | (number_of | scaled | event_value) "random"? (filter? _unit)? ("from" (place | ships))?
'''
    numbers: ClassVar[tuple[Bound, ...]] = (CARDS,)
    syntax: ClassVar[str] = ("N [random] [FILTER] card(s) [from PLACE] for each THING|for every N THING | "
                             "the number of THING|half VALUE|that many [random] [[FILTER] card(s)] [from PLACE]")
    meaning: ClassVar[str] = ("cards from a place (the acting player's hand, unless it says), as many as the count when the "
                              "step comes (none if it is 0); the player acting chooses them unless they are `random`")
    examples: ClassVar[tuple[str, ...]] = ("on completion: each other player discards 1 card for each of your shipments",
                                           "on completion: each other player discards the number of their illegal goods",
                                           "when you draw 2 or more cards: discard that many cards")


@construct
@dataclass(frozen=True)
class ThisCard(Cards):
    """The card whose power this is."""

    grammar: ClassVar[str] = r'''
!this_card: "this" "card"
'''
    syntax: ClassVar[str] = "this card"
    meaning: ClassVar[str] = "the card whose power runs, wherever it is among its owner's cards"
    examples: ClassVar[tuple[str, ...]] = ("on completion: move this card to your goods",)

    def english(self) -> str:
        return "this card"

    def pick(self, purpose: str) -> CardsOf:
        return lambda ctx: [ctx.card] if ctx.world.locate(ctx.card)[0] is ctx.owner else []

    def pool(self) -> CardsOf:
        return self.pick("")


@construct
@dataclass(frozen=True)
class Them(Cards):
    """The cards the previous step acted on or looked at: `it`, `them`, `1 of them`, `the rest`."""

    grammar: ClassVar[str] = r'''
!them: "it" | "them" | (_quantity | "all") "of" "them" | "the" "rest"
'''
    numbers: ClassVar[tuple[Bound, ...]] = (CARDS,)
    syntax: ClassVar[str] = "it | them | N|up to N|any of them | the rest"
    meaning: ClassVar[str] = ("the cards the previous step acted on; after `look at ...`, the cards looked at; `the rest`: the "
                              "cards looked at that no later step has used; before any step of a `when` power whose event has a "
                              "card, `it` is that card (`when another player sells a card: take it into your hand`)")
    examples: ClassVar[tuple[str, ...]] = (
        "on completion: look at the top 5 cards of the deck then take 1 of them into your hand then discard the rest",)
    quantity: Quantity | None = None
    rest: bool = False
    said: str = field(default="them", compare=False)  # `it` or `them`: the same cards, in the writer's number

    @classmethod
    def build(cls, col: int, children: Children) -> Them:
        w = words(children)
        if w[-1:] == ["rest"]:
            return cls(None, True, col=col)
        if "of" in w:
            return cls(Quantity.read(children), col=col)
        return cls(None, said="it" if w == ["it"] else "them", col=col)

    @property
    def single(self) -> bool:
        """Written `it`: the step before acted on one card (`take 1 container ... then load it`)."""
        return self.said == "it" and self.quantity is None and not self.rest

    def english(self) -> str:
        if self.rest:
            return "the rest"
        return f"{self.quantity.english()} of them" if self.quantity is not None else self.said

    def pick(self, purpose: str) -> CardsOf:
        q = self.quantity
        if self.rest:
            return lambda ctx: list(ctx.rest)
        if q is None or (q.all and not q.up_to):
            return lambda ctx: list(ctx.them)

        def pick(ctx: Ctx) -> list[Card]:
            n = len(ctx.them) if q.all else q.n
            return ctx.world.choose_cards(ctx.actor, list(ctx.them), n, purpose, up_to=q.up_to, prompt=ctx.reason)
        return pick

    def pool(self) -> CardsOf:
        rest = self.rest
        return lambda ctx: list(ctx.rest if rest else ctx.them)

    def least(self) -> int:
        return self.quantity.least() if self.quantity is not None else 1

    def refers(self) -> str | None:
        return "rest" if self.rest else "them"


@construct
@dataclass(frozen=True)
class Revealed(Cards):
    """The cards this power revealed, wherever they are now: `the revealed card`, `the revealed
    luxury cards`."""

    grammar: ClassVar[str] = r'''
!revealed: "the" "revealed" filter? ("card" | "cards")
'''
    syntax: ClassVar[str] = "the revealed [FILTER] card(s)"
    meaning: ClassVar[str] = ("the cards `reveal ...` showed earlier in this power (those of that kind), wherever they lie "
                              "now; unlike `them`, later steps do not change which cards they are")
    examples: ClassVar[tuple[str, ...]] = (
        "on completion: reveal the top card of the deck then if it is an illegal card then take the revealed card into your hand",
        "on completion: reveal the top 3 cards of the deck then move the revealed luxury cards to your goods")
    filter: Filter | None = None

    def english(self) -> str:
        return f"the revealed {described(self.filter, 'cards')}"

    def pick(self, purpose: str) -> CardsOf:
        f = self.filter
        return lambda ctx: [c for c in ctx.revealed if matches(f, c)]

    def pool(self) -> CardsOf:
        return self.pick("")

    def refers(self) -> str | None:
        return "revealed"


LANGUAGE_WORDS = WORD_RULES
