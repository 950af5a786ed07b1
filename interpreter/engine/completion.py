"""Completing a shipment (R8): seed the island, payout, powers, then the ship sails."""

from __future__ import annotations

from typing import TYPE_CHECKING

from interpreter.engine import events as ev
from interpreter.engine.slots import is_complete, paid_containers
from interpreter.engine.state import Player, Ship, remove_container

if TYPE_CHECKING:
    from interpreter.engine.game import Game


def complete_if_full(game: Game, p: Player, ship: Ship) -> bool:
    """Complete `ship` if every slot is filled (R8.1, R7.5, R6.8). Returns True if it completed."""
    if is_complete(game.rules, p, ship):
        complete(game, p, ship)
        return True
    return False


def complete(game: Game, p: Player, ship: Ship) -> None:
    ship.completing = True  # until it sails, the ship takes no new contract
    for card in [c for c in ship.containers if c.uid in ship.halves]:  # half of a pair never paired: not aboard
        remove_container(ship, card)
        game.discard(card, "pirated, never paired", p.seat)
    # R8.2.1, R8.4: one card from the deck onto the supply island per completed ship
    seed = game.draw_card(p.seat)
    if seed is not None:
        game.zones.island.append(seed)
        game.emit(ev.IslandSeeded, card=seed, player=p.seat)
    # R8.2.2: payout by the number of containers loaded for this shipment (OQ-47: not the leftovers
    # of a discarded contract that fill none of its slots, unless the option counts every container)
    literal = game.options.leftover_payout == "paid"
    containers = len(ship.containers) if literal else paid_containers(game.rules, p, ship)
    payout = game.rules.payout(p, ship, containers)
    game.gain(p, payout, "payout")
    # R8.2.3: each contract, in the order made, enters Shipments and its power starts
    # All the ship's contracts enter Shipments together (they complete at the same moment, R8.1); then,
    # in contract order, each one's completion is announced and its one-time powers run.
    contracts = ship.contracts
    ship.contracts = []
    for card in contracts:
        game.add_shipment(p, card)
    for card in contracts:
        game.emit(ev.ContractCompleted, player=p.seat, card=card, ship=ship, contracts=contracts)
        if card.defn.powers:
            game.powers.completed(p, card, ship, contracts, payout)
    # R8.2.4: after payment, before the ship sails
    game.powers.containers_completed(p, ship, contracts)
    game.emit(ev.ShipmentCompleted, player=p.seat, ship=ship, contracts=contracts, containers=containers, payout=payout)
    # R8.2.5: the ship sails with its containers
    ship.completing = False
    ship.pairs.clear()
    ship.at_sea = True
    ship.sailed_with = len(ship.containers)
    game.emit(ev.ShipSailed, player=p.seat, ship=ship)
    if not ship.containers:  # a power removed every container before it sailed (R9.2)
        ship.at_sea = False
        game.emit(ev.ShipReturned, player=p.seat, ship=ship, carried=0, by=None)
