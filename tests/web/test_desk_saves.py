"""The desk never loses a save (issue 22, item 1). Saves are written whole (temporary file, then
rename), take turns per pack (in one desk and between desks on one pack), and are versioned: a save
based on an older version of the file than the one on disk is refused with HTTP 409 and both texts.

The concurrency tests run the desk as `importexport serve` runs it (a real server, requests from many
threads at once, and two desk processes on one pack), then check what the issue found broken: every
save answered 200 has its text on disk until a save based on it replaces it (the answered saves
form one chain of versions), every refusal is a 409 with both texts or another 4xx with one line,
nothing answers 500, and the desk then shows what is on disk."""

from __future__ import annotations

import hashlib
import html
import json
import re
import threading
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from interpreter.cards.catalog import load_all_cards
from interpreter.cards.loader import load_card_file
from interpreter.cli import main
from interpreter.mods.apply import apply_packs
from interpreter.web import editing, saving
from interpreter.web.app import create_app
from interpreter.web.desk import Desk, DeskSettings
from tests.web.browser import Desk as DeskServer

ROOT = Path(__file__).resolve().parents[2]
TEXTS = {card_id: next((ROOT / "cards").rglob(f"{card_id}.yaml")).read_text() for card_id in ("cups", "pens")}


def edited(card_id: str, mark: str) -> str:
    """The card with its text changed: `mark` tells the saves apart."""
    return re.sub(r"(?m)^text: .*\n(  .*\n)*", f"text: >-\n  Edited by {mark}.\n", TEXTS[card_id], count=1)


def version(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:20]


def post(url: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    request = urllib.request.Request(url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=120) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def page_base(url: str, card_id: str) -> dict[str, Any]:
    """What the editor page says its text is based on (as a browser tab opening it reads it)."""
    with urllib.request.urlopen(f"{url}/edit/{card_id}", timeout=120) as response:
        page = response.read().decode()
    found = re.search(r'id="save" data-base="([^"]*)"', page)
    assert found, "the editor page names the version of its text"
    return dict(json.loads(html.unescape(found.group(1))))


def editor_text(url: str, card_id: str) -> str:
    with urllib.request.urlopen(f"{url}/edit/{card_id}", timeout=120) as response:
        page = response.read().decode()
    found = re.search(r'<textarea id="yaml"[^>]*>\n?(.*?)</textarea>', page, re.S)
    assert found
    return html.unescape(found.group(1))


class Saves:
    """Every answer to the saves made, in the order they were answered."""

    def __init__(self) -> None:
        self.answers: list[tuple[str, str, dict[str, Any] | None, int, dict[str, Any]]] = []  # card, text, base, status, body
        self.lock = threading.Lock()

    def save(self, url: str, card_id: str, mark: str) -> None:
        base = page_base(url, card_id)
        text = edited(card_id, mark)
        status, body = post(f"{url}/api/save", {"text": text, "path": "", "base": base})
        with self.lock:
            self.answers.append((card_id, text, base, status, body))

    def check(self, pack: Path, cards: tuple[str, ...] = tuple(TEXTS)) -> dict[str, int]:
        """The answered saves of each card form one chain of versions ending with the file on disk."""
        counts = {"saved": 0, "conflicts": 0}
        for card_id in cards:
            path = (pack / "cards" / f"{card_id}.yaml").resolve()
            saved = [(text, base, body) for c, text, base, status, body in self.answers if c == card_id and status == 200]
            for c, _text, _base, status, body in self.answers:
                if c != card_id or status == 200:
                    continue
                assert status == 409, (status, body)  # a refusal is a conflict, never a 500 nor an "empty file"
                assert "\n" not in body["error"] and body["error"].startswith("Not saved: cards/")
                assert body["conflict"]["path"] == str(path) and body["conflict"]["disk"]
                counts["conflicts"] += 1
            versions = {body["version"]: (text, base) for text, base, body in saved}
            assert len(versions) == len(saved)
            # each save answered 200 was based on the one answered before it (or on no file, the first)
            chain: list[str] = []
            current = None
            while True:
                following = [v for v, (_, base) in versions.items() if (base or {}).get("version") == current]
                assert len(following) <= 1, "two saves based on one version were both written"
                if not following:
                    break
                current = following[0]
                chain.append(current)
            assert len(chain) == len(saved), "an answered save was lost: it is not in the chain of versions"
            on_disk = path.read_text()
            assert saving.version_of(path) == chain[-1] and version(on_disk) == chain[-1]
            assert versions[chain[-1]][0].split("\n", 1)[1] in on_disk  # the last text answered, under its schema header
            counts["saved"] += len(saved)
        return counts


@pytest.fixture
def served(tmp_path: Path) -> Any:
    desk = DeskServer(tmp_path)
    yield desk
    err = desk.stop()
    assert "Traceback" not in err and "internal error" not in err


def run_all(jobs: list[Any]) -> None:
    threads = [threading.Thread(target=job) for job in jobs]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=600)
    assert not any(t.is_alive() for t in threads)


