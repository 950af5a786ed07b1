"""A count test (`8 or more`, `no`, `fewer than 3`, `a`): the words that say how many of something
there must be, read once and shared by every construct that counts (what a player has, what a ship
carries)."""

from __future__ import annotations

import operator
from collections.abc import Callable
from dataclasses import dataclass

from interpreter.lang.english import article

OPS: dict[str, Callable[[int, int], bool]] = {">=": operator.ge, "<=": operator.le, "==": operator.eq, ">": operator.gt,
                                              "<": operator.lt, "=": operator.eq}
WORD_OPS = {"at least": ">=", "at most": "<=", "more than": ">", "fewer than": "<", "less than": "<", "exactly": "=="}
OP_TEXT = {">=": "at least", "<=": "at most", "==": "exactly", ">": "more than", "<": "fewer than", "=": "exactly"}


@dataclass(frozen=True)
class Test_:
    """A quantity test: `8 or more`, `no`, `fewer than 3` (a bare number means at least that many)."""

    op: str = ">="
    n: int = 1

    @staticmethod
    def read(tokens: list[str]) -> Test_:
        if not tokens:
            return Test_()
        n = int(next((t for t in tokens if t.isdigit()), "1"))
        first_word = tokens[0]
        if first_word in ("a", "an"):
            return Test_(">=", 1)
        if first_word == "no":
            return Test_("==", 0)
        if first_word == "exactly":
            return Test_("==", n)
        if first_word == "at":
            return Test_(">=" if tokens[1] == "least" else "<=", n)
        if first_word == "more":
            return Test_(">", n)
        if first_word in ("fewer", "less"):
            return Test_("<", n)
        if "or" in tokens:
            return Test_(">=" if tokens[-1] == "more" else "<=", n)
        return Test_(">=", n)

    def english(self, noun: str, singular: str = "") -> str:
        if (self.op, self.n) == ("==", 0):
            return f"no {noun}"
        if (self.op, self.n) == (">=", 1) and singular:
            return article(singular)
        return f"{OP_TEXT[self.op]} {self.n} {singular if self.n == 1 and singular else noun}"

    def holds(self, count: int) -> bool:
        return OPS[self.op](count, self.n)


QUANTITY_WORDS = ("a", "an", "no", "or", "more", "fewer", "less", "at", "least", "most", "exactly", "than")


__all__ = ["OPS", "OP_TEXT", "QUANTITY_WORDS", "WORD_OPS", "Test_"]
