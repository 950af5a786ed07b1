"""Which card powers fired in a batch of games: a designer's check that every card does something."""

from __future__ import annotations

from collections import Counter

from interpreter.cards.loader import CardSet
from interpreter.engine import events as ev
from interpreter.engine.game import Game


class PowerCoverage:
    """Counts, per card id, the times a power ran (a rule power counts when it starts to hold)."""

    def __init__(self) -> None:
        self.fired: Counter[str] = Counter()
        self.completed: Counter[str] = Counter()

    def watch(self, game: Game) -> None:
        game.bus.subscribe(ev.PowerUsed, self._used)
        game.bus.subscribe(ev.ContractCompleted, self._completed)

    def _used(self, event: ev.PowerUsed) -> None:
        self.fired[event.card.id] += 1

    def _completed(self, event: ev.ContractCompleted) -> None:
        self.completed[event.card.id] += 1

    def never_fired(self, cards: CardSet) -> list[str]:
        return [c.id for c in cards.by_id.values() if c.powers and not self.fired[c.id]]

    def report(self, cards: CardSet, own: dict[str, str] | None = None) -> str:
        """Which powers fired. `own`: the cards mod packs add or replace (id -> `added to PACK` or
        `replaced by PACK`), reported first in a section of their own, every one of them named."""
        own = own or {}
        powered = [c for c in cards.by_id.values() if c.powers]  # each card once, however many copies
        never = self.never_fired(cards)
        lines = [f"Powers fired: {len(powered) - len(never)} of {len(powered)} cards with powers"]
        if own:
            lines.append("The packs' own cards:")
            for card_id, origin in own.items():
                card = cards.by_id.get(card_id)
                if card is None:
                    continue
                fired = f"fired {self.fired[card_id]} time(s)" if self.fired[card_id] else ("never fired" if card.powers else "no powers")
                lines.append(f"  {card_id} ({origin}): {fired}; completed {self.completed[card_id]} time(s)")
        never = [i for i in never if i not in own]
        if never:
            lines.append(("Never fired among the other cards" if own else "Never fired") + " (times completed): "
                         + ", ".join(f"{i} ({self.completed[i]})" for i in never))
        least = sorted((c.id for c in powered if self.fired[c.id] and c.id not in own), key=lambda i: self.fired[i])[:10]
        if least:
            lines.append("Fired least: " + ", ".join(f"{i} {self.fired[i]}" for i in least))
        return "\n".join(lines)
