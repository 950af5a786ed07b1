"""Players: who does an effect or receives it (`you`, `each other player`, `that player`), and
groups narrowed by what they have or did (`each other player with an illegal good`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

from interpreter.lang.cards import base_player, beside, first, words
from interpreter.lang.conditions import Have, Predicate
from interpreter.lang.english import acting
from interpreter.lang.registry import Children, construct
from interpreter.lang.roles import Group, Players
from interpreter.lang.world import Ctx, Number, Player, PlayersOf

GROUPS: dict[tuple[str, ...], str] = {
    ("you",): "you", ("each", "player"): "every", ("every", "player"): "every", ("all", "players"): "every",
    ("each", "other", "player"): "others", ("every", "other", "player"): "others", ("each", "opponent"): "others",
    ("every", "opponent"): "others", ("all", "other", "players"): "others", ("other", "players"): "others",
    ("that", "player"): "that", ("the", "chosen", "player"): "chosen", ("that", "ship's", "owner"): "ship_owner",
    ("a", "random", "opponent"): "random_other", ("a", "random", "player"): "random", ("the", "leader"): "leader",
    ("the", "chosen", "ship's", "owner"): "chosen_ship_owner", ("the", "winner"): "winner",
}
GROUP_TEXT = {"you": "you", "every": "every player", "others": "each other player", "that": "that player",
              "chosen": "the chosen player", "ship_owner": "that ship's owner", "random_other": "a random opponent",
              "random": "a random player", "leader": "the leader of this turn", "chosen_ship_owner": "the chosen ship's owner",
              "winner": "the winner of that auction"}


@construct
@dataclass(frozen=True)
class PlayerGroup(Players):
    """You, every player, each other player, that player (the event's), the chosen player, that
    ship's owner, or a random one. Groups go clockwise from the card's owner (R15.7)."""

    grammar: ClassVar[str] = r'''
!player_group: "you" | "each" "player" | "every" "player" | "all" "players" | "each" "other" "player"
             | "every" "other" "player" | "each" "opponent" | "every" "opponent" | "all" "other" "players" | "other" "players"
             | "that" "player" | "the" "chosen" "player" | "that" "ship's" "owner" | "a" "random" "opponent" | "a" "random" "player"
             | "the" "leader" | "the" "chosen" "ship's" "owner" | "the" "winner"
'''
    syntax: ClassVar[str] = ("you | each player | each other player | each opponent | that player | the chosen player | "
                             "that ship's owner | the chosen ship's owner | a random opponent | a random player | the leader | "
                             "the winner")
    meaning: ClassVar[str] = ("`that player` is the player of the triggering event (a `when ...` power): who acted; `the chosen "
                              "player` is the one picked by `choose an opponent`; `the leader` leads this turn (R4.1); `the "
                              "winner` is who won the import auction a `loses an import` event reports (R10.3); groups "
                              "act one after another, clockwise from the owner")
    examples: ClassVar[tuple[str, ...]] = ("on completion: each other player pays you 2",
                                           "when any player completes a shipment: that player gives you 1 card from their hand",
                                           "when a turn ends: the leader pays you 2",
                                           "when you lose an import with a bid of 4 or more: the winner pays you 2")
    kind: str = "you"

    @classmethod
    def build(cls, col: int, children: Children) -> PlayerGroup:
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
        if kind == "leader":
            return lambda ctx: [p for p in ctx.world.players_from(ctx.owner) if ctx.world.is_leader(p)]
        if kind == "chosen_ship_owner":
            return lambda ctx: [ctx.world.ship_owner(ctx.chosen_ship)] if ctx.chosen_ship is not None else []
        if kind == "winner":  # the auction's winner, as the event of a lost auction names it
            return lambda ctx: [ctx.world.player(ctx.event.winner)] if getattr(ctx.event, "winner", None) is not None else []
        if kind == "others":
            return lambda ctx: ctx.world.players_from(ctx.owner)[1:]
        return lambda ctx: ctx.world.players_from(ctx.owner)

    def value(self) -> float:
        return 0.0

    def needs(self) -> str | None:
        return {"that": "that player", "ship_owner": "that ship", "winner": "winner"}.get(self.kind)

    def refers(self) -> str | None:
        return {"chosen": "chosen", "chosen_ship_owner": "chosen ship"}.get(self.kind)


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
    def build(cls, col: int, children: Children) -> PlayersWho:
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
    def build(cls, col: int, children: Children) -> PlayersCounted:
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


BASE_TEXT = {"you": "your", "they": "their", "that": "that player's", "chosen": "the chosen player's", "leader": "the leader's"}


def _seat_base(w: list[str]) -> str:
    """Whose seat a phrase counts from: the chosen player, the leader, that player (the event's), the
    player acting (`their`, `them`), or you."""
    for word, base in (("chosen", "chosen"), ("leader", "leader"), ("leader's", "leader"), ("that", "that"),
                       ("their", "they"), ("them", "they")):
        if word in w:
            return base
    return "you"


@construct
@dataclass(frozen=True)
class Neighbour(Players):
    """A player named by where he or she sits: to the left or right of you, of the player acting, of
    the event's player, of the chosen player or of the leader; the next or previous player (after the
    one acting); one's neighbours (both of them). Seats run clockwise (R4.1): to one's left is the
    next player clockwise (docs/rulings.md)."""

    grammar: ClassVar[str] = r'''
!neighbour: "the" "player" ("to" | "on") _seat_of ("left" | "right")
          | "the" "player" ("to" | "on") "the" ("left" | "right") "of" ("you" | "them" | "that" "player" | "the" "chosen" "player" | "the" "leader")
          | "the" ("next" | "previous") "player"
          | ("your" | "their") ("left" | "right") "neighbour"
          | ("each" "of")? ("your" | "their") "neighbours"
!_seat_of: "your" | "their" | "that" "player's" | "the" "chosen" "player's" | "the" "leader's"
'''
    syntax: ClassVar[str] = ("the player to|on your|their|that player's|the chosen player's|the leader's left|right | the player "
                             "to the left|right of you|them|that player|the chosen player|the leader | the next|previous player "
                             "| your|their left|right neighbour | [each of] your|their neighbours")
    meaning: ClassVar[str] = ("players by seat: to one's left is the next player clockwise, to one's right the previous "
                              "one (the same player with two at the table); `their` and `them` are the player acting (`each "
                              "player gives the player on their left ...`); `the next player` is the one after the player "
                              "acting; `neighbours`: the players to one's left and right (one player with two at the table)")
    examples: ClassVar[tuple[str, ...]] = (
        "on completion: each player gives the player on their left 1 card from their hand",
        "when you pirate: the player to your right pays you 2",
        "when another player completes a shipment: the player to that player's left draws 1",
        "on completion: the next player gives you 1 of their goods",
        "when a turn ends: the player to the left of the leader draws 1",
        "on completion: each of your neighbours pays you 2")
    side: str = "left"  # left, right, both (or next, previous: left and right of the player acting)
    base: str = "you"  # you, they, that, chosen, leader
    in_turn: bool = False  # said `the next player` / `the previous player`

    @classmethod
    def build(cls, col: int, children: Children) -> Neighbour:
        w = words(children)
        if w[:2] in (["the", "next"], ["the", "previous"]):
            return cls("left" if w[1] == "next" else "right", "they", True, col=col)
        side = "both" if w[-1] == "neighbours" else next(x for x in w if x in ("left", "right"))
        return cls(side, _seat_base(w), col=col)

    def english(self) -> str:
        if self.in_turn:
            return "the next player clockwise" if self.side == "left" else "the previous player (next counterclockwise)"
        if self.side == "both":
            return f"each of {BASE_TEXT[self.base]} neighbours (left and right)"
        clockwise = "next clockwise" if self.side == "left" else "next counterclockwise"
        return f"the player to {BASE_TEXT[self.base]} {self.side} ({clockwise})"

    def resolve(self) -> PlayersOf:
        start, side = base_player(self.base), self.side
        if side == "both":
            def both(ctx: Ctx) -> list[Player]:
                found = beside(ctx, start(ctx), "left")
                return found + [p for p in beside(ctx, start(ctx), "right") if p not in found]
            return both
        return lambda ctx: beside(ctx, start(ctx), side)

    def value(self) -> float:
        return 0.0

    def needs(self) -> str | None:
        return "that player" if self.base == "that" else None

    def refers(self) -> str | None:
        return "chosen" if self.base == "chosen" else None


@construct
@dataclass(frozen=True)
class PlayersExcept(Players):
    """A group less one player: `each player other than that player`, `each other player other than
    the chosen player`."""

    grammar: ClassVar[str] = r'''
!players_except: player_group (_OTHER_THAN | "except") (player_group | neighbour)
_OTHER_THAN: /other\s+than\b/
'''
    syntax: ClassVar[str] = "PLAYERS other than|except PLAYER"
    meaning: ClassVar[str] = "the players of the group, leaving out the one named (who may be the card's owner: `other than you`)"
    examples: ClassVar[tuple[str, ...]] = (
        "when any player completes a shipment: each player other than that player draws 1",
        "on completion: choose an opponent then each other player other than the chosen player pays you 2")
    group: Players | None = None
    left_out: Players | None = None

    @classmethod
    def build(cls, col: int, children: Children) -> PlayersExcept:
        found = [c for c in children if isinstance(c, Players)]
        return cls(found[0], found[1], col=col)

    def english(self) -> str:
        assert self.group is not None and self.left_out is not None
        return f"{self.group.english()} other than {self.left_out.english()}"

    def resolve(self) -> PlayersOf:
        assert self.group is not None and self.left_out is not None
        group, left_out = self.group.resolve(), self.left_out.resolve()

        def resolve(ctx: Ctx) -> list[Player]:
            out = left_out(ctx)
            return [p for p in group(ctx) if p not in out]
        return resolve

    def value(self) -> float:
        return 0.0
