"""A PettingZoo AEC environment of Import / Export, for bot authors (docs/environment.md).

    pip install -e '.[pettingzoo]'

    from interpreter.envs.pettingzoo import env
    game = env(players=4, expansions="all")

The agents are the seats (`player_0` ... `player_5`) that no built-in bot plays. Each decision the
engine puts to a seat is one step of that seat's agent: the observation is what the seat sees
(`observation.py`) and the decision's options are the actions `0 .. max_options - 1`, the legal
ones marked by the action mask (options past `max_options` are never offered: see the docs). At the
end of the game every agent gets its reward at once (`reward="win"` or `"score"`), and is
terminated, or truncated when the game hit the turn limit (the `max_turns` option) instead of ending
by the rules. The seed given to `reset` is the game's seed: the same seed and the same actions give
the same game.
"""

from __future__ import annotations

import random
import weakref
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

try:
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
except ImportError as exc:  # pragma: no cover - the message is the point
    raise ImportError("the PettingZoo environment needs the optional extra: pip install -e '.[pettingzoo]' "
                      f"(missing: {exc.name})") from exc

from interpreter.engine import events as ev
from interpreter.engine.view import render as render_view
from interpreter.envs.copies import copy_game
from interpreter.envs.observation import HIGH, HISTORY, SeatEncoder
from interpreter.envs.table import OptionsLike, make_table

if TYPE_CHECKING:
    from interpreter.cards.loader import CardSet
    from interpreter.engine.decisions import Decision
    from interpreter.engine.game import Game, GameResult
    from interpreter.envs.driver import GameDriver

REWARDS = ("win", "score")
OBSERVATIONS = ("scaled", "counts")
RENDER_MODES = ("human", "ansi")
DEFAULT_MAX_OPTIONS = 64


def env(**settings: Any) -> AECEnv:
    """The environment with PettingZoo's order checks (reset before step, and so on); `settings` as
    for `ImportExportEnv`."""
    return wrappers.OrderEnforcingWrapper(ImportExportEnv(**settings))


