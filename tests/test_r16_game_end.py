"""R16 game end: the 50-credit trigger, deck exhaustion, when the game stops, and instant wins."""

from __future__ import annotations

import pytest

from interpreter.engine import events as ev
from interpreter.engine.invariants import check
from tests.helpers import clear, give, new_game, play_turn, use_script


def _hands(game, *hands):
    """Empty every hand, then give each seat exactly the named cards."""
    for p in game.players:
        clear(game, p.hand)
    for p, ids in zip(game.players, hands, strict=True):
        give(game, p.hand, *ids)


def _record_triggers(game) -> list[tuple[str, int | None]]:
    seen: list[tuple[str, int | None]] = []
    game.bus.subscribe(ev.GameEndTriggered, lambda e: seen.append((e.reason, e.player)))
    return seen


def _supply_turn_state(game_end: str = "end-of-turn", leader_credits: int = 46):
    """3 players; P1 leads SUPPLY and sells one card, P2 and P3 follow SUPPLY and each sell one card."""
    game = new_game(players=3, leader=0, game_end=game_end)
    _hands(game, ["champagne", "cologne"], ["velvet_robes", "pens"], ["shower_heads", "cups"])
    game.players[0].credits = leader_credits
    script = use_script(game, [
        (0, "SUPPLY with Champagne"), (0, "sell Cologne"),
        (1, "SUPPLY with Velvet Robes"), (1, "sell Pens"),
        (2, "SUPPLY with Shower Heads"), (2, "sell Cups"),
    ])
    return game, script


# --- R16.1.1: the threshold ----------------------------------------------------------------------

@pytest.mark.parametrize(("start", "reason"), [(44, None), (46, "credits")])
def test_reaching_50_active_credits_triggers_the_end_R16_1_1(start, reason):
    """44 + 4 = 48 does not trigger; 46 + 4 = 50 ("at least 50") does."""
    game, _ = _supply_turn_state(leader_credits=start)
    triggers = _record_triggers(game)
    play_turn(game)
    assert game.players[0].credits == start + 4
    assert game.end_reason == reason
    assert triggers == ([] if reason is None else [("credits", 0)])
    check(game)


def test_passive_credits_do_not_count_toward_the_threshold_R1_9_1_R16_1_1():
    game, _ = _supply_turn_state(leader_credits=40)
    parked_on = game.zones.deck.pop(0)  # passive (Helicopter-style) credits on a completed card: 40 + 4 active, 64 in all
    parked_on.parked = 20
    game.players[0].shipments.append(parked_on)
    play_turn(game)
    assert game.players[0].credits == 44
    assert game.end_reason is None
    check(game)


# --- R16.2 / R16.4: the current turn is finished, then the game ends ------------------------------

def test_trigger_finishes_the_turn_then_ends_without_new_leader_R16_2_R16_4():
    game, script = _supply_turn_state()
    p1, p2, p3 = game.players
    result = game.play()
    # the leader's sale triggered the end, yet both followers still carried out their sale (R16.2)
    assert p1.credits == 50
    assert p2.credits == 14 and p3.credits == 14
    assert [c.id for c in p2.hand] == [] and [c.id for c in p3.hand] == []
    # clean-up happened: the declaring/following cards are in the discard pile (R4.9, R16.4)
    assert all(not p.played for p in game.players)
    assert sorted(c.id for c in game.zones.discard) == ["champagne", "shower_heads", "velvet_robes"]
    # no new turn, no new leader (R16.4)
    assert result.end_reason == "credits"
    assert result.turns == 1 and game.turn == 1
    assert game.leader == 0
    assert script.kinds().count("lead") == 1
    assert game.over
    check(game)


def test_remaining_player_draw_still_happens_after_trigger_R16_2():
    """The trigger comes from the leader's sale (execution); a later follower who drew keeps the
    cards, and a follower later in the order still acts."""
    game = new_game(players=3, leader=0)
    _hands(game, ["champagne", "cologne"], ["cups"], ["shower_heads", "pens"])
    game.players[0].credits = 46
    use_script(game, [(0, "SUPPLY with Champagne"), (0, "sell Cologne"),
                      (2, "SUPPLY with Shower Heads"), (2, "sell Pens")])
    result = game.play()
    assert len(game.players[1].hand) == 5  # P2 could not follow and drew 4 (R4.3.2)
    assert game.players[2].credits == 14
    assert result.end_reason == "credits" and result.turns == 1
    check(game)


def test_trigger_stays_when_credits_drop_again_OQ_9():
    """P1 reaches 50 through an import fee in auction round 1, then pays 10 in round 2 (40): the
    game still ends after the turn."""
    game = new_game(players=3, leader=0)
    p1, p2, p3 = game.players
    _hands(game, ["cups"], ["rope"], ["pens"])
    give(game, p1.imports, "pants")  # a matching IMPORT import: 2 instances
    give(game, p3.imports, "shoes")
    p1.credits, p2.credits, p3.credits = 48, 10, 10
    triggers = _record_triggers(game)
    use_script(game, [
        (0, "IMPORT with Cups"), (1, "IMPORT with Rope"), (2, "IMPORT with Pens"),
        # round 1: P1's own ship; P2 wins with 2 and P1 takes the owner's fee -> 50
        (0, f"of {p1.name}"), (0, "bid 0"), (1, "bid 2"), (2, "bid 0"), (1, "take"),
        # round 2 (P1 and P3): P1 bids 10 and wins -> 40
        (0, f"of {p3.name}"), (0, "bid 10"), (2, "bid 0"), (0, "take"),
    ])
    result = game.play()
    assert triggers == [("credits", 0)]
    assert p1.credits == 40  # back below the threshold ...
    assert result.end_reason == "credits"  # ... but the end stays triggered
    assert result.turns == 1 and game.leader == 0
    assert p2.credits == 8 and p3.credits == 12
    check(game)


