"""The language server itself: pygls wiring of diagnostics, completion and hover (docs/editors.md).

Run as `importexport lsp` or `importexport-lsp`; it speaks LSP on standard input and output. pygls
is the optional extra `lsp` (`pip install 'importexport-interpreter[lsp]'`): a well-kept
implementation of the protocol (JSON-RPC framing, document sync, capabilities) that would otherwise
be hundreds of lines of ours.
"""

from __future__ import annotations

import json
import logging
import re
import sys
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import IO, Any

from lsprotocol import types
from pygls.exceptions import JsonRpcException, JsonRpcInvalidRequest, JsonRpcServerNotInitialized
from pygls.lsp.server import LanguageServer
from pygls.protocol import LanguageServerProtocol
from pygls.protocol.json_rpc import JsonRPCNotification
from pygls.uris import to_fs_path

from interpreter import __version__
from interpreter.cards.catalog import load_all_cards
from interpreter.cards.diagnostics import Diagnostic
from interpreter.cards.loader import CardSet
from interpreter.cards.reading import FileRefused, read_limited
from interpreter.cards.textpos import editor_lines
from interpreter.cards.yamlsource import MAX_FILE_BYTES
from interpreter.lsp.command import NAME
from interpreter.lsp.completion import Suggestion, suggestions
from interpreter.lsp.documents import OTHER, checked_diagnostics, document_kind, shorthands_in
from interpreter.lsp.hover import hover_markdown

WORD_END = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_'-"
KINDS = {"word": types.CompletionItemKind.Keyword, "example": types.CompletionItemKind.Snippet,
         "field": types.CompletionItemKind.Field, "value": types.CompletionItemKind.EnumMember}
ORDER = {"value": "0", "field": "0", "word": "1", "example": "2"}

log = logging.getLogger(NAME)
MAX_MESSAGE_BYTES = 16 * 2**20  # one message: a card file is at most 1 MB, escaped in JSON at most a few
MAX_HEADER_LINE = 4096  # bytes of one header line (`Content-Length: 123`)
ANSWERED = "$/importexport/answered"  # stands for a message already answered: a notification nobody handles
TOO_LARGE = "$/importexport/tooLarge"  # stands for a request dropped for its size: answered with an error for its id
_REQUEST_ID = re.compile(rb'"id"\s*:\s*(-?\d{1,15}|"[^"\\]{0,200}")')


class BoundedInput:
    """Standard input as pygls reads it (header lines, then a body of `Content-Length` bytes), never
    holding more than MAX_MESSAGE_BYTES of one message nor MAX_HEADER_LINE of one header line: a
    larger body is read through and dropped in small pieces (so the next message is read as it comes),
    and the client is told so, instead of the server running out of memory on `Content-Length:
    1000000000000`."""

    CHUNK = 2**20

    def __init__(self, raw: IO[bytes], refused: Callable[[int], None], limit: int = MAX_MESSAGE_BYTES):
        self.raw = raw
        self.refused = refused
        self.limit = limit

    def readline(self) -> bytes:
        return self.raw.readline(MAX_HEADER_LINE)

    def read(self, n: int) -> bytes:
        if n <= self.limit:
            return self.raw.read(n)
        left = n
        head = b""
        while left > 0:
            piece = self.raw.read(min(left, self.CHUNK))
            if not piece:
                return b""  # the client closed the stream: the server stops as for any end of input
            head = head or piece[:4096]  # where a request's id stands, near its start
            left -= len(piece)
        self.refused(n)
        found = _REQUEST_ID.search(head)
        if found is None:  # a notification (or no id to be read): nobody waits for an answer
            return json.dumps({"jsonrpc": "2.0", "method": ANSWERED, "params": None}).encode()
        # a request: the client waits for its answer, so it stands as a request that is answered with an error
        return json.dumps({"jsonrpc": "2.0", "id": json.loads(found.group(1)), "method": TOO_LARGE, "params": {"bytes": n}}).encode()


