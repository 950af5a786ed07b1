"""Checking what a scenario expects once it has run: zones, credits, ships, scores, and the events that
happened (in any order, in a given order, or not at all). Seats are numbered from 1 (docs/scenarios.md)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from interpreter.engine import events as ev
from interpreter.engine.game import Game
from interpreter.engine.state import Card, Ship

# Event fields that hold seats (0-based in the engine, from 1 in a scenario), and those keyed by seat.
SEAT_FIELDS = ("player", "giver", "receiver", "to", "leader", "participants", "winners", "owner", "victim", "winner", "by")
SEAT_KEYED_FIELDS = ("bids",)


def _ids(cards: list[Card]) -> list[str]:
    return sorted(c.id for c in cards)


def _compare(failures: list[str], what: str, expected: Any, actual: Any) -> None:
    if expected != actual:
        failures.append(f"{what}: expected {expected!r}, got {actual!r}")


def _scenario_value(key: str, actual: Any, wanted: Any) -> Any:
    """An event field as a scenario writes it: cards by id, ships by label, seats from 1."""
    if isinstance(actual, Card):
        return actual.id
    if isinstance(actual, Ship):
        return actual.label
    if key in SEAT_FIELDS:
        if isinstance(actual, int):
            return actual + 1
        if isinstance(actual, list):
            return [seat + 1 for seat in actual]
    if key in SEAT_KEYED_FIELDS and isinstance(actual, dict):
        # Seats from 1, as everywhere; a key 0 can only come from a file written when these keys
        # counted from 0, so such a mapping is read the old way.
        zero_based = isinstance(wanted, dict) and 0 in wanted
        return dict(actual) if zero_based else {seat + 1: value for seat, value in actual.items()}
    if isinstance(actual, list) and actual and all(isinstance(c, Card) for c in actual):
        return [c.id for c in actual]
    return actual


def event_matches(event: ev.Event, spec: dict[str, Any]) -> bool:
    if type(event).__name__ != spec.get("type"):
        return False
    return all(_scenario_value(key, getattr(event, key, None), wanted) == wanted
               for key, wanted in spec.items() if key != "type")


def _spec_text(spec: dict[str, Any]) -> str:
    return "{" + ", ".join(f"{k}: {v}" for k, v in spec.items()) + "}"


def check_events_in_order(specs: list[dict[str, Any]], seen: list[ev.Event]) -> list[str]:
    """Each listed event happened after the one listed before it (a subsequence of what happened).
    Taking the earliest match each time finds an order whenever there is one."""
    position = 0
    for i, spec in enumerate(specs):
        found = next((k for k in range(position, len(seen)) if event_matches(seen[k], spec)), None)
        if found is None:
            before = i and f" after event {i} ({_spec_text(specs[i - 1])})"
            happened = any(event_matches(e, spec) for e in seen)
            why = "it happened, but earlier" if happened else "it never happened"
            return [f"events in order: event {i + 1} ({_spec_text(spec)}) did not happen{before or ''}: {why}"]
        position = found + 1
    return []


def _check_player(failures: list[str], game: Game, seat: int, want: dict[str, Any]) -> None:
    p = game.players[seat - 1]
    tag = f"P{seat}"
    result = game.result
    for key in ("hand", "goods", "imports", "shipments"):
        if key in want:
            _compare(failures, f"{tag} {key}", sorted(want[key]), _ids(getattr(p, key)))
    if "colour" in want:
        _compare(failures, f"{tag} colour", want["colour"], p.colour)
    if "credits" in want:
        _compare(failures, f"{tag} credits", want["credits"], p.credits)
    if "hand_size" in want:
        _compare(failures, f"{tag} hand size", want["hand_size"], len(p.hand))
    held = Counter(c.id for c in p.hand)
    for card_id, wanted in Counter(want.get("hand_has", []) or []).items():  # copies count, as in `hand:`
        if held[card_id] < wanted:
            what = card_id if wanted == 1 else f"{wanted} x {card_id}, holds {held[card_id]}"
            failures.append(f"{tag} hand: expected to hold {what}; the hand: {_ids(p.hand)}")
    for card_id in want.get("hand_lacks", []) or []:
        if card_id in _ids(p.hand):
            failures.append(f"{tag} hand: expected not to hold {card_id}")
    if "score" in want:
        _compare(failures, f"{tag} score", want["score"], result.totals[seat - 1] if result else None)
    if "score_breakdown" in want:
        if result is None:
            failures.append(f"{tag} score breakdown: the game was not scored (use `run: game`)")
        else:
            parts = result.breakdown[seat - 1]
            for part, value in want["score_breakdown"].items():
                _compare(failures, f"{tag} score breakdown {part}", value, parts[part])
    for good, level in (want.get("level", {}) or {}).items():
        _compare(failures, f"{tag} level in {good}", level, game.rules.level(p, good))
    if "ships" in want:
        _check_ships(failures, tag, p.ships, want["ships"])


def _check_ships(failures: list[str], tag: str, ships: list[Ship], wanted: list[dict[str, Any]]) -> None:
    """Every ship of the player, in order: `at_sea` and `contracts` (default: in harbor, none) and
    either the `containers` by id (default none) or their `container_count`."""
    def actual(ship: Ship, spec: dict[str, Any]) -> dict[str, Any]:
        out = {"at_sea": ship.at_sea, "contracts": _ids(ship.contracts)}
        if "container_count" in spec and "containers" not in spec:
            out["container_count"] = len(ship.containers)
        else:
            out["containers"] = _ids(ship.containers)
        return out

    def expected(spec: dict[str, Any]) -> dict[str, Any]:
        out = {"at_sea": bool(spec.get("at_sea", False)), "contracts": sorted(spec.get("contracts", []))}
        if "container_count" in spec and "containers" not in spec:
            out["container_count"] = spec["container_count"]
        else:
            out["containers"] = sorted(spec.get("containers", []))
        return out

    specs = list(wanted) + [{}] * max(0, len(ships) - len(wanted))
    _compare(failures, f"{tag} ships", [expected(s) for s in wanted], [actual(ship, s) for ship, s in zip(ships, specs, strict=False)])
    for ship, spec in zip(ships, wanted, strict=False):
        if "containers" in spec and "container_count" in spec:
            _compare(failures, f"{tag} {ship.label} container count", spec["container_count"], len(ship.containers))


def check_expectations(game: Game, expect: dict[str, Any], seen: list[ev.Event]) -> list[str]:
    failures: list[str] = []
    for seat, want in (expect.get("players", {}) or {}).items():
        _check_player(failures, game, seat, want)
    if "island" in expect:
        _compare(failures, "island", sorted(expect["island"]), _ids(game.zones.island))
    for key, zone in (("island_size", game.zones.island), ("deck_size", game.zones.deck), ("discard_size", game.zones.discard)):
        if key in expect:
            _compare(failures, key.replace("_", " "), expect[key], len(zone))
    for spec in expect.get("events", []) or []:
        if not any(event_matches(e, spec) for e in seen):
            failures.append(f"expected an event {_spec_text(spec)}, none happened")
    failures += check_events_in_order(expect.get("events_in_order", []) or [], seen)
    for spec in expect.get("absent_events", []) or []:
        if any(event_matches(e, spec) for e in seen):
            failures.append(f"expected no event {_spec_text(spec)}, but one happened")
    if "end_reason" in expect:
        _compare(failures, "end reason", expect["end_reason"], game.end_reason)
    if "winners" in expect:
        _compare(failures, "winners", expect["winners"], [w + 1 for w in game.result.winners] if game.result else None)
    if "over" in expect:
        _compare(failures, "game over", expect["over"], game.over)
    return failures
