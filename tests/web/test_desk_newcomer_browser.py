"""What a new user trips on at the desk (issue 26, items 1-8), in a real browser (Chromium driven by
Playwright; see tests/web/browser.py): a card the balance run did not rank says so; every template
the desk or `init` writes passes its checks; every card shown gives its powers in English on hover,
keyboard focus and tap; a long list of options is grouped and counted; "Try it" gives counts and
intervals beside every rate; the construct filter speaks the words of docs/powers.md; the editor
highlights and completes power lines; a deck editor writes the pack's deck list.

The module runs its own desk (its own pack, runs and records folders), so what it saves does not
change the games of the other browser tests, and theirs do not change its games."""

from __future__ import annotations

import io
import json
import re
import tempfile
from collections.abc import Iterator
from contextlib import redirect_stdout
from pathlib import Path
from typing import Any

import pytest

from interpreter.cards.catalog import load_rules, project_root
from interpreter.cli import main
from interpreter.powers import new_game
from interpreter.sim.report import html_report
from interpreter.sim.runner import bot_agents
from interpreter.web.constructs import card_constructs
from interpreter.web.saving import LOCK_FILE
from tests.helpers import ALL_CARDS
from tests.test_balance_stats import records, run
from tests.web.browser import Desk, shot

ROOT = project_root()
CARDS = ALL_CARDS  # the desk shows every set by default
PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def desk() -> Iterator[Desk]:
    with tempfile.TemporaryDirectory(prefix="desk-newcomer-") as folder:
        server = Desk(Path(folder))
        yield server
        err = server.stop()
        assert "Traceback" not in err, f"the desk logged an internal error:\n{err}"


def english(card_id: str) -> list[str]:
    return [p.node.english() for p in CARDS.by_id[card_id].powers]


def tip_shows(page: Any, card_id: str) -> None:
    tip = page.locator("#cardtip")
    tip.wait_for(state="visible")
    text = " ".join(tip.inner_text().split())
    assert text.startswith(CARDS.by_id[card_id].name), text
    for sentence in english(card_id) or ["No power."]:
        assert " ".join(sentence.split()) in text


# --- item 1: a card the run did not rank says so --------------------------------------------------------

@pytest.fixture(scope="module")
def balance_run(desk: Desk) -> dict[str, Any]:
    """A balance run in the desk's runs folder (made once for the module): Cups planted strong,
    Honey completed too rarely to be ranked."""
    base = CARDS.only_sets(["base"])
    results = run(base, records(base, 800, seed=5, planted={"cups": 3.0}, rare={"honey": 4}))
    folder = desk.runs / "base"
    folder.mkdir(parents=True)
    (folder / "results.json").write_text(json.dumps(results))
    (folder / "report.html").write_text(html_report(results))
    return results


def test_a_card_the_run_did_not_rank_says_so_and_a_ranked_card_gives_its_rank(page: Any, desk: Desk,
                                                                             balance_run: dict[str, Any]) -> None:
    results = balance_run
    rows = {r["id"]: r for r in results["cards"]}
    assert not rows["honey"]["ranked"] and rows["cups"]["ranked"]
    page.goto(desk.url + "/card/honey")
    standing = " ".join(page.locator("#standing").inner_text().split())
    shot(page, "newcomer-card-unranked")
    assert "not ranked: 4 completions, fewer than the 30 a card needs to be ranked" in standing
    assert "rank " not in standing and "within chance" not in standing
    assert "(4 of 800)" in standing  # the rate with its count, as the report gives it
    page.goto(desk.url + "/card/cups")
    standing = " ".join(page.locator("#standing").inner_text().split())
    assert f"rank {rows['cups']['rank']} of {results['tests']['tested']} by strength of evidence" in standing
    assert "more than chance" in standing


# --- item 2: every template passes its checks -------------------------------------------------------------

