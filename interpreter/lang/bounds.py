"""The sane range of every number a power can hold.

Each construct says what its numbers count, in the order they are written (`numbers` in its class,
or in the entry of its vocabulary); the checker reports a number outside its range at the number
itself (P025). A test checks that every construct whose grammar holds a number says so. The ranges
are far wider than any card needs: they catch typos and hostile input (`draw 1000000000`), not
designs."""

from __future__ import annotations

from dataclasses import dataclass


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
GOODS = Bound(0, 20, "goods", "the goods limit starts at 2 and grows by 2 per shipment, R13.3")
POINTS = Bound(0, 100, "points", "a good is worth 1 or 2 points at game end, R17.5")
THRESHOLD = Bound(2, 1000, "credits", "the game ends at 50 credits, R16.1.1, the extended game at 80, R18")
EVERY = Bound(1, 100, "a group size", "counts in the game stay below 100")
COMPARED = Bound(0, 1000, "a number compared", "counts and credits in the game stay below 1000")
COUNT = Bound(0, 100, "a count", "counts in the game stay below 100")
TIMES = Bound(1, 10, "a multiple", "`N times as many` compares counts of the game")
OCCURRENCES = Bound(1, 100, "a number of times", "a lasting effect for the next N times an event happens; a game has far fewer "
                    "turns")

# A number a construct has not described (a new construct, before it says) is still bounded.
ANY = Bound(0, 1000, "a number", "counts and credits in the game stay below 1000")
