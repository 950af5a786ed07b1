"""Running a scenario: build the game it describes, take its scripted decisions, check what it expects."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from interpreter.bus import events as ev
from interpreter.bus.bus import TriggerLoopError
from interpreter.cards.diagnostics import Diagnostic
from interpreter.cards.loader import CardSet
from interpreter.cards.rulesdata import RulesData
from interpreter.cards.yamlsource import load_yaml
from interpreter.engine.decisions import KINDS, Decision
from interpreter.engine.game import Game, GameStop, SetupError
from interpreter.engine.invariants import InvariantError, all_places, check
from interpreter.engine.options import GameOptions, OptionError, parse_option
from interpreter.engine.scoring import finish
from interpreter.engine.state import Card, Player, Ship
from interpreter.engine.turn import clean_up, play_turn
from interpreter.scenarios.model import Scenario, check_scenario

# Event fields that hold seats: scenarios number seats from 1.
SEAT_FIELDS = ("player", "giver", "receiver", "to", "leader", "participants", "winners", "owner")


class ScenarioFailure(Exception):
    """The scenario could not be played as written (an unscripted decision, an option not offered)."""


@dataclass
class Outcome:
    scenario: Scenario
    failures: list[str] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return not self.failures and not self.scenario.problems

    def report(self) -> str:
        head = f"{self.scenario.where()}: {self.scenario.name}"
        if self.passed:
            return f"PASS {head}"
        lines = [f"FAIL {head}"]
        lines += [f"  {d}" for d in self.scenario.problems]
        lines += [f"  {f}" for f in self.failures]
        return "\n".join(lines)


class StepAgent:
    """Answers decisions from the scenario's steps, in order, and fails on anything unscripted."""

    def __init__(self, scenario: Scenario, steps: list[dict[str, Any]], decline_unscripted: bool):
        self.scenario = scenario
        self.steps = steps
        self.position = 0
        self.decline = decline_unscripted

    def choose(self, decision: Decision, game: Game) -> int:
        step = self.steps[self.position] if self.position < len(self.steps) else None
        if step is not None and step["player"] - 1 == decision.player and step["kind"] == decision.kind:
            index = self._match(decision, step["choose"], self.position)
            self.position += 1
            return index
        if self.decline and decision.stop is not None:
            return decision.stop
        nxt = f"the next step is P{step['player']} {step['kind']}" if step else "no steps are left"
        raise ScenarioFailure(f"unscripted decision: P{decision.player + 1} {decision.kind} ({nxt}); options: "
                              + "; ".join(decision.labels()))

    def forced(self, decision: Decision) -> None:
        """A decision with one legal option is not asked; a step written for it is used up all the same."""
        step = self.steps[self.position] if self.position < len(self.steps) else None
        if step is not None and step["player"] - 1 == decision.player and step["kind"] == decision.kind:
            self._match(decision, step["choose"], self.position)
            self.position += 1

    def _match(self, decision: Decision, wanted: str, index: int) -> int:
        labels = decision.labels()
        if wanted in labels:
            return labels.index(wanted)
        matches = [i for i, label in enumerate(labels) if wanted.lower() in label.lower()]
        if len(matches) == 1:
            return matches[0]
        where = self.scenario.where("steps", index, "choose")
        if not matches:
            raise ScenarioFailure(f"{where}: step {index + 1}: no option of P{decision.player + 1} {decision.kind} matches "
                                  f"`{wanted}`; options: " + "; ".join(labels))
        raise ScenarioFailure(f"{where}: step {index + 1}: `{wanted}` matches several options: "
                              + "; ".join(labels[i] for i in matches))


# ------------------------------------------------------------------------------------ building the game

def _take(game: Game, card_id: str, placed: set[int]) -> Card:
    """The first instance of `card_id` not already placed by this setup, removed from where it lies,
    looking in the deck first. A card taken from a hand, a ship or the island the scenario does not
    set is replaced by a card from the bottom of the deck, so the dealt sizes stay as they were."""
    for where, cards in sorted(all_places(game), key=lambda place: place[0] != "deck"):
        for card in cards:
            if card.id == card_id and card.uid not in placed:
                index = cards.index(card)
                cards.remove(card)
                placed.add(card.uid)
                if where != "deck" and game.zones.deck and cards is not game.zones.discard:
                    filler = next((c for c in game.zones.deck if c.uid not in placed), None)
                    if filler is not None:
                        game.zones.deck.remove(filler)
                        cards.insert(index, filler)
                return card
    raise SetupError(f"no free copy of `{card_id}` is left to place")


def _clear(game: Game, cards: list[Card]) -> None:
    game.zones.deck[:0] = cards
    cards.clear()


def _set_colour(game: Game, p: Player, colour: str) -> None:
    goods = dict(game.data.colours)
    if colour not in goods:
        raise SetupError(f"unknown colour `{colour}`; colours: {', '.join(goods)}")
    other = next((q for q in game.players if q.colour == colour and q is not p), None)
    if other is not None:  # swap, so colours stay unique
        other.colour, other.colour_good = p.colour, p.colour_good
        for ship in other.ships:
            ship.colour = other.colour
    p.colour, p.colour_good = colour, goods[colour]
    for ship in p.ships:
        ship.colour = colour


