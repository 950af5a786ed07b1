"""How much things are worth to a player, from what they do in the rules and the power language:
the generic knowledge the heuristic bot decides with (no card is named here); a power's worth
comes from the constructs it is made of (interpreter/lang)."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

from interpreter.cards.model import GOOD_TYPES, CardDef
from interpreter.engine.slots import filled_slots, fits
from interpreter.engine.state import Card, Player

if TYPE_CHECKING:
    from interpreter.engine.game import Game

CARD = 2.0  # a card in hand is worth about one action, 2 credits (card-estimates.yaml's valuation)


@cache
def power_value(card: CardDef) -> float:
    """What a card's powers are worth over a game, in credits: each construct of the power language
    values itself (its `value()`, one home per construct), so a new card in a mod is priced too."""
    return sum(power.node.value() for power in card.powers if power.node is not None)


def good_value(game: Game, p: Player, card: Card) -> float:
    """What the card is worth to `p` as a good: its value at scoring, majorities, one of each, a level."""
    rules = game.rules
    good = card.good
    mine = rules.goods_of_type(p, good)
    best_other = max((rules.goods_of_type(q, good) for q in game.players if q is not p), default=0)
    value = rules.innate_value(p, good) + 1.0  # plus the level it gives
    bonus = game.data.majority_bonus[good]
    if mine + 1 > best_other and mine <= best_other:
        value += bonus * 0.6  # takes or shares the majority
    if not mine and all(rules.goods_of_type(p, g) for g in GOOD_TYPES if g != good):
        value += game.data.one_of_each_bonus
    return value


class _Memo:
    """What `fitting_ships` found in the game's current state. A bot values its options without
    changing the game, so the answers hold until the game moves on: a new decision is logged, or
    another game (a search bot's rollout) is valued. Held by reference, so a game that is gone is
    never mistaken for a new one."""

    game: object = None
    decisions = -1
    asked = -1
    ships: dict[tuple[Any, ...], list] = {}


def fitting_ships(game: Game, p: Player, card: Card) -> list:
    """The ships of `p` on which `card` would fill an open slot (the heuristic asks this of the same
    cards many times while it values one decision's options: memoized for the state at hand)."""
    memo = _Memo
    if memo.game is not game or memo.decisions != len(game.log) or memo.asked != game.decisions_asked:
        memo.game, memo.decisions, memo.asked, memo.ships = game, len(game.log), game.decisions_asked, {}
    key = (p.seat, card.uid, card.good, game.turn, *((len(s.contracts), len(s.containers), s.at_sea) for s in p.ships))
    found = memo.ships.get(key)
    if found is None:
        found = memo.ships[key] = [s for s in p.ships if fits(game.rules, p, s, card)]
    return found


def open_slots(game: Game, p: Player, ship: object) -> int:
    filled, total = filled_slots(game.rules, p, ship)  # type: ignore[arg-type]
    return total - filled


def hand_card_value(game: Game, p: Player, card: Card) -> float:
    """How much `p` wants to keep a hand card: a container for a contract, or a contract to make."""
    value = 1.0
    if fitting_ships(game, p, card):
        value += 4.0
    if game.rules.level(p, card.good) >= card.tier:
        value += 1.0 + power_value(card.defn) / 6.0
    return value
