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
        return [c.id for c in cards.cards if c.powers and not self.fired[c.id]]

    def report(self, cards: CardSet) -> str:
        powered = [c for c in cards.cards if c.powers]
        never = self.never_fired(cards)
        lines = [f"Powers fired: {len(powered) - len(never)} of {len(powered)} cards with powers"]
        if never:
            lines.append("Never fired (times completed): " + ", ".join(f"{i} ({self.completed[i]})" for i in never))
        least = sorted((c.id for c in powered if self.fired[c.id]), key=lambda i: self.fired[i])[:10]
        if least:
            lines.append("Fired least: " + ", ".join(f"{i} {self.fired[i]}" for i in least))
        return "\n".join(lines)
