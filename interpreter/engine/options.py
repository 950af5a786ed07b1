"""Named game options: the readings of the rules (docs/rules.md) that players might choose differently (docs/rulings.md)."""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any

from interpreter.cards.diagnostics import did_you_mean


class OptionError(ValueError):
    """A bad option name or value; the message says what is allowed."""


# name -> (allowed values or type, help). Values are strings unless the type is int/bool.
CHOICES: dict[str, tuple[tuple[str, ...], str]] = {
    "import_ties": (("leader-clockwise", "random"),
                    "who wins a tied import bid (R10.3.1, OQ-4): the leader, then the first tied player "
                    "clockwise from the leader; or a seeded random draw among the tied players"),
    "import_fee": (("per-import", "per-container"),
                   "the ship owner's fee (R10.6, OQ-3): once per import won, or once per container taken"),
    "drawers_use_imports": (("yes", "no"),
                            "whether a player who drew still gets instances from matching imports (R4.6.3, OQ-6)"),
    "game_end": (("end-of-turn", "after-action"),
                 "when a triggered end stops the game (R16.2, OQ-1): after the turn's clean-up, "
                 "or right after the action instance that triggered it"),
    "contract_discards": (("two-moments", "any-moment"),
                          "when the leader is asked about discarding contracts (R14.1 \"at any moment\"): at the start of "
                          "the turn and before his or her own actions; or also after every action instance of the turn"),
    "pirate_load": (("mandatory", "optional"),
                    "whether a pirated container must be loaded when it fits a slot (R11.2, OQ-18)"),
    "tie_rounding": (("up", "up-to-even"),
                     "how shared majority bonuses round (R17.6.1, OQ-12): integer ceiling, or up to an even number"),
    "the_most": (("ties-count", "strict"),
                 "what \"you have the most ...\" means on cards (Champagne, Nice Suits, Exotic Fish, Graphics Cards): "
                 "nobody has more, so a tie counts, as tied players all share a majority (R17.6.1); or more than "
                 "every other player"),
}


@dataclass(frozen=True)
class GameOptions:
    """Everything besides cards and seed that shapes a game. Defaults are the readings of docs/rules.md."""

    end_threshold: int | None = None  # None: the rules' value (50); R18 extended game: e.g. 80
    first_leader: int | None = None  # None: seeded random (R2.13)
    import_ties: str = "leader-clockwise"
    import_fee: str = "per-import"
    drawers_use_imports: str = "yes"
    game_end: str = "end-of-turn"
    contract_discards: str = "two-moments"
    pirate_load: str = "mandatory"
    tie_rounding: str = "up"
    the_most: str = "ties-count"
    max_turns: int = 1000  # a safeguard against endless bot games, not a rule: the game is scored then
    check_invariants: bool = False  # verify R3 card conservation and limits after every turn (debug)

    def with_values(self, **values: Any) -> GameOptions:
        return replace(self, **values)

    @staticmethod
    def names() -> list[str]:
        return [f.name for f in fields(GameOptions)]


# The range of each whole-number option: (least, most, why the most).
NUMBER_RANGES: dict[str, tuple[int, int, str]] = {
    "end_threshold": (1, 1000, "the base game ends at 50 credits (R16.1.1), the extended game at 80 (R18)"),
    "first_leader": (0, 5, "a seat, counted from 0"),
    "max_turns": (1, 100_000, "a safeguard; bot games take some 50 to 200 turns"),
}


def parse_option(text: str, current: GameOptions) -> GameOptions:
    """Apply one `name=value` from the command line; raise OptionError with what is allowed."""
    if "=" not in text:
        raise OptionError(f"option `{text[:60]}` must be written name=value; options: {', '.join(GameOptions.names())}")
    name, value = (part.strip() for part in text.split("=", 1))
    name = name.replace("-", "_")
    if name not in GameOptions.names():
        raise OptionError(f"unknown option `{name[:60]}`{did_you_mean(name, GameOptions.names())}; options: {', '.join(GameOptions.names())}")
    if name in CHOICES:
        allowed = CHOICES[name][0]
        if value not in allowed:
            raise OptionError(f"option {name} must be one of {', '.join(allowed)}; got `{value[:60]}`{did_you_mean(value, allowed)}")
        return current.with_values(**{name: value})
    if name == "check_invariants":
        if value not in ("yes", "no", "true", "false"):
            raise OptionError(f"option check_invariants must be yes or no; got `{value}`")
        return current.with_values(check_invariants=value in ("yes", "true"))
    try:
        number = int(value)
    except ValueError:
        raise OptionError(f"option {name} must be a whole number; got `{value[:40]}`") from None
    least, most, why = NUMBER_RANGES[name]
    if number < least:
        raise OptionError(f"option {name} must be {'0 or more' if least == 0 else f'at least {least}'}; got {number}")
    if number > most:
        raise OptionError(f"option {name} must be at most {most:,} ({why}); got {str(number)[:40]}")
    return current.with_values(**{name: number})
