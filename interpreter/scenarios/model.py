"""Reading scenario documents (docs/scenarios.md) with precise diagnostics.

Every key a scenario may use is listed here; `check_scenario` reports each problem with its file
position before anything runs, so a typo never turns into an expectation that silently holds.
Seats are numbered from 1 everywhere in a scenario (docs/scenarios.md, "Seats").
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from interpreter.cards.diagnostics import Diagnostic, did_you_mean
from interpreter.cards.model import ACTION_TYPES
from interpreter.cards.yamlsource import PathKey, SourceMap
from interpreter.engine import events as ev
from interpreter.engine.options import MAX_SEED
from interpreter.engine.scoring import PARTS

TOP_KEYS = ("name", "seed", "players", "sets", "copies", "options", "unscripted", "setup", "steps", "run", "expect")
SETUP_KEYS = ("leader", "players", "island", "deck_top", "deck", "deck_size", "deal_top", "discard")
PLAYER_KEYS = ("colour", "credits", "hand", "goods", "imports", "shipments", "ships", "over_limit")
SHIP_KEYS = ("at_sea", "contracts", "containers")
STEP_KEYS = ("player", "kind", "choose", "offered", "not_offered", "sees", "does_not_see")
EXPECT_KEYS = ("players", "island", "island_size", "deck_size", "discard_size", "events", "events_in_order",
               "absent_events", "end_reason", "winners", "over")
EXPECT_PLAYER_KEYS = ("colour", "credits", "hand", "hand_size", "hand_has", "hand_lacks", "goods", "imports", "shipments",
                      "score", "score_breakdown", "level", "ships")
EXPECT_SHIP_KEYS = ("at_sea", "contracts", "containers", "container_count")
SCORE_PARTS = (*PARTS, "total")
UNSCRIPTED = ("fail", "decline")
RANDOM = "random"  # `setup: leader: random`: the seeded first leader of R2.13
MAX_COPIES = 100  # of one card, as in a mod pack's deck list

# Event fields by event name, for checking `events` expectations before they run.
EVENT_FIELDS: dict[str, tuple[str, ...]] = {
    cls.__name__: tuple(f.name for f in dataclasses.fields(cls)) for cls in ev.CATALOGUE
}
# The event fields a scenario writes as card ids (one, or a list), read from the events' declared
# types: a value there that is no card could never match, so it is refused before the run.
EVENT_CARD_FIELDS: dict[str, dict[str, bool]] = {  # event -> field -> whether it holds a list of cards
    cls.__name__: {f.name: str(f.type).startswith("list") for f in dataclasses.fields(cls) if str(f.type) in ("Card", "list[Card]")}
    for cls in ev.CATALOGUE
}


@dataclass
class Scenario:
    name: str
    data: dict[str, Any]
    smap: SourceMap
    key: PathKey  # where the scenario stands in its file: () for a scenario file, ("examples", i) in a card
    card_id: str | None = None  # the card whose example this is
    problems: list[Diagnostic] = field(default_factory=list)

    def where(self, *path: Any) -> str:
        line, col = self.smap.at(self.key + tuple(path))
        return f"{self.smap.path}:{line}:{col}"

    def diag(self, path: tuple[Any, ...], code: str, message: str, *, of_key: bool = False) -> Diagnostic:
        return self.smap.diag(self.key + path, code, message, of_key=of_key)

    def player_count(self) -> int:
        """`players`, else the number of players the setup lists, else 3."""
        setup = self.data.get("setup")
        listed = len(setup.get("players") or []) if isinstance(setup, dict) and isinstance(setup.get("players"), list) else 0
        return self.data.get("players", listed or 3)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _keys(sc: Scenario, value: Any, path: tuple[Any, ...], allowed: tuple[str, ...], what: str) -> bool:
    if not isinstance(value, dict):
        sc.problems.append(sc.diag(path, "S002", f"{what} must be a mapping"))
        return False
    for key in value:
        if key not in allowed:
            hint = did_you_mean(str(key), allowed)
            if not hint and value[key] is None and isinstance(key, str) and (" " in key or ")" in key):
                hint = _cut_at_a_comma(value, key)
            sc.problems.append(sc.diag(path + (key,), "S003", f"unknown key `{key}` in {what}{hint}", of_key=True))
    return True


def _cut_at_a_comma(mapping: dict[Any, Any], key: str) -> str:
    """`{choose: Pens (consumer, loads 2) ...}`: YAML ends a value of a flow mapping at a comma, and the
    rest becomes a key with no value. Said with the text as it was meant, quoted."""
    keys = list(mapping)
    before = keys[keys.index(key) - 1] if keys.index(key) > 0 else None
    meant = f'`{before}: "{mapping[before]}, {key}"`' if before is not None and isinstance(mapping[before], str) else "its text in quotes"
    return f"; it looks like the rest of a text cut at a comma: inside `{{...}}` a text holding a comma is quoted, {meant}"


def _id_list(sc: Scenario, value: Any, path: tuple[Any, ...], known: set[str]) -> None:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        sc.problems.append(sc.diag(path, "S004", "expected a list of card ids, e.g. `[cups, pens]`"))
        return
    for i, card_id in enumerate(value):
        if card_id not in known:
            sc.problems.append(sc.diag(path + (i,), "S005", f"unknown card `{card_id}`{did_you_mean(card_id, known)}"))


def _seat(sc: Scenario, value: Any, path: tuple[Any, ...], players: int) -> None:
    if not _is_int(value) or not 1 <= value <= players:
        sc.problems.append(sc.diag(path, "S006", f"a player is a seat number from 1 to {players}; got `{value}`"))


def _count(sc: Scenario, value: Any, path: tuple[Any, ...], what: str, most: int | None = None) -> bool:
    if not _is_int(value) or value < 0 or (most is not None and value > most):
        limit = f"from 0 to {most}" if most is not None else "0 or more"
        sc.problems.append(sc.diag(path, "S011", f"{what} must be a whole number {limit}; got `{value}`"))
        return False
    return True


def _credits(sc: Scenario, value: Any, path: tuple[Any, ...]) -> None:
    """A player's credits: a whole number, 0 or more, and even: credits come in 2s (R1.8.3)."""
    if not _is_int(value) or value < 0 or value % 2:
        near = f"; write {value - 1} or {value + 1}" if _is_int(value) and value > 0 and value % 2 else ""
        sc.problems.append(sc.diag(path, "S022", f"credits are an even whole number, 0 or more (they come in 2s, R1.8.3); got `{value}`{near}"))


