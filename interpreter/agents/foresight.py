"""What a lead or a follow would come to, said to a person before choosing it: an action that can do
nothing as the table stands (nothing in hand fits a ship, no ship at sea to import from ...), and
why an action cannot be followed at all (R4.8). The engine's own option lists are asked, with the
cards that would be played taken out of the hand for the time of the question, so powers that
change what an action may do are counted as the engine counts them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from interpreter.engine import contract, load, pirate, supply
from interpreter.engine.choices import PirateFromIsland, PirateFromShip, Play
from interpreter.engine.slots import fits
from interpreter.engine.turn import usable_actions

if TYPE_CHECKING:
    from interpreter.engine.game import Game
    from interpreter.engine.state import Card, Player

NOTHING = {
    "load": "nothing left in your hand fits an open slot of your ships",
    "contract": "no card left in your hand can be contracted now (its tier, room on a ship, or its price)",
    "supply": "no card left in your hand to sell and nothing you may take from the island",
    "pirate": "no container at sea and no card on the island to take",
    "import": "no ship at sea to import from (the round is lost, OQ-20)",
}
CANNOT = {
    "contract": "you have no ship in harbor free for a contract",
    "load": "you have no contract on a ship in harbor",
}


def pirate_warning(game: Game, p: Player, value: Any) -> str | None:
    """Why taking the container or island card of a pirate option would lose it: no open slot of the
    pirate's ships takes it and no power offers another place, so it is discarded (R11.2). A power
    pairing containers may still keep it aboard: then nothing is said."""
    if not isinstance(value, PirateFromShip | PirateFromIsland):
        return None
    card = value.card
    if any(fits(game.rules, p, ship, card) for ship in p.ships) or game.rules.pirate_to_goods_cost(p):
        return None
    if game.rules.pair_slot_good(p) is not None:
        return None
    return "no open slot of your ships takes it, so it would be discarded (R11.2)"


def idle_reason(game: Game, p: Player, value: Any) -> str | None:
    """Why the lead or follow option `value` (a `Play`: the cards played and the action carried out)
    would do nothing if the table stayed as it is, or None if it would do something."""
    if not isinstance(value, Play):
        return None
    cards, action = value.cards, value.performed
    if action not in NOTHING:
        return None
    kept = list(p.hand)
    for card in cards:
        if card in p.hand:
            p.hand.remove(card)
    try:
        return None if _would_act(game, p, action, cards) else NOTHING[action]
    finally:
        p.hand[:] = kept


def _would_act(game: Game, p: Player, action: str, cards: tuple[Card, ...]) -> bool:
    if action == "load":
        return len(load.load_options(game, p)) > 1
    if action == "contract":
        return len(contract.contract_options(game, p, game.rules.instances(p, action, True))) > 1
    if action == "supply":
        return len(supply.supply_options(game, p)) > 1
    if action == "pirate":
        return len(pirate.pirate_options(game, p)) > 1
    island = game.zones.island and game.rules.auction_island(game.players[game.leader])
    return bool(game.ships_at_sea() or island)


def cannot_follow(game: Game, p: Player, action: str, offered: int) -> str | None:
    """Why `p` is offered only to draw when `action` was declared (`offered`: the follow options
    besides drawing), or None if `p` may follow."""
    if offered:
        return None
    if not usable_actions(p)[action] and action in CANNOT:
        return f"you cannot follow {action.upper()}: {CANNOT[action]} (R4.8), so you draw"
    return f"you have no {action.upper()} card and no two cards of one colour to follow with (R4.3.2, R4.5), so you draw"
