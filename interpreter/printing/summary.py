"""The one-page rules summary printed with the cards: the turn, the actions, limits, game end and
scoring with the numbers of the rules data, and every game option with the value chosen (a changed
one marked). Written in our own words from docs/rules.md."""

from __future__ import annotations

from dataclasses import fields

from interpreter.cards.model import GOOD_TYPES
from interpreter.engine.options import CHOICES, GameOptions
from interpreter.printing.faces import PrintSet, action_lines, payout_rows


def summary_sections(ps: PrintSet) -> list[tuple[str, list[str]]]:
    """(heading, paragraphs) in the order printed."""
    r, o = ps.rules, ps.options
    threshold = o.end_threshold or r.credit_threshold
    per_set: dict[str, int] = {}
    for face in ps.goods:
        per_set[face.set] = per_set.get(face.set, 0) + 1
    cards = f"{len(ps.goods)} good cards (" + ", ".join(f"{s} {n}" for s, n in per_set.items()) + ")"
    if ps.packs:
        cards += "; mod packs " + ", ".join(ps.packs)
    payout = ", ".join(f"{a.replace(' containers', '').replace(' container', '')}: {b.replace(' credits', '')}"
                       for a, b, _ in payout_rows(r))
    scoring = ", ".join(f"{g} {r.innate_value[g]}" for g in GOOD_TYPES)
    majority = ", ".join(f"{g} {r.majority_bonus[g]:+d}" for g in GOOD_TYPES)
    return [
        ("This print", [f"{cards}, {len(ps.components)} ship, harbor and supply island cards. "
                        f"{r.min_players} to {r.max_players} players."]),
        ("Setup (R2)", [
            f"Each player takes a harbor card and the {r.ships_per_player} ships of one colour: one in the harbor, its twin at "
            f"sea with {r.cards_per_ship_at_sea} cards from the deck as containers. The grey ships play only with "
            f"{r.grey_only_with_players} players; their player gets {r.grey_bonus_credits} more credits.",
            f"Put {r.island_cards_per_player} card per player on the supply island. Everyone starts with "
            f"{r.starting_credits} credits and {r.starting_hand} cards; a random player leads first.",
        ]),
        ("A turn (R4)", [
            f"The leader draws (up to {r.draw_up_to} cards, at least {r.minimum_draw}; the turn then ends) or declares an "
            f"action by playing a card of that action type, or {r.wild_pair_size} cards of one colour as a wild pair.",
            "Then each other player, clockwise, draws the same way or follows with a card of the declared type (or a wild pair).",
            f"Everyone who played gets {r.instances_for_action} action, plus {r.instances_per_matching_import} per card in "
            "Imports of the same action type (a player who drew gets only those). The leader acts first, then clockwise. "
            "Played cards are discarded; the next player clockwise leads.",
        ]),
        ("The actions", list(action_lines(r))),
        ("Shipments (R5-R9)", [
            f"Your level in a good type is the number of your Goods of that type, +{r.colour_bonus} for your ship's colour. "
            f"A ship holds contracts needing at most {r.ship_capacity} containers in all.",
            f"When every slot is filled the shipment completes at once and pays by containers ({payout}); the contract cards "
            "go to your Shipments, their powers start, the top card of the deck goes to the supply island, and the ship sails "
            "with its containers. A ship at sea comes home when its last container is taken.",
        ]),
        ("Limits (R13)", [
            f"Imports: {r.imports_base} + {r.imports_per_shipment} per completed shipment. Goods: {r.goods_base} + "
            f"{r.goods_per_shipment} per completed shipment. A card that fits nowhere is discarded.",
        ]),
        ("Game end (R16)", [
            f"The end comes when a player holds {threshold} active credits, or when the deck and the discard pile are both "
            "empty at a draw. "
            + ("The turn is played to its end, then the game is scored." if o.game_end == "end-of-turn"
               else "The game stops right after the action that triggered the end, then it is scored."),
        ]),
        ("Scoring (R17)", [
            f"Credits; {r.unfinished_container_value} per container on an unfinished shipment in your harbor; each good "
            f"({scoring}); the most goods of a type ({majority}; ties share it, rounded "
            + ("up" if o.tie_rounding == "up" else "up to an even number") + f"); +{r.one_of_each_bonus} for one good of "
            "each type; the powers that score at game end. The highest total wins; tied players share the win.",
        ]),
        ("Options chosen for this print", option_lines(o)),
    ]


def option_lines(options: GameOptions) -> list[str]:
    """Every named option with its value; a value other than the default is marked as chosen."""
    default = GameOptions()
    lines = []
    threshold = options.end_threshold
    lines.append(f"end_threshold = {threshold if threshold is not None else 'the rules value'}"
                 + (" (chosen: extended game, R18)" if threshold is not None else ""))
    for f in fields(GameOptions):
        if f.name not in CHOICES:
            continue
        value = getattr(options, f.name)
        changed = value != getattr(default, f.name)
        lines.append(f"{f.name} = {value}{' (chosen)' if changed else ''}: {CHOICES[f.name][1]}")
    return lines
