"""Issue 21, item 2 (the verbs): every engine event can start a power from each of its sides (who
acted, who it was done to, anyone), names who acted, and fires at the moment the rules name (after
the thing happened). The table of docs/reference.md lists event x side x phrase x moment; the seam
between the language's triggers and the engine's events is checked at import
(interpreter/powers/events_check.py)."""

from __future__ import annotations

import dataclasses

import pytest

from interpreter.cards.catalog import project_root
from interpreter.cards.loader import CardSet
from interpreter.engine import events as ev
from interpreter.engine import importing
from interpreter.lang import parse_power
from interpreter.powers import events_check
from interpreter.reference import listening_section
from tests.helpers import _PLAIN, clear, give, new_game, play_turn, use_script


def with_powers(**lines: list[str]) -> CardSet:
    """The base set with the given cards' powers replaced."""
    def compiled(texts: list[str]) -> tuple:
        return tuple(parse_power(t)[0].compile() for t in texts)
    return CardSet([dataclasses.replace(c, powers=compiled(lines[c.id])) if c.id in lines else c for c in _PLAIN.cards])


def completed(game, seat: int, card_id: str) -> None:
    """`card_id` is in the Shipments of `seat`: its ongoing powers work."""
    p = game.players[seat]
    give(game, p.hand, card_id)
    game.add_shipment(p, p.hand.pop())


def hands(game, *cards: tuple[str, ...]) -> None:
    for p, ids_ in zip(game.players, cards, strict=False):
        clear(game, p.hand)
        give(game, p.hand, *ids_)


# --- the table and the seam ------------------------------------------------------------------------

def test_every_side_of_every_event_has_a_phrase():
    """A test that fails when an engine event gets a side (or is added) with no phrase to listen from."""
    assert events_check.uncovered() == []
    rows = [line for line in listening_section() if line.startswith("| `")]
    assert rows and not any("**none**" in row for row in rows)
    listened = {row.split(" | ")[0].strip("| `") for row in rows}
    assert listened == {cls.__name__ for cls in ev.CATALOGUE}


def test_every_event_names_who_acted_or_says_why_nobody_did():
    for cls in ev.CATALOGUE:
        assert cls.actor in ev.field_names(cls) or cls.quiet, cls.__name__
        assert cls.fires and cls.__doc__, cls.__name__


def test_the_reference_lists_every_side_of_every_event():
    text = (project_root() / "docs" / "reference.md").read_text()
    assert "\n".join(listening_section()) in text


def test_the_seam_check_refuses_a_phrase_naming_what_the_event_lacks():
    phrase = next(p for p in events_check.phrases() if p.event == "CardsDrawn")
    wrong_field = dataclasses.replace(phrase, reads=phrase.reads + ("colour",))
    assert any("`colour` is not a field of CardsDrawn" in m for m in events_check.problems(wrong_field))
    wrong_event = dataclasses.replace(phrase, event="CardsDrown")
    assert any("no engine event `CardsDrown`" in m for m in events_check.problems(wrong_event))
    wrong_side = dataclasses.replace(phrase, sides=("target",))
    assert any("has no `target` side" in m for m in events_check.problems(wrong_side))


def test_events_are_built_by_keyword_only():
    with pytest.raises(TypeError):
        ev.CardsDrawn(0, 2)  # type: ignore[misc]
    assert ev.CardsDrawn(player=0, count=2).count == 2


# --- the moment each fires -------------------------------------------------------------------------

def test_a_power_answering_the_draw_action_gives_a_card_R4_2_1():
    """The draw action's event comes after the draw: `draw 1` is one card more, not swallowed by the
    draw up to the hand size."""
    game = new_game(players=2, cards=with_powers(soap=["when you take the draw action: draw 1"]))
    completed(game, 0, "soap")
    hands(game, ("beer", "wheat"), ("rice",))
    size = game.rules.draw_count(game.players[0])
    use_script(game, [(0, "draw")])
    play_turn(game)
    assert len(game.players[0].hand) == 2 + size + 1


def test_the_draw_action_event_says_how_many_were_drawn():
    game = new_game(players=2, cards=with_powers(soap=["when another player takes the draw action: gain that many"]))
    completed(game, 0, "soap")
    hands(game, ("beer",), ("rice", "honey", "flour"))
    game.players[0].credits = 10
    use_script(game, [(0, "CONTRACT with Beer"), (1, "draw")])
    play_turn(game)
    assert game.players[0].credits == 10 + 2  # P2 drew 2 (up to 5): that many, rounded to even credits


def test_a_sale_is_announced_once_paid_R12_1_1():
    game = new_game(players=2, cards=with_powers(soap=["when you sell a card: if your credits >= 14 then draw 1"]))
    completed(game, 0, "soap")
    hands(game, ("champagne", "rice"), ())
    game.players[0].credits = 12
    use_script(game, [(0, "SUPPLY with Champagne"), (1, "draw"), (0, "sell Rice")])
    play_turn(game)
    assert game.players[0].credits >= 14 and len(game.players[0].hand) == 1  # the sale paid, then the power drew


