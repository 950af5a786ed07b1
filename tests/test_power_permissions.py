"""Permissions and limits (issue 21, item 3): every action of the rules allowed, forbidden or limited
for a set of players against a set of players, as a `rule:`, under `while`, and for a while; and no
rule query left without a phrase. Each test sets up a game state where the rule matters."""

from __future__ import annotations

import dataclasses

import pytest

from interpreter.cards.loader import CardSet
from interpreter.engine import importing, supply
from interpreter.engine.contract import contract_options, cost
from interpreter.engine.load import load_options
from interpreter.engine.queries import QUERIES
from interpreter.engine.turn import play_options, play_turn
from interpreter.lang import check_power, parse_power
from interpreter.lang.registry import REGISTRY
from interpreter.lang.roles import RuleNode
from tests.helpers import _PLAIN, clear, give, ids, new_game, use_script


def test_every_rule_query_has_a_phrase():
    """A rule query no phrase sets is a rule no card can change: every one is set by some construct
    (its documented examples, which the registry's tests parse and compile)."""
    set_by: set[str] = set()
    for cls in REGISTRY:
        for example in cls.examples:
            power, _ = parse_power(example)
            assert power is not None
            set_by |= {query for node in power.walk() if isinstance(node, RuleNode) for query, _ in node.changes()}
    assert sorted(set(QUERIES) - set_by) == []


def cards_with(**lines: list[str]) -> CardSet:
    def compiled(texts: list[str]) -> tuple:
        out = []
        for text in texts:
            power, problems = parse_power(text)
            assert power is not None and not problems, problems
            assert not check_power(power), check_power(power)
            out.append(power.compile())
        return tuple(out)
    return CardSet([dataclasses.replace(c, powers=compiled(lines[c.id])) if c.id in lines else c for c in _PLAIN.cards])


def ruled(*lines: str, players: int = 3, leader: int = 0, **more: list[str]):  # type: ignore[no-untyped-def]
    """A game whose first player holds Soap, carrying `lines`, in Shipments (its rules in force)."""
    game = new_game(players=players, leader=leader, cards=cards_with(soap=list(lines), **more))
    p = game.players[0]
    give(game, p.hand, "soap")
    game.add_shipment(p, p.hand.pop())
    return game, p


def hand(game, seat: int, *card_ids: str) -> None:  # type: ignore[no-untyped-def]
    clear(game, game.players[seat].hand)
    give(game, game.players[seat].hand, *card_ids)


def labels(options) -> list[str]:  # type: ignore[no-untyped-def]
    return [o.label for o in options]


# ------------------------------------------------------------------------------------ lead, follow, draw

def test_other_players_cannot_lead_an_action_R4_2_2():
    game, p = ruled("rule: other players cannot lead pirate")
    hand(game, 0, "cannabis", "rice")
    hand(game, 1, "pistols", "sugar")
    assert "PIRATE with Cannabis" in labels(play_options(game, p, ("pirate", "contract"), leading=True))
    game.leader = 1
    assert labels(play_options(game, game.players[1], ("pirate", "contract"), leading=True)) == ["CONTRACT with Sugar"]


def test_you_may_not_follow_you_draw_R4_3_1():
    game, p = ruled("rule: you may not follow", leader=1)
    hand(game, 1, "rice")
    hand(game, 0, "wheat", "sugar")
    hand(game, 2, "sugar")
    use_script(game, [(1, "CONTRACT with Rice"), (2, "CONTRACT with Sugar")])
    play_turn(game)
    assert (0, "draw") in game.turn_log and (0, "follow") not in game.turn_log and (2, "follow") in game.turn_log


@pytest.mark.parametrize(("leader", "followed"), [(0, False), (2, True)])
def test_other_players_cannot_follow_your_lead_only_yours_R4_3_2(leader, followed):
    game, p = ruled("rule: other players cannot follow your lead", leader=leader)
    game.leader = leader
    q = game.players[1]
    hand(game, 1, "rice")
    options = labels(play_options(game, q, ("contract",), leading=False))
    assert ("CONTRACT with Rice" in options) == followed


