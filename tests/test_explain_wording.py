"""The words `explain` chooses, construct by construct (issue 21, item 6): each test pins a wording
found misleading when the golden file (tests/golden/explain.txt) was reviewed card by card against
the rulebook's power texts, in the construct that writes it, for every card that uses it."""

from __future__ import annotations

import pytest

from interpreter.lang import parse_power


def said(line: str) -> str:
    power, problems = parse_power(line)
    assert power is not None and not problems, problems
    return power.english()


@pytest.mark.parametrize("line, words", [
    # Hawaiian Salt, Honey, Rice, Soy Sauce, Pens, Cologne, Fluffy Pillows, Gold Toilets, Velvet Robes,
    # Apple Watch: `2 credits for each card taken from the bank` read as cards taken from the bank
    ("on completion: gain 2 for each of your shipments", "take 2 credits from the bank for each shipment in your Shipments"),
    ("at game end: gain 1 for each card in your hand", "take 1 credit from the bank for each card in your hand"),
    ("when any player contracts a luxury card: park 2 for each of your luxury goods",
     "put 2 credits from the bank on this card for each luxury good in your Goods (scored"),
    ("on completion: each other player pays you 2 for each of their goods", "pays 2 credits to you for each good in their Goods"),
    ("on completion: you pay 2 for each of your goods", "pay 2 credits to the bank for each good in your Goods"),
    ("on completion: take 2 credits for each of their goods from each other player",
     "take 2 credits from each other player for each good in their Goods"),
    # an amount without a count keeps its place: nothing follows it
    ("on completion: gain 4", "take 4 credits from the bank."),
    ("on completion: each other player pays you 2", "each other player pays 2 credits to you."),
    # Massage Tables: the total is rounded, not each card
    ("on completion: draw until two drawn cards share a good type then gain 1 for each card drawn rounded up to an even number",
     "take 1 credit from the bank for each card drawn, rounded up to an even number."),
])
def test_an_amount_says_where_the_credits_go_before_what_it_counts(line, words):
    assert words in said(line)


@pytest.mark.parametrize("line, words", [
    # Pants: whose fee, paid by whom
    ("rule: your import fee is 4",
     "your import fee (taken from the bank when another player wins an import from your ship) is 4"),
    # Shampoo: `your containers per import is 3` is no sentence
    # and the card's "may take 3": the winner may still take the rules' 2 (the engine offers both)
    ("rule: your containers per import is 3",
     "your number of containers taken per import won (the winner may take the rules' 2, or more up to this number) is 3"),
    # Aeroponics: `your containers left when ships return is 1` said neither which ships nor what happens
    ("rule: your containers left when ships return is 1",
     "your number of containers at or below which your ships at sea come home with them (0 by the rules: once empty) is 1"),
])
def test_a_quantity_of_the_rules_is_named_as_a_sentence_can_use_it(line, words):
    assert words in said(line)


@pytest.mark.parametrize("line, words", [
    # Stem Cells: `pay 2` said neither credits nor to whom, nor that Goods must have room
    ("rule: you may pay 2 to put a pirated card into your goods",
     "you may pay 2 credits to the bank to put a pirated card into your Goods (if there is room) instead of loading it"),
    # Smart Cars
    ("rule: you may sell a card to the island for 2 instead of a load once per turn",
     "sell a hand card to the supply island for 2 credits instead of loading it"),
])
def test_a_permission_names_the_credits_it_costs_or_pays(line, words):
    assert words in said(line)


@pytest.mark.parametrize("line, words", [
    # Printed Money: one container taken, then `load them as containers ..., each where it fits`
    ("on completion: for each other player, (take 1 container from that player's ships into your hand then you may load it)",
     "then you may load it as a container onto your ships where it fits"),
    # Stolen Research: the one shipment received
    ("on completion: swap this card with 1 of another player's technology shipments then complete it",
     "then complete it as if just shipped"),
    ("on completion: draw 2 then you may discard them", "you may discard them"),
])
def test_it_and_them_are_said_as_written(line, words):
    assert words in said(line)


@pytest.mark.parametrize("line, words", [
    # Iceland Water, Jasmine Tea: one card sold, `for 2 credits each` said of it
    ("any time: sell 1 agriculture card from your hand to the island for 2",
     "sell 1 agriculture card from your hand to the supply island for 2 credits (not"),
    ("on completion: sell all your imports to the island for 2", "for 2 credits each (not"),
])
def test_each_is_said_of_a_price_only_where_several_cards_may_be_sold(line, words):
    assert words in said(line)


def test_lose_at_game_end_says_points_off_the_score_R17_8():
    """At final scoring `lose 4` takes 4 points off the score and the credits stay (R17.8); explain
    said "loses 4 credits" (a modder probe found the score, not the credits, went down)."""
    assert said("at game end: each other player with more cards in hand than you loses 4") == (
        "At game end: each other player with more cards in hand than you loses 4 points (off the final score; "
        "credits stay as they are).")
    assert said("on completion: each other player loses 2").endswith("each other player loses 2 credits.")


@pytest.mark.parametrize("line, words", [
    ("when you win an import: gain half the bid rounded down", "credits equal to half the winning bid, rounded down to an even number"),
    ("on completion: gain half your credits", "credits equal to half your active credits, rounded up, then down to an even number"),
])
def test_half_an_amount_of_credits_says_its_rounding_once_R1_8_3(line, words):
    """A modder probe read "half the winning bid, rounded down (rounded down to an even number)"."""
    assert words in said(line)
