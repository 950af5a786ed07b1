"""Rule queries: every number or rule a card can change is read here, never hard-coded elsewhere.

A query returns the base value from `cards/game.yaml` (through `RulesData`) and then lets each active
modifier registered for it change the value, in registration order. With no modifier registered a
query costs one list look-up more than the bare rule. `QUERIES` documents each one.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from interpreter.cards.model import GOOD_TYPES
from interpreter.cards.rulesdata import RulesData
from interpreter.engine.options import GameOptions
from interpreter.engine.state import Card, Container, Player, Ship, count_goods

Modifier = Callable[..., Any]
PIRATE_SOURCES = frozenset(("sea", "island"))  # where a pirate takes from by the rules (R11.1)

QUERIES: dict[str, str] = {
    "goods_of_type": "how many goods of a type a player has, virtual goods included (R5.1, R17.9, OQ-36)",
    "pirate_sources": "where a pirate may take a container from: `sea`, `island`, and by powers `harbor`, `deck`, `hand` (R11.1)",
    "load_from_deck": "whether a load action may load the top card of the deck instead of a hand card",
    "sell_instead_of_load": "credits for selling a hand card to the island instead of loading, once per turn (0: not allowed)",
    "leads_twice": "whether a player who starts a turn as leader leads the next turn too (R4.10: no), read as the turn "
                   "starts, before the powers answering its start",
    "pair_slot_good": "the good type of slot that two containers of one colour may fill together (None: not allowed)",
    "pirate_to_goods_cost": "credits a pirate may pay to put the pirated card into Goods instead (0: not allowed)",
    "returns_with": "how many containers a player's ship at sea may still carry when it returns home (R9.2; 0 by the rules)",
    "auction_island": "whether a leader may auction a supply-island card instead of a ship (R10.2)",
    "level": "a player's level in a good type: goods of that type + colour bonus (R5.1, R5.2)",
    "imports_limit": "how many cards a player's Imports may hold: base + per completed shipment (R13.2)",
    "goods_limit": "how many cards a player's Goods may hold: base + per completed shipment (R13.3)",
    "goods_counted": "how many places a player's goods use toward the goods limit (R13.4)",
    "ship_capacity": "the most containers the contracts on one ship may require together (R6.6)",
    "payout": "credits paid for a completed ship by its number of containers (R8.2.2, OQ-17)",
    "end_threshold": "active credits that trigger the game end (R16.1.1, R18)",
    "can_trigger_end": "whether a player's credits may trigger the game end (R16.1.1)",
    "tie_order": "the order in which tied import bidders win (R10.3.1, OQ-4)",
    "may_play_for": "whether a card may be played alone to declare or follow an action (R4.2.2, R4.3.2)",
    "wild_pair_allowed": "whether two cards of one colour may stand for an action card (R4.5)",
    "contract_load": "the load slots a contract opens on its ship, by colour or `any` (R1.3.5, R7.2)",
    "container_wild": "whether a player's container fills any slot (R7.2)",
    "contract_need": "how many of a contract's load slots must be filled to complete it: all of them by the rules; "
                     "fewer by a power, the player then choosing which of them to fill (R8.1)",
    "instances": "how many instances of the declared action a player gets this turn (R4.6)",
    "majority_goods": "how many goods of a type a player counts for majorities (R17.6)",
    "contract_cost": "credits paid to the bank to contract a card (0 by the rules, R6.1)",
    "tier_needed": "the level in its good type a player needs to contract a card with one instance: its tier by the "
                   "rules (R5.3, R6.4)",
    "contracts_per_action": "how many cards one CONTRACT instance may place on one ship (1 by the rules, R6.1)",
    "may_pirate_ship": "whether a pirate may take containers from another player's ship (R11.1)",
    "slot_colours": "the slot colours a player's container fills: its own (R7.1), more by a power",
    "stacking_allowed": "whether extra contract instances may raise a level for one contract (R6.4)",
    "sale_price": "credits for selling a card to the supply island (R12.1.1)",
    "sales_per_turn": "how many SUPPLY sales a player may make in one turn (R12.2)",
    "import_fee": "what the owner of an auctioned ship receives when another player wins (R10.6)",
    "containers_per_import": "how many containers an import winner takes (R10.5)",
    "most_into_imports": "how many of the taken containers may go into Imports (R10.5)",
    "draw_count": "how many cards a draw action draws: up to the hand size, at least the minimum (R4.2.1)",
    "innate_value": "what one good of a type scores at game end (R17.5)",
    "majority_bonus": "what a player receives of a majority bonus or penalty, after sharing a tie (R17.6, R17.6.1)",
    "one_of_each_bonus": "the bonus for holding a good of every type (R17.7)",
    "majority_winners": "which of the players tied for a majority receive a share (R17.6, R17.6.2)",
    "performed_action": "the action a player carries out after declaring or following with given cards (R4.6.7)",
    "action_choices": "the actions a player may choose between, all instances of the turn being of the one chosen, "
                      "when carrying out a declared action (R4.6.7)",
    "may_play": "whether a player may declare (as leader) or follow an action, the leader being given (R4.2.2, R4.3.2)",
    "may_draw_action": "whether a player may take the draw action instead of leading or following; one who can do "
                       "nothing else draws all the same (R4.2.1, R4.3.1)",
    "may_act": "whether a player may carry out instances of an action type: those he or she may not are lost (R4.8)",
    "may_import": "whether a player may win containers from a ship of a given owner, by an auction or a power (R10.1)",
    "minimum_bid": "the lowest bid a player may make on a ship of a given owner (0 by the rules, R10.3); a lone "
                   "participant pays it instead of taking the containers free (R10.3.3)",
    "may_contract": "whether a player may contract a card, by a CONTRACT action or by a power (R6.1)",
    "may_load": "whether a player may load a card as a container, by a LOAD action or by a power (R7.1)",
    "may_sell": "whether a player may sell a card to the supply island, by SUPPLY or by a power (R12.1.1, R12.5)",
    "may_take_from_island": "whether a player may take a card from the supply island into Imports by SUPPLY (R12.1.2)",
    "power_may_move": "whether a power of one player may move the cards of a given player's area (hand, goods, imports, "
                      "shipments, containers), or put them into it (R15)",
}


class Rules:
    """The rule queries of one game, with the modifiers active in it."""

    def __init__(self, data: RulesData, options: GameOptions):
        self.data = data
        self.options = options
        self._mods: dict[str, list[Modifier]] = {name: [] for name in QUERIES}
        # The queries some modifier changes now, kept up to date wherever the modifiers change: a hot
        # path tests `"may_act" in rules.active` (no call) and, usually, takes the bare rule at once.
        self.active: set[str] = set()

    def add_modifier(self, query: str, modifier: Modifier, first: bool = False) -> None:
        """Add a modifier after those of `query` (or before them all: `first`); they apply in order."""
        if query not in self._mods:
            raise KeyError(f"unknown rule query `{query}`")
        if first:
            self._mods[query].insert(0, modifier)
        else:
            self._mods[query].append(modifier)
        self.active.add(query)

    def remove_modifier(self, query: str, modifier: Modifier) -> None:
        self._mods[query].remove(modifier)
        self._note(query)

    def set_modifiers(self, query: str, modifiers: list[Modifier]) -> None:
        """Replace the modifiers of `query`, in order (a clone's rules, engine/cloning.py)."""
        self._mods[query] = modifiers
        self._note(query)

    def _note(self, query: str) -> None:
        """Keep `active` in step with the modifiers of `query`."""
        if self._mods[query]:
            self.active.add(query)
        else:
            self.active.discard(query)

    @contextmanager
    def without(self, modifiers: Sequence[tuple[str, Modifier]]) -> Iterator[None]:
        """The queries as they would answer without `modifiers` (a card's rules, as if it had left
        Shipments); afterwards each is back at its place in the order."""
        taken: list[tuple[str, int, Modifier]] = []
        for query, modifier in modifiers:
            mods = self._mods[query]
            index = next(i for i, m in enumerate(mods) if m is modifier)
            del mods[index]
            self._note(query)
            taken.append((query, index, modifier))
        try:
            yield
        finally:
            for query, index, modifier in reversed(taken):
                self._mods[query].insert(index, modifier)
                self.active.add(query)

    def modified(self, query: str) -> bool:
        """Whether any active modifier changes `query` (lets hot paths skip per-item calls)."""
        return query in self.active

    def any_modified(self, *queries: str) -> bool:
        """Whether an active modifier changes any of `queries` (one call for a hot path's several)."""
        return not self.active.isdisjoint(queries)

    def modifiers(self, query: str) -> list[Modifier]:
        """The modifiers of `query` in the order they apply, for a hot loop that applies them itself
        (`value = modifier(value, *args)` for each, as the query does): read only, never changed."""
        return self._mods[query]

    def _apply(self, query: str, value: Any, *args: Any) -> Any:
        for modifier in self._mods[query]:
            value = modifier(value, *args)
        return value

    # --- levels and limits -------------------------------------------------------------------
    def goods_of_type(self, p: Player, good: str) -> int:
        value = count_goods(p.goods, good)
        if p.virtual_goods:
            value += p.virtual_goods.get(good, 0)
        return self._apply("goods_of_type", value, p, good) if self._mods["goods_of_type"] else value

    def pirate_sources(self, p: Player) -> frozenset[str]:
        value = PIRATE_SOURCES  # made once: asked at every pirate instance
        return self._apply("pirate_sources", value, p) if self._mods["pirate_sources"] else value

    def load_from_deck(self, p: Player) -> bool:
        return self._apply("load_from_deck", False, p) if self._mods["load_from_deck"] else False

    def sell_instead_of_load(self, p: Player) -> int:
        return self._apply("sell_instead_of_load", 0, p) if self._mods["sell_instead_of_load"] else 0

    def pirate_to_goods_cost(self, p: Player) -> int:
        return self._apply("pirate_to_goods_cost", 0, p) if self._mods["pirate_to_goods_cost"] else 0

    def returns_with(self, p: Player) -> int:
        return self._apply("returns_with", 0, p) if self._mods["returns_with"] else 0

    def auction_island(self, p: Player) -> bool:
        return self._apply("auction_island", False, p) if self._mods["auction_island"] else False

    def leads_twice(self, p: Player) -> bool:
        return self._apply("leads_twice", False, p) if self._mods["leads_twice"] else False

    def pair_slot_good(self, p: Player) -> str | None:
        return self._apply("pair_slot_good", None, p) if self._mods["pair_slot_good"] else None

    def level(self, p: Player, good: str) -> int:
        value = self.goods_of_type(p, good)
        if p.colour_good == good:
            value += self.data.colour_bonus
        mods = self._mods["level"]
        return self._apply("level", value, p, good) if mods else value

    def imports_limit(self, p: Player) -> int:
        value = self.data.imports_base + self.data.imports_per_shipment * len(p.shipments)
        return self._apply("imports_limit", value, p) if self._mods["imports_limit"] else value

    def goods_limit(self, p: Player) -> int:
        value = self.data.goods_base + self.data.goods_per_shipment * len(p.shipments)
        return self._apply("goods_limit", value, p) if self._mods["goods_limit"] else value

    def goods_counted(self, p: Player) -> int:
        value = len(p.goods)
        return self._apply("goods_counted", value, p) if self._mods["goods_counted"] else value

    def imports_room(self, p: Player) -> bool:
        return len(p.imports) < self.imports_limit(p)

    def goods_room(self, p: Player) -> bool:
        return self.goods_counted(p) < self.goods_limit(p)

    # --- ships ---------------------------------------------------------------------------------
    def ship_capacity(self, p: Player, ship: Ship) -> int:
        value = self.data.ship_capacity
        return self._apply("ship_capacity", value, p, ship) if self._mods["ship_capacity"] else value

    def payout(self, p: Player, ship: Ship, containers: int) -> int:
        table = self.data.payout
        value = table[min(containers, len(table) - 1)] if containers > 0 else 0
        return self._apply("payout", value, p, ship, containers) if self._mods["payout"] else value

    def contract_load(self, p: Player, card: Card) -> tuple[tuple[str, int], ...]:
        value = card.load
        return self._apply("contract_load", value, p, card) if self._mods["contract_load"] else value

    def contract_need(self, p: Player, card: Card, slots: int) -> int:
        """How many of the `slots` a contract opens (`contract_load`) must be filled to complete it."""
        return self._apply("contract_need", slots, p, card) if self._mods["contract_need"] else slots

    def container_wild(self, p: Player, card: Container) -> bool:
        return self._apply("container_wild", False, p, card) if self._mods["container_wild"] else False

    # --- game end ------------------------------------------------------------------------------
    def end_threshold(self) -> int:
        value = self.options.end_threshold or self.data.credit_threshold
        return self._apply("end_threshold", value) if self._mods["end_threshold"] else value

    def can_trigger_end(self, p: Player) -> bool:
        return self._apply("can_trigger_end", True, p) if self._mods["can_trigger_end"] else True

    # --- turn ----------------------------------------------------------------------------------
    def may_play_for(self, p: Player, card: Card, action: str, leading: bool) -> bool:
        value = card.action == action
        return self._apply("may_play_for", value, p, card, action, leading) if self._mods["may_play_for"] else value

    def wild_pair_allowed(self, p: Player, action: str) -> bool:
        return self._apply("wild_pair_allowed", True, p, action) if self._mods["wild_pair_allowed"] else True

    def instances(self, p: Player, action: str, played: bool) -> int:
        """`played`: the player declared or followed (else drew). Modifiers see whether imports count
        for this player now (played, or drew under `drawers_use_imports`, R4.6.3)."""
        value = 0
        if played:
            value = self.data.instances_for_action
        imports_count = played or self.options.drawers_use_imports == "yes"
        if imports_count:
            per = self.data.instances_per_matching_import
            for card in p.imports:
                if card.action == action:
                    value += per
        return self._apply("instances", value, p, action, imports_count) if self._mods["instances"] else value

    def stacking_allowed(self, p: Player) -> bool:
        return self._apply("stacking_allowed", True, p) if self._mods["stacking_allowed"] else True

    def draw_count(self, p: Player) -> int:
        data = self.data  # max(...) written out: asked at every lead and follow
        value = data.draw_up_to - len(p.hand)
        if value < data.minimum_draw:
            value = data.minimum_draw
        return self._apply("draw_count", value, p) if self._mods["draw_count"] else value

    # --- supply and import ---------------------------------------------------------------------
    def sale_price(self, p: Player, base: int | None = None) -> int:
        """Credits for a card sold to the supply island: by SUPPLY (R12.1.1), or at the `base` price a
        power's sale names (R12.5)."""
        value = self.data.sale_price if base is None else base
        return self._apply("sale_price", value, p) if self._mods["sale_price"] else value

    def sales_per_turn(self, p: Player) -> int:
        value = self.data.sales_per_turn
        return self._apply("sales_per_turn", value, p) if self._mods["sales_per_turn"] else value

    def import_fee(self, owner: Player, winner: Player, taken: int) -> int:
        """The fee the owner of an auctioned ship receives (R10.6): the fee (a power may change it)
        once per import, or per container under the `import_fee=per-container` option (OQ-3)."""
        if owner is winner:
            return 0
        value = self.data.owner_fee
        if self._mods["import_fee"]:
            value = self._apply("import_fee", value, owner, winner)
        return value * (taken if self.options.import_fee == "per-container" else 1)

    def majority_goods(self, p: Player, good: str) -> int:
        """How many goods of a type `p` counts for majorities (R17.6): the goods of that type, unless a
        power counts them otherwise."""
        value = self.goods_of_type(p, good)
        return self._apply("majority_goods", value, p, good) if self._mods["majority_goods"] else value

    def tier_needed(self, p: Player, card: Card) -> int:
        """The level `p` needs in `card`'s good type to contract it with one instance (R5.3, R6.4)."""
        return self._apply("tier_needed", card.tier, p, card) if self._mods["tier_needed"] else card.tier

    def contract_cost(self, p: Player, card: Card) -> int:
        """Credits paid to the bank to contract `card` (0 by the rules; R6.1)."""
        return self._apply("contract_cost", 0, p, card) if self._mods["contract_cost"] else 0

    def contracts_per_action(self, p: Player) -> int:
        """How many cards one CONTRACT instance may place together on one ship (1 by the rules, R6.1)."""
        return self._apply("contracts_per_action", 1, p) if self._mods["contracts_per_action"] else 1

    def may_pirate_ship(self, pirate: Player, ship_owner: Player) -> bool:
        """Whether `pirate` may take containers from a ship of `ship_owner` (R11.1)."""
        return self._apply("may_pirate_ship", True, pirate, ship_owner) if self._mods["may_pirate_ship"] else True

    def slot_colours(self, p: Player, card: Container) -> frozenset[str]:
        """The slot colours a container of `p`'s fills: its own (R7.1), more by a power."""
        value = frozenset((card.good,))
        return self._apply("slot_colours", value, p, card) if self._mods["slot_colours"] else value

    def containers_per_import(self, p: Player) -> int:
        value = self.data.containers_per_win
        return self._apply("containers_per_import", value, p) if self._mods["containers_per_import"] else value

    def most_into_imports(self, p: Player) -> int:
        value = self.data.most_into_imports
        return self._apply("most_into_imports", value, p) if self._mods["most_into_imports"] else value

    def tie_order(self, tied: Sequence[int], leader: int, n_players: int, rng: Any) -> list[int]:
        """Tied bidders, the winner first (R10.3.1)."""
        if self.options.import_ties == "random":
            value = list(tied)
            rng.shuffle(value)
        else:
            value = sorted(tied, key=lambda seat: (seat - leader) % n_players)
        return self._apply("tie_order", value, leader) if self._mods["tie_order"] else value

    # --- scoring -------------------------------------------------------------------------------
    def innate_value(self, p: Player, good: str) -> int:
        value = self.data.innate_value[good]
        return self._apply("innate_value", value, p, good) if self._mods["innate_value"] else value

    def majority_bonus(self, p: Player, good: str, share: int) -> int:
        """What `p` receives of a majority bonus or penalty whose (shared) amount is `share`."""
        return self._apply("majority_bonus", share, p, good) if self._mods["majority_bonus"] else share

    def one_of_each_bonus(self, p: Player) -> int:
        value = self.data.one_of_each_bonus
        return self._apply("one_of_each_bonus", value, p) if self._mods["one_of_each_bonus"] else value

    def majority_winners(self, tied: list[Player], good: str, bonus: int) -> list[Player]:
        return self._apply("majority_winners", tied, good, bonus) if self._mods["majority_winners"] else tied

    def performed_action(self, p: Player, declared: str, cards: tuple[Card, ...], leading: bool) -> str:
        if not self._mods["performed_action"]:
            return declared
        return self._apply("performed_action", declared, p, cards, leading)

    def action_choices(self, p: Player, declared: str) -> tuple[str, ...]:
        """The actions `p` may carry out (one for all instances) when `declared` is the action to do."""
        if not self._mods["action_choices"]:
            return (declared,)
        return self._apply("action_choices", (declared,), p, declared)

    # --- what a player may do ------------------------------------------------------------------
    def may_play(self, p: Player, action: str, leading: bool, leader: Player) -> bool:
        return self._apply("may_play", True, p, action, leading, leader) if self._mods["may_play"] else True

    def may_draw_action(self, p: Player) -> bool:
        return self._apply("may_draw_action", True, p) if self._mods["may_draw_action"] else True

    def may_act(self, p: Player, action: str) -> bool:
        return self._apply("may_act", True, p, action) if self._mods["may_act"] else True

    def may_import(self, p: Player, ship_owner: Player) -> bool:
        return self._apply("may_import", True, p, ship_owner) if self._mods["may_import"] else True

    def minimum_bid(self, p: Player, ship_owner: Player | None) -> int:
        value = self.data.minimum_bid
        return self._apply("minimum_bid", value, p, ship_owner) if self._mods["minimum_bid"] else value

    def may_contract(self, p: Player, card: Card) -> bool:
        return self._apply("may_contract", True, p, card) if self._mods["may_contract"] else True

    def may_load(self, p: Player, card: Card) -> bool:
        return self._apply("may_load", True, p, card) if self._mods["may_load"] else True

    def may_sell(self, p: Player, card: Card) -> bool:
        return self._apply("may_sell", True, p, card) if self._mods["may_sell"] else True

    def may_take_from_island(self, p: Player, card: Card) -> bool:
        return self._apply("may_take_from_island", True, p, card) if self._mods["may_take_from_island"] else True

    def power_may_move(self, power_owner: Player, holder: Player, zone: str) -> bool:
        """Whether a power of `power_owner` may move cards of `holder`'s `zone` (one's own: always)."""
        if power_owner is holder or not self._mods["power_may_move"]:
            return True
        return self._apply("power_may_move", True, power_owner, holder, zone)

    def share(self, amount: int, tied: int) -> int:
        """One tied player's share of a majority bonus (R17.6.1): rounded up (toward zero for a penalty)."""
        value = math.ceil(amount / tied)
        if self.options.tie_rounding == "up-to-even" and value % 2:
            value += 1
        return value


__all__ = ["QUERIES", "Rules", "GOOD_TYPES"]