def _texts(sc: Scenario, value: Any, path: tuple[Any, ...], what: str,
           kind: str = "option labels (or parts of them), e.g. `[draw, LOAD with Pens]`") -> None:
    if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
        sc.problems.append(sc.diag(path, "S012", f"{what} is a list of {kind}"))


def check_scenario(sc: Scenario, known_cards: set[str], decision_kinds: set[str], known_sets: set[str] | None = None) -> None:
    """Structural checks; every problem goes to `sc.problems`."""
    data = sc.data
    if not _keys(sc, data, (), TOP_KEYS, "a scenario"):
        return
    if not isinstance(data.get("name"), str):
        sc.problems.append(sc.diag((), "S001", "a scenario needs a `name`"))
    players = sc.player_count()
    if not _is_int(players) or not 2 <= players <= 6:
        sc.problems.append(sc.diag(("players",), "S007", f"`players` must be from 2 to 6; got `{players}`"))
        return
    if "seed" in data and (not _is_int(data["seed"]) or not 0 <= data["seed"] <= MAX_SEED):
        sc.problems.append(sc.diag(("seed",), "S011", f"`seed` must be a whole number from 0 to {MAX_SEED:,}; got `{data['seed']}`"))
    if data.get("unscripted", "fail") not in UNSCRIPTED:
        sc.problems.append(sc.diag(("unscripted",), "S013", f"`unscripted` is `fail` or `decline`; got `{data['unscripted']}`"))
    if "sets" in data and known_sets is not None:
        _check_sets(sc, data["sets"], known_sets)
    _check_copies(sc, data.get("copies"), known_cards)
    _check_options(sc, data.get("options"), data.get("setup"))
    setup = data.get("setup", {})
    if setup is not None and _keys(sc, setup, ("setup",), SETUP_KEYS, "`setup`"):
        _check_setup(sc, setup, players, known_cards)
    steps = data.get("steps", []) or []
    if not isinstance(steps, list):
        sc.problems.append(sc.diag(("steps",), "S002", "`steps` must be a list of `{player, kind, choose}`"))
        steps = []
    for i, step in enumerate(steps):
        _check_step(sc, step, i, players, decision_kinds)
    run = data.get("run", "turn")
    if run not in ("turn", "game") and not (_is_int(run) and run >= 1):
        sc.problems.append(sc.diag(("run",), "S010", f"`run` is `turn`, `game` or a number of turns; got `{run}`"))
    expect = data.get("expect", {})
    if expect is not None and _keys(sc, expect, ("expect",), EXPECT_KEYS, "`expect`"):
        _check_expect(sc, expect, players, known_cards)


