"""The desk's new JSON endpoints (issue 26, items 7 and 8) without a browser: completion answers
what the language server answers, and a bad request to the completion or the deck list gets a 4xx and
one line, never a 500."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from interpreter.lsp.completion import suggestions
from interpreter.lsp.documents import CARD
from interpreter.mods.decklist import HEADER, compact, with_deck
from interpreter.web.app import create_app
from interpreter.web.desk import Desk, DeskSettings

ROOT = Path(__file__).resolve().parents[2]
CUPS = (ROOT / "cards" / "consumer" / "cups.yaml").read_text()


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> TestClient:
    folder = tmp_path_factory.mktemp("desk")
    return TestClient(create_app(Desk(DeskSettings(sets="base", pack=folder / "pack"))), base_url="http://127.0.0.1",
                      raise_server_exceptions=False)


def test_completion_is_the_language_servers(client: TestClient) -> None:
    text = CUPS.replace("on completion: draw 5", "on completion: draw 5 then ")
    row = next(i for i, line in enumerate(text.splitlines()) if "then " in line)
    column = len(text.splitlines()[row])
    answer = client.post("/api/complete", json={"text": text, "line": row, "character": column}).json()
    assert answer["power"] is True
    assert [i["label"] for i in answer["items"]] == [s.label for s in suggestions(text, row, column, CARD)][:len(answer["items"])]
    assert "gain" in [i["label"] for i in answer["items"]]
    fields = client.post("/api/complete", json={"text": "ti", "line": 0, "character": 2}).json()
    assert fields["power"] is False and "tier" in [i["label"] for i in fields["items"]]


@pytest.mark.parametrize("body, status, words", [
    ({"text": "id: x", "line": 9, "character": 0}, 400, "`line` must be a whole number from 0 to 0"),
    ({"text": "id: x", "line": 0, "character": -1}, 400, "`character` must be a whole number"),
    ({"text": ["id"], "line": 0, "character": 0}, 400, "The request needs `text`"),
])
def test_a_bad_completion_request_gets_a_4xx_and_one_line(client: TestClient, body: dict[str, Any], status: int, words: str) -> None:
    answer = client.post("/api/complete", json=body)
    assert answer.status_code == status and words in answer.json()["error"] and "\n" not in answer.json()["error"]


@pytest.mark.parametrize("body, words", [
    ({}, "The request needs `copies`"),
    ({"copies": {"nope": 1}}, "There is no card `nope`"),
    ({"copies": {"cups": "two"}}, "The copies of `cups` must be a whole number"),
    ({"copies": {"cups": True}}, "The copies of `cups` must be a whole number"),
    ({"copies": {"cups": -1}}, "The copies of `cups` must be a whole number"),
])
def test_a_bad_deck_request_gets_a_4xx_and_one_line(client: TestClient, body: dict[str, Any], words: str) -> None:
    for url in ("/api/deck/check", "/api/deck/save"):
        answer = client.post(url, json={"version": "", **body})
        assert answer.status_code == 400 and words in answer.json()["error"], (url, answer.text)


def test_an_empty_deck_and_a_desk_without_pack_are_refused_with_a_message(client: TestClient) -> None:
    empty = client.post("/api/deck/check", json={"copies": {"cups": 0}}).json()
    assert not empty["ok"] and empty["total"] == 0 and empty["problems"][0].startswith("The deck is empty")
    bare = TestClient(create_app(Desk(DeskSettings(sets="base"))), base_url="http://127.0.0.1", raise_server_exceptions=False)
    answer = bare.post("/api/deck/save", json={"copies": {}, "version": ""})
    assert answer.status_code == 400 and "start it with `importexport serve --pack FOLDER`" in answer.json()["error"]


def test_the_deck_list_replaces_only_its_block_of_the_manifest() -> None:
    manifest = "# my pack\nname: Tweaks\nversion: 1.0.0\ndeck:\n  \"*\": 1   # every card once\n  pens: 2\n\nremove: [rolls_royce]  # kept\n"
    written = with_deck(manifest, compact({"cups": 3, "pens": 1, "rope": 1}))
    assert written.startswith("# my pack\nname: Tweaks\nversion: 1.0.0\ndeck:")
    assert '  "*": 1\n  cups: 3\n' in written and "pens: 2" not in written and written.endswith("remove: [rolls_royce]  # kept\n")
    assert compact({"cups": 0, "pens": 2, "rope": 1}) == {"*": 0, "pens": 2, "rope": 1}  # a card left out: an explicit list
    assert with_deck("name: a\nversion: 1\n", {"*": 2}).endswith('deck:                    # written by the desk\'s deck editor\n  "*": 2\n')


def test_a_pack_made_by_init_gets_its_deck_list_after_its_comments(tmp_path: Path) -> None:
    from interpreter.cli import main
    from interpreter.web.deck import candidates, version_of
    assert main(["init", str(tmp_path / "my-pack")]) == 0
    pack = tmp_path / "my-pack"
    desk = Desk(DeskSettings(sets="base", pack=pack))
    client = TestClient(create_app(desk), base_url="http://127.0.0.1", raise_server_exceptions=False)
    copies = {card_id: 1 for card_id in candidates(desk, pack).by_id} | {"trade_office": 2}
    checked = client.post("/api/deck/check", json={"copies": copies}).json()
    assert checked["ok"] and checked["deck"].splitlines() == [HEADER, '  "*": 1', "  trade_office: 2"]  # not init's `# deck:` comment
    before = (pack / "mod.yaml").read_text()
    saved = client.post("/api/deck/save", json={"copies": copies, "version": version_of(pack)})
    assert saved.status_code == 200, saved.text
    after = (pack / "mod.yaml").read_text()
    assert after.startswith(before.rstrip("\n")) and "#   trade_office: 2" in after  # init's comments kept as they were
    assert main(["mod", "check", str(pack)]) == 0
    assert desk.cards.by_id["trade_office"] and sum(1 for c in desk.cards.cards if c.id == "trade_office") == 2
