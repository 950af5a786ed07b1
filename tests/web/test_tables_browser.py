"""Online tables in a real browser (issue 27 items 3 and 4): three people, each in a browser context
of their own, and three bots play a whole game at one table while the server is stopped and started
again in the middle; a spectator watches; reloads come back to the seat. Undo against bots, the
hot-seat screen, and the powers of any card on hover. People's seats always take the first option
offered, and the game is shortened with the option end_threshold, to keep the test bounded."""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.browser import LAPTOP, Desk, shot

ROUNDS = 900  # passes over the people's pages before the game must be over


@pytest.fixture
def people(chromium: Any) -> Iterator[Callable[[], Any]]:
    """Opens a page in a browser context of its own (a separate person: no shared cookies) in the
    session's Chromium; the contexts are closed after the test, so no page of a finished test keeps
    listening to its table's live feed. A test with one person uses the lent `page` (tests/web/browser.py):
    a context costs Chromium about 0.6 s of CPU, and the desk sets no cookie a person could share."""
    contexts: list[Any] = []

    def new_page() -> Any:
        context = chromium.new_context(viewport=LAPTOP)
        context.set_default_timeout(30_000)
        contexts.append(context)
        return context.new_page()
    yield new_page
    for context in contexts:
        context.close()


@pytest.fixture
def folder() -> Iterator[Path]:
    with tempfile.TemporaryDirectory(prefix="tables-test-") as name:
        yield Path(name)


@pytest.fixture(scope="module")
def shared_desk() -> Iterator[Desk]:
    """One desk for the tests that each open a table of their own on it and never stop it (the restart
    test has its own)."""
    with tempfile.TemporaryDirectory(prefix="tables-test-") as name:
        desk = start_desk(Path(name))
        yield desk
        stop_desk(desk)


def start_desk(folder: Path, port: int | None = None) -> Desk:
    # no pause before the bots' moves: each move is a change every page fetches again, and without the
    # pause the moves between two people's decisions come together and the pages fetch them at once
    extra = ["--tables", str(folder / "tables.sqlite"), "--bot-pause", "0"]
    return Desk(folder, *extra, *(["--port", str(port)] if port else []))


def stop_desk(desk: Desk) -> None:
    err = desk.stop()
    assert "Traceback" not in err, f"the desk logged an internal error:\n{err}"
    # stopped when asked (the open live feeds end; uvicorn passes SIGTERM on once it has shut down),
    # not killed (-9) after the harness's grace period
    assert desk.process.returncode in (0, -15), (desk.process.returncode, err)


def open_table(page: Any, url: str, *, players: int, people: int, seed: int, bots: str = "random",
               options: str = "", hot_seat: bool = False) -> dict[str, str]:
    """Fill the form on /tables as a designer would; the links by seat (`0`, `1`, ..., `watch`, `hot`)."""
    page.goto(f"{url}/tables")
    page.fill("input[name=players]", str(players))
    page.fill("input[name=people]", str(people))
    page.select_option("select[name=bots]", bots)
    page.fill("input[name=seed]", str(seed))
    if options:
        page.fill("textarea[name=options]", options)
    if hot_seat:
        page.check("#hot-seat")
    page.click("#open-table")
    page.wait_for_url("**/links")
    links = {}
    for a in page.locator("a.seatlink").all():
        links[a.get_attribute("data-seat")] = a.get_attribute("href")
    return links


def take_first_option(page: Any) -> bool:
    """If this page is asked something, take the first option; True if it did."""
    button = page.locator("#decision button.option").first
    if button.count() == 0:
        return False
    try:
        with page.expect_navigation(timeout=15_000):
            button.click(timeout=5_000)
    except Exception:  # the part was swapped by the live feed under the click: look again next round
        return False
    return True


def hand_zones(page: Any) -> int:
    return int(page.locator(".zone.hand").count())