def test_the_new_card_template_passes_its_checks_and_its_example(page: Any, desk: Desk) -> None:
    page.goto(desk.url + "/")
    page.click("a.newcard")
    page.wait_for_url("**/edit")
    page.wait_for_selector("#status.ok, #status.bad")
    shot(page, "newcomer-new-card")
    assert page.locator("#status").inner_text() == "no problems", page.locator("#check").inner_text()
    page.click("#run-examples")
    page.wait_for_selector("#example-results")
    assert page.locator("#example-results .result.pass").count() == 1
    assert page.locator("#example-results .result.fail").count() == 0


def test_the_pack_init_writes_validates_and_its_example_passes(tmp_path: Path) -> None:
    with redirect_stdout(io.StringIO()):
        assert main(["init", str(tmp_path / "my-mod")]) == 0
        assert main(["validate", "--run-examples", str(tmp_path / "my-mod")]) == 0


# --- item 3: every card shows its powers ------------------------------------------------------------------

def first_decision(seed: int, players: int, seat: int) -> Any:
    """The first decision put to `seat` in the desk's game of `seed` against heuristic bots."""
    class Asked(Exception):
        pass

    class Catch:
        def choose(self, decision: Any, game: Any) -> int:
            raise Asked(decision, game)
    agents: list[Any] = bot_agents(seed, ["heuristic"] * players)
    agents[seat] = Catch()
    try:
        new_game(CARDS, load_rules(), players, seed, None, agents).play()
    except Asked as asked:
        return asked.args
    raise AssertionError("the seat was never asked")


def start_play(page: Any, desk: Desk, seed: int, players: int, seat: int) -> None:
    page.goto(desk.url + "/play")
    page.fill("input[name=players]", str(players))
    page.fill("input[name=seat]", str(seat + 1))
    page.fill("input[name=seed]", str(seed))
    page.click("#start")
    page.wait_for_selector("#decision")


def test_every_card_on_the_play_page_gives_its_powers_on_hover_and_keyboard_focus(page: Any, desk: Desk) -> None:
    start_play(page, desk, 2, 3, 0)
    hand = page.locator(".player.me .hand [data-card]")
    assert hand.count() >= 3
    for i in range(hand.count()):
        chip = hand.nth(i)
        chip.hover()
        tip_shows(page, chip.get_attribute("data-card"))
    shot(page, "newcomer-play-hover")
    page.mouse.move(1, 1)
    page.locator("#cardtip").wait_for(state="hidden")
    box = page.locator(".ship.atsea .box[data-card]").first  # a container at sea is a card too
    box.hover()
    tip_shows(page, box.get_attribute("data-card"))
    page.mouse.move(1, 1)
    island = page.locator(".island [data-card]").first
    island.focus()  # keyboard: the card is reachable and its powers show on focus
    tip_shows(page, island.get_attribute("data-card"))
    assert island.evaluate("el => el.tabIndex") == 0
    page.keyboard.press("Escape")
    page.locator("#cardtip").wait_for(state="hidden")


