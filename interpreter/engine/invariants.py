"""Invariants checked after every turn in tests (and with the `check_invariants` option)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from interpreter.engine.state import Card, Player, Ship

if TYPE_CHECKING:
    from interpreter.engine.game import Game


class InvariantError(AssertionError):
    pass


def _places(game: Game) -> list[tuple[str, Player | None, Ship | None, list[Card]]]:
    """Every place a card can lie: (what it is, whose, on which ship, its cards). Named only when asked
    (`all_places`): the check after every turn names places only when it has something to report."""
    places: list[tuple[str, Player | None, Ship | None, list[Card]]] = [
        ("deck", None, None, game.zones.deck), ("discard", None, None, game.zones.discard),
        ("island", None, None, game.zones.island)]
    for p in game.players:
        places += [("hand", p, None, p.hand), ("shipments", p, None, p.shipments), ("imports", p, None, p.imports),
                   ("goods", p, None, p.goods), ("played", p, None, p.played)]
        for ship in p.ships:
            places += [("contracts", p, ship, ship.contracts), ("containers", p, ship, ship.containers)]
    return places


def all_places(game: Game) -> list[tuple[str, list[Card]]]:
    """Every place a card can lie, named for messages."""
    return [(what if p is None else f"{p.name} {what}" if ship is None else f"{p.name} {ship.label} {what}", cards)
            for what, p, ship, cards in _places(game)]


def check(game: Game) -> None:
    """Every card in exactly one place (R3); credits never negative and even (R1.8.3); no area or
    ship past its limit."""
    uids = [card.uid for place in _places(game) for card in place[3]]
    if len(uids) != game.n_cards or len(set(uids)) != len(uids):
        _misplaced(game)
    rules = game.rules
    for p in game.players:
        if p.credits < 0 or p.credits % 2:
            why = "credits are never negative" if p.credits < 0 else "credits are always even (R1.8.3)"
            raise InvariantError(f"turn {game.turn}: {p.name} has {p.credits} credits: {why}")
        if game.scoring:  # end-game adjustments may ignore limits (R13.7, e.g. moving shipments to goods)
            continue
        # R13.6: an area may be past its limit only with cards it already held when the limit fell
        # (a shipment lost, a rule that lowers it starting or its condition coming true) or that a
        # power put there ignoring limits (R13.7); it never grows while past it. `held_over_limit`
        # is what it held at the last check, or more where the engine noted such a fall or power.
        held_imports, held_goods = p.held_over_limit
        imports, goods = len(p.imports), rules.goods_counted(p)
        if imports > max(rules.imports_limit(p), held_imports):
            raise InvariantError(f"turn {game.turn}: {p.name} has {imports} imports, limit {rules.imports_limit(p)}")
        if goods > max(rules.goods_limit(p), held_goods):
            raise InvariantError(f"turn {game.turn}: {p.name} has {len(p.goods)} goods, limit {rules.goods_limit(p)}")
        p.held_over_limit = (imports, goods)
        for ship in p.ships:
            if ship.at_sea and ship.contracts:
                raise InvariantError(f"turn {game.turn}: {p.name}'s {ship.label} is at sea with contracts")
            # Capacity (R6.6) is checked when a contract is added; a power that raised it (or halved
            # loads) may leave Shipments later, and the contracts already made stay, as limits do (R13.6).
            if ship.at_sea and not ship.containers:
                raise InvariantError(f"turn {game.turn}: {p.name}'s {ship.label} is at sea and empty")


def _misplaced(game: Game) -> None:
    """The card in two places, or the count of cards in play that is wrong, with the places named."""
    seen: dict[int, str] = {}
    for where, cards in all_places(game):
        for card in cards:
            if card.uid in seen:
                raise InvariantError(f"turn {game.turn}: {card} is both in {seen[card.uid]} and {where}")
            seen[card.uid] = where
    raise InvariantError(f"turn {game.turn}: {len(seen)} cards in play, expected {game.n_cards}")
