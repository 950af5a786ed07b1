"""Words for cards: kinds of card (filters), whose cards (owners), places, ships, things counted
(`for each ...`) and cards acted on (`2 of your goods`, `1 card from your hand`, `this card`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar

from lark import Token

from interpreter.lang.bounds import CARDS, TIER, Bound
from interpreter.lang.english import acting_player, own
from interpreter.lang.registry import Node, construct
from interpreter.lang.roles import Cards, Group, ShipRef, card_matches
from interpreter.lang.world import Card, CardsOf, Ctx, Number, Player

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


def area(owner_text: str, zone: str) -> str:
    """`in your Goods`, `on your ships`: where the cards of a zone lie."""
    prep = "on" if zone in ("containers", "contracts") else "in"
    return f"{prep} {owner_text} {ZONE_AREA[zone]}"


def words(children: list[Any]) -> list[str]:
    return [str(c) for c in children if isinstance(c, Token)]


def ints(children: list[Any]) -> list[int]:
    return [int(c) for c in children if isinstance(c, Token) and c.type == "INT"]


def nodes(children: list[Any], kind: type | tuple[type, ...] = Node) -> list[Any]:
    return [c for c in children if isinstance(c, kind)]


def first(children: list[Any], kind: type | tuple[type, ...]) -> Any:
    found = nodes(children, kind)
    return found[0] if found else None


def zone_word(children: list[Any]) -> str:
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
    def read(children: list[Any]) -> Quantity:
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
    def build(cls, col: int, children: list[Any]) -> Filter:
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
    def build(cls, col: int, children: list[Any]) -> OfType:
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

OWNER_KINDS = {
    ("your",): "you", ("their",): "they", ("that", "player's"): "that", ("each", "other", "player's"): "each_other",
    ("every", "other", "player's"): "each_other", ("other", "players'"): "others", ("another", "player's"): "others",
    ("every", "player's"): "each", ("each", "player's"): "each", ("all", "players'"): "all", ("any", "player's"): "all",
    ("the", "chosen", "player's"): "chosen", ("that", "ship's", "owner's"): "ship_owner",
}
OWNER_TEXT = {"you": "your", "that": "that player's", "each_other": "each other player's",
              "others": "the other players'", "each": "each player's", "all": "all players'",
              "chosen": "the chosen player's", "ship_owner": "that ship's owner's"}
# Words that mean what another phrase means but read differently: `any player's goods` are all players'
# goods, yet a card entering any player's Goods is not entering all of them.
SAID_TEXT = {"any player's": "any player's"}


@construct
@dataclass(frozen=True)
class Owner(Node):
    """Whose cards: `your` (the card's owner), `their` (the player acting now), `that player's` (the
    event's player), other players' (each one apart, or together), everybody's, the chosen player's."""

    role: ClassVar[str] = "owner"
    grammar: ClassVar[str] = r'''
!owner: "your" | "their" | "that" "player's" | "each" "other" "player's" | "every" "other" "player's" | "other" "players'"
      | "another" "player's" | "every" "player's" | "each" "player's" | "all" "players'" | "any" "player's"
      | "the" "chosen" "player's" | "that" "ship's" "owner's"
'''
    syntax: ClassVar[str] = ("your | their | that player's | each other player's | other players' | another player's | "
                             "every player's | all players' | the chosen player's | that ship's owner's")
    meaning: ClassVar[str] = ("`each ...'s` takes each player apart (`1 card from each other player's hand`: one from each); "
                              "`all players'`, `other players'` and `another player's` take their cards together; `their` is the "
                              "player acting in a group (`every player puts 1 of their goods ...`)")
    examples: ClassVar[tuple[str, ...]] = (
        "on completion: take 1 card from each other player's hand",
        "on completion: gain 2 for each of all players' consumer goods",
    )
    kind: str = "you"
    said: str = field(default="", compare=False)  # the words, where they read otherwise than the kind

    @classmethod
    def build(cls, col: int, children: list[Any]) -> Owner:
        said = " ".join(words(children))
        return cls(OWNER_KINDS[tuple(words(children))], SAID_TEXT.get(said, ""), col=col)

    def english(self) -> str:
        if self.kind == "they":  # the player acting: you, or each player of a group
            return own()
        return self.said or OWNER_TEXT[self.kind]

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
        return lambda ctx: ctx.world.players_from(ctx.owner)

    def needs(self) -> str | None:
        return {"that": "that player", "ship_owner": "that ship"}.get(self.kind)

    def refers(self) -> str | None:
        return "chosen" if self.kind == "chosen" else None


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
    def build(cls, col: int, children: list[Any]) -> Where:
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
        if self.owner is None:
            if zone == "deck":
                return lambda ctx: ctx.world.deck_top(10_000)
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