def test_parallel_saves_of_one_card_and_of_two_cards_lose_nothing(served: DeskServer) -> None:
    """10 rounds of 4 simultaneous saves (two on cups, two on pens), as in the issue, each from a page
    opened just before: of two saves based on one version one is written, the other is refused."""
    saves = Saves()
    for round_ in range(10):
        run_all([lambda c=c, i=i, r=round_: saves.save(served.url, c, f"round {r} tab {i}") for c in TEXTS for i in range(2)])
    counts = saves.check(served.pack)
    assert counts["saved"] >= 20 and counts["saved"] + counts["conflicts"] == 40
    for card_id in TEXTS:  # the desk then shows what is on disk, in the editor and in its card set
        on_disk = (served.pack / "cards" / f"{card_id}.yaml").read_text()
        assert editor_text(served.url, card_id) == on_disk
    assert main(["mod", "check", str(served.pack)]) == 0


def test_two_tabs_saving_one_card_the_second_is_refused_with_both_texts(desk: Desk) -> None:
    """In process (the tests above and below run the desk as a server): two tabs' saves in turn."""
    client = client_of(desk)
    pack = desk.settings.pack

    def save(body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        response = client.post("/api/save", json=body)
        return response.status_code, response.json()

    found = re.search(r'id="save" data-base="([^"]*)"', client.get("/edit/cups").text)
    assert found, "the editor page names the version of its text"
    base = json.loads(html.unescape(found.group(1)))
    first, second = edited("cups", "the first tab"), edited("cups", "the second tab")
    status, body = save({"text": first, "base": base})
    assert status == 200 and body["version"] == saving.version_of(Path(body["saved"]))
    status, body = save({"text": second, "base": base})
    assert status == 409
    assert body["error"] == ("Not saved: cards/cups.yaml changed on disk since this editor read it (another tab, desk or program "
                             "saved it); both texts are shown: keep one, or merge them, and save again.")
    assert "Edited by the first tab." in body["conflict"]["disk"] and body["conflict"]["yours"] == second
    assert "Edited by the second tab." in body["html"] and "Load the text on disk into the editor" in body["html"]
    assert "Edited by the first tab." in (pack / "cards" / "cups.yaml").read_text()
    # the designer saw both and chose theirs: a save based on the version on disk goes through
    status, body = save({"text": second, "base": {"path": body["conflict"]["path"], "version": body["conflict"]["version"]}})
    assert status == 200 and "Edited by the second tab." in (pack / "cards" / "cups.yaml").read_text()
    # a save that names no version never writes over a file that exists
    status, body = save({"text": first})
    assert status == 409 and body["error"].startswith("Not saved: cards/cups.yaml already exists in the pack and the save names no version")


def test_two_desks_on_one_pack_take_turns_and_see_each_others_saves(tmp_path: Path) -> None:
    """Two `importexport serve` processes on one pack: the OS lock serialises their saves, versions
    refuse a stale one, and each desk shows what the other saved."""
    one, two = DeskServer(tmp_path), DeskServer(tmp_path)
    try:
        saves = Saves()
        for round_ in range(6):
            run_all([lambda d=d, c=c, i=i, r=round_: saves.save(d.url, c, f"round {r} desk {i}")
                     for i, d in enumerate((one, two)) for c in TEXTS])
        counts = saves.check(one.pack)
        assert counts["saved"] >= 12
        for card_id in TEXTS:
            on_disk = (one.pack / "cards" / f"{card_id}.yaml").read_text()
            assert editor_text(one.url, card_id) == on_disk == editor_text(two.url, card_id)
    finally:
        for desk in (one, two):
            assert "Traceback" not in desk.stop()


# ------------------------------------------------------------------------------------ in-process: the save path

@pytest.fixture
def desk(tmp_path: Path) -> Desk:
    return Desk(DeskSettings(pack=tmp_path / "pack"))


def client_of(desk: Desk) -> TestClient:
    return TestClient(create_app(desk), base_url="http://127.0.0.1", raise_server_exceptions=False)


def test_a_save_is_written_to_a_temporary_file_then_renamed(desk: Desk, monkeypatch: pytest.MonkeyPatch) -> None:
    """A crash while writing leaves the old file whole: the old code truncated it first."""
    client = client_of(desk)
    assert client.post("/api/save", json={"text": edited("cups", "one")}).status_code == 200
    target = desk.settings.pack / "cards" / "cups.yaml"
    before = target.read_text()
    replaced: list[tuple[str, str]] = []
    real_replace = saving.os.replace

    def crash(source: str, destination: str) -> None:
        replaced.append((source, destination))
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(saving.os, "replace", crash)
    response = client.post("/api/save", json={"text": edited("cups", "two"), "base": {"path": str(target.resolve()),
                                                                                     "version": saving.version_of(target)}})
    assert response.status_code == 507  # a full disk is the machine's failure, said in one line ...
    assert response.json()["error"] == (f"Not saved: {target.resolve()} could not be written (No space left on device); "
                                        "the file on disk is as it was.")
    assert target.read_text() == before  # ... and the file on disk is the old one, whole
    assert [Path(s).parent for s, _ in replaced] == [target.parent.resolve()] and Path(replaced[0][1]) == target.resolve()
    assert sorted(p.name for p in target.parent.iterdir()) == ["cups.yaml"]  # no temporary file left behind
    monkeypatch.setattr(saving.os, "replace", real_replace)


def test_a_save_the_pack_would_not_load_with_writes_nothing(desk: Desk) -> None:
    """The old save wrote, reloaded, and on failure wrote back the copy it had read before, with no lock."""
    client = client_of(desk)
    assert client.post("/api/save", json={"text": edited("cups", "one")}).status_code == 200
    snapshot = {p: p.read_bytes() for p in desk.settings.pack.rglob("*") if p.is_file()}
    response = client.post("/api/save", json={"text": edited("cups", "two"), "path": "cards/consumer/cups.yaml"})
    assert response.status_code == 400
    assert response.json()["error"].startswith("Not saved: with this card the pack does not load:") and "M013" in response.json()["error"]
    assert {p: p.read_bytes() for p in desk.settings.pack.rglob("*") if p.is_file()} == snapshot
    assert not (desk.settings.pack / "cards" / "consumer").exists()  # no folder made for a refused save


@pytest.mark.parametrize(("path", "fragment"), [
    ("cards/" + "a/" * 200 + "cups.yaml", "folders deep in cards/; at most 3"),
    ("cards/%2e%2e/cups.yaml", "a folder of the pack is named with letters, digits, - and _ (not `%2e%2e`)"),
    ("cards/.hidden/cups.yaml", "(not `.hidden`)"),
    ("cards/cu\x00ps.yaml", "is not a path in the pack"),
    ("cards\\cups.yaml", "is not a path in the pack"),
])
def test_a_refused_path_creates_nothing(desk: Desk, path: str, fragment: str) -> None:
    response = client_of(desk).post("/api/save", json={"text": TEXTS["cups"], "path": path})
    assert response.status_code == 400 and fragment in response.json()["error"]
    assert "\n" not in response.json()["error"]
    assert not desk.settings.pack.exists()  # not even the pack folder


def test_a_change_to_the_pack_on_disk_is_shown_by_the_desk(desk: Desk) -> None:
    client = client_of(desk)
    assert client.post("/api/save", json={"text": edited("cups", "the desk")}).status_code == 200
    target = desk.settings.pack / "cards" / "cups.yaml"
    target.write_text(target.read_text().replace("tier: 2", "tier: 1"))  # another program edits the file
    assert "tier: 1" in client.get("/edit/cups").text
    assert desk.entries["cups"].card.tier == 1
    assert load_card_file(target)[0] is not None


def test_the_editor_page_bases_its_text_on_the_file_it_shows(desk: Desk) -> None:
    client = client_of(desk)
    found = re.search(r'data-base="([^"]*)"', client.get("/edit/cups").text)
    assert found and json.loads(html.unescape(found.group(1))) == {
        "path": str((desk.settings.pack / "cards" / "cups.yaml").resolve()), "version": None}
    saved = client.post("/api/save", json={"text": edited("cups", "one"), "path": "cards/consumer/cups.yaml"}).json()
    page = client.get("/edit/cups").text
    found = re.search(r'data-base="([^"]*)"', page)
    assert found and json.loads(html.unescape(found.group(1))) == {"path": saved["saved"], "version": saved["version"]}
    assert 'id="save-path" value="cards/consumer/cups.yaml"' in page  # the card's own file, not a second copy
    assert editing.version_of_text((desk.settings.pack / "cards" / "consumer" / "cups.yaml").read_text()) == saved["version"]


# ------------------------------------------------------------------------------------ every other file the desk writes

def deck_version(url: str) -> str:
    """The manifest's version the deck editor page read (as a browser tab opening it reads it)."""
    with urllib.request.urlopen(f"{url}/deck", timeout=120) as response:
        found = re.search(r'id="deck-editor" data-version="([^"]*)"', response.read().decode())
    assert found
    return found.group(1)


def test_deck_list_saves_and_card_saves_from_two_desks_take_turns(tmp_path: Path) -> None:
    """The deck editor's save goes through the same save path as a card's: two desks on one pack,
    each saving a deck list and a card at once, round after round. Every deck list answered 200 was
    based on the manifest the one before it wrote (one chain), the last is on disk, the pack loads,
    and both desks then show the manifest on disk."""
    one, two = DeskServer(tmp_path), DeskServer(tmp_path)
    try:
        decks: list[tuple[str, dict[str, int], int, dict[str, Any]]] = []  # (version read, copies, status, body)
        saves = Saves()
        lock = threading.Lock()

        def save_deck(url: str, copies: dict[str, int]) -> None:
            base = deck_version(url)
            status, body = post(f"{url}/api/deck/save", {"copies": copies, "version": base})
            with lock:
                decks.append((base, copies, status, body))
        for round_ in range(5):
            jobs = [lambda d=d, r=round_, i=i: save_deck(d.url, {"cups": 1 + r, "pens": 1 + i}) for i, d in enumerate((one, two))]
            jobs += [lambda d=d, r=round_, i=i: saves.save(d.url, "cups", f"round {r} desk {i}") for i, d in enumerate((one, two))]
            run_all(jobs)
        assert saves.check(one.pack, ("cups",))["saved"] >= 5
        answered = [(base, copies, body) for base, copies, status, body in decks if status == 200]
        for _, _, status, body in decks:
            assert status == 200 or (status == 409 and "changed since this page read it" in body["error"]), (status, body)
        following = {base: (copies, body["version"]) for base, copies, body in answered}
        assert len(following) == len(answered), "two deck lists based on one manifest were both written"
        current, last = "", None
        while current in following:
            last, current = following[current]
        assert len(answered) >= 5 and last is not None
        manifest = (one.pack / "mod.yaml").read_text()
        assert current == deck_version(one.url) == deck_version(two.url)  # the desks show the manifest on disk
        assert f"  cups: {last['cups']}\n  pens: {last['pens']}\n" in manifest
        # the pack loads (its deck of a few cards is too small for a game, M023, which is not this test's matter)
        assert apply_packs(load_all_cards(), [one.pack]).cards
    finally:
        for desk in (one, two):
            assert "Traceback" not in desk.stop()


def test_a_deck_list_save_on_a_full_disk_leaves_the_manifest_whole(desk: Desk, monkeypatch: pytest.MonkeyPatch) -> None:
    """Before, the deck editor had a writer of its own: a failed rename was an HTTP 500."""
    client = client_of(desk)
    first = client.post("/api/deck/save", json={"copies": {"cups": 2, "pens": 1}, "version": ""}).json()
    manifest = desk.settings.pack / "mod.yaml"
    before = manifest.read_text()

    def crash(source: str, destination: str) -> None:
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(saving.os, "replace", crash)
    response = client.post("/api/deck/save", json={"copies": {"cups": 3}, "version": first["version"]})
    monkeypatch.undo()
    assert (response.status_code, response.json()) == (507, {"error": f"Not saved: {manifest} could not be written "
                                                                      "(No space left on device); the file on disk is as it was."})
    assert manifest.read_text() == before and sorted(p.name for p in manifest.parent.iterdir()) == [".importexport-desk.lock", "mod.yaml"]
    assert len(desk.cards.cards) == 3  # the desk shows the deck list on disk


def test_a_manifest_the_deck_editor_cannot_read_or_write_is_a_4xx_in_one_line(desk: Desk) -> None:
    """A hostile probe: a `mod.yaml` in Latin-1 (`description: caf\xe9`) made /deck, /api/deck/check and
    /api/deck/save answer 500 (UnicodeDecodeError); a folder named mod.yaml made the save a 500."""
    client = client_of(desk)
    pack = desk.settings.pack
    pack.mkdir(parents=True)
    manifest = pack / "mod.yaml"
    manifest.write_bytes(b"name: p\nversion: 0.1.0\ndepends: [base]\ndescription: caf\xe9\n")
    said = f"{manifest} is not UTF-8 text (byte 55); save it as UTF-8 to edit the deck here."
    for response in (client.get("/deck"), client.post("/api/deck/check", json={"copies": {"cups": 1}}),
                     client.post("/api/deck/save", json={"copies": {"cups": 1}, "version": ""})):
        assert response.status_code == 409, response.text[:300]
        assert said in response.text
    manifest.unlink()
    manifest.mkdir()
    response = client.post("/api/deck/save", json={"copies": {"cups": 1}, "version": ""})
    assert (response.status_code, response.json()) == (409, {"error": f"{manifest} is not a file; the pack's manifest must be "
                                                                      "one to hold a deck list."})


def test_a_games_record_never_writes_over_another(desk: Desk, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two games of one seed finishing in the same second: before, the second record replaced the first."""
    from types import SimpleNamespace

    from interpreter.web import game_routes
    desk.settings.records = tmp_path / "records"
    monkeypatch.setattr(game_routes.time, "strftime", lambda _: "20260101-120000")
    paths = [game_routes._save_record(desk, SimpleNamespace(record={"game": n}, saved=None, seed=7)) for n in (1, 2)]
    assert [p.name for p in paths if p] == ["desk-20260101-120000-seed7.json", "desk-20260101-120000-seed7-2.json"]
    assert [json.loads(p.read_text()) for p in paths if p] == [{"game": 1}, {"game": 2}]


def test_a_save_refused_under_the_lock_leaves_no_pack_folder(desk: Desk, monkeypatch: pytest.MonkeyPatch) -> None:
    """The pack lock makes the pack folder for its lock file; a save refused after that (the pack
    would not load) takes it away again, so a refused first save creates nothing (item 8)."""
    from interpreter.cards.diagnostics import CardFileError, Diagnostic

    def will_not_load(*_args: object, **_kwargs: object) -> None:
        raise CardFileError([Diagnostic("mod.yaml", 1, 1, "M001", "the pack does not load")])
    monkeypatch.setattr(desk, "applied", will_not_load)
    response = client_of(desk).post("/api/save", json={"text": TEXTS["cups"]})
    assert response.status_code == 400 and response.json()["error"].startswith("Not saved: with this card the pack does not load")
    assert not desk.settings.pack.exists()


def test_a_deck_list_save_based_on_an_older_manifest_shows_both_deck_lists(desk: Desk) -> None:
    """Issue 22, item 1, for the deck editor: a deck list saved from a page that read an older manifest
    is refused with 409, and the answer holds both deck lists (the text on disk and the one this save
    would write), each card's copies on disk, and the cards whose copies differ, so the page can show
    both and load the one on disk or save over it. Before, the refusal only said to reload the page."""
    client = client_of(desk)
    first = client.post("/api/deck/save", json={"copies": {"cups": 2, "pens": 1, "rope": 1}, "version": ""})
    assert first.status_code == 200
    manifest = desk.settings.pack / "mod.yaml"
    on_disk = manifest.read_text()
    stale = client.post("/api/deck/save", json={"copies": {"cups": 1, "pens": 3, "rope": 1}, "version": ""})
    assert stale.status_code == 409 and manifest.read_text() == on_disk  # nothing written
    body = stale.json()
    assert body["error"].startswith(f"Not saved: {manifest} changed since this page read it")
    conflict = body["conflict"]
    assert conflict["version"] == first.json()["version"]
    assert {card_id: n for card_id, n in conflict["disk"].items() if n} == {"cups": 2, "pens": 1, "rope": 1}
    assert conflict["disk_deck"].splitlines()[1:] == ['  "*": 0', "  cups: 2", "  pens: 1", "  rope: 1"]
    assert conflict["yours_deck"].splitlines()[1:] == ['  "*": 0', "  cups: 1", "  pens: 3", "  rope: 1"]
    assert [(d["id"], d["disk"], d["yours"]) for d in conflict["differences"]] == [("cups", 2, 1), ("pens", 1, 3)]
    assert conflict["differences"][0]["name"] == "Cups" and conflict["disk_problems"] == []
    over = client.post("/api/deck/save", json={"copies": {"cups": 1, "pens": 3, "rope": 1}, "version": conflict["version"]})
    assert over.status_code == 200 and "  pens: 3\n" in manifest.read_text()  # "save mine over it" is a save based on the disk's version


def test_a_deck_conflict_with_a_manifest_that_does_not_load_still_shows_its_text(desk: Desk) -> None:
    """Another editor left the manifest broken: the refusal still shows its deck list as written, and
    says why its copies cannot be counted, instead of failing."""
    client = client_of(desk)
    assert client.post("/api/deck/save", json={"copies": {"cups": 2, "pens": 1, "rope": 1}, "version": ""}).status_code == 200
    manifest = desk.settings.pack / "mod.yaml"
    manifest.write_text(manifest.read_text().replace("  cups: 2", "  cupz: 2"))
    stale = client.post("/api/deck/save", json={"copies": {"cups": 1, "pens": 1, "rope": 1}, "version": ""})
    assert stale.status_code == 409
    conflict = stale.json()["conflict"]
    assert conflict["disk"] is None and conflict["differences"] == [] and "cupz: 2" in conflict["disk_deck"]
    assert any("cupz" in problem for problem in conflict["disk_problems"])
