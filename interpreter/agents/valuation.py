"""How much things are worth to a player, from what they do in the rules and the power language:
the generic knowledge the heuristic bot decides with (no card is named here)."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from interpreter.cards.model import GOOD_TYPES, CardDef
from interpreter.dsl import ast
from interpreter.dsl.check import walk
from interpreter.engine.slots import fits
from interpreter.engine.state import Card, Player

if TYPE_CHECKING:
    from interpreter.engine.game import Game

CARD = 2.0  # a card in hand is worth about one action, 2 credits (card-estimates.yaml's valuation)
TIMES_TRIGGERED = 3.0  # how often an ongoing power fires in a game, roughly


def _effect_value(e: ast.Effect) -> float:
    """Credits-equivalent of one run of an effect, judged from its kind and numbers."""
    per = 2.0 if getattr(e, "per", None) is not None else 1.0
    match e:
        case ast.Gain(amount=n):
            return n * per
        case ast.Draw(amount=n) | ast.DrawUntil(hand_size=n):
            return CARD * min(n, 5) * per
        case ast.PaysYou(amount=n) | ast.GiveCards(amount=n):
            return 2.0 * n
        case ast.YouPay(amount=n) | ast.PayBank(amount=n):
            return -1.5 * n
        case ast.FreeActions(amount=n) | ast.FreeAnyActions(amount=n):
            return 3.0 * n
        case ast.IfThen(then=t, otherwise=o):
            return 0.5 * _effect_value(t) + (0.5 * _effect_value(o) if o else 0.0)
        case ast.May(effect=inner) | ast.Either(first=inner):
            return max(0.0, _effect_value(inner))
        case ast.Win():
            return 30.0
        case ast.Park(amount=n):
            return float(n)
    return 2.0  # moving cards, swapping, naming: a modest edge


@cache
def power_value(card: CardDef) -> float:
    """What a card's powers are worth over a game, in credits, estimated from their syntax trees."""
    total = 0.0
    for power in card.powers:
        tree = power.ast
        if tree.timing == "rule" or tree.timing == "as_contract":
            total += 6.0
            continue
        value = sum(_effect_value(e) for e in walk(tree.effects))
        total += value * (TIMES_TRIGGERED if tree.timing in ("triggered", "any_time") else 1.0)
    return total


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


def fitting_ships(game: Game, p: Player, card: Card) -> list:
    return [s for s in p.ships if fits(game.rules, p, s, card)]


def open_slots(game: Game, p: Player, ship: object) -> int:
    from interpreter.engine.slots import filled_slots
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
