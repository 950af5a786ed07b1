"""Named game options: the readings of the rules (docs/rules.md) that players might choose differently (docs/rulings.md)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, fields, replace
from typing import Any

from interpreter.cards.cardset import CardSet
from interpreter.cards.diagnostics import did_you_mean
from interpreter.engine.errors import SetupError


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
    "leftover_payout": (("unpaid", "paid"),
                        "whether containers left aboard by a discarded contract (R14.2) count for the payout of a "
                        "later shipment on that ship (R8.2.2, OQ-47) when they fill none of its slots: carried unpaid; "
                        "or paid, every container loaded counting (beyond the payout table's last row, as its last row)"),
    "tie_rounding": (("up", "up-to-even"),
                     "how shared majority bonuses round (R17.6.1, OQ-12): integer ceiling, or up to an even number"),
    "the_most": (("ties-count", "strict"),
                 "what \"you have the most ...\" means on cards (Champagne, Nice Suits, Exotic Fish, Graphics Cards): "
                 "nobody has more, so a tie counts, as tied players all share a majority (R17.6.1); or more than "
                 "every other player"),
    "trigger_order": (("player-chooses", "card-order"),
                      "who orders a player's own powers triggered at once (R15.7, OQ-35): the player, asked when two "
                      "or more different powers answer the same moment; or the order their cards entered Shipments, "
                      "without asking"),
    # Card readings: an option named after a card chooses between its printed power lines (the first
    # value) and the other readings its card file gives under `readings:` (docs/card-format.md).
    "cannabis": (("import-action", "every-import"),
                 "which imports of red containers Cannabis charges (OQ-25): those made during an Import action, as "
                 "the card says (an auction, or a free Import action a power grants); or every import, the free "
                 "imports powers make included (Paper, Pocky, Protractors, Stretch Goals)"),
    "led_lamps": (("no-limit", "once-per-turn"),
                  "how often LED Lamps' two-for-one swap may be used in a turn its owner leads: as often as "
                  "wished, as the card states no limit; or once per turn"),
    "small_poodles": (("discard-without-room", "stay-in-shipments"),
                      "what becomes of a completed Small Poodles with no room in its owner's Goods: discarded, as a "
                      "card placed that fits nowhere is (R8.2.3 sends it to Goods instead of Shipments, R13.5); or it "
                      "stays in Shipments, a completed shipment"),
}
READINGS = ("cannabis", "led_lamps", "small_poodles")  # the options above that choose a card's reading (named after the card)


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
    leftover_payout: str = "unpaid"
    tie_rounding: str = "up"
    the_most: str = "ties-count"
    trigger_order: str = "player-chooses"
    cannabis: str = "import-action"
    led_lamps: str = "no-limit"
    small_poodles: str = "discard-without-room"
    max_turns: int = 1000  # a safeguard against endless bot games, not a rule: the game is scored then
    check_invariants: bool = False  # verify R3 card conservation and limits after every turn (debug)

    def with_values(self, **values: Any) -> GameOptions:
        return replace(self, **values)

    @staticmethod
    def names() -> list[str]:
        return [f.name for f in fields(GameOptions)]


# The largest seed a game or batch is given (command line, scenarios, the desk's own tables): a batch's
# game seeds (seed * 1,000,003 + index) stay within a record's 63 bits.
MAX_SEED = 10**12

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


def with_readings(cards: CardSet, options: GameOptions) -> CardSet:
    """The cards as the options read them: a card whose game option (the option named after it) has
    a value other than the first plays the power lines of its reading of that name instead of its
    printed ones. The engine knows no card: only that such an option chooses among a card's readings."""
    chosen = {}
    for card in cards.by_id.values():
        if card.id in CHOICES and card.id in READINGS and getattr(options, card.id) != CHOICES[card.id][0][0]:
            value = getattr(options, card.id)
            powers = dict(card.readings).get(value)
            if powers is None:
                readings = ", ".join(name for name, _ in card.readings) or "none"
                raise SetupError(f"option {card.id}={value}: the card `{card.id}` in play has no reading `{value}` "
                                 f"(its readings: {readings})")
            chosen[card.id] = dataclasses.replace(card, powers=powers)
    if not chosen:
        return cards
    return CardSet([chosen.get(c.id, c) for c in cards.cards])


def reading_problems(card_id: str, readings: list[str]) -> list[tuple[str | None, str]]:
    """What is wrong with a card's readings against the options, as (reading or None for them all,
    message): each reading must be a value of the option named after the card, whose first value is
    the printed reading (the card's `powers`)."""
    if card_id not in READINGS:
        return [(None, f"the card has readings, but no game option `{card_id}` chooses them: a reading is played "
                       f"through the option named after its card, declared in engine/options.py")]
    values = CHOICES[card_id][0]
    return [(name, f"reading `{name}` is not a value of the option {card_id} ({', '.join(values[1:])}; "
                   f"`{values[0]}` is the printed reading, the card's `powers`){did_you_mean(name, values[1:])}")
            for name in readings if name not in values[1:]]
