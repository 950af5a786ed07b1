"""The shipped card files (R1.2, R1.4, R1.11, OQ-30) and the diagnostics for bad ones."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
import yaml

from interpreter.cards.catalog import project_root
from interpreter.cards.diagnostics import CardFileError
from interpreter.cards.loader import load_card_file, load_cards
from interpreter.cards.rulesdata import load_rules_data

SHARED = project_root().parent / "shared" / "rules"


def test_all_128_cards_load(all_cards):
    assert len(all_cards) == 128
    assert Counter(c.set for c in all_cards.cards) == {"base": 100, "jutaku": 10, "kickstarter": 15, "captain": 3}


def test_base_set_has_20_of_each_good_type_with_its_action_R1_2_R1_4(base_cards):
    assert Counter(c.good for c in base_cards.cards) == {g: 20 for g in ("technology", "agriculture", "illegal", "consumer", "luxury")}
    pairing = {"technology": "load", "agriculture": "contract", "illegal": "pirate", "consumer": "import", "luxury": "supply"}
    assert all(c.action == pairing[c.good] for c in base_cards.cards)


def test_card_files_sit_where_their_facts_say(all_cards):
    for card in all_cards.cards:
        path = Path(card.path)
        assert path.stem == card.id
        expected = path.parent.name == card.good if card.set == "base" else path.parent.name == card.set
        assert expected, card.path


@pytest.mark.skipif(not (SHARED / "card-estimates.yaml").exists(), reason="shared rules not beside the repository")
def test_facts_and_estimated_markers_match_the_shared_data_OQ_30(all_cards):
    estimates = {e["id"]: e for e in yaml.safe_load((SHARED / "card-estimates.yaml").read_text())["cards"]}
    facts = {c["id"]: c for c in yaml.safe_load((SHARED / "cards.yaml").read_text())["cards"]}
    assert set(estimates) == set(all_cards.by_id) == set(facts)
    for card in all_cards.cards:
        est = estimates[card.id]
        assert card.tier == est["tier"] and dict(card.load) == est["load"], card.id
        assert set(card.estimated) == {k for k, v in est["source"].items() if v == "estimated"}, card.id
        assert card.name == facts[card.id]["name"]
        if facts[card.id]["good"] != "unknown":
            assert (card.good, card.action) == (facts[card.id]["good"], facts[card.id]["action"])


def test_card_text_is_our_own_words(all_cards):
    """Card text is paraphrased, not the rulebook's sentences."""
    facts = {c["id"]: c for c in yaml.safe_load((SHARED / "cards.yaml").read_text())["cards"]} if SHARED.exists() else {}
    for card in all_cards.cards:
        assert len(card.text) > 40, card.id
        if card.id in facts:
            assert card.text != facts[card.id]["clarification"]
            assert card.text != facts[card.id]["face_text"]


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


GOOD = """id: bolts
name: Bolts
set: mymod
good: technology
action: load
tier: 1
load: {technology: 2}
estimated: [tier]
text: A plain good with no power.
"""


def test_a_good_card_file_loads(tmp_path):
    card, diags = load_card_file(write(tmp_path, "bolts.yaml", GOOD))
    assert diags == [] and card is not None
    assert (card.id, card.good, card.tier, card.load) == ("bolts", "technology", 1, (("technology", 2),))


@pytest.mark.parametrize(("text", "where", "code", "words"), [
    (GOOD.replace("tier: 1", "teir: 1"), "6:1", "C002", "did you mean `tier`"),
    (GOOD.replace("good: technology", "good: tecnology"), "4:7", "C020", "did you mean `technology`"),
    (GOOD.replace("action: load", "action: lode"), "5:9", "C021", "did you mean `load`"),
    (GOOD.replace("tier: 1", "tier: 5"), "6:7", "C022", "0 to 3"),
    (GOOD.replace("{technology: 2}", "{tehcnology: 2}"), "7:8", "C031", "did you mean `technology`"),
    (GOOD.replace("{technology: 2}", "{technology: 0}"), "7:20", "C032", "at least 1"),
    (GOOD.replace("id: bolts", "id: nuts"), "1:5", "C011", "file is named `bolts.yaml`"),
    (GOOD.replace("estimated: [tier]", "estimated: [teir]"), "8:13", "C041", "did you mean `tier`"),
    (GOOD.replace("name: Bolts\n", ""), "1:1", "C003", "missing required field `name`"),
    (GOOD.replace("load: {technology: 2}", "load: {technology: 2"), "8:10", "E004", "invalid YAML"),
    ("", "1:1", "E005", "empty file"),
    ("- just\n- a list\n", "1:1", "C001", "must be a mapping"),
])
def test_bad_card_files_say_where_and_what(tmp_path, text, where, code, words):
    path = write(tmp_path, "bolts.yaml", text)
    _, diags = load_card_file(path)
    assert diags, "a bad file must produce a diagnostic"
    first = str(diags[0])
    assert first.startswith(f"{path}:{where}: {code} "), first
    assert words in first


def test_binary_and_non_utf8_files_are_diagnosed(tmp_path):
    binary = tmp_path / "blob.yaml"
    binary.write_bytes(b"\x00\x01\x02")
    latin = tmp_path / "latin.yaml"
    latin.write_bytes("name: Caf\xe9".encode("latin-1"))
    assert load_card_file(binary)[1][0].code == "E003"
    assert load_card_file(latin)[1][0].code == "E003"


def test_every_problem_is_reported_not_only_the_first(tmp_path):
    write(tmp_path, "bolts.yaml", GOOD.replace("tier: 1", "tier: 9").replace("good: technology", "good: gadgets"))
    write(tmp_path, "nuts.yaml", GOOD.replace("id: bolts", "id: nuts").replace("action: load", "action: build"))
    with pytest.raises(CardFileError) as err:
        load_cards([tmp_path])
    codes = sorted(d.code for d in err.value.diagnostics)
    assert codes == ["C020", "C021", "C022"]


def test_duplicate_ids_are_refused(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    write(tmp_path / "a", "bolts.yaml", GOOD)
    write(tmp_path / "b", "bolts.yaml", GOOD)
    with pytest.raises(CardFileError) as err:
        load_cards([tmp_path])
    assert [d.code for d in err.value.diagnostics] == ["C060"]


def test_game_yaml_problems_are_diagnosed(tmp_path):
    text = (project_root() / "cards" / "game.yaml").read_text()
    path = write(tmp_path, "game.yaml", text.replace("sale_price: 4", "sale_price: four").replace("supply:", "suply:"))
    with pytest.raises(CardFileError) as err:
        load_rules_data(path)
    messages = [str(d) for d in err.value.diagnostics]
    assert any("G008" in m and "did you mean `supply`" in m for m in messages), messages
    assert any("G002" in m and "supply.sale_price" in m for m in messages), messages
