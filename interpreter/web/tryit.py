""""Try it": a quick A/B of an edited card. The same seeds are played between heuristic bots with the
desk's cards (A) and with the edited card in their place (B), in a background thread, and the
comparison of the balance workbench is said in plain words."""

from __future__ import annotations

import logging
import threading
import time
from typing import Any

from interpreter.cards.loader import CardSet
from interpreter.cards.model import CardDef
from interpreter.cards.rulesdata import RulesData
from interpreter.engine.options import GameOptions
from interpreter.sim.balance import BalanceJob, CardSpec, recorded_game, summarize
from interpreter.sim.compare import card_changes, compare
from interpreter.sim.report import count
from interpreter.sim.runner import game_seed
from interpreter.sim.stats import wilson
from interpreter.web.editing import with_card

log = logging.getLogger("importexport.desk")
MAX_GAMES = 2000


class TryJob:
    def __init__(self, cards: CardSet, card: CardDef, rules: RulesData, games: int, players: int, seed: int = 1):
        self.card = card
        self.games, self.players, self.seed = games, players, seed
        self.sides = {"A": cards, "B": with_card(cards, card)}
        self.rules = rules
        self.done = 0
        self.total = 2 * games
        self.started = time.perf_counter()
        self.seconds = 0.0
        self.outcome: dict[str, Any] | None = None
        self.words: list[str] = []
        self.error: str | None = None
        self.stopped = False
        self.thread = threading.Thread(target=self._run, name=f"try {card.id}", daemon=True)
        self.thread.start()

    @property
    def finished(self) -> bool:
        return self.outcome is not None or self.error is not None

    def _run(self) -> None:
        try:
            results = {}
            for side, cards in self.sides.items():
                records = []
                for i in range(self.games):
                    if self.stopped:
                        return
                    records.append(recorded_game(cards, self.rules, self.players, game_seed(self.seed, i), GameOptions(), i))
                    self.done += 1
                job = BalanceJob(self.games, self.players, self.seed, CardSpec("desk" if side == "A" else f"desk + edited {self.card.id}"))
                results[side] = summarize(records, cards, job, time.perf_counter() - self.started)
            self.seconds = time.perf_counter() - self.started
            self.outcome = compare(results["A"], results["B"], card_changes(self.sides["A"], self.sides["B"]))
            self.words = plain_words(self.outcome, results["A"], results["B"], self.card)
        except Exception as exc:  # an engine bug the edited card uncovered: report it, keep serving
            log.exception("try of %s failed", self.card.id)
            self.error = f"A game stopped on an internal error ({type(exc).__name__}: {exc}); this is a bug worth reporting."

    def stop(self) -> None:
        self.stopped = True


def _pct(v: float | None) -> str:
    return "-" if v is None else f"{100 * v:.0f}%"


def _pts(v: float) -> str:
    rounded = round(100 * v)
    return "0" if rounded == 0 else f"{rounded:+d}"


def rate(k: float, n: int) -> str:
    """`40% (4 of 10, 95% interval 17%-69%)`: a rate, its count, and its Wilson interval."""
    if not n:
        return "- (0 of 0)"
    lo, hi = wilson(k, n)
    return f"{_pct(k / n)} ({count(k)} of {n}, 95% interval {_pct(lo)}–{_pct(hi)})"


def _chance(p: float) -> str:
    return f"more than chance would explain (p = {p:.3f})" if p < 0.05 else f"within what chance gives (p = {p:.2f})"


def _change(c: dict[str, Any]) -> str:
    """`+5 points (95% interval -3 to +13), within what chance gives (p = 0.41)`."""
    return f"{_pts(c['diff'])} points (95% interval {_pts(c['lo'])} to {_pts(c['hi'])}), {_chance(c['p'])}"


def plain_words(outcome: dict[str, Any], a: dict[str, Any], b: dict[str, Any], card: CardDef) -> list[str]:
    """The comparison as a few sentences a designer reads at a glance: every rate with its count and
    its interval, as in the balance report, so that 100% of 2 games reads as what it is."""
    games = outcome["A"]["games"]
    row = next((r for r in outcome["cards"] if r["id"] == card.id), None)
    words = [f"{games} games without your change (A) and {games} with it (B), on the same seeds, "
             f"{a['meta']['players']} heuristic bots each."]
    if row is None or "only_in" in row:
        typical = [c for c in a["cards"] if c["completers"]]
        mine = next((c for c in b["cards"] if c["id"] == card.id), None)
        if mine is not None:
            wins, completers = sum(c["completer_wins"] for c in typical), sum(c["completers"] for c in typical)
            words.append(f"{card.name} is new: it was completed in {rate(mine['completed_games'], mine['games'])} of games, and the "
                         f"players who completed it won {rate(mine['completer_wins'], mine['completers'])} of those games "
                         f"(a typical card's completers: {rate(wins, completers)}).")
    else:
        play = row["play"]
        (ga, gb), (da, db) = play["games"], play["completed_games"]
        (na, nb), (wa, wb) = play["completers"], play["completer_wins"]
        words.append(f"{card.name} was completed in {rate(db, gb)} of games with your change; before: {rate(da, ga)}. "
                     f"The change: {_change(play['completed_change'])}.")
        won = f"Players who completed it won {rate(wb, nb)} of those games" if nb else "Nobody completed it with your change"
        before = rate(wa, na) if na else "nobody completed it"
        words.append(f"{won}; before: {before}." + (f" The change: {_change(play['win_change'])}." if na and nb else ""))
    turns = outcome["turns"]
    words.append(f"Games lasted {turns['B']['mean']} turns on average (before: {turns['A']['mean']}): "
                 f"{turns['diff']:+.1f} turns (95% interval {turns['lo']:+.1f} to {turns['hi']:+.1f}), {_chance(turns['p'])}.")
    for end in outcome["end_reasons"]:
        if end["p"] < 0.05:
            (ka, kb), (ga, gb) = end["n"], end["games"]
            words.append(f"Games ended by {end['reason']} in {rate(kb, gb)} of games (before: {rate(ka, ga)}).")
    others = [r["name"] for r in outcome["cards"] if r["id"] != card.id and r.get("significant") and "only_in" not in r]
    if others:
        words.append("Other cards whose results moved more than chance would explain: " + ", ".join(others[:8])
                     + (" (with this many games, a few such differences are expected by chance alone)." if len(others) < 4 else "."))
    if games < 500:
        words.append(f"With {games} games a side only large effects show; for a firmer answer run "
                     f"`importexport balance --compare` with a few thousand games.")
    return words
