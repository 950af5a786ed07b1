"""The desk's balance page shows each run's deck health (issue 24, item 2): the first leader's win rate
at each player count with its interval and n, the dead cards, and a link to the report's section."""

from __future__ import annotations

import json

from starlette.testclient import TestClient

from interpreter.web.app import create_app
from interpreter.web.desk import Desk, DeskSettings
from tests.test_balance_stats import records, run
from tests.test_deck_health import with_first_leader


def test_the_runs_table_shows_deck_health(tmp_path, base_cards) -> None:
    recs = with_first_leader(records(base_cards, 400, seed=3), lambda i, winner: winner)  # planted: the first leader always wins
    results = run(base_cards, recs)
    folder = tmp_path / "runs" / "planted"
    folder.mkdir(parents=True)
    (folder / "results.json").write_text(json.dumps(results))
    (folder / "report.html").write_text("<h1>report</h1>")
    desk = Desk(DeskSettings(runs=tmp_path / "runs"))
    client = TestClient(create_app(desk), base_url="http://127.0.0.1")
    page = client.get("/balance").text
    assert "4 players: first leader wins 100% [99–100%] of 400 (fair 25%)" in page
    assert "0 dead cards (completed in under 2% of 400 games)" in page
    assert "file=report.html#health" in page


def test_the_desk_lists_tunes_and_shows_their_page_and_the_latest_on_the_card_page(tmp_path, base_cards) -> None:
    """A folder written by `importexport tune --out` under the runs folder: the balance page lists it
    with the card, the target and the suggestion with its interval and n; its tune.html is served; the
    card's page names the latest tune."""
    from interpreter.sim.balance import CardSpec
    from interpreter.sim.tune import TuneJob, outcome
    from interpreter.sim.tune_report import tune_page
    from tests.test_tune import steps_race
    race = steps_race(2000, {2: 0.0, 4: 0.1, 16: 0.3})  # the race `tune` runs, with a stand-in for the games
    race.run()
    results = outcome(TuneJob("pistols", CardSpec(), 4, 1, 0.0, ()), race, base_cards.by_id["pistols"], 12.0)
    results["refused"] = []
    folder = tmp_path / "runs" / "tune-pistols"
    folder.mkdir(parents=True)
    (folder / "tune.json").write_text(json.dumps(results))
    (folder / "tune.html").write_text(tune_page(results))
    desk = Desk(DeskSettings(runs=tmp_path / "runs"))
    client = TestClient(create_app(desk), base_url="http://127.0.0.1")
    page = client.get("/balance").text
    assert "<h2 id=\"tunes\">Tunes</h2>" in page and "tune-pistols" in page and ">Pistols</a>" in page
    assert "<b>p1 = 2</b>: " in page and "best in" in page and "games)" in page
    served = client.get("/balance/file?run=tune-pistols&file=tune.html")
    assert served.status_code == 200 and "Tuning Pistols" in served.text and "Response curves" in served.text
    card = client.get("/card/pistols").text
    assert "Latest tune" in card and "suggests <b>p1 = 2</b>" in card
