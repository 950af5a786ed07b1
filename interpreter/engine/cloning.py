"""Cloning a game: an independent copy that plays on by itself and never touches the original.

A game's state is plain data (zones, players, ships, cards, counters, the RNG) plus what its
powers keep: rule modifiers on `game.rules` and subscriptions on `game.bus`, which are closures and
bound methods of ONE game. A deep copy would share them with the original or copy them wrongly, so
the copy is made by hand:

- every card, player and ship is copied once; a `Mapper` turns each old object into its copy
  (cards by uid, players by seat, ships by owner and twin), so every reference in the copy is to
  the copy's own objects;
- the powers runtime copies itself for the new game (`Powers.copy_for`): its active powers, the
  lasting effects in force (`for the rest of the game, ...`, `until ...`, `the next time ...`), the
  uses of once-per-turn or once-per-game powers. It remakes every rule modifier from the power that made
  it, with a context of the copy, and says which new modifier stands for which old one;
- the copy's `Rules` and `EventBus` are then rebuilt in the original's order (modifiers apply in
  the order they were installed; handlers run in the order they subscribed). A handler that is a
  method of the game or of its powers runtime becomes the same method of the copy; any other
  handler (narration, statistics, a test's probe) is an observer and is not copied.

That is a copy at a quiet point, between two steps of the game (a turn, or the final scoring):
no engine call is then under way. In the middle of a step the state lives partly in the call stack
(which action instance is running, the bids collected so far), which cannot be copied. So a game
played by `Game.play` with `checkpoints` on keeps a copy of the start of each step, and a clone
taken in the middle of one is a copy of that start which replays the step's decisions so far
(`Replay`) before its own agents answer: the game is a pure function of its state and decisions,
so it reaches the point where the original was and goes on from there.
"""

from __future__ import annotations

import copy
import dataclasses
import random
from typing import TYPE_CHECKING, Any

from interpreter.bus.bus import EventBus
from interpreter.engine.queries import Modifier, Rules
from interpreter.engine.state import Card, Player, Ship, Zones

if TYPE_CHECKING:
    from collections.abc import Sequence

    from interpreter.agents.base import Agent
    from interpreter.engine.decisions import Decision, DecisionRecord
    from interpreter.engine.game import Game

_new = object.__new__

# Every attribute of a Game, and how `copy_state` treats it. A new attribute must be added here (and
# copied below) or every clone refuses to run: a field the copy forgot would be shared silently.
SHARED = ("card_set", "data", "options", "seed")  # read-only for the whole game
SCALARS = ("turn", "leader", "end_reason", "instant_winner", "draws_exhausted", "decisions_asked", "over",
           "n_cards", "finishing", "scoring", "lead_again", "offering_discards")
REBUILT = ("rng", "rules", "bus", "emit", "zones", "players", "agents", "log", "forced_hook", "result", "turn_log",
           "powers", "checkpoints", "in_step", "step_start", "step_log", "powers_factory")
GAME_FIELDS = frozenset(SHARED + SCALARS + REBUILT)


class CloneError(RuntimeError):
    """The game cannot be cloned as it is (a step is under way outside `Game.play`, a rule modifier
    no power installed, a replay that no longer matches)."""


