"""What one player can see (R3.5): the whole public table plus his or her own hand, as text.

`render` is the full view (every card by name). `compact_view` is the same information folded into
a table that fits an 80-column terminal, in sections a screen can shorten when it runs out of lines.
Good types are abbreviated by their initials (T A I C L); `GOOD_LEGEND` says which is which.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from interpreter.cards.model import GOOD_TYPES
from interpreter.engine.slots import filled_slots, open_slots_text
from interpreter.engine.state import Card, Player, Ship

if TYPE_CHECKING:
    from interpreter.engine.game import Game

SHORT_GOOD = {"technology": "T", "agriculture": "A", "illegal": "I", "consumer": "C", "luxury": "L"}
GOOD_LEGEND = "T technology, A agriculture, I illegal, C consumer, L luxury"


def short_good(good: str) -> str:
    return SHORT_GOOD.get(good, good[:1].upper())


def card_text(card: Card) -> str:
    return f"{card.name} [{card.good}/{card.action}, tier {card.tier}, loads {card.defn.load_text()}]"


def names(cards: list[Card]) -> str:
    return ", ".join(c.name for c in cards) if cards else "-"


def names_with_goods(cards: list[Card]) -> str:
    return ", ".join(f"{c.name} ({c.good})" for c in cards) if cards else "-"


def ship_text(game: Game, p: Player, ship: Ship) -> str:
    if ship.at_sea:
        return f"{ship.label} at sea carrying {names_with_goods(ship.containers)}"
    if not ship.contracts:
        extra = f" (containers aboard: {names_with_goods(ship.containers)})" if ship.containers else ""
        return f"{ship.label} in harbor, free{extra}"
    return (f"{ship.label} in harbor: contracts {names(ship.contracts)}; loaded {names_with_goods(ship.containers)}; "
            f"still needs {open_slots_text(game.rules, p, ship)}")


def harbor_text(game: Game, p: Player) -> list[str]:
    rules = game.rules
    return [
        f"  Shipments ({len(p.shipments)}): {names(p.shipments)}",
        f"  Imports ({len(p.imports)}/{rules.imports_limit(p)}): {names_with_goods(p.imports)}",
        f"  Goods ({rules.goods_counted(p)}/{rules.goods_limit(p)}): {names_with_goods(p.goods)}",
        *(f"  {ship_text(game, p, s)}" for s in p.ships),
    ]


def status_line(game: Game) -> str:
    """The turn header: whose turn it is and where the game stands."""
    zones = game.zones
    return (f"Turn {game.turn} · {game.players[game.leader].name} leads · deck {len(zones.deck)}, "
            f"discard {len(zones.discard)} · game ends at {game.rules.end_threshold()} credits")


def render(game: Game, seat: int) -> str:
    """The full view of `seat`: every zone with every card's name (and good type where it matters)."""
    me = game.players[seat]
    zones = game.zones
    lines = [status_line(game)]
    lines.append(f"Supply island: {', '.join(f'{c.name} ({c.good}, {c.action.upper()})' for c in zones.island) or '-'}")
    # the discard pile is face up (R3.2): its cards, the last discarded first
    lines.append(f"Discard pile ({len(zones.discard)}): {names(zones.discard[::-1])}")
    for p in game.players:
        if p is me:
            continue
        played = f", played {names(p.played)}" if p.played else ""
        lines.append(f"{p.name}: {p.credits} credits, {len(p.hand)} cards in hand{played}")
        lines += harbor_text(game, p)
    lines.append(f"You are {me.name}: {me.credits} credits")
    lines += harbor_text(game, me)
    levels = ", ".join(f"{g} {game.rules.level(me, g)}" for g in GOOD_TYPES)
    lines.append(f"  Levels: {levels}")
    lines.append("  Hand: " + ("; ".join(card_text(c) for c in me.hand) if me.hand else "empty"))
    return "\n".join(lines)


# --- the compact view -------------------------------------------------------------------------------

@dataclass
class CompactView:
    """The view of one seat in sections, most needed first: a screen keeps `header` and `table` and
    may fold or drop the others when lines run short."""

    header: str
    table: list[str]
    hand: list[str]  # the seat's own cards, wrapped
    own_ships: list[str] = field(default_factory=list)  # the seat's ships in harbor with contracts
    at_sea: list[str] = field(default_factory=list)  # one line per ship at sea, cargo with good types
    at_sea_short: list[str] = field(default_factory=list)  # the same, folded into counts per good type
    island: list[str] = field(default_factory=list)


def _ship_cell(game: Game, p: Player, ship: Ship, room: int) -> str:
    """A ship in a few characters: `1 free`, `1 Cups 2/5` (contracts, slots filled/total), `2 sea 4`."""
    number = str(ship.twin + 1)
    if ship.at_sea:
        return f"{number} sea {len(ship.containers)}"
    if not ship.contracts:
        return f"{number} free" + (f" +{len(ship.containers)}" if ship.containers else "")
    filled, total = filled_slots(game.rules, p, ship)
    fill = f" {filled}/{total}"
    contracts = "+".join(c.name for c in ship.contracts)
    if len(number) + 1 + len(contracts) + len(fill) > room:
        contracts = contracts[:max(3, room - len(number) - 1 - len(fill) - 1)] + "…"
    return f"{number} {contracts}{fill}"