def seen_by(page: Any, seat: int | None) -> dict[str, int]:
    """What a person's (or the spectator's) page shows, read in one round trip to the browser: whether
    the game is over, whether this seat is asked, the hands shown, this seat's own hand shown."""
    return dict(page.evaluate("""seat => ({
        final: document.querySelectorAll('#final').length,
        decision: document.querySelectorAll('#decision').length,
        hands: document.querySelectorAll('.zone.hand').length,
        own: seat === null ? 0 : document.querySelectorAll(`.player.me[data-seat='${seat}'] .zone.hand`).length,
        options: document.querySelectorAll('#decision button.option').length,
    })""", seat))


def until_a_person_is_asked(people: list[Any]) -> None:
    """Wait until one of the people's pages offers them a decision: the bots have made every move they
    can, so the table's stored log is the same in every run when the server stops. (A resumed table's
    bots start again from their seeds: stopped in the middle of the bots' moves, the game would go on
    differently from run to run, and its length with it.)"""
    for _ in range(400):
        if any(seen_by(person, seat)["options"] for seat, person in enumerate(people)):
            return
        time.sleep(0.1)
    raise AssertionError("no person was asked anything for 40 s")


def test_three_people_and_three_bots_play_a_whole_game_through_a_server_restart(people: Any, page: Any, folder: Path) -> None:
    """Seed 27 with end_threshold=18 and random bots: a whole game in which the people click 21 times.
    The restart comes right after their 12th click, once the bots have made their moves, so the stored
    log, and the game its resumed bots go on with, are the same in every run (stopped at a moment the
    clock chose, seed 4 gave games of 19 to 78 clicks, each click a page load in four browsers). The
    reload comes after their 16th click, in the round that reaches it: before the game ends. The game
    was played offline, as the table plays it, to choose the seed."""
    desk = start_desk(folder)
    port = int(desk.url.rsplit(":", 1)[1])
    new_page = people
    try:
        owner = page  # the session's own browser: the three people below each have one of their own
        links = open_table(owner, desk.url, players=6, people=3, seed=27, options="end_threshold=18")
        assert set(links) == {"0", "1", "2", "watch"}  # three people's seats and the spectators; the bots have no link
        people = [new_page() for _ in range(3)]  # three browser contexts: three people, no shared cookies
        for seat, person in enumerate(people):
            person.goto(desk.url + links[str(seat)])
            assert person.locator("#role").inner_text() == f"P{seat + 1}"
        spectator = owner  # whoever opened the table watches it from the same browser
        spectator.goto(desk.url + links["watch"])
        assert spectator.locator("#role").inner_text() == "spectator"
        for person in people:
            person.wait_for_selector("#live.ok")

        clicks, restarted, reloaded = 0, False, False
        for _ in range(ROUNDS):
            moved, finished = False, 0
            for seat, person in enumerate(people):
                seen = seen_by(person, seat)
                if seen["final"]:
                    finished += 1
                    continue
                if seen["decision"]:
                    assert seen["hands"] == 1  # a person sees one hand: their own
                    assert seen["own"] == 1
                if seen["options"] and take_first_option(person):
                    clicks += 1
                    moved = True
                    if clicks == 12:
                        break  # the restart comes after exactly this click: the same game in every run
            if finished == len(people):
                break
            assert seen_by(spectator, None)["hands"] == 0
            if clicks >= 12 and not restarted:
                until_a_person_is_asked(people)
                shot(people[0], "table-before-restart")
                stop_desk(desk)
                desk = start_desk(folder, port)  # the same port and the same tables file
                restarted = True
                for person in people:  # the feed reconnects by itself and the page catches up
                    person.wait_for_selector("#live.ok", timeout=30_000)
            if restarted and not reloaded and clicks >= 16:
                people[1].reload()  # a reload comes back to the same seat
                assert people[1].locator("#role").inner_text() == "P2"
                reloaded = True
            if not moved:
                time.sleep(0.25)  # the bots are playing: look again soon (each look is a round trip to each page)
        assert restarted and reloaded
        for person in people:
            person.wait_for_selector("#final", timeout=30_000)
        spectator.wait_for_selector("#final", timeout=30_000)
        shot(people[0], "table-finished", full=True)
        assert people[0].locator("table.scores tbody tr").count() == 6
        record = people[0].request.get(desk.url + people[0].locator("#record").get_attribute("href"))
        assert record.ok
        path = folder / "table.json"
        path.write_bytes(record.body())
        replay = subprocess.run([sys.executable, "-m", "interpreter", "replay", str(path)], capture_output=True, text=True,
                                timeout=120)
        assert replay.returncode == 0, replay.stderr
        # and the viewer opens it
        people[2].click("#to-viewer")
        people[2].wait_for_url("**/viewer/**")
        assert "Viewer" in people[2].title()
    finally:
        stop_desk(desk)