# --- new events and new sides ----------------------------------------------------------------------

def test_playing_a_card_to_follow_R4_3_2():
    game = new_game(players=3, cards=with_powers(soap=["when another player plays a luxury card to follow: gain 2"]))
    completed(game, 0, "soap")
    hands(game, ("champagne",), ("cologne",), ("gold_watches",))
    for p in game.players:
        p.credits = 10
    use_script(game, [(0, "SUPPLY with Champagne"), (1, "SUPPLY with Cologne"), (2, "draw")])
    play_turn(game)
    assert game.players[0].credits == 12  # P2 followed with a luxury card; P1's own lead does not count


def test_playing_a_card_to_lead_counts_each_card_of_a_wild_pair_R4_5():
    game = new_game(players=2, cards=with_powers(soap=["when you play a card to lead: gain 2"]))
    completed(game, 0, "soap")
    hands(game, ("beer", "wheat"), ())
    game.players[0].credits = 10
    use_script(game, [(0, "SUPPLY with the pair"), (1, "draw")])
    play_turn(game)
    assert game.players[0].credits == 14


def _import_round(game, bids: dict[int, str]) -> None:
    owner = game.players[1]
    answers = [(game.leader, f"auction the {owner.ships[1].label}")]
    answers += [(seat, bid) for seat, bid in bids.items()]
    answers += [(seat, "take") for seat in bids]
    use_script(game, answers)
    importing.auction(game, 1, list(bids))


def _ship_up_for_auction(game, owner: int, *containers: str) -> None:
    """Every player with 10 credits and an empty hand; `owner`'s second ship at sea with `containers`."""
    for p in game.players:
        p.credits = 10
    hands(game, (), (), ())
    game.players[owner].ships[1].at_sea = True
    give(game, game.players[owner].ships[1].containers, *containers)


def test_each_bid_and_each_lost_auction_R10_3():
    game = new_game(players=3, cards=with_powers(soap=["when another player bids 4 or more: gain 2"],
                                                 candy=["when you lose an import: draw 1"],
                                                 pens=["when you outbid a player: gain the bid"]))
    completed(game, 0, "soap")
    completed(game, 1, "candy")
    completed(game, 2, "pens")
    _ship_up_for_auction(game, 1, "beer", "rice")
    _import_round(game, {0: "bid 2", 1: "bid 4", 2: "bid 6"})
    assert game.players[0].credits == 10 + 2 + 2  # P2 bid 4, P3 bid 6: two bids of 4 or more
    assert len(game.players[1].hand) == 1  # P2 lost the auction
    assert game.players[2].credits == 10 - 6 + 2 + 4  # P3 outbid P1 (bid 2) and P2 (bid 4): the losers' bids


@pytest.mark.parametrize(("line", "drawn"), [("when you lose an import with a bid of 4 or more: draw 1", [0, 1]),
                                              ("when you lose an import with a bid of 2 or less: draw 1", [1, 0]),
                                              ("when you lose an auction with a bid of 2: draw 1", [1, 0])])
def test_a_lost_auction_with_a_bid_of_n_R10_3(line, drawn):
    """`with a bid of N [or more|or less]` tests the bid the loser made (it was refused before:
    the import trigger's `with a bid of` was read as one word, which this phrase did not take)."""
    game = new_game(players=3, cards=with_powers(candy=[line], rice=[line]))
    completed(game, 0, "candy")
    completed(game, 1, "rice")
    _ship_up_for_auction(game, 2, "beer", "pens")
    _import_round(game, {0: "bid 2", 1: "bid 4", 2: "bid 6"})
    assert [len(game.players[seat].hand) for seat in (0, 1)] == drawn


def test_the_bid_of_a_lost_auction_reads_as_the_losing_bid():
    """`the bid` is what the event carries: the winner's of an import won, the loser's of an auction
    lost (also from the winner's side, `when you outbid a player`), the bidder's own of a bid."""
    english = {line: parse_power(line)[0].english() for line in (
        "when you lose an import: if the bid >= 4 then gain 2", "when you outbid a player: gain the bid",
        "when another player imports: if the bid >= 4 then draw 1", "when you bid: if the bid >= 4 then draw 1",
        "on completion: for the rest of the game, whenever you lose an import: gain the bid")}
    assert [("losing bid" in text, "winning bid" in text, "that bid" in text) for text in english.values()] == [
        (True, False, False), (True, False, False), (False, True, False), (False, False, True), (True, False, False)]


def test_an_auction_written_after_the_import_still_names_the_containers_R10_4():
    """A log rendered once the round is over (a scenario's failure, the desk's log) named the ship's
    cargo as it was then: `(nothing)`. The event keeps the containers it was put up with."""
    game = new_game(players=3)
    for p in game.players:
        p.credits = 10
    hands(game, (), (), ())
    game.players[1].ships[1].at_sea = True
    clear(game, game.players[1].ships[1].containers)
    give(game, game.players[1].ships[1].containers, "beer", "rice")
    started: list[ev.AuctionStarted] = []
    game.bus.subscribe(ev.AuctionStarted, started.append)
    _import_round(game, {0: "bid 2", 2: "bid 4"})
    assert not game.players[1].ships[1].containers  # taken by the winner
    (event,) = started
    assert "(Beer, Rice) is auctioned" in event.text(game.names())