class Mapper:
    """The objects of one game mapped to their copies in another: cards by uid (copied when first
    met), players by seat, ships by owner and twin."""

    def __init__(self, new: Game):
        self.new = new
        self._cards: dict[int, Card] = {}
        self._ships: dict[int, Ship] = {}  # id(old ship) -> copy

    def card(self, c: Card) -> Card:
        made = self._cards.get(c.uid)
        if made is None:
            made = self._cards[c.uid] = _copy_card(c)
        return made

    def cards(self, cards: list[Card]) -> list[Card]:
        # The hot loop of a clone (a search bot clones for every rollout): a card's copy is made here,
        # field by field as _copy_card does, without a call per card (about 40 % of a clone's time less).
        known = self._cards
        got = known.get
        out = []
        for c in cards:
            made = got(c.uid)
            if made is None:
                made = known[c.uid] = _new(Card)
                made.uid = c.uid
                made.defn = c.defn
                made.id = c.id
                made.name = c.name
                made.good = c.good
                made.action = c.action
                made.tier = c.tier
                made.load = c.load
                made.load_total = c.load_total
                made.parked = c.parked
            out.append(made)
        return out

    def player(self, p: Player) -> Player:
        return self.new.players[p.seat]

    def ship(self, s: Ship) -> Ship:
        return self._ships[id(s)]

    def copy_player(self, p: Player) -> Player:
        made = _new(Player)
        fields = dict(p.__dict__)
        fields["hand"] = self.cards(p.hand)
        fields["shipments"] = self.cards(p.shipments)
        fields["imports"] = self.cards(p.imports)
        fields["goods"] = self.cards(p.goods)
        fields["played"] = self.cards(p.played)
        fields["virtual_goods"] = dict(p.virtual_goods)
        fields["ships"] = [self._copy_ship(s) for s in p.ships]
        made.__dict__ = fields
        return made

    def _copy_ship(self, s: Ship) -> Ship:
        made = _new(Ship)
        fields = dict(s.__dict__)
        fields["contracts"] = self.cards(s.contracts)
        fields["containers"] = self.cards(s.containers)
        fields["pairs"] = list(s.pairs)
        fields["halves"] = list(s.halves)
        made.__dict__ = fields
        self._ships[id(s)] = made
        return made

    def value(self, x: Any) -> Any:
        """Any value a power keeps (a context's fields, an event): cards, players and ships become
        the copy's, containers are copied around their items, plain values are kept. Anything else
        is refused rather than shared with the original."""
        if x is None or isinstance(x, str | int | float | bool):
            return x
        if isinstance(x, Card):
            return self.card(x)
        if isinstance(x, Player):
            return self.player(x)
        if isinstance(x, Ship):
            return self.ship(x)
        if isinstance(x, list):
            return [self.value(v) for v in x]
        if isinstance(x, tuple):
            return tuple(self.value(v) for v in x)
        if isinstance(x, dict):
            return {self.value(k): self.value(v) for k, v in x.items()}
        if isinstance(x, set | frozenset):
            return type(x)(self.value(v) for v in x)
        if dataclasses.is_dataclass(x) and not isinstance(x, type) and type(x).__module__ == "interpreter.engine.events":
            return type(x)(**{f.name: self.value(getattr(x, f.name)) for f in dataclasses.fields(x)})
        raise CloneError(f"cannot clone a value of type {type(x).__name__} kept by a power")


def _copy_card(c: Card) -> Card:
    """A copy of one card: every field of Card.__slots__ (Mapper.cards makes the same copy inline)."""
    made = _new(Card)
    made.uid = c.uid
    made.defn = c.defn
    made.id = c.id
    made.name = c.name
    made.good = c.good
    made.action = c.action
    made.tier = c.tier
    made.load = c.load
    made.load_total = c.load_total
    made.parked = c.parked
    return made


def copy_rng(rng: random.Random) -> random.Random:
    made = random.Random.__new__(random.Random)
    made.setstate(rng.getstate())
    return made


def copy_state(game: Game, agents: list[Agent]) -> Game:
    """A copy of `game` at a quiet point (no step under way), with `agents` playing its seats."""
    fields = game.__dict__
    if fields.keys() != GAME_FIELDS:
        unknown = sorted(set(fields) ^ GAME_FIELDS)
        raise CloneError(f"Game fields the clone does not know how to copy (engine/cloning.py): {', '.join(unknown)}")
    if game.bus._depth:
        raise CloneError("an event is being delivered: a game is cloned between its steps, or from a decision")
    new = _new(type(game))
    m = Mapper(new)
    made = {name: fields[name] for name in SHARED + SCALARS}
    made["players"] = []
    new.__dict__ = made
    made["players"] = [m.copy_player(p) for p in game.players]
    zones = game.zones
    made["zones"] = Zones(m.cards(zones.deck), m.cards(zones.discard), m.cards(zones.island))
    made["rng"] = copy_rng(game.rng)
    made["agents"] = agents
    made["log"] = list(game.log)
    made["turn_log"] = list(game.turn_log)
    made["forced_hook"] = None  # an observer's hook, like the bus's observers
    made["result"] = copy.deepcopy(game.result)
    made["checkpoints"] = False  # `play` turns them on again if an agent of the copy wants them
    made["in_step"] = False
    made["step_start"] = None
    made["step_log"] = 0
    made["powers_factory"] = game.powers_factory
    rules = made["rules"] = Rules(game.data, game.options)
    bus = made["bus"] = EventBus()
    made["emit"] = bus.emit
    powers, modifiers = game.powers.copy_for(new, m)
    made["powers"] = powers
    _rebuild_rules(game.rules, rules, modifiers)
    _rebuild_bus(game, new)
    return new


OWN_HELPERS = ("contract_rules", "world")  # made for each copy (ContractRules.copy_for, a new EngineWorld)


