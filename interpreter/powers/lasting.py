"""Lasting effects in force (interpreter/lang/lasting.py): a rule or a trigger that a step of a power
installed for its owner, for the rest of the game, until the end of this turn or of the owner's next
turn, until the owner's next turn starts, or for the next N times an event happens.

A lasting effect belongs to no card's place: its trigger listens and its rule holds whatever happens
to the card that made it (discarded, moved, pirated, copied). Its trigger runs as a `when` power of the
owner, in the order of R15.7 with the others; the events a `for the next N times` counts are counted by
a trigger that runs nothing. A turn-bound effect ends once the powers answering the moment it ends at
(the end of a turn, the start of the owner's turn) have run. The runtime's clone copies every effect in
force with its uses, its count and its rule made again for the clone.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from interpreter.engine import events as ev
from interpreter.lang.timings import CompiledPower
from interpreter.lang.world import Ctx, LastingEffect, Modifier, nothing
from interpreter.powers.active import Active, Lasting
from interpreter.powers.world import engine_card, engine_player

if TYPE_CHECKING:
    from interpreter.engine.cloning import Mapper
    from interpreter.lang.roles import Trigger
    from interpreter.powers.runtime import PowerRuntime

TURN_BOUND = ("this_turn", "next_turn", "next_turn_starts")
COUNTING = "counting"  # the timing of a trigger that only counts a lasting effect's events


class LastingEffects:
    def __init__(self, runtime: PowerRuntime):
        self.runtime = runtime
        self.in_force: list[Lasting] = []
        self._watching = False  # subscribed to the turn's start and end, which end turn-bound effects

    # --- installing ---------------------------------------------------------------------------------
    def install(self, ctx: Ctx, effect: LastingEffect) -> None:
        runtime = self.runtime
        lasting = Lasting(engine_player(ctx.owner), engine_card(ctx.card), effect, runtime.game.turn, effect.times)
        lasting.ctx = ctx  # its rule is made with it, and its trigger recalls what it named and chose
        if effect.changes:
            lasting.installed = runtime._install(effect.changes, ctx)
        if effect.trigger is not None:
            lasting.active = self._listen(lasting, effect.trigger, effect.run or nothing, effect.once, "triggered")
        if effect.counting is not None:
            lasting.counter = (lasting.active if effect.counting is effect.trigger
                               else self._listen(lasting, effect.counting, nothing, None, COUNTING))
        if effect.until in TURN_BOUND:
            self._watch()
        self.in_force.append(lasting)

    def _listen(self, lasting: Lasting, trigger: Trigger, run: Callable[[Ctx], None], once: str | None, timing: str) -> Active:
        runtime = self.runtime
        power = CompiledPower(None, lasting.effect.text, timing, run=run, event=trigger.event_name(), matches=trigger.matches(),
                              bind=trigger.bind, once=once, completion_trigger=trigger.own_completion())
        runtime._order += 1
        active = Active(lasting.owner, lasting.card, power, runtime._order, lasting=lasting)
        runtime._listen(active)
        return active

    def _watch(self) -> None:
        if not self._watching:
            self._watching = True
            bus = self.runtime.game.bus
            bus.subscribe(ev.TurnEnded, self.expire)
            bus.subscribe(ev.TurnStarted, self.expire)

    def listening(self, event_type: type) -> None:
        """A trigger now listens to `event_type`: if turn-bound effects end at it, they end after it
        (after the powers answering the moment they end at)."""
        if self._watching and event_type in (ev.TurnEnded, ev.TurnStarted):
            bus = self.runtime.game.bus
            bus.unsubscribe(event_type, self.expire)
            bus.subscribe(event_type, self.expire)

    # --- ending -------------------------------------------------------------------------------------
    def counted(self, lasting: Lasting) -> None:
        """One of the events a `for the next N times` effect waits for has happened."""
        lasting.left -= 1
        if lasting.left <= 0:
            self.end(lasting)

    def expire(self, event: ev.TurnEnded | ev.TurnStarted) -> None:
        game = self.runtime.game
        starting = isinstance(event, ev.TurnStarted)
        for lasting in list(self.in_force):
            until, owner_leads = lasting.effect.until, game.leader == lasting.owner.seat
            if ((until == "this_turn" and not starting)
                    or (until == "next_turn" and not starting and owner_leads and game.turn > lasting.turn)
                    or (until == "next_turn_starts" and starting and owner_leads and game.turn > lasting.turn)):
                self.end(lasting)

    def end(self, lasting: Lasting) -> None:
        if lasting not in self.in_force:
            return
        self.in_force.remove(lasting)
        self.runtime._uninstall(lasting.installed)
        for active in (lasting.active, lasting.counter):
            if active is not None:
                self.runtime._stop(active)

    # --- the desk ------------------------------------------------------------------------------------
    def table(self) -> list[dict[str, Any]]:
        """The effects in force as plain data: whose, from which card, what it does, until when."""
        return [{"owner": x.owner.seat, "card": x.card.name, "card_id": x.card.id, "text": x.effect.text, "until": x.expiry()}
                for x in self.in_force]

    # --- cloning -------------------------------------------------------------------------------------
    def copy_for(self, runtime: PowerRuntime, mapper: Mapper, made: dict[int, Modifier],
                 copied_ctx: Callable[[Ctx], Ctx], remade: Callable[..., list[tuple[str, Modifier]]]) -> tuple[LastingEffects, dict[int, Lasting]]:
        """These effects for `runtime`, a clone's: each with the clone's owner and card, its count, its
        rule made again with a copy of its context (`made` learns which new modifier stands for each
        old one); the second value maps each old effect (by id) to its copy, for the actives."""
        new = LastingEffects.__new__(LastingEffects)
        new.runtime = runtime
        new._watching = self._watching
        new.in_force = []
        twins: dict[int, Lasting] = {}
        for lasting in self.in_force:
            twin = Lasting(mapper.player(lasting.owner), mapper.card(lasting.card), lasting.effect, lasting.turn, lasting.left)
            if lasting.ctx is not None:
                twin.ctx = copied_ctx(lasting.ctx)
                twin.installed = remade(lasting.installed, lasting.effect.changes, twin.ctx, made)
            twins[id(lasting)] = twin
            new.in_force.append(twin)
        return new, twins
