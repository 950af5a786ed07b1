"""A person at the terminal: sees what the seat may see, picks a numbered option; bad entries are asked again."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, TextIO

from interpreter.engine.view import render

if TYPE_CHECKING:
    from interpreter.engine.decisions import Decision
    from interpreter.engine.game import Game


class HumanQuit(Exception):
    """The person ended the input (end of file or `q`)."""


class HumanAgent:
    def __init__(self, stdin: TextIO | None = None, stdout: TextIO | None = None):
        self.stdin = stdin or sys.stdin
        self.stdout = stdout or sys.stdout
        self.last_turn_shown = -1

    def say(self, text: str) -> None:
        print(text, file=self.stdout, flush=True)

    def choose(self, decision: Decision, game: Game) -> int:
        self.say("")
        self.say(render(game, decision.player))
        self.say(f"\n{game.players[decision.player].name}, {decision.prompt or decision.kind}:")
        for i, option in enumerate(decision.options, start=1):
            self.say(f"  {i:>2}. {option.label}")
        while True:
            self.stdout.write(f"Choose 1-{len(decision.options)} (q to quit): ")
            self.stdout.flush()
            line = self.stdin.readline()
            if not line or line.strip().lower() in ("q", "quit"):
                raise HumanQuit()
            text = line.strip()
            if text.isdigit() and 1 <= int(text) <= len(decision.options):
                return int(text) - 1
            self.say(f"'{text}' is not an option: type a number from 1 to {len(decision.options)}.")
