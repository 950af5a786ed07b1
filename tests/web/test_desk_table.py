"""The table the desk draws (viewer and play) is plain data: every value a number, a string, a
boolean, None, a list or a mapping of those. A method or an engine object left in it is drawn as
`<bound method ...>` on the page, as Player.parked_credits was once it became a method."""

from __future__ import annotations

import json

import pytest

from interpreter.cards.catalog import load_all_cards, load_rules
from interpreter.engine.options import GameOptions
from interpreter.sim.runner import bot_game
from interpreter.web.table import snapshot


@pytest.mark.parametrize("seed", [3, 11])
def test_every_table_of_a_game_is_plain_data(seed):
    cards, data = load_all_cards(), load_rules()
    game = bot_game(cards, data, 4, seed, GameOptions(), ["heuristic"] * 4)
    tables = 0
    original = game.ask

    def ask_and_draw(decision):  # type: ignore[no-untyped-def]
        nonlocal tables
        if len(game.log) % 25 == 0:
            for seat in (None, decision.player):
                json.dumps(snapshot(game, seat), allow_nan=False)  # raises TypeError on anything but plain data
                tables += 1
        return original(decision)

    game.ask = ask_and_draw  # type: ignore[method-assign]
    game.play()
    json.dumps(snapshot(game), allow_nan=False)
    assert tables > 10


def test_parked_credits_are_a_number_in_the_table():
    cards, data = load_all_cards(), load_rules()
    game = bot_game(cards, data, 3, 1, GameOptions(), ["random"] * 3)
    game.players[0].shipments.extend(game.zones.deck[:1])
    game.players[0].shipments[0].parked = 4
    assert [p["parked"] for p in snapshot(game)["players"]] == [4, 0, 0]


def test_the_log_says_a_discard_except_the_cards_played_each_turn_R11_2():
    """A browser probe: a pirated card that fit no slot vanished from the table's log (the terminal
    said it was discarded): the log left out every discard, to keep out the cards played each turn."""
    from interpreter.engine.turn import PLAYED_THIS_TURN
    from interpreter.web.table import EventLog
    game = bot_game(load_all_cards(), load_rules(), 3, 1, GameOptions())
    log = EventLog(game)
    first, second = game.zones.deck.pop(), game.zones.deck.pop()
    game.discard(first, "pirated, not loaded", 0)
    game.discard(second, PLAYED_THIS_TURN, 1)
    assert [line.text for line in log.lines] == [f"{first.name} is discarded (pirated, not loaded)"]


def test_the_log_says_a_sale_once_with_its_price():
    """A browser probe read "P3 takes 4 (sale)" before "P3 sells Honey to the supply island for 4": the
    credits of a sale are paid before the sale is said. The sale's line says the price: the other goes."""
    from interpreter.web.table import EventLog
    game = bot_game(load_all_cards(), load_rules(), 3, 1, GameOptions())
    log = EventLog(game)
    p = game.players[0]
    game.gain(p, 4, "sale")
    game.gain(p, 2, "Honey: sale")
    game.gain(p, 2, "import fee")
    assert [line.text for line in log.lines] == [f"{p.name} takes 2 (import fee)"]
