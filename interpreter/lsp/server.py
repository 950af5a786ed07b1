"""The language server itself: pygls wiring of diagnostics, completion and hover (docs/editors.md).

Run as `importexport lsp` or `importexport-lsp`; it speaks LSP on standard input and output. pygls
is the optional extra `lsp` (`pip install 'importexport-interpreter[lsp]'`): a well-kept
implementation of the protocol (JSON-RPC framing, document sync, capabilities) that would otherwise
be hundreds of lines of ours.
"""

from __future__ import annotations

import argparse
import logging
from collections.abc import Sequence
from functools import cache
from pathlib import Path

from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.uris import to_fs_path

from interpreter import __version__
from interpreter.cards.catalog import load_all_cards
from interpreter.cards.diagnostics import Diagnostic
from interpreter.cards.loader import CardSet
from interpreter.lsp.completion import Suggestion, suggestions
from interpreter.lsp.documents import OTHER, diagnostics_for, document_kind, shorthands_in
from interpreter.lsp.hover import hover_markdown

NAME = "importexport-lsp"
WORD_END = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_'-"
KINDS = {"word": types.CompletionItemKind.Keyword, "example": types.CompletionItemKind.Snippet,
         "field": types.CompletionItemKind.Field, "value": types.CompletionItemKind.EnumMember}
ORDER = {"value": "0", "field": "0", "word": "1", "example": "2"}

log = logging.getLogger(NAME)


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
    server = LanguageServer(NAME, __version__, text_document_sync_kind=types.TextDocumentSyncKind.Full)

    def publish(uri: str) -> None:
        document = server.workspace.get_text_document(uri)
        path = _path(uri)
        if document_kind(path, document.source) == OTHER:
            return
        try:
            found = diagnostics_for(path, document.source, shipped_cards)
        except Exception:  # noqa: BLE001 - a bug of ours must not take the editor's server down
            log.exception("checking %s failed", uri)
            found = []
        lines = document.source.splitlines()
        server.text_document_publish_diagnostics(types.PublishDiagnosticsParams(
            uri=uri, version=document.version, diagnostics=[to_lsp(d, lines) for d in found]))

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
        document = server.workspace.get_text_document(params.text_document.uri)
        kind = document_kind(_path(params.text_document.uri), document.source)
        lines = document.source.splitlines()
        row = params.position.line
        text = lines[row] if row < len(lines) else ""
        character = _from_utf16(text, params.position.character)
        words = shorthands_in(_path(params.text_document.uri), document.source, kind)
        found = suggestions(document.source, row, character, kind, words) if kind != OTHER else []
        return types.CompletionList(is_incomplete=False, items=[_item(s, row, character, text) for s in found])

    @server.feature(types.TEXT_DOCUMENT_HOVER)
    def hover(params: types.HoverParams) -> types.Hover | None:
        document = server.workspace.get_text_document(params.text_document.uri)
        kind = document_kind(_path(params.text_document.uri), document.source)
        lines = document.source.splitlines()
        row = params.position.line
        text = lines[row] if row < len(lines) else ""
        words = shorthands_in(_path(params.text_document.uri), document.source, kind)
        shown = hover_markdown(document.source, row, _from_utf16(text, params.position.character), kind, words) if kind != OTHER else None
        if shown is None:
            return None
        return types.Hover(contents=types.MarkupContent(kind=types.MarkupKind.Markdown, value=shown))

    return server


def main(argv: Sequence[str] | None = None) -> int:
    """Serve on standard input and output until the editor says exit."""
    parser = argparse.ArgumentParser(prog=NAME, description="Language server for Import / Export card files and mod packs "
                                                            "(speaks LSP on stdin/stdout; docs/editors.md).")
    parser.add_argument("--log", type=Path, help="write the server's log to this file")
    args = parser.parse_args(argv)
    if args.log:
        logging.basicConfig(filename=args.log, level=logging.INFO)
    build_server().start_io()
    return 0
