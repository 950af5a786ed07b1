"""The designer's desk in a real browser (headless Chromium driven by Playwright): every page, as a
designer uses it. See tests/web/browser.py for how the browser is found and the server started."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from interpreter.cards.catalog import load_all_cards, load_rules
from interpreter.cards.loader import load_card_file
from interpreter.cli import main
from interpreter.engine.options import GameOptions
from interpreter.scenarios.replay import replay
from interpreter.web.constructs import card_constructs
from tests.web.browser import Desk, shot

ROOT = Path(__file__).resolve().parents[2]


def final_totals(page: Any) -> list[int]:
    return [int(t) for t in page.locator("#final table.scores tbody tr").evaluate_all("rows => rows.map(r => r.dataset.total)")]


def test_gallery_lists_all_128_cards_and_filters_them(page: Any, desk_server: Desk) -> None:
    every = load_all_cards()
    page.goto(desk_server.url + "/")
    assert page.locator(".gallery .card").count() == 128
    assert page.locator("#count").inner_text() == "128 of 128 cards"
    shot(page, "gallery")
    page.select_option("select[name=good]", "luxury")  # the filter submits itself on change
    page.wait_for_url("**good=luxury**")
    luxury = sum(1 for c in every.cards if c.good == "luxury")
    assert page.locator(".gallery .card").count() == luxury
    assert set(page.locator(".gallery .card").evaluate_all("cards => cards.map(c => c.dataset.good)")) == {"luxury"}
    page.goto(desk_server.url + "/")
    page.select_option("select[name=construct]", "effect: draw")
    page.wait_for_url("**construct=**")
    drawing = sorted(c.id for c in every.cards if "effect: draw" in card_constructs(c))
    assert sorted(page.locator(".gallery .card").evaluate_all("cards => cards.map(c => c.dataset.id)")) == drawing
    page.locator(".gallery .card a.name").first.click()
    page.wait_for_url("**/card/**")
    page.click("#run-examples")
    page.wait_for_selector("#example-results")
    assert page.locator("#example-results .result.pass").count() >= 1
    assert page.locator("#example-results .result.fail").count() == 0
    shot(page, "card")


def test_a_typo_typed_in_the_editor_shows_its_diagnostic_at_its_line(page: Any, desk_server: Desk, tmp_path: Path) -> None:
    text = (ROOT / "cards" / "consumer" / "cups.yaml").read_text()
    page.goto(desk_server.url + "/edit/cups")
    page.wait_for_selector("#status.ok")
    assert "shipment completes: draw 5 cards." in page.locator("#check .english").inner_text()
    at = text.index("on completion: draw 5") + len("on completion: ")
    page.eval_on_selector("#yaml", "(area, at) => { area.focus(); area.setSelectionRange(at, at + 4); }", at)
    page.keyboard.type("drwa")  # replaces the selected `draw`, one key at a time
    page.wait_for_selector("#check .diagnostic")
    typo = text[:at] + "drwa" + text[at + 4:]
    (tmp_path / "cups.yaml").write_text(typo)
    _, expected = load_card_file(tmp_path / "cups.yaml")  # what `importexport validate` reports
    assert len(expected) == 1 and expected[0].line == text[:at].count("\n") + 1
    shown = page.locator("#check .diagnostic")
    assert shown.count() == 1
    assert int(shown.get_attribute("data-line")) == expected[0].line
    assert int(shown.get_attribute("data-col")) == expected[0].col
    assert f"line {expected[0].line}, column {expected[0].col}" in shown.inner_text()
    assert "did you mean `draw`" in shown.inner_text()
    assert page.locator("#gutter .badline").inner_text() == str(expected[0].line)
    assert "problem" in page.locator("#status").inner_text()
    shot(page, "editor-typo")
    page.eval_on_selector("#yaml", "(area, at) => { area.focus(); area.setSelectionRange(at, at + 4); }", at)
    page.keyboard.type("draw")  # corrected: the card is right again
    page.wait_for_selector("#status.ok")
    assert page.locator("#check .diagnostic").count() == 0


def test_a_recorded_game_steps_through_to_the_final_scores_replay_gives(page: Any, desk_server: Desk, tmp_path: Path) -> None:
    record_path = tmp_path / "game.json"
    assert main(["play", "--seed", "8", "--log", str(record_path)]) == 0  # its last turn is 7 steps (seed 3's was 16)
    record = json.loads(record_path.read_text())
    expected = replay(record, load_all_cards().only_sets(["base"]), load_rules(), GameOptions()).result.totals
    page.goto(desk_server.url + "/viewer")
    page.set_input_files("#record-file", str(record_path))
    page.click("#open-record")
    page.wait_for_url("**/viewer/*")
    assert page.locator("#step-number").inner_text() == "0"
    for number in (1, 2, 3):
        page.click("#next")
        page.wait_for_url(f"**step={number}")
        assert page.locator("#step-number").inner_text() == str(number)
        assert page.locator(".decision li.chosen").count() == 1
    page.click("#prev")
    page.wait_for_url("**step=2")
    assert page.locator("#step-number").inner_text() == "2"
    page.click("#hands")
    page.wait_for_url("**hands=1")
    assert page.locator(".player .hand").count() == record["players"]
    shot(page, "viewer")
    turns = page.locator("#turn option").evaluate_all("options => options.map(o => o.value)")
    page.select_option("#turn", turns[-1])  # jump to the last turn, then step through it to the end
    page.wait_for_url(f"**turn={turns[-1]}**")
    for _ in range(len(record["decisions"]) + 1):
        if page.locator("#final").count():
            break
        page.click("#next")
        page.wait_for_load_state()
    assert page.locator("#final").count() == 1
    assert final_totals(page) == expected == record["result"]["totals"]
    assert "The same result as the record" in page.locator("#final").inner_text()
    shot(page, "viewer-end")


def test_a_full_game_against_the_bots_is_played_to_the_end_by_clicking(page: Any, desk_server: Desk) -> None:
    page.goto(desk_server.url + "/play")
    page.fill("input[name=players]", "3")
    page.fill("input[name=seat]", "2")
    page.fill("input[name=seed]", "36")  # a game of 34 clicks with these choices (seed 2 took 47, seed 3 71): a page load each
    page.click("#start")
    page.wait_for_url("**/play/*")
    chooser = random.Random(7)
    clicks = 0
    for _ in range(3000):
        page.wait_for_selector("#decision, #final")
        seen = page.evaluate("""() => ({final: document.querySelectorAll('#final').length,
                                        mine: document.querySelectorAll('.player.me .hand').length,
                                        hands: document.querySelectorAll('.player .hand').length,
                                        options: document.querySelectorAll('#decision button.option').length})""")
        if seen["final"]:
            break
        assert seen["mine"] == 1  # my hand is shown ...
        assert seen["hands"] == 1  # ... and nobody else's
        with page.expect_navigation():
            page.locator("#decision button.option").nth(chooser.randrange(seen["options"])).click()
        clicks += 1
        if clicks == 20:
            shot(page, "play")
    assert page.locator("#final").count() == 1, "the game did not end"
    assert clicks >= 20
    totals = final_totals(page)
    assert len(totals) == 3 and page.locator("#final tr.winner").count() >= 1
    shot(page, "play-end")
    records = list(desk_server.records.glob("*.json"))
    assert len(records) == 1 and json.loads(records[0].read_text())["result"]["totals"] == totals
    page.click("#to-viewer")
    page.wait_for_url("**/viewer/**")
    assert final_totals(page) == totals


@pytest.mark.parametrize("path, message", [
    ("/card/cupz", "There is no card `cupz` in this desk's card set (did you mean `cups`?)"),
    ("/viewer/999", "No open game 999 here"),
])
def test_bad_addresses_say_what_is_wrong_on_the_page(page: Any, desk_server: Desk, path: str, message: str) -> None:
    response = page.goto(desk_server.url + path)
    assert response.status == 404
    assert message in page.locator(".error .message").inner_text()
    assert "Traceback" not in page.content()


def test_the_table_lists_the_lasting_effects_in_force(page: Any, tmp_path: Path) -> None:
    """Issue 21, item 4: a game of the Novel Powers pack where Naval Escort's `until the end of your next
    turn, ...` is in force: the table lists it, with its English and when it ends, and not after it ended.
    The desk serves the pack (`--mod`): an uploaded record may name only the packs a desk serves."""
    from interpreter.web.viewer import view_record

    novel = ROOT / "docs" / "examples" / "novel"
    record_path = tmp_path / "escort.json"
    assert main(["play", "--mod", str(novel), "--seed", "4", "--log", str(record_path)]) == 0
    record = json.loads(record_path.read_text())
    steps = view_record(record, load_rules(), "escort", [novel]).steps
    during = [i for i, step in enumerate(steps) if step.table["lasting"]]
    assert during, "the game of seed 4 should hold a lasting effect for a while"
    after = next(i for i in range(during[0], len(steps)) if not steps[i].table["lasting"])
    (tmp_path / "desk").mkdir()
    desk = Desk(tmp_path / "desk", "--mod", str(novel))
    try:
        page.goto(desk.url + "/viewer")
        page.set_input_files("#record-file", str(record_path))
        page.click("#open-record")
        page.wait_for_url("**/viewer/*")
        viewer = page.url.split("?")[0]
        page.goto(f"{viewer}?step={during[0]}")
        effects = page.locator("#lasting li")
        assert effects.count() == len(steps[during[0]].table["lasting"]) >= 1
        shown = effects.first.inner_text()
        first = steps[during[0]].table["lasting"][0]
        assert first["card"] in shown and first["text"] in shown and first["until"] in shown
        shot(page, "viewer-lasting")
        page.goto(f"{viewer}?step={after}")
        assert page.locator("#lasting").count() == 0
    finally:
        assert "Traceback" not in desk.stop()