def _check_sets(sc: Scenario, sets: Any, known: set[str]) -> None:
    """`sets`: the card sets the game is dealt from, by name (an unknown one dealt nothing, silently)."""
    if not isinstance(sets, list) or not sets or not all(isinstance(name, str) for name in sets):
        sc.problems.append(sc.diag(("sets",), "S023", f"`sets` is a list of card set names, e.g. `[base, jutaku]`; sets: {', '.join(sorted(known))}"))
        return
    for i, name in enumerate(sets):
        if name not in known:
            sc.problems.append(sc.diag(("sets", i), "S023", f"unknown card set `{name}`{did_you_mean(name, known)}; sets: {', '.join(sorted(known))}"))


def _check_copies(sc: Scenario, copies: Any, known: set[str]) -> None:
    if copies is None:
        return
    if not isinstance(copies, dict):
        sc.problems.append(sc.diag(("copies",), "S002", "`copies` maps card ids to a number of copies, e.g. `{wheat: 2}`"))
        return
    for card_id, n in copies.items():
        if card_id not in known:
            sc.problems.append(sc.diag(("copies", card_id), "S005", f"unknown card `{card_id}`{did_you_mean(str(card_id), known)}", of_key=True))
        _count(sc, n, ("copies", card_id), f"copies of `{card_id}`", MAX_COPIES)


def _check_options(sc: Scenario, options: Any, setup: Any) -> None:
    """`options` are the game options by name. The one seat among them, `first_leader`, counts from 0
    as on the command line; in a scenario the first leader is `setup: leader:` (from 1). An old file's
    `first_leader: 0` can only mean the first seat and is kept; any other value is ambiguous."""
    if options is None:
        return
    if not isinstance(options, dict):
        sc.problems.append(sc.diag(("options",), "S002", "`options` must be a mapping of option names to values"))
        return
    if "first_leader" not in options:
        return
    value = options["first_leader"]
    if isinstance(setup, dict) and "leader" in setup:
        sc.problems.append(sc.diag(("options", "first_leader"), "S014",
                                   "give the first leader once: `setup: leader:` (seats from 1), not also `options: first_leader`", of_key=True))
    elif value != 0:
        sc.problems.append(sc.diag(("options", "first_leader"), "S014",
                                   "`options: first_leader` counts seats from 0 (as on the command line) while a scenario counts "
                                   "from 1; write `setup: {leader: N}` with N from 1 (or `random`) instead", of_key=True))


