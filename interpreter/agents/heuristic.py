"""A heuristic bot: it scores each legal option by what it does for its player, using the generic
valuation of `valuation.py` (credits, cards, goods and levels, completing shipments, denying
opponents), so a new card in a mod is played without teaching the bot about it."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from interpreter.agents.valuation import CARD, Appraisal, power_value
from interpreter.engine.choices import (
    Choice,
    CompletePair,
    ContractCard,
    KeepHalf,
    LoadCard,
    LoadFromDeck,
    LoadPair,
    PirateFromDeck,
    PirateFromHand,
    PirateFromShip,
    Play,
    SellCard,
    SellInsteadOfLoad,
    TakeContainers,
)
from interpreter.engine.state import Card, Ship
from interpreter.powers.world import CardPick, EffectChoice, UsePower

if TYPE_CHECKING:
    from interpreter.engine.decisions import Decision, Option
    from interpreter.engine.game import Game

Scorer = Callable[["HeuristicAgent", Appraisal, Any], float]
_LOWEST = float("-inf")  # below every score (made once: choose starts from it at every decision)


class HeuristicAgent:
    def __init__(self, seed: int, noise: float = 0.3):
        self.rng = random.Random(seed)
        self.noise = noise

    def choose(self, decision: Decision, game: Game) -> int:
        view = Appraisal(game, game.players[decision.player])  # for this decision only
        scorer = SCORERS.get(decision.kind)
        if decision.kind == "bid":
            return self._bid(decision, view)
        by_value = scorer is None
        if scorer is None:
            scorer = _score_by_value
        best, best_score = 0, _LOWEST
        draw, noise = self.rng.random, self.noise  # looked up once: this loop runs for every option of every decision
        for i, option in enumerate(decision.options):
            # a typed record is its own value: passed as it is, without the call of its `value` property
            value = option if by_value or isinstance(option, Choice) else option.value
            score = scorer(self, view, value) + draw() * noise
            if score > best_score:
                best, best_score = i, score
        return best

    # --- bidding ---------------------------------------------------------------------------------
    def _bid(self, decision: Decision, view: Appraisal) -> int:
        game, p = view.game, view.p
        worth = 0.0  # max(..., default=0.0) as a loop: no generator where every bidder asks
        for i, ship in enumerate(view.ships_at_sea()):
            ship_worth = _two_best_goods(view, ship)
            if i == 0 or ship_worth > worth:
                worth = ship_worth
        near_end = p.credits + 6 >= game.rules.end_threshold()
        target = worth * (0.4 if near_end else 0.8) + self.rng.uniform(-1, 1)
        return _bid_index(decision.options, max(0.0, target), p.credits)


def _bid_index(options: list[Option], target: float, credits: int) -> int:
    """The highest bid up to `target` that leaves 4 credits (0 always may be bid), else the least bid
    (a minimum above 0); the first such option. One loop over the bids: every bidder asks it."""
    best = least = -1
    best_amount = least_amount = 0
    for i, option in enumerate(options):
        amount = option.value
        if (amount <= target and credits - amount >= 4 or amount == 0) and (best < 0 or amount > best_amount):
            best, best_amount = i, amount
        if least < 0 or amount < least_amount:
            least, least_amount = i, amount
    return best if best >= 0 else least


# --- the turn -------------------------------------------------------------------------------------

def action_benefit(view: Appraisal, action: str, played: tuple[Card, ...], instances: int = 1) -> float:
    """What carrying out `instances` of `action` would bring `p`, with `played` out of hand. The
    options of a lead or follow differ mostly in the cards played, and the benefit depends on them
    only through what the key below keeps, so each benefit is worked out once per decision."""
    if action == "load":
        key: tuple[object, ...] = (action, instances, _fitting_played(view, played))
    elif action == "contract":
        return _contract_benefit(view, played, instances)
    elif action == "supply":
        key = (action, instances, len(view.p.hand) > len(played))
    else:
        key = (action, instances)
    memo = view.benefits
    value = memo.get(key)
    if value is None:
        value = memo[key] = _action_benefit(view, action, played, instances)
    return value


def _fitting_played(view: Appraisal, played: tuple[Card, ...]) -> int:
    n = 0
    for c in played:
        if view.fitting_ships(c):
            n += 1
    return n


def _contract_benefit(view: Appraisal, played: tuple[Card, ...], instances: int) -> float:
    """The CONTRACT branch of _action_benefit: the best contract value among the hand cards not
    played whose tier the level meets, found from the cards ranked once per decision."""
    ranked = view.contracts_ranked.get(instances)
    if ranked is None:
        ranked = view.contracts_ranked[instances] = _rank_contracts(view, instances)
    if not ranked:  # no ship in harbor, or no card to make a contract
        return 0.0
    best = 0.0  # max(..., default=0.0): 0.0 only when no card is left
    for value, card in ranked:
        if card not in played:
            best = value
            break
    return best * (0.3 if view.waiting_slots() >= 2 else 1.0)


def _rank_contracts(view: Appraisal, instances: int) -> list[tuple[float, Card]]:
    """The hand cards whose tier the level meets, best contract value first (none when `p` has no
    ship in harbor to make a contract on)."""
    p = view.p
    if not p.harbor_ships():
        return []
    # sorted as (-value, place in hand, card): the places differ, so no two cards are compared and no key function is called
    eligible = [(-view.contract_value(c), i, c) for i, c in enumerate(p.hand) if view.level(c.good) + instances - 1 >= c.tier]
    eligible.sort()
    return [(-v, c) for v, _, c in eligible]


def _action_benefit(view: Appraisal, action: str, played: tuple[Card, ...], instances: int) -> float:
    game, p = view.game, view.p
    rules = game.rules
    if action == "load":
        fitting = view.fitting_in_hand() - sum(1 for c in played if view.fitting_ships(c))
        gain = 0.0
        for ship in p.ships:
            if not ship.at_sea and ship.contracts and 0 < view.open_slots(ship) <= min(instances, fitting):
                gain += 6.0 + 2.0 * len(ship.containers)  # a shipment completes: payout and its powers
        return gain + 4.0 * min(instances, fitting)
    if action == "contract":
        best = max((view.contract_value(c) for c in p.hand
                    if c not in played and view.level(c.good) + instances - 1 >= c.tier), default=0.0)
        return best * (0.3 if view.waiting_slots() >= 2 else 1.0) if p.harbor_ships() else 0.0
    if action == "import":
        return 5.0 * instances if view.ships_at_sea() and p.credits >= 2 else 1.0
    if action == "pirate":
        return 4.5 * min(instances, view.pirate_targets()) + (0.5 if view.ships_at_sea() else 0.0)
    if action == "supply":
        sell = rules.sale_price(p) if len(p.hand) > len(played) else 0.0
        take = 2.0 if game.zones.island and rules.imports_room(p) else 0.0
        return sell + take * max(0, instances - 1)
    return 0.0


def _play_cost(view: Appraisal, cards: tuple[Card, ...]) -> float:
    total = 0.0  # a loop, not sum(...) of a generator: this runs for every option of every lead and follow
    known = view.hand_values  # the values already worked out at this decision, read without a call
    for c in cards:
        value = known.get(c.uid)
        total += view.hand_card_value(c) if value is None else value
    return total * 0.6 + (1.5 if len(cards) > 1 else 0.0)


def _draw_value(view: Appraisal) -> float:
    return CARD * view.game.rules.draw_count(view.p) * (1.0 if len(view.p.hand) < 3 else 0.4)


def score_lead(agent: HeuristicAgent, view: Appraisal, value: Any) -> float:
    if not isinstance(value, Play):  # the draw action
        return _draw_value(view)
    action = value.performed
    instances = 1 + view.imports_for(action)
    return action_benefit(view, action, value.cards, instances) - _play_cost(view, value.cards)


def score_follow(agent: HeuristicAgent, view: Appraisal, value: Any) -> float:
    if not isinstance(value, Play):  # the draw action
        return _draw_value(view)
    action = value.performed
    instances = 1 + view.imports_for(action)
    return action_benefit(view, action, value.cards, instances) - _play_cost(view, value.cards) - 0.5


# --- the actions ----------------------------------------------------------------------------------

def score_contract(agent: HeuristicAgent, view: Appraisal, value: Any) -> float:
    if not isinstance(value, ContractCard):
        return 0.5
    return view.contract_value(value.card) - 2.0 * (value.spend - 1) - 0.5 * len(value.ship.contracts)


def score_load(agent: HeuristicAgent, view: Appraisal, value: Any) -> float:
    if isinstance(value, SellInsteadOfLoad):
        return 3.0 - view.hand_card_value(value.card)
    if isinstance(value, LoadFromDeck):
        return 2.0
    if isinstance(value, LoadPair):
        bonus = 10.0 if view.open_slots(value.ship) == 2 else 0.0
        return 5.0 + bonus - view.hand_card_value(value.cards[0]) * 0.3
    if isinstance(value, LoadCard):
        bonus = 10.0 if view.open_slots(value.ship) == 1 else 0.0
        return 5.0 + bonus - view.hand_card_value(value.card) * 0.3
    return 0.0


def _two_best_goods(view: Appraisal, ship: Ship) -> float:
    """What the two containers of `ship` worth most as goods are worth together (a winner takes two,
    R10.5), or the one container; found in one pass, not by sorting."""
    first = second = _LOWEST
    for c in ship.containers:
        value = view.good_value(c)
        if value > first:
            first, second = value, first
        elif value > second:
            second = value
    if second == _LOWEST:
        return 0.0 if first == _LOWEST else first
    return first + second


def score_import_ship(agent: HeuristicAgent, view: Appraisal, value: Any) -> float:
    if isinstance(value, Ship):
        return _two_best_goods(view, value) + (1.0 if value.owner == view.p.seat else 0.0)
    return view.good_value(value)


DECLINE_IMPORT = -0.5  # taking nothing (R0.5) leaves the containers to the ship's owner: only when every take harms more


def score_import_take(agent: HeuristicAgent, view: Appraisal, value: TakeContainers) -> float:
    if not value.cards:
        return DECLINE_IMPORT
    total = 0.0
    for card, where in zip(value.cards, value.plan, strict=True):
        if where == "Goods":
            total += view.good_value(card)
        elif where == "Imports":
            total += 3.0 + view.hand_cards_for(card.action)
    return total


_UNSEEN = (PirateFromHand, PirateFromDeck)  # a tuple made once (`A | B` would build a union at every call)


def score_pirate(agent: HeuristicAgent, view: Appraisal, value: Any) -> float:
    if value is None:
        return 1.0
    if isinstance(value, _UNSEEN):  # a card not seen yet
        return 1.5
    ships = view.fitting_ships(value.card)
    if not ships:  # taken from another player's ship at sea, at least it is theirs no more
        from_a_ship = isinstance(value, PirateFromShip) and not value.harbor_note
        return 0.5 if from_a_ship and value.ship.owner != view.p.seat else 0.0
    for ship in ships:  # a loop, not any(...) of a generator: asked for most options of a pirate
        if view.open_slots(ship) == 1:
            return 15.0  # a shipment completes
    return 5.0


def score_pirate_load(agent: HeuristicAgent, view: Appraisal, value: Any) -> float:
    if value is None:
        return 0.0
    if value == "goods":
        return 3.0
    if isinstance(value, KeepHalf):  # half of a pair kept aboard (a power's rule)
        return 2.0
    if isinstance(value, CompletePair):  # a pair completed
        return 5.0 + (10.0 if view.open_slots(value.ship) == 1 else 0.0)
    return 5.0 + (10.0 if view.open_slots(value) == 1 else 0.0)


def score_supply(agent: HeuristicAgent, view: Appraisal, value: Any) -> float:
    if value is None:
        return 0.5
    if isinstance(value, SellCard):
        return view.game.rules.sale_price(view.p) - view.hand_card_value(value.card)
    return 2.0 + view.hand_cards_for(value.card.action) * 0.8


def score_yes(agent: HeuristicAgent, view: Appraisal, value: Any) -> float:
    return 1.0 if value else 0.0


def score_any_time(agent: HeuristicAgent, view: Appraisal, value: UsePower | None) -> float:
    if value is None:
        return 0.5
    return 1.0 + power_value(value.card.defn) / 10.0


def score_keep(agent: HeuristicAgent, view: Appraisal, value: Any) -> float:
    return 1.0 if value is None else 0.0


def score_solo(agent: HeuristicAgent, view: Appraisal, value: Any) -> float:
    if value is None:
        return 0.5
    return action_benefit(view, value.action, ())


def _score_by_value(agent: HeuristicAgent, view: Appraisal, option: Any) -> float:
    """Choices a power offers, scored by what their typed values say (never by reading labels): a
    card picked for a purpose, one of a power's effects (its construct values itself), a ship."""
    value = option.value
    if isinstance(value, CardPick):
        worth = view.good_value(value.card) + view.hand_card_value(value.card)
        return -worth if value.loses else worth
    if isinstance(value, EffectChoice):
        return float(value.node.value())
    if isinstance(value, Card):
        return view.good_value(value) + view.hand_card_value(value)
    card = getattr(value, "card", None) if isinstance(value, Choice) else None
    if isinstance(card, Card):  # a typed option taking a card
        return view.good_value(card) + view.hand_card_value(card)
    if isinstance(value, Ship):
        return float(len(value.containers))
    if value is None:
        return 0.5
    return agent.rng.random()  # naming a type or a card, choosing a player: no better guess


SCORERS: dict[str, Scorer] = {
    "lead": score_lead, "follow": score_follow, "contract": score_contract, "load": score_load,
    "import_ship": score_import_ship, "import_take": score_import_take, "pirate": score_pirate,
    "pirate_load": score_pirate_load, "supply": score_supply, "optional_power": score_yes,
    "any_time": score_any_time, "discard_contract": score_keep, "solo_action": score_solo,
}


def heuristic_agents(game_seed: int, players: int) -> list[HeuristicAgent]:
    return [HeuristicAgent(game_seed * 2003 + seat * 31 + 7) for seat in range(players)]
