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
