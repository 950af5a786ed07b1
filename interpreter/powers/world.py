"""The language's `World` interface (interpreter/lang/world.py) on the engine: every effect, count
and condition of a power reaches the game through these methods, and only through them. Each is a
generic primitive in the rules' own terms (move a card, pay, load, contract, import); none knows a
card's name."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from interpreter.cards.model import ACTION_TYPES, GOOD_TYPES
from interpreter.engine import events as ev
from interpreter.engine.choices import Choice, PirateFromShip
from interpreter.engine.contract import has_room, make_contract
from interpreter.engine.decisions import Decision, Option
from interpreter.engine.importing import take_containers
from interpreter.engine.load import load_where_it_fits
from interpreter.engine.pirate import place_pirated
from interpreter.engine.scoring import majority_awards, score_player
from interpreter.engine.slots import fits
from interpreter.engine.solo import perform_alone, use_hand_actions
from interpreter.engine.state import Card, Player, Ship, remove_container
from interpreter.lang import world as language
from interpreter.lang.timings import CompiledPower
from interpreter.lang.world import Ctx, LastingEffect, T

if TYPE_CHECKING:
    from interpreter.engine.game import Game
    from interpreter.powers.runtime import PowerRuntime

AREAS = ("hand", "goods", "imports", "shipments")


def handles(p: Player, c: Card, s: Ship) -> tuple[language.Player, language.Card, language.Ship]:
    """The engine's players, cards and ships are the language's handles: the checker (mypy) proves here
    that they satisfy its Protocols (interpreter/lang/world.py). EngineWorld's methods take the engine's
    own classes, narrower than those Protocols; that is sound because every handle the language holds
    came from this world (the runtime hands it to the language as a `World`, runtime.py's `ctx`)."""
    return p, c, s


def engine_player(p: language.Player) -> Player:
    """A handle the language gave back, as the engine's player it is (see `handles`)."""
    assert isinstance(p, Player)
    return p


def engine_card(c: language.Card) -> Card:
    """A handle the language gave back, as the engine's card it is (see `handles`)."""
    assert isinstance(c, Card)
    return c


@dataclass(slots=True, eq=False)
class UsePower(Choice):
    """Use the any-time `power` of `card` now (R15.3)."""

    card: Card
    power: CompiledPower

    def describe(self) -> str:
        return f"use {self.card.name}: {self.power.text.split(':', 1)[1].strip()}"


class EffectChoice:
    """The value of an option that picks one of a power's effects: a bot can weigh `node` (its
    `value()`, in credits, from the point of view of the player doing it)."""

    __slots__ = ("node", "run")

    def __init__(self, node: Any, run: Callable[[Ctx], None]):
        self.node = node
        self.run = run


class CardPick:
    """The value of an option that picks a card for a power: `purpose` says what happens to it
    (`give`, `discard`, `sell`, `take`, `move`, `load`, ...), so a bot need not read the label."""

    __slots__ = ("card", "purpose")
    LOSING = ("give", "discard", "sell", "put", "give to the island")

    def __init__(self, card: Card, purpose: str):
        self.card = card
        self.purpose = purpose

    @property
    def loses(self) -> bool:
        return self.purpose.startswith(self.LOSING)


class EngineWorld:
    """One game seen by its powers."""

    def __init__(self, game: Game, runtime: PowerRuntime):
        self.game = game
        self.runtime = runtime

    # --- players ---------------------------------------------------------------------------------
    def player(self, seat: int) -> Player:
        return self.game.players[seat]

    def players_from(self, first: Player) -> list[Player]:
        players = self.game.players
        return [players[s] for s in self.game.seats_from(first.seat)]

    def credits(self, p: Player) -> int:
        return p.credits

    def passive_credits(self, p: Player) -> int:
        """What `p` would score now beyond active credits (R1.9.2, R17.3-R17.7): parked credits, 2 per
        container on ships in harbor, innate values, majorities as they stand, one of each; not
        end-game powers, which have not run."""
        parts = score_player(self.game, p, majority_awards(self.game)[p.seat])
        return parts["total"] - parts["credits"] - parts["powers"]

    def is_leader(self, p: Player) -> bool:
        return self.game.leader == p.seat

    def ties_are_the_most(self) -> bool:
        """How "the most" reads (docs/rulings.md): a tie counts, unless the `the_most=strict` option."""
        return self.game.options.the_most != "strict"

    def did_this_turn(self, p: Player, action: str, before: Player | None) -> bool:
        log = self.game.turn_log
        cut = len(log)
        if before is not None:
            cut = next((i for i, (seat, act) in enumerate(log) if seat == before.seat and act == action), len(log))
        return any(seat == p.seat and act == action for seat, act in log[:cut])

    def actions_this_turn(self, p: Player, action: str | None) -> int:
        """Action instances `p` carried out this turn (of `action`, or of any action type)."""
        kinds = ACTION_TYPES if action is None else (action,)
        return sum(1 for seat, act in self.game.turn_log if seat == p.seat and act in kinds)

    def turn_number(self) -> int:
        return self.game.turn

    # --- cards ----------------------------------------------------------------------------------
    def cards(self, p: Player, zone: str) -> list[Card]:
        if zone in AREAS:
            return list(getattr(p, zone))
        if zone == "contracts":
            return [c for s in p.ships if not s.at_sea for c in s.contracts]
        if zone == "containers":
            return self.ship_containers(p, "all")
        return list(p.hand) if zone == "cards" else []

    def ship_containers(self, p: Player, where: str) -> list[Card]:
        return [c for s in self.ships(p, where) for c in s.containers]

    def shared(self, zone: str) -> list[Card]:
        zones = self.game.zones
        if zone == "island":
            return list(zones.island)
        if zone == "discard":
            return list(zones.discard)
        return list(reversed(zones.deck))  # the top of the deck first

    def deck_top(self, n: int) -> list[Card]:
        """The top `n` cards of the deck, the discard pile shuffled in under them when too few (R3.7)."""
        return self.game.deck_top(n)

    def goods_of_type(self, p: Player, good: str) -> int:
        return self.game.rules.goods_of_type(p, good)

    def majority_goods(self, p: Player, good: str) -> int:
        return self.game.rules.majority_goods(p, good)

    def level(self, p: Player, good: str) -> int:
        return self.game.rules.level(p, good)

    def card_ids(self) -> list[tuple[str, str]]:
        return sorted({(c.id, c.name) for c in self.game.card_set.cards}, key=lambda x: x[1])

    def locate(self, card: Card) -> tuple[Player | None, str]:
        # Asked for every card a power offers to choose: the places are written out, in the order of
        # AREAS then ships then played, rather than looked up by name (a card lies in one place only).
        for p in self.game.players:
            if card in p.hand:
                return p, "hand"
            if card in p.goods:
                return p, "goods"
            if card in p.imports:
                return p, "imports"
            if card in p.shipments:
                return p, "shipments"
            for ship in p.ships:
                if card in ship.containers:
                    return p, "containers"
                if card in ship.contracts:
                    return p, "contracts"
            if card in p.played:
                return p, "played"
        zones = self.game.zones
        if card in zones.island:
            return None, "island"
        if card in zones.deck:
            return None, "deck"
        if card in zones.discard:
            return None, "discard"
        return None, "nowhere"

    def ships(self, p: Player | None, where: str) -> list[Ship]:
        owners = [p] if p is not None else self.game.players
        return [s for q in owners for s in q.ships
                if where == "all" or (where == "sea") == s.at_sea]

    def ship_owner(self, ship: Ship) -> Player:
        return self.game.players[ship.owner]

    def fits(self, p: Player, card: Card, ship: Ship | None) -> bool:
        ships = [ship] if ship is not None else p.ships
        return any(fits(self.game.rules, p, s, card) for s in ships)

    def room(self, p: Player, zone: str, extra: int = 1) -> bool:
        rules = self.game.rules
        if zone == "goods":
            return rules.goods_counted(p) + extra <= rules.goods_limit(p)
        if zone == "imports":
            return len(p.imports) + extra <= rules.imports_limit(p)
        return True

    def can_move(self, card: Card, to: Player | None, zone: str) -> bool:
        """Whether `card` would find room in `to`'s `zone`, by the limits as they will stand once the
        card has left where it lies (R13.6): leaving Shipments takes away its shipment and its own
        rules, and any rule that reads the Shipments (a shipment of every type, ...) reads them without it."""
        if to is None or zone not in ("goods", "imports"):
            return True
        rules = self.game.rules
        with self._as_if_taken_out(card):
            if zone == "imports":
                return len(to.imports) < rules.imports_limit(to)
            if "goods_counted" not in rules.active:  # as game.add_to_goods decides: the room there is now
                return rules.goods_room(to)
            to.goods.append(card)  # counted with the card: some goods take less room (R13.4)
            try:
                return rules.goods_counted(to) <= rules.goods_limit(to)
            finally:
                to.goods.pop()

    @contextmanager
    def _as_if_taken_out(self, card: Card) -> Iterator[None]:
        """The game as it would be once `card` left its place (its list; and, from Shipments, its
        rules out of the queries), put back exactly as it was afterwards. No event is emitted."""
        place = self._list_holding(card)
        if place is None:
            yield
            return
        index = next(i for i, c in enumerate(place) if c is card)
        del place[index]
        contracts = self.runtime.contract_rules
        contracts.forget()
        try:
            with self.game.rules.without(self.runtime.rules_of(card)):
                yield
        finally:
            place.insert(index, card)
            contracts.forget()

    def _list_holding(self, card: Card) -> list[Card] | None:
        holder, where = self.locate(card)
        if holder is None:
            return getattr(self.game.zones, where) if where in ("island", "deck", "discard") else None
        if where in AREAS or where == "played":
            return getattr(holder, where)
        for ship in holder.ships:
            for held in (ship.containers, ship.contracts):
                if card in held:
                    return held
        return None

    # --- what a rule allows (rule queries a power's effects respect) ------------------------------
    def may_import(self, p: Player, ship: Ship) -> bool:
        return self.game.rules.may_import(p, self.game.players[ship.owner])

    def may_sell(self, p: Player, card: Card) -> bool:
        return self.game.rules.may_sell(p, card)

    def may_move(self, power_owner: Player, holder: Player, zone: str) -> bool:
        """Whether a power of `power_owner` may move cards of `holder`'s `zone`, or put cards into it."""
        return self.game.rules.power_may_move(power_owner, holder, zone)

    def movable(self, power_owner: Player, cards: Sequence[Card]) -> list[Card]:
        """The cards a power of `power_owner` may move (a rule may protect another player's cards)."""
        rules = self.game.rules
        if "power_may_move" not in rules.active:
            return list(cards)
        out = []
        for card in cards:
            holder, zone = self.locate(card)
            if holder is None or rules.power_may_move(power_owner, holder, zone):
                out.append(card)
        return out

    def has_powers(self, card: Card) -> bool:
        return bool(card.defn.powers)

    # --- choosing -------------------------------------------------------------------------------
    def choose_cards(self, chooser: Player, pool: Sequence[Card], n: int, purpose: str, *, up_to: bool = False,
                     prompt: str = "") -> list[Card]:
        """`chooser` picks up to `n` of `pool` one at a time (all of them when there are no more than
        `n` and fewer will not do); copies of one card in one place are one option."""
        left = list(pool)
        chosen: list[Card] = []
        kind = "give_card" if purpose.startswith(("give", "put on")) and not purpose.startswith("give to") else "choose_card"
        while left and len(chosen) < n:
            if len(left) <= n - len(chosen) and not up_to:
                chosen += left
                break
            options: list[Option] = [Option("stop", None)] if up_to else []
            seen: set[tuple[str, str]] = set()
            for card in left:
                holder, where = self.locate(card)
                key = (card.id, f"{holder.seat if holder else ''}{where}")
                if key not in seen:
                    seen.add(key)
                    options.append(Option(f"{purpose} {card.name} ({card.good}){self._where_text(holder, where)}",
                                          CardPick(card, purpose)))
            picked = self.game.ask(Decision(kind, chooser.seat, options, f"{prompt}: choose a card to {purpose}",
                                            stop=0 if up_to else None)).value
            if picked is None:
                break
            card = picked.card
            left.remove(card)
            chosen.append(card)
        return chosen

    def _where_text(self, holder: Player | None, where: str) -> str:
        if where in ("hand", "nowhere", "deck"):
            return ""
        if holder is None:
            return f" from the {'supply island' if where == 'island' else 'discard pile'}"
        return f" from the {where} of {holder.name}"

    def choose(self, chooser: Player, options: Sequence[tuple[str, Any]], prompt: str, kind: str = "choose_one") -> Any:
        made = [Option(label, EffectChoice(value[0], value[1]) if isinstance(value, tuple) and len(value) == 2
                       and callable(value[1]) and hasattr(value[0], "value") else value) for label, value in options]
        picked = self.game.ask(Decision(kind, chooser.seat, made, prompt)).value
        return picked.run if isinstance(picked, EffectChoice) else picked

    def ask_yes(self, chooser: Player, text: str, card: Card) -> bool:
        options = [Option(f"yes: {text}", True), Option("no", False)]
        return bool(self.game.ask(Decision("optional_power", chooser.seat, options, f"{card.name}: use it?", stop=1)).value)

    def random_cards(self, pool: Sequence[T], n: int) -> list[T]:
        items = list(pool)
        return self.game.rng.sample(items, min(n, len(items)))

    def reveal(self, p: Player, cards: Sequence[Card]) -> None:
        """`p` shows `cards` to every player; they stay where they are. The event (CardsRevealed, with
        where the cards are) is what other powers answer (`when another player reveals ...`)."""
        if cards:
            holder, where = self.locate(cards[0])
            source = f"{holder.name}'s {where}" if holder is not None else f"the {where}"
            self.game.emit(ev.CardsRevealed, player=p.seat, cards=list(cards), source=source)

    def coin_flip(self, p: Player) -> bool:
        heads = self.game.rng.random() < 0.5
        self.game.emit(ev.CoinFlipped, player=p.seat, heads=heads)
        return heads

    # --- credits --------------------------------------------------------------------------------
    def gain(self, p: Player, n: int, reason: str) -> None:
        self.game.gain(p, n, reason)

    def score(self, p: Player, n: int, reason: str) -> None:
        self.game.gain(p, n, reason)  # during final scoring, credits gained are points (R17.8)

    def lose(self, p: Player, n: int, reason: str) -> None:
        if self.game.scoring:
            p.end_points -= n
            self.game.emit(ev.CreditsPaid, player=p.seat, amount=n, to=None, reason=reason)
        else:
            self.game.pay(p, n, None, reason)

    def pay(self, p: Player, n: int, to: Player | None, reason: str) -> int:
        return self.game.pay(p, n, to, reason)

    def park(self, p: Player, card: Card, n: int) -> None:
        card.parked += n  # passive credits on the card (R1.9.2): they go where the card goes

    # --- cards moving ---------------------------------------------------------------------------
    def draw(self, p: Player, n: int) -> list[Card]:
        before = len(p.hand)
        self.game.draw_into_hand(p, n)
        return p.hand[before:]

    def take_out(self, card: Card, by: Player | None = None) -> tuple[Player | None, str]:
        """Remove `card` from where it lies (its powers stop if it leaves Shipments); `by`: who takes it
        (an emptied ship at sea names the player)."""
        game = self.game
        holder, where = self.locate(card)
        if holder is not None:
            if where == "shipments":
                game.remove_shipment(holder, card)
            elif where in AREAS:
                getattr(holder, where).remove(card)
            elif where == "played":
                holder.played.remove(card)
            else:
                for ship in holder.ships:
                    if card in ship.containers:
                        game.take_from_ship_at_sea(ship, card, None if by is None else by.seat) if ship.at_sea else remove_container(ship, card)
                        break
                    if card in ship.contracts:
                        ship.contracts.remove(card)  # its `as a contract` rules ask whether it still is one
                        self.runtime.contract_rules.forget()
                        break
        elif where in ("island", "deck", "discard"):
            getattr(game.zones, where).remove(card)
        return holder, where

    def move(self, card: Card, to: Player | None, zone: str, *, ignore_limits: bool = False, reason: str = "",
             by: Player | None = None) -> bool:
        """`by` (the player whose power does it, if known) moves `card` to `to`'s `zone` or to a shared
        place. False, with the card left where it was, when no limit lets it in (R13.4)."""
        game = self.game
        if to is not None and zone in ("goods", "imports") and not ignore_limits and not self.can_move(card, to, zone):
            return False
        by_seat = by.seat if by is not None else None
        holder, where = self.take_out(card, by or to)
        if where == "nowhere":  # between two places, as an event reports it: the rules are still placing it
            return False
        if to is None:
            if zone == "discard":
                game.discard(card, reason or "discarded by a power", None if holder is None else holder.seat)
            elif zone == "island":
                game.zones.island.append(card)
                if where == "deck":  # a deck card put on the supply island seeds it (R8.4's event)
                    game.emit(ev.IslandSeeded, card=card, player=by_seat)
            elif zone == "deck_bottom":
                game.zones.deck.insert(0, card)
            else:
                game.zones.deck.append(card)
        elif zone == "shipments":
            game.add_shipment(to, card)
        elif zone in ("goods", "imports"):
            add = game.add_to_goods if zone == "goods" else game.add_to_imports
            if not add(to, card, ignore_limits=ignore_limits):  # checked above, by the same count: never expected
                game.discard(card, f"no room in {zone}", to.seat)  # taken out already: discarded, as a card with no room is (R13.4)
                return False
        else:
            to.hand.append(card)
        return True

    def handed(self, giver: Player, receiver: Player, count: int, zone: str) -> None:
        """Cards went from one player to another by a power: one event per giver."""
        self.game.emit(ev.CardsGiven, giver=giver.seat, receiver=receiver.seat, count=count, zone=zone)

    def placed(self, card: Card) -> bool:
        """Whether `card` lies somewhere: an event may report a card the rules are still placing (taken
        from one place, not yet in the next), and a power acting on it then would copy it."""
        return self.locate(card)[1] != "nowhere"

    def sell(self, p: Player, card: Card, price: int, reason: str) -> None:
        if not self.game.rules.may_sell(p, card) or not self.placed(card):  # a rule forbids it (R12.5): the card stays
            return
        self.take_out(card)
        self.game.zones.island.append(card)
        paid = self.game.rules.sale_price(p, price)
        self.game.gain(p, paid, f"{reason}: sale")
        self.game.emit(ev.CardSold, player=p.seat, card=card, price=paid)  # sold: on the island, and paid

    def load(self, p: Player, card: Card, ships: Sequence[Ship] | None) -> bool:
        fitting = [s for s in (ships or p.ships) if fits(self.game.rules, p, s, card)]
        if not fitting or not self.placed(card):
            return False
        self.take_out(card)
        return load_where_it_fits(self.game, p, card, "power", fitting)

    def contract_ships(self, p: Player, card: Card, *, tier: bool) -> list[Ship]:
        if tier and self.game.rules.level(p, card.good) < self.game.rules.tier_needed(p, card):
            return []
        if not self.game.rules.may_contract(p, card):
            return []
        return [s for s in p.harbor_ships() if has_room(self.game, p, s, card)]

    def contract(self, p: Player, card: Card, ships: Sequence[Ship] | None, *, tier: bool) -> bool:
        found = [s for s in self.contract_ships(p, card, tier=tier) if ships is None or s in ships]
        if not found or not self.placed(card):
            return False
        options = [Option(f"contract {card.name} on the {s.label}", s) for s in found]
        ship = self.game.ask(Decision("choose_ship", p.seat, options, f"Where does {card.name} go?")).value
        self.take_out(card)
        make_contract(self.game, p, card, ship, 0)
        return True

    def complete(self, p: Player, card: Card) -> None:
        """The card resolves as if just completed: into Shipments, then its one-time powers (R8.2.3)."""
        holder, where = self.locate(card)
        if where == "nowhere":
            return
        if (holder, where) != (p, "shipments"):
            self.take_out(card)
            self.game.add_shipment(p, card)
        self.game.emit(ev.ContractCompleted, player=p.seat, card=card, ship=None, contracts=[card])
        self.runtime.completed(p, card, None)

    def import_from(self, p: Player, ship: Ship, n: int, *, fee: bool) -> None:
        take_containers(self.game, p, ship, 0, count=n, fee=fee, by="power")

    def pirate_from(self, p: Player, ships: Sequence[Ship]) -> None:
        """A pirate's take from one of `ships` (R11): the container is then loaded where it fits, or
        discarded (R11.2); the pirate picks the container in one decision, as a PIRATE action does."""
        game = self.game
        if "may_pirate_ship" in game.rules.active:  # a rule may keep pirates off some ships (R11.1)
            ships = [s for s in ships if s.owner == p.seat or game.rules.may_pirate_ship(p, game.players[s.owner])]
        options: list[Option] = [PirateFromShip(ship, c, game.players[ship.owner])
                                 for ship in ships for c in {c.id: c for c in ship.containers}.values()]
        if not options:
            return
        choice = game.ask(Decision("pirate", p.seat, options, "Pirate which container?")).value
        ship, card = choice.ship, choice.card
        source = "sea" if ship.at_sea else "harbor"
        game.turn_log.append((p.seat, "pirate"))
        if ship.at_sea:
            game.take_from_ship_at_sea(ship, card, p.seat)
        else:
            remove_container(ship, card)
        game.emit(ev.CardPirated, player=p.seat, card=card, source=source, ship=ship, victim=ship.owner)
        place_pirated(game, p, card)
        game.emit(ev.PirateFinished, player=p.seat, card=card, source=source, ship=ship, victim=ship.owner)

    def free_action(self, p: Player, action: str, *, fee: bool = True) -> None:
        perform_alone(self.game, p, action, fee=fee)

    def use_hand_actions(self, p: Player) -> None:
        use_hand_actions(self.game, p)

    def win(self, p: Player) -> None:
        self.game.win_instantly(p.seat)

    def add_virtual(self, p: Player, good: str, n: int) -> None:
        if good in GOOD_TYPES:
            p.virtual_goods[good] = p.virtual_goods.get(good, 0) + n


    def copy_powers(self, ctx: Ctx, source: Card) -> None:
        self.runtime.copy_powers(ctx, source)

    def install_lasting(self, ctx: Ctx, lasting: LastingEffect) -> None:
        self.runtime.install_lasting(ctx, lasting)
