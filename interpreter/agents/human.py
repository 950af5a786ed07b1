"""A person at the terminal: sees what the seat may see, picks a numbered option, and may ask for
help, a card's powers in English, the full table or the narration again. Bad entries are asked again.

Discarding contracts (R14.1) is offered where it means something: when the person is about to lead
with a contract that could be discarded, the discards are listed beside the ways to lead (the
engine's start-of-turn moment, docs/rulings.md). At the later moments the engine offers (before the
leader's own actions, and after every action under `contract_discards=any-moment`) the contracts are
kept unless the person typed `discard` at an earlier prompt of that turn.
"""

from __future__ import annotations

import shutil
import sys
import textwrap
from dataclasses import dataclass
from typing import TYPE_CHECKING, TextIO

from interpreter.agents.foresight import cannot_follow, idle_reason, pirate_warning
from interpreter.agents.screen import Numbered, fit, option_lines
from interpreter.cards.explained import card_lines, find_card
from interpreter.cards.model import ACTION_TYPES
from interpreter.engine import events as ev
from interpreter.engine.turn import draw_option, play_options
from interpreter.engine.view import GOOD_LEGEND, compact_view, render

if TYPE_CHECKING:
    from interpreter.cards.model import CardDef
    from interpreter.engine.decisions import Decision
    from interpreter.engine.game import Game
    from interpreter.engine.state import Player
    from interpreter.sim.narrate import Narrator

# Decisions taken while carrying out one's own action instances (R4.7): by then every player before
# in the order has carried out theirs. Import decisions are excluded: importers bid together (R10.4).
OWN_ACTIONS = ("contract", "load", "pirate", "pirate_load", "supply")
EXECUTING = OWN_ACTIONS + ("import_ship", "bid", "import_take")
LOG_LINES = 20

HELP = f"""Type the number of an option to choose it, or one of these:
  ? or help       this help
  explain CARD    a card's powers in English (CARD: its name or id, as in
                  explain cups); explain 3: the cards of option 3;
                  explain alone: the cards in your hand
  t or table      the full table: every card by name, with its good type
  log             the last {LOG_LINES} lines of narration again
  discard         while you lead: discard a contract at the next moment the
                  rules allow (R14.1)
  +               the next options, when a long list did not fit the screen
  q or quit       abandon the game
The table: cr credits, hand cards in hand, done shipments completed, imp and
goods held/limit, levels per good type (T A I C L), ships: `1 Cups 2/5` is
ship 1 with the contract Cups, 2 of its 5 slots filled; `2 sea 4` is ship 2 at
sea with 4 containers. `>` marks the leader, `*` you.
Good types: {GOOD_LEGEND}.
In your hand, `Cups (C LOAD t2 3C)`: good type, action, the tier needed to
contract it, the containers its contract needs (`?`: any good type)."""


class HumanQuit(Exception):
    """The person ended the input (end of file or `q`)."""