@construct
@dataclass(frozen=True)
class Ships(ShipRef):
    """Ships: `that ship` (the event's), `this ship` (the one this card is contracted on), a ship at
    sea or in harbor (the player chooses), or a player's ships."""

    rule: ClassVar[str] = "ships"
    grammar: ClassVar[str] = r'''
!ships: "a" "ship" _ship_where | "that" "ship" | "this" "ship" | owner ("ship" | "ships") _ship_where?
      | "one" "of" owner "ships" _ship_where?
'''
    syntax: ClassVar[str] = "a ship at sea|in harbor | that ship | this ship | OWNER ships [at sea|in harbor]"
    meaning: ClassVar[str] = "ships; a player's ships are both of them unless `at sea` or `in harbor` says which"
    examples: ClassVar[tuple[str, ...]] = ("on completion: import 1 container from a ship at sea",
                                           "at game end: score 1 for each red container on your ships in harbor")
    kind: str = "any"  # any, that, this, owned
    owner: Owner | None = None
    at: str = "all"  # sea, harbor, all

    @classmethod
    def build(cls, col: int, children: list[Any]) -> Ships:
        w = words(children)
        at = "sea" if "sea" in w else "harbor" if "harbor" in w else "all"
        owner = first(children, Owner)
        if owner is not None:
            return cls("owned", owner, at, col=col)
        if w[:1] == ["that"]:
            return cls("that", col=col)
        if w[:1] == ["this"]:
            return cls("this", col=col)
        return cls("any", None, at, col=col)

    def english(self) -> str:
        where = {"sea": " at sea", "harbor": " in harbor", "all": ""}[self.at]
        if self.kind in ("that", "this"):
            return f"{self.kind} ship"
        if self.kind == "owned":
            assert self.owner is not None
            return f"{self.owner.english()} ships{where}"
        return f"a ship{where}"

    def ships(self) -> Callable[[Ctx], list[Any]]:
        at = self.at
        if self.kind in ("that", "this"):
            return lambda ctx: [ctx.ship] if ctx.ship is not None else []
        if self.kind == "owned":
            assert self.owner is not None
            owners = self.owner.resolve()
            return lambda ctx: [s for p in owners(ctx) for s in ctx.world.ships(p, at)]
        return lambda ctx: ctx.world.ships(None, at)

    def containers(self) -> CardsOf:
        ships = self.ships()
        return lambda ctx: [c for s in ships(ctx) for c in s.containers]

    def needs(self) -> str | None:
        return f"{self.kind} ship" if self.kind in ("that", "this") else None


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
    def build(cls, col: int, children: list[Any]) -> Owned:
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
    def build(cls, col: int, children: list[Any]) -> GoodTypes:
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


DONE_WORDS = ("taken", "moved", "drawn", "discarded", "sold", "loaded", "given", "imported", "contracted", "completed")