# --- R3.7, R16.1.2, OQ-24: deck exhaustion ---------------------------------------------------------

def test_deck_and_discard_empty_on_draw_triggers_end_and_skips_draw_R3_7_R16_1_2_OQ_24():
    game = new_game(players=3, leader=0)
    _hands(game, ["champagne", "cologne"], ["cups"], ["shower_heads", "pens"])
    game.zones.island.extend(game.zones.deck)  # every other card onto the island: the deck is empty
    game.zones.deck.clear()
    assert not game.zones.discard
    triggers = _record_triggers(game)
    use_script(game, [(0, "SUPPLY with Champagne"), (0, "sell Cologne"),
                      (2, "SUPPLY with Shower Heads"), (2, "sell Pens")])
    result = game.play()
    p1, p2, p3 = game.players
    assert [c.id for c in p2.hand] == ["cups"]  # the draw of 4 could not happen and was skipped
    assert triggers == [("deck", None)]
    # the turn was still finished: both sales happened and the played cards were discarded
    assert p1.credits == 14 and p3.credits == 14
    assert sorted(c.id for c in game.zones.discard) == ["champagne", "shower_heads"]
    assert not game.zones.deck
    assert result.end_reason == "deck" and result.turns == 1 and game.leader == 0
    check(game)


def test_empty_deck_skips_island_seed_but_shipment_pays_R8_4_R3_7_R16_1_2():
    """A completion must seed the island from the deck; with deck and discard empty the seeding is
    skipped, the end is triggered, and the shipment still pays and sails."""
    game = new_game(players=2, leader=0)
    p1, p2 = game.players
    _hands(game, ["soy_sauce", "beer"], ["flour"])
    give(game, p1.ships[0].containers, "bok_choy", "chicken_feed")
    game.zones.island.extend(game.zones.deck)
    game.zones.deck.clear()
    island_before = len(game.zones.island)
    use_script(game, [(0, "CONTRACT with Soy Sauce"), (1, "CONTRACT with Flour"), (0, "contract Beer")])
    result = game.play()
    assert [c.id for c in p1.shipments] == ["beer"]
    assert p1.credits == 16  # 2 containers pay 6 (R8.2.2)
    assert p1.ships[0].at_sea
    assert len(game.zones.island) == island_before  # no seed card could be drawn
    assert result.end_reason == "deck" and result.turns == 1
    check(game)


def test_empty_deck_reshuffles_discard_into_new_deck_R3_7():
    game = new_game(players=3, leader=0)
    p1 = game.players[0]
    _hands(game, ["cups", "pens"], [], [])
    discards = ["rope", "pants", "books", "chairs", "backpacks", "shampoo"]
    give(game, game.zones.discard, *discards)
    game.zones.island.extend(game.zones.deck)
    game.zones.deck.clear()
    reshuffles: list[int] = []
    game.bus.subscribe(ev.DeckReshuffled, lambda e: reshuffles.append(e.size))
    use_script(game, [(0, "draw")])
    play_turn(game)
    drawn = [c.id for c in p1.hand[2:]]
    assert len(drawn) == 3  # drew up to 5 (R4.2.1)
    assert reshuffles == [6]
    assert set(drawn) | {c.id for c in game.zones.deck} == set(discards)
    assert len(game.zones.deck) == 3
    assert not game.zones.discard
    assert game.end_reason is None  # a reshuffle is not the deck-out end
    check(game)


# --- options and safeguards ----------------------------------------------------------------------

@pytest.mark.parametrize(("game_end", "follower_credits", "follower_hand"),
                         [("end-of-turn", 14, []), ("after-action", 10, ["pens"])])
def test_game_end_option_after_action_stops_after_triggering_action_R16_2_OQ_1(game_end, follower_credits, follower_hand):
    game, _ = _supply_turn_state(game_end=game_end)
    p1, p2, p3 = game.players
    result = game.play()
    assert p1.credits == 50
    assert p2.credits == follower_credits
    assert [c.id for c in p2.hand] == follower_hand
    assert p3.credits == follower_credits
    # the played cards are cleaned up either way
    assert all(not p.played for p in game.players)
    assert {"champagne", "velvet_robes", "shower_heads"} <= {c.id for c in game.zones.discard}
    assert result.end_reason == "credits" and result.turns == 1
    check(game)


def test_max_turns_safeguard_ends_with_turn_limit():
    game = new_game(players=2, leader=0, max_turns=3)
    script = use_script(game, [(0, "draw"), (1, "draw"), (0, "draw")])
    result = game.play()
    assert result.end_reason == "turn-limit"
    assert result.turns == 3 and game.turn == 3
    assert [d.player for d in script.asked] == [0, 1, 0]  # leadership passed clockwise (R4.1)
    best = max(result.totals)
    assert result.winners == [s for s, t in enumerate(result.totals) if t == best]
    check(game)


def test_instant_win_stops_at_once_with_sole_winner_R16_3_R15_8():
    """An instant-win power (simulated by a listener on the leader's sale) ends the game at once:
    the followers' instances are not played, and the winner is the instant winner, not the best
    total."""
    game, _ = _supply_turn_state(leader_credits=30)
    p1, p2, p3 = game.players
    p3.credits = 0
    game.bus.subscribe(ev.CardSold, lambda e: game.win_instantly(2) if e.player == 0 else None)
    result = game.play()
    assert result.winners == [2]
    assert result.end_reason == "instant"
    assert result.totals[2] < result.totals[0]
    assert p2.credits == 10 and [c.id for c in p2.hand] == ["pens"]  # the turn was not finished
    assert result.turns == 1