def test_other_players_cannot_take_the_draw_action_unless_they_can_do_nothing_else_R4_3_1():
    game, p = ruled("rule: other players cannot take the draw action")
    hand(game, 0, "rice")
    hand(game, 1, "sugar")
    hand(game, 2, "cannabis")
    use_script(game, [(0, "CONTRACT with Rice")])  # P2 is not asked: following is all it may do
    play_turn(game)
    assert (1, "follow") in game.turn_log  # it must follow
    assert (2, "draw") in game.turn_log  # no card to follow: it draws all the same


def test_while_you_lead_other_players_cannot_pirate_R4_8():
    """`PLAYERS cannot ACTION`: not declared or followed, and the instances matching imports give are lost."""
    game, p = ruled("rule: while you lead, other players cannot pirate")
    q = game.players[1]
    hand(game, 1, "cannabis", "rice")
    assert labels(play_options(game, q, ("pirate",), leading=False)) == []
    game.leader = 1
    assert "PIRATE with Cannabis" in labels(play_options(game, q, ("pirate",), leading=True))


def test_other_players_cannot_play_wild_pairs_R4_5():
    game, p = ruled("rule: other players cannot play wild pairs")
    hand(game, 0, "rice", "sugar")
    hand(game, 1, "wheat", "coffee")
    assert "PIRATE with the pair Rice + Sugar" in labels(play_options(game, p, ("pirate",), leading=True))
    assert labels(play_options(game, game.players[1], ("pirate",), leading=True)) == []


# ------------------------------------------------------------------------------------ import and bids

def _at_sea(game, owner: int, *card_ids: str):  # type: ignore[no-untyped-def]
    ship = game.players[owner].ships[1]
    clear(game, ship.containers)
    give(game, ship.containers, *card_ids)
    ship.at_sea = True
    return ship


@pytest.mark.parametrize(("credits", "mine_auctioned"), [(10, False), (2, True)])
def test_other_players_cannot_import_from_your_ships_while_R10_2(credits, mine_auctioned):
    """A ship no participant may win is not put up for auction (docs/rulings.md); the rule holds only
    while its condition does."""
    game, p = ruled("rule: other players cannot import from your ships while you have 3 or more credits", leader=1)
    for q in game.players:
        clear(game, q.ships[1].containers)
        q.ships[1].at_sea = False
    mine = _at_sea(game, 0, "rice", "sugar")  # P1's ship comes first among the ships at sea
    theirs = _at_sea(game, 2, "pens", "cups")
    p.credits = credits
    game.players[1].credits = 10
    use_script(game, ([(1, "auction")] if mine_auctioned else []) + [(1, "take")])  # one ship offered: not asked
    importing.auction(game, 1, [1])
    assert (not mine.containers, not theirs.containers) == (mine_auctioned, not mine_auctioned)


def test_the_owner_still_bids_on_a_protected_ship_the_others_drop_out_R10_3():
    game, p = ruled("rule: other players cannot import from your ships", leader=1)
    ship = _at_sea(game, 0, "rice", "sugar")
    p.credits = game.players[1].credits = 10
    use_script(game, [(1, f"auction the {ship.label}"), (0, "take")])
    importing.auction(game, 1, [0, 1])  # P2 may not bid: P1 alone takes the containers (R10.3.3)
    assert not ship.containers and len(p.imports) + len(p.goods) == 2 and p.credits == 10


def test_the_minimum_bid_R10_3():
    game, p = ruled("rule: the minimum bid is 4", leader=1)
    ship = _at_sea(game, 2, "rice", "sugar")
    p.credits, game.players[1].credits, game.players[2].credits = 10, 2, 8
    script = use_script(game, [(1, f"auction the {ship.label}"), (0, "bid 4"), (2, "bid 6"), (2, "take")])
    importing.auction(game, 1, [0, 1, 2])
    bids = {d.player: labels(d.options) for d in script.asked if d.kind == "bid"}
    assert bids == {0: ["bid 4", "bid 6", "bid 8", "bid 10"], 2: ["bid 4", "bid 6", "bid 8"]}  # P2 cannot pay 4
    assert game.players[2].credits == 2


