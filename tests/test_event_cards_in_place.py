"""A power that takes the card an event reports (`it`) takes it from where it lies, never a copy (R3:
every card is in one place). A probe found `when another player discards a contract: you may take it
into your hand` left the card both in the discard pile and in a hand: the event was said while the
rules held the card between the ship and the pile. Now an event is said once its card lies somewhere,
and a power never moves a card that lies nowhere (world.placed)."""

from __future__ import annotations

import dataclasses

import pytest

from interpreter.cards.loader import CardSet
from interpreter.engine import events as ev
from interpreter.engine.options import GameOptions
from interpreter.engine.turn import offer_contract_discards
from interpreter.lang.parser import parse_power
from interpreter.sim.runner import bot_game
from tests.helpers import ALL_CARDS, RULES, clear, give, ids, new_game, use_script

BASE = CardSet([c for c in ALL_CARDS.cards if c.set == "base"])

# every trigger whose event reports a card, with a power that takes that card
TAKES_THE_EVENTS_CARD = [
    "when another player discards a contract: you may take it into your hand",
    "when a card is discarded: you may take it into your hand",
    "when any player discards a card: you may take it into your hand",
    "when any player sells a card: you may take it into your hand",
    "when any player plays a card: you may take it into your hand",
    "when any player takes a card from the island: you may take it into your hand",
    "when the island is seeded: you may take it into your hand",
    "when a container is loaded: you may take it into your hand",
    "when any player takes a card as a pirate: you may take it into your hand",
    "when any player contracts a card: you may take it into your hand",
    "when a card enters any player's goods: you may take it into your hand",
]


def every_card_carries(line: str) -> CardSet:
    power, problems = parse_power(line)
    assert power is not None and not problems, problems
    compiled = (power.compile(),)
    return CardSet([dataclasses.replace(c, powers=compiled) for c in BASE.cards])


@pytest.mark.parametrize("line", TAKES_THE_EVENTS_CARD)
def test_a_power_taking_the_events_card_keeps_every_card_in_one_place_R3(line):
    """Every card carries the power, so it is active from the first completed shipment on; random bots
    say yes about half the time. The invariant check (every card in exactly one place) runs after
    every step and raises at the first card found twice."""
    cards = every_card_carries(line)
    for seed in (1, 2):
        result = bot_game(cards, RULES, 3, seed, GameOptions(check_invariants=True)).play()
        assert result.end_reason


def test_a_discarded_contract_can_be_taken_from_the_discard_pile_R14_1():
    """The probe's card: the contract goes to the discard pile (R14.1), and the power takes it from there."""
    power, _ = parse_power("when another player discards a contract: you may take it into your hand")
    assert power is not None
    cards = CardSet([dataclasses.replace(c, powers=(power.compile(),)) if c.id == "soap" else c for c in BASE.cards])
    game = new_game(players=3, leader=1, cards=cards)
    p, q = game.players[0], game.players[1]
    give(game, p.hand, "soap")
    game.add_shipment(p, p.hand.pop())
    clear(game, p.hand)
    give(game, q.ships[0].contracts, "cups")
    use_script(game, [(1, "discard the contract Cups"), (0, "yes"), (1, "keep all contracts")])
    offer_contract_discards(game, q)
    assert ids(p.hand) == ["cups"] and "cups" not in ids(game.zones.discard) and not q.ships[0].contracts


@pytest.mark.parametrize("line", ["when the deck is reshuffled: draw 2", "when another player reshuffles the deck: draw 1"])
def test_a_power_drawing_on_a_reshuffle_never_empties_the_deck_under_the_draw_R3_7(line):
    """The draw that reshuffled the discard pile (R3.7) took its card after the powers answering the
    reshuffle had drawn: a hostile probe's `when the deck is reshuffled: draw 2` emptied the new deck
    first and the game stopped (IndexError: pop from empty list) in 5 of 100 games. The draw now
    reshuffles again, or finds both piles empty and ends the game (R16.1.2)."""
    cards = every_card_carries(line)
    reshuffles: list[object] = []
    for seed in (1, 2, 3):
        game = bot_game(cards, RULES, 4, seed, GameOptions(check_invariants=True), ["heuristic"] * 4)
        game.bus.subscribe(ev.DeckReshuffled, reshuffles.append)
        assert game.play().end_reason
    assert len(reshuffles) >= 3  # the power was put to the test
