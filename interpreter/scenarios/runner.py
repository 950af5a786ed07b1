"""Running a scenario: build the game it describes, take its scripted decisions, check what it expects."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from interpreter.bus.bus import TriggerLoopError
from interpreter.cards.cardcache import cached_card_file
from interpreter.cards.diagnostics import Diagnostic
from interpreter.cards.loader import CardSet
from interpreter.cards.rulesdata import RulesData
from interpreter.cards.yamlsource import MAX_FILE_BYTES, load_yaml
from interpreter.engine import events as ev
from interpreter.engine.decisions import KINDS, Decision
from interpreter.engine.game import Game, GameStop, SetupError
from interpreter.engine.invariants import InvariantError
from interpreter.engine.options import OptionError
from interpreter.engine.scoring import finish
from interpreter.engine.turn import clean_up, play_turn
from interpreter.scenarios.build import build_game
from interpreter.scenarios.expect import check_expectations
from interpreter.scenarios.model import Scenario, check_scenario
from interpreter.scenarios.seat_view import seat_view, shown


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
    """Answers decisions from the scenario's steps, in order, and fails on anything unscripted. A
    step's `offered` / `not_offered` are checked against the options of the decision it answers, its
    `sees` / `does_not_see` against what the deciding player may see then (`events`: those so far)."""

    def __init__(self, scenario: Scenario, steps: list[dict[str, Any]], decline_unscripted: bool,
                 game: Game | None = None, events: list[ev.Event] | None = None):
        self.scenario = scenario
        self.steps = steps
        self.position = 0
        self.decline = decline_unscripted
        self.game = game
        self.events = events if events is not None else []
        self.failures: list[str] = []  # options expected (not) to be offered, texts expected (not) to be seen

    def _next_step_for(self, decision: Decision) -> dict[str, Any] | None:
        step = self.steps[self.position] if self.position < len(self.steps) else None
        if step is not None and step["player"] - 1 == decision.player and step["kind"] == decision.kind:
            return step
        return None

    def choose(self, decision: Decision, game: Game) -> int:
        step = self._next_step_for(decision)
        if step is not None:
            self._check_options(decision, step, self.position)
            index = self._match(decision, step["choose"], self.position)
            self.position += 1
            return index
        if self.decline and decision.stop is not None:
            return decision.stop
        step = self.steps[self.position] if self.position < len(self.steps) else None
        nxt = f"the next step is P{step['player']} {step['kind']}" if step else "no steps are left"
        raise ScenarioFailure(f"unscripted decision: P{decision.player + 1} {decision.kind} ({nxt}); options: "
                              + "; ".join(decision.labels()))

    def forced(self, decision: Decision) -> None:
        """A decision with one legal option is not asked; a step written for it is used up all the same."""
        step = self._next_step_for(decision)
        if step is not None:
            self._check_options(decision, step, self.position)
            self._match(decision, step["choose"], self.position)
            self.position += 1

    def _check_options(self, decision: Decision, step: dict[str, Any], index: int) -> None:
        """`offered`: each text is (part of) some option's label; `not_offered`: of none. Case is ignored.
        `sees` / `does_not_see`: texts in, or not in, the deciding player's view (seat_view.py)."""
        labels = [label.lower() for label in decision.labels()]
        where = self.scenario.where("steps", index)
        who = f"P{decision.player + 1} {decision.kind}"
        if ("sees" in step or "does_not_see" in step) and self.game is not None:
            view = seat_view(self.game, decision, self.events)
            for text in step.get("sees", []) or []:
                if not shown(text, view):
                    self.failures.append(f"{where}: step {index + 1}: expected P{decision.player + 1} to see `{text}` at {who}; "
                                         f"the view:\n    " + view.replace("\n", "\n    "))
            for text in step.get("does_not_see", []) or []:
                if shown(text, view):
                    line = next((x for x in view.splitlines() if shown(text, x)), text)
                    self.failures.append(f"{where}: step {index + 1}: expected P{decision.player + 1} not to see `{text}` at {who}; "
                                         f"it shows in: {line.strip()}")
        for text in step.get("offered", []) or []:
            if not any(text.lower() in label for label in labels):
                self.failures.append(f"{where}: step {index + 1}: expected {who} to offer `{text}`; options: "
                                     + "; ".join(decision.labels()))
        for text in step.get("not_offered", []) or []:
            offending = [label for label in decision.labels() if text.lower() in label.lower()]
            if offending:
                self.failures.append(f"{where}: step {index + 1}: expected {who} not to offer `{text}`; offered: "
                                     + "; ".join(offending))

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


