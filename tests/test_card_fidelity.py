"""Card fidelity (issue 9): cards doing what the printed card and the appendix say, in game states where
it matters. Each test names the rule ids and the card; most cards also prove their power in their own
`examples:`. These are the cases a scenario file cannot state."""

from __future__ import annotations

from interpreter.cards.catalog import load_all_cards
from tests.helpers import clear, give, new_game, use_script

ALL = load_all_cards()


def full_game(players: int = 3, **options):
    return new_game(players=players, cards=ALL, **options)


def complete_now(game, p, card_id: str) -> None:
    """`card_id` enters p's Shipments and its one-time powers run, as on completion (R8.2.3)."""
    card = give(game, [], card_id)[0]
    game.add_shipment(p, card)
    game.powers.completed(p, card)


# --- 1. Lutefisk works from hand only (R15.3, OQ-2) ------------------------------------------------

def test_wind_turbines_copying_lutefisk_gains_no_any_time_contract_R15_3_OQ_46():
    """Wind Turbines copies a completed Lutefisk (tier 1): Lutefisk's power works from hand, so the
    copy on Wind Turbines, a completed card, can never contract Wind Turbines out of Shipments."""
    game = full_game()
    p1, p2 = game.players[0], game.players[1]
    complete_now(game, p2, "lutefisk")
    for ship in p1.ships:
        clear(game, ship.containers)
        ship.at_sea = False
    use_script(game, [(0, "copy Lutefisk")])
    complete_now(game, p1, "wind_turbines")
    assert [c.id for c in p1.shipments] == ["wind_turbines"]
    assert game.powers.any_time_uses(p1) == []
    assert game.powers.any_time_uses(p2) == []


def test_explain_says_where_each_any_time_power_works_R15_3():
    """`explain` derives the place from the power: Lutefisk from hand only, Segways once completed
    only, Telescopes both (R15.3, R15.3.6)."""
    from interpreter.dsl.explain import power_text

    def reads(card_id: str) -> str:
        return power_text(ALL.by_id[card_id].powers[0].ast)
    assert "(from your hand, if you meet its tier)" in reads("lutefisk")
    assert "(once completed)" in reads("segways")
    assert "(from your hand if you meet its tier, or once completed)" in reads("telescopes")
