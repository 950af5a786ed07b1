"""Reading scenario documents (docs/scenarios.md) with precise diagnostics."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from interpreter.cards.diagnostics import Diagnostic, did_you_mean
from interpreter.cards.yamlsource import PathKey, SourceMap

TOP_KEYS = ("name", "seed", "players", "sets", "options", "unscripted", "setup", "steps", "run", "expect")
SETUP_KEYS = ("leader", "players", "island", "deck_top", "discard")
PLAYER_KEYS = ("colour", "credits", "hand", "goods", "imports", "shipments", "ships")
SHIP_KEYS = ("at_sea", "contracts", "containers")
STEP_KEYS = ("player", "kind", "choose")
EXPECT_KEYS = ("players", "island", "island_size", "deck_size", "discard_size", "events", "absent_events",
               "end_reason", "winners", "over")
EXPECT_PLAYER_KEYS = ("credits", "hand", "hand_size", "hand_has", "hand_lacks", "goods", "imports", "shipments",
                      "score", "level", "ships")


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


def _keys(sc: Scenario, value: Any, path: tuple[Any, ...], allowed: tuple[str, ...], what: str) -> bool:
    if not isinstance(value, dict):
        sc.problems.append(sc.diag(path, "S002", f"{what} must be a mapping"))
        return False
    for key in value:
        if key not in allowed:
            hint = did_you_mean(str(key), allowed)
            sc.problems.append(sc.diag(path + (key,), "S003", f"unknown key `{key}` in {what}{hint}", of_key=True))
    return True


def _id_list(sc: Scenario, value: Any, path: tuple[Any, ...], known: set[str]) -> None:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        sc.problems.append(sc.diag(path, "S004", "expected a list of card ids, e.g. `[cups, pens]`"))
        return
    for i, card_id in enumerate(value):
        if card_id not in known:
            sc.problems.append(sc.diag(path + (i,), "S005", f"unknown card `{card_id}`{did_you_mean(card_id, known)}"))


def _seat(sc: Scenario, value: Any, path: tuple[Any, ...], players: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= players:
        sc.problems.append(sc.diag(path, "S006", f"a player is a seat number from 1 to {players}; got `{value}`"))


def check_scenario(sc: Scenario, known_cards: set[str], decision_kinds: set[str]) -> None:
    """Structural checks; every problem goes to `sc.problems`."""
    data = sc.data
    if not _keys(sc, data, (), TOP_KEYS, "a scenario"):
        return
    if not isinstance(data.get("name"), str):
        sc.problems.append(sc.diag((), "S001", "a scenario needs a `name`"))
    setup = data.get("setup", {})
    players = data.get("players", len(setup.get("players", [])) if isinstance(setup, dict) else 0) or 3
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 6:
        sc.problems.append(sc.diag(("players",), "S007", f"`players` must be from 2 to 6; got `{players}`"))
        return
    if _keys(sc, setup, ("setup",), SETUP_KEYS, "`setup`"):
        if "leader" in setup:
            _seat(sc, setup["leader"], ("setup", "leader"), players)
        for zone in ("island", "deck_top", "discard"):
            if zone in setup:
                _id_list(sc, setup[zone], ("setup", zone), known_cards)
        for i, p in enumerate(setup.get("players", []) or []):
            path = ("setup", "players", i)
            if not _keys(sc, p, path, PLAYER_KEYS, f"player {i + 1}"):
                continue
            for zone in ("hand", "goods", "imports", "shipments"):
                if zone in p:
                    _id_list(sc, p[zone], path + (zone,), known_cards)
            for j, ship in enumerate(p.get("ships", []) or []):
                if _keys(sc, ship, path + ("ships", j), SHIP_KEYS, "a ship"):
                    for zone in ("contracts", "containers"):
                        if zone in ship:
                            _id_list(sc, ship[zone], path + ("ships", j, zone), known_cards)
    for i, step in enumerate(data.get("steps", []) or []):
        if not _keys(sc, step, ("steps", i), STEP_KEYS, "a step"):
            continue
        _seat(sc, step.get("player"), ("steps", i, "player"), players)
        kind = step.get("kind")
        if kind not in decision_kinds:
            sc.problems.append(sc.diag(("steps", i, "kind"), "S008",
                                       f"unknown decision kind `{kind}`{did_you_mean(str(kind), decision_kinds)}"))
        if not isinstance(step.get("choose"), str):
            sc.problems.append(sc.diag(("steps", i), "S009", "a step needs `choose`: the option's label (or a unique part of it)"))
    run = data.get("run", "turn")
    if run not in ("turn", "game") and not (isinstance(run, int) and not isinstance(run, bool) and run >= 1):
        sc.problems.append(sc.diag(("run",), "S010", f"`run` is `turn`, `game` or a number of turns; got `{run}`"))
    expect = data.get("expect", {})
    if _keys(sc, expect, ("expect",), EXPECT_KEYS, "`expect`"):
        for seat, values in (expect.get("players", {}) or {}).items():
            _seat(sc, seat, ("expect", "players", seat), players)
            _keys(sc, values, ("expect", "players", seat), EXPECT_PLAYER_KEYS, f"expectations of player {seat}")
