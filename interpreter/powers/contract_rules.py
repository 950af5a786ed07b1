"""`as a contract` rules: a card's rule that holds while a copy of the card is a contract on a ship
(the rule is the owner of that ship's).

The rules are in the game's rule queries only while some copy may be a contract: most of a game has
none, and then the queries they change (a contract's load, asked for every slot count) cost nothing
extra. They are in at the start, since a game may begin with contracts placed by hand (a scenario, a
test); they come out after an event when the last look-up found no copy that is a contract, and go
back in when a copy is contracted (`ContractMade`, the only way a card becomes a contract in play).
While in, each rule asks which copies are contracts now; the answer is kept until the next event.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from interpreter.engine import events as ev
from interpreter.engine.state import Card, Player, Ship
from interpreter.powers.card_index import power_index

if TYPE_CHECKING:
    from interpreter.lang.world import Ctx, Modifier
    from interpreter.powers.runtime import PowerRuntime

Contracted = dict[str, list[tuple[Player, Card, Ship]]]  # card id -> (owner, copy, ship) of each copy that is a contract


class ContractRules:
    def __init__(self, runtime: PowerRuntime):
        self.runtime = runtime
        game = runtime.game
        index = power_index(game.card_set)  # the card set's `as a contract` rules, worked out once per card set
        self.ids = set(index.contract_ids)
        self._rules: list[tuple[str, Modifier]] = []  # (query, modifier), in the order of the cards
        self._sources: list[tuple[str, int, Callable[[Ctx], Modifier]]] = []  # (card id, rule, maker) of each, for clones
        for card_id, i, query, make in index.contract_rules:
            self._rules.append((query, self._modifier(card_id, i, make)))
            self._sources.append((card_id, i, make))
        self._makers: dict[tuple[int, int, int], Modifier] = {}  # (copy uid, rule, seat) -> its modifier
        self._contracted: Contracted | None = None  # None: to be looked up again
        self._none_found = False  # the last look-up found no copy that is a contract
        self._installed = False
        if self._rules:
            self._install()
            game.bus.subscribe(ev.ContractMade, self._contract_made)

    def copy_for(self, runtime: PowerRuntime, made: dict[int, Modifier]) -> ContractRules:
        """These rules for `runtime`, a clone's (engine/cloning.py): the same rules, in or out of the
        queries as here, made again for the clone; `made` learns which new modifier stands for each
        old one. The copies that are contracts are looked up again in the clone."""
        new = ContractRules.__new__(ContractRules)
        new.runtime = runtime
        new.ids = set(self.ids)
        new._sources = list(self._sources)
        new._rules = []
        for (query, old), (card_id, i, make) in zip(self._rules, self._sources, strict=True):
            modifier = made[id(old)] = new._modifier(card_id, i, make)
            new._rules.append((query, modifier))
        new._makers = {}
        new._contracted = None
        new._none_found = False
        new._installed = self._installed
        return new

    def _install(self) -> None:
        """Put the rules in their queries ahead of every other modifier, where they have always been
        (they are made when the game is), so the order the modifiers apply in does not change."""
        game = self.runtime.game
        for query, modifier in reversed(self._rules):
            game.rules.add_modifier(query, modifier, first=True)
        # watched only while in (out, there is nothing to look up again): first among the watchers, where
        # it has always been (it starts with the game, before any other), so their order is kept
        game.bus.watch(self._after_event, first=True)
        self._installed = True

    def _uninstall(self) -> None:
        game = self.runtime.game
        for query, modifier in self._rules:
            game.rules.remove_modifier(query, modifier)
        game.bus.unwatch(self._after_event)
        self._installed = False

    def _contract_made(self, event: ev.ContractMade) -> None:
        if event.card.id in self.ids:
            self._contracted = None
            self._none_found = False
            if not self._installed:
                self._install()

    def _after_event(self) -> None:
        """Contracts come and go with events: look them up again after each, and take the rules out
        once a look-up since the last event found none (watched only while the rules are in)."""
        if self._none_found:
            self._uninstall()
        self._contracted = None
        self._none_found = False

    def forget(self) -> None:
        """A card stopped (or would stop) being a contract without an event: look the contracts up again."""
        self._contracted = None

    def _modifier(self, card_id: str, index: int, make: Callable[[Ctx], Modifier]) -> Modifier:
        """One modifier for an `as a contract` rule of a card: each copy of the card that is a
        contract on a ship now applies the rule for the ship's owner."""
        def modifier(value: Any, *args: Any) -> Any:
            contracted = self._contracted if self._contracted is not None else self._look_up()
            for p, card, ship in contracted.get(card_id, ()):
                key = (card.uid, index, p.seat)
                made = self._makers.get(key)
                if made is None:
                    made = self._makers[key] = make(self.runtime.ctx(p, card, ship=ship))
                value = made(value, *args)
            return value
        return modifier

    def _look_up(self) -> Contracted:
        """The copies of cards with `as a contract` rules that are contracts now, with their ships
        (rules are read far more often than contracts change: kept until the next event)."""
        found: Contracted = {}
        for p in self.runtime.game.players:
            for ship in p.ships:
                for card in ship.contracts:
                    if card.id in self.ids:
                        found.setdefault(card.id, []).append((p, card, ship))
        self._contracted = found
        self._none_found = not found
        return found