def build_game(sc: Scenario, cards: CardSet, data: RulesData) -> Game:
    d = sc.data
    setup = d.get("setup", {}) or {}
    player_setups = setup.get("players", []) or []
    n = d.get("players", len(player_setups) or 3)
    options = GameOptions(first_leader=setup.get("leader", 1) - 1, check_invariants=True)
    for name, value in (d.get("options", {}) or {}).items():
        options = parse_option(f"{name}={value if not isinstance(value, bool) else ('yes' if value else 'no')}", options)
    sets = d.get("sets")
    game = Game(cards.only_sets(sets) if sets else cards, data, n, int(d.get("seed", 1)), options, [])
    placed: set[int] = set()
    for i, ps in enumerate(player_setups):
        p = game.players[i]
        if "colour" in ps:
            _set_colour(game, p, ps["colour"])
        if "credits" in ps:
            p.credits = int(ps["credits"])
        for zone in ("hand", "goods", "imports", "shipments"):
            if zone in ps:
                _clear(game, getattr(p, zone))
        if "ships" in ps:
            for ship in p.ships:
                _clear(game, ship.contracts)
                _clear(game, ship.containers)
    for zone in ("island", "discard"):
        if zone in setup:
            _clear(game, getattr(game.zones, zone))
    for i, ps in enumerate(player_setups):
        _place_player(game, game.players[i], ps, placed)
    for zone in ("island", "discard"):
        for card_id in setup.get(zone, []) or []:
            getattr(game.zones, zone).append(_take(game, card_id, placed))
    top = [_take(game, card_id, placed) for card_id in setup.get("deck_top", []) or []]
    game.zones.deck.extend(reversed(top))  # the first listed is drawn first
    for p in game.players:
        for ship in p.ships:
            if ship.at_sea and not ship.containers:
                raise SetupError(f"{p.name}'s {ship.label} is at sea with no container; give it `containers` or `at_sea: false`")
    check(game)
    return game


def _place_player(game: Game, p: Player, ps: dict[str, Any], placed: set[int]) -> None:
    for card_id in ps.get("hand", []) or []:
        p.hand.append(_take(game, card_id, placed))
    for card_id in ps.get("goods", []) or []:
        p.goods.append(_take(game, card_id, placed))
    for card_id in ps.get("imports", []) or []:
        p.imports.append(_take(game, card_id, placed))
    for card_id in ps.get("shipments", []) or []:
        game.add_shipment(p, _take(game, card_id, placed))
    ships = ps.get("ships")
    if ships is None:
        return
    if len(ships) > len(p.ships):
        raise SetupError(f"{p.name} has {len(p.ships)} ships; the scenario lists {len(ships)}")
    for ship, spec in zip(p.ships, ships + [{}] * (len(p.ships) - len(ships)), strict=True):
        _place_ship(game, ship, spec, placed)


def _place_ship(game: Game, ship: Ship, spec: dict[str, Any], placed: set[int]) -> None:
    ship.at_sea = bool(spec.get("at_sea", False))
    ship.contracts = [_take(game, card_id, placed) for card_id in spec.get("contracts", []) or []]
    ship.containers = [_take(game, card_id, placed) for card_id in spec.get("containers", []) or []]
    if ship.at_sea and ship.contracts:
        raise SetupError(f"the {ship.label} is at sea and cannot carry contracts")


# ------------------------------------------------------------------------------------ checking

def _ids(cards: list[Card]) -> list[str]:
    return sorted(c.id for c in cards)


def _compare(failures: list[str], what: str, expected: Any, actual: Any) -> None:
    if expected != actual:
        failures.append(f"{what}: expected {expected!r}, got {actual!r}")


def _event_matches(event: ev.Event, spec: dict[str, Any]) -> bool:
    if type(event).__name__ != spec.get("type"):
        return False
    for key, wanted in spec.items():
        if key == "type":
            continue
        actual = getattr(event, key, None)
        if isinstance(actual, Card):
            actual = actual.id
        elif key in SEAT_FIELDS and isinstance(actual, int):
            actual += 1
        elif key in SEAT_FIELDS and isinstance(actual, list):
            actual = [seat + 1 for seat in actual]
        if actual != wanted:
            return False
    return True