def _check_setup(sc: Scenario, setup: dict[str, Any], players: int, known: set[str]) -> None:
    if "leader" in setup and setup["leader"] != RANDOM:
        _seat(sc, setup["leader"], ("setup", "leader"), players)
    for zone in ("island", "deck_top", "deck", "deal_top", "discard"):
        if zone in setup:
            _id_list(sc, setup[zone], ("setup", zone), known)
    if "deck_size" in setup:
        _count(sc, setup["deck_size"], ("setup", "deck_size"), "`deck_size`")
    if "deck" in setup:
        for other in ("deck_top", "deck_size"):
            if other in setup:
                sc.problems.append(sc.diag(("setup", other), "S015",
                                           f"`deck` is the whole deck; `{other}` cannot be given with it", of_key=True))
    listed = setup.get("players", []) or []
    if not isinstance(listed, list):
        sc.problems.append(sc.diag(("setup", "players"), "S002", "`setup: players` must be a list, one entry per seat"))
        return
    if len(listed) > players:
        sc.problems.append(sc.diag(("setup", "players"), "S016", f"the setup lists {len(listed)} players; the scenario has {players}"))
    for i, p in enumerate(listed):
        path = ("setup", "players", i)
        if not _keys(sc, p, path, PLAYER_KEYS, f"player {i + 1}"):
            continue
        for zone in ("hand", "goods", "imports", "shipments"):
            if zone in p:
                _id_list(sc, p[zone], path + (zone,), known)
        if "over_limit" in p and not isinstance(p["over_limit"], bool):
            sc.problems.append(sc.diag(path + ("over_limit",), "S017", "`over_limit` is `true` or `false`"))
        if "credits" in p:
            _credits(sc, p["credits"], path + ("credits",))
        for j, ship in enumerate(_ships(sc, p, path)):
            if _keys(sc, ship, path + ("ships", j), SHIP_KEYS, "a ship"):
                for zone in ("contracts", "containers"):
                    if zone in ship:
                        _id_list(sc, ship[zone], path + ("ships", j, zone), known)
                _at_sea(sc, ship, path + ("ships", j))


def _ships(sc: Scenario, player: dict[str, Any], path: tuple[Any, ...]) -> list[Any]:
    """A player's `ships`: a list, one mapping per ship (an empty list when absent or wrong)."""
    ships = player.get("ships", []) or []
    if not isinstance(ships, list):
        sc.problems.append(sc.diag(path + ("ships",), "S002", "`ships` is a list, one mapping per ship, e.g. `[{contracts: [wheat]}]`"))
        return []
    return ships


def _at_sea(sc: Scenario, ship: dict[str, Any], path: tuple[Any, ...]) -> None:
    if "at_sea" in ship and not isinstance(ship["at_sea"], bool):
        sc.problems.append(sc.diag(path + ("at_sea",), "S017", f"`at_sea` is `true` or `false`; got `{ship['at_sea']}`"))


def _check_step(sc: Scenario, step: Any, i: int, players: int, decision_kinds: set[str]) -> None:
    if not _keys(sc, step, ("steps", i), STEP_KEYS, "a step"):
        return
    _seat(sc, step.get("player"), ("steps", i, "player"), players)
    kind = step.get("kind")
    if kind not in decision_kinds:
        sc.problems.append(sc.diag(("steps", i, "kind"), "S008",
                                   f"unknown decision kind `{kind}`{did_you_mean(str(kind), decision_kinds)}"))
    if not isinstance(step.get("choose"), str):
        sc.problems.append(sc.diag(("steps", i), "S009", "a step needs `choose`: the option's label (or a unique part of it)"))
    for key in ("offered", "not_offered"):
        if key in step:
            _texts(sc, step[key], ("steps", i, key), f"`{key}`")
    for key in ("sees", "does_not_see"):
        if key in step:
            _texts(sc, step[key], ("steps", i, key), f"`{key}`", "texts of what the player sees, e.g. `[Bids:, bid 12]`")


