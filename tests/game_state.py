"""What a game's state is, for tests that compare two games or one game before and after: every
zone by card (uid and id, in order), every player's and ship's fields, the RNG, the decision log,
and the powers runtime (active powers with their uses, rules set for a while, one-shot triggers,
the modifiers on each rule query, the handlers on the bus), all as plain data."""

from __future__ import annotations

import dataclasses
import gc
import random
import sys
from types import ModuleType
from typing import Any

from interpreter.cards.loader import CardSet
from interpreter.cards.model import CardDef
from interpreter.cards.rulesdata import RulesData
from interpreter.engine.game import Game
from interpreter.engine.options import GameOptions
from interpreter.engine.state import Card, Player, Ship, Zones
from interpreter.lang.registry import Node
from interpreter.lang.timings import CompiledPower
from interpreter.lang.world import LastingEffect


def cards(cs: list[Card]) -> list[tuple[int, str, int]]:
    return [(c.uid, c.id, c.parked) for c in cs]


def player_state(p: Player) -> dict[str, Any]:
    state: dict[str, Any] = {}
    for f in dataclasses.fields(p):
        value = getattr(p, f.name)
        if f.name == "ships":
            value = [ship_state(s) for s in value]
        elif isinstance(value, list):
            value = cards(value)
        state[f.name] = value
    return state


def ship_state(s: Ship) -> dict[str, Any]:
    return {f.name: cards(getattr(s, f.name)) if f.name in ("contracts", "containers") else getattr(s, f.name)
            for f in dataclasses.fields(s)}


def handler_name(h: Any) -> str:
    return getattr(h, "__qualname__", repr(h))


def fingerprint(game: Game) -> dict[str, Any]:
    rt = game.powers
    state: dict[str, Any] = {
        "scalars": {k: getattr(game, k) for k in ("turn", "leader", "end_reason", "instant_winner", "draws_exhausted",
                                                  "decisions_asked", "over", "finishing", "scoring", "lead_again")},
        "zones": {z: cards(getattr(game.zones, z)) for z in ("deck", "discard", "island")},
        "players": [player_state(p) for p in game.players],
        "rng": game.rng.getstate(),
        "log": [r.as_dict() for r in game.log],
        "turn_log": list(game.turn_log),
        "rules": {q: len(mods) for q, mods in game.rules._mods.items() if mods},
        "bus": {t.__name__: [handler_name(h) for h in hs] for t, hs in game.bus._subs.items() if hs},
        "after": [handler_name(h) for h in game.bus._after],
    }
    if hasattr(rt, "by_host"):
        def active(a: Any) -> tuple[Any, ...]:
            return (a.owner.seat, a.host.uid, a.power.text, a.order, a.last, dict(a.used_by), a.holds, a.lasting is not None,
                    [q for q, _ in a.installed])
        state["powers"] = {
            "by_host": {uid: [active(a) for a in actives] for uid, actives in rt.by_host.items()},
            "triggers": {t.__name__: [active(a) for a in entries] for t, entries in rt.triggers.items()},
            "standing": [active(a) for a in rt.standing],
            "any_time": [active(a) for a in rt.any_time_active],
            "lasting": [(x.owner.seat, x.card.uid, x.effect.text, x.effect.until, x.turn, x.left, [q for q, _ in x.installed],
                         x.active is not None and x.active.order, x.counter is not None and x.counter.order)
                        for x in rt.lasting.in_force],
            "any_time_used": dict(rt.any_time_used),
            "order": rt._order,
        }
    return state


# ------------------------------------------------------------------------------ object graphs

# Read-only data two games may share: the card set and its compiled powers, the rules data, types.
SHARED_TYPES = (type, ModuleType, CardDef, CardSet, RulesData, GameOptions, CompiledPower, LastingEffect, Node, str, bytes, int, float,
                bool, type(None), frozenset)
# The mutable objects of one game: none of these may be reachable from two games.
GAME_TYPES = (Game, Player, Ship, Card, Zones, random.Random, list, dict, set)


def reachable(root: Any) -> dict[int, Any]:
    """Every object reachable from `root`, stopping at shared read-only data and at modules' globals."""
    module_dicts = {id(m.__dict__) for m in list(sys.modules.values()) if m is not None}
    seen: dict[int, Any] = {}
    stack = [root]
    while stack:
        obj = stack.pop()
        if id(obj) in seen or id(obj) in module_dicts or isinstance(obj, SHARED_TYPES):
            continue
        seen[id(obj)] = obj
        stack.extend(gc.get_referents(obj))
    return seen


def shared_mutables(a: Game, b: Game) -> list[str]:
    """Mutable game objects reachable both from `a` and from `b` (apart from their agents, which a
    caller may share on purpose, and the decision records, which never change)."""
    ra, rb = reachable((a.__dict__, a.powers)), reachable((b.__dict__, b.powers))
    for agent in (*a.agents, *b.agents):
        for key in reachable(agent):
            ra.pop(key, None)
    return [f"{type(obj).__name__}: {obj!r:.80}" for key, obj in ra.items() if key in rb and isinstance(obj, GAME_TYPES)]
