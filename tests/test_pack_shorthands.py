"""A mod pack may name its own phrases (issue 11, item 1): `shorthands:` in its manifest, each
defined in the core language, used by the pack's cards whichever command opens them."""

from __future__ import annotations

from pathlib import Path

from interpreter.cards.loader import load_card_file
from interpreter.cli import main
from interpreter.mods.pack import load_pack

MANIFEST = """\
name: Harbor Slang
version: 1.0.0
depends: [base]
shorthands:
  - says: "cash in {n:number}"
    means: "gain {n}"
    role: effect
    note: "what the harbor calls taking credits from the bank"
"""

CARD = """\
id: money_changer
name: Money Changer
set: harbor_slang
good: consumer
action: import
tier: 1
load: {consumer: 2}
estimated: [tier, load]
text: When this shipment completes, take 6 credits.
powers:
  - "on completion: cash in 6"
examples:
  - name: completing the Money Changer takes 6 credits beside the payout
    players: 3
    unscripted: decline
    setup:
      leader: 1
      players:
        - credits: 10
          hand: [laptops, cups]
          ships:
            - contracts: [money_changer]
              containers: [pens]
    steps:
      - {player: 1, kind: lead, choose: LOAD with Laptops}
      - {player: 2, kind: follow, choose: draw}
      - {player: 3, kind: follow, choose: draw}
      - {player: 1, kind: load, choose: load Cups}
    expect:
      players:
        1: {shipments: [money_changer]}
      events:
        - {type: CreditsGained, player: 1, amount: 6}
"""


def make_pack(root: Path, manifest: str = MANIFEST) -> Path:
    pack = root / "slang"
    (pack / "cards").mkdir(parents=True)
    (pack / "mod.yaml").write_text(manifest)
    (pack / "cards" / "money_changer.yaml").write_text(CARD)
    return pack


def test_a_card_of_the_pack_reads_the_pack_phrase_as_its_core_words(tmp_path):
    pack = make_pack(tmp_path)
    card, diags = load_card_file(pack / "cards" / "money_changer.yaml")
    assert diags == [] and card is not None
    assert card.powers[0].node.english() == "When this card's shipment completes: take 6 credits from the bank."
    loaded = load_pack(pack)
    assert loaded.diagnostics == [] and [s.says for s in loaded.shorthands] == ["cash in {n:number}"]


def test_the_pack_checks_validates_explains_and_its_example_passes(tmp_path, capsys):
    pack = make_pack(tmp_path)
    assert main(["mod", "check", str(pack)]) == 0
    assert main(["validate", "--run-examples", str(pack)]) == 0
    assert main(["explain", str(pack / "cards" / "money_changer.yaml")]) == 0
    assert "take 6 credits from the bank" in capsys.readouterr().out
    assert main(["scenario", "run", "--mod", str(pack), str(pack / "cards")]) == 0


def test_outside_its_pack_the_phrase_is_an_unknown_word(tmp_path):
    loose = tmp_path / "money_changer.yaml"
    loose.write_text(CARD)
    _, diags = load_card_file(loose)
    assert [(d.code, d.message.split(";")[0]) for d in diags] == [("P001", "unknown word `cash`")]


def test_a_bad_shorthand_entry_is_reported_at_its_line(tmp_path):
    bad = MANIFEST.replace('    means: "gain {n}"\n', '    means: "gain {m}"\n')
    pack = make_pack(tmp_path, bad)
    diags = load_pack(pack).diagnostics
    assert [(d.line, d.code) for d in diags if d.code == "M012"] == [(5, "M012")]
    assert "`{m}`" in next(d.message for d in diags if d.code == "M012")


def test_a_shorthand_that_repeats_what_it_is_given_stops_at_a_length(tmp_path, capsys):
    """`twice {n:words}` meaning `{n} {n}` doubles the line at each use: ten uses took a minute and
    gigabytes before the expansion limit spoke. The line's length now stops it, at once."""
    manifest = MANIFEST.replace('  - says: "cash in {n:number}"', '  - says: "twice {n:words}"\n    means: "{n} {n}"\n  - says: "cash in {n:number}"')
    pack = make_pack(tmp_path, manifest)
    card = pack / "cards" / "money_changer.yaml"
    card.write_text(CARD.replace('"on completion: cash in 6"', '"on completion: ' + "twice " * 12 + 'cash in 6"'))
    assert main(["mod", "check", str(pack)]) == 1
    captured = capsys.readouterr()
    err = captured.err + captured.out
    assert "P007 shorthands make this line longer than 4,000 characters; check `twice {n:words}`" in err
