"""A time limit on a check: the desk's editor checks the card as the designer types, and a check must
answer in about the time of a keystroke whatever the card holds (a file of thousands of power lines
takes seconds). The loader asks the budget before each power line and stops when it is spent.

The time is the checking thread's own CPU time (`time.thread_time`), so that a busy machine does not
cut a check short; a test drives a clock of its own instead."""

from __future__ import annotations

import time
from collections.abc import Callable

LIVE_CHECK_SECONDS = 1.0  # CPU seconds a check as you type may take, in the desk and the language server (a file of thousands of power lines takes more)


class CheckBudget:
    def __init__(self, seconds: float, clock: Callable[[], float] = time.thread_time):
        self.seconds = seconds
        self.clock = clock
        self.start = clock()

    def spent(self) -> bool:
        return self.clock() - self.start > self.seconds
