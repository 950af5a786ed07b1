"""Imports made by powers and the ship owner's fee (R10.6): a power's import pays the owner the usual
fee unless its words say otherwise (`for free`, `with no fees`), and every card whose powers import
says in its text which it is, in agreement with its powers.

Why a test over every card: the redesign of the power language folded "take N free actions of your
choice" into the one construct for free actions, whose imports pay the fee unless the line says
`with no fees`; Stretch Goals' line did not say it, so its free IMPORT paid the fee its card denies,
and its example, taking two SUPPLY actions, could not see it (issue 23, item 1). A card's text and
its powers now have to agree, card by card."""

from __future__ import annotations

import re

import pytest

from interpreter.lang import parse_power
from interpreter.lang.effects import FreeActions, ImportContainers
from tests.helpers import ALL_CARDS, give, new_game, use_script

ALL = ALL_CARDS
NO_FEE = re.compile(r"\b(gets?|get) no (import )?fee\b|\bno import fees?\b", re.I)
USUAL_FEE = re.compile(r"\b(still )?(receives?|collects?|gets?) the usual\b.*\bfee\b", re.I)


def power_imports(card) -> list[bool]:
    """For each import a card's powers can make, whether the ship's owner is paid the fee."""
    paid = []
    for power in card.powers:
        for node in power.node.walk() if power.node is not None else ():
            if isinstance(node, ImportContainers):
                paid.append(not node.free)
            elif isinstance(node, FreeActions) and (node.from_hand or node.action in (None, "import")):
                paid.append(node.fees)  # the action of each card in hand, or one the player chooses, may be an import
    return paid


IMPORTING = [c for c in ALL.cards if power_imports(c)]


def test_the_cards_whose_powers_import_are_those_r10_6_names_and_more_R10_6():
    """R10.6 names Paper, Protractors, Stretch Goals (no fee), Glasses and Pocky (the fee): all of them
    import by a power, so this test cannot pass by finding none."""
    assert {"paper", "protractors", "stretch_goals", "glasses", "pocky"} <= {c.id for c in IMPORTING}


@pytest.mark.parametrize("card", IMPORTING, ids=[c.id for c in IMPORTING])
def test_a_card_importing_by_a_power_says_who_gets_the_fee_and_its_powers_agree_R10_6(card):
    says_none, says_usual = bool(NO_FEE.search(card.text)), bool(USUAL_FEE.search(card.text))
    assert says_none != says_usual, f"{card.id}: its text must say whether the ship's owner gets the import fee: {card.text}"
    paid = power_imports(card)
    if says_none:
        assert not any(paid), f"{card.id}: the text says the owner gets no fee, but a power's import pays it"
    else:
        assert all(paid), f"{card.id}: the text says the owner gets the usual fee, but a power's import does not pay it"


def test_a_free_import_action_of_your_choice_with_no_fees_pays_no_owner_R10_6():
    """The construct itself, apart from any card: `take 2 free actions of your choice with no fees`
    imports from another player's ship without the fee; without the words, the fee is paid."""
    for line, fee in (("on completion: take 1 free actions of your choice with no fees", 0),
                      ("on completion: take 1 free actions of your choice", 2)):
        game = new_game(players=3, cards=ALL)
        p1, p2 = game.players[0], game.players[1]
        ship = p2.ships[1]
        assert ship.at_sea and len(ship.containers) == 4
        before = p2.credits
        power, problems = parse_power(line)
        assert power is not None and not problems
        compiled = power.compile()
        host = give(game, [], "glasses")[0]
        use_script(game, [(0, "take a free IMPORT action"), (0, f"the {ship.label}"), (0, "take")])
        compiled.run(game.powers.ctx(p1, host))
        assert p2.credits - before == fee
        assert len(ship.containers) == 2
