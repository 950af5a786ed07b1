"""R15.7: powers triggered at once run clockwise from the player whose action caused them, each
player ordering his or her own. When two or more different powers of one player answer the same
moment, the player chooses which runs next (decision `trigger_order`; bots choose as for any other
decision); copies of one power line (two copies of a card, or two cards with the same line) do the
same thing, so they are not asked about. Option `trigger_order=card-order`
keeps the order the cards entered Shipments instead, without asking (docs/rulings.md)."""

from __future__ import annotations

from itertools import groupby
from typing import TYPE_CHECKING

from interpreter.engine.decisions import Decision, Option

if TYPE_CHECKING:
    from collections.abc import Sequence

    from interpreter.engine.game import Game
    from interpreter.lang.world import Ctx
    from interpreter.powers.active import Active


def by_owner(ordered: Sequence[Active]) -> list[list[Active]]:
    """The triggers, already in the order of R15.7, cut into each player's own."""
    return [list(group) for _, group in groupby(ordered, key=lambda a: a.owner.seat)]


def available(active: Active, actor: int | None, turn: int) -> bool:
    """Whether a power limited to once per turn (or game, or turn for each player) has a use left."""
    once = active.power.once
    if once is None:
        return True
    if once == "game":
        return active.last != (0, 1)
    if active.power.per_player and actor is not None:
        return active.used_by.get(actor) != turn
    return active.last != (turn, 0)


def next_to_run(game: Game, ready: list[tuple[Active, Ctx]]) -> tuple[Active, Ctx]:
    """Which of one player's ready triggers runs now: the first, unless the order matters (different
    powers) and the table plays R15.7 as written: then the player chooses."""
    distinct: dict[str, tuple[Active, Ctx]] = {}  # one line on two cards does the same: one option
    for active, ctx in ready:
        distinct.setdefault(active.power.text, (active, ctx))
    if len(distinct) == 1 or game.options.trigger_order == "card-order":
        return ready[0]
    owner = ready[0][0].owner
    options: list[Option] = [Option(f"{value[0].host.name}: {text}", value) for text, value in distinct.items()]
    chosen: tuple[Active, Ctx] = game.ask(Decision("trigger_order", owner.seat, options,
                                                  "Several of your powers answer this at once: which runs first?")).value
    return chosen
