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