def tap(page: Any, locator: Any) -> None:
    """A finger's tap, as a touch screen sends it (Chromium's touch events through the DevTools
    protocol; the browser makes the click of a tap itself)."""
    box = locator.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    cdp = page.context.new_cdp_session(page)
    cdp.send("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 1})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()


def test_cards_give_their_powers_on_a_tap_on_a_phone(page: Any, desk: Desk) -> None:
    page.set_viewport_size(PHONE)
    start_play(page, desk, 3, 3, 0)
    chip = page.locator(".player.me .hand [data-card]").first
    chip.scroll_into_view_if_needed()
    tap(page, chip)
    tip_shows(page, chip.get_attribute("data-card"))
    shot(page, "newcomer-play-tap")
    tap(page, page.locator(".player.me .pname"))  # a tap elsewhere closes it
    page.locator("#cardtip").wait_for(state="hidden")


def test_the_viewer_and_the_balance_page_give_the_powers_of_their_cards(page: Any, desk: Desk,
                                                                      balance_run: dict[str, Any]) -> None:
    page.goto(desk.url + "/viewer")
    page.click("#play-seed")
    page.wait_for_url("**/viewer/*")
    page.click("#hands")
    page.wait_for_url("**hands=1")
    chip = page.locator(".player .hand [data-card]").first
    chip.hover()
    tip_shows(page, chip.get_attribute("data-card"))
    page.mouse.move(1, 1)
    page.goto(desk.url + "/balance")
    named = page.locator("table.runs a[data-card]")
    assert named.count() > 0, "the balance page names no card of the run"
    named.first.hover()
    tip_shows(page, named.first.get_attribute("data-card"))


def test_gallery_cards_show_their_powers_in_english(page: Any, desk: Desk) -> None:
    page.goto(desk.url + "/?q=cups")
    powers = " ".join(page.locator('.card[data-id="cups"] .powers').inner_text().split())
    assert english("cups")[0] in powers


# --- item 4: a long list of options, grouped and counted ---------------------------------------------------------

def test_a_long_list_of_options_is_grouped_by_action_and_counted(page: Any, desk: Desk) -> None:
    from interpreter.web.grouping import option_groups
    decision, game = first_decision(2, 3, 0)
    groups = option_groups(decision, [p.name for p in game.players])
    assert len(decision.options) >= 12 and len(groups) >= 3
    start_play(page, desk, 2, 3, 0)
    shot(page, "newcomer-options-grouped")
    count = page.locator("#decision #option-count").inner_text()
    assert count == f"{len(decision.options)} options, in {len(groups)} groups"
    buttons = page.locator("#decision button.option")
    assert buttons.count() == len(decision.options)
    assert buttons.evaluate_all("bs => bs.map(b => b.textContent)") == [label for g in groups for _, label in g["options"]]
    titles = page.locator("#decision .optgroup h4").evaluate_all("hs => hs.map(h => h.textContent.trim())")
    assert titles == [f"{g['title']} ({len(g['options'])})" for g in groups if g["title"]]
    for i in range(buttons.count()):  # none is hidden in a small box: each is seen when scrolled to
        buttons.nth(i).scroll_into_view_if_needed()
        assert buttons.nth(i).is_visible()
    page.locator("#decision .optgroup", has_text="PIRATE").locator("button.option").first.click()
    page.wait_for_selector("#decision, #final")


# --- item 5: counts and intervals beside every rate -------------------------------------------------------------

RATE = re.compile(r"(\d+)% \((\d+(?:\.\d)?) of (\d+), 95% interval (\d+)%–(\d+)%\)")


def test_try_it_gives_a_count_and_an_interval_beside_every_rate(page: Any, desk: Desk) -> None:
    page.goto(desk.url + "/edit/cups")
    page.wait_for_selector("#status.ok")
    page.eval_on_selector("#yaml", "area => { area.value = area.value.replace('draw 5', 'gain 20'); area.dispatchEvent(new Event('input')); }")
    page.fill("#try-games", "3")
    page.fill("#try-players", "3")
    page.click("#try")
    page.wait_for_selector("#try-result .trywords", timeout=300_000)
    text = " ".join(page.locator("#try-result .trywords").inner_text().split())
    shot(page, "newcomer-try")
    rates = RATE.findall(text)
    assert len(rates) >= 2, text
    for pct, k, n, lo, hi in rates:
        assert round(100 * float(k) / int(n)) == int(pct) and int(lo) <= int(pct) <= int(hi)
    assert "%" not in RATE.sub("", text).replace("(95% interval ", ""), text  # no rate without its count and interval


# --- item 6: the construct filter in the docs' words -------------------------------------------------------------

def test_the_construct_filter_speaks_the_words_of_the_docs(page: Any, desk: Desk) -> None:
    powers = (ROOT / "docs" / "powers.md").read_text()
    reference = (ROOT / "docs" / "reference.md").read_text()
    page.goto(desk.url + "/")
    options = page.locator("select[name=construct] option:not([value=''])").evaluate_all(
        "os => os.map(o => ({value: o.value, text: o.textContent.trim(), title: o.title, group: o.parentElement.label}))")
    assert len(options) > 80
    sections = set(re.findall(r"^## (.+)$", powers, re.M))
    for o in options:
        assert not o["text"].startswith(o["value"] + " ("), o  # not `amount: how_much (56)`
        if o["group"] == "Engine events":
            assert f"`{o['title']}`" in reference, o
        else:
            assert o["group"] in sections, o
            assert o["title"] in powers or o["title"].replace("|", "&#124;") in powers, o
    draw = next(o for o in options if o["title"] == "draw AMOUNT")
    page.select_option("select[name=construct]", draw["value"])
    page.wait_for_url("**construct=**")
    drawing = sorted(c.id for c in CARDS.by_id.values() if "effect: draw" in card_constructs(c))
    assert sorted(page.locator(".gallery .card").evaluate_all("cs => cs.map(c => c.dataset.id)")) == drawing


# --- item 12, on the desk: the record of a game left before its end ---------------------------------------------------

def test_the_viewer_steps_through_an_abandoned_game_to_where_it_was_left(page: Any, desk: Desk, tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    record = tmp_path / "left.json"
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n" * 8 + "q\n"))
    with redirect_stdout(io.StringIO()):
        assert main(["play", "--human", "1", "--seed", "3", "--log", str(record)]) == 1
    page.goto(desk.url + "/viewer")
    page.set_input_files("#record-file", str(record))
    page.click("#open-record")
    page.wait_for_url("**/viewer/*")
    page.click("#last")
    page.wait_for_selector("#final")
    assert "abandoned" in page.locator("#final").inner_text()
    assert page.locator("#step-number").inner_text() == str(len(json.loads(record.read_text())["decisions"]))


# --- item 7: highlighting and completion in the editor -----------------------------------------------------------

def caret_after(page: Any, fragment: str) -> None:
    text = page.eval_on_selector("#yaml", "area => area.value")
    at = text.index(fragment) + len(fragment)
    page.eval_on_selector("#yaml", "(area, at) => { area.focus(); area.setSelectionRange(at, at); }", at)


def test_the_editor_highlights_power_lines_with_the_languages_words(page: Any, desk: Desk) -> None:
    from interpreter.lang.grammar import keywords
    page.goto(desk.url + "/edit/cups")
    page.wait_for_selector("#status.ok")
    line = page.locator("#highlight .line", has_text="on completion: draw 5")
    assert line.locator(".tok-kw").all_inner_texts() == ["on", "completion", "draw"]
    assert line.locator(".tok-num").all_inner_texts() == ["5"]
    assert {"on", "completion", "draw"} <= set(keywords())  # the language's own words
    keys = page.locator("#highlight .tok-key").all_inner_texts()
    assert {"id", "name", "good", "powers", "examples"} <= set(keys)
    # the highlight is the text: the same characters, line for line, as the text box holds
    assert page.locator("#highlight").inner_text().rstrip("\n") == page.eval_on_selector("#yaml", "a => a.value").rstrip("\n")
    caret_after(page, "on completion: draw")
    page.keyboard.type("x")  # a typo: the check's column is underlined in the highlight
    page.wait_for_selector("#highlight .tok-bad")
    assert "drawx" in page.locator("#highlight .tok-bad").first.inner_text()
    page.keyboard.press("Backspace")
    page.wait_for_selector("#status.ok")
    assert page.locator("#highlight .tok-bad").count() == 0
    shot(page, "newcomer-editor-highlight")


def test_the_editor_completes_power_lines_with_what_the_language_server_offers(page: Any, desk: Desk) -> None:
    from interpreter.lsp.completion import suggestions
    from interpreter.lsp.documents import CARD
    page.goto(desk.url + "/edit/cups")
    page.wait_for_selector("#status.ok")
    caret_after(page, "on completion: draw 5")
    page.keyboard.type(" then g")
    page.wait_for_selector("#complete:not([hidden]) .item")
    shown = page.locator("#complete .item .label").all_inner_texts()
    text = page.eval_on_selector("#yaml", "a => a.value")
    row = text[:text.index("then g") + len("then g")].count("\n")
    column = len(text.splitlines()[row].split("then g")[0] + "then g")
    offered = [s.label for s in suggestions(text, row, column, CARD)]
    assert shown == [w for w in offered if w.startswith("g")]  # the language server's words, what is typed kept
    assert shown[0] == "gain"
    shot(page, "newcomer-editor-completion")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowUp")
    page.keyboard.press("Enter")  # takes `gain`
    page.wait_for_selector("#complete", state="hidden")
    page.keyboard.type(" 2")
    page.wait_for_function("() => document.querySelector('#check .english').textContent.includes('then take 2 credits')")
    assert page.locator("#status").inner_text() == "no problems"
    assert "on completion: draw 5 then gain 2" in page.eval_on_selector("#yaml", "a => a.value")
    page.keyboard.press("Control+Space")  # anywhere, on demand
    page.wait_for_selector("#complete:not([hidden]) .item")
    page.keyboard.press("Escape")
    page.wait_for_selector("#complete", state="hidden")
    # a list asked for and closed before its answer came is not opened by the answer: the server's
    # answers are held back, and Escape comes first, with a list open and with none; the page counts
    # the answers the editor has read (after it has acted on each)
    page.evaluate("""() => {
        const real = window.fetch;
        window.answersRead = 0;
        window.fetch = async (url, options) => {
            if (!String(url).includes('/api/complete')) return real(url, options);
            await new Promise(done => setTimeout(done, 300));
            const response = await real(url, options);
            const json = response.json.bind(response);
            response.json = async () => { const data = await json(); setTimeout(() => window.answersRead++, 0); return data; };
            return response;
        };
    }""")
    for opened_first in (True, False):
        read = page.evaluate("window.answersRead")
        if opened_first:
            page.keyboard.press("Control+Space")
            page.wait_for_selector("#complete:not([hidden]) .item")
            read += 1
        page.keyboard.press("Control+Space")
        page.keyboard.press("Escape")
        page.wait_for_function(f"window.answersRead >= {read + 1}")
        assert page.locator("#complete").is_hidden()


def test_the_desks_pages_load_no_script_or_style_from_elsewhere(page: Any, desk: Desk) -> None:
    for path in ("/", "/edit", "/edit/cups", "/deck", "/play", "/viewer", "/balance"):
        page.goto(desk.url + path)
        sources = page.eval_on_selector_all("script[src], link[href]", "els => els.map(e => e.getAttribute('src') || e.getAttribute('href'))")
        assert all(s.startswith(("/static/", "data:")) for s in sources), (path, sources)


# --- item 8: the deck editor -------------------------------------------------------------------------------------

def deck_counts(page: Any, table: str) -> dict[str, int]:
    rows = page.locator(f"#{table} tbody tr").evaluate_all("rs => rs.map(r => [r.dataset.good || r.dataset.action, r.querySelector('.n').textContent])")
    return {key: int(n) for key, n in rows}


def test_the_deck_editor_chooses_cards_and_copies_by_clicking_and_saves_the_packs_deck_list(page: Any, desk: Desk) -> None:
    page.goto(desk.url + "/deck")
    page.wait_for_selector("#deck-check .ok")
    assert page.locator("#deck-total").inner_text() == "128"
    goods = {g: sum(1 for c in CARDS.cards if c.good == g) for g in ("technology", "agriculture", "illegal", "consumer", "luxury")}
    assert deck_counts(page, "by-good") == goods
    actions = deck_counts(page, "by-action")
    assert sum(actions.values()) == 128 and actions["import"] == sum(1 for c in CARDS.cards if c.action == "import")
    # filters as in the gallery
    page.select_option("#deck-filters select[name=good]", "luxury")
    shown = page.locator(".decktile:not([hidden])")
    assert shown.count() == goods["luxury"]
    assert page.locator("#shown-count").inner_text() == f"{goods['luxury']} of 128 cards shown"
    page.select_option("#deck-filters select[name=good]", "")
    page.fill("#deck-filters input[name=q]", "cups")
    assert page.locator(".decktile:not([hidden])").count() == 1
    cups = page.locator('.decktile[data-id="cups"]')
    cups.locator(".card").click()  # a click on the card adds a copy
    cups.locator(".plus").click()
    assert cups.locator("input.n").input_value() == "3"
    page.fill("#deck-filters input[name=q]", "")
    royce = page.locator('.decktile[data-id="rolls_royce"]')
    royce.locator(".minus").click()  # out of the deck
    assert page.locator("#deck-total").inner_text() == "129"
    assert deck_counts(page, "by-good")["consumer"] == goods["consumer"] + 2
    assert deck_counts(page, "by-good")["luxury"] == goods["luxury"] - 1
    page.wait_for_function("() => document.querySelector('#deck-yaml').textContent.includes('\"*\": 0')")
    page.wait_for_selector("#deck-check .ok")
    assert "cups: 3" in page.locator("#deck-yaml").inner_text() and "rolls_royce" not in page.locator("#deck-yaml").inner_text()
    # checked live, as `mod check` checks the pack: a copy count out of range is refused before saving
    page.locator('.decktile[data-id="pens"] input.n').fill("101")
    page.wait_for_selector("#deck-check .diagnostic")
    assert "M006" in page.locator("#deck-check").inner_text() and page.locator("#deck-save").is_disabled()
    page.locator('.decktile[data-id="pens"] input.n').fill("1")
    page.wait_for_selector("#deck-check .ok")
    shot(page, "newcomer-deck")
    page.click("#deck-save")
    page.wait_for_selector("#deck-result .ok")
    manifest = desk.pack / "mod.yaml"
    assert "Saved the deck list (129 cards)" in page.locator("#deck-result").inner_text()
    # written whole: no temporary file left (beside the manifest, only the lock saves into the pack take turns on)
    assert sorted(p.name for p in desk.pack.iterdir() if p.name != LOCK_FILE) == ["mod.yaml"]
    with redirect_stdout(io.StringIO()) as out:
        assert main(["mod", "check", "--expansions", "all", str(desk.pack)]) == 0
    assert "deck list: " in out.getvalue() and "cups x3" in out.getvalue() and "Resulting deck: 129 cards" in out.getvalue()
    # the desk plays with it at once, and the editor shows it when opened again
    page.goto(desk.url + "/?q=cups")
    assert "×3" in page.locator('.card[data-id="cups"]').inner_text()
    page.goto(desk.url + "/deck")
    page.wait_for_selector("#deck-check .ok")
    assert page.locator('.decktile[data-id="cups"] input.n').input_value() == "3"
    assert page.locator('.decktile[data-id="rolls_royce"] input.n').input_value() == "0"
    # the manifest changed on disk since the page read it: the save is refused, nothing is lost
    manifest.write_text(manifest.read_text().replace("version: 0.1.0", "version: 0.2.0"))
    page.locator('.decktile[data-id="pens"] .plus').click()
    page.wait_for_selector("#deck-check .ok")
    page.click("#deck-save")
    page.wait_for_selector("#deck-result .bad")
    assert "changed since this page read it" in page.locator("#deck-result").inner_text()
    assert "version: 0.2.0" in manifest.read_text() and "pens: 2" not in manifest.read_text()
