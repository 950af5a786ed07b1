"""Powers in play (R15): the runtime that implements the engine's `Powers` interface with the
cards' compiled powers (interpreter/lang). It starts a card's ongoing powers while the card is in
its owner's Shipments, dispatches triggers in the order of R15.7, re-checks standing conditions,
offers any-time powers, runs the game-end powers in the order of R17.2, and keeps the lasting
effects a power installs (`for the rest of the game, ...`, `until ...`, `the next time ...`:
powers/lasting.py)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from interpreter.bus.bus import TriggerLoopError
from interpreter.engine import events as ev
from interpreter.engine.cloning import CloneError
from interpreter.engine.decisions import Decision, Option
from interpreter.engine.state import Card, Player, Ship
from interpreter.lang.timings import CompiledPower
from interpreter.lang.world import Ctx, LastingEffect, Maker, Modifier
from interpreter.powers import events_check  # noqa: F401  (checks at import that the triggers and the engine's events agree)
from interpreter.powers.active import Active
from interpreter.powers.card_index import power_index
from interpreter.powers.contract_rules import ContractRules
from interpreter.powers.lasting import COUNTING, LastingEffects
from interpreter.powers.trigger_order import available, by_owner, next_to_run
from interpreter.powers.world import EngineWorld, UsePower, engine_card, engine_player

if TYPE_CHECKING:
    from interpreter.engine.cloning import Mapper
    from interpreter.engine.game import Game

MAX_CHAIN = 100  # powers running inside one another deeper than this are a loop
MAX_USES_PER_WINDOW = 12
EVENTS: dict[str, type[ev.Event]] = {cls.__name__: cls for cls in ev.CATALOGUE}
ADJUSTMENT_PHASES = (1, 2, 3, 4)  # R17.2: cards out of Shipments, other moves, virtual goods, counted ones
SCORING_PHASE = 5  # R17.8



class PowerRuntime:
    def __init__(self, game: Game):
        self.game = game
        self.world = EngineWorld(game, self)
        self.by_host: dict[int, list[Active]] = {}
        self.any_time_active: list[Active] = []  # any-time powers of completed cards, for the windows
        self.triggers: dict[type[ev.Event], list[Active]] = {}
        self.standing: list[Active] = []  # `as soon as` powers of completed cards, checked after every event
        self._checking = False
        index = power_index(game.card_set)  # worked out once per card set
        # card id -> its any-time powers usable from hand (a copy, so that no game shares a dict with another)
        self.from_hand: dict[str, tuple[CompiledPower, ...]] = dict(index.from_hand)
        self.container_cards = index.container_cards
        self.any_time_used: dict[tuple[int, str], tuple[int, int]] = {}  # (card uid, power) -> last use
        self.contract_rules = ContractRules(self)  # `as a contract` rules, in force while a copy is a contract
        self.lasting = LastingEffects(self)  # the lasting effects in force
        self._order = 0
        self._running: list[str] = []  # the chain of powers now running, for the loop guard

    def ctx(self, owner: Player, card: Card, event: ev.Event | None = None, ship: Ship | None = None,
            contracts: list[Card] | None = None) -> Ctx:
        # the engine's world is the language's World over the engine's own objects (powers/world.py, `handles`)
        return Ctx(self.world, owner, card, event, None, ship, contracts)  # type: ignore[arg-type]

    # --- activation --------------------------------------------------------------------------
    def activate(self, owner: Player, host: Card, powers: tuple[CompiledPower, ...] | None = None) -> None:
        """Start the ongoing powers of `host` (or `powers`, copied onto it) for `owner` (R15.4)."""
        for power in powers if powers is not None else host.defn.powers:
            if power.timing in ("on_completion", "as_container", "on_contract", "as_contract"):
                continue
            if power.timing == "any_time" and not power.from_shipments:
                continue  # it works from hand only: nothing to do in Shipments (nor when copied)
            self._order += 1
            self._start(Active(owner, host, power, self._order))

    def _start(self, active: Active) -> None:
        power = active.power
        self.by_host.setdefault(active.host.uid, []).append(active)
        if power.timing == "triggered":
            self._listen(active)
        elif power.timing == "any_time":
            self.any_time_active.append(active)
        elif power.timing == "standing":
            if not self.standing:
                self.game.bus.watch(self.check_standing)
            self.standing.append(active)
        elif power.timing == "rule":
            ctx = self.ctx(active.owner, active.host)
            active.installed = self._install(power.changes, ctx)
            self.game.emit(ev.PowerUsed, player=active.owner.seat, card=active.host, timing="rule", line=power.text)  # the rule now holds

    def _listen(self, active: Active) -> None:
        event_type = EVENTS[str(active.power.event)]
        entries = self.triggers.get(event_type)
        if entries is None:
            entries = self.triggers[event_type] = []
            self.game.bus.subscribe(event_type, self.dispatch)
            self.lasting.listening(event_type)  # effects that end at this event end after its powers
        entries.append(active)

    def _install(self, changes: Sequence[tuple[str, Maker]], ctx: Ctx) -> list[tuple[str, Modifier]]:
        installed = []
        for query, make in changes:
            modifier = make(ctx)
            self.game.rules.add_modifier(query, modifier)
            installed.append((query, modifier))
        return installed

    def _uninstall(self, installed: list[tuple[str, Modifier]]) -> None:
        for query, modifier in installed:
            self.game.rules.remove_modifier(query, modifier)

    def rules_of(self, host: Card) -> list[tuple[str, Modifier]]:
        """The rule modifiers in the queries because `host` is in Shipments (its own and any it copied)."""
        return [installed for active in self.by_host.get(host.uid, ()) for installed in active.installed]

    def deactivate(self, host: Card) -> None:
        """The card left Shipments: its powers (and any it copied) stop (R15.4)."""
        for active in self.by_host.pop(host.uid, []):
            self._stop(active)

    def _stop(self, active: Active) -> None:
        event = active.power.event
        if event is not None:
            entries = self.triggers.get(EVENTS[event], [])
            if active in entries:
                entries.remove(active)
        if active in self.any_time_active:
            self.any_time_active.remove(active)
        if active in self.standing:
            self.standing.remove(active)
            if not self.standing:
                self.game.bus.unwatch(self.check_standing)
        self._uninstall(active.installed)

    # --- running -----------------------------------------------------------------------------
    def completed(self, owner: Player, card: Card, ship: Ship | None = None, contracts: list[Card] | None = None,
                  payout: int = 0) -> None:
        """R8.2.3: the card entered Shipments; its one-time powers run now, in the order written.
        `ship`, `contracts`, `payout`: the completing ship, all its contracts and what it paid (None,
        None, 0 for a card a power completes)."""
        contracts = list(contracts or [card])
        for power in card.defn.powers:
            if power.timing == "on_completion":
                ctx = self.ctx(owner, card, ship=ship, contracts=contracts)
                ctx.values["payout"] = payout  # `its payout`
                self.run(power, ctx)

    def run(self, power: CompiledPower, ctx: Ctx, timing: str | None = None) -> None:
        if len(self._running) >= MAX_CHAIN:
            chain = " -> ".join(self._running[-6:])
            raise TriggerLoopError(f"runaway chain of powers (more than {MAX_CHAIN} deep): {chain} -> {ctx.card.name}")
        self._running.append(f"{ctx.card.name} ({power.text})")
        try:
            if ev.PowerUsed in self.game.bus.wanted:  # built only if something would see it
                answering = type(ctx.event).__name__ if ctx.event is not None else ""
                self.game.emit(ev.PowerUsed, player=ctx.owner.seat, card=ctx.card, timing=timing or power.timing,
                               line=power.text, answering=answering)
            power.run(ctx)
        except RecursionError:
            # A chain of powers nests engine calls (a power draws, a trigger loads, a completion
            # triggers ...), about ten frames a power: a long one can run out of Python's stack before
            # reaching MAX_CHAIN, when the game is already deep in it (a search bot's rollout, a
            # server's thread). It is the same runaway chain: say so, naming the cards, as the guard
            # above does (rather than raise the process's recursion limit for everyone).
            chain = " -> ".join(self._running[-6:])
            raise TriggerLoopError(f"runaway chain of powers (Python's stack ran out {len(self._running)} powers deep): "
                                   f"{chain}") from None
        finally:
            self._running.pop()
        if self.standing:  # a power may change the game without an event (cards put on the island ...)
            self.check_standing()

    # --- standing conditions -----------------------------------------------------------------
    def check_standing(self) -> None:
        """Run each `as soon as` power whose condition has just become true (it holds as long as its
        card is in Shipments, R15.4). Called after every event while such a power is active, so a
        condition reached any way counts. Never once the game is over or its final scoring has begun
        (R16.3), nor twice for a power limited to once per game."""
        game = self.game
        if self._checking or game.finishing or game.instant_winner is not None:
            return
        self._checking = True
        try:
            for _ in range(MAX_CHAIN):  # the effects may make another condition true: check again
                changed = False
                for active in list(self.standing):
                    if active not in self.standing or game.instant_winner is not None:
                        continue
                    power = active.power
                    ctx = self.ctx(active.owner, active.host)
                    assert power.condition is not None
                    holds = power.condition(ctx)
                    if holds and not active.holds:
                        active.holds = changed = True
                        if self._use(active, None):
                            self.run(power, ctx)
                    elif not holds:
                        active.holds = False
                if not changed:
                    return
        finally:
            self._checking = False

    def _use(self, active: Active, actor: int | None) -> bool:
        """Count a use of a power limited to once per turn or game; False if it is used up."""
        once, turn = active.power.once, self.game.turn
        if once is None:
            return True
        if once == "game":
            if active.last == (0, 1):
                return False
            active.last = (0, 1)
            return True
        if active.power.per_player and actor is not None:
            if active.used_by.get(actor) == turn:
                return False
            active.used_by[actor] = turn
            return True
        if active.last == (turn, 0):
            return False
        active.last = (turn, 0)
        return True

    def _unuse(self, active: Active, actor: int | None, before: tuple[tuple[int, int], int | None]) -> None:
        """Declining a `you may` is not a use (R15.6)."""
        last, by = before
        active.last = last
        if actor is not None:
            if by is None:
                active.used_by.pop(actor, None)
            else:
                active.used_by[actor] = by

    # --- triggers ----------------------------------------------------------------------------
    def dispatch(self, event: ev.Event) -> None:
        """Run the triggers listening to this event: clockwise from the player whose action caused it,
        each player's own in the order he or she chooses, else in the order the powers started (R15.7,
        OQ-35, trigger_order.py). Whether a trigger answers is judged when its turn comes."""
        entries = self.triggers.get(type(event))
        if not entries:
            return
        game = self.game
        n = len(game.players)
        actor = getattr(event, "player", game.leader)
        if not isinstance(actor, int):
            actor = game.leader
        if len(entries) == 1:  # the usual case: one power answers
            active = entries[0]
            ctx = self._ready(active, event, actor)
            if ctx is not None:
                self._fire(active, ctx, actor)
            return
        for pending in by_owner(sorted(entries, key=lambda a: ((a.owner.seat - actor) % n, a.order))):
            while pending:
                ready = [(a, ctx) for a in pending if (ctx := self._ready(a, event, actor)) is not None]
                if not ready:
                    break
                # a lasting effect's counter runs nothing: it counts after the owner's powers that do run
                # (so the order a player chooses is among powers that act)
                acting = [r for r in ready if r[0].power.timing != COUNTING]
                active, ctx = (next_to_run(game, acting) if len(acting) > 1 else acting[0]) if acting else ready[0]
                pending.remove(active)
                self._fire(active, ctx, actor)

    def _ready(self, active: Active, event: ev.Event, actor: int) -> Ctx | None:
        """The context in which `active` answers `event`, or None if it does not (now)."""
        if active not in self.triggers.get(type(event), ()):  # stopped by an earlier trigger of this event
            return None
        power = active.power
        if power.completion_trigger and not power.own_included and _own_completion(active.host, event):
            return None
        ctx = self.ctx(active.owner, active.host, event)
        if active.lasting is not None and active.lasting.ctx is not None:
            ctx.recall(active.lasting.ctx)  # `name a good type then for the rest of the game, whenever ...: ... the named type`
        assert power.bind is not None and power.matches is not None
        power.bind(ctx, event)
        if not power.matches(ctx, event) or not available(active, actor, self.game.turn):
            return None
        card = getattr(event, "card", None)  # only for a power that answers: this runs for every one listening
        if card is not None:  # `when another player sells a card: take it ...`: before any step, `it` is the event's card
            ctx.them = [card]
        return ctx

    def _fire(self, active: Active, ctx: Ctx, actor: int) -> None:
        power, lasting = active.power, active.lasting
        if power.timing == COUNTING:  # one more of the events a lasting effect lasts for: nothing runs
            assert lasting is not None
            self.lasting.counted(lasting)
            return
        before = (active.last, active.used_by.get(actor))
        if not self._use(active, actor):
            return
        if lasting is not None and lasting.counter is active:  # counted before it runs: its effect may cause the event again
            self.lasting.counted(lasting)
        self.run(power, ctx)
        if ctx.declined and power.once is not None:
            self._unuse(active, actor, before)

    def install_lasting(self, ctx: Ctx, effect: LastingEffect) -> None:
        """A lasting effect (`for the rest of the game, ...`, `until ...`, `the next time ...`): it holds
        or listens from now on, wherever its card goes (powers/lasting.py)."""
        self.lasting.install(ctx, effect)

    def lasting_in_force(self) -> list[dict[str, Any]]:
        """The lasting effects in force, as plain data (the desk's table)."""
        return self.lasting.table()

    # --- any-time powers ---------------------------------------------------------------------
    def any_time_uses(self, p: Player) -> list[tuple[Card, CompiledPower]]:
        """Any-time powers `p` can use now: from Shipments, or from hand when the card's tier is met
        (R15.3, OQ-2)."""
        # plain loops rather than comprehensions: this runs before every lead, follow and action, and
        # mostly finds nothing
        uses: list[tuple[Card, CompiledPower]] = []
        for a in self.any_time_active:
            if a.owner is p and self._free(a.host, a.power) and a.power.usable(self.ctx(p, a.host)):
                uses.append((a.host, a.power))
        from_hand = self.from_hand
        if from_hand:
            for card in p.hand:
                powers = from_hand.get(card.id)
                if powers and self.game.rules.level(p, card.good) >= self.game.rules.tier_needed(p, card):
                    uses += [(card, power) for power in powers if self._free(card, power) and power.usable(self.ctx(p, card))]
        return uses

    def _free(self, card: Card, power: CompiledPower) -> bool:
        """Not yet used this turn (or game), for a power limited so."""
        if power.once is None:
            return True
        last = self.any_time_used.get((card.uid, power.text))
        return last is None or (power.once == "turn" and last != (self.game.turn, 0))

    def offer_any_time(self, p: Player) -> None:
        """An any-time window for `p`: use abilities one by one until `p` is done."""
        if not self.any_time_active:  # the usual case, before every lead, follow and action: is there
            from_hand = self.from_hand  # a card in hand with an any-time power at all?
            for card in p.hand:
                if card.id in from_hand:
                    break
            else:
                return
        used: dict[tuple[int, str], int] = {}
        while self.game.instant_winner is None:
            # a power used MAX_USES_PER_WINDOW times in one window is not offered again in it: a power
            # that changes nothing (its target full) cannot hold the game in a loop
            uses = self.any_time_uses(p)
            if not uses:
                return
            if used:
                uses = [(card, power) for card, power in uses if used.get((card.uid, power.text), 0) < MAX_USES_PER_WINDOW]
                if not uses:
                    return
            options = [Option("done", None)] + [UsePower(card, power) for card, power in uses]
            choice = self.game.ask(Decision("any_time", p.seat, options, "Use an any-time power?", stop=0)).value
            if choice is None:
                return
            card, power = choice.card, choice.power
            used[(card.uid, power.text)] = used.get((card.uid, power.text), 0) + 1
            if power.once is not None:
                self.any_time_used[(card.uid, power.text)] = (self.game.turn, 0)
            self.run(power, self.ctx(p, card))

    # --- powers of a card as a container or as a contract --------------------------------------
    def containers_completed(self, owner: Player, ship: Ship, contracts: list[Card]) -> None:
        """The ship carrying containers with `as a container` powers completes: they run for the
        ship's owner (who loaded them), before it sails."""
        if not self.container_cards:
            return
        for card in list(ship.containers):
            for power in card.defn.powers:
                if power.timing == "as_container":
                    self.run(power, self.ctx(owner, card, ship=ship, contracts=contracts))

    def contracted(self, owner: Player, card: Card, ship: Ship) -> None:
        """`on contract` powers of a card just contracted; its `as a contract` rules hold while it is a
        contract (their modifiers ask whether it still is)."""
        for power in card.defn.powers:
            if power.timing == "on_contract":
                self.run(power, self.ctx(owner, card, ship=ship, contracts=[card]))
            elif power.timing == "as_contract":  # its rules hold while it is a contract (contract_rules.py)
                self.game.emit(ev.PowerUsed, player=owner.seat, card=card, timing=power.timing, line=power.text)

    # --- game end ----------------------------------------------------------------------------
    def run_adjustments(self, order: list[Player]) -> None:
        """R17.2: the end-game adjustments, phase by phase (moves out of Shipments, other moves,
        virtual goods, virtual goods counted from goods), each for every player before the next."""
        for phase in ADJUSTMENT_PHASES:
            for p in order:
                self._run_game_end(p, phase)

    def run_scoring(self, order: list[Player]) -> None:
        """R17.8: the game-end powers that score, after every adjustment."""
        for p in order:
            self._run_game_end(p, SCORING_PHASE)

    def _run_game_end(self, p: Player, phase: int) -> None:
        """A card that left Shipments meanwhile no longer has its power (R15.4)."""
        for actives in list(self.by_host.values()):
            for a in actives:
                if (a.owner is p and a.power.timing == "game_end" and a.power.phase == phase
                        and a in self.by_host.get(a.host.uid, ())):
                    self.run(a.power, self.ctx(p, a.host))

    # --- copying -----------------------------------------------------------------------------
    def copy_powers(self, ctx: Ctx, source: Card) -> None:
        """Copy the powers of a completed shipment (any player's, OQ-38): its one-time powers run now
        for the copier, its ongoing powers stay on the copying card (OQ-46)."""
        owner, card = engine_player(ctx.owner), engine_card(ctx.card)
        self.activate(owner, card, source.defn.powers)
        for power in source.defn.powers:
            if power.timing == "on_completion":
                self.run(power, self.ctx(owner, card))


    # --- cloning ----------------------------------------------------------------------------
    def handler_owners(self, new: Any) -> dict[int, object]:  # new: a PowerRuntime
        """The objects whose methods this runtime subscribed to the game's events (by id), each with
        its counterpart in `new`, a clone's runtime: the clone's bus calls the counterparts' methods."""
        return {id(self): new, id(self.contract_rules): new.contract_rules, id(self.lasting): new.lasting}

    def copy_for(self, game: Game, mapper: Mapper) -> tuple[PowerRuntime, dict[int, Modifier]]:
        """This runtime's state for `game`, a clone (engine/cloning.py): the same powers active in the
        same order, with the same uses spent, the same lasting effects in force (their rules, triggers,
        uses and counts), all on the clone's cards and players. Every rule modifier is made again by
        its maker with a context of the clone; the second value maps each old modifier (by id) to the
        new one, for the engine to rebuild the clone's rules in the original order."""
        if self._running or self._checking:
            raise CloneError("a power is running: a game is cloned between its steps, or from a decision")
        if self.__dict__.keys() != _FIELDS:
            raise CloneError(f"runtime fields the clone does not know how to copy: {', '.join(sorted(set(self.__dict__) ^ _FIELDS))}")
        new = PowerRuntime.__new__(PowerRuntime)
        new.__dict__ = {name: self.__dict__[name] for name in _KEPT}  # fixed by the card set; the order counter
        new.game = game
        new.world = EngineWorld(game, new)
        made: dict[int, Modifier] = {}
        actives: dict[int, Active] = {}
        new.lasting, lastings = self.lasting.copy_for(new, mapper, made, lambda ctx: _copied_ctx(ctx, new.world, mapper), _remade)

        def copied(a: Active) -> Active:
            twin = actives.get(id(a))
            if twin is None:
                lasting = lastings[id(a.lasting)] if a.lasting is not None else None
                twin = actives[id(a)] = Active(mapper.player(a.owner), mapper.card(a.host), a.power, a.order, a.last,
                                               dict(a.used_by), [], a.holds, lasting)
                if lasting is not None:  # the trigger of a lasting effect, or what counts its events
                    assert a.lasting is not None
                    if a.lasting.active is a:
                        lasting.active = twin
                    if a.lasting.counter is a:
                        lasting.counter = twin
                if a.installed:  # a `rule:` power: made again with a context of the clone, as _start made it
                    twin.installed = _remade(a.installed, a.power.changes, new.ctx(twin.owner, twin.host), made)
            return twin

        new.by_host = {uid: [copied(a) for a in actives_] for uid, actives_ in self.by_host.items()}
        new.any_time_active = [copied(a) for a in self.any_time_active]
        new.triggers = {event: [copied(a) for a in entries] for event, entries in self.triggers.items()}
        new.standing = [copied(a) for a in self.standing]
        new.any_time_used = dict(self.any_time_used)
        new.from_hand = dict(self.from_hand)  # fixed by the card set; a copy, so that no clone shares a dict with another
        new.contract_rules = self.contract_rules.copy_for(new, made)
        new._running = []
        new._checking = False
        return new, made


# What `copy_for` keeps as it is (fixed for the game, or a number), and everything it copies: a
# field added to the runtime must be listed here, or a clone refuses to run rather than share it.
_KEPT = ("container_cards", "_order")
_FIELDS = frozenset(_KEPT + ("game", "world", "by_host", "any_time_active", "triggers", "standing", "lasting", "_checking",
                             "any_time_used", "from_hand", "contract_rules", "_running"))


def _remade(installed: list[tuple[str, Modifier]], changes: Sequence[tuple[str, Maker]], ctx: Ctx, made: dict[int, Modifier]) -> list[tuple[str, Modifier]]:
    """The modifiers of `changes` made again with `ctx`, noting which new one stands for which old one."""
    remade = []
    for (query, old), (query_, make) in zip(installed, changes, strict=True):
        assert query == query_
        modifier = made[id(old)] = make(ctx)
        remade.append((query, modifier))
    return remade


def _copied_ctx(ctx: Ctx, world: EngineWorld, mapper: Mapper) -> Ctx:
    """The context a power ran with, on the clone: what it named, chose and acted on, the clone's."""
    twin = Ctx.__new__(Ctx)
    for name in Ctx.__slots__:
        setattr(twin, name, world if name == "world" else mapper.value(getattr(ctx, name)))
    return twin


def _own_completion(host: Card, event: ev.Event) -> bool:
    """Whether the event is the completion that brought `host` into Shipments (or one of its ship)."""
    contracts = getattr(event, "contracts", None) or ()
    return host in contracts
