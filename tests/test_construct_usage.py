"""The power language is compositional: few constructs serve one printed card only (issue 11), and
docs/construct-usage.md, the index of which cards use each construct, is generated from the cards."""

from interpreter.cards.catalog import project_root
from interpreter.cards.loader import CardSet
from interpreter.lang.docs import usage_table
from interpreter.reference import construct_usage_markdown


def test_construct_usage_is_up_to_date():
    committed = (project_root() / "docs" / "construct-usage.md").read_text()
    assert committed == construct_usage_markdown(), "run `importexport docs` to regenerate docs/construct-usage.md"


def test_at_most_a_tenth_of_the_constructs_serve_a_single_printed_card(all_cards: CardSet):
    """A construct used by one card only is a phrase, not a word of the language: at most 10 % of them."""
    rows = usage_table((c.id, [p.node for p in c.powers if p.node is not None]) for c in all_cards.cards)
    single = [name for name, _, cards in rows if len(cards) == 1]
    assert len(single) <= 0.10 * len(rows), f"{len(single)} of {len(rows)} constructs serve one card: {single}"
