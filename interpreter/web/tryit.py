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
from interpreter.sim.runner import game_seed
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


def _chance(p: float) -> str:
    return f"more than chance would explain (p = {p:.3f})" if p < 0.05 else f"within what chance gives (p = {p:.2f})"


def plain_words(outcome: dict[str, Any], a: dict[str, Any], b: dict[str, Any], card: CardDef) -> list[str]:
    """The comparison as a few sentences a designer reads at a glance."""
    games = outcome["A"]["games"]
    row = next((r for r in outcome["cards"] if r["id"] == card.id), None)
    words = [f"{games} games without your change (A) and {games} with it (B), on the same seeds, "
             f"{a['meta']['players']} heuristic bots each."]
    if row is None or "only_in" in row:
        typical = [c for c in a["cards"] if c["completers"]]
        mine = next((c for c in b["cards"] if c["id"] == card.id), None)
        if mine is not None:
            avg = sum(c["win_rate_completed"] * c["completers"] for c in typical) / max(1, sum(c["completers"] for c in typical))
            words.append(f"{card.name} is new: it was completed in {_pct(mine['completed_rate'])} of games, and the players who "
                         f"completed it won {_pct(mine['win_rate_completed'])} of those games (a typical card's completers: {_pct(avg)}).")
    else:
        ca, cb = row["completed_rate"]
        wa, wb = row["win_rate_completed"]
        words.append(f"{card.name} was completed in {_pct(cb)} of games with your change (before: {_pct(ca)}); that is {_chance(row['p_completed'])}.")
        words.append(f"Players who completed it won {_pct(wb)} of those games (before: {_pct(wa)}); that is {_chance(row['p_win'])}.")
    turns = outcome["turns"]
    words.append(f"Games lasted {turns['B']['mean']} turns on average (before: {turns['A']['mean']}); {_chance(turns['p'])}.")
    for end in outcome["end_reasons"]:
        if end["p"] < 0.05:
            words.append(f"Games ended by {end['reason']} in {_pct(end['B'])} of games (before: {_pct(end['A'])}).")
    others = [r["name"] for r in outcome["cards"] if r["id"] != card.id and r.get("significant") and "only_in" not in r]
    if others:
        words.append("Other cards whose results moved more than chance would explain: " + ", ".join(others[:8])
                     + (" (with this many games, a few such differences are expected by chance alone)." if len(others) < 4 else "."))
    if games < 500:
        words.append(f"With {games} games a side only large effects show; for a firmer answer run "
                     f"`importexport balance --compare` with a few thousand games.")
    return words
