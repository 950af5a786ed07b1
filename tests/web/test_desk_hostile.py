"""The desk against hostile requests (issue 22, items 4, 6 and 8): a corpus of requests, each with the
exact answer it must get, and a fuzz test over every endpoint (Hypothesis, bounded for CI): no
request ever gets a 500, and every refusal says what is wrong in one line.

Also here: a check as you type has a time limit (driven by a clock of the test's own, never the
wall clock), requests from another site are refused, and session ids cannot be guessed."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from interpreter.cards.budget import LIVE_CHECK_SECONDS, CheckBudget
from interpreter.cli import main
from interpreter.web import editor_routes
from interpreter.web.app import create_app
from interpreter.web.desk import Desk, DeskSettings
from interpreter.web.editing import check_text

ROOT = Path(__file__).resolve().parents[2]
CUPS = (ROOT / "cards" / "consumer" / "cups.yaml").read_text()
API = ("/api/check", "/api/examples", "/api/save", "/api/target", "/api/try", "/api/complete", "/api/deck/check", "/api/deck/save")
DEEP_JSON = "The request is nested too deeply: a request of the editor nests at most 64 levels."
NOT_UNICODE = "The request holds text that is not Unicode (a lone surrogate such as \\ud800); send the text in UTF-8."
OWN = "http://127.0.0.1"


@pytest.fixture(scope="module")
def desk(tmp_path_factory: pytest.TempPathFactory) -> Desk:
    folder = tmp_path_factory.mktemp("hostile")
    (folder / "runs").mkdir()
    return Desk(DeskSettings(pack=folder / "pack", runs=folder / "runs", records=folder / "records", try_games=2))


@pytest.fixture(scope="module")
def client(desk: Desk) -> TestClient:
    return TestClient(create_app(desk), base_url=OWN, raise_server_exceptions=False)


def message_of(response: Any) -> str:
    """The one-line message of a refusal: the JSON `error` of the API, the message of an error page."""
    if response.headers.get("content-type", "").startswith("application/json"):
        return str(response.json()["error"])
    found = re.search(r'<p class="message">(.*?)</p>', response.text, re.S)
    assert found, response.text[:300]
    return html.unescape(found.group(1))


def record_json(tmp_path: Path) -> dict[str, Any]:
    path = tmp_path / "game.json"
    assert main(["play", "--players", "2", "--seed", "3", "--log", str(path)]) == 0
    return dict(json.loads(path.read_text()))


# ------------------------------------------------------------------------------------ the corpus

@pytest.mark.parametrize("url", API)
def test_deeply_nested_json_on_every_api_endpoint(client: TestClient, url: str) -> None:
    for body in ("[" * 100_000, '{"text": ' + "[" * 5000 + "]" * 5000 + "}", '{"a":' * 70 + "1" + "}" * 70):
        response = client.post(url, content=body.encode(), headers={"content-type": "application/json"})
        assert (response.status_code, response.json()) == (400, {"error": DEEP_JSON})


@pytest.mark.parametrize("url", API)
def test_a_lone_surrogate_in_text(client: TestClient, url: str) -> None:
    for body in ('{"text": "\\ud800"}', '{"text": "id: cups\\u000aname: \\udfff"}', '{"path": "cards/\\ud83d.yaml", "text": "x"}'):
        response = client.post(url, content=body.encode(), headers={"content-type": "application/json"})
        assert (response.status_code, response.json()) == (400, {"error": NOT_UNICODE})


@pytest.mark.parametrize(("path", "answer"), [
    ("cards/cu\x00ps.yaml", "Refused: `cards/cu\\x00ps.yaml` is not a path in the pack: give one such as cards/cups.yaml "
                            "(letters, digits, - and _, folders separated by /)."),
    ("\x00", "Refused: `\\x00` is not a path in the pack: give one such as cards/cups.yaml (letters, digits, - and _, folders separated by /)."),
    ("cards/cups.yaml\n", None),  # surrounding white space is not part of a path: saved as cards/cups.yaml
])
def test_a_nul_byte_in_a_save_path(client: TestClient, desk: Desk, path: str, answer: str | None) -> None:
    for url in ("/api/save", "/api/target"):
        response = client.post(url, json={"text": CUPS, "path": path, "id": "cups"})
        if answer is None:
            assert response.status_code == 200 or response.json().get("conflict"), response.text
            continue
        assert response.status_code == 400 or url == "/api/target"
        assert response.json()["error"] == answer


@pytest.mark.parametrize(("run", "answer"), [
    ("\x00", "There is no run `\\x00` in {runs}."),
    ("a\x00b", "There is no run `a\\x00b` in {runs}."),
    ("../../etc", "There is no run `../../etc` with a report.html in {runs}."),
])
def test_a_nul_byte_in_a_balance_run(client: TestClient, desk: Desk, run: str, answer: str) -> None:
    response = client.get("/balance/file", params={"run": run, "file": "report.html"})
    assert response.status_code == 404
    assert message_of(response) == answer.format(runs=desk.settings.runs)


@pytest.mark.parametrize(("change", "answer"), [
    (lambda r: r["decisions"][0].update(index="1"), "game.json is not a valid game record: decisions[0].index: '1' is not of type 'integer'."),
    (lambda r: r.update(players="2"), "game.json is not a valid game record: players: '2' is not of type 'integer'."),
    (lambda r: r["decisions"].append({"kind": "lead", "player": 3, "index": 0, "label": "x"}),
     "game.json is not a valid game record: decisions[{n}].player: seat 3 in a game of 2 players."),
    (lambda r: r.update(seed=[[[[[[[[[[1]]]]]]]]]]), "game.json is not a valid game record: seed: [[[[[[[[[[1]]]]]]]]]] is not of type 'integer'."),
])
def test_a_viewer_upload_of_a_record_that_breaks_the_schema(client: TestClient, tmp_path: Path, change: Any, answer: str) -> None:
    """The viewer now checks an uploaded record against the record schema, as `replay` does."""
    record = record_json(tmp_path)
    n = len(record["decisions"])
    change(record)
    response = client.post("/viewer/open", files={"record": ("game.json", json.dumps(record).encode(), "application/json")})
    assert response.status_code == 400 and message_of(response) == answer.format(n=n)


@pytest.mark.parametrize(("change", "answer"), [
    (lambda r: r["decisions"].append(dict(r["decisions"][-1])),
     "The game took another course than the record: it ended after decision {n}, but the record holds {n_plus_1} decisions."),
    (lambda r: (r.pop("result"), r.update(abandoned={"turn": 3})),
     "The game took another course than the record: the record says the game was left in turn 3, but its decisions play it to its end."),
])
def test_the_viewer_refuses_a_record_its_game_does_not_bear_out_as_replay_does(client: TestClient, tmp_path: Path, change: Any,
                                                                               answer: str) -> None:
    """Decisions left over after the game's end, or an `abandoned` game its decisions play to the end:
    `replay` refused both, while the viewer said "The same result as the record"."""
    record = record_json(tmp_path)
    n = len(record["decisions"])
    change(record)
    response = client.post("/viewer/open", files={"record": ("game.json", json.dumps(record).encode(), "application/json")})
    assert response.status_code == 400 and message_of(response) == answer.format(n=n, n_plus_1=n + 1)


def test_a_viewer_upload_nested_too_deeply_or_not_unicode(client: TestClient) -> None:
    for raw, answer in ((b"[" * 100_000, "deep.json is not a game record: its JSON is nested too deeply."),
                        (b'{"format": "\\ud800"}', "deep.json is not a game record: its text is not Unicode: a lone surrogate in `format`.")):
        response = client.post("/viewer/open", files={"record": ("deep.json", raw, "application/json")})
        assert response.status_code == 400 and message_of(response) == answer


@pytest.mark.parametrize(("body", "status", "answer"), [
    (b"text=x", 415, "The editor's API takes JSON (Content-Type: application/json)."),
    (b"{oops", 400, "The request is not valid JSON."),
    (b"\xff\xfe", 400, "The request is not valid JSON."),
    (b"[1, 2]", 400, "The request needs `text`: the card's YAML."),
    (b'{"text": ["not", "text"]}', 400, "The request needs `text`: the card's YAML."),
    (b'{"text": "x", "base": "v1"}', 400, '`base` is what the text was based on: {"path": the file, "version": its version or null}.'),
])
def test_bodies_the_api_cannot_read(client: TestClient, body: bytes, status: int, answer: str) -> None:
    kind = "application/x-www-form-urlencoded" if status == 415 else "application/json"
    url = "/api/save" if b"base" in body else "/api/check"
    response = client.post(url, content=body, headers={"content-type": kind})
    assert (response.status_code, response.json()) == (status, {"error": answer})


# ------------------------------------------------------------------------------------ item 8: other sites, session ids

@pytest.mark.parametrize(("url", "form"), [
    ("/play/start", {"players": "2"}), ("/card/cups/examples", {}), ("/viewer/seed", {"players": "2"}),
    ("/api/check", None), ("/api/save", None), ("/api/try", None), ("/api/complete", None), ("/api/deck/save", None),
    ("/viewer/open", {}), ("/play/nokey/choose", {}),
])
@pytest.mark.parametrize("headers", [{"origin": "http://evil.example"}, {"origin": "null"}, {"sec-fetch-site": "cross-site"},
                                     {"origin": "http://127.0.0.1:9999"}, {"sec-fetch-site": "same-site"}])
def test_a_post_from_another_site_is_refused(client: TestClient, url: str, form: dict[str, str] | None, headers: dict[str, str]) -> None:
    response = client.post(url, json={"text": CUPS}, headers=headers) if form is None else client.post(url, data=form, headers=headers)
    assert response.status_code == 403
    shown = (f"Origin: {headers['origin']}" if "origin" in headers else f"Sec-Fetch-Site: {headers['sec-fetch-site']}")
    assert message_of(response) == f"Refused: this request comes from another site ({shown}); the desk takes changes only from its own pages."


def test_a_post_from_the_desks_own_pages_goes_through(client: TestClient) -> None:
    for headers in ({"origin": OWN}, {"origin": OWN, "sec-fetch-site": "same-origin"}, {"sec-fetch-site": "none"}, {}):
        assert client.post("/api/check", json={"text": CUPS}, headers=headers).status_code == 200
    assert client.get("/", headers={"origin": "http://evil.example"}).status_code == 200  # reading is not refused


def test_session_ids_are_random_not_counted(client: TestClient, desk: Desk) -> None:
    keys = []
    for seed in ("1", "2", "3"):
        response = client.post("/viewer/seed", data={"players": "2", "seed": seed, "bots": "random"})
        assert response.status_code == 200
        keys.append(str(response.url).rsplit("/", 1)[1])
    assert len(set(keys)) == 3 and all(re.fullmatch(r"[A-Za-z0-9_-]{16}", k) for k in keys)
    assert not any(k.isdigit() for k in keys)
    assert client.get("/viewer/1").status_code == 404


# ------------------------------------------------------------------------------------ item 6: a time limit on a check as you type

class Ticking:
    """A clock that moves a quarter of a second each time it is read (a check never reads the machine's clock here)."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 0.25
        return self.now


def long_card(lines: int) -> str:
    return CUPS.split("powers:")[0] + "powers:\n" + "".join(f"  - \"on completion: gain {2 * (i % 40 + 1)}\"\n" for i in range(lines))


def test_a_check_as_you_type_stops_when_its_time_is_spent() -> None:
    checked = check_text(long_card(300), "cups.yaml", CheckBudget(1.0, clock=Ticking()))
    assert checked.card is None
    stops = [d for d in checked.diagnostics if d.code == "C081"]
    # read at the start and before each line: 0.25 s a line, so the fifth line finds the second spent
    assert len(stops) == 1 and stops[0].message == ("checking stopped at this power line, 5 of 300: a check as you type has 1 s; "
                                                    "`importexport validate` checks them all")
    first = CUPS.split("powers:")[0].count("\n") + 2
    assert stops[0].line == first + 4
    assert len(checked.powers) <= 5  # the English of the lines read before the time ran out, no more
    assert check_text(long_card(300), "cups.yaml").card is not None  # without a limit (a save, a try) all are checked


def test_the_api_check_gives_each_check_the_live_time_limit(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    limits: list[float] = []

    class Recorded(CheckBudget):
        def __init__(self, seconds: float) -> None:
            limits.append(seconds)
            super().__init__(seconds, clock=Ticking())
    monkeypatch.setattr(editor_routes, "CheckBudget", Recorded)
    data = client.post("/api/check", json={"text": long_card(300), "name": "cups.yaml"}).json()
    assert limits == [LIVE_CHECK_SECONDS] and not data["ok"]
    assert [d["code"] for d in data["diagnostics"]] == ["C081"]


# ------------------------------------------------------------------------------------ the fuzz test

json_values = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=40),
                           lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                           max_leaves=12)