def _levels(game: Game, p: Player) -> str:
    return " ".join(str(game.rules.level(p, g)) for g in GOOD_TYPES)


def _ships_cell(game: Game, p: Player, room: int) -> str:
    """The ships of `p` in `room` characters: ships at sea and free ships take what they need, ships
    with contracts share the rest."""
    short = {id(s): _ship_cell(game, p, s, room) for s in p.ships if s.at_sea or not s.contracts}
    busy = [s for s in p.ships if id(s) not in short]
    left = room - sum(len(c) for c in short.values()) - 2 * (len(p.ships) - 1)
    cells = [short.get(id(s)) or _ship_cell(game, p, s, max(8, left // max(1, len(busy)))) for s in p.ships]
    return ", ".join(cells)


def player_table(game: Game, seat: int, width: int = 80) -> list[str]:
    """One row per player: credits, cards in hand, shipments done, imports and goods against their
    limits, levels per good type, and the ships. `>` marks the leader, `*` the seat viewing."""
    rules = game.rules
    name_width = max(len(p.name) for p in game.players) + 2
    head = f"{'player':<{name_width}}{'cr':>3}{'hand':>5}{'done':>5}{'imp':>4}{'goods':>6} {'T A I C L':<9} ships"
    rows = [head]
    for p in game.players:
        mark = ">" if p.seat == game.leader else " "
        me = "*" if p.seat == seat else " "
        imports = f"{len(p.imports)}/{rules.imports_limit(p)}"
        goods = f"{rules.goods_counted(p)}/{rules.goods_limit(p)}"
        row = (f"{mark + p.name + me:<{name_width}}{p.credits:>3}{len(p.hand):>5}{len(p.shipments):>5}{imports:>4}{goods:>6} "
               f"{_levels(game, p):<9} ")
        row += _ships_cell(game, p, max(12, width - len(row)))
        rows.append(row if len(row) <= width else row[:width - 1] + "…")
    return rows


def wrap_items(title: str, items: list[str], width: int, sep: str = ",") -> list[str]:
    """`title item, item, ...` (items between `sep`) wrapped at `width`, continuation lines indented."""
    lines: list[str] = []
    line = title
    for i, item in enumerate(items):
        piece = item + (sep if i < len(items) - 1 else "")
        if len(line) + 1 + len(piece) > width and line.strip() and line != title:
            lines.append(line)
            line = " " * min(len(title), 8)
        line = f"{line} {piece}" if line.strip() else f"{line}{piece}"
    lines.append(line)
    return lines


def hand_item(card: Card) -> str:
    """`Cups (C LOAD t2 3C)`: good, action, tier, and the containers its contract needs."""
    load = "+".join(f"{n}{short_good(colour) if colour != 'any' else '?'}" for colour, n in card.load)
    return f"{card.name} ({short_good(card.good)} {card.action.upper()} t{card.tier} {load})"


def compact_view(game: Game, seat: int, width: int = 80) -> CompactView:
    me = game.players[seat]
    hand = wrap_items("Your hand:", [hand_item(c) for c in me.hand], width) if me.hand else ["Your hand: empty"]
    own = []
    for ship in me.ships:
        if not ship.at_sea and ship.contracts:
            loaded = ", ".join(f"{c.name} {short_good(c.good)}" for c in ship.containers) or "nothing"
            text = (f"Your {ship.label}: contracts {names(ship.contracts)}; loaded {loaded}; "
                    f"still needs {open_slots_text(game.rules, me, ship)}")
            own += textwrap.wrap(text, width, subsequent_indent=" " * 8)
    at_sea, at_sea_short = [], []
    for p in game.players:
        for ship in p.ships:
            if ship.at_sea and ship.containers:
                title = f"At sea, {p.name} {ship.twin + 1}:"
                at_sea += wrap_items(title, [f"{c.name} {short_good(c.good)}" for c in ship.containers], width)
                counts = {g: sum(1 for c in ship.containers if c.good == g) for g in GOOD_TYPES}
                at_sea_short.append(f"{p.name} {ship.twin + 1}: " + " ".join(f"{n}{short_good(g)}" for g, n in counts.items() if n))
    folded = wrap_items("At sea:", at_sea_short, width, sep=";") if at_sea_short else []
    island = wrap_items("Island:", [f"{c.name} {short_good(c.good)} {c.action.upper()}" for c in game.zones.island], width) \
        if game.zones.island else ["Island: empty"]
    return CompactView(status_line(game), player_table(game, seat, width), hand, own, at_sea, folded, island)