def check_expectations(game: Game, expect: dict[str, Any], seen: list[ev.Event]) -> list[str]:
    failures: list[str] = []
    scores = game.result.totals if game.result else None
    for seat, want in (expect.get("players", {}) or {}).items():
        p = game.players[seat - 1]
        tag = f"P{seat}"
        for key in ("hand", "goods", "imports", "shipments"):
            if key in want:
                _compare(failures, f"{tag} {key}", sorted(want[key]), _ids(getattr(p, key)))
        if "credits" in want:
            _compare(failures, f"{tag} credits", want["credits"], p.credits)
        if "hand_size" in want:
            _compare(failures, f"{tag} hand size", want["hand_size"], len(p.hand))
        for card_id in want.get("hand_has", []) or []:
            if card_id not in _ids(p.hand):
                failures.append(f"{tag} hand: expected to hold {card_id}, holds {_ids(p.hand)}")
        for card_id in want.get("hand_lacks", []) or []:
            if card_id in _ids(p.hand):
                failures.append(f"{tag} hand: expected not to hold {card_id}")
        if "score" in want:
            _compare(failures, f"{tag} score", want["score"], scores[seat - 1] if scores else None)
        for good, level in (want.get("level", {}) or {}).items():
            _compare(failures, f"{tag} level in {good}", level, game.rules.level(p, good))
        if "ships" in want:
            actual = [{"at_sea": s.at_sea, "contracts": _ids(s.contracts), "containers": _ids(s.containers)} for s in p.ships]
            expected = [{"at_sea": bool(s.get("at_sea", False)), "contracts": sorted(s.get("contracts", [])),
                         "containers": sorted(s.get("containers", []))} for s in want["ships"]]
            _compare(failures, f"{tag} ships", expected, actual)
    if "island" in expect:
        _compare(failures, "island", sorted(expect["island"]), _ids(game.zones.island))
    for key, zone in (("island_size", game.zones.island), ("deck_size", game.zones.deck), ("discard_size", game.zones.discard)):
        if key in expect:
            _compare(failures, key.replace("_", " "), expect[key], len(zone))
    for spec in expect.get("events", []) or []:
        if not any(_event_matches(e, spec) for e in seen):
            failures.append(f"expected an event {spec}, none happened")
    for spec in expect.get("absent_events", []) or []:
        if any(_event_matches(e, spec) for e in seen):
            failures.append(f"expected no event {spec}, but one happened")
    if "end_reason" in expect:
        _compare(failures, "end reason", expect["end_reason"], game.end_reason)
    if "winners" in expect:
        _compare(failures, "winners", expect["winners"], [w + 1 for w in game.result.winners] if game.result else None)
    if "over" in expect:
        _compare(failures, "game over", expect["over"], game.over)
    return failures


# ------------------------------------------------------------------------------------ running

def run_scenario(sc: Scenario, cards: CardSet, data: RulesData) -> Outcome:
    outcome = Outcome(sc)
    sc.problems = []
    check_scenario(sc, set(cards.by_id), set(KINDS))
    if sc.problems:
        return outcome
    try:
        game = build_game(sc, cards, data)
    except (SetupError, OptionError, InvariantError) as exc:
        outcome.failures.append(f"setup: {exc}")
        return outcome
    steps = list(sc.data.get("steps", []) or [])
    agent = StepAgent(sc, steps, sc.data.get("unscripted", "fail") == "decline")
    game.agents = [agent] * len(game.players)
    game.forced_hook = agent.forced
    seen: list[ev.Event] = []
    game.bus.subscribe_all(seen.append)
    try:
        _play(game, sc.data.get("run", "turn"))
    except ScenarioFailure as exc:
        outcome.failures.append(str(exc))
        return outcome
    except InvariantError as exc:
        outcome.failures.append(f"invariant broken: {exc}")
        return outcome
    except TriggerLoopError as exc:
        outcome.failures.append(str(exc))
        return outcome
    if agent.position < len(steps):
        left = steps[agent.position]
        outcome.failures.append(f"{sc.where('steps', agent.position)}: step {agent.position + 1} "
                                f"(P{left['player']} {left['kind']}: {left['choose']}) was never asked")
    outcome.failures += check_expectations(game, sc.data.get("expect", {}) or {}, seen)
    return outcome


def _play(game: Game, run: Any) -> None:
    if run == "game":
        game.play()
        return
    for _ in range(1 if run == "turn" else int(run)):
        try:
            play_turn(game)
        except GameStop:
            clean_up(game)
        if game.end_reason is not None:
            game.result = finish(game)
            game.over = True
            return
        game.next_leader()


def scenarios_in_file(path: Path) -> tuple[list[Scenario], list[Diagnostic]]:
    """A scenario file holds one scenario (a mapping) or several (a list); a card file's `examples`
    are scenarios too."""
    data, smap, diags = load_yaml(path)
    if diags:
        return [], diags
    items: list[tuple[tuple[Any, ...], Any]]
    if isinstance(data, dict) and "id" in data and ("examples" in data or "good" in data):  # a card file
        items = [(("examples", i), item) for i, item in enumerate(data.get("examples") or [])]
        card_id = data.get("id")
    elif isinstance(data, list):
        items = [((i,), item) for i, item in enumerate(data)]
        card_id = None
    else:
        items = [((), data)]
        card_id = None
    out = []
    for key, item in items:
        name = item.get("name", "unnamed") if isinstance(item, dict) else "unnamed"
        out.append(Scenario(str(name), item if isinstance(item, dict) else {}, smap, key, card_id))
    return out, []
