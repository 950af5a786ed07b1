"""The search bot (issue 16, item 2): budgets, determinization of what it cannot see, sealed bids,
determinism for a seed, and no card named in its code (interpreter/agents/search.py)."""

from __future__ import annotations

import ast
import inspect
import random
import re
from collections import Counter
from typing import Any

import pytest

from interpreter.agents import search
from interpreter.agents.heuristic import HeuristicAgent
from interpreter.agents.search import Budget, SearchAgent, determinize, parse_budget
from interpreter.engine.decisions import Decision
from interpreter.engine.game import Game
from interpreter.engine.invariants import all_places
from interpreter.engine.options import GameOptions
from interpreter.sim.runner import bot_game, parse_bots
from tests.helpers import ALL_CARDS, RULES, heuristic_game_at_turn

SHORT = GameOptions(max_turns=6, check_invariants=True)


# ------------------------------------------------------------------------------ budgets and names

@pytest.mark.parametrize(("text", "budget"), [("50ro", Budget(rollouts=50)), ("200ms", Budget(seconds=0.2)),
                                              ("1.5s", Budget(seconds=1.5)), (" 7 ro ", Budget(rollouts=7))])
def test_a_budget_is_rollouts_or_time(text, budget):
    assert parse_budget(text) == budget
    assert parse_budget(budget.text()) == budget


def test_it_is_the_old_spelling_of_rollouts():
    """`search:8it` (issue 16's name) reads as `search:8ro`: exactly 8 rollouts, as it always claimed."""
    assert parse_budget("8it") == parse_budget("8ro") == Budget(rollouts=8)
    assert parse_budget("8it").text() == "8ro"


@pytest.mark.parametrize("text", ["", "50", "fast", "0it", "2.5it", "0ms", "-3ms", "1000s", "200000it"])
def test_a_bad_budget_says_what_is_allowed(text):
    with pytest.raises(ValueError, match="search budget"):
        parse_budget(text)


def test_search_is_a_bot_name_wherever_bots_are_named():
    assert parse_bots("search:30it,heuristic,random,search", 4) == ("search:30it", "heuristic", "random", "search")
    for bad in ("search:fast", "heuristic:30it", "searcher"):
        with pytest.raises(ValueError, match=r"^--bots: .*`" + re.escape(bad) + "`.*search:BUDGET"):
            parse_bots(bad, 2)


def test_no_card_is_named_in_the_search_bot():
    """It sees decisions, options and the state; the heuristic's valuation prices the cards. No string
    in its code (docstrings aside) names a card or a card id."""
    tree = ast.parse(inspect.getsource(search))
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef) and node.body
                  and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
    strings = [n.value.lower() for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docstrings]
    assert "bid" in strings  # the check sees the module's strings
    names = {c.name.lower() for c in ALL_CARDS.cards} | {c.id.lower() for c in ALL_CARDS.cards}
    assert sorted(n for n in names for text in strings if re.search(rf"\b{re.escape(n)}\b", text)) == []


# ------------------------------------------------------------------------------ determinization

def faces(cards: list[Any]) -> list[str]:
    return [c.id for c in cards]


def test_determinization_deals_anew_only_what_the_seat_cannot_see():
    game = heuristic_game_at_turn(8)
    seat = 1
    before = {name: faces(cards) for name, cards in all_places(game)}
    hidden_before = Counter(c.id for p in game.players if p.seat != seat for c in p.hand) + Counter(faces(game.zones.deck))
    determinize(game, seat, random.Random(5))
    after = {name: faces(cards) for name, cards in all_places(game)}
    hidden_names = {name for name in before if name == "deck" or (name.endswith("hand") and not name.startswith(f"P{seat + 1}"))}
    assert hidden_names, sorted(before)
    for name in before:
        if name in hidden_names:
            assert len(after[name]) == len(before[name]), name  # every hand keeps its size
        else:
            assert after[name] == before[name], f"{name} is seen by P{seat + 1} and must not change"
    hidden_after = Counter(c.id for p in game.players if p.seat != seat for c in p.hand) + Counter(faces(game.zones.deck))
    assert hidden_after == hidden_before  # the same unseen cards, dealt anew
    assert any(after[name] != before[name] for name in hidden_names)


def test_determinization_keeps_the_cards_the_decision_shows():
    game = heuristic_game_at_turn(5)
    shown = game.zones.deck[:3]
    ids = faces(shown)
    for seed in range(10):
        determinize(game, 0, random.Random(seed), seen={c.uid for c in shown})
        assert faces(shown) == ids


# ------------------------------------------------------------------------------ playing

def test_the_search_bot_plays_whole_games_and_searches():
    game = bot_game(ALL_CARDS, RULES, 3, 11, GameOptions(max_turns=12, check_invariants=True), ["search:4it", "heuristic", "random"])
    result = game.play()
    bot = game.agents[0]
    assert isinstance(bot, SearchAgent) and result.turns >= 1
    assert bot.stats.searched > 0 and bot.stats.rollouts >= 2 * bot.stats.searched and bot.stats.fallbacks == 0