class Protocol(LanguageServerProtocol):
    """pygls' protocol, answering a request it cannot read (params of the wrong shape) with a JSON-RPC
    error instead of logging it and leaving the client waiting for an answer forever."""

    def structure_message(self, data: dict[str, Any]) -> Any:
        try:
            return super().structure_message(data)
        except JsonRpcException as exc:
            if not (isinstance(data, dict) and "method" in data and isinstance(data.get("id"), (int, str))):
                raise  # a notification: nobody waits for an answer (pygls logs it)
            error = type(exc)(f"{exc.message}: the params of `{str(data['method'])[:80]}` are not of the shape LSP gives them")
            self._send_response(data["id"], error=error.to_response_error())
            return JsonRPCNotification(method=ANSWERED, jsonrpc="2.0", params=None)

    def handle_message(self, message: Any) -> None:
        """After `shutdown`, a request gets an error (LSP: InvalidRequest) instead of no answer at all,
        which pygls gives it: a client would wait for it forever. Before `initialize`, one gets
        ServerNotInitialized (-32002), not an internal error with a traceback in the log."""
        method, msg_id = getattr(message, "method", None), getattr(message, "id", None)
        if method is None or not isinstance(msg_id, int | str):  # a notification or a response: pygls's way
            super().handle_message(message)
            return
        if self._shutdown and method != "exit":
            error: JsonRpcException = JsonRpcInvalidRequest(
                f"the server is shutting down: after `shutdown` it takes only `exit`; got `{str(method)[:80]}`")
            self._send_response(msg_id, error=error.to_response_error())
            return
        if self._workspace is None and method not in ("initialize", "shutdown"):  # LSP: -32002, not an internal error
            error = JsonRpcServerNotInitialized(f"the server is not initialized yet: send `initialize` first; got `{str(method)[:80]}`")
            self._send_response(msg_id, error=error.to_response_error())
            return
        super().handle_message(message)


@cache
def shipped_cards() -> CardSet:
    """Every shipped card (all sets), loaded once: what a pack's manifest is checked against."""
    return load_all_cards()


def _path(uri: str) -> Path:
    return Path(to_fs_path(uri) or uri)


def _utf16(text: str, index: int) -> int:
    """LSP counts columns in UTF-16 code units; Python in characters."""
    return len(text[:index].encode("utf-16-le")) // 2


def _from_utf16(text: str, units: int) -> int:
    count = 0
    for index, char in enumerate(text):
        if count >= units:
            return index
        count += 2 if ord(char) > 0xFFFF else 1
    return len(text)


def to_lsp(d: Diagnostic, lines: list[str]) -> types.Diagnostic:
    """A diagnostic (1-based line and column) as an LSP range over the word it points at."""
    row = max(d.line - 1, 0)
    text = lines[row] if row < len(lines) else ""
    start = min(max(d.col - 1, 0), len(text))
    end = start
    while end < len(text) and text[end] in WORD_END:
        end += 1
    if end == start:
        end = min(start + 1, len(text))
    return types.Diagnostic(
        range=types.Range(start=types.Position(line=row, character=_utf16(text, start)),
                          end=types.Position(line=row, character=_utf16(text, end))),
        message=d.message, severity=types.DiagnosticSeverity.Error, code=d.code, source="importexport")


def _item(s: Suggestion, line: int, character: int, text: str) -> types.CompletionItem:
    edit = types.TextEdit(range=types.Range(start=types.Position(line=line, character=_utf16(text, s.replace_from)),
                                            end=types.Position(line=line, character=_utf16(text, character))),
                          new_text=s.insert)
    docs = types.MarkupContent(kind=types.MarkupKind.Markdown, value=s.documentation) if s.documentation else None
    return types.CompletionItem(label=s.label, kind=KINDS[s.kind], detail=s.detail or None, documentation=docs,
                                text_edit=edit, sort_text=f"{ORDER[s.kind]}{s.label}", filter_text=s.insert)