def _check_expect(sc: Scenario, expect: dict[str, Any], players: int, known: set[str]) -> None:
    expected_players = expect.get("players", {}) or {}
    if not isinstance(expected_players, dict):
        sc.problems.append(sc.diag(("expect", "players"), "S002", "`expect: players` maps seat numbers (from 1) to expectations"))
        expected_players = {}
    for seat, values in expected_players.items():
        path = ("expect", "players", seat)
        _seat(sc, seat, path, players)
        if not _keys(sc, values, path, EXPECT_PLAYER_KEYS, f"expectations of player {seat}"):
            continue
        for zone in ("hand", "hand_has", "hand_lacks", "goods", "imports", "shipments"):
            if zone in values:
                _id_list(sc, values[zone], path + (zone,), known)
        breakdown = values.get("score_breakdown")
        if breakdown is not None and _keys(sc, breakdown, path + ("score_breakdown",), SCORE_PARTS, "`score_breakdown`"):
            for part, n in breakdown.items():
                if not _is_int(n):
                    sc.problems.append(sc.diag(path + ("score_breakdown", part), "S011", f"`{part}` must be a whole number; got `{n}`"))
        for j, ship in enumerate(_ships(sc, values, path)):
            if not _keys(sc, ship, path + ("ships", j), EXPECT_SHIP_KEYS, "an expected ship"):
                continue
            _at_sea(sc, ship, path + ("ships", j))
            for zone in ("contracts", "containers"):
                if zone in ship:
                    _id_list(sc, ship[zone], path + ("ships", j, zone), known)
            if "container_count" in ship:
                _count(sc, ship["container_count"], path + ("ships", j, "container_count"), "`container_count`")
    for key in ("island",):
        if key in expect:
            _id_list(sc, expect[key], ("expect", key), known)
    for key in ("events", "events_in_order", "absent_events"):
        if key in expect:
            _check_events(sc, expect[key], ("expect", key), known)
    if "winners" in expect:
        winners = expect["winners"]
        if not isinstance(winners, list):
            sc.problems.append(sc.diag(("expect", "winners"), "S002", "`winners` is a list of seats, e.g. `[2]`"))
        else:
            for i, seat in enumerate(winners):
                _seat(sc, seat, ("expect", "winners", i), players)


def _check_events(sc: Scenario, specs: Any, path: tuple[Any, ...], known: set[str]) -> None:
    if not isinstance(specs, list):
        sc.problems.append(sc.diag(path, "S002", "expected a list of events, e.g. `[{type: PowerUsed, card: cups}]`"))
        return
    for i, spec in enumerate(specs):
        if not isinstance(spec, dict) or "type" not in spec:
            sc.problems.append(sc.diag(path + (i,), "S018", "an event is a mapping with its `type`, e.g. `{type: PowerUsed, card: cups}`"))
            continue
        kind = spec["type"]
        if kind not in EVENT_FIELDS:
            sc.problems.append(sc.diag(path + (i, "type"), "S019", f"unknown event `{kind}`{did_you_mean(str(kind), EVENT_FIELDS)}"))
            continue
        for key in spec:
            if key != "type" and key not in EVENT_FIELDS[kind]:
                fields = ", ".join(EVENT_FIELDS[kind]) or "none"
                sc.problems.append(sc.diag(path + (i, key), "S020", f"{kind} has no field `{key}`{did_you_mean(str(key), EVENT_FIELDS[kind])}; "
                                           f"its fields: {fields}", of_key=True))
            else:
                _check_event_value(sc, kind, key, spec[key], path + (i, key), known)


def _check_event_value(sc: Scenario, kind: str, key: str, value: Any, path: tuple[Any, ...], known: set[str]) -> None:
    """A value no event could hold never matches, and the scenario would only say the event did not
    happen: a card that is no card, an action that is no action (the words are lower case)."""
    holds_list = EVENT_CARD_FIELDS[kind].get(key)
    if holds_list is not None:
        if holds_list:
            _id_list(sc, value, path, known)
        elif not isinstance(value, str) or value not in known:
            sc.problems.append(sc.diag(path, "S005", f"unknown card `{value}`{did_you_mean(str(value), known)}"))
    elif key == "action" and value not in ACTION_TYPES:
        lower = str(value).lower()
        hint = f" (did you mean `{lower}`?)" if lower in ACTION_TYPES else did_you_mean(str(value), ACTION_TYPES)
        sc.problems.append(sc.diag(path, "S021", f"`{value}` is not an action; actions: {', '.join(ACTION_TYPES)}{hint}"))
