"""A game of Import / Export: the state, the one RNG, the decision door and the primitives every
rule uses (draw, pay, place, discard). The turn (turn.py) and the actions live in their own modules."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from interpreter.bus.bus import EventBus
from interpreter.cards.cardset import CardSet
from interpreter.cards.rulesdata import RulesData
from interpreter.engine import events as ev
from interpreter.engine.cloning import clone_game, copy_state
from interpreter.engine.decisions import Decision, DecisionRecord, Option
from interpreter.engine.errors import GameStop, SetupError
from interpreter.engine.invariants import check as check_invariants
from interpreter.engine.options import GameOptions, with_readings
from interpreter.engine.powers_port import NoPowers, Powers
from interpreter.engine.queries import Rules
from interpreter.engine.result import GameResult
from interpreter.engine.scoring import finish
from interpreter.engine.setup import set_up, shuffle
from interpreter.engine.state import Card, Player, Ship, Zones, remove_container
from interpreter.engine.turn import clean_up, offer_contract_discards, play_turn

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from interpreter.agents.base import Agent

__all__ = ["Game", "GameResult", "GameStop", "SetupError"]


class Game:
    """`powers` builds the runtime of the cards' powers for this game (interpreter.powers.new_game
    passes it); without it the engine plays the cards as plain goods, and refuses a card set whose
    cards have powers rather than silently ignore them."""

    def __init__(self, cards: CardSet, data: RulesData, players: int, seed: int,
                 options: GameOptions | None = None, agents: Sequence[Agent] | None = None,
                 powers: Callable[[Game], Powers] | None = None):
        if not data.min_players <= players <= data.max_players:
            raise SetupError(f"players must be from {data.min_players} to {data.max_players}; got {players}")
        if powers is None and any(c.powers for c in cards.cards):
            raise SetupError("these cards have powers: start the game with interpreter.powers.new_game")
        self.options = options or GameOptions()
        self.card_set = with_readings(cards, self.options)  # a card's option may choose another reading of it
        self.data = data
        self.seed = seed
        self.rng = random.Random(seed)
        self.rules = Rules(data, self.options)
        self.bus = EventBus()
        self.emit = self.bus.emit  # every rule point emits through this: no extra call on the hot path
        self.zones = Zones()
        self.players: list[Player] = []
        self.agents: list[Agent] = list(agents) if agents else []
        self.turn = 0
        self.leader = 0
        self.end_reason: str | None = None  # set when a game-end condition is triggered (R16.1)
        self.instant_winner: int | None = None
        self.draws_exhausted = False  # OQ-24: once the deck and discard are empty, draws are skipped
        self.log: list[DecisionRecord] = []
        self.forced_hook: Callable[[Decision], None] | None = None  # sees decisions taken without asking
        self.decisions_asked = 0
        self.over = False
        self.result: GameResult | None = None
        self.n_cards = 0
        self.finishing = False  # the game is over and final scoring has begun (R17): no instant win now
        self.scoring = False  # the scoring powers run: credits gained now are end-game points (R17.8)
        self.lead_again = False  # R4.10: this turn's leader leads the next one too (the `leads_twice` rule, read as it starts)
        self.offering_discards = False  # the leader is being asked about discarding contracts (R14.1)
        self.turn_log: list[tuple[int, str]] = []  # (seat, action) as players act this turn, in order
        # Clones (engine/cloning.py): with `checkpoints` on, `play` keeps a copy of the start of each
        # step (a turn, or the final scoring) in `step_start`, and `step_log` is where its decisions begin
        self.checkpoints = False
        self.in_step = False
        self.step_start: Game | None = None
        self.step_log = 0
        self.powers_factory = powers
        self.powers: Powers = powers(self) if powers is not None else NoPowers()
        set_up(self, players)
        if self.options.check_invariants:
            self.bus.subscribe(ev.TurnEnded, self._check_invariants)

    def _check_invariants(self, _event: ev.TurnEnded) -> None:
        check_invariants(self)

    def clone(self, agents: Sequence[Agent] | None = None) -> Game:
        """An independent copy of the game as it is now, played by `agents` (by default, copies of
        this game's agents, so that the clone decides as this game would). It shares nothing that
        changes with this game: cards, players, ships, the RNG, the active powers, the rules they set
        (for a while too), their pending triggers and their uses are all its own, and playing it never
        touches this game. Observers of this game's events (narration, statistics) are not copied.

        Between two steps of the game (a turn, the final scoring) the copy is made at once. From a
        decision in the middle of a step, the clone is a copy of the step's start that makes the
        step's decisions so far again when it is played, and so goes on from where this game is;
        that needs `checkpoints` on while this game is played (see engine/cloning.py)."""
        return clone_game(self, None if agents is None else list(agents))

    # --- the decision door -------------------------------------------------------------------
    def ask(self, decision: Decision) -> Option:
        """Put a decision to its player's agent. A decision with one legal option is taken without
        asking (it is forced and so needs no record to be replayed)."""
        options = decision.options
        if len(options) == 1:
            if self.forced_hook is not None:
                self.forced_hook(decision)
            return options[0]
        index = self.agents[decision.player].choose(decision, self)
        if not 0 <= index < len(options):
            raise ValueError(f"agent for P{decision.player + 1} chose option {index} of {len(options)} in {decision.kind}")
        self.decisions_asked += 1
        self.log.append(DecisionRecord(decision.kind, decision.player, index, options[index].label))
        return options[index]

    # --- players and order -------------------------------------------------------------------
    def seats_from(self, first: int) -> list[int]:
        n = len(self.players)
        first %= n
        order = list(range(first, n))  # in C, not a comprehension: every turn asks it
        order += range(first)
        return order

    def names(self) -> ev.Names:
        return ev.Names([p.name for p in self.players])

    # --- cards ---------------------------------------------------------------------------------
    def draw_card(self, by: int | None = None) -> Card | None:
        """Take the top card of the deck, reshuffling the discard pile when the deck is empty (R3.7).
        With both empty the draw does not happen and the game end is triggered (R16.1.2, OQ-24).
        `by`: the seat drawing, if any (the reshuffle names it)."""
        zones = self.zones
        while not zones.deck:  # again if a power answering the reshuffle drew the new deck empty
            if self.draws_exhausted:
                return None
            if not zones.discard:
                self.draws_exhausted = True
                self.trigger_end("deck", None)
                return None
            zones.deck = zones.discard
            zones.discard = []
            shuffle(self.rng, zones.deck)
            self.emit(ev.DeckReshuffled, size=len(zones.deck), player=by)
        return zones.deck.pop()

    def deck_top(self, n: int, by: int | None = None) -> list[Card]:
        """The top `n` cards of the deck (top first), for a power that looks at or takes them; when the
        deck holds fewer, the discard pile is shuffled in under them first (R3.7)."""
        zones = self.zones
        if len(zones.deck) < n and zones.discard:
            under = zones.discard
            zones.discard = []
            shuffle(self.rng, under)
            zones.deck = under + zones.deck
            self.emit(ev.DeckReshuffled, size=len(under), player=by)
        return list(reversed(zones.deck[-n:])) if n > 0 else []

    def draw_into_hand(self, p: Player, count: int) -> int:
        deck = self.zones.deck
        if 0 < count <= len(deck):  # the usual case, with no reshuffle: the cards are taken without a draw_card call each
            for _ in range(count):
                p.hand.append(deck.pop())
            drawn = count
        else:
            drawn = 0
            for _ in range(count):
                card = self.draw_card(p.seat)
                if card is None:
                    break
                p.hand.append(card)
                drawn += 1
        if drawn and ev.CardsDrawn in self.bus.wanted:  # built only if something would see it
            self.emit(ev.CardsDrawn, player=p.seat, count=drawn)
        return drawn

    def discard(self, card: Card, source: str, player: int | None) -> None:
        """`card` goes to the discard pile from `source`; `player` held it (None: the island, the deck)."""
        card.parked = 0  # credits parked on it go back to the bank
        self.zones.discard.append(card)
        if ev.CardDiscarded in self.bus.wanted:  # built only if something would see it
            self.emit(ev.CardDiscarded, card=card, source=source, player=player)

    def add_to_goods(self, p: Player, card: Card, *, ignore_limits: bool = False) -> bool:
        """Place `card` in Goods if the goods limit allows (R13.3-R13.5); False if it does not fit.
        `ignore_limits`: a power puts it there whatever the limit (R13.7)."""
        if ignore_limits:
            p.goods.append(card)
            self.note_held_over_limit(p)
        elif "goods_counted" in self.rules.active:  # some goods count for less (R13.4): count with the card
            p.goods.append(card)
            if self.rules.goods_counted(p) > self.rules.goods_limit(p):
                p.goods.pop()
                return False
        elif not self.rules.goods_room(p):
            return False
        else:
            p.goods.append(card)
        if ev.GoodAdded in self.bus.wanted:  # built only if something would see it
            self.emit(ev.GoodAdded, player=p.seat, card=card)
        return True

    def add_to_imports(self, p: Player, card: Card, *, ignore_limits: bool = False) -> bool:
        if not ignore_limits and not self.rules.imports_room(p):
            return False
        p.imports.append(card)
        if ignore_limits:
            self.note_held_over_limit(p)
        if ev.ImportAdded in self.bus.wanted:  # built only if something would see it
            self.emit(ev.ImportAdded, player=p.seat, card=card)
        return True

    def add_shipment(self, p: Player, card: Card) -> None:
        """`card` enters `p`'s Shipments: it counts as a completed shipment (R8.3) and its ongoing
        powers start for `p` (R15.4)."""
        p.shipments.append(card)
        if card.defn.powers:
            self.powers.activate(p, card)

    def remove_shipment(self, p: Player, card: Card) -> None:
        """`card` leaves `p`'s Shipments: its powers stop, and the limits may fall below what `p`
        holds; the cards stay (R13.6, OQ-16)."""
        p.shipments.remove(card)
        self.powers.deactivate(card)
        self.note_held_over_limit(p)

    def note_held_over_limit(self, p: Player) -> None:
        """What `p` holds may now be past a limit (a limit fell, or a power ignored it, R13.6, R13.7):
        the cards stay, and nothing more may come into that area until below its limit."""
        imports, goods = p.held_over_limit
        p.held_over_limit = (max(imports, len(p.imports)), max(goods, self.rules.goods_counted(p)))

    # --- ships ---------------------------------------------------------------------------------
    def ships_at_sea(self) -> list[Ship]:
        """The ships at sea with containers aboard, in seat order (those an import or a pirate may take from)."""
        ships = []  # loops, not a comprehension (a call of its own): every import round and bot appraisal asks
        for p in self.players:
            for ship in p.ships:
                if ship.at_sea and ship.containers:
                    ships.append(ship)
        return ships

    def take_from_ship_at_sea(self, ship: Ship, card: Card, by: int | None) -> None:
        """`by` (a seat, or None) removes a container from a ship (at sea, or in harbor by a power); an
        emptied ship at sea returns home at once (R9.2)."""
        remove_container(ship, card)
        self.return_if_emptied(ship, by)

    def return_if_emptied(self, ship: Ship, by: int | None) -> None:
        """A ship at sea comes home when its last container is gone (R9.2), or earlier if a power lets
        its owner's ships come back still carrying a few; `by` took the last one."""
        if ship.at_sea and len(ship.containers) <= self.rules.returns_with(self.players[ship.owner]):
            ship.at_sea = False
            self.emit(ev.ShipReturned, player=ship.owner, ship=ship, carried=ship.sailed_with, by=by)

    # --- credits -------------------------------------------------------------------------------
    def gain(self, p: Player, amount: int, reason: str) -> None:
        if amount <= 0:
            return
        self._receive(p, amount)
        self._announce_gain(p, amount, reason)

    def _receive(self, p: Player, amount: int) -> None:
        if self.scoring:  # R17.8: what end-game powers give is scored, not active credits
            p.end_points += amount
        else:
            p.credits += amount

    def _announce_gain(self, p: Player, amount: int, reason: str) -> None:
        if ev.CreditsGained in self.bus.wanted:  # built only if something would see it
            self.emit(ev.CreditsGained, player=p.seat, amount=amount, reason=reason)
        if not self.scoring and p.credits >= self.rules.end_threshold() and self.rules.can_trigger_end(p):
            self.trigger_end("credits", p.seat)

    def pay(self, p: Player, amount: int, to: Player | None, reason: str) -> int:
        """Pay `amount`, or all one's active credits when short (OQ-33). Returns what was paid. Both
        sides change before either event, so nothing ever sees the credits in between."""
        paid = min(amount, p.credits)
        if paid <= 0:
            return 0
        p.credits -= paid
        if to is not None:
            self._receive(to, paid)
        if ev.CreditsPaid in self.bus.wanted:  # built only if something would see it
            self.emit(ev.CreditsPaid, player=p.seat, amount=paid, to=None if to is None else to.seat, reason=reason)
        if to is not None:
            self._announce_gain(to, paid, reason)
        return paid

    # --- game end ------------------------------------------------------------------------------
    def trigger_end(self, reason: str, player: int | None) -> None:
        """A game-end condition is met (R16.1). It stays triggered (OQ-9); the turn is finished first
        (R16.2) unless the `game_end` option says to stop after the current action."""
        if self.end_reason is None:
            self.end_reason = reason
            self.emit(ev.GameEndTriggered, reason=reason, player=player)

    def win_instantly(self, player: int) -> None:
        """An instant-win power (R15.8, R16.3): the game stops with a sole winner as soon as the step
        in progress (a load, an import placement, a completion) is done, at the next `after_action`."""
        if self.finishing or self.over:  # final scoring decides once it has begun (R16.3 is a win during play)
            return
        if self.instant_winner is None:
            self.instant_winner = player
            self.end_reason = None  # an instant win overrides a triggered end
            self.trigger_end("instant", player)

    def after_action(self) -> None:
        """Called after every action instance: stops the turn at once after an instant win (R16.3), or
        after a triggered end under the `after-action` option."""
        if self.powers.standing:
            self.powers.check_standing()
        if self.instant_winner is not None or (self.end_reason is not None and self.options.game_end == "after-action"):
            raise GameStop()
        if self.options.contract_discards == "any-moment" and not self.offering_discards:
            self.offer_leader_discards()

    def offer_leader_discards(self) -> None:
        """R14.1 read as "at any moment": the leader may discard contracts after every action instance
        of the turn too (the `contract_discards=any-moment` option; docs/rulings.md)."""
        self.offering_discards = True  # a completion caused by the discard does not ask again
        try:
            offer_contract_discards(self, self.players[self.leader])
        finally:
            self.offering_discards = False

    def next_leader(self) -> None:
        """R4.10: the next player clockwise leads, unless a power lets the leader lead once more."""
        if self.lead_again:
            self.lead_again = False
            return
        self.leader = (self.leader + 1) % len(self.players)

    # --- running ------------------------------------------------------------------------------
    def play(self) -> GameResult:
        if self.over:
            assert self.result is not None
            return self.result
        if len(self.agents) != len(self.players):
            raise SetupError(f"{len(self.players)} players need {len(self.players)} agents; got {len(self.agents)}")
        self.checkpoints = self.checkpoints or any(getattr(a, "wants_checkpoints", False) for a in self.agents)
        while not self.over:
            self.play_step()
        assert self.result is not None
        return self.result

    def play_step(self) -> None:
        """One step of `play`: a turn, or the final scoring once the game has ended. A search bot's
        rollout plays steps up to its horizon and values the position there without scoring it."""
        self.begin_step()
        try:
            if self.ending():
                self._final_scoring()
            else:
                self._turn()
        finally:
            self.in_step = False

    def ending(self) -> bool:
        """After a turn: the game end was triggered (R16), or the turn limit reached."""
        return self.turn > 0 and (self.end_reason is not None or self.turn >= self.options.max_turns)

    def begin_step(self) -> None:
        """A step (a turn, or the final scoring) begins: with `checkpoints` on, keep a copy of its
        start, which clones and search bots taken inside the step start from. `play` calls it; code
        that drives a game turn by turn (a test, a scenario) calls it before each step whose
        decisions a search bot may answer."""
        if self.checkpoints:
            self.step_start = copy_state(self, [])
        self.step_log = len(self.log)
        self.in_step = True

    def _turn(self) -> None:
        try:
            play_turn(self)
        except GameStop:
            clean_up(self)
        if not self.ending():
            self.next_leader()

    def _final_scoring(self) -> None:
        if self.end_reason is None:
            self.end_reason = "turn-limit"
        self.result = finish(self)
        self.over = True