def discard(game: Game) -> None:
    """Drop a copy that will not be played again (a search bot's rollout) at once: its powers
    runtime, rules and event handlers refer back to it and to each other, cycles that reference
    counting cannot free, so without this every copy waits for the cycle collector (which took
    about a quarter of a searching bot's time). The game and its runtime are emptied (what is left
    is the runtime's own small cycle, without the game's cards or players); nothing it shares with
    the game it was copied from is touched. The copy must not be used afterwards."""
    powers = game.__dict__.get("powers")
    game.__dict__.clear()
    if powers is not None and hasattr(powers, "__dict__"):
        # the copy's own helpers go too: the contract rules keep the modifiers they made (closures over a
        # power's context, which holds the world, which holds the game) in a cycle of their own
        for name in OWN_HELPERS:
            helper = powers.__dict__.get(name)
            if helper is not None and hasattr(helper, "__dict__"):
                helper.__dict__.clear()
        powers.__dict__.clear()


def _rebuild_rules(old: Rules, new: Rules, modifiers: dict[int, Modifier]) -> None:
    for query, mods in old._mods.items():
        if not mods:
            continue
        try:
            new.set_modifiers(query, [modifiers[id(mod)] for mod in mods])
        except KeyError:
            raise CloneError(f"a modifier of the rule query `{query}` was not installed by a power: it cannot be cloned") from None


def _rebuild_bus(game: Game, new: Game) -> None:
    """The copy's handlers: the game's and its powers runtime's own methods, in the same order."""
    owners = {id(game): new, **game.powers.handler_owners(new.powers)}

    def same(handler: Any) -> Any:
        owner = owners.get(id(getattr(handler, "__self__", None)))
        return None if owner is None else getattr(owner, handler.__func__.__name__)

    old, bus = game.bus, new.bus
    for event_type, handlers in old._subs.items():
        for handler in handlers:
            kept = same(handler)
            if kept is not None:
                bus.subscribe(event_type, kept)
    for watcher in old._after:
        kept = same(watcher)
        if kept is not None:
            bus.watch(kept)


# ------------------------------------------------------------------------------ inside a step

def step_start(game: Game) -> tuple[Game, list[DecisionRecord]]:
    """A fresh copy of the start of the step under way, and the decisions asked since: what a
    clone in the middle of the step starts from and replays."""
    start = game.step_start
    if start is None:
        raise CloneError("a game is cloned in the middle of a turn only if it keeps checkpoints: set "
                         "`game.checkpoints = True` before `play()` (an agent that clones says `wants_checkpoints = True`)")
    return copy_state(start, []), list(game.log[game.step_log:])


class Replay:
    """The agent of every seat of a clone taken in the middle of a step, until it has made the
    step's decisions so far again; then the clone's own agents take the seats back."""

    def __init__(self, records: Sequence[DecisionRecord], agents: list[Agent]):
        self.records = list(records)
        self.agents = agents
        self.position = 0
        # the agents that answer after the replay decide whether the clone keeps checkpoints (Game.play)
        self.wants_checkpoints = any(getattr(a, "wants_checkpoints", False) for a in agents)

    def choose(self, decision: Decision, game: Game) -> int:
        record = self.records[self.position]
        if (record.kind != decision.kind or record.player != decision.player or record.index >= len(decision.options)
                or decision.options[record.index].label != record.label):
            raise CloneError(f"a clone replaying decision {self.position + 1} of its step was asked {decision.kind} of "
                             f"P{decision.player + 1}, not {record.kind} of P{record.player + 1} (`{record.label}`)")
        self.position += 1
        if self.position == len(self.records):
            game.agents = self.agents  # the replay is over: the clone's own agents answer from here on
        return record.index


def resumed(start: Game, records: Sequence[DecisionRecord], agents: list[Agent]) -> Game:
    """`start` (a copy of a step's start) set to replay `records` and then play on with `agents`."""
    start.agents = [Replay(records, agents)] * len(start.players) if records else agents
    return start


def clone_game(game: Game, agents: list[Agent] | None = None) -> Game:
    """`Game.clone`: see its docstring. The clone keeps the original's `checkpoints` (a search bot
    copied into it searches from them as it did in the original), and each agent with an `adopt`
    method is told the clone is its game before anything is replayed (an agent that follows the
    game's events follows the clone's)."""
    if agents is None:
        agents = copy.deepcopy(game.agents)
    if not game.in_step:
        clone = copy_state(game, agents)
    else:
        start, records = step_start(game)
        clone = resumed(start, records, agents)
    clone.checkpoints = game.checkpoints
    for agent in {id(a): a for a in agents}.values():
        adopt = getattr(agent, "adopt", None)
        if adopt is not None:
            adopt(clone)
    return clone
