"""`as a contract` rules (R6.9, P-cards such as Tortillas): in force exactly while a copy of the card is
a contract, though they sit in the rule queries only while one may be (interpreter/powers/contract_rules.py)."""

from __future__ import annotations

from interpreter.engine import events as ev
from interpreter.engine.contract import make_contract
from interpreter.engine.slots import fits
from tests.helpers import bring_home, find, give, new_game


def _tortillas_game(all_cards):
    game = new_game(players=3, cards=all_cards.only_sets(["base", "kickstarter"]))
    p = game.players[0]
    bring_home(game, p.ships[0])
    return game, p


def test_the_rule_comes_back_when_a_copy_is_contracted_after_it_went_out_R6_9(all_cards):
    game, p = _tortillas_game(all_cards)
    give(game, p.ships[1].contracts, "flour")  # a contract without the rule: its load is asked
    bring_home(game, p.ships[1])
    game.rules.contract_load(p, p.ships[1].contracts[0])
    game.emit(ev.TurnEnded, turn=1, leader=0)  # no copy of Tortillas was a contract: the rule goes out of the queries
    assert not game.rules.modified("contract_load")

    give(game, p.hand, "tortillas")
    _, tortillas = find(game, "tortillas")
    make_contract(game, p, tortillas, p.ships[0], 1)
    _, laptops = find(game, "laptops")  # technology: no slot of Tortillas' own load is of its colour
    assert fits(game.rules, p, p.ships[0], laptops)


def test_the_rule_goes_out_when_no_copy_is_a_contract_and_the_load_is_the_printed_one(all_cards):
    game, p = _tortillas_game(all_cards)
    give(game, p.hand, "tortillas")
    _, tortillas = find(game, "tortillas")
    make_contract(game, p, tortillas, p.ships[0], 1)
    p.ships[0].contracts.remove(tortillas)
    game.zones.discard.append(tortillas)
    game.emit(ev.ContractDiscarded, player=p.seat, card=tortillas, ship=p.ships[0])
    assert game.rules.contract_load(p, tortillas) == tortillas.load  # looked up: no copy is a contract
    game.emit(ev.TurnEnded, turn=1, leader=0)
    assert not game.rules.modified("contract_load")


def test_a_contract_placed_by_hand_before_play_holds_its_rule(all_cards):
    game, p = _tortillas_game(all_cards)
    give(game, p.ships[0].contracts, "tortillas")  # as a scenario places it
    _, laptops = find(game, "laptops")
    assert fits(game.rules, p, p.ships[0], laptops)
