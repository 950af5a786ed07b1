"""The designer's desk without a browser: its pages and API through Starlette's test client, the pack
folder it saves into, the A/B try, the game viewer and play sessions, and `importexport serve`."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from interpreter.cards.catalog import load_all_cards
from interpreter.cli import main
from interpreter.schema_header import schema_header
from interpreter.web.app import create_app
from interpreter.web.constructs import card_constructs
from interpreter.web.desk import Desk, DeskSettings

ROOT = Path(__file__).resolve().parents[2]
CUPS = (ROOT / "cards" / "consumer" / "cups.yaml").read_text()


@pytest.fixture(scope="module")
def desk(tmp_path_factory: pytest.TempPathFactory) -> Desk:
    folder = tmp_path_factory.mktemp("desk")
    return Desk(DeskSettings(pack=folder / "pack", runs=folder / "runs", records=folder / "records", try_games=4))


@pytest.fixture(scope="module")
def client(desk: Desk) -> TestClient:
    return TestClient(create_app(desk), base_url="http://127.0.0.1", raise_server_exceptions=False)


def api(client: TestClient, url: str, **body: Any) -> Any:
    return client.post(url, json=body)


# ------------------------------------------------------------------------------------ constructs

def test_constructs_name_timings_effects_triggers_and_events_of_a_card() -> None:
    cards = load_all_cards().by_id
    assert card_constructs(cards["cups"]) == ["amount: how_much", "effect: draw", "timing: on_completion"]
    found = {c for card in cards.values() for c in card_constructs(card)}
    assert {"timing: when", "timing: in_shipments", "timing: as_contract", "event: ContractMade", "trigger: contracts",
            "quantity: ship_capacity", "rule: wild"} <= found
    assert "effect: sequence" in found  # `..., then ...` is a construct; a sequence of one effect is not


# ------------------------------------------------------------------------------------ pages and bad requests

def test_gallery_shows_every_card_of_the_chosen_sets(client: TestClient) -> None:
    page = client.get("/").text
    assert page.count('<article class="card ') == 128
    assert client.get("/?set=jutaku").text.count('<article class="card ') == 10
    assert client.get("/?q=draw+5").text.count('data-id="cups"') == 1


def test_sets_choose_the_cards_and_unknown_sets_say_what_exists() -> None:
    assert len(Desk(DeskSettings(sets="base")).entries) == 100
    assert len(Desk(DeskSettings(sets="base,jutaku")).entries) == 110
    with pytest.raises(ValueError, match="unknown set `jutak`; choose from base, captain, jutaku, kickstarter, all or none"):
        Desk(DeskSettings(sets="jutak"))


def test_unknown_card_and_page_get_a_message_not_a_stack_trace(client: TestClient) -> None:
    for path, status, text in (("/card/cupz", 404, "did you mean `cups`?"), ("/edit/nope", 404, "There is no card `nope`"),
                               ("/nowhere", 404, "There is no page /nowhere"), ("/viewer/77", 404, "No open game 77"),
                               ("/viewer/1?step=x", 404, "No open game 1")):
        response = client.get(path)
        assert response.status_code == status, path
        assert text in response.text.replace("&#39;", "'").replace("&#96;", "`")
        assert "Traceback" not in response.text


def test_the_server_answers_only_to_its_own_host_names(desk: Desk) -> None:
    other = TestClient(create_app(desk), base_url="http://evil.example")
    assert other.get("/").status_code == 400


def test_card_page_runs_examples_and_shows_the_balance_standing(client: TestClient, desk: Desk) -> None:
    page = client.post("/card/cups/examples").text
    assert "PASS" in page and "completing Cups draws five cards" in page
    run = desk.settings.runs / "base"
    run.mkdir(parents=True)
    row = {"id": "cups", "completed_rate": 0.25, "completed_games": 10, "games": 40, "completers": 40, "completer_wins": 16,
           "win_rate_completed": 0.4, "vs_typical": 0.05, "significant": False, "ranked": True, "rank": 2}
    (run / "results.json").write_text(json.dumps({"meta": {"games": 40, "players": 4, "cards": "base"}, "tests": {"tested": 2},
                                                  "cards": [{"id": "x", "ranked": True, "rank": 1}, row], "standouts": []}))
    (run / "report.html").write_text("<h1>the report</h1>")
    page = client.get("/card/cups").text
    assert "completed in 25% of games (10 of 40)" in page and "rank 2 of 2 by strength of evidence" in page
    listing = client.get("/balance").text
    assert "base" in listing and "report.html" in listing
    assert client.get("/balance/file?run=base&file=report.html").text == "<h1>the report</h1>"
    refused = client.get("/balance/file?run=../../etc&file=passwd")
    assert refused.status_code == 404 and "Only report.html" in refused.text
    assert client.get("/balance/file?run=../..&file=report.html").status_code == 404


# ------------------------------------------------------------------------------------ the editor's API

def test_check_gives_diagnostics_at_line_and_column_with_did_you_mean(client: TestClient) -> None:
    good = api(client, "/api/check", text=CUPS, name="cups.yaml").json()
    assert good["ok"] and good["diagnostics"] == []
    assert "shipment completes: draw 5 cards." in good["html"]
    bad = api(client, "/api/check", text=CUPS.replace("good: consumer", "good: consumr"), name="cups.yaml").json()
    assert not bad["ok"]
    row = CUPS.splitlines().index("good: consumer") + 1  # line 5: the schema header line comes first
    assert [(d["line"], d["col"], d["code"]) for d in bad["diagnostics"]] == [(row, 7, "C020")]
    assert "did you mean `consumer`?" in bad["diagnostics"][0]["message"]
    assert "shipment completes: draw 5 cards." in bad["html"]  # the power's English still shows


def test_broken_yaml_and_bad_bodies_get_messages(client: TestClient) -> None:
    broken = api(client, "/api/check", text="id: cups\nname: [Cups\n", name="cups.yaml").json()
    assert broken["diagnostics"][0]["code"] == "E004"
    assert client.post("/api/check", content=b"text=x", headers={"content-type": "application/x-www-form-urlencoded"}).json() == {
        "error": "The editor's API takes JSON (Content-Type: application/json)."}
    assert client.post("/api/check", content=b"{oops", headers={"content-type": "application/json"}).json() == {
        "error": "The request is not valid JSON."}
    assert "error" in api(client, "/api/check", text=["not", "text"]).json()
    assert api(client, "/api/check", text="x" * 300_000).json()["error"].startswith("The card text is 300000 characters long")


def test_examples_run_with_the_edited_card(client: TestClient) -> None:
    passed = api(client, "/api/examples", text=CUPS, name="cups.yaml").json()["html"]
    assert "PASS" in passed
    failed = api(client, "/api/examples", text=CUPS.replace("credits: 16", "credits: 17"), name="cups.yaml").json()["html"]
    assert "FAIL" in failed and "P1 credits: expected 17, got 16" in failed


def test_save_writes_into_the_pack_and_the_gallery_shows_the_pack_card(client: TestClient, desk: Desk) -> None:
    cheaper = CUPS.replace("tier: 2", "tier: 1")
    saved = api(client, "/api/save", text=cheaper, path="").json()
    assert saved["saved"] == str((desk.settings.pack / "cards" / "cups.yaml").resolve())
    assert (desk.settings.pack / "mod.yaml").is_file()
    # both files name their schema from where they lie, not where the shipped Cups lies
    for path, kind in ((desk.settings.pack / "cards" / "cups.yaml", "card"), (desk.settings.pack / "mod.yaml", "mod")):
        assert path.read_text().splitlines()[0] == schema_header(kind, path)
    assert desk.entries["cups"].card.tier == 1 and desk.entries["cups"].pack == "pack"
    assert client.get("/?pack=pack").text.count('<article class="card ') == 1
    assert main(["mod", "check", str(desk.settings.pack)]) == 0  # the pack is a pack the CLI reads


@pytest.mark.parametrize("path, message", [
    ("../outside.yaml", "is outside the pack folder"),
    ("/tmp/cups.yaml", "is outside the pack folder"),
    ("mod.yaml", "is not under the pack's cards/ folder"),
    ("cards/other.yaml", "a card file is named after its id: `cups.yaml`"),
])
def test_save_refuses_paths_outside_the_pack_cards_folder(client: TestClient, desk: Desk, path: str, message: str) -> None:
    response = api(client, "/api/save", text=CUPS, path=path)
    assert response.status_code == 400
    assert message in response.json()["error"]
    assert not (desk.settings.pack.parent / "outside.yaml").exists()


def test_save_refuses_a_symbolic_link_that_leads_out_of_the_pack(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (tmp_path / "pack").mkdir()
    (tmp_path / "pack" / "cards").symlink_to(outside, target_is_directory=True)
    linked = TestClient(create_app(Desk(DeskSettings(pack=tmp_path / "pack"))), base_url="http://127.0.0.1")
    assert "is not under the pack's cards/ folder" in api(linked, "/api/save", text=CUPS).json()["error"]
    assert list(outside.iterdir()) == []


def test_save_refuses_a_card_with_problems_and_a_desk_without_pack(client: TestClient) -> None:
    assert "fix them first" in api(client, "/api/save", text=CUPS.replace("tier: 2", "tier: 9")).json()["error"]
    bare = TestClient(create_app(Desk(DeskSettings())), base_url="http://127.0.0.1")
    assert "start it with `importexport serve --pack FOLDER`" in api(bare, "/api/save", text=CUPS).json()["error"]


def test_try_plays_the_same_seeds_with_and_without_the_change(client: TestClient) -> None:
    stronger = CUPS.replace("draw 5", "gain 20")
    job = api(client, "/api/try", text=stronger, games=3, players=3).json()
    assert job["total"] == 6
    for _ in range(600):
        state = client.get(f"/api/try/{job['id']}").json()
        if state["finished"]:
            break
        time.sleep(0.1)
    assert state["finished"] and state["done"] == 6 and state["error"] is None
    assert "3 games without your change (A) and 3 with it (B)" in state["html"]
    assert "Cups was completed in" in state["html"]
    assert "games" in api(client, "/api/try", text=stronger, games=0).json()["error"]
    assert "Fix the card" in api(client, "/api/try", text="id: [").json()["error"]


# ------------------------------------------------------------------------------------ viewer and play

def test_viewer_opens_a_record_and_refuses_other_card_sets_and_non_records(client: TestClient, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    assert main(["play", "--players", "3", "--seed", "2", "--log", str(path)]) == 0
    record = json.loads(path.read_text())
    opened = client.post("/viewer/open", files={"record": ("game.json", path.read_bytes(), "application/json")})
    assert opened.status_code == 200 and "decision <b id=\"step-number\">0</b>" in opened.text
    end = client.get(str(opened.url) + "?step=end").text
    for total in record["result"]["totals"]:
        assert f'data-total="{total}"' in end
    assert "The same result as the record" in end
    record["cards"]["cups"] = "000000000000"
    record["card_set"] = "0" * 16
    other = client.post("/viewer/open", files={"record": ("other.json", json.dumps(record).encode(), "application/json")})
    assert other.status_code == 400 and "played with another card set" in other.text and "changed: cups" in other.text
    junk = client.post("/viewer/open", files={"record": ("notes.txt", b"hello", "text/plain")})
    assert junk.status_code == 400 and "notes.txt is not a game record" in junk.text
    assert "Choose a game record file" in client.post("/viewer/open", files={"other": ("x", b"", "text/plain")}).text
    turn = client.get(str(opened.url) + "?turn=999")
    assert turn.status_code == 400 and "there is no turn `999`" in turn.text.replace("&#96;", "`")


def test_viewer_plays_a_seed(client: TestClient) -> None:
    page = client.post("/viewer/seed", data={"players": "2", "seed": "4", "bots": "random"})
    assert page.status_code == 200 and "2 random bots" in page.text
    assert "`players` must be a whole number from 2 to 6; got `9`" in client.post("/viewer/seed", data={"players": "9"}).text.replace("&#96;", "`")


def test_play_offers_the_seat_its_decisions_and_shows_only_its_hand(client: TestClient, desk: Desk) -> None:
    start = client.post("/play/start", data={"players": "2", "seat": "1", "seed": "9", "bots": "random"})
    assert start.status_code == 200 and "Your decision" in start.text
    key = str(start.url).rsplit("/", 1)[1]
    session = desk.played.get(key, "game")
    assert start.text.count('class="zone hand"') == 1
    stale = client.post(f"/play/{key}/choose", data={"number": "0", "option": "0"})
    assert "That decision was already taken" in stale.text
    clicks = 0
    while not session.finished and clicks < 2000:
        assert session.wait_ready(10)
        if session.pending is None:
            break
        session.click(session.pending.number, 0)
        clicks += 1
        session.wait_ready(10)
    assert session.finished and session.error is None and session.record is not None
    page = client.get(f"/play/{key}").text
    assert "Game over" in page and session.saved is not None and session.saved.is_file()
    viewed = client.post(f"/play/{key}/viewer")
    assert "Final scores" in viewed.text
    assert "`players` must be a whole number" in client.post("/play/start", data={"players": "x"}).text.replace("&#96;", "`")


def test_play_against_search_bots_to_the_end(client: TestClient, desk: Desk) -> None:
    """The search bot as opponent (issue 16): it searches between the person's clicks without ever
    waiting for the person's seat, and the game ends with its record saved."""
    from interpreter.agents.search import SearchAgent
    # seed 6: a whole game of 44 clicks in which the bot searches 67 times (seed 5 took 54 clicks, twice the CPU)
    start = client.post("/play/start", data={"players": "2", "seat": "2", "seed": "6", "bots": "search"})
    assert start.status_code == 200
    key = str(start.url).rsplit("/", 1)[1]
    session = desk.played.get(key, "game")
    assert isinstance(session.game.agents[0], SearchAgent)
    clicks = 0
    while not session.finished and clicks < 2000:
        assert session.wait_ready(60), "the search bot did not answer"
        if session.pending is None:
            break
        session.click(session.pending.number, 0)
        clicks += 1
    assert session.wait_ready(60) and session.finished and session.error is None and session.record is not None
    stats = session.game.agents[0].stats
    assert clicks > 10 and stats.searched > 10 and stats.fallbacks <= stats.searched // 20


# ------------------------------------------------------------------------------------ the command

def test_serve_without_the_web_extra_says_how_to_install_it(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delitem(sys.modules, "interpreter.web.app")
    monkeypatch.setitem(sys.modules, "uvicorn", None)  # as if it were not installed
    assert main(["serve"]) == 2
    assert "importexport serve needs the optional extra `web` (uvicorn is missing): pip install -e '.[web]'" in capsys.readouterr().err


def test_serve_rejects_bad_values_with_what_is_allowed(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["serve", "--sets", "jutak", "--port", "0"]) == 2
    assert "unknown set `jutak`" in capsys.readouterr().err
    assert main(["serve", "--port", "70000"]) == 2
    assert "--port must be from 0 to 65535" in capsys.readouterr().err
    (tmp_path / "file").write_text("x")
    assert main(["serve", "--pack", str(tmp_path / "file")]) == 2
    assert "--pack must be a folder" in capsys.readouterr().err