def test_undo_against_bots_in_the_browser(page: Any, shared_desk: Desk) -> None:
    desk = shared_desk
    links = open_table(page, desk.url, players=3, people=1, seed=9)
    page.goto(desk.url + links["0"])
    page.wait_for_selector("#decision")
    assert page.locator("#undo").count() == 0  # nothing to take back yet
    while page.locator("#decision button.option").count() < 2:
        take_first_option(page)
        page.wait_for_selector("#decision, #final")
    number = page.locator("#decision input[name=number]").get_attribute("value")
    options = page.locator("#decision button.option").all_inner_texts()
    with page.expect_navigation():
        page.locator("#decision button.option").nth(1).click()
    page.wait_for_function(f"() => document.querySelector('#decision input[name=number]')?.value !== '{number}'")
    with page.expect_navigation():
        page.click("#undo")
    page.wait_for_selector("#decision")
    assert page.locator("#decision input[name=number]").get_attribute("value") == number
    assert page.locator("#decision button.option").all_inner_texts() == options


def test_hot_seat_hides_the_hand_between_seats(page: Any, shared_desk: Desk) -> None:
    desk = shared_desk
    links = open_table(page, desk.url, players=3, people=2, seed=14, hot_seat=True)
    assert set(links) == {"hot", "watch"}
    page.goto(desk.url + links["hot"])
    seats = set()
    for _ in range(40):
        page.wait_for_selector("#cover, #decision, #final")
        if page.locator("#final").count():
            break
        if page.locator("#cover").count():
            assert hand_zones(page) == 0 and page.locator("#decision").count() == 0
            with page.expect_navigation():
                page.click("#reveal")
            continue
        me = page.locator(".player.me").get_attribute("data-seat")
        seats.add(me)
        assert hand_zones(page) == 1 and page.locator(".player.me .zone.hand").count() == 1
        take_first_option(page)
        if len(seats) == 2:
            break
    assert seats == {"0", "1"}


def test_hover_shows_a_cards_powers_at_the_table(page: Any, shared_desk: Desk) -> None:
    """Any card on the table page (a hand card here) shows its powers in English on hover, and
    still after the page's part has been replaced as the live feed replaces it."""
    desk = shared_desk
    links = open_table(page, desk.url, players=2, people=1, seed=4)
    page.goto(desk.url + links["0"])
    page.wait_for_selector("#decision")
    chip = page.locator(".player.me .zone.hand [data-card]").first
    card = chip.get_attribute("data-card")
    chip.hover()
    tip = page.locator("#cardtip")
    tip.wait_for(state="visible")
    book = page.evaluate("JSON.parse(document.getElementById('card-book').textContent)")
    assert book[card]["name"] in tip.inner_text()
    for power in book[card]["powers"]:
        assert power["english"] in tip.inner_text()
    page.mouse.move(0, 0)
    take_first_option(page)
    page.wait_for_selector("#decision, #final")
    # the part replaced as the live feed does it (table.js): the tips work on the new elements too
    page.evaluate("""async token => {
        const html = await (await fetch(`/t/${token}/part`)).text();
        document.getElementById('part-holder').innerHTML = html;
    }""", links["0"].rsplit("/", 1)[1])
    other = page.locator("[data-card]").first
    other.hover()
    tip.wait_for(state="visible")
    assert book[other.get_attribute("data-card")]["name"] in tip.inner_text()
