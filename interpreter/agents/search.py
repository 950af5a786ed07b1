"""A search bot for a game of imperfect information: determinized Monte Carlo with the heuristic bot
as the rollout policy.

At a decision worth a search, the bot ranks the options with the heuristic's own scores and keeps
the best few (`width`). It then plays each of them out many times, each time in a *determinization*
of the game: a copy in which what the bot cannot see is dealt anew, consistently with what it has
seen. From a copy of the start of the turn (engine/cloning.py), the copy replays the turn's
decisions up to this one; the cards hidden from the bot (the other players' hands, the deck) then
swap identities at random, so every hand keeps its size, every card the bot has seen (its hand,
the table, the options in front of it) stays what it is, and the deck order is unknown; sealed
bids the others made in this round and not yet revealed are made again by the rollout policy; the
copy's random generator is reseeded, so its future shuffles and coin flips are unknown too. The
candidate is chosen, and heuristic bots play every seat on to the end of the turn (or `horizon`
turns after it; None: to the end of the game). A finished game counts 1 for a win (shared by tied
winners), 0 for a loss; an unfinished one counts the bot's chance to win from there as the leaf
value model says (agents/leaf.py: a conditional logit of cheap features of every seat, fitted on
games between heuristic bots).

The budget is spent by sequential halving (Karnin, Koren and Somekh, 2013): in each round every
remaining candidate is played out on the same determinizations (common random numbers: the
candidates are compared on the same deals, which removes most of the noise between them), and the
worse half is dropped. The heuristic's favourite is kept unless another candidate does better by
`margin` (0.05 of a win): with a few rollouts the search is noisy and the leaf value is a fitted
model, and a search that overrules a good heuristic at every near tie plays worse than the
heuristic alone (measured in 4-player games against three heuristic bots: 4 rollouts of 2 options
with no margin won 12.5 % of 60 games, with the margin 67.5 % of the same 60; docs/bots.md). A
budget in rollouts (`search:6ro`, the default) makes the bot deterministic for a seed; a budget in
time (`search:20ms`) plays as many rollouts as fit.

Nothing here knows a card: the bot sees decisions, options and the state, and the heuristic's
valuations price the cards from their powers."""

from __future__ import annotations

import copy
import math
import operator
import random
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from interpreter.agents.heuristic import SCORERS, HeuristicAgent, _score_by_value
from interpreter.agents.leaf import LeafModel, shipped_model
from interpreter.agents.valuation import Appraisal
from interpreter.engine import events as ev
from interpreter.engine.choices import Choice, fields_of
from interpreter.engine.cloning import CloneError, Replay, copy_state, discard
from interpreter.engine.state import Card

if TYPE_CHECKING:
    from interpreter.engine.decisions import Decision, DecisionRecord
    from interpreter.engine.game import Game

SECRET_KINDS = ("bid",)  # decisions made in secret, revealed together (R10.3): BidsRevealed
CARD_FIELDS = ("defn", "id", "name", "good", "action", "tier", "load", "load_total")


@dataclass(frozen=True)
class Budget:
    """What one searched decision may spend: exactly `rollouts` rollouts, or `seconds` of the bot's
    own CPU time (its `clock`, the process's CPU clock unless replaced)."""

    rollouts: int | None = None
    seconds: float | None = None

    def text(self) -> str:
        if self.rollouts is not None:
            return f"{self.rollouts}ro"
        assert self.seconds is not None
        return f"{round(self.seconds * 1000)}ms"


DEFAULT_BUDGET = Budget(rollouts=6)  # `search` alone: the budget measured in docs/bots.md
BUDGET_FORMS = "a number of rollouts (`50ro`) or a CPU time per decision (`20ms`, `1.5s`)"


def parse_budget(text: str) -> Budget:
    """`50ro`, `20ms` or `1.5s` (`50it` is the old spelling of `50ro`, kept so that old records and
    scripts still read); a ValueError says what is allowed."""
    match = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*(ro|it|ms|s)\s*", text)
    if match is None:
        raise ValueError(f"a search budget is {BUDGET_FORMS}; got `{text}`")
    number, unit = float(match.group(1)), match.group(2)
    if unit in ("ro", "it"):
        if number != int(number) or not 1 <= number <= 100_000:
            raise ValueError(f"a search budget in rollouts is a whole number from 1 to 100000; got `{text}`")
        return Budget(rollouts=int(number))
    seconds = number / 1000 if unit == "ms" else number
    if not 0.001 <= seconds <= 600:
        raise ValueError(f"a search budget in time is from 1ms to 600s; got `{text}`")
    return Budget(seconds=seconds)