@construct
@dataclass(frozen=True)
class Done(Group):
    """Cards this power has already acted on: `card taken`, `cards drawn`."""

    grammar: ClassVar[str] = r'''
!done: _unit ("taken" | "moved" | "drawn" | "discarded" | "sold" | "loaded" | "given" | "imported" | "contracted" | "completed")
'''
    syntax: ClassVar[str] = "card taken|moved|drawn|discarded|sold|loaded|given|imported|contracted|completed"
    meaning: ClassVar[str] = "the cards the earlier steps of this power took, moved, drew, ... (counted as they happen)"
    examples: ClassVar[tuple[str, ...]] = (
        "on completion: take all agriculture cards from each other player's hand then gain 2 for each card taken",)
    verb: str = "taken"

    @classmethod
    def build(cls, col: int, children: list[Any]) -> Done:
        return cls(next(w for w in words(children) if w in DONE_WORDS), col=col)

    def english(self) -> str:
        return f"card {self.verb}"

    def plural(self) -> str:
        return f"cards {self.verb}"

    def count(self) -> Number:
        verb = self.verb
        if verb == "drawn":
            return lambda ctx: len(ctx.drawn)
        return lambda ctx: ctx.done.get(verb, 0)

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
    def build(cls, col: int, children: list[Any]) -> Pairs:
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
    """The actor picks `q` matching cards from each pool (a pool per player taken apart)."""
    def pick(ctx: Ctx) -> list[Card]:
        picked: list[Card] = []
        for pool in pools(ctx):
            cards = [c for c in pool if matches(f, c)]
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
    def build(cls, col: int, children: list[Any]) -> CardsOfOwner:
        whole = words(children) == ["hand"]  # `their hand`: all of it
        return cls(Quantity(0, all=True) if whole else Quantity.read(children), first(children, Owner), first(children, Filter),
                   zone_word(children), first(children, OfType), col=col)

    def whole_hand(self) -> bool:
        return self.zone == "hand" and self.quantity.all and not self.quantity.up_to and self.filter is None

    def english(self) -> str:
        if self.whole_hand():
            return f"{self.owner.english()} whole hand"
        noun = described(self.filter, ZONE_NOUN[self.zone][1 if self.quantity.n != 1 or self.quantity.all else 0])
        where = area(self.owner.english(), self.zone)
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
    `1 container from that ship`, `all agriculture cards from each other player's hand`."""

    grammar: ClassVar[str] = r'''
!cards_from: (_quantity | "all") "random"? filter? _unit of_type? ("from" (place | ships))?
           | "the" "top" INT? ("card" | "cards") "of" "the" "deck"
'''
    numbers: ClassVar[tuple[Bound, ...]] = (CARDS,)
    syntax: ClassVar[str] = ("N|up to N|a|any|all [random] [FILTER] card(s)|container(s) [OF TYPE] [from PLACE|SHIPS] | "
                             "the top [N] card(s) of the deck")
    meaning: ClassVar[str] = ("cards from a place, or containers from ships; the player acting chooses them unless they are "
                              "`random`; from `each ...'s` hand, that many from each player; without `from ...`, cards "
                              "come from the acting player's hand (`discard 2 cards to draw 3`)")
    examples: ClassVar[tuple[str, ...]] = ("any time: sell 1 agriculture card from your hand to the island for 2",
                                           "when you pirate from another player's ship at sea: take 1 random card from that ship's owner's hand",
                                           "when you pirate: draw 1 then move the top card of the deck to the island")
    quantity: Quantity = Quantity()
    random: bool = False
    filter: Filter | None = None
    unit: str = "cards"
    of_type: OfType | None = None
    source: Node | None = None
    implied: bool = False  # no `from ...` written: the acting player's hand

    @classmethod
    def build(cls, col: int, children: list[Any]) -> CardsFrom:
        w = words(children)
        if w[:2] == ["the", "top"]:  # `the top 3 cards of the deck` is `3 cards from the deck`: its top cards
            return cls(Quantity(ints(children)[0] if ints(children) else 1), source=Where(None, "deck", col=col), col=col)
        unit = next((ZONE_OF_WORD[x] for x in w if x in ZONE_OF_WORD and x not in ("hand",)), "cards")
        source = first(children, (Where, Ships))
        implied = source is None
        if implied:  # `discard 2 cards`: from the hand of the player acting
            source = Where(Owner("they"), "hand", col=col)
        return cls(Quantity.read(children), "random" in w, first(children, Filter), unit, first(children, OfType),
                   source, implied, col=col)

    def english(self) -> str:
        base = "container" if self.unit == "containers" else "card"
        noun = described(self.filter, base + ("" if self.quantity.n == 1 and not self.quantity.all else "s"))
        assert self.source is not None
        source = f"{own()} hand" if self.implied else self.source.english()
        if self.quantity.all and not self.quantity.up_to:
            return f"all {'random ' if self.random else ''}{noun}{type_words(self.of_type)} from {source}"
        rnd = "random " if self.random else ""
        return f"{self.quantity.english()} {rnd}{noun}{type_words(self.of_type)} from {source}"

    def _pools(self) -> Callable[[Ctx], list[list[Card]]]:
        src = self.source
        if isinstance(src, Where) and src.owner is None and src.zone == "deck":
            n = 10_000 if self.quantity.all else self.quantity.n  # cards from the deck are its top cards
            return lambda ctx: [ctx.world.deck_top(n)]
        if isinstance(src, Ships):
            if src.kind == "owned" and src.owner is not None and src.owner.apart:
                owners, at = src.owner.resolve(), src.at
                return lambda ctx: [[c for s in ctx.world.ships(p, at) for c in s.containers] for p in owners(ctx)]
            containers = src.containers()
            return lambda ctx: [containers(ctx)]
        assert isinstance(src, Where)
        return src.per_owner()

    def pick(self, purpose: str) -> CardsOf:
        src = self.source
        if isinstance(src, Where) and src.owner is None and src.zone == "deck" and self.filter is None:
            return lambda ctx: [c for pool in self._pools()(ctx) for c in pool]  # the top cards: nothing to choose
        return _pick_from(self._pools(), self.filter, self.of_type, self.quantity, self.random, purpose)

    def pool(self) -> CardsOf:
        pools, f = self._pools(), self.filter
        return lambda ctx: [c for pool in pools(ctx) for c in pool if matches(f, c)]

    def least(self) -> int:
        return self.quantity.least()

    def enough(self) -> Callable[[Ctx], bool]:
        return _enough(self._pools(), self.filter, self.of_type, self.least())


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
                              "cards looked at that no later step has used")
    examples: ClassVar[tuple[str, ...]] = (
        "on completion: look at the top 5 cards of the deck then take 1 of them into your hand then discard the rest",)
    quantity: Quantity | None = None
    rest: bool = False

    @classmethod
    def build(cls, col: int, children: list[Any]) -> Them:
        w = words(children)
        if w[-1:] == ["rest"]:
            return cls(None, True, col=col)
        if "of" in w:
            return cls(Quantity.read(children), col=col)
        return cls(None, col=col)

    def english(self) -> str:
        if self.rest:
            return "the rest"
        return f"{self.quantity.english()} of them" if self.quantity is not None else "them"

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


LANGUAGE_WORDS = WORD_RULES
