"""What is printed: every card face as plain data, taken from the card set (the good cards) and from
the rules data (the ship, harbor and supply island cards), so a pack's new card or a changed rule
number is printed as the engine plays it."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from interpreter.cards.catalog import BASE_SET, choose_sets, load_all_cards, load_rules
from interpreter.cards.diagnostics import did_you_mean
from interpreter.cards.loader import CardSet
from interpreter.cards.model import ANY_COLOUR, GOOD_TYPES, CardDef
from interpreter.cards.rulesdata import RulesData
from interpreter.engine.options import GameOptions
from interpreter.mods.apply import apply_packs

# The desk's palette (web/static/desk.css), so a printed card looks like the card in the gallery.
COLOUR_RGB = {"green": "#2e8b47", "yellow": "#d6a312", "red": "#c62e2e", "black": "#2b2b2b", "blue": "#2860c4",
              "grey": "#8a8f98"}
NEUTRAL_RGB = "#1d2330"


class PrintError(ValueError):
    """A choice the printer cannot honour (an unknown card id, an empty selection); the message says why."""


@dataclass(frozen=True)
class GoodFace:
    """A good card as printed: its facts, its text (the card file's `text:`), where it comes from."""

    id: str
    name: str
    set: str
    good: str
    colour: str  # the colour of its good type (green, yellow, ...)
    action: str
    tier: int
    load: tuple[tuple[str, str, int], ...]  # (good type or `any`, its colour or `any`, count)
    text: str
    estimated: tuple[str, ...]
    pack: str  # the mod pack that added or changed it, or ""
    kind: str = "good"

    @property
    def key(self) -> str:
        """A file name for the face's image."""
        return self.id

    @property
    def nickname(self) -> str:
        """The card's name in a list of objects (Tabletop Simulator's)."""
        return self.name

    def load_words(self) -> str:
        return " + ".join(f"{n} {good if good != ANY_COLOUR else 'any colour'}" for good, _, n in self.load)

    def description(self) -> str:
        """The card's facts and text, as one paragraph (Tabletop Simulator's description)."""
        mark = {f: "*" if f in self.estimated else "" for f in ("good", "action", "tier", "load")}
        facts = (f"{self.good}{mark['good']}, {self.action.upper()}{mark['action']}, tier {self.tier}{mark['tier']}, "
                 f"loads {self.load_words()}{mark['load']}")
        extra = " (* estimated)" if self.estimated else ""
        origin = f"{self.set}" + (f", pack {self.pack}" if self.pack else "")
        return f"{facts}{extra}. {self.text} [{origin}]"


@dataclass(frozen=True)
class PlainFace:
    """A ship, harbor or supply island card: a title, a small table and a few notes."""

    kind: str  # ship, harbor, island
    key: str
    title: str
    colour: str  # a ship colour, or "" for the neutral cards
    subtitle: str
    rows: tuple[tuple[str, str, str], ...]  # label, value, the colour of a container drawn before the label (or "")
    notes: tuple[str, ...]

    @property
    def name(self) -> str:
        return self.title

    @property
    def nickname(self) -> str:
        """The card's name in a list of objects (Tabletop Simulator's): a ship says its colour."""
        return f"{self.colour.capitalize()} {self.title.lower()}" if self.colour else self.title

    def description(self) -> str:
        rows = "; ".join(f"{a}: {b}" for a, b, _ in self.rows)
        return " ".join(x for x in (self.subtitle + ".", rows + ("." if rows else ""), *self.notes) if x.strip(". "))


Face = GoodFace | PlainFace


@dataclass
class PrintSet:
    """The cards of one print: the good cards (a face per physical copy) and the other components."""

    goods: list[GoodFace]
    components: list[PlainFace]
    rules: RulesData
    options: GameOptions
    expansions: str
    packs: list[str] = field(default_factory=list)
    sets: list[str] = field(default_factory=list)

    def faces(self) -> list[Face]:
        return [*self.goods, *self.components]

    def distinct_goods(self) -> list[GoodFace]:
        seen: dict[str, GoodFace] = {}
        for face in self.goods:
            seen.setdefault(face.id, face)
        return list(seen.values())


def good_face(card: CardDef, colours: dict[str, str], pack: str) -> GoodFace:
    load = tuple((good, ANY_COLOUR if good == ANY_COLOUR else colours.get(good, good), n) for good, n in card.load)
    return GoodFace(card.id, card.name, card.set, card.good, colours.get(card.good, card.good), card.action, card.tier,
                    load, " ".join(card.text.split()), tuple(card.estimated), pack)


def _order(card: CardDef, set_order: list[str]) -> tuple[int, int, str]:
    good = GOOD_TYPES.index(card.good) if card.good in GOOD_TYPES else len(GOOD_TYPES)
    return (set_order.index(card.set) if card.set in set_order else len(set_order), good, card.name.lower())


def choose_cards(expansions: str, mods: list[Path]) -> tuple[CardSet, dict[str, str]]:
    """The card set of `--expansions` and `--mod`, and for each card a pack added or changed, that pack."""
    cards = choose_sets(load_all_cards(), expansions)
    origin: dict[str, str] = {}
    if mods:
        applied = apply_packs(cards, mods)
        cards = applied.cards
        for change in applied.changes:
            for card_id in [*change.added, *change.replaced]:
                origin[card_id] = change.pack
    return cards, origin


def print_set(cards: CardSet, origin: dict[str, str], expansions: str, options: GameOptions,
              only: list[str] | None = None, rules: RulesData | None = None) -> PrintSet:
    """The faces to print: every card of `cards` (each copy), or only the ids in `only` (one copy
    each, no components); the components come from the rules data."""
    rules = rules or load_rules()
    colours = {good: colour for colour, good in rules.colours if good}
    set_order = [BASE_SET, *[s for s in cards.set_names() if s != BASE_SET]]
    if only is not None:
        wanted = [i.strip() for i in only if i.strip()]
        if not wanted:
            raise PrintError("--cards: give one or more card ids, separated by commas")
        for card_id in wanted:
            if card_id not in cards.by_id:
                raise PrintError(f"--cards: no card `{card_id}` in this card set{did_you_mean(card_id, cards.by_id)}")
        chosen = [cards.by_id[i] for i in dict.fromkeys(wanted)]
        components: list[PlainFace] = []
    else:
        chosen = sorted(cards.cards, key=lambda c: _order(c, set_order))
        components = component_faces(rules, options)
    goods = [good_face(c, colours, origin.get(c.id, "")) for c in chosen]
    return PrintSet(goods, components, rules, options, expansions, sorted(set(origin.values())),
                    [s for s in set_order if any(c.set == s for c in cards.cards)])


# ------------------------------------------------------------------------------------ components

def payout_rows(rules: RulesData) -> list[tuple[str, str, str]]:
    """The payout table (R1.6.1) as rows: `2-3 containers` `6 credits`, runs of equal payouts merged."""
    payout = rules.payout
    rows: list[tuple[str, str, str]] = []
    start = 1
    for n in range(1, len(payout)):
        if n == len(payout) - 1 or payout[n + 1] != payout[n]:
            span = f"{start}" if start == n else f"{start}-{n}"
            more = "+" if n == len(payout) - 1 else ""
            rows.append((f"{span}{more} container{'s' if n > 1 else ''}", f"{payout[n]} credits", ""))
            start = n + 1
    return rows


def action_lines(rules: RulesData) -> tuple[str, ...]:
    """One line per action type, as the harbor card prints them (R1.7), with the rules data's numbers."""
    return (
        "CONTRACT: put a hand card on a ship in your harbor; your level in its good type must reach its tier.",
        "LOAD: put a hand card as a container into an open slot of your contracts.",
        f"IMPORT: sealed bids for a ship at sea; the winner takes {rules.containers_per_win} containers "
        f"(at most {rules.most_into_imports} into Imports, the rest into Goods).",
        "PIRATE: take a container from a ship at sea, or a card from the supply island, and load it.",
        f"SUPPLY: sell a hand card to the supply island for {rules.sale_price} credits "
        f"({rules.sales_per_turn} a turn), or take an island card into Imports.",
    )


def component_faces(rules: RulesData, options: GameOptions) -> list[PlainFace]:
    ships: list[PlainFace] = []
    payout = tuple(payout_rows(rules))
    for colour, good in rules.colours:
        if good:
            level = f"Gives +{rules.colour_bonus} level in {good}."
            subtitle = f"{colour} ship · {good}"
        else:
            level = (f"Capital: no level; its player starts with {rules.grey_bonus_credits} more credits. "
                     f"Used only with {rules.grey_only_with_players} players.")
            subtitle = f"{colour} ship · capital"
        notes = (f"Capacity: contracts loading {rules.ship_capacity} containers in all.", level,
                 "+1 to the supply island: each completed shipment puts the top card of the deck there.")
        face = PlainFace("ship", f"ship-{colour}", "Ship", colour, subtitle, payout, notes)
        ships += [face] * rules.ships_per_player
    threshold = options.end_threshold or rules.credit_threshold
    colours = {good: colour for colour, good in rules.colours if good}
    scoring = tuple((good, f"{rules.innate_value[good]} : {rules.majority_bonus[good]:+d}", colours.get(good, "")) for good in GOOD_TYPES)
    harbor = PlainFace("harbor", "harbor", "Harbor", "", "Shipments · Imports · Goods", (
        ("Shipments", "BASE 1 + completed", ""),
        ("Imports", f"{rules.imports_base} + {rules.imports_per_shipment} per shipment", ""),
        ("Goods", f"{rules.goods_base} + {rules.goods_per_shipment} per shipment", ""),
        *scoring,
        ("one of each", f"+{rules.one_of_each_bonus}", ""),
    ), (*action_lines(rules), f"The game ends at {threshold} active credits (or when the deck and discard run out)."))
    island = PlainFace("island", "island", "Supply island", "", "a shared pool, face up", (), (
        f"Setup: {rules.island_cards_per_player} card from the deck per player.",
        "Each completed shipment puts the top card of the deck here.",
        f"SUPPLY: sell a hand card here for {rules.sale_price} credits ({rules.sales_per_turn} a turn), or take a card "
        "from here into your Imports.",
        "PIRATE: take a card from here and load it.",
    ))
    return [*ships, *[harbor] * rules.max_players, island]