class HumanAgent:
    def __init__(self, stdin: TextIO | None = None, stdout: TextIO | None = None, *,
                 narrator: Narrator | None = None, size: tuple[int, int] | None = None):
        self.stdin = stdin or sys.stdin
        self.stdout = stdout or sys.stdout
        self.narrator = narrator  # for `log`, and to say who before us did nothing with an action
        self.size = size  # (columns, lines); default: the terminal's, or 80x24
        self.lead_planned: str | None = None  # the lead chosen on the start-of-turn screen, by label
        self.wants_discard = False
        self.acting_turn = -1  # the last turn in which this seat carried out actions as leader
        self.watched: Game | None = None  # the game whose declared actions this agent listens to
        self.declared = ""  # the action the leader declared this turn, for the follow question

    # --- output ------------------------------------------------------------------------------------
    def say(self, text: str) -> None:
        print(text, file=self.stdout, flush=True)

    def terminal(self) -> tuple[int, int]:
        if self.size is not None:
            return self.size
        columns, lines = shutil.get_terminal_size((80, 24))
        return max(40, columns), max(12, lines)

    # --- the decision door -------------------------------------------------------------------------
    def choose(self, decision: Decision, game: Game) -> int:
        self.watch(game)  # once per game: an agent seated without `watch` starts listening at its first question
        me = game.players[decision.player]
        if decision.kind == "discard_contract":
            return self._discard_moment(decision, game, me)
        planned, self.lead_planned = self.lead_planned, None
        if decision.kind == "lead" and planned is not None and planned in decision.labels():
            return decision.labels().index(planned)
        if decision.kind in EXECUTING and me.seat == game.leader:
            self.acting_turn = game.turn
        if decision.kind in OWN_ACTIONS and self.narrator is not None:
            self.narrator.settle(me.seat)
        numbered = [Numbered(str(i), self._foreseen(game, me, decision.kind, o.label, o.value))
                    for i, o in enumerate(decision.options, start=1)]
        question = f"{me.name}, {decision.prompt or decision.kind}:"
        if decision.kind == "follow" and self.declared:
            why = cannot_follow(game, me, self.declared, len(decision.options) - 1)
            question += f" {why}." if why else ""
        key = self._ask(game, me, question, numbered)
        return int(key) - 1

    def watch(self, game: Game) -> None:
        """Listen to the game (once per game): the action declared, for the follow question, and
        the decisions the engine takes without asking because only one option is left, so that
        the person hears why he or she draws instead of following."""
        if self.watched is game:
            return
        self.watched = game
        game.bus.subscribe(ev.ActionDeclared, self._declared)
        before = game.forced_hook

        def forced(decision: Decision) -> None:
            if before is not None:
                before(decision)
            self._forced(decision, game)
        game.forced_hook = forced

    def _declared(self, event: ev.ActionDeclared) -> None:
        self.declared = event.action

    def _forced(self, decision: Decision, game: Game) -> None:
        """A lead or a follow with drawing as the only option is taken without asking: say why."""
        if game.agents[decision.player] is not self:
            return
        me = game.players[decision.player]
        if decision.kind == "follow" and self.declared:
            why = cannot_follow(game, me, self.declared, 0)
        elif decision.kind == "lead":
            why = "you have no card to declare an action with, alone or as two cards of one colour (R4.2.2, R4.5, R4.8), so you draw"
        else:
            return
        if why:
            self.say(fitted(f"{me.name}: {why}.", self.terminal()[0]))

    @staticmethod
    def _foreseen(game: Game, me: Player, kind: str, label: str, value: object) -> str:
        """A lead or follow option's label, with a warning when its action would do nothing now; a
        pirate option's, when what it takes would be discarded."""
        if kind == "pirate":
            lost = pirate_warning(game, me, value)
            return f"{label} ({lost})" if lost else label
        if kind not in ("lead", "follow"):
            return label
        why = idle_reason(game, me, value)
        return f"{label} (does nothing now: {why})" if why else label

    def _discard_moment(self, decision: Decision, game: Game, me: Player) -> int:
        """R14.1: ask only when the person asked to discard, or list the discards beside the ways to
        lead when the turn is about to be led; otherwise keep the contracts (the `stop` option)."""
        keep = decision.stop if decision.stop is not None else 0
        if self.wants_discard:
            numbered = [Numbered(str(i), o.label) for i, o in enumerate(decision.options, start=1)]
            index = int(self._ask(game, me, f"{me.name}, you lead: discard a contract?", numbered)) - 1
            if index == keep:
                self.wants_discard = False
            return index
        if me.seat == game.leader and not me.played and not me.drew_this_turn and self.lead_planned is None:
            return self._lead_with_discards(decision, game, me)
        return keep

    def _lead_with_discards(self, decision: Decision, game: Game, me: Player) -> int:
        """The start of a turn this seat leads: the ways to lead, and the contracts it may discard
        first (`d1`, `d2` ...). A lead chosen here is played when the engine asks for it."""
        keep = decision.stop if decision.stop is not None else 0
        ways = play_options(game, me, ACTION_TYPES, True)
        leads = [draw_option(game.rules.draw_count(me), True).label] + [o.label for o in ways]
        shown = leads[:1] + [self._foreseen(game, me, "lead", o.label, o.value) for o in ways]
        discards = [(i, o) for i, o in enumerate(decision.options) if i != keep]
        numbered = [Numbered(str(i), label) for i, label in enumerate(shown, start=1)]
        numbered += [Numbered(f"d{k}", o.label) for k, (_, o) in enumerate(discards, start=1)]
        question = f"{me.name}, you lead: lead an action or draw, or first discard a contract:"
        key = self._ask(game, me, question, numbered)
        if key.startswith("d"):
            return discards[int(key[1:]) - 1][0]
        self.lead_planned = leads[int(key) - 1]
        return keep

    # --- asking ------------------------------------------------------------------------------------
    def _ask(self, game: Game, me: Player, question: str, options: list[Numbered]) -> str:
        """Show the screen and read until the person picks one of `options`; returns its key.
        Anything else typed is a command (help, explain, table ...), answered before asking again."""
        columns, lines = self.terminal()
        screen, shown = fit(compact_view(game, me.seat, columns), question, options, lines, columns)
        self.say("\n".join(screen))
        keys = {o.key.lower(): o.key for o in options}
        span = choice_span([o.key for o in options])
        page = Page(0, shown)
        while True:
            self.stdout.write(f"Choose {span} (? for help, q to quit): ")
            self.stdout.flush()
            line = self.stdin.readline()
            text = line.strip()
            word, _, rest = text.partition(" ")
            if not line or word.lower() in ("q", "quit"):
                raise HumanQuit()
            if word.lower() in keys and not rest:
                return keys[word.lower()]
            answer, again = self._command(game, me, word.lower(), rest.strip(), options, page)
            self.say(fitted(answer, columns) if answer else f"'{text}' is not an option: type {span}, or ? for help.")
            if again:
                self._repeat(question, options, columns)

    def _command(self, game: Game, me: Player, word: str, rest: str, options: list[Numbered], page: Page) -> tuple[str, bool]:
        """The answer to a command, and whether to show the question again after it ("" if the
        word is no command)."""
        columns, lines = self.terminal()
        if word in ("?", "h", "help"):
            return HELP, True
        if word in ("explain", "x"):
            return self._explain(game, me, rest, options), True
        if word in ("t", "table"):
            return render(game, me.seat), True
        if word == "log":
            recent = list(self.narrator.recent)[-LOG_LINES:] if self.narrator is not None else []
            return ("\n".join(recent) or "Nothing has been narrated yet."), True
        if word == "discard":
            return self._want_discard(game, me), False
        if word == "+":
            page.first = page.first + page.shown if page.first + page.shown < len(options) else 0
            text, page.shown = options_page(options, page.first, lines - 2, columns)
            return "\n".join(text), False
        return "", False

    def _repeat(self, question: str, options: list[Numbered], columns: int) -> None:
        """After a command's answer: the question and its options again, so they are in sight."""
        self.say(question)
        self.say("\n".join(line for lines in option_lines(options, columns) for line in lines))

    # --- commands ----------------------------------------------------------------------------------
    def _explain(self, game: Game, me: Player, what: str, options: list[Numbered]) -> str:
        defs = {c.id: c for c in game.card_set.cards}
        if not what:
            cards = [c.defn for c in me.hand]
            if not cards:
                return "Your hand is empty; say which card: explain CARD."
        elif what.lower() in {o.key.lower() for o in options}:
            label = next(o.label for o in options if o.key.lower() == what.lower())
            cards = cards_named_in(label, list(defs.values()))
            if not cards:
                return f"Option {what} names no card."
        else:
            try:
                cards = [find_card(what, defs.values())]
            except LookupError as exc:
                return str(exc)
        return fitted("\n".join(line for card in cards for line in card_lines(card)), self.terminal()[0])

    def _want_discard(self, game: Game, me: Player) -> str:
        if me.seat != game.leader:
            return "Only the leader may discard contracts, during the turn he or she leads (R14.1, R14.3)."
        if not any(not s.at_sea and s.contracts for s in me.ships):
            return "You have no uncompleted contract in harbor to discard."
        any_moment = getattr(game.options, "contract_discards", "two-moments") == "any-moment"
        if any_moment:
            self.wants_discard = True
            return "You will be asked which contract to discard right after the current action (R14.1)."
        if self.acting_turn == game.turn or me.drew_this_turn:
            return ("No moment to discard is left this turn: the leader discards at the start of the turn or before "
                    "his or her own actions (R14.1, docs/rulings.md).")
        self.wants_discard = True
        return ("You will be asked which contract to discard before your own actions (R14.1). "
                "Drawing ends the turn first: lead an action to discard this turn.")


