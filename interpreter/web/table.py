"""The table as the desk draws it: a plain snapshot of a game (what one seat may see, or everything),
the events of a game as log lines, and the final scores. Snapshots are plain data, so a viewed game
keeps one per decision and steps back and forth without playing again."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from interpreter.agents.foresight import pirate_warning
from interpreter.cards.model import GOOD_TYPES
from interpreter.engine import events as ev
from interpreter.engine.scoring import PARTS
from interpreter.engine.slots import open_slots_text
from interpreter.engine.state import Card, Player
from interpreter.engine.turn import PLAYED_THIS_TURN
from interpreter.web.grouping import option_groups

if TYPE_CHECKING:
    from interpreter.engine.decisions import Decision
    from interpreter.engine.game import Game, GameResult


def card_ref(card: Card) -> dict[str, Any]:
    return {"uid": card.uid, "id": card.id, "name": card.name, "good": card.good, "action": card.action, "tier": card.tier}


def refs(cards: list[Card]) -> list[dict[str, Any]]:
    return [card_ref(c) for c in cards]


def player_snapshot(game: Game, p: Player, show_hand: bool) -> dict[str, Any]:
    rules = game.rules
    return {
        "seat": p.seat, "name": p.name, "colour": p.colour, "credits": p.credits, "parked": p.parked_credits(),
        "hand_count": len(p.hand), "hand": refs(p.hand) if show_hand else None, "played": refs(p.played),
        "shipments": refs(p.shipments), "imports": refs(p.imports), "goods": refs(p.goods),
        "imports_limit": rules.imports_limit(p), "goods_counted": rules.goods_counted(p), "goods_limit": rules.goods_limit(p),
        "levels": {g: rules.level(p, g) for g in GOOD_TYPES},
        "ships": [{"label": s.label, "colour": s.colour, "at_sea": s.at_sea, "contracts": refs(s.contracts),
                   "containers": refs(s.containers),
                   "needs": open_slots_text(rules, p, s) if s.contracts and not s.at_sea else ""} for s in p.ships],
    }


def snapshot(game: Game, seat: int | None = None) -> dict[str, Any]:
    """The table now. `seat`: the player whose view this is (only that hand shown); None: everything."""
    zones = game.zones
    return {
        "turn": game.turn, "leader": game.leader, "deck": len(zones.deck), "discard": len(zones.discard),
        "island": refs(zones.island), "threshold": game.rules.end_threshold(), "end_reason": game.end_reason,
        "players": [player_snapshot(game, p, seat is None or p.seat == seat) for p in game.players],
        "lasting": game.powers.lasting_in_force(),  # public: every player sees the powers at work
    }


def decision_info(decision: Decision, names: list[str] | None = None, game: Game | None = None) -> dict[str, Any]:
    """A decision as the page shows it: its options, and the same options in groups (grouping.py).
    With the game, a pirate option whose take would be discarded says so (R11.2), as at the terminal."""
    labels = decision.labels()
    if game is not None and decision.kind == "pirate":
        me = game.players[decision.player]
        notes = [pirate_warning(game, me, o.value) for o in decision.options]
        labels = [f"{label} ({note})" if note else label for label, note in zip(labels, notes, strict=True)]
    return {"player": decision.player, "kind": decision.kind, "prompt": decision.prompt, "options": labels,
            "groups": option_groups(decision, names, labels)}


@dataclass(frozen=True)
class LogLine:
    text: str
    turn: int
    power: bool  # a card's power ran
    card_uid: int | None  # the card whose power ran


SALE = "sale"  # the reason of the credits a sale pays (engine/supply.py, a power's `sell`: "CARD: sale")


class EventLog:
    """Listens to a game's events and keeps them as log lines (credits included, as `--verbose`)."""

    def __init__(self, game: Game):
        self.game = game
        self.names = game.names()
        self.lines: list[LogLine] = []
        game.bus.subscribe_all(self.on_event)

    def on_event(self, event: ev.Event) -> None:
        if isinstance(event, ev.TurnEnded | ev.InstancesGranted):
            return
        if isinstance(event, ev.CardDiscarded) and event.source == PLAYED_THIS_TURN:  # every turn's played cards: noise
            return
        if isinstance(event, ev.CreditsGained) and (event.reason == SALE or event.reason.endswith(f": {SALE}")):
            return  # the sale's own line, which comes after it, says the price
        text = event.text(self.names)
        if not text:
            return
        if isinstance(event, ev.PowerUsed):
            self.lines.append(LogLine(text.strip(), self.game.turn, True, event.card.uid))
        else:
            self.lines.append(LogLine(text, self.game.turn, False, None))


def scores(game: Game, result: GameResult) -> list[dict[str, Any]]:
    """One row per player: the parts of the final score (R17) and whether the player won."""
    return [{"name": p.name, "colour": p.colour, "winner": p.seat in result.winners, **{k: b[k] for k in (*PARTS, "total")}}
            for p, b in zip(game.players, result.breakdown, strict=True)]
