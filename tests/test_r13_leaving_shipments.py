"""R13.2, R13.6, R15.4: a card that moves itself out of Shipments into Imports or Goods finds room by
the limits as they stand once it has left, whatever made them what they were.

Issue 22, item 3: `simulate --players 5 --games 121 --seed 5000 --expansions all --mod
docs/example-mod --option check_invariants=yes --bots random` stopped at game 121 on `AssertionError:
room was checked`. Segways (`any time after completion: move this card to your imports`) was the only
technology card in the Shipments of a player whose Board Games lifts the imports limit "once you have
shipments of every type". The room check took the limit with Segways still in Shipments (no limit)
and subtracted one shipment's worth; but once Segways left, the player no longer had a shipment of
every type, the normal limit applied, and Imports were full."""

from __future__ import annotations

from interpreter.engine.invariants import check
from interpreter.engine.turn import play_turn
from tests.helpers import ALL_CARDS, clear, find, give, ids, new_game, use_script

EVERY_TYPE = ("board_games", "wheat", "ammunition", "champagne", "segways")  # consumer, agriculture, illegal, luxury, technology
IMPORTS = ("cups", "pens", "soap", "rope", "beer", "chairs", "glasses", "seeds")
SEGWAYS_TO_IMPORTS = "segways: move this card to your imports"


def board_games_table(imports: int):
    """P1 has a completed shipment of every type (Segways the only technology one) and `imports` cards in Imports."""
    game = new_game(players=3, leader=0, cards=ALL_CARDS)
    p1 = game.players[0]
    for zone in (p1.hand, p1.imports, p1.goods, p1.shipments):
        clear(game, zone)
    give(game, p1.shipments, *EVERY_TYPE)
    for card_id in ("board_games", "segways"):  # the others' powers change no limit
        game.powers.activate(p1, find(game, card_id)[1])
    give(game, p1.imports, *IMPORTS[:imports])
    return game, p1


def test_the_rule_that_lifts_the_imports_limit_holds_only_while_segways_completes_the_types() -> None:
    game, p1 = board_games_table(imports=5)
    assert game.rules.imports_limit(p1) > 1_000  # Board Games: no limit with a shipment of every type
    segways = find(game, "segways")[1]
    assert not game.powers.world.can_move(segways, p1, "imports")  # once it has left: 4 shipments, limit 5, 5 held


def test_segways_is_not_offered_a_move_into_imports_that_would_be_full_once_it_left_R13_6() -> None:
    """The any-time window does not offer the move; asked to run anyway, the power leaves the card in
    Shipments (this card stays when it finds no room) and nothing breaks."""
    game, p1 = board_games_table(imports=5)
    script = use_script(game, [(0, SEGWAYS_TO_IMPORTS)])
    game.powers.offer_any_time(p1)
    offered = [o.label.lower() for d in script.asked if d.kind == "any_time" for o in d.options]
    assert not any(SEGWAYS_TO_IMPORTS in label for label in offered)
    segways = find(game, "segways")[1]
    power = next(p for p in segways.defn.powers if p.text.endswith("move this card to your imports"))
    game.powers.run(power, game.powers.ctx(p1, segways))
    assert "segways" in ids(p1.shipments) and "segways" not in ids(p1.imports)
    assert len(p1.imports) == 5 and game.rules.imports_limit(p1) > 1_000
    check(game)


def test_segways_moves_into_imports_when_there_is_room_once_it_left() -> None:
    game, p1 = board_games_table(imports=4)
    script = use_script(game, [(0, SEGWAYS_TO_IMPORTS)])
    game.powers.offer_any_time(p1)
    assert any(SEGWAYS_TO_IMPORTS in o.label.lower() for d in script.asked if d.kind == "any_time" for o in d.options)
    assert "segways" in ids(p1.imports) and "segways" not in ids(p1.shipments)
    assert len(p1.imports) == 5 == game.rules.imports_limit(p1)  # the normal limit again: 1 + 4 shipments
    check(game)


def test_segways_into_goods_counts_the_two_goods_places_its_shipment_gave_R13_3() -> None:
    """Leaving Shipments lowers the goods limit by two (R13.3): with goods two short of the limit
    before it leaves, there is no room once it has left, and the move is not offered (it was, and
    then did nothing: the offer counted one place for the shipment, the move two)."""
    game = new_game(players=3, leader=0, cards=ALL_CARDS)
    p1 = game.players[0]
    for zone in (p1.hand, p1.imports, p1.goods, p1.shipments):
        clear(game, zone)
    give(game, p1.shipments, "segways", "wheat")
    game.powers.activate(p1, find(game, "segways")[1])
    give(game, p1.goods, "cups", "pens", "soap", "rope")  # limit 2 + 2 * 2 = 6 now; 2 + 2 * 1 = 4 once it left
    script = use_script(game, [(0, "segways: move this card to your goods")])
    game.powers.offer_any_time(p1)
    assert not any("move this card to your goods" in o.label for d in script.asked for o in d.options)
    assert "segways" in ids(p1.shipments)
    check(game)
    play_turn(game)  # the game goes on
