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
