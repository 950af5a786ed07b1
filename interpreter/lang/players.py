"""Players: who does an effect or receives it (`you`, `each other player`, `that player`), and
groups narrowed by what they have or did (`each other player with an illegal good`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from interpreter.lang.cards import first, words
from interpreter.lang.conditions import Have, Predicate
from interpreter.lang.registry import construct
from interpreter.lang.roles import Players
from interpreter.lang.world import Ctx, Player, PlayersOf

GROUPS: dict[tuple[str, ...], str] = {
    ("you",): "you", ("each", "player"): "every", ("every", "player"): "every", ("all", "players"): "every",
    ("each", "other", "player"): "others", ("every", "other", "player"): "others", ("each", "opponent"): "others",
    ("every", "opponent"): "others", ("all", "other", "players"): "others", ("other", "players"): "others",
    ("that", "player"): "that", ("the", "chosen", "player"): "chosen", ("that", "ship's", "owner"): "ship_owner",
    ("a", "random", "opponent"): "random_other", ("a", "random", "player"): "random",
}
GROUP_TEXT = {"you": "you", "every": "every player", "others": "each other player", "that": "that player",
              "chosen": "the chosen player", "ship_owner": "that ship's owner", "random_other": "a random opponent",
              "random": "a random player"}


@construct
@dataclass(frozen=True)
class PlayerGroup(Players):
    """You, every player, each other player, that player (the event's), the chosen player, that
    ship's owner, or a random one. Groups go clockwise from the card's owner (R15.7)."""

    grammar: ClassVar[str] = r'''
!player_group: "you" | "each" "player" | "every" "player" | "all" "players" | "each" "other" "player"
             | "every" "other" "player" | "each" "opponent" | "every" "opponent" | "all" "other" "players" | "other" "players"
             | "that" "player" | "the" "chosen" "player" | "that" "ship's" "owner" | "a" "random" "opponent" | "a" "random" "player"
'''
    syntax: ClassVar[str] = ("you | each player | each other player | each opponent | that player | the chosen player | "
                             "that ship's owner | a random opponent | a random player")
    meaning: ClassVar[str] = ("`that player` is the player of the triggering event (a `when ...` power); `the chosen player` "
                              "is the one picked by `choose an opponent`; groups act one after another, clockwise from the owner")
    examples: ClassVar[tuple[str, ...]] = ("on completion: each other player pays you 2",
                                           "when any player completes a shipment: that player gives you 1 card from their hand")
    kind: str = "you"

    @classmethod
    def build(cls, col: int, children: list[Any]) -> PlayerGroup:
        return cls(GROUPS[tuple(words(children))], col=col)

    def english(self) -> str:
        return GROUP_TEXT[self.kind]

    def possessive(self) -> str:
        return "your" if self.kind == "you" else GROUP_TEXT[self.kind] + "'s"

    def resolve(self) -> PlayersOf:
        kind = self.kind
        if kind == "you":
            return lambda ctx: [ctx.owner]
        if kind == "that":
            return lambda ctx: [ctx.that] if ctx.that is not None else []
        if kind == "chosen":
            return lambda ctx: [ctx.chosen] if ctx.chosen is not None else []
        if kind == "ship_owner":
            return lambda ctx: [ctx.world.ship_owner(ctx.ship)] if ctx.ship is not None else []
        if kind == "random_other":
            return lambda ctx: [p for p in ctx.world.random_cards(ctx.world.players_from(ctx.owner)[1:], 1)]
        if kind == "random":
            return lambda ctx: [p for p in ctx.world.random_cards(ctx.world.players_from(ctx.owner), 1)]
        if kind == "others":
            return lambda ctx: ctx.world.players_from(ctx.owner)[1:]
        return lambda ctx: ctx.world.players_from(ctx.owner)

    def value(self) -> float:
        return 0.0


@construct
@dataclass(frozen=True)
class PlayersWho(Players):
    """A group narrowed by a predicate: `each other player with an illegal good`, `each player who
    pirated before you this turn`, `each player with more credits than you`."""

    grammar: ClassVar[str] = r'''
!players_who: player_group ("who" predicate | "with" have)
'''
    syntax: ClassVar[str] = "PLAYERS who PREDICATE | PLAYERS with HAVE"
    meaning: ClassVar[str] = "only the players of the group of whom it is true (`with X` means `who has X`)"
    examples: ClassVar[tuple[str, ...]] = ("on completion: each other player with an illegal good pays you 2",
                                           "on completion: each player with more credits than you pays you 2")
    group: PlayerGroup = PlayerGroup()
    who: Predicate | None = None
    having: Have | None = None

    @classmethod
    def build(cls, col: int, children: list[Any]) -> PlayersWho:
        return cls(first(children, PlayerGroup), first(children, Predicate), first(children, Have), col=col)

    def english(self) -> str:
        if self.who is not None:
            return f"{self.group.english()} who {self.who.english().replace('has ', 'has ', 1)}"
        assert self.having is not None
        return f"{self.group.english()} with {self.having.english()}"

    def possessive(self) -> str:
        return self.english() + "'s"

    def resolve(self) -> PlayersOf:
        group = self.group.resolve()
        node = self.who if self.who is not None else self.having
        assert node is not None
        holds: Callable[[Ctx, Player], bool] = node.holds()
        return lambda ctx: [p for p in group(ctx) if holds(ctx, p)]

    def value(self) -> float:
        return 0.0