def test_being_paid_is_the_payees_side_R0_6():
    game = new_game(players=2, cards=with_powers(soap=["when you are paid 4 or more: draw 1"]))
    completed(game, 0, "soap")
    hands(game, (), ())
    p, q = game.players
    q.credits = 10
    game.pay(q, 2, p, "a test")
    assert not p.hand
    game.pay(q, 4, p, "a test")
    assert len(p.hand) == 1
    game.pay(q, 4, None, "to the bank")
    assert len(p.hand) == 1


def test_emptying_a_ship_names_who_took_the_last_container_R9_2():
    game = new_game(players=2, cards=with_powers(soap=["when you empty one of another player's ships: gain 2"],
                                                 candy=["when one of your ships returns to harbor: that player pays you 2"]))
    completed(game, 0, "soap")
    completed(game, 1, "candy")
    p, q = game.players
    p.credits = q.credits = 10
    ship = q.ships[1]
    clear(game, ship.containers)
    give(game, ship.containers, "beer")
    ship.at_sea = True
    game.take_from_ship_at_sea(ship, ship.containers[0], p.seat)
    assert not ship.at_sea
    assert p.credits == 10 + 2 - 2 and q.credits == 10 + 2  # P1 emptied it; P2's power makes P1 pay


def test_a_turn_another_player_leads():
    game = new_game(players=2, cards=with_powers(soap=["when a turn another player leads ends: draw 1"]))
    completed(game, 0, "soap")
    hands(game, ("beer",), ("rice",))
    use_script(game, [(0, "draw")])
    play_turn(game)
    before = len(game.players[0].hand)
    game.next_leader()
    use_script(game, [(1, "draw")])
    play_turn(game)
    assert len(game.players[0].hand) == before + 1


def test_revealing_cards():
    game = new_game(players=2, cards=with_powers(soap=["when another player reveals an illegal card: gain 2"]))
    completed(game, 0, "soap")
    hands(game, (), ("cannons", "beer"))
    p, q = game.players
    p.credits = 10
    game.powers.world.reveal(q, [q.hand[1]])
    assert p.credits == 10
    game.powers.world.reveal(q, list(q.hand))
    assert p.credits == 12


def test_discarding_is_said_of_the_player_who_held_the_card():
    game = new_game(players=2, cards=with_powers(soap=["when another player discards a luxury card: gain 2"]))
    completed(game, 0, "soap")
    hands(game, ("champagne",), ("cologne",))
    p, q = game.players
    p.credits = 10
    game.discard(p.hand.pop(), "a test", p.seat)
    game.discard(q.hand.pop(), "a test", q.seat)
    assert p.credits == 12


def test_a_power_used_cannot_feed_another_that_answers_powers_used_R15():
    """Two cards answering each other's powers would loop; a power that answers a power used is not
    itself answered."""
    game = new_game(players=2, cards=with_powers(soap=["when another player uses a power: gain 2"],
                                                 candy=["when another player uses a power: gain 2"],
                                                 pens=["on completion: draw 1"]))
    completed(game, 0, "soap")
    completed(game, 1, "candy")
    p, q = game.players
    p.credits = q.credits = 10
    give(game, p.hand, "pens")
    pens = p.hand.pop()
    game.add_shipment(p, pens)
    game.powers.completed(p, pens)
    assert q.credits == 12 and p.credits == 10  # P2 answered P1's Pens; nobody answered P2's answer


def test_a_pirate_taking_a_card_is_the_victims_side_R11_1():
    game = new_game(players=2, leader=1,
                    cards=with_powers(soap=["when another player takes a card as a pirate from your ships: draw 2"]))
    completed(game, 0, "soap")
    p, q = game.players
    hands(game, (), ("cannons",))
    ship = p.ships[1]
    clear(game, ship.containers)
    give(game, ship.containers, "beer", "rice")
    ship.at_sea = True
    size = game.rules.draw_count(p)
    use_script(game, [(1, "PIRATE with Cannons"), (0, "draw"), (1, "pirate Beer")])
    play_turn(game)
    assert len(p.hand) == size + 2


def test_the_winner_of_an_auction_you_lost_is_named_R10_3():
    """`when you lose an import ...: the winner pays you 2`: a modder could not name the winner from
    the loser's side and wrote `the player who won an import this turn`, wrong with several rounds."""
    game = new_game(players=3, cards=with_powers(soap=["when you lose an import with a bid of 4 or more: the winner pays you 2"]))
    completed(game, 0, "soap")
    _ship_up_for_auction(game, 1, "beer", "rice")
    _import_round(game, {0: "bid 4", 1: "bid 2", 2: "bid 6"})
    assert game.players[0].credits == 10 + 2  # P1 lost with 4: P3, the winner, paid 2
    assert game.players[2].credits == 10 - 6 - 2
    assert game.players[1].credits == 10 + 2  # P2 lost too (no power), and owns the ship: its import fee
