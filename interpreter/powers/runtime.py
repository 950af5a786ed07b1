"""Powers in play (R15): activating a card's compiled powers while it is in its owner's Shipments,
dispatching triggers in the order of R15.7, any-time windows, game-end powers, copying powers."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from interpreter.bus import events as ev
from interpreter.bus.bus import TriggerLoopError
from interpreter.cards.model import ANY_COLOUR
from interpreter.dsl.ast import CardFilter
from interpreter.engine.decisions import Decision, Option
from interpreter.engine.state import Card, Player
from interpreter.powers.context import Ctx
from interpreter.powers.modifiers import Modifier, modifiers_for

if TYPE_CHECKING:
    from interpreter.dsl.compile import CompiledPower
    from interpreter.engine.game import Game


MAX_CHAIN = 100  # powers running inside one another deeper than this are a loop
MAX_USES_PER_WINDOW = 12


@dataclass(eq=False)
class Active:
    """One power working for `owner` through `host` (the card in Shipments; a copy runs on its host)."""

    owner: Player
    host: Card
    power: CompiledPower
    order: int
    last_turn: int = -1
    used_by: dict[int, int] = field(default_factory=dict)  # `once per turn for each player`: seat -> turn
    installed: list[tuple[str, Modifier]] = field(default_factory=list)
    holds: bool = False  # `as soon as`: whether its condition held at the last check


class PowerRuntime:
    def __init__(self, game: Game):
        self.game = game
        self.by_host: dict[int, list[Active]] = {}
        self.any_time_active: list[Active] = []  # any-time powers of completed cards, for the windows
        self.triggers: dict[type[ev.Event], list[Active]] = {}
        self.standing: list[Active] = []  # `as soon as` powers of completed cards, checked after every event
        self._checking = False
        self.any_time_cards = any(p.timing == "any_time" and p.from_hand for c in game.card_set.cards for p in c.powers)
        self.container_cards = any(p.timing == "as_container" for c in game.card_set.cards for p in c.powers)
        self.any_time_used: dict[tuple[int, str], int] = {}  # (card uid, power) -> turn, for `once per turn`
        rainbow = {c.id for c in game.card_set.cards for p in c.powers if p.timing == "as_contract"}
        if rainbow:  # `as a contract: this contract accepts any colour` holds wherever the card is contracted
            game.rules.add_modifier("contract_load", lambda value, p, card: ((ANY_COLOUR, sum(n for _, n in value)),)
                                    if card.id in rainbow else value)
        self._order = 0
        self._running: list[str] = []  # the chain of powers now running, for the loop guard

    # --- activation --------------------------------------------------------------------------
    def activate(self, owner: Player, host: Card, powers: tuple[CompiledPower, ...]) -> None:
        """Start the ongoing powers of `powers` for `owner`, attached to `host` (R15.4)."""
        for power in powers:
            if power.timing in ("on_completion", "as_container", "on_contract", "as_contract"):
                continue
            self._order += 1
            active = Active(owner, host, power, self._order)
            self.by_host.setdefault(host.uid, []).append(active)
            if power.timing == "triggered":
                assert power.event_type is not None
                entries = self.triggers.get(power.event_type)
                if entries is None:
                    entries = self.triggers[power.event_type] = []
                    self.game.bus.subscribe(power.event_type, self.dispatch)
                entries.append(active)
            elif power.timing == "any_time":
                if power.from_shipments:  # a power that works only from hand does nothing here (nor when copied)
                    self.any_time_active.append(active)
            elif power.timing == "standing":
                if not self.standing:
                    self.game.bus.watch(self.check_standing)
                self.standing.append(active)
            elif power.timing == "rule":
                assert power.ast.rule is not None
                active.installed = modifiers_for(power.ast.rule, owner, Ctx(self.game, owner, host))
                for query, modifier in active.installed:
                    self.game.rules.add_modifier(query, modifier)
                self.game.emit(ev.PowerUsed, owner.seat, host, "rule", power.text)  # the rule now holds

    def deactivate(self, host: Card) -> None:
        """The card left Shipments: its powers (and any it copied) stop (R15.4)."""
        for active in self.by_host.pop(host.uid, []):
            if active.power.event_type is not None:
                self.triggers[active.power.event_type].remove(active)
            if active in self.any_time_active:
                self.any_time_active.remove(active)
            if active in self.standing:
                self.standing.remove(active)
                if not self.standing:
                    self.game.bus.unwatch(self.check_standing)
            for query, modifier in active.installed:
                self.game.rules.remove_modifier(query, modifier)

    def completed(self, owner: Player, card: Card) -> None:
        """R8.2.3: the card entered Shipments; its one-time powers run now, in the order written."""
        for power in card.defn.powers:
            if power.timing == "on_completion":
                self.run(power, Ctx(self.game, owner, card))

    def run(self, power: CompiledPower, ctx: Ctx) -> None:
        if len(self._running) >= MAX_CHAIN:
            chain = " -> ".join(self._running[-6:])
            raise TriggerLoopError(f"runaway chain of powers (more than {MAX_CHAIN} deep): {chain} -> {ctx.card.name}")
        self._running.append(f"{ctx.card.name} ({power.text})")
        try:
            self.game.emit(ev.PowerUsed, ctx.owner.seat, ctx.card, power.timing, power.text)
            power.run(ctx)
        finally:
            self._running.pop()
        if self.standing:  # a power may change the game without an event (cards put on the island ...)
            self.check_standing()

    # --- standing conditions -----------------------------------------------------------------
    def check_standing(self) -> None:
        """Run each `as soon as` power whose condition has just become true (R15.4: it holds as long as
        its card is in Shipments). Called after every event while such a power is active, so a
        condition reached any way counts: a virtual good, a card moved by another power, an opponent
        losing goods, mid-turn. Never once the game is over or its final scoring has begun (R16.3)."""
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
                    ctx = Ctx(game, active.owner, active.host)
                    holds = active.power.usable(ctx)
                    if holds and not active.holds:
                        active.holds = changed = True
                        self.run(active.power, ctx)
                    elif not holds:
                        active.holds = False
                if not changed:
                    return
        finally:
            self._checking = False

    # --- triggers ----------------------------------------------------------------------------
    def dispatch(self, event: Any) -> None:
        """Run the triggers listening to this event: clockwise from the player whose action caused it,
        then in the order the powers started (R15.7, OQ-35)."""
        entries = self.triggers.get(type(event))
        if not entries:
            return
        game = self.game
        n = len(game.players)
        actor = getattr(event, "player", game.leader)
        that = game.players[actor] if isinstance(actor, int) else None
        for active in sorted(entries, key=lambda a: ((a.owner.seat - actor) % n, a.order)):
            if active.host.uid not in self.by_host:  # deactivated by an earlier trigger of this event
                continue
            power = active.power
            if power.that is not None:
                seat = power.that(event)
                ctx = Ctx(game, active.owner, active.host, event, game.players[seat] if seat is not None else None)
            else:
                ctx = Ctx(game, active.owner, active.host, event, that)
            assert power.matches is not None
            if not power.matches(ctx, event):
                continue
            if power.once_per_turn:
                if power.per_player:
                    if active.used_by.get(actor) == game.turn:
                        continue
                    before, active.used_by[actor] = active.used_by.get(actor, -1), game.turn
                elif active.last_turn == game.turn:
                    continue
                else:
                    before, active.last_turn = active.last_turn, game.turn
            self.run(power, ctx)
            if power.once_per_turn and ctx.declined:  # declining a `you may` is not a use (R15.6)
                if power.per_player:
                    active.used_by[actor] = before
                else:
                    active.last_turn = before

    # --- any-time powers ---------------------------------------------------------------------
    def any_time_uses(self, p: Player) -> list[tuple[Card, CompiledPower]]:
        """Any-time powers `p` can use now: from Shipments, or from hand when the card's tier is met
        (R15.3, OQ-2)."""
        uses = [(a.host, a.power) for a in self.any_time_active
                if a.owner is p and self._free(a.host, a.power) and a.power.usable(Ctx(self.game, p, a.host))]
        if self.any_time_cards:
            for card in p.hand:
                for power in card.defn.powers:
                    if (power.timing == "any_time" and power.from_hand and self.game.rules.level(p, card.good) >= card.tier
                            and self._free(card, power) and power.usable(Ctx(self.game, p, card))):
                        uses.append((card, power))
        return uses

    def _free(self, card: Card, power: CompiledPower) -> bool:
        """Not yet used this turn, for a power limited to once per turn."""
        return not power.once_per_turn or self.any_time_used.get((card.uid, power.text)) != self.game.turn

    def offer_any_time(self, p: Player) -> None:
        """An any-time window for `p`: use abilities one by one until `p` is done."""
        if not self.any_time_cards and not self.any_time_active:
            return
        used: dict[tuple[int, str], int] = {}
        while self.game.instant_winner is None:
            # a power used MAX_USES_PER_WINDOW times in one window is not offered again in it: a power
            # that changes nothing (its target full) cannot hold the game in a loop
            uses = [(card, power) for card, power in self.any_time_uses(p) if used.get((card.uid, power.text), 0) < MAX_USES_PER_WINDOW]
            if not uses:
                return
            options = [Option("done", None)] + [Option(f"use {card.name}: {power.text.split(':', 1)[1].strip()}", (card, power))
                                                 for card, power in uses]
            choice = self.game.ask(Decision("any_time", p.seat, options, "Use an any-time power?", stop=0)).value
            if choice is None:
                return
            card, power = choice
            used[(card.uid, power.text)] = used.get((card.uid, power.text), 0) + 1
            if power.once_per_turn:
                self.any_time_used[(card.uid, power.text)] = self.game.turn
            self.run(power, Ctx(self.game, p, card))

    # --- powers of a card as a container or as a contract --------------------------------------
    def containers_completed(self, owner: Player, ship: Any, contracts: list[Card]) -> None:
        """The ship carrying containers with `as a container` powers completes: they run for the
        ship's owner (who loaded them), before it sails."""
        if not self.container_cards:
            return
        for card in list(ship.containers):
            for power in card.defn.powers:
                if power.timing == "as_container":
                    ctx = Ctx(self.game, owner, card, ship=ship)
                    ctx.contracts = contracts
                    self.run(power, ctx)

    def contracted(self, owner: Player, card: Card, ship: Any) -> None:
        """`on contract` powers of a card just contracted."""
        for power in card.defn.powers:
            if power.timing == "on_contract":
                self.run(power, Ctx(self.game, owner, card, ship=ship))
            elif power.timing == "as_contract":  # the static rule now applies to a contract
                self.game.emit(ev.PowerUsed, owner.seat, card, power.timing, power.text)

    # --- game end ----------------------------------------------------------------------------
    def run_adjustments(self, order: list[Player]) -> None:
        """R17.2: the end-game adjustments, stage by stage (compile.END_STAGES), each stage for every
        player in `order` before the next stage begins."""
        from interpreter.dsl.compile import SCORING_STAGE
        for stage in range(SCORING_STAGE):
            for p in order:
                self.run_game_end(p, stage)

    def run_scoring(self, order: list[Player]) -> None:
        """R17.8: the game-end powers that score, after every adjustment."""
        from interpreter.dsl.compile import SCORING_STAGE
        for p in order:
            self.run_game_end(p, SCORING_STAGE)

    def run_game_end(self, p: Player, stage: int) -> None:
        """`p`'s game-end powers of one stage of final scoring (compile.END_STAGES: the adjustments of
        R17.2 in their fixed order, then the powers that score, R17.8). A card that left Shipments
        meanwhile no longer has its power (R15.4)."""
        for actives in list(self.by_host.values()):
            for a in actives:
                if (a.owner is p and a.power.timing == "game_end" and a.power.end_stage == stage
                        and a in self.by_host.get(a.host.uid, ())):
                    self.run(a.power, Ctx(self.game, p, a.host))

    # --- copying -----------------------------------------------------------------------------
    def copy_powers(self, ctx: Ctx, filt: CardFilter) -> None:
        """Copy the powers of another completed shipment (any player's, OQ-38): its one-time powers
        run now for the copier, its ongoing powers stay on the copying card (OQ-46)."""
        game = ctx.game
        candidates = [c for p in game.players for c in p.shipments
                      if c is not ctx.card and filt.matches(c) and c.defn.powers]
        if not candidates:
            return
        options = [Option(f"copy {c.name} ({c.good} tier {c.tier})", c) for c in candidates]
        source: Card = game.ask(Decision("choose_card", ctx.owner.seat, options, f"{ctx.card.name}: copy which power?")).value
        self.activate(ctx.owner, ctx.card, source.defn.powers)
        for power in source.defn.powers:
            if power.timing == "on_completion":
                self.run(power, Ctx(game, ctx.owner, ctx.card))
