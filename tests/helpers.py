"""Helpers to set up exact game states and script decisions in tests.

    game = new_game(players=3, leader=0)
    give(game, game.players[0].hand, "laptops", "cups")        # move named cards into a zone
    script = use_script(game, [(0, "LOAD with Laptops"), ...])  # (seat, label fragment) answers
    play_turn(game)

A scripted decision is matched by seat, then by a fragment of an option's label (case-insensitive).
Decisions not in the script take the declining option (`stop`) if there is one, else fail the test
with the decision's labels, so a test never passes by accident on an unexpected choice.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable
from typing import Any

from interpreter.cards.catalog import load_all_cards, load_rules
from interpreter.cards.loader import CardSet
from interpreter.engine.decisions import Decision
from interpreter.engine.game import Game
from interpreter.engine.invariants import all_places
from interpreter.engine.options import GameOptions
from interpreter.engine.state import Card
from interpreter.engine.turn import play_turn  # noqa: F401  (re-exported for tests)
from interpreter.powers import new_game as powered_game

# The shipped cards and rules, loaded once per test session (conftest.py's fixtures hand out these).
ALL_CARDS = load_all_cards()
RULES = load_rules()
_BASE = ALL_CARDS.only_sets(["base"])
# The rule tests check the base rules: the same cards with their powers taken away (plain goods).
_PLAIN = CardSet([dataclasses.replace(c, powers=(), readings=(), examples=()) for c in _BASE.cards])
_DATA = RULES


class Unscripted(AssertionError):
    pass


class Script:
    """Answers decisions from a list of (seat, label fragment); records every decision asked."""

    def __init__(self, answers: Iterable[tuple[int, str]] = (), *, lenient: bool = True):
        self.answers = list(answers)
        self.lenient = lenient
        self.asked: list[Decision] = []

    def choose(self, decision: Decision, game: Game) -> int:
        self.asked.append(decision)
        for i, (seat, fragment) in enumerate(self.answers):
            if seat != decision.player:
                continue
            matches = [k for k, o in enumerate(decision.options) if fragment.lower() in o.label.lower()]
            if not matches:
                break
            del self.answers[i]
            return matches[0]
        if self.lenient and decision.stop is not None:
            return decision.stop
        labels = "\n  ".join(decision.labels())
        raise Unscripted(f"unscripted {decision.kind} for P{decision.player + 1}; options:\n  {labels}")

    def kinds(self) -> list[str]:
        return [d.kind for d in self.asked]


def new_game(players: int = 3, seed: int = 1, leader: int = 0, cards: Any = None, **options: Any) -> Game:
    opts = GameOptions(first_leader=leader, check_invariants=True).with_values(**options)
    return powered_game(cards or _PLAIN, _DATA, players, seed, opts, [Script() for _ in range(players)])


def use_script(game: Game, answers: Iterable[tuple[int, str]] = (), *, lenient: bool = True) -> Script:
    script = Script(answers, lenient=lenient)
    game.agents = [script] * len(game.players)
    return script


def find(game: Game, card_id: str) -> tuple[list[Card], Card]:
    for _, cards in all_places(game):
        for card in cards:
            if card.id == card_id:
                return cards, card
    raise KeyError(card_id)


def give(game: Game, zone: list[Card], *card_ids: str) -> list[Card]:
    """Move the named cards (wherever they are) to the end of `zone` (the top, for the deck)."""
    moved = []
    for card_id in card_ids:
        source, card = find(game, card_id)
        source.remove(card)
        zone.append(card)
        moved.append(card)
    return moved


def clear(game: Game, zone: list[Card]) -> None:
    """Empty a zone onto the bottom of the deck (so the card count never changes)."""
    game.zones.deck[:0] = zone
    zone.clear()


def goods_of(game: Game, good: str, count: int, exclude: Iterable[str] = ()) -> list[str]:
    """Ids of `count` cards of one good type, not among `exclude`."""
    skip = set(exclude)
    ids = [c.id for c in _BASE.cards if c.good == good and c.id not in skip]
    return ids[:count]


# --- small conveniences shared by the rule tests -------------------------------------------------

def game3(leader: int = 0, **options: Any) -> Game:
    """Seed 1 with 3 players: P1 red (illegal), P2 black (consumer), P3 blue (luxury)."""
    game = new_game(players=3, leader=leader, **options)
    assert [p.colour for p in game.players] == ["red", "black", "blue"]
    return game


def set_hand(game: Game, p: Any, *card_ids: str) -> None:
    clear(game, p.hand)
    give(game, p.hand, *card_ids)


def ids(cards: Iterable[Card]) -> list[str]:
    return [c.id for c in cards]


def asked(script: Script, kind: str, seat: int | None = None) -> list[Decision]:
    return [d for d in script.asked if d.kind == kind and (seat is None or d.player == seat)]


def bring_home(game: Game, ship: Any) -> None:
    """Empty a ship at sea (its containers to the deck bottom) and put it in harbor."""
    clear(game, ship.containers)
    ship.at_sea = False


def name(game: Game, card_id: str) -> str:
    return find(game, card_id)[1].name


class OnceEach:
    """Work done the first time any test asks for a key, kept for the other tests of its module.

    A test that checks what several others did together (which powers fired over all the mass-play
    games, which decision kinds all the examples asked) asks for every key itself: alone it does the
    work, run with the others it reuses theirs. So no test depends on another having run first.
    """

    def __init__(self, work: Any):
        self.work = work
        self.done: dict[Any, Any] = {}

    def __call__(self, key: Any) -> Any:
        if key not in self.done:
            self.done[key] = self.work(key)
        return self.done[key]


def readme_rows_name_the_cards(readme: Any, cards: Iterable[Any]) -> list[str]:
    """An examples pack's README table against its cards, in order: each row names a card (its
    number, id and name) and its power lines exactly. Returns the rows (so a test can count them)."""
    rows = [line for line in readme.read_text().splitlines() if re.match(r"^\| \d+ \|", line)]
    for row, card in zip(rows, cards, strict=True):
        cells = [cell.strip() for cell in row.strip("|").split(" | ")]
        assert cells[0] == str(int(card.id[1:3])) and cells[2] == f"`{card.id}` {card.name}", row
        assert cells[3].split("<br>") == [f"`{power.text}`" for power in card.powers], row
    return rows


def without_powers(cards: CardSet, card_id: str) -> CardSet:
    """The card set with one card's powers taken away (to show its examples need them)."""
    return CardSet([dataclasses.replace(c, powers=()) if c.id == card_id else c for c in cards.cards])


def heuristic_game_at_turn(turns: int, seed: int = 3, players: int = 4) -> Game:
    """A game between heuristic bots with every card, after `turns` whole turns (the next leader chosen)."""
    from interpreter.sim.runner import bot_game
    game = bot_game(ALL_CARDS, RULES, players, seed, GameOptions(), ["heuristic"] * players)
    for _ in range(turns):
        play_turn(game)
        game.next_leader()
    return game


def ctrl_c_reaches_it() -> None:
    """A `preexec_fn` for a child process a test stops with Ctrl-C (SIGINT): the default action, as
    at a terminal. A test run started in the background by a script (CI, `nohup ... &`) has SIGINT
    ignored, and an ignored signal stays ignored across exec: the child would never see the Ctrl-C."""
    import signal
    signal.signal(signal.SIGINT, signal.SIG_DFL)
