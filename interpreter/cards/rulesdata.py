"""The numbers of the base rules, read from `cards/game.yaml` (so that no rule number lives in Python)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from interpreter.cards.diagnostics import CardFileError, Diagnostic, did_you_mean
from interpreter.cards.model import GOOD_TYPES
from interpreter.cards.yamlsource import SourceMap, load_yaml


@dataclass(frozen=True)
class RulesData:
    min_players: int
    max_players: int
    colours: tuple[tuple[str, str | None], ...]  # (ship colour, good type it gives a level in)
    grey_only_with_players: int
    starting_credits: int
    grey_bonus_credits: int
    ships_per_player: int
    cards_per_ship_at_sea: int
    island_cards_per_player: int
    starting_hand: int
    colour_bonus: int
    stacking_boost_per_instance: int
    draw_up_to: int
    minimum_draw: int
    wild_pair_size: int
    instances_for_action: int
    instances_per_matching_import: int
    ship_capacity: int
    payout: tuple[int, ...]  # payout[n] = credits for n containers (index 0 unused)
    containers_per_win: int
    most_into_imports: int
    owner_fee: int
    bid_step: int
    minimum_bid: int
    sale_price: int
    sales_per_turn: int
    imports_base: int
    imports_per_shipment: int
    goods_base: int
    goods_per_shipment: int
    credit_threshold: int
    unfinished_container_value: int
    innate_value: dict[str, int]
    majority_bonus: dict[str, int]
    majority_minimum_goods: int
    one_of_each_bonus: int

    def colour_good(self, colour: str) -> str | None:
        return dict(self.colours)[colour]


# Each field of RulesData and where it stands in game.yaml.
_FIELDS: dict[str, tuple[str, ...]] = {
    "min_players": ("players", "min"),
    "max_players": ("players", "max"),
    "grey_only_with_players": ("grey_only_with_players",),
    "starting_credits": ("setup", "starting_credits"),
    "grey_bonus_credits": ("setup", "grey_bonus_credits"),
    "ships_per_player": ("setup", "ships_per_player"),
    "cards_per_ship_at_sea": ("setup", "cards_per_ship_at_sea"),
    "island_cards_per_player": ("setup", "island_cards_per_player"),
    "starting_hand": ("setup", "starting_hand"),
    "colour_bonus": ("levels", "colour_bonus"),
    "stacking_boost_per_instance": ("levels", "stacking_boost_per_instance"),
    "draw_up_to": ("turn", "draw_up_to"),
    "minimum_draw": ("turn", "minimum_draw"),
    "wild_pair_size": ("turn", "wild_pair_size"),
    "instances_for_action": ("turn", "instances_for_action"),
    "instances_per_matching_import": ("turn", "instances_per_matching_import"),
    "ship_capacity": ("ship", "capacity"),
    "containers_per_win": ("import", "containers_per_win"),
    "most_into_imports": ("import", "most_into_imports"),
    "owner_fee": ("import", "owner_fee"),
    "bid_step": ("import", "bid_step"),
    "minimum_bid": ("import", "minimum_bid"),
    "sale_price": ("supply", "sale_price"),
    "sales_per_turn": ("supply", "sales_per_turn"),
    "imports_base": ("limits", "imports", "base"),
    "imports_per_shipment": ("limits", "imports", "per_shipment"),
    "goods_base": ("limits", "goods", "base"),
    "goods_per_shipment": ("limits", "goods", "per_shipment"),
    "credit_threshold": ("end", "credit_threshold"),
    "unfinished_container_value": ("scoring", "unfinished_container_value"),
    "majority_minimum_goods": ("scoring", "majority_minimum_goods"),
    "one_of_each_bonus": ("scoring", "one_of_each_bonus"),
}
_SECTIONS = ("players", "colours", "grey_only_with_players", "setup", "levels", "turn", "ship", "payout",
             "import", "supply", "limits", "end", "scoring")


class _Reader:
    def __init__(self, data: dict[str, Any], smap: SourceMap):
        self.data = data
        self.smap = smap
        self.diags: list[Diagnostic] = []

    def get(self, key: tuple[Any, ...]) -> Any:
        node: Any = self.data
        for i, part in enumerate(key):
            if not isinstance(node, dict) or part not in node:
                self.diags.append(self.smap.diag(key[:i], "G002", f"missing `{'.'.join(map(str, key))}`"))
                return None
            node = node[part]
        return node

    def whole(self, key: tuple[Any, ...], *, signed: bool = False) -> int:
        value = self.get(key)
        if value is None:
            return 0
        if isinstance(value, bool) or not isinstance(value, int) or (value < 0 and not signed):
            kind = "a whole number" if signed else "a whole number of at least 0"
            self.diags.append(self.smap.diag(key, "G003", f"`{'.'.join(map(str, key))}` must be {kind}; got `{value}`"))
            return 0
        return value

    def per_good(self, key: tuple[str, ...]) -> dict[str, int]:
        table = self.get(key)
        if not isinstance(table, dict):
            if table is not None:
                self.diags.append(self.smap.diag(key, "G004", f"`{'.'.join(key)}` must map every good type to a number"))
            return {}
        for good in table:
            if good not in GOOD_TYPES:
                hint = did_you_mean(str(good), GOOD_TYPES)
                self.diags.append(self.smap.diag(key + (good,), "G005", f"unknown good type `{good}`{hint}", of_key=True))
        return {good: self.whole(key + (good,), signed=True) for good in GOOD_TYPES}


def _read_payout(r: _Reader) -> tuple[int, ...]:
    table = r.get(("payout",))
    if not isinstance(table, dict) or not table or not all(isinstance(k, int) and k >= 1 for k in table):
        r.diags.append(r.smap.diag(("payout",), "G006", "`payout` must map container counts (1, 2, ...) to credits"))
        return (0, 0)
    top = max(table)
    out = [0] * (top + 1)
    last = 0
    for n in range(1, top + 1):
        if n in table:
            last = r.whole(("payout", n))
        out[n] = last
    return tuple(out)


def _read_colours(r: _Reader) -> tuple[tuple[str, str | None], ...]:
    table = r.get(("colours",))
    if not isinstance(table, dict) or not table:
        r.diags.append(r.smap.diag(("colours",), "G007", "`colours` must map ship colours to the good type of their level (or null)"))
        return ()
    for colour, good in table.items():
        if good is not None and good not in GOOD_TYPES:
            r.diags.append(r.smap.diag(("colours", colour), "G005", f"unknown good type `{good}`{did_you_mean(str(good), GOOD_TYPES)}"))
    return tuple((str(c), g) for c, g in table.items())


def load_rules_data(path: Path) -> RulesData:
    """Read game.yaml; raises CardFileError listing every problem."""
    data, smap, diags = load_yaml(path)
    if diags:
        raise CardFileError(diags)
    if not isinstance(data, dict):
        raise CardFileError([smap.diag((), "G001", "game.yaml must be a mapping of rule sections")])
    r = _Reader(data, smap)
    for key in data:
        if key not in _SECTIONS:
            r.diags.append(smap.diag((key,), "G008", f"unknown section `{key}`{did_you_mean(str(key), _SECTIONS)}", of_key=True))
    values: dict[str, Any] = {name: r.whole(key) for name, key in _FIELDS.items()}
    values["colours"] = _read_colours(r)
    values["payout"] = _read_payout(r)
    values["innate_value"] = r.per_good(("scoring", "innate_value"))
    values["majority_bonus"] = r.per_good(("scoring", "majority_bonus"))
    if not r.diags and values["min_players"] > values["max_players"]:
        r.diags.append(smap.diag(("players",), "G009", "`players.min` is larger than `players.max`"))
    if not r.diags and values["max_players"] > len(values["colours"]):
        r.diags.append(smap.diag(("players", "max"), "G009", f"{values['max_players']} players need as many colours; `colours` has {len(values['colours'])}"))
    if r.diags:
        raise CardFileError(r.diags)
    return RulesData(**values)
