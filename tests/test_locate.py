"""The power world's `locate` (where a card lies: whose, and which place) answers for every place a
card can lie in (R3). It is written out place by place for speed, so this test names every place of
`all_places` and every harbor area of AREAS: a place added to one and not to `locate` fails here."""

from __future__ import annotations

from interpreter.engine.invariants import all_places
from interpreter.powers.world import AREAS
from tests.helpers import new_game


def _spread(game) -> None:  # type: ignore[no-untyped-def]
    """Deal deck cards into every place of every player, ships included, and onto the island and discard pile."""
    deck = game.zones.deck
    for p in game.players:
        for place in (p.hand, p.goods, p.imports, p.shipments, p.played):
            place.append(deck.pop())
        for ship in p.ships:
            ship.contracts.append(deck.pop())
            ship.containers.append(deck.pop())
    game.zones.island.append(deck.pop())
    game.zones.discard.append(deck.pop())


def test_locate_names_the_holder_and_place_of_every_card_r3() -> None:
    game = new_game(players=4)
    _spread(game)
    world = game.powers.world
    checked = 0
    for where, cards in all_places(game):
        for card in cards:
            holder, zone = world.locate(card)
            if where in ("deck", "discard", "island"):
                assert (holder, zone) == (None, where)
            else:
                assert holder is not None and where.startswith(f"{holder.name} ")
                assert where.endswith(f" {zone}"), (where, zone)
            checked += 1
    assert checked == game.n_cards
    for p in game.players:  # every harbor area a power may name is one `locate` finds
        for area in AREAS:
            assert world.locate(getattr(p, area)[0]) == (p, area)


def test_a_card_in_no_place_is_nowhere() -> None:
    game = new_game(players=3)
    card = game.zones.deck.pop()
    assert game.powers.world.locate(card) == (None, "nowhere")
