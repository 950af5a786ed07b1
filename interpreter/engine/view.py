"""What one player can see (R3.5): the whole public table plus his or her own hand, as text."""

from __future__ import annotations

from typing import TYPE_CHECKING

from interpreter.engine.slots import open_slots_text
from interpreter.engine.state import Card, Player, Ship

if TYPE_CHECKING:
    from interpreter.engine.game import Game


def card_text(card: Card) -> str:
    return f"{card.name} [{card.good}/{card.action}, tier {card.tier}, loads {card.defn.load_text()}]"


def names(cards: list[Card]) -> str:
    return ", ".join(c.name for c in cards) if cards else "-"


def ship_text(game: Game, p: Player, ship: Ship) -> str:
    if ship.at_sea:
        return f"{ship.label} at sea carrying {names(ship.containers)}"
    if not ship.contracts:
        extra = f" (containers aboard: {names(ship.containers)})" if ship.containers else ""
        return f"{ship.label} in harbor, free{extra}"
    return (f"{ship.label} in harbor: contracts {names(ship.contracts)}; loaded {names(ship.containers)}; "
            f"still needs {open_slots_text(game.rules, p, ship)}")


def harbor_text(game: Game, p: Player) -> list[str]:
    rules = game.rules
    return [
        f"  Shipments ({len(p.shipments)}): {names(p.shipments)}",
        f"  Imports ({len(p.imports)}/{rules.imports_limit(p)}): {names(p.imports)}",
        f"  Goods ({rules.goods_counted(p)}/{rules.goods_limit(p)}): {names(p.goods)}",
        *(f"  {ship_text(game, p, s)}" for s in p.ships),
    ]


def render(game: Game, seat: int) -> str:
    me = game.players[seat]
    zones = game.zones
    lines = [f"Turn {game.turn}, leader {game.players[game.leader].name}. "
             f"Deck {len(zones.deck)}, discard {len(zones.discard)}. Game end at {game.rules.end_threshold()} credits."]
    lines.append(f"Supply island: {names(zones.island)}")
    for p in game.players:
        if p is me:
            continue
        played = f", played {names(p.played)}" if p.played else ""
        lines.append(f"{p.name}: {p.credits} credits, {len(p.hand)} cards in hand{played}")
        lines += harbor_text(game, p)
    lines.append(f"You are {me.name}: {me.credits} credits")
    lines += harbor_text(game, me)
    levels = ", ".join(f"{g} {game.rules.level(me, g)}" for g in ("technology", "agriculture", "illegal", "consumer", "luxury"))
    lines.append(f"  Levels: {levels}")
    lines.append("  Hand: " + ("; ".join(card_text(c) for c in me.hand) if me.hand else "empty"))
    return "\n".join(lines)
