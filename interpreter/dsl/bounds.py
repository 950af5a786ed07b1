"""The sane range of every number a power can hold, in one table.

NUMBERS maps each construct of the grammar that holds numbers (a rule or alias of grammar/powers.lark)
to the range of each of its numbers, in the order they are written, with what the number counts and
why the range is what it is. The checker reads the table for every number of a power line and
reports one outside its range at the number itself (P025); a test checks that every construct of the
grammar holding a number is in the table. The ranges are far wider than any card needs: they catch
typos and hostile input (`draw 1000000000`), not designs.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from lark import Token, Tree


@dataclass(frozen=True)
class Bound:
    least: int
    most: int
    what: str  # what the number counts
    why: str  # why the range ends where it does

    def problem(self, value: int) -> str | None:
        if self.least <= value <= self.most:
            return None
        shown = str(value) if len(str(value)) <= 20 else str(value)[:20] + "..."
        return f"{self.what} must be from {self.least} to {self.most} ({self.why}); got {shown}"


MAX_SHIP_CAPACITY = 20  # the most containers a power can let a ship hold; card loads are checked against it too

CREDITS = Bound(1, 100, "credits", "the game ends at 50 credits, R16.1.1")
FEE = Bound(0, 100, "credits", "the game ends at 50 credits, R16.1.1")
CARDS = Bound(1, 100, "cards", "the base deck holds 100 cards")
CONTAINERS = Bound(1, MAX_SHIP_CAPACITY, "containers", f"a ship holds 6, R6.6; powers may raise it to {MAX_SHIP_CAPACITY}")
ACTIONS = Bound(1, 10, "actions", "a turn brings one action, and one more per matching import, R4.6")
TIER = Bound(0, 3, "a tier", "cards have tiers 0 to 3, R1.3")
GOOD_TYPES = Bound(1, 5, "good types", "there are 5 good types, R1.2")
GOODS = Bound(1, 20, "goods", "the goods limit starts at 2 and grows by 2 per shipment, R13.3")
POINTS = Bound(0, 20, "points", "a good is worth 1 or 2 points at game end, R17.5")
THRESHOLD = Bound(2, 1000, "credits", "the game ends at 50 credits, R16.1.1, the extended game at 80, R18")
EVERY = Bound(1, 100, "a group size", "counts in the game stay below 100")
COMPARED = Bound(0, 1000, "a number compared", "counts and credits in the game stay below 1000")

NUMBERS: dict[str, tuple[Bound, ...]] = {
    # effects
    "gain": (CREDITS,), "players_gain": (CREDITS,), "pays_you": (CREDITS,), "you_pay": (CREDITS,), "pay_bank": (CREDITS,),
    "pays_bank": (CREDITS,), "park": (CREDITS,), "choice_pay": (CREDITS,), "offer_this": (CREDITS,),
    "draw": (CARDS,), "players_draw": (CARDS,), "draw_until": (CARDS,), "give_cards": (CARDS,), "choice_give": (CARDS,),
    "choice_give_hand": (CARDS,), "discard_goods": (CARDS,), "discard_hand": (CARDS,), "take_island": (CARDS,),
    "take_random": (CARDS,), "move_some": (CARDS,), "put_goods": (CARDS,), "complete_from_hand": (CARDS,),
    "contract_from_hand": (CARDS,), "deck_to_island": (CARDS,), "sell": (CARDS, CREDITS), "swap_island": (CARDS, CARDS),
    "load_from_hand": (CONTAINERS,), "import_containers": (CONTAINERS,), "move_container": (CONTAINERS,),
    "steal_containers": (CONTAINERS,), "players_import": (CONTAINERS,),
    "free_actions": (ACTIONS,), "free_any_actions": (ACTIONS,), "add_virtual": (GOODS,),
    # counts, conditions and triggers
    "multiplier_every": (EVERY,), "number": (COMPARED,), "have_every": (GOODS,), "majority_in": (GOOD_TYPES,),
    "t_pays": (CREDITS,), "tier_exact": (TIER,), "tier_at_most": (TIER,), "tier_at_least": (TIER,),
    # rules
    "r_threshold": (THRESHOLD,), "r_capacity": (CONTAINERS,), "r_payout": (CONTAINERS, FEE), "r_innate": (POINTS,),
    "r_fee": (FEE,), "r_containers_per_import": (CONTAINERS,), "r_extra_imports": (ACTIONS,), "r_virtual_goods": (GOODS,),
    "r_sell_instead_of_load": (CREDITS,), "r_pirate_to_goods": (CREDITS,), "r_return_with": (CONTAINERS,),
    "r_goods_count_as": (GOODS, Bound(0, 20, "goods", "a group of goods counts as fewer goods, or none")),
}

# A construct missing from the table (a new one, before the table learns it) is still bounded.
ANY = Bound(0, 1000, "a number", "counts and credits in the game stay below 1000")


def numbers(tree: Tree[Token]) -> Iterator[tuple[Token, int, Bound]]:
    """Every number of a parsed power line: its token (which has the column), its value, its range."""
    for subtree in tree.iter_subtrees_topdown():
        bounds = NUMBERS.get(str(subtree.data), ())
        ints = [child for child in subtree.children if isinstance(child, Token) and child.type == "INT"]
        for i, token in enumerate(ints):
            yield token, int(token), bounds[i] if i < len(bounds) else ANY


def out_of_range(tree: Tree[Token]) -> Iterator[tuple[int, str]]:
    """(column, message) for each number of the line outside its range."""
    for token, value, bound in numbers(tree):
        message = bound.problem(value)
        if message is not None:
            yield token.column or 1, message
