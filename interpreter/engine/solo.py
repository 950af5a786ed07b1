"""Actions carried out alone, outside the turn's lead and follow: nobody follows, no imports count,
no tier stacking (used by powers that let a player act out cards, e.g. "use the action of each card
in your hand")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from interpreter.engine import importing, pirate
from interpreter.engine.decisions import Decision, Option
from interpreter.engine.state import Card, Player
from interpreter.engine.turn import PERFORM, may_act, may_use_action

if TYPE_CHECKING:
    from interpreter.engine.game import Game


def perform_alone(game: Game, p: Player, action: str, *, fee: bool = True, sea_only: bool = False) -> None:
    """One instance of `action` for `p` alone. An import is a single-participant auction: free (R10.3.3),
    `p` chooses the ship, and the owner's fee is paid unless the power says otherwise (R10.6).
    `sea_only`: a pirate action that may take only from ships at sea."""
    if not may_act(game, p, action):  # a power forbids it: the action is lost (R4.8)
        return
    if action == "import":
        importing.auction(game, 1, [p.seat], chooser=p.seat, fee=fee)
        return
    if not may_use_action(p, action):
        return

    def no_stacking(value: bool, who: Player) -> bool:
        return False if who is p else value
    game.rules.add_modifier("stacking_allowed", no_stacking)
    try:
        if sea_only and action == "pirate":
            pirate.perform(game, p, 1, sea_only=True)
        else:
            PERFORM[action](game, p, 1)
    finally:
        game.rules.remove_modifier("stacking_allowed", no_stacking)


def use_hand_actions(game: Game, p: Player) -> None:
    """`p` may resolve the action of each card in hand once, in any order (sales stay limited to the
    SUPPLY sale of the turn, R12.2)."""
    used: set[int] = set()
    while True:
        options = [Option("stop", None)]
        seen: set[tuple[str, str]] = set()
        for card in p.hand:
            key = (card.id, card.action)
            if card.uid in used or key in seen or not (card.action == "import" or may_use_action(p, card.action)):
                continue
            if not may_act(game, p, card.action):  # a power forbids that action
                continue
            seen.add(key)
            options.append(Option(f"use the {card.action.upper()} action of {card.name}", card))
        if len(options) == 1:
            return
        chosen: Card | None = game.ask(Decision("solo_action", p.seat, options, "Act out a card of your hand?", stop=0)).value
        if chosen is None:
            return
        used.add(chosen.uid)
        perform_alone(game, p, chosen.action)