@dataclass
class Page:
    """Which options of a long list the person has seen: from `first`, `shown` of them."""
    first: int
    shown: int


def wrap_keeping_indent(line: str, width: int) -> list[str]:
    """A long line cut at `width`, its continuation lines indented under its text (past an `-> `)."""
    indent = len(line) - len(line.lstrip())
    more = 3 if line[indent:].startswith("-> ") else 2
    return textwrap.wrap(line, width, subsequent_indent=" " * (indent + more)) or [line]


def fitted(text: str, width: int) -> str:
    return "\n".join(wrapped for line in text.splitlines() for wrapped in wrap_keeping_indent(line, width))


def choice_span(keys: list[str]) -> str:
    """`1-5`, or `1-5, d1-d2` when discards are listed too."""
    numbers = [k for k in keys if k.isdigit()]
    others = [k for k in keys if not k.isdigit()]
    parts = [f"1-{len(numbers)}" if len(numbers) > 1 else "1"] if numbers else []
    if others:
        parts.append(others[0] if len(others) == 1 else f"{others[0]}-{others[-1]}")
    return " or ".join(parts)


def options_page(options: list[Numbered], first: int, height: int, columns: int) -> tuple[list[str], int]:
    """The options from `first` on that fit in `height` lines, and how many they are."""
    page: list[str] = []
    count = 0
    for lines in option_lines(options, columns)[first:]:
        if len(page) + len(lines) > height - 1:
            break
        page += lines
        count += 1
    if first + count < len(options):
        page.append(f"  ... {len(options) - first - count} more: type + again")
    return page, count


def cards_named_in(label: str, cards: list[CardDef]) -> list[CardDef]:
    """The cards whose names appear in an option's label, longest names first so that a name that
    is part of another (Salt, Hawaiian Salt) is not found twice."""
    found = []
    rest = label
    for card in sorted(cards, key=lambda c: -len(c.name)):
        if card.name in rest:
            found.append((label.find(card.name), card))
            rest = rest.replace(card.name, "\0")
    return [card for _, card in sorted(found, key=lambda pair: pair[0])]
