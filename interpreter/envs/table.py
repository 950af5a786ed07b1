"""The game an environment deals, from plain settings: players, card sets, mod packs, game options and
the seats played by the built-in bots. Bad settings raise ValueError saying what is allowed."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from interpreter.agents.base import Agent
from interpreter.cards.catalog import choose_sets, load_rules, shipped_cards
from interpreter.cards.loader import CardSet
from interpreter.cards.rulesdata import RulesData
from interpreter.engine.game import Game
from interpreter.engine.options import GameOptions, OptionError, parse_option
from interpreter.envs.driver import GameDriver
from interpreter.mods.apply import apply_packs
from interpreter.powers import new_game
from interpreter.sim.runner import BOTS_HELP, bot_agents, check_bot

OptionsLike = GameOptions | Mapping[str, Any] | Iterable[str] | None


@dataclass(frozen=True)
class Table:
    """Everything but the seed that makes a game: deal one with `deal(seed)`."""

    cards: CardSet
    data: RulesData
    players: int
    options: GameOptions
    bots: Mapping[int, str]  # seat -> built-in bot kind; the other seats are driven from outside

    @property
    def driven(self) -> list[int]:
        return [seat for seat in range(self.players) if seat not in self.bots]

    def deal(self, seed: int) -> GameDriver:
        """A game with this seed, set up and not started: its driven seats wait for `start`. The bots
        are those `simulate --bots` puts in the same seats for the same seed."""
        kinds = [self.bots.get(seat, "random") for seat in range(self.players)]
        agents: list[Agent] = bot_agents(seed, kinds)
        game = new_game(self.cards, self.data, self.players, seed, self.options, agents)
        driver = GameDriver(game)
        for seat in self.driven:
            game.agents[seat] = driver.seat()
        return driver


    def dealt(self, seed: int) -> Game:
        """The game of this seed as dealt, before its first decision, without agents: what a copy of a
        game that kept no checkpoint replays its decisions from (envs/copies.py)."""
        return new_game(self.cards, self.data, self.players, seed, self.options, [])


def make_table(players: int = 4, expansions: str = "none", mods: Iterable[str | Path] = (), options: OptionsLike = None,
               bots: Mapping[int, str] | None = None, cards: CardSet | None = None) -> Table:
    """`expansions`: none, all, or a comma-separated list of sets; `mods`: mod pack paths applied in
    order; `options`: a GameOptions, a mapping {name: value} or `name=value` texts (as `--option`);
    `bots`: {seat: "random" | "heuristic"} for seats the environment plays itself; `cards`: a card
    set to use instead of `expansions` and `mods`."""
    data = load_rules()
    if not isinstance(players, int) or not data.min_players <= players <= data.max_players:
        raise ValueError(f"players must be a whole number from {data.min_players} to {data.max_players}; got {players!r}")
    return Table(cards if cards is not None else _cards(expansions, mods), data, players, _options(options),
                 _bots(bots or {}, players))


def _cards(expansions: str, mods: Iterable[str | Path]) -> CardSet:
    chosen = choose_sets(shipped_cards(), expansions)  # ValueError naming the known sets
    paths = [Path(m) for m in mods]
    for path in paths:
        if not path.exists():
            raise ValueError(f"mods: no such file or folder: {path}")
    return apply_packs(chosen, paths).cards if paths else chosen


def _options(options: OptionsLike) -> GameOptions:
    if options is None:
        return GameOptions()
    if isinstance(options, GameOptions):
        return options
    texts = [f"{k}={_option_text(v)}" for k, v in options.items()] if isinstance(options, Mapping) else list(options)
    result = GameOptions()
    for text in texts:
        try:
            result = parse_option(text, result)
        except OptionError as exc:
            raise ValueError(f"options: {exc}") from None
    return result


def _option_text(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def _bots(bots: Mapping[int, str], players: int) -> dict[int, str]:
    for seat, kind in bots.items():
        if not isinstance(seat, int) or not 0 <= seat < players:
            raise ValueError(f"bots: seats are numbered 0 to {players - 1}; got {seat!r}")
        try:
            check_bot(kind if isinstance(kind, str) else repr(kind))
        except ValueError:
            raise ValueError(f"bots: seat {seat} must be one of {BOTS_HELP}; got {kind!r}") from None
    if len(bots) >= players:
        raise ValueError("bots: at least one seat must be left to the environment's agents")
    return dict(bots)