@dataclass
class Stats:
    """What one search did, for the benchmark and the ladder."""

    decisions: int = 0
    searched: int = 0
    rollouts: int = 0
    seconds: float = 0.0
    fallbacks: int = 0  # searches given up for the heuristic's choice (the step could not be copied)
    overruled: int = 0  # searched decisions where another option than the heuristic's favourite was taken


class SearchAgent:
    """`horizon`: turns played out after the current one (None: to the end of the game); `width`:
    how many of the heuristic's best options are searched; decisions of the `kinds` listed only
    (None: every kind); `margin`: how much better than the heuristic's favourite (in wins) another
    option must do to be chosen."""

    wants_checkpoints = True  # Game.play keeps a copy of each turn's start, which the rollouts start from

    def __init__(self, seed: int, budget: Budget = DEFAULT_BUDGET, *, horizon: int | None = 0, width: int = 4,
                 kinds: tuple[str, ...] | None = None, margin: float = 0.05, leaf: LeafModel | None = None):
        self.seed = seed
        self.leaf = leaf or shipped_model()  # the value of a position a rollout stops at
        self.rng = random.Random(seed)
        self.budget = budget
        self.horizon = horizon
        self.width = width
        self.margin = margin
        self.kinds = kinds
        self.policy = HeuristicAgent(seed * 7 + 3)  # decisions not searched, and the prior's order
        self.stats = Stats()
        self._game: Game | None = None
        self._revealed = 0  # the length of the game's log when the last sealed choices were revealed
        self._per_rollout = 0.002  # CPU seconds, a running estimate (time budgets)
        self.clock: Callable[[], float] = time.process_time  # what a time budget is measured with: this process's CPU

    def __deepcopy__(self, memo: dict[int, Any]) -> SearchAgent:
        """A copy for a clone of the game (Game.clone): the same settings, random streams, statistics
        and knowledge of what was revealed, and no tie to this bot's game (the clone `adopt`s it)."""
        made = SearchAgent.__new__(type(self))
        memo[id(self)] = made
        for name, value in self.__dict__.items():
            made.__dict__[name] = None if name == "_game" else value if name in ("clock", "leaf") else copy.deepcopy(value, memo)
        return made

    def adopt(self, game: Game) -> None:
        """This bot (a copy made for `game`, a clone) plays in `game` from now on: it follows that
        game's reveals of sealed choices from the clone's start, as it followed the original's."""
        self._game = game
        game.bus.subscribe(ev.BidsRevealed, self._on_reveal)

    # --- deciding ------------------------------------------------------------------------------
    def choose(self, decision: Decision, game: Game) -> int:
        self._watch(game)
        self.stats.decisions += 1
        candidates = self.candidates(decision, game)
        if len(candidates) < 2 or game.step_start is None or not game.in_step:
            return candidates[0]  # nothing to compare, or no copy of the step's start to search from
        start = self.clock()
        try:
            best = self._halving(decision, game, candidates, start)
        except CloneError:  # the step's start does not replay to this decision (a game driven by hand)
            self.stats.fallbacks += 1
            return candidates[0]
        self.stats.searched += 1
        self.stats.seconds += self.clock() - start
        self.stats.overruled += best != candidates[0]
        return best

    def _watch(self, game: Game) -> None:
        """Follow the game's reveals of sealed choices (an observer: a clone's copy of this bot is
        subscribed to the clone by `adopt`)."""
        if self._game is not game:
            self._game = game
            self._revealed = len(game.log)
            game.bus.subscribe(ev.BidsRevealed, self._on_reveal)

    def _on_reveal(self, _event: Any) -> None:
        assert self._game is not None
        self._revealed = len(self._game.log)

    def candidates(self, decision: Decision, game: Game) -> list[int]:
        """The options worth searching, the heuristic's favourite first: all of them (at most
        `width`), or only the favourite for a decision not searched."""
        if self.kinds is not None and decision.kind not in self.kinds:
            return [self.policy.choose(decision, game)]
        n = len(decision.options)
        if decision.kind == "bid":  # amounts in order: around the heuristic's bid, and nothing
            pick = self.policy.choose(decision, game)
            order = sorted(range(n), key=lambda i: (abs(i - pick), i))
            near = order[:self.width - 1]
            return near + [0] if 0 not in near else order[:self.width]
        view = Appraisal(game, game.players[decision.player])  # the heuristic's scores, without its noise
        scorer = SCORERS.get(decision.kind, _score_by_value)
        scores = [scorer(self.policy, view, o if scorer is _score_by_value else o.value) for o in decision.options]
        return sorted(range(n), key=lambda i: (-scores[i], i))[:self.width]

    def _halving(self, decision: Decision, game: Game, candidates: list[int], start: float) -> int:
        """Sequential halving over `candidates` with common random numbers; the best mean wins (the
        heuristic's order breaks ties). A budget in rollouts plays exactly that many (fewer
        candidates than rollouts: the heuristic's best that many); a budget in time starts a rollout
        only while the estimate of its cost fits in what is left."""
        budget = self.budget
        seconds = budget.seconds
        if budget.rollouts is not None:
            total = budget.rollouts
            candidates = candidates[:total]
            if len(candidates) < 2:
                return candidates[0]
        else:
            assert seconds is not None
            total = max(len(candidates), int(seconds / self._per_rollout))
        deadline = start + seconds if seconds is not None else None
        rounds = max(1, math.ceil(math.log2(len(candidates))))
        sums = dict.fromkeys(candidates, 0.0)
        counts = dict.fromkeys(candidates, 0)
        alive = list(candidates)
        records, cut = self._script(game, decision.player)
        seen = option_cards(decision)  # the cards the options show: every deal keeps them
        spent = 0
        out_of_time = False
        for r in range(rounds):
            # this round's share of what is left, in whole deals of every candidate still in (the last round: all)
            left = total - spent
            share = left if r == rounds - 1 else max(len(alive), left // (rounds - r) // len(alive) * len(alive))
            played = 0
            while played < share and not out_of_time:
                seed = self.rng.getrandbits(48)
                for index in alive:
                    if played == share:
                        break
                    if deadline is not None:  # the clock is read only for a time budget (a CPU clock costs a system call)
                        t = self.clock()
                        if t + self._per_rollout > deadline:
                            out_of_time = True
                            break
                    sums[index] += self.rollout(game, records, cut, decision, index, seed, seen)
                    counts[index] += 1
                    played += 1
                    self.stats.rollouts += 1
                    if deadline is not None:
                        self._per_rollout = 0.8 * self._per_rollout + 0.2 * (self.clock() - t)
            spent += played
            if out_of_time:
                break
            if r < rounds - 1:
                alive.sort(key=lambda i: (-sums[i] / max(counts[i], 1), candidates.index(i)))
                alive = alive[:max(1, math.ceil(len(alive) / 2))]
        tried = [i for i in alive if counts[i]] or [candidates[0]]
        best = max(tried, key=lambda i: (sums[i] / max(counts[i], 1), -candidates.index(i)))
        favourite = candidates[0]
        # the heuristic's favourite stays unless the search found better by a margin
        if (best != favourite and counts[favourite] and counts[best]
                and sums[best] / counts[best] < sums[favourite] / counts[favourite] + self.margin):
            return favourite
        return best

    def _script(self, game: Game, seat: int) -> tuple[list[DecisionRecord], int]:
        """The turn's decisions so far, and how many of them a rollout replays: up to the first
        sealed choice of another player not yet revealed (the bot has not seen it)."""
        records = list(game.log[game.step_log:])
        cut = len(records)
        seen = self._revealed - game.step_log  # records before this index were revealed
        for i in range(max(0, seen), len(records)):
            if records[i].kind in SECRET_KINDS and records[i].player != seat:
                cut = i
                break
        return records, cut

    # --- one rollout ---------------------------------------------------------------------------
    def rollout(self, game: Game, records: list[DecisionRecord], cut: int, decision: Decision, index: int, seed: int,
                seen: set[int]) -> float:
        """Play option `index` of `decision` out once in the determinization `seed` (`seen`: the uids
        of the cards the decision's options show, option_cards); the bot's value."""
        assert game.step_start is not None
        fork = copy_state(game.step_start, [])
        n = len(fork.players)
        rng = random.Random(seed)
        agents: list[Any] = [HeuristicAgent(rng.getrandbits(32)) for _ in range(n)]
        root = Root(decision, index, agents, rng.getrandbits(48), [r for r in records[cut:] if r.player == decision.player],
                    seen)
        fork.agents = [Replay(records[:cut], [root] * n)] * n if cut else [root] * n
        try:
            return self._play_out(fork, decision.player)
        finally:
            discard(fork)  # freed now, not by the cycle collector

    def _play_out(self, fork: Game, seat: int) -> float:
        if self.horizon is None:
            result = fork.play()
        else:  # play whole steps up to the horizon (and the final scoring of a game that has ended), no further
            limit = fork.turn + 1 + self.horizon
            while not fork.over and (fork.turn < limit or fork.ending()):
                fork.play_step()
            if not fork.over:
                return self.leaf.value(fork, seat)
            assert fork.result is not None
            result = fork.result
        return 1.0 / len(result.winners) if seat in result.winners else 0.0


class Root:
    """Every seat's agent in a rollout once the replay of the known decisions is over: at its first
    call it determinizes the copy; the searching player's own decisions of the step that the replay
    could not make (they came after a sealed choice of another player) are made again as they were
    made; the searching player's decision now takes the candidate; heuristic bots do the rest."""

    def __init__(self, decision: Decision, index: int, agents: list[Any], seed: int, own: list[DecisionRecord],
                 seen: set[int]):
        self.decision = decision
        self.seen = seen
        self.index = index
        self.agents = agents
        self.seed = seed
        self.own = list(own)  # the searching player's decisions after the cut, in order
        self.dealt = False
        self.rooted = False

    def choose(self, decision: Decision, game: Game) -> int:
        if not self.dealt:
            self.dealt = True
            determinize(game, self.decision.player, random.Random(self.seed), seen=self.seen)
        if not self.rooted and decision.player == self.decision.player:
            if self.own:
                record = self.own.pop(0)
                if record.kind == decision.kind and record.index < len(decision.options):
                    return record.index
                self.own.clear()  # the step went otherwise in this deal: the heuristic plays on
            elif decision.kind == self.decision.kind and len(decision.options) == len(self.decision.options):
                self.rooted = True
                return self.index
        return self.agents[decision.player].choose(decision, game)


def option_cards(decision: Decision) -> set[int]:
    """The uids of the cards an option of `decision` shows (its player has seen them)."""
    seen: set[int] = set()

    def look(value: Any, depth: int = 0) -> None:
        if isinstance(value, Card):
            seen.add(value.uid)
        elif isinstance(value, Choice) and depth < 3:  # a typed option: its fields
            for v in fields_of(value):
                look(v, depth + 1)
        elif isinstance(value, tuple | list) and depth < 3:
            for v in value:
                look(v, depth + 1)
        elif hasattr(value, "card") and isinstance(value.card, Card):  # a card picked for a power
            seen.add(value.card.uid)

    for option in decision.options:
        look(option.value)
    return seen


def determinize(game: Game, seat: int, rng: random.Random, seen: set[int] = frozenset()) -> None:  # type: ignore[assignment]
    """Deal anew what `seat` cannot see: the cards in the other players' hands and in the deck swap
    identities at random (each hand keeps its size; the cards `seen` stay what they are), and the
    game's generator is reseeded (future shuffles and coin flips are unknown). The card objects stay
    where they are, so whatever the engine holds on to in the middle of a step stays valid."""
    hidden = [c for p in game.players if p.seat != seat for c in p.hand if c.uid not in seen]
    hidden += [c for c in game.zones.deck if c.uid not in seen]
    faces = list(map(_FACE, hidden))
    rng.shuffle(faces)
    for card, face in zip(hidden, faces, strict=True):
        card.defn, card.id, card.name, card.good, card.action, card.tier, card.load, card.load_total = face
    game.rng.seed(rng.getrandbits(64))


_FACE = operator.attrgetter(*CARD_FIELDS)  # a card's face: what determinize deals anew (the order of its assignment)