def test_a_lone_participant_pays_the_minimum_bid_on_your_ships_R10_3_3():
    game, p = ruled("rule: the minimum bid on your ships is 4", leader=1)
    mine = _at_sea(game, 0, "rice", "sugar")
    theirs = _at_sea(game, 2, "pens", "cups")
    q = game.players[1]
    q.credits = 10
    use_script(game, [(1, f"auction the {mine.label}"), (1, "take")])
    importing.auction(game, 1, [1])
    assert q.credits == 10 - 4 and not mine.containers
    use_script(game, [(1, f"auction the {theirs.label}"), (1, "take")])
    importing.auction(game, 1, [1])
    assert q.credits == 6 and not theirs.containers  # free from another player's ship (R10.3.3)


def test_containers_into_imports_per_import_R10_5():
    game, p = ruled("rule: your containers into imports per import is 2")
    clear(game, p.imports)
    ship = _at_sea(game, 1, "rice", "sugar")
    plans = labels(importing.take_options(game, p, ship))
    assert any(label.count("to Imports") == 2 for label in plans)
    q = game.players[2]
    clear(game, q.imports)
    assert not any(label.count("to Imports") == 2 for label in labels(importing.take_options(game, q, ship)))


# ------------------------------------------------------------------------------------ contract, load, supply, pirate

def test_other_players_cannot_contract_luxury_cards_by_action_or_power_R6_1():
    game, p = ruled("rule: other players cannot contract luxury cards")
    q = game.players[1]
    hand(game, 1, "champagne", "beer")
    assert [label.split(" (")[0] for label in labels(contract_options(game, q, 1))[1:]] == ["contract Beer"]
    assert game.powers.world.contract_ships(q, q.hand[0], tier=False) == []
    hand(game, 0, "champagne")
    assert any("Champagne" in label for label in labels(contract_options(game, p, 1)))


def test_other_players_cannot_load_red_containers_R7_1():
    game, p = ruled("rule: other players cannot load red containers")
    q = game.players[1]
    give(game, q.ships[0].contracts, "cannons")  # loads illegal containers
    hand(game, 1, "cannabis", "pistols")
    assert labels(load_options(game, q)) == ["stop loading"]
    give(game, p.ships[0].contracts, "shotguns")
    hand(game, 0, "cannabis")
    assert any("Cannabis" in label for label in labels(load_options(game, p)))


def test_you_cannot_sell_luxury_cards_by_supply_or_power_R12_5():
    game, p = ruled("rule: you cannot sell luxury cards")
    hand(game, 0, "champagne", "rice")
    sells = [label for label in labels(supply.supply_options(game, p)) if label.startswith("sell")]
    assert sells == ["sell Rice to the island for 4"]
    p.credits = 10
    game.powers.world.sell(p, p.hand[0], 2, "a test")
    assert ids(p.hand) == ["champagne", "rice"] and p.credits == 10


def test_other_players_cannot_take_cards_from_the_island_R12_1_2():
    game, p = ruled("rule: other players cannot take luxury cards from the island")
    clear(game, game.zones.island)
    give(game, game.zones.island, "champagne", "rice")
    clear(game, game.players[1].imports)
    clear(game, p.imports)
    takes = [label for label in labels(supply.supply_options(game, game.players[1])) if label.startswith("take")]
    assert takes == ["take Rice (contract) from the island into Imports"]
    assert len([label for label in labels(supply.supply_options(game, p)) if label.startswith("take")]) == 2


def test_other_players_cannot_stack_contract_actions_R6_4():
    game, p = ruled("rule: other players cannot stack contract actions")
    q = game.players[1]
    clear(game, q.goods)
    tier2 = give(game, [], "rice")[0]
    assert cost(game, q, tier2) is None
    clear(game, p.goods)
    assert cost(game, p, tier2) is not None


