"""The indexes that let hot paths skip work (Rules.active, EventBus.wanted) stay in step with what they
index: a query is `active` exactly while a modifier changes it, an event type is `wanted` exactly while
an emit of it has a handler or a watcher to run."""

from __future__ import annotations

from interpreter.bus.bus import EventBus
from interpreter.engine import events as ev
from interpreter.engine.options import GameOptions
from interpreter.engine.queries import Rules


def _in_step(rules: Rules) -> bool:
    return rules.active == {q for q, mods in rules._mods.items() if mods}


def test_rules_active_follows_the_modifiers(data):
    rules = Rules(data, GameOptions())
    def forbid(value, *args):
        return False
    def other(value, *args):
        return value
    assert not rules.modified("may_act") and _in_step(rules)
    rules.add_modifier("may_act", forbid)
    rules.add_modifier("may_act", other, first=True)
    assert "may_act" in rules.active and rules.any_modified("may_play", "may_act") and _in_step(rules)
    with rules.without([("may_act", forbid), ("may_act", other)]):
        assert "may_act" not in rules.active and _in_step(rules)
    assert rules._mods["may_act"] == [other, forbid] and _in_step(rules)
    rules.remove_modifier("may_act", forbid)
    assert "may_act" in rules.active
    rules.remove_modifier("may_act", other)
    assert not rules.any_modified("may_play", "may_act") and _in_step(rules)
    rules.set_modifiers("minimum_bid", [other])
    assert rules.active == {"minimum_bid"}


def test_bus_wanted_follows_the_handlers_and_watchers():
    bus = EventBus()
    seen = []
    assert ev.CardPlayed not in bus.wanted
    bus.subscribe(ev.CardPlayed, seen.append)
    assert ev.CardPlayed in bus.wanted and ev.CardDiscarded not in bus.wanted
    bus.unsubscribe(ev.CardPlayed, seen.append)
    assert ev.CardPlayed not in bus.wanted

    def after():
        seen.append("after")
    bus.watch(after)  # a watcher runs after every event: every emit has work
    assert ev.CardDiscarded in bus.wanted
    bus.unwatch(after)
    assert ev.CardDiscarded not in bus.wanted
    bus.subscribe_all(seen.append)
    assert ev.TurnEnded in bus.wanted


def _reference_single_plays(game, p, actions, leading):  # type: ignore[no-untyped-def]
    """One card for an action, asking the rule query for each card and action (R4.2.2, R4.3.2, R4.6.7)."""
    from interpreter.engine.turn import carried_out, usable_actions
    usable, seen, out = usable_actions(p), set(), []
    for action in actions:
        for card in p.hand:
            if (card.id, action) not in seen and game.rules.may_play_for(p, card, action, leading):
                seen.add((card.id, action))
                out += [(action, card.uid, performed) for performed in carried_out(game, p, action, (card,), leading)
                        if usable[performed]]
    return out


def test_plays_under_a_play_for_rule_apply_the_query_s_modifiers(all_cards):
    """The turn applies `may_play_for`'s modifiers itself (Rules.modifiers, no call per card): the
    plays are those the query gives, leading and following, for each owner (and a player with neither)."""
    import random

    from interpreter.cards.model import ACTION_TYPES
    from interpreter.engine.turn import _powered_single_options, usable_actions
    from tests.helpers import find, new_game
    game = new_game(players=3, cards=all_cards)
    # P1: a LOAD card follows any action, loading instead; P2: follows with any card
    for seat, card_id in ((0, "neural_units"), (1, "three_d_printers")):
        place, card = find(game, card_id)
        place.remove(card)
        game.add_shipment(game.players[seat], card)
    assert "may_play_for" in game.rules.active and len(game.rules.modifiers("may_play_for")) == 2
    rng = random.Random(4)
    for _ in range(40):
        for p in game.players:
            game.zones.deck += p.hand
            p.hand.clear()
            rng.shuffle(game.zones.deck)
            p.hand += [game.zones.deck.pop() for _ in range(rng.randint(1, 7))]
            for leading, actions in ((True, ACTION_TYPES), (False, (rng.choice(ACTION_TYPES),))):
                got = [(o.declared, o.cards[0].uid, o.performed)
                       for o in _powered_single_options(game, p, actions, leading, usable_actions(p))]
                assert got == _reference_single_plays(game, p, actions, leading)