# ------------------------------------------------------------------------------------ running

def check_scenario_setup(sc: Scenario, cards: CardSet, data: RulesData) -> Outcome:
    """Check a scenario without playing it: its structure, then its setup is built."""
    return _prepare(sc, cards, data)[0]


def _prepare(sc: Scenario, cards: CardSet, data: RulesData) -> tuple[Outcome, Game | None]:
    outcome = Outcome(sc)
    sc.problems = []
    check_scenario(sc, set(cards.by_id), set(KINDS), set(cards.set_names()))
    if sc.problems:
        return outcome, None
    try:
        return outcome, build_game(sc, cards, data)
    except (SetupError, OptionError, InvariantError) as exc:
        outcome.failures.append(f"setup: {exc}")
        return outcome, None


def run_scenario(sc: Scenario, cards: CardSet, data: RulesData) -> Outcome:
    outcome, game = _prepare(sc, cards, data)
    if game is None:
        return outcome
    steps = list(sc.data.get("steps", []) or [])
    seen: list[ev.Event] = []
    agent = StepAgent(sc, steps, sc.data.get("unscripted", "fail") == "decline", game, seen)
    game.agents = [agent] * len(game.players)
    game.forced_hook = agent.forced
    game.bus.subscribe_all(seen.append)
    try:
        _play(game, sc.data.get("run", "turn"))
    except (ScenarioFailure, TriggerLoopError) as exc:
        outcome.failures += agent.failures + [str(exc)]
        return outcome
    except InvariantError as exc:
        outcome.failures += agent.failures + [f"invariant broken: {exc}"]
        return outcome
    if agent.position < len(steps):
        left = steps[agent.position]
        outcome.failures.append(f"{sc.where('steps', agent.position)}: step {agent.position + 1} "
                                f"(P{left['player']} {left['kind']}: {left['choose']}) was never asked")
    outcome.failures += agent.failures
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
    are scenarios too, and so are those of the cards inline in a single-file mod pack. Kept between
    runs like a loaded card file, by the file's bytes (`validate` reads the examples of every card)."""
    return cached_card_file(path, MAX_FILE_BYTES, _scenarios_in_file, variant="scenarios")


def _scenarios_in_file(path: Path, raw: bytes | None) -> tuple[list[Scenario], list[Diagnostic]]:
    data, smap, diags = load_yaml(path, raw)
    if diags:
        return [], diags
    items: list[tuple[tuple[Any, ...], Any, str | None]]
    if isinstance(data, dict) and "id" in data and ("examples" in data or "good" in data):  # a card file
        items = [(("examples", i), item, data.get("id")) for i, item in enumerate(data.get("examples") or [])]
    elif isinstance(data, dict) and "id" not in data and isinstance(data.get("cards"), list):  # a single-file pack
        items = [(("cards", i, "examples", j), item, card.get("id"))
                 for i, card in enumerate(data["cards"]) if isinstance(card, dict) and isinstance(card.get("examples"), list)
                 for j, item in enumerate(card["examples"])]
    elif isinstance(data, list):
        items = [((i,), item, None) for i, item in enumerate(data)]
    else:
        items = [((), data, None)]
    out = []
    for key, item, card_id in items:
        name = item.get("name", "unnamed") if isinstance(item, dict) else "unnamed"
        out.append(Scenario(str(name), item if isinstance(item, dict) else {}, smap, key, card_id))
    return out, []
