"""docs/rulings.md (and the other docs that quote printed cards) match the code (issue 23, item 3):
every power line or part of one quoted there is in a card, and every option setting named there is one
the game accepts. rulings.md once quoted Bamboo's line as `contract this card again`; the card says
`on completion: you may contract this card`."""

from __future__ import annotations

import re
from functools import cache

import pytest

from interpreter.cards.catalog import load_all_cards, project_root
from interpreter.engine.options import CHOICES, GameOptions, parse_option
from interpreter.lang.parser import _keywords
from interpreter.mods.pack import load_pack

ROOT = project_root()
# The docs that quote printed cards. The language's own pages (powers.md, card-format.md, engine.md,
# editors.md) quote the language's phrases and their syntax, not cards; modding.md writes new cards
# (and a hypothetical one, `cash in 6`); construct-usage.md is generated from the cards themselves.
QUOTING = ("docs/rulings.md", "docs/rules.md", "docs/cli.md", "README.md")
QUOTED = re.compile(r"`([^`\n]+)`")


@cache
def power_lines() -> tuple[str, ...]:
    """Every power line of the shipped cards (readings included) and of the packs the docs build."""
    cards = list(load_all_cards().cards)
    for pack in (ROOT / "docs" / "example-mod", *sorted((ROOT / "docs" / "examples").iterdir())):
        cards += load_pack(pack).cards
    lines = [p.text for c in cards for p in c.powers] + [p.text for c in cards for _, ps in c.readings for p in ps]
    return tuple(line.lower() for line in lines)


def looks_like_power_text(text: str) -> bool:
    """Words of the power language, mostly: a quote of a power line or of part of one (`you may`,
    `when ... completes ...`), not a command, an option value (`up-to-even`) or a file name."""
    if re.search(r"[=/_$<>|{}\[\]]|--|\w-\w", text):
        return False
    words = re.findall(r"[a-z]+", text.lower())
    keywords = _keywords()
    return len(words) >= 2 and sum(w in keywords for w in words) * 2 > len(words)


def in_a_card(text: str) -> bool:
    """The quote is (part of) some card's power line; `...` stands for any words."""
    parts = [p.strip() for p in text.lower().split("...") if p.strip()]
    pattern = ".*?".join(rf"(?<![\w]){re.escape(p)}(?![\w])" for p in parts)
    return any(re.search(pattern, line) for line in power_lines())


QUOTES = sorted({(doc, quote) for doc in QUOTING for quote in QUOTED.findall((ROOT / doc).read_text())
                 if looks_like_power_text(quote)})


def test_the_docs_quote_power_lines_so_the_check_below_checks_something():
    quoted = {quote for _, quote in QUOTES}
    assert {"contract this card", "this one included", "on completion: draw 5", "any time after completion"} <= quoted


@pytest.mark.parametrize(("doc", "quote"), QUOTES, ids=[f"{d}: {q}" for d, q in QUOTES])
def test_every_power_text_quoted_in_the_docs_is_in_a_card(doc, quote):
    assert in_a_card(quote), f"{doc} quotes `{quote}`, which no card's power line says"


def test_a_misquoted_line_is_caught():
    assert looks_like_power_text("contract this card again") and not in_a_card("contract this card again")
    assert in_a_card("on completion: you may contract this card") and in_a_card("when ... completes ...")


def test_every_option_setting_named_in_rulings_md_is_accepted():
    """`game_end=after-action`, `import_ties=random` ...: each names an option and one of its values."""
    text = (ROOT / "docs" / "rulings.md").read_text()
    settings = set(re.findall(r"`([a-z_]+)=([a-z0-9-]+|N|SEAT)`", text))
    assert {("the_most", "ties-count"), ("trigger_order", "player-chooses"), ("cannabis", "every-import")} <= settings
    for name, value in sorted(settings):
        if value in ("N", "SEAT"):
            assert name in GameOptions.names()
            continue
        parse_option(f"{name}={value}", GameOptions())  # raises OptionError if either is wrong
        assert name not in CHOICES or value in CHOICES[name][0]


def test_rulings_md_says_what_explain_prints_for_the_most():
    """It once said `explain` prints "(a tie counts)"; explain prints the power's English, which says so."""
    text = (ROOT / "docs" / "rulings.md").read_text()
    champagne = load_all_cards().by_id["champagne"]
    english = champagne.powers[0].node.english()
    for said in re.findall(r"`explain` (?:says|prints) \"([^\"]+)\"", text):
        assert said in english or any(said in p.node.english() for c in load_all_cards().cards for p in c.powers), said


# --- what rulings.md says of cards, in play ----------------------------------------------------------

def test_small_poodles_without_room_is_discarded_or_stays_by_the_option_R8_2_3_R13_5():
    """rulings.md: Small Poodles goes to Goods instead of Shipments (R8.2.3); with no room there (limit 2
    once it has left Shipments) it is discarded, as a card placed that fits nowhere is (R13.5). The
    option small_poodles=stay-in-shipments keeps it in Shipments instead (the engine's former reading)."""
    from tests.helpers import clear, give, new_game
    cards = load_all_cards()
    for option, stays in (("discard-without-room", False), ("stay-in-shipments", True)):
        game = new_game(players=3, cards=cards, small_poodles=option)
        p = game.players[0]
        give(game, p.goods, "wheat", "rice")
        poodles = give(game, [], "small_poodles")[0]
        game.add_shipment(p, poodles)
        game.powers.completed(p, poodles)
        assert [c.id for c in p.goods] == ["wheat", "rice"]
        assert ([c.id for c in p.shipments] == ["small_poodles"]) is stays
        assert (game.zones.discard[-1:] == [poodles]) is not stays
        clear(game, p.goods)
        for zone in (p.shipments, game.zones.discard):
            if poodles in zone:
                zone.remove(poodles)
        game.add_shipment(p, poodles)
        game.powers.completed(p, poodles)
        assert p.shipments == [] and [c.id for c in p.goods] == ["small_poodles"]


def test_rolls_royce_is_checked_once_on_completion_not_as_a_standing_condition_R15_8():
    """Drawing the named card later wins nothing: the power ran once, when Rolls Royce completed."""
    from tests.helpers import give, new_game, use_script
    cards = load_all_cards()
    game = new_game(players=3, cards=cards)
    p = game.players[0]
    (power,) = cards.by_id["rolls_royce"].powers
    assert power.timing == "on_completion"
    royce = give(game, [], "rolls_royce")[0]
    give(game, game.zones.deck, "pens")  # the top card is Pens; Cups is named
    use_script(game, [(0, "name Cups")])
    game.add_shipment(p, royce)
    game.powers.completed(p, royce)
    assert game.instant_winner is None
    give(game, p.hand, "cups")  # Cups reaches the hand later: still no win
    game.powers.check_standing()
    assert game.instant_winner is None
    give(game, game.zones.deck, "cups")
    use_script(game, [(0, "name Cups")])
    p.shipments.remove(royce)
    game.add_shipment(p, royce)
    game.powers.completed(p, royce)
    assert game.instant_winner == 0