class ImportExportEnv(AECEnv):
    metadata = {"name": "importexport_v0", "render_modes": list(RENDER_MODES), "is_parallelizable": False}

    def __init__(self, players: int = 4, expansions: str = "none", mods: Iterable[str | Path] = (),
                 options: OptionsLike = None, bots: Mapping[int, str] | None = None, reward: str = "win",
                 max_options: int = DEFAULT_MAX_OPTIONS, render_mode: str | None = None, cards: CardSet | None = None,
                 observation: str = "scaled"):
        super().__init__()
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {', '.join(REWARDS)}; got {reward!r}")
        if observation not in OBSERVATIONS:
            raise ValueError(f"observation must be one of {', '.join(OBSERVATIONS)}; got {observation!r}")
        if not isinstance(max_options, int) or max_options < 2:
            raise ValueError(f"max_options must be a whole number of at least 2; got {max_options!r}")
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be one of {', '.join(RENDER_MODES)} or None; got {render_mode!r}")
        self.table = make_table(players, expansions, mods, options, bots, cards)
        self.reward_kind = reward
        self.render_mode = render_mode
        self.encoder = SeatEncoder(self.table.cards, players, self.table.data.ships_per_player, max_options,
                                   scaled=observation == "scaled")
        self.seats = {f"player_{seat}": seat for seat in self.table.driven}
        self.possible_agents = list(self.seats)
        self.observation_spaces = {a: self._observation_space() for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(max_options) for a in self.possible_agents}
        self._driver: GameDriver | None = None
        self._unwind: weakref.finalize | None = None  # closes the driver when this env is closed, reset or collected
        self._seeds = random.Random()  # the seeds of games reset without one; reseeded by reset(seed=...)
        self._reveals: Reveals | None = None  # when the game's sealed bids were last revealed (R10.3)

    def _observation_space(self) -> spaces.Dict:
        return spaces.Dict({
            "observation": spaces.Box(0, HIGH, shape=(self.encoder.size,), dtype=np.float32),
            "action_mask": spaces.Box(0, 1, shape=(self.encoder.max_options,), dtype=np.int8),
        })

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    # --- the game --------------------------------------------------------------------------------------
    @property
    def game(self) -> Game:
        """The whole game, hidden cards included: for tests and debugging, not for a bot to read."""
        if self._driver is None:
            raise RuntimeError("reset the environment first")
        return self._driver.game

    @property
    def decision(self) -> Decision | None:
        """The decision the selected agent must answer now (None once the game is over)."""
        return self._driver.pending if self._driver is not None else None

    @property
    def card_ids(self) -> tuple[str, ...]:
        """The card ids in the order of the observation's card counts."""
        return self.encoder.card_ids

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game. `seed` is the game's seed (as `importexport play --seed`); without one, the
        next seed of a stream that the last seeded reset started (or the system's randomness)."""
        if seed is not None:
            self._seeds = random.Random(seed)
            game_seed = seed
        else:
            game_seed = self._seeds.randrange(2**32)
        self.close()
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.agents[0]
        self._driver = self.table.deal(game_seed)
        self._start()

    def _start(self, settle: bool = True) -> None:
        """Play the dealt (or cloned) game to its first question to an agent; `settle`: then select
        that agent (or end the game for every agent), as after a step (a copy of a finished game
        has copied all that already)."""
        driver = self._driver
        assert driver is not None
        self._reveals = Reveals(driver.game)
        self._unwind = weakref.finalize(self, driver.close)
        driver.start()
        if settle:
            self._after_play()

    @property
    def _revealed(self) -> int:
        return self._reveals.at if self._reveals is not None else 0

    # --- copies for a search ------------------------------------------------------------------------------
    def clone(self) -> ImportExportEnv:
        """An independent copy of this environment as it is now: the same game at the same decision,
        the same agents to step, rewards and infos, and built-in bots that decide as these would.
        Stepping the copy never changes this one (the game is cloned, engine/cloning.py). It is the
        bare environment, without PettingZoo's order checks."""
        return self._copy(None)

    def resample_hidden(self, seat: int, rng: random.Random | np.random.Generator | int) -> ImportExportEnv:
        """A copy of this environment in which what `seat` cannot see is dealt anew, consistently
        with what it has seen (as a search bot's determinization, agents/search.py): the other
        players' hands and the deck are shuffled together and dealt back, each hand keeping its size,
        while the seat's hand, every card on the table and every card its pending decision shows
        stay what they are; the game's random generator is reseeded (future draws are unknown too);
        and the other players' sealed bids of this round not yet revealed (R10.3) are made again by
        the heuristic bot. `rng`: a random.Random, a numpy Generator or a seed."""
        if not 0 <= seat < self.table.players:
            raise ValueError(f"seat must be from 0 to {self.table.players - 1}; got {seat!r}")
        if isinstance(rng, np.random.Generator):
            rng = random.Random(int(rng.integers(2**63)))
        elif not isinstance(rng, random.Random):
            rng = random.Random(rng)
        return self._copy((seat, rng))

    def _copy(self, resample: tuple[int, random.Random] | None) -> ImportExportEnv:
        if self._driver is None:
            raise RuntimeError("reset the environment first")
        made = ImportExportEnv.__new__(ImportExportEnv)
        made.__dict__.update({k: v for k, v in self.__dict__.items() if k not in ("_driver", "_unwind", "_reveals")})
        for name in ("agents", "possible_agents"):
            made.__dict__[name] = list(self.__dict__[name])
        for name in ("rewards", "_cumulative_rewards", "terminations", "truncations"):
            made.__dict__[name] = dict(self.__dict__[name])
        made.infos = {a: dict(info) for a, info in self.infos.items()}
        made._seeds = random.Random()
        made._seeds.setstate(self._seeds.getstate())
        made._driver = copy_game(self._driver, self.table, self._revealed, resample)
        made._unwind = None
        made._start(settle=self._driver.pending is not None)
        assert made._reveals is not None
        made._reveals.at = self._revealed  # as in this game (the copy's replay revealed the same bids at the same points)
        return made

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        driver = self._driver
        assert driver is not None and driver.pending is not None
        index = self._legal_index(action, driver.pending)
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self.infos[agent] = {}
        driver.answer(index)
        self._after_play()

    def _legal_index(self, action: Any, decision: Decision) -> int:
        if action is None or isinstance(action, bool) or not isinstance(action, int | np.integer):
            raise ValueError(f"an action is an option number from 0 to {self.encoder.max_options - 1}; got {action!r}")
        index = int(action)
        legal = min(len(decision.options), self.encoder.max_options)
        if not 0 <= index < legal:
            raise ValueError(f"action {index} is not legal in this {decision.kind} decision: the legal actions "
                             f"are 0 to {legal - 1} (see the action mask)")
        return index

    def _after_play(self) -> None:
        """Select the agent the game asks next, or end the game for every agent."""
        driver = self._driver
        assert driver is not None
        if driver.pending is not None:
            agent = f"player_{driver.pending.player}"
            self.agent_selection = agent
            self.infos[agent] = self._decision_info(driver.pending)
            return
        result = driver.result
        assert result is not None
        truncated = result.end_reason == "turn-limit"
        for agent, reward in self._final_rewards(result).items():
            self.rewards[agent] = reward
            self.terminations[agent] = not truncated
            self.truncations[agent] = truncated
            self.infos[agent] = {"totals": list(result.totals), "winners": list(result.winners),
                                 "end_reason": result.end_reason, "turns": result.turns}
        self._accumulate_rewards()
        self._deads_step_first()

    def _decision_info(self, decision: Decision) -> dict[str, Any]:
        labels = decision.labels()
        return {"kind": decision.kind, "prompt": decision.prompt, "options": labels[:self.encoder.max_options],
                "options_beyond_max": max(0, len(labels) - self.encoder.max_options)}

    def _final_rewards(self, result: GameResult) -> dict[str, float]:
        """`win`: the winners share +1 and the others share -1 (nothing when all tie), so the rewards
        add up to 0 and a seat as good as the others expects 0; `score`: the seat's final total
        minus the mean of the other players' totals."""
        n = len(result.totals)
        seats = self.seats
        if self.reward_kind == "score":
            total = sum(result.totals)
            return {a: result.totals[s] - (total - result.totals[s]) / (n - 1) for a, s in seats.items()}
        winners = set(result.winners)
        if len(winners) == n:
            return dict.fromkeys(seats, 0.0)
        return {a: 1.0 / len(winners) if s in winners else -1.0 / (n - len(winners)) for a, s in seats.items()}

    # --- what an agent sees ----------------------------------------------------------------------------
    def observe(self, agent: str) -> dict[str, np.ndarray]:
        driver = self._driver
        assert driver is not None
        seat = self.seats[agent]
        decision = driver.pending if driver.pending is not None and driver.pending.player == seat else None
        return {"observation": self.encoder.encode(driver.game, seat, decision, self._history(seat)),
                "action_mask": self.encoder.mask(decision)}

    def _history(self, seat: int) -> list[list[float]]:
        """The last decisions of the game as `seat` saw them, the latest first (observation.py)."""
        game = self._driver.game if self._driver is not None else None
        if game is None:
            return []
        log = game.log
        first = max(0, len(log) - HISTORY)
        n = self.table.players
        return [self.encoder.history_row(r.kind, (r.player - seat) % n, r.player == seat, r.index,
                                         r.kind == "bid" and r.player != seat and at >= self._revealed)
                for at, r in reversed(list(enumerate(log[first:], first)))]

    def render(self) -> str | None:
        """The table as the selected agent's seat sees it, and the options of its decision."""
        if self.render_mode is None:
            return None
        text = self._text()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def _text(self) -> str:
        driver = self._driver
        if driver is None:
            return "(no game: reset first)"
        if driver.pending is None:
            result = driver.result
            assert result is not None
            scores = ", ".join(f"{p.name} {t}" for p, t in zip(driver.game.players, result.totals, strict=True))
            winners = " and ".join(driver.game.players[w].name for w in result.winners)
            return f"Game over ({result.end_reason}) after {result.turns} turns: {scores}. Won by {winners}."
        decision = driver.pending
        lines = [render_view(driver.game, decision.player), f"player_{decision.player}: {decision.prompt or decision.kind}"]
        lines += [f"  {i}: {label}" for i, label in enumerate(decision.labels()[:self.encoder.max_options])]
        return "\n".join(lines)

    def close(self) -> None:
        """Unwind the game in progress, if any (reset does this too)."""
        if self._unwind is not None:
            self._unwind()  # runs driver.close once


class Reveals:
    """When a game's sealed bids were last revealed (R10.3): the length of its log then. An observer
    of the game's events that holds no reference to the environment (a suspended game must not keep
    its environment alive: driver.py)."""

    def __init__(self, game: Game):
        self.game = game
        self.at = 0
        game.bus.subscribe(ev.BidsRevealed, self.seen)

    def seen(self, _event: Any) -> None:
        self.at = len(self.game.log)