def test_with_a_budget_in_rollouts_the_search_bot_is_deterministic_for_a_seed():
    def log(seed: int) -> list[tuple[str, int, int]]:
        game = bot_game(ALL_CARDS, RULES, 2, seed, SHORT, ["search:3it", "search:5it"])
        game.play()
        return [(r.kind, r.player, r.index) for r in game.log]
    assert log(21) == log(21)
    assert log(21) != log(22)


def counted(bot: SearchAgent) -> list[int]:
    """The rollouts of each decision `bot` searches, from now on."""
    per_decision: list[int] = []
    choose = bot.choose

    def counted_choose(decision: Decision, g: Game) -> int:
        before, searched = bot.stats.rollouts, bot.stats.searched
        chosen = choose(decision, g)
        if bot.stats.searched > searched:
            per_decision.append(bot.stats.rollouts - before)
        return chosen
    bot.choose = counted_choose  # type: ignore[method-assign]
    return per_decision


@pytest.mark.parametrize("rollouts", [2, 5, 8])
def test_a_budget_in_rollouts_plays_exactly_that_many(rollouts):
    """Issue 25: `search:Nro` is N, not "about N": every searched decision plays exactly N rollouts."""
    game = bot_game(ALL_CARDS, RULES, 3, 5, GameOptions(max_turns=4), [f"search:{rollouts}ro", "heuristic", "heuristic"])
    bot = game.agents[0]
    assert isinstance(bot, SearchAgent)
    per_decision = counted(bot)
    game.play()
    assert len(per_decision) == bot.stats.searched > 0
    assert set(per_decision) == {rollouts}


def test_a_time_budget_is_kept():
    """A time budget starts a rollout only while its estimated cost fits in what is left. The bot's
    clock is replaced by one that moves 10 ms per rollout, so the test does not depend on the
    machine's speed or load: 30 ms is 3 rollouts, never more."""
    game = bot_game(ALL_CARDS, RULES, 2, 5, GameOptions(max_turns=3), ["search:30ms", "heuristic"])
    bot = game.agents[0]
    assert isinstance(bot, SearchAgent)
    now = [0.0]
    bot.clock = lambda: now[0]
    rollout = bot.rollout

    def timed_rollout(*args: Any) -> float:
        now[0] += 0.010
        return rollout(*args)
    bot.rollout = timed_rollout  # type: ignore[method-assign]
    per_decision = counted(bot)
    game.play()
    assert bot.stats.searched > 0 and max(per_decision) == 3
    assert bot.stats.seconds <= 0.030 * bot.stats.searched + 1e-9


def test_the_time_budget_is_the_bots_cpu_time():
    """`search:Nms` is measured on the process's CPU clock, not the wall clock (a shared machine's
    load does not change what a decision may spend)."""
    import time
    assert SearchAgent(1, parse_budget("20ms")).clock is time.process_time


class Spy(SearchAgent):
    """A search bot that notes, at each of its bids, the step's decisions, how many of them its
    rollouts replay, and where the decisions not yet revealed begin."""

    def __init__(self, seed: int):
        super().__init__(seed, Budget(rollouts=2))
        self.bids: list[tuple[list[Any], int, int]] = []

    def _script(self, game: Game, seat: int):  # type: ignore[no-untyped-def]
        records, cut = super()._script(game, seat)
        if records and game.log[-1] is records[-1] and self._revealed <= len(game.log):
            self.bids.append((records, cut, max(0, self._revealed - game.step_log)))
        return records, cut


def test_the_others_sealed_bids_are_not_replayed():
    """R10.3: bids are sealed until all are made. A rollout replays the step only up to the first
    bid of another player not yet revealed; that bid is made again by the rollout policy."""
    cuts = []
    for seed in range(1, 30):
        spy = Spy(seed)
        game = bot_game(ALL_CARDS, RULES, 3, seed, GameOptions(max_turns=25), ["heuristic"] * 3)
        game.agents[2] = spy
        game.play()
        cuts += [(records, cut, unrevealed) for records, cut, unrevealed in spy.bids if cut < len(records)]
        if cuts:
            break
    assert cuts, "no game had the search bot decide after another player's sealed bid"
    for records, cut, unrevealed in cuts:
        assert records[cut].kind == "bid" and records[cut].player != 2 and cut >= unrevealed
        assert not any(r.kind == "bid" and r.player != 2 for r in records[unrevealed:cut]), "an unrevealed bid was replayed"


def test_a_decision_outside_play_gets_the_heuristics_favourite():
    """No copy of the step's start (a game driven turn by turn, as the scenario runner does): the bot
    answers without searching, and never fails."""
    game = heuristic_game_at_turn(2)
    bot = SearchAgent(1, Budget(rollouts=5))
    seen = []

    class Asker(HeuristicAgent):
        def choose(self, decision: Decision, game: Game) -> int:
            index = bot.choose(decision, game)
            seen.append(index)
            assert 0 <= index < len(decision.options)
            return index

    game.agents = [Asker(1) for _ in game.players]
    from interpreter.engine.turn import play_turn
    play_turn(game)
    assert seen and bot.stats.searched == 0


def test_play_seats_a_search_bot(capsys):
    from interpreter.cli import main
    assert main(["play", "--players", "2", "--seed", "3", "--bots", "search:2it,heuristic", "--option", "max_turns=3"]) == 0
    out = capsys.readouterr().out
    assert "search:2it bot" in out and "Game over after 3 turns" in out
