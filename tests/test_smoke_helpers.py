from interpreter.engine.invariants import check
from tests.helpers import clear, give, new_game, play_turn, use_script


def test_leader_draw_ends_turn_R4_2_1():
    game = new_game(players=3)
    leader = game.players[0]
    clear(game, leader.hand)
    give(game, leader.hand, "cups", "pens")
    script = use_script(game, [(0, "draw")])
    play_turn(game)
    assert len(leader.hand) == 5  # drew up to 5
    assert script.kinds() == ["lead"]  # nobody else was asked (R4.2.1)
    check(game)
