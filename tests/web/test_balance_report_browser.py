"""The balance report and the A/B comparison as a person sees them in Chromium (issue 13, items 3-5):
the first screen says what stands out and starts the forest plot; a card's link opens its own page
inside the file; the comparison opens on the changed cards. Set DESK_SCREENSHOTS=FOLDER to keep the
screenshots."""

from __future__ import annotations

from typing import Any

from interpreter.sim.compare import card_changes, compare
from interpreter.sim.compare_report import compare_page
from interpreter.sim.report import html_report
from tests.test_balance_stats import records, retuned, run
from tests.web.browser import LAPTOP, shot


def visible_in_first_screen(page: Any, selector: str) -> bool:
    box = page.locator(selector).first.bounding_box()
    return box is not None and box["y"] < LAPTOP["height"]


def test_the_report_opens_on_what_stands_out_and_each_card_has_its_page(page, tmp_path, base_cards):
    results = run(base_cards, records(base_cards, 800, seed=5, planted={"cups": 3.0}, rare={"honey": 4}))
    report = tmp_path / "report.html"
    report.write_text(html_report(results))
    page.goto(report.as_uri())
    shot(page, "balance-report-first-screen")
    assert page.locator("h1").first.inner_text().startswith("Balance report")
    findings = page.locator("section.findings")
    assert findings.is_visible() and "1 card stands out" in findings.inner_text()
    assert "Honey (4)" in findings.inner_text()  # too few completions: named, not ranked
    assert visible_in_first_screen(page, "svg.chart")  # the forest plot starts on the first screen
    page.locator("svg.chart a").first.click()
    assert page.url.endswith("#card-cups")
    shot(page, "balance-report-card-page")
    assert not page.locator("#overview").is_visible()
    card = page.locator("#card-cups")
    assert card.is_visible() and "stands out" in card.inner_text() and "on completion: draw 5" in card.inner_text()
    page.go_back()
    assert page.locator("#overview").is_visible()


def test_the_comparison_opens_on_the_changed_cards(page, tmp_path, base_cards):
    b_cards = retuned(base_cards)
    a = run(base_cards, records(base_cards, 600, seed=11))
    b = run(b_cards, records(b_cards, 600, seed=11, planted={"cups": 3.0}), "retune")
    path = tmp_path / "compare.html"
    path.write_text(compare_page(compare(a, b, card_changes(base_cards, b_cards))))
    page.goto(path.as_uri())
    shot(page, "balance-compare-first-screen")
    assert "3 cards changed" in page.locator("section.findings").inner_text()
    assert visible_in_first_screen(page, "svg.chart")
    cups = page.locator("#change-cups")
    assert "tier" in cups.inner_text() and "these samples can see" in cups.inner_text()
