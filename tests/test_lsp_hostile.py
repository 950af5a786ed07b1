"""The language server against hostile and broken input (issue 22, items 2 and 5): each case is sent
over the raw wire (tests/lsp_wire.py) and has the exact outcome it must have. The server never dies
of a message, answers every request (with an error when it cannot read it), never shows "no
problems" for a file it could not check, and a bad command line gets one line, not a traceback."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from interpreter.cards.catalog import load_all_cards
from interpreter.cli import main as cli_main
from interpreter.lsp import documents
from interpreter.lsp.command import main as server_main
from interpreter.lsp.server import MAX_MESSAGE_BYTES
from tests.lsp_wire import START, WAIT, Wire

CUPS = Path(__file__).resolve().parents[1] / "cards" / "consumer" / "cups.yaml"


@pytest.fixture(scope="module")
def wire() -> Iterator[Wire]:
    server = Wire()
    server.initialize()
    yield server
    assert server.close() == 0
    assert "Traceback" not in server.log()


def params_error(method: str) -> dict[str, object]:
    return {"code": -32602, "message": f"Invalid Params: the params of `{method}` are not of the shape LSP gives them"}


@pytest.mark.parametrize(("method", "params"), [
    ("textDocument/hover", {}),
    ("textDocument/hover", None),
    ("textDocument/hover", {"textDocument": {"uri": "file:///x.yaml"}, "position": {"line": "a", "character": 0}}),
    ("textDocument/hover", {"textDocument": {"uri": "file:///x.yaml"}, "position": {"line": -5, "character": 0}}),
    ("textDocument/completion", {"textDocument": 5}),
    ("textDocument/completion", {"textDocument": {"uri": "file:///x.yaml"}}),
])
def test_a_request_with_params_of_the_wrong_shape_is_answered_with_an_error(wire: Wire, method: str, params: object) -> None:
    """They were never answered: the client waited forever."""
    assert wire.answer(wire.request(method, params))["error"] == params_error(method)


def test_an_unknown_method_is_answered_method_not_found(wire: Wire) -> None:
    assert wire.answer(wire.request("importexport/nothing", None))["error"] == {"code": -32601, "message": "Method Not Found: importexport/nothing"}


@pytest.mark.parametrize("uri", ["file:///nowhere/cups.yaml", "file:///dev/zero", "file:///tmp"])
def test_hover_and_completion_on_a_file_that_is_not_open_nor_readable_answer_nothing(wire: Wire, uri: str) -> None:
    """Not an internal error with a traceback; and /dev/zero is not read forever."""
    position = {"textDocument": {"uri": uri}, "position": {"line": 0, "character": 3}}
    assert wire.answer(wire.request("textDocument/hover", position)) == {"id": wire.next_id, "jsonrpc": "2.0", "result": None}
    assert wire.answer(wire.request("textDocument/completion", position))["result"] == {"isIncomplete": False, "items": []}


def test_a_body_that_is_not_json_is_dropped_and_the_next_request_answered(wire: Wire) -> None:
    wire.send_raw(b"Content-Length: 5\r\n\r\n{oops")
    wire.send_raw(b"Content-Length: 2\r\n\r\n[]")
    assert wire.answer(wire.request("textDocument/hover", {"textDocument": {"uri": "file:///x.yaml"},
                                                           "position": {"line": 0, "character": 0}}))["result"] is None


def test_a_message_over_the_size_limit_is_read_through_and_dropped(wire: Wire) -> None:
    """The body is read in small pieces and dropped, the client is told, and the next message is read."""
    size = MAX_MESSAGE_BYTES + 1
    wire.send_raw(b"Content-Length: %d\r\n\r\n" % size + b" " * size)
    request = wire.request("textDocument/hover", {"textDocument": {"uri": "file:///x.yaml"}, "position": {"line": 0, "character": 0}})
    told = wire.next_message()
    assert told["method"] == "window/logMessage" and told["params"]["type"] == 1
    assert told["params"]["message"] == (f"importexport-lsp: a message of {size} bytes was dropped: at most {MAX_MESSAGE_BYTES} "
                                         "bytes are read")
    assert wire.answer(request)["result"] is None


def test_a_request_over_the_size_limit_is_answered_with_an_error_for_its_id(wire: Wire) -> None:
    """A request dropped for its size left its client waiting for an answer forever (and the stand-in
    the server read instead made pygls report an internal error of its own)."""
    size = MAX_MESSAGE_BYTES + 1
    body = b'{"jsonrpc": "2.0", "id": 9001, "method": "textDocument/hover", "params": {"pad": "'
    body += b"x" * (size - len(body) - 3) + b'"}}'
    wire.send_raw(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    answer = wire.answer(9001)
    assert answer["error"] == {"code": -32600, "message": f"the request of {len(body)} bytes was not read: "
                                                          f"at most {MAX_MESSAGE_BYTES} bytes are read"}, answer
    after = wire.answer(wire.request("textDocument/hover", {"textDocument": {"uri": "file:///x.yaml"}, "position": {"line": 0, "character": 0}}))
    assert after["result"] is None
    assert "Internal Error" not in wire.log()


def test_a_card_nested_a_thousand_levels_deep_gets_E004_not_no_problems(wire: Wire, tmp_path: Path) -> None:
    """The server swallowed the RecursionError and published no diagnostics for such a file."""
    uri = (tmp_path / "cards" / "deep.yaml").as_uri()
    wire.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "yaml", "version": 1,
                                                          "text": "id: deep\nname: " + "{" * 1000 + "\n"}})
    found = wire.diagnostics(uri)
    assert [(d["code"], d["message"], d["range"]["start"]["line"]) for d in found] == [
        ("E004", "invalid YAML: nested too deeply (more than 32 levels)", 1)]


def test_a_check_that_fails_is_reported_on_the_file_not_shown_as_no_problems(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*_args: object) -> list[object]:
        raise RecursionError("maximum recursion depth exceeded")
    monkeypatch.setattr(documents, "diagnostics_for", broken)
    found = documents.checked_diagnostics(CUPS, CUPS.read_text(), load_all_cards)
    assert [(d.line, d.col, d.code) for d in found] == [(1, 1, "E000")]
    assert found[0].message.startswith("this file could not be checked: the checker failed (RecursionError)")


def test_a_terabyte_content_length_does_not_exhaust_memory() -> None:
    """It killed the server with MemoryError. The announced body never comes: at the end of input the
    server stops as it does when its editor goes away, with no error."""
    server = Wire()
    server.initialize()
    server.send_raw(b"Content-Length: 1000000000000\r\n\r\n{\"jsonrpc\": \"2.0\"}")
    assert server.process.stdin is not None
    server.process.stdin.close()
    assert server.process.wait(timeout=WAIT) == 0
    log = server.log()
    assert "MemoryError" not in log and "Traceback" not in log


@pytest.mark.parametrize("argv", [["--log", "/nonexistent/x.log"], ["--log", "/"]])
def test_a_log_file_that_cannot_be_written_is_refused_in_one_line(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """Both entry points, in process (`importexport-lsp`'s main and `importexport lsp`); the test below
    runs them as the processes an editor starts."""
    for run in (lambda: server_main(argv), lambda: cli_main(["lsp", *argv])):
        assert run() == 2
        err = capsys.readouterr().err
        assert err.startswith(f"importexport-lsp: cannot write the log to {argv[1]}: ")
        assert err.count("\n") == 1 and "Traceback" not in err


def test_a_log_file_that_cannot_be_written_is_refused_in_one_line_by_both_commands() -> None:
    argv = ["--log", "/nonexistent/x.log"]
    for command in ([*START, *argv], [sys.executable, "-m", "interpreter", "lsp", *argv]):
        done = subprocess.run(command, capture_output=True, text=True, timeout=WAIT, stdin=subprocess.DEVNULL)
        assert done.returncode == 2
        assert done.stderr.startswith(f"importexport-lsp: cannot write the log to {argv[1]}: ")
        assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr


def test_a_bad_command_line_is_answered_before_the_server_is_imported() -> None:
    """The log is opened, or refused, before pygls and the protocol's types are imported (about a
    second of an editor's wait): a refusal loads neither."""
    code = ("import sys; from interpreter.lsp.command import main; status = main(['--log', '/nonexistent/x.log']); "
            "print(status, sorted(m for m in sys.modules if m.split('.')[0] in ('pygls', 'lsprotocol') or m == 'interpreter.lsp.server'))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=WAIT, stdin=subprocess.DEVNULL)
    assert done.stdout.split("\n")[0] == "2 []", done.stdout + done.stderr
    assert done.stderr.startswith("importexport-lsp: cannot write the log to /nonexistent/x.log: ")


def test_after_shutdown_a_request_gets_an_error_and_exit_without_shutdown_is_status_1() -> None:
    """LSP: after `shutdown` a request is answered with InvalidRequest (pygls dropped it, and the
    client waited); `exit` ends with 0 after `shutdown` and with 1 without it (it was always 0)."""
    server = Wire()
    server.initialize()
    assert server.answer(server.request("shutdown", None))["result"] is None
    answer = server.answer(server.request("textDocument/hover", {"textDocument": {"uri": "file:///x.yaml"},
                                                                 "position": {"line": 0, "character": 0}}))
    assert answer["error"]["code"] == -32600 and "shutting down" in answer["error"]["message"]
    server.notify("exit", None)
    assert server.process.wait(timeout=WAIT) == 0
    hasty = Wire()
    hasty.initialize()
    hasty.notify("exit", None)
    assert hasty.process.wait(timeout=WAIT) == 1


def test_a_request_before_initialize_is_answered_server_not_initialized() -> None:
    """LSP's -32002, not an internal error with a traceback in the log."""
    server = Wire()
    answer = server.answer(server.request("textDocument/hover", {"textDocument": {"uri": "file:///x.yaml"},
                                                                 "position": {"line": 0, "character": 0}}))
    assert answer["error"]["code"] == -32002
    server.initialize()
    assert server.close() == 0 and "Traceback" not in server.log()