def build_server() -> LanguageServer:
    server = LanguageServer(NAME, __version__, text_document_sync_kind=types.TextDocumentSyncKind.Full, protocol_cls=Protocol)

    def source(uri: str) -> str | None:
        """The text of a document: the editor's buffer when it is open, else the file as the loaders
        read one (a regular file of at most MAX_FILE_BYTES, UTF-8); None if there is no such text."""
        if uri in server.workspace.text_documents:
            return server.workspace.get_text_document(uri).source
        try:
            return read_limited(_path(uri), MAX_FILE_BYTES).decode("utf-8")
        except (FileRefused, UnicodeDecodeError, ValueError):
            return None

    def publish(uri: str) -> None:
        text = source(uri)
        path = _path(uri)
        if text is None or document_kind(path, text) == OTHER:
            return
        found = checked_diagnostics(path, text, shipped_cards)
        lines = editor_lines(text)
        version = server.workspace.get_text_document(uri).version if uri in server.workspace.text_documents else None
        server.text_document_publish_diagnostics(types.PublishDiagnosticsParams(
            uri=uri, version=version, diagnostics=[to_lsp(d, lines) for d in found]))

    @server.feature(TOO_LARGE)
    def too_large(params: Any) -> None:
        size = params.get("bytes") if isinstance(params, dict) else getattr(params, "bytes", "?")
        raise JsonRpcInvalidRequest(f"the request of {size} bytes was not read: at most {MAX_MESSAGE_BYTES} bytes are read")

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(params: types.DidOpenTextDocumentParams) -> None:
        publish(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(params: types.DidChangeTextDocumentParams) -> None:
        publish(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE)
    def did_save(params: types.DidSaveTextDocumentParams) -> None:
        publish(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(params: types.DidCloseTextDocumentParams) -> None:
        server.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=params.text_document.uri, diagnostics=[]))

    @server.feature(types.TEXT_DOCUMENT_COMPLETION, types.CompletionOptions(trigger_characters=[" ", ":"]))
    def completion(params: types.CompletionParams) -> types.CompletionList:
        whole = source(params.text_document.uri)
        path = _path(params.text_document.uri)
        kind = document_kind(path, whole) if whole is not None else OTHER
        if whole is None or kind == OTHER:
            return types.CompletionList(is_incomplete=False, items=[])
        lines = editor_lines(whole)
        row = params.position.line
        text = lines[row] if row < len(lines) else ""
        character = _from_utf16(text, params.position.character)
        found = suggestions(whole, row, character, kind, shorthands_in(path, whole, kind))
        return types.CompletionList(is_incomplete=False, items=[_item(s, row, character, text) for s in found])

    @server.feature(types.TEXT_DOCUMENT_HOVER)
    def hover(params: types.HoverParams) -> types.Hover | None:
        whole = source(params.text_document.uri)
        path = _path(params.text_document.uri)
        kind = document_kind(path, whole) if whole is not None else OTHER
        if whole is None or kind == OTHER:
            return None
        lines = editor_lines(whole)
        row = params.position.line
        text = lines[row] if row < len(lines) else ""
        shown = hover_markdown(whole, row, _from_utf16(text, params.position.character), kind, shorthands_in(path, whole, kind))
        if shown is None:
            return None
        return types.Hover(contents=types.MarkupContent(kind=types.MarkupKind.Markdown, value=shown))

    return server


def serve() -> int:
    """Serve on standard input and output until the editor says exit (command.py sets up the log); the
    exit status LSP asks for: 0 after `shutdown`, 1 for an `exit` without it (pygls's own status is lost
    on the way out of its loop)."""
    server = build_server()
    status = [0]

    @server.feature(types.EXIT)
    def on_exit(*_: Any) -> None:
        status[0] = 0 if server.protocol._shutdown else 1

    def refused(size: int) -> None:
        log.warning("a message of %d bytes was dropped (at most %d)", size, MAX_MESSAGE_BYTES)
        server.window_log_message(types.LogMessageParams(
            type=types.MessageType.Error,
            message=f"{NAME}: a message of {size} bytes was dropped: at most {MAX_MESSAGE_BYTES} bytes are read"))

    server.start_io(stdin=BoundedInput(sys.stdin.buffer, refused))  # type: ignore[arg-type]
    return status[0]