def test_other_players_pirate_actions_per_turn_are_at_most_1_R4_6():
    game, p = ruled("rule: other players' pirate actions per turn are at most 1")
    q = game.players[1]
    clear(game, q.imports)
    give(game, q.imports, "cannabis", "pistols")
    assert game.rules.instances(q, "pirate", True) == 1
    clear(game, p.imports)
    give(game, p.imports, "cannabis", "pistols")
    assert game.rules.instances(p, "pirate", True) == 3


def test_a_powers_pirate_respects_a_ship_that_may_not_be_pirated_R11_1():
    game, p = ruled("rule: other players cannot pirate your ships",
                    candy=["on completion: pirate 1 container from a ship at sea"])
    q = game.players[1]
    candy = give(game, [], "candy")[0]
    mine = _at_sea(game, 0, "rice")
    theirs = _at_sea(game, 2, "cannabis")
    use_script(game, [(1, "Cannabis")])
    game.powers.completed(q, candy)
    assert ids(mine.containers) == ["rice"] and not theirs.containers


# ------------------------------------------------------------------------------------ other players' powers, durations

def test_other_players_powers_cannot_move_your_goods_R15():
    game, p = ruled("rule: other players' powers cannot move your goods",
                    candy=["on completion: take 1 of each other player's goods into your hand"])
    q, r = game.players[1], game.players[2]
    for player, good in ((p, "rice"), (r, "pens")):
        clear(game, player.goods)
        give(game, player.goods, good)
    hand(game, 1)
    candy = give(game, [], "candy")[0]
    use_script(game)
    game.powers.completed(q, candy)
    assert ids(p.goods) == ["rice"] and ids(q.hand) == ["pens"]


def test_your_own_powers_still_move_your_goods():
    game, p = ruled("rule: other players' powers cannot move your goods",
                    candy=["on completion: move 1 of your goods to your hand"])
    clear(game, p.goods)
    give(game, p.goods, "rice")
    hand(game, 0)
    use_script(game)
    game.powers.completed(p, give(game, [], "candy")[0])
    assert ids(p.hand) == ["rice"]


def test_for_a_while_other_players_powers_cannot_make_you_discard():
    """A permission for a duration (the existing `until ...`): it ends with the turn."""
    game, p = ruled("on completion: until the end of this turn, other players' powers cannot move your cards",
                    candy=["on completion: each other player discards 1 card"])
    soap = p.shipments[0]
    q = game.players[1]
    hand(game, 0, "rice")
    hand(game, 2, "pens")
    use_script(game)
    game.powers.completed(p, soap)
    candy = give(game, [], "candy")[0]
    game.powers.completed(q, candy)
    assert ids(p.hand) == ["rice"] and not game.players[2].hand


@pytest.mark.parametrize(("credits", "may_draw"), [(30, False), (28, True)])
def test_players_with_a_condition_are_the_players_a_rule_is_about(credits, may_draw):
    game, p = ruled("rule: each other player with 30 or more credits cannot take the draw action")
    q = game.players[1]
    q.credits = credits
    assert game.rules.may_draw_action(q) == may_draw
    assert game.rules.may_draw_action(p)


def test_other_players_cannot_bid_on_your_ships_R10_3():
    game, p = ruled("rule: other players cannot bid on your ships", leader=1)
    ship = _at_sea(game, 0, "rice", "sugar")
    assert not game.rules.may_import(game.players[1], p) and game.rules.may_import(game.players[1], game.players[2])
    p.credits = game.players[1].credits = 10
    use_script(game, [(1, f"auction the {ship.label}"), (0, "take")])
    importing.auction(game, 1, [0, 1])  # P2 takes no part: the owner alone takes them, free (R10.3.3)
    assert not ship.containers and p.credits == 10


def test_you_may_not_draw_R4_2_1():
    game, p = ruled("rule: you may not draw")
    hand(game, 0, "rice")
    use_script(game, [(0, "CONTRACT with Rice"), (1, "draw"), (2, "draw")])  # P1's lead is forced: no draw offered
    play_turn(game)
    assert (0, "lead") in game.turn_log and (0, "draw") not in game.turn_log
