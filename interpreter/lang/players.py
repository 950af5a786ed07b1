"""Players: who does an effect or receives it (`you`, `each other player`, `that player`), and
groups narrowed by what they have or did (`each other player with an illegal good`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from interpreter.lang.cards import first, words
from interpreter.lang.conditions import Have, Predicate
from interpreter.lang.english import acting
from interpreter.lang.registry import construct
from interpreter.lang.roles import Group, Players
from interpreter.lang.world import Ctx, Number, Player, PlayersOf

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

    def needs(self) -> str | None:
        return {"that": "that player", "ship_owner": "that ship"}.get(self.kind)

    def refers(self) -> str | None:
        return "chosen" if self.kind == "chosen" else None


@construct
@dataclass(frozen=True)
class PlayersWho(Players):
    """A group narrowed by a predicate: `each other player with an illegal good`, `each player who
    pirated before you this turn`, `each player with more credits than you`."""

    grammar: ClassVar[str] = r'''
!players_who: (player_group | _the_players) ("who" predicate | "with" have)
!_the_players: "the" ("player" | "players" | "opponent" | "opponents")
'''
    syntax: ClassVar[str] = "PLAYERS who PREDICATE | PLAYERS with HAVE | the player|opponent with HAVE"
    meaning: ClassVar[str] = ("only the players of the group of whom it is true (`with X` means `who has X`); `the player "
                              "with ...` is every player of whom it is true, all of them on a tie; `the opponent with ...` "
                              "the other players of whom it is true (`the most` is still measured against every player, "
                              "you included: if you have the most, no opponent has)")
    examples: ClassVar[tuple[str, ...]] = ("on completion: each other player with an illegal good pays you 2",
                                           "on completion: each player with more credits than you pays you 2",
                                           "on completion: the opponent with the most credits pays you 4")
    group: PlayerGroup = PlayerGroup()
    who: Predicate | None = None
    having: Have | None = None
    the: str = ""  # `the player` / `the opponent`, as written

    @classmethod
    def build(cls, col: int, children: list[Any]) -> PlayersWho:
        w = words(children)
        if w[0] == "the" and w[1] in ("player", "players", "opponent", "opponents"):
            group, the = PlayerGroup("others" if w[1].startswith("opponent") else "every", col=col), f"the {w[1]}"
        else:
            group, the = first(children, PlayerGroup), ""
        return cls(group, first(children, Predicate), first(children, Have), the, col=col)

    def english(self) -> str:
        subject = self.the or self.group.english()
        with acting("your" if self.group.kind == "you" else "their"):
            if self.who is not None:
                return f"{subject} who {self.who.english()}"
            assert self.having is not None
            return f"{subject} with {self.having.english()}"

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


@construct
@dataclass(frozen=True)
class PlayersCounted(Group):
    """Players counted by `for each` and `the number of`: `for each opponent who has an illegal good`.
    (`who`, not `with`: `take 1 free load action for each opponent with no fees` would read two ways.)"""

    grammar: ClassVar[str] = r'''
!players_counted: ("player" | "players" | "other" "player" | "other" "players" | "opponent" | "opponents") ("who" predicate)?
'''
    syntax: ClassVar[str] = "player|other player|opponent [who PREDICATE]"
    meaning: ClassVar[str] = "how many players (you included, unless `other player` or `opponent`) it is true of"
    examples: ClassVar[tuple[str, ...]] = ("on completion: gain 2 for each opponent who has more shipments than you",
                                           "at game end: score 3 for each other player who has no luxury goods",
                                           "as soon as the number of opponents who have 4 or more goods >= 2: draw 2")
    group: PlayerGroup = PlayerGroup("others")  # every player, or the others
    who: Predicate | None = None

    @classmethod
    def build(cls, col: int, children: list[Any]) -> PlayersCounted:
        others = words(children)[0] in ("other", "opponent", "opponents")
        return cls(PlayerGroup("others" if others else "every", col=col), first(children, Predicate), col=col)

    def english(self) -> str:
        noun = "other player" if self.group.kind == "others" else "player"
        if self.who is None:
            return noun
        with acting("their"):
            return f"{noun} who {self.who.english()}"

    def plural(self) -> str:
        noun = "other players" if self.group.kind == "others" else "players"
        if self.who is None:
            return noun
        with acting("their"):
            said = self.who.english()
        return f"{noun} who {'have ' + said[4:] if said.startswith('has ') else said}"

    def count(self) -> Number:
        players = self.group.resolve()
        if self.who is None:
            return lambda ctx: len(players(ctx))
        holds: Callable[[Ctx, Player], bool] = self.who.holds()
        return lambda ctx: sum(1 for p in players(ctx) if holds(ctx, p))