bodies = st.one_of(
    st.fixed_dictionaries({}, optional={"text": st.one_of(st.text(max_size=200), st.just(CUPS), json_values),
                                        "path": st.one_of(st.text(max_size=40), json_values), "name": st.text(max_size=20),
                                        "id": st.text(max_size=20), "games": json_values, "players": json_values,
                                        "base": json_values}).map(json.dumps),
    json_values.map(json.dumps),
    st.integers(1, 3000).map(lambda n: "[" * n),
    st.text(max_size=60),
).map(lambda s: s.encode("utf-8", "surrogatepass"))
forms = st.dictionaries(st.sampled_from(["players", "seat", "seed", "bots", "number", "option", "name"]),
                        st.text(max_size=12), max_size=5)
queries = st.dictionaries(st.sampled_from(["step", "turn", "run", "file", "q", "good", "tier", "hands"]), st.text(max_size=12), max_size=3)


def assert_answered(response: Any) -> None:
    assert response.status_code < 500, (response.status_code, response.text[:500])
    if response.status_code >= 400:
        message = message_of(response)
        assert message and "\n" not in message and "Traceback" not in response.text


@settings(max_examples=60, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture, HealthCheck.data_too_large])
@given(url=st.sampled_from(API), body=bodies, kind=st.sampled_from(["application/json", "text/plain", "application/json; charset=utf-8"]))
def test_fuzz_the_api_never_answers_500(client: TestClient, url: str, body: bytes, kind: str) -> None:
    assert_answered(client.post(url, content=body, headers={"content-type": kind}))


