"""Two tabs of the editor saving one card, in a real browser (issue 22, item 1): the second save is
refused, the page shows both texts and their differences, and the designer either loads the text on
disk or saves theirs over it knowingly. See tests/web/browser.py for the browser and the server."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.browser import Desk, shot

ROOT = Path(__file__).resolve().parents[2]
PENS = (ROOT / "cards" / "consumer" / "pens.yaml").read_text()


def marked(mark: str) -> str:
    return re.sub(r"(?m)^text: .*\n(  .*\n)*", f"text: >-\n  Edited in {mark}.\n", PENS, count=1)


@pytest.fixture
def desk(tmp_path: Path) -> Iterator[Desk]:
    server = Desk(tmp_path)
    yield server
    assert "Traceback" not in server.stop()


def open_editor(context: Any, desk: Desk) -> Any:
    page = context.new_page()
    page.goto(desk.url + "/edit/pens")
    page.wait_for_selector("#status.ok")
    return page


def save(page: Any, text: str) -> None:
    page.fill("#yaml", text)
    page.click("#save")


def test_two_tabs_saving_one_card_show_the_conflict_and_let_the_designer_choose(browser_context: Any, desk: Desk) -> None:
    first, second = open_editor(browser_context, desk), open_editor(browser_context, desk)
    try:
        on_disk = desk.pack / "cards" / "pens.yaml"
        save(first, marked("the first tab"))
        first.wait_for_selector("#save-result .ok")
        assert "Edited in the first tab." in on_disk.read_text()

        save(second, marked("the second tab"))
        second.wait_for_selector("#conflict")
        assert second.locator("#save-result p.bad").first.inner_text().startswith("Not saved: cards/pens.yaml changed on disk")
        diff = second.locator("#conflict pre.diff").inner_text()
        assert "-  Edited in the first tab." in diff and "+  Edited in the second tab." in diff
        assert "Edited in the first tab." in on_disk.read_text()  # nothing was written over it
        shot(second, "editor-save-conflict")

        second.click("#conflict-load")  # keep the text on disk: it replaces the second tab's text
        assert second.eval_on_selector("#yaml", "area => area.value") == on_disk.read_text()
        second.wait_for_selector("#status.ok")
        save(second, second.eval_on_selector("#yaml", "area => area.value").replace("first tab", "second tab, after reading"))
        second.wait_for_selector("#save-result .ok")
        assert "Edited in the second tab, after reading." in on_disk.read_text()

        save(first, marked("the first tab, again"))  # the first tab is now the stale one
        first.wait_for_selector("#conflict")
        first.click("#conflict-overwrite")  # seen both, the designer keeps theirs
        first.wait_for_selector("#save-result p.ok")
        assert "Edited in the first tab, again." in on_disk.read_text()
    finally:
        first.close()
        second.close()


def open_deck(context: Any, desk: Desk) -> Any:
    page = context.new_page()
    page.goto(desk.url + "/deck")
    page.wait_for_selector("#deck-check .ok")
    return page


def add_copy(page: Any, card_id: str) -> None:
    page.locator(f'.decktile[data-id="{card_id}"] .plus').click()
    page.wait_for_selector("#deck-save:not([disabled])")
    page.click("#deck-save")


SAVED = "#deck-result p.ok:has-text('Saved the deck list')"


def test_two_deck_editor_tabs_show_both_deck_lists_and_let_the_designer_choose(browser_context: Any, desk: Desk) -> None:
    """The deck editor's refusal (issue 22, item 1) shows the deck list on disk and the stale tab's
    side by side with the cards whose copies differ; "load" puts the copies on disk into the page,
    "save mine over it" writes the tab's deck list knowingly."""
    first, second = open_deck(browser_context, desk), open_deck(browser_context, desk)
    manifest = desk.pack / "mod.yaml"
    try:
        add_copy(first, "cups")
        first.wait_for_selector(SAVED)
        assert "  cups: 2\n" in manifest.read_text()

        add_copy(second, "pens")  # read the manifest before the first tab saved
        second.wait_for_selector("#deck-conflict")
        assert "changed since this page read it" in second.locator("#deck-conflict p.bad").first.inner_text()
        assert "cups: 2" in second.locator("#deck-conflict-disk").inner_text()
        assert "pens: 2" in second.locator("#deck-conflict-yours").inner_text()
        rows = second.locator("#deck-conflict-differences tbody tr").all_inner_texts()
        assert [row.split("\t") for row in rows] == [["Cups", "2", "1"], ["Pens", "1", "2"]]
        assert "pens: 2" not in manifest.read_text()  # nothing was written over it
        shot(second, "deck-save-conflict")

        second.click("#deck-conflict-load")  # take the deck list on disk
        assert second.locator('.decktile[data-id="cups"] input.n').input_value() == "2"
        assert second.locator('.decktile[data-id="pens"] input.n').input_value() == "1"
        add_copy(second, "pens")  # now based on the manifest on disk: saved
        second.wait_for_selector(SAVED)
        assert "  cups: 2\n" in manifest.read_text() and "  pens: 2\n" in manifest.read_text()

        add_copy(first, "rope")  # the first tab is now the stale one
        first.wait_for_selector("#deck-conflict")
        first.click("#deck-conflict-overwrite")  # seen both, the designer keeps theirs
        first.wait_for_selector(SAVED)
        text = manifest.read_text()
        assert "  rope: 2\n" in text and "pens: 2" not in text
    finally:
        first.close()
        second.close()
