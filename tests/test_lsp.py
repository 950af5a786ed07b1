"""The language server (interpreter/lsp, docs/editors.md), driven end to end by an LSP client
(pytest-lsp starts `python -m interpreter.lsp` as an editor would and talks LSP to it over stdio)."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

from interpreter.cards.catalog import project_root
from interpreter.cards.loader import load_card_file

pytestmark = pytest.mark.asyncio(loop_scope="module")

CUPS = project_root() / "cards" / "consumer" / "cups.yaml"


@pytest_lsp.fixture(scope="module", config=ClientServerConfig(server_command=[sys.executable, "-m", "interpreter.lsp"]))
async def client(lsp_client: LanguageClient):
    await lsp_client.initialize_session(types.InitializeParams(
        capabilities=client_capabilities("visual-studio-code"), root_uri=project_root().as_uri()))
    yield
    await lsp_client.shutdown_session()


async def open_document(client: LanguageClient, path: Path, text: str, version: int = 1) -> list[types.Diagnostic]:
    """Open (or reopen) a buffer and return the diagnostics the server publishes for it."""
    uri = path.as_uri()
    client.diagnostics.pop(uri, None)
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=uri, language_id="yaml", version=version, text=text)))
    return await diagnostics_of(client, uri)


async def diagnostics_of(client: LanguageClient, uri: str) -> list[types.Diagnostic]:
    while uri not in client.diagnostics:
        await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    return list(client.diagnostics[uri])


def line_of(text: str, fragment: str) -> int:
    return next(i for i, line in enumerate(text.splitlines()) if fragment in line)


async def test_a_typo_in_a_power_is_reported_where_validate_reports_it(client: LanguageClient, tmp_path: Path):
    """The buffer is checked as `validate` checks the file: same code, message and position."""
    text = CUPS.read_text().replace("on completion: draw 5", "on completion: drwa 5")
    path = tmp_path / "cups.yaml"
    found = await open_document(client, path, text)
    assert [(d.code, d.range.start.line, d.range.start.character) for d in found] == [("P001", line_of(text, "drwa"), 19)]
    assert "did you mean `draw`?" in found[0].message
    assert found[0].range.end.character == 23  # the whole word is underlined
    path.write_text(text)
    _, validated = load_card_file(path)
    assert [(d.code, d.line - 1, d.col - 1, d.message) for d in validated] == [
        (d.code, d.range.start.line, d.range.start.character, d.message) for d in found]


async def test_fixing_the_typo_clears_the_diagnostics(client: LanguageClient, tmp_path: Path):
    path = tmp_path / "cups.yaml"
    text = CUPS.read_text()
    assert await open_document(client, path, text.replace("tier: 2", "teir: 2"))
    client.diagnostics.pop(path.as_uri(), None)
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=path.as_uri(), version=2),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)]))
    assert await diagnostics_of(client, path.as_uri()) == []


async def test_a_mod_manifest_is_checked_against_the_shipped_cards(client: LanguageClient, tmp_path: Path):
    pack = tmp_path / "pack"
    shutil.copytree(project_root() / "docs" / "example-mod", pack)
    manifest = pack / "mod.yaml"
    text = manifest.read_text().replace("remove: [rolls_royce]", "remove: [rolls_roice]")
    found = await open_document(client, manifest, text)
    assert [(d.code, d.range.start.line) for d in found] == [("M021", line_of(text, "rolls_roice"))]
    assert "did you mean `rolls_royce`?" in found[0].message


async def test_completion_offers_the_words_that_can_come_next(client: LanguageClient, tmp_path: Path):
    path = tmp_path / "cups.yaml"
    text = CUPS.read_text().replace("on completion: draw 5", "on completion: dr")
    await open_document(client, path, text)
    row = line_of(text, "on completion: dr")
    result = await client.text_document_completion_async(types.CompletionParams(
        text_document=types.TextDocumentIdentifier(uri=path.as_uri()),
        position=types.Position(line=row, character=len(text.splitlines()[row]))))
    assert result is not None
    items = result.items if isinstance(result, types.CompletionList) else result
    labels = {item.label for item in items}
    assert {"draw", "gain", "draw 5"} <= labels
    assert "completion" not in labels and "when" not in labels  # a timing cannot come after the timing
    draw = next(item for item in items if item.label == "draw")
    assert isinstance(draw.text_edit, types.TextEdit)
    assert draw.text_edit.range.start.character == len("  - on completion: ")  # replaces the typed `dr`


async def test_hover_shows_the_power_in_english(client: LanguageClient, tmp_path: Path):
    path = tmp_path / "cups.yaml"
    text = CUPS.read_text()
    await open_document(client, path, text)
    row = line_of(text, "on completion: draw 5")
    hover = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=path.as_uri()), position=types.Position(line=row, character=8)))
    assert hover is not None and isinstance(hover.contents, types.MarkupContent)
    assert "When this card's shipment completes: draw 5 cards." in hover.contents.value


async def test_hover_on_a_wrong_power_shows_the_problem(client: LanguageClient, tmp_path: Path):
    path = tmp_path / "cups.yaml"
    text = CUPS.read_text().replace("on completion: draw 5", "on completion: drwa 5")
    await open_document(client, path, text)
    hover = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=path.as_uri()),
        position=types.Position(line=line_of(text, "drwa"), character=8)))
    assert hover is not None and isinstance(hover.contents, types.MarkupContent)
    assert "column 16: P001" in hover.contents.value and "did you mean `draw`?" in hover.contents.value