@settings(max_examples=40, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(url=st.sampled_from(["/viewer/seed", "/viewer/file", "/play/start", "/play/nokey/choose", "/card/cupz/examples"]),
       form=forms)
def test_fuzz_the_forms_never_answer_500(client: TestClient, url: str, form: dict[str, str]) -> None:
    if url == "/viewer/seed":
        form = {**form, "bots": "random"}  # a whole bot game per example: the quick bots
    assert_answered(client.post(url, data=form))


@settings(max_examples=40, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(url=st.sampled_from(["/", "/balance", "/balance/file", "/viewer", "/play", "/card/cups", "/edit/cups", "/api/try/x"]),
       query=queries)
def test_fuzz_the_pages_never_answer_500(client: TestClient, url: str, query: dict[str, str]) -> None:
    assert_answered(client.get(url, params=query))


# ------------------------------------------------------------------------------------ numbers that are no numbers

HUGE = "9" * 5000  # past Python's limit of digits for int()


@pytest.mark.parametrize("value", ["\u00b2", "\u0663", HUGE, "-1", "1.5", " "])
@pytest.mark.parametrize(("url", "field"), [("/viewer/seed", "seed"), ("/play/start", "seat"), ("/play/start", "seed")])
def test_a_form_number_that_is_no_whole_number_is_a_400(client: TestClient, url: str, field: str, value: str) -> None:
    """`²` passes str.isdigit and then int() refused it; 5,000 digits pass Python's own limit: both
    were 500s. Each is now a 400 with one line naming the field (a blank is the default)."""
    form = {"players": "2", field: value}
    response = client.post(url, data=form)
    assert response.status_code in ((400,) if value.strip() else (200, 303)), response.text[:200]
    if value.strip():
        assert f"`{field}` must be a whole number" in message_of(response)


@pytest.mark.parametrize("body", [{"text": "x", "games": "\u00b2"}, {"text": "x\ny", "line": "\u00b2"}])
def test_an_api_number_in_other_digits_is_a_400(client: TestClient, body: dict[str, str]) -> None:
    url = "/api/try" if "games" in body else "/api/complete"
    response = client.post(url, json=body)
    assert response.status_code == 400 and "must be a whole number" in response.json()["error"]


@pytest.mark.parametrize("url", API)
def test_a_json_number_of_thousands_of_digits_is_a_400(client: TestClient, url: str) -> None:
    raw = ('{"text": "x", "line": ' + HUGE + "}").encode()
    response = client.post(url, content=raw, headers={"content-type": "application/json"})
    assert (response.status_code, response.json()) == (400, {"error": "The request is not valid JSON."})


@pytest.mark.parametrize(("made", "path", "answer"), [
    ("folder", "cards/odd/cups.yaml", "is a folder, not a file; give the card another name."),
    ("file", "cards/oddfile/cups.yaml", "a file stands where a folder of"),
])
def test_a_save_where_the_pack_holds_a_folder_or_a_file_in_the_way_is_a_409(client: TestClient, desk: Desk, made: str, path: str,
                                                                           answer: str) -> None:
    """A folder named like the card file, or a file named like one of its folders: a 500 before
    (IsADirectoryError, NotADirectoryError from reading the file's version)."""
    if made == "folder":
        (desk.settings.pack / path).mkdir(parents=True, exist_ok=True)
    else:
        (desk.settings.pack / "cards").mkdir(parents=True, exist_ok=True)
        (desk.settings.pack / "cards" / "oddfile").write_text("in the way\n")
    response = client.post("/api/save", json={"text": CUPS, "path": path, "id": "cups"})
    assert response.status_code == 409 and answer in response.json()["error"], response.text


@pytest.mark.parametrize("text", [CUPS.replace("\n", "\r"), "\ufeff" + CUPS, CUPS.replace("\n", "\r\n")])
def test_a_card_with_other_line_ends_or_a_bom_is_checked_as_validate_checks_it(client: TestClient, text: str) -> None:
    """Carriage returns alone, or a byte order mark: the desk read no `id` line and reported C011 (the
    id against a file named card.yaml) where `validate` accepts the file."""
    response = client.post("/api/check", json={"text": text})
    assert response.status_code == 200 and response.json()["ok"], response.json()


def test_an_id_that_is_no_file_name_is_not_suggested_as_one(client: TestClient, desk: Desk) -> None:
    """/api/target suggested `cards/../../x.yaml` for the id `../../x` (a save refused it; the
    suggestion should not have offered it)."""
    answer = client.post("/api/target", json={"text": "x", "id": "../../x"}).json()
    assert Path(answer["path"]).parts[-2:] == ("cards", "card.yaml") and ".." not in answer["path"]


def test_a_record_naming_a_pack_the_desk_does_not_serve_is_refused_unread(client: TestClient, tmp_path: Path) -> None:
    """A record is a file anyone may upload, and it names its mod packs by path: the desk read them,
    and its messages told whether any path existed and quoted YAML keys and values of files it was
    never given (a hostile probe read a `version:` line that way). A record may name only the
    packs the desk serves; the file is not opened."""
    secret = tmp_path / "secret.yaml"
    secret.write_text('name: x\nversion: "sk-SECRET-12345"\ndepends: [hunter2]\n', encoding="utf-8")
    for named in (str(secret), "/etc/passwd", str(tmp_path / "missing")):
        record = record_json(tmp_path)
        record["mods"] = [named]
        response = client.post("/viewer/open", files={"record": ("game.json", json.dumps(record).encode(), "application/json")})
        text = message_of(response)
        assert response.status_code == 400 and "which this desk does not serve" in text, text
        assert "SECRET" not in text and "hunter2" not in text and "M0" not in text
