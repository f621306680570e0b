"""Every feature of trellis-lsp through pytest-lsp, as Neovim 0.11 asks for it: UTF-8
positions, pulled diagnostics, snippets. lsprotocol checks each message against the LSP
metamodel. Run: `python3 -m pytest -c Tests/lsp/pytest.ini Tests/lsp` after `swift build`."""
import asyncio
import os
import pathlib

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

import mirror
from registrations import accept_registrations

ROOT = pathlib.Path(__file__).resolve().parents[2]
SERVER = os.environ.get("TRELLIS_LSP", str(ROOT / ".build" / "debug" / "trellis-lsp"))
DEMO = (ROOT / "examples" / "GridLayoutDemo4.trellis").read_text(encoding="utf-8")
DEMO_URI = (ROOT / "examples" / "GridLayoutDemo4.trellis").as_uri()


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[SERVER]))
async def client(lsp_client: LanguageClient):
    accept_registrations(lsp_client)
    capabilities = client_capabilities("neovim@v0.11.0")
    result = await lsp_client.initialize_session(types.InitializeParams(capabilities=capabilities, root_uri=ROOT.as_uri()))
    assert result.capabilities.position_encoding == types.PositionEncodingKind.Utf8
    assert result.capabilities.semantic_tokens_provider.legend.token_types[0] == "keyword"
    yield
    await lsp_client.shutdown_session()


def open_document(client: LanguageClient, uri: str, text: str, language: str = "trellis"):
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(text_document=types.TextDocumentItem(uri=uri, language_id=language, version=1, text=text))
    )


def doc(uri: str) -> types.TextDocumentIdentifier:
    return types.TextDocumentIdentifier(uri=uri)


def at(text: str, needle: str, shift: int = 0) -> types.Position:
    """The UTF-8 position of `needle` (plus `shift` bytes) in `text`."""
    offset = text.index(needle)
    line = text.count("\n", 0, offset)
    start = text.rfind("\n", 0, offset) + 1
    return types.Position(line=line, character=len(text[start:offset].encode("utf-8")) + shift)


def covered(text: str, rng: types.Range) -> str:
    """The text a UTF-8 range covers."""
    lines = text.split("\n")

    def offset(position: types.Position) -> int:
        before = sum(len(line.encode("utf-8")) + 1 for line in lines[: position.line])
        return before + position.character

    return text.encode("utf-8")[offset(rng.start) : offset(rng.end)].decode("utf-8")


def apply(text: str, edits) -> str:
    data = text
    for edit in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True):
        lines = data.split("\n")
        start = sum(len(line.encode("utf-8")) + 1 for line in lines[: edit.range.start.line]) + edit.range.start.character
        end = sum(len(line.encode("utf-8")) + 1 for line in lines[: edit.range.end.line]) + edit.range.end.character
        raw = data.encode("utf-8")
        data = (raw[:start] + edit.new_text.encode("utf-8") + raw[end:]).decode("utf-8")
    return data


async def test_pulled_diagnostics_and_hover_arithmetic(client: LanguageClient):
    open_document(client, DEMO_URI, DEMO)
    report = await client.text_document_diagnostic_async(types.DocumentDiagnosticParams(text_document=doc(DEMO_URI)))
    assert all(d.severity != types.DiagnosticSeverity.Error for d in report.items)
    hover = await client.text_document_hover_async(types.HoverParams(text_document=doc(DEMO_URI), position=at(DEMO, "fill cols {\n    card")))
    assert "`fill`: (667 − 20 − 120 − 20 − 150 − 5) / 2 = 176" in hover.contents.value
    assert "| iPhone SE |" in hover.contents.value
    keyword = await client.text_document_hover_async(types.HoverParams(text_document=doc(DEMO_URI), position=at(DEMO, "padding(10 0 10 0)", 2)))
    assert keyword.contents.value.startswith("**`padding`**") and '"padding": "{10,0,10,0}"' in keyword.contents.value


async def test_completion_is_context_aware(client: LanguageClient):
    uri = "file:///tmp/c.trellis"
    text = "template card { 50% }\nlayout a rows 20 padding(5) \n"
    open_document(client, uri, text)
    result = await client.text_document_completion_async(
        types.CompletionParams(text_document=doc(uri), position=types.Position(line=1, character=28))
    )
    labels = [item.label for item in result.items]
    assert "gravity" in labels and "cols" in labels
    assert "padding" not in labels and "card" not in labels and "fill" not in labels
    snippet = next(item for item in result.items if item.label == "gravity")
    assert snippet.insert_text_format == types.InsertTextFormat.Snippet


async def test_inlay_hints_and_their_tooltips(client: LanguageClient):
    open_document(client, DEMO_URI, DEMO)
    line = DEMO.split("\n").index("  fill cols {")
    hints = await client.text_document_inlay_hint_async(
        types.InlayHintParams(text_document=doc(DEMO_URI), range=types.Range(start=types.Position(line=line, character=0), end=types.Position(line=line + 1, character=0)))
    )
    assert [h.label for h in hints] == ["▸ 176"]
    resolved = await client.inlay_hint_resolve_async(hints[0])
    assert "iPhone SE: 126.5" in resolved.tooltip.value


async def test_outline_folding_selection_and_tokens(client: LanguageClient):
    open_document(client, DEMO_URI, DEMO)
    symbols = await client.text_document_document_symbol_async(types.DocumentSymbolParams(text_document=doc(DEMO_URI)))
    assert [s.name for s in symbols] == ["card", "listing", "badge", "home"]
    assert [c.name for c in symbols[3].children][:3] == ["120", "20", "150 cols"]
    folds = await client.text_document_folding_range_async(types.FoldingRangeParams(text_document=doc(DEMO_URI)))
    assert any(f.kind == types.FoldingRangeKind.Comment for f in folds)
    start = DEMO.split("\n").index("template listing {")
    assert any(f.start_line == start for f in folds)
    selection = await client.text_document_selection_range_async(
        types.SelectionRangeParams(text_document=doc(DEMO_URI), positions=[at(DEMO, "120 // banner", 1)])
    )
    assert covered(DEMO, selection[0].range) == "120"
    tokens = await client.text_document_semantic_tokens_full_async(types.SemanticTokensParams(text_document=doc(DEMO_URI)))
    line = character = 0
    found = []
    lines = DEMO.split("\n")
    for index in range(0, len(tokens.data), 5):
        delta_line, delta_start, length, kind, _ = tokens.data[index : index + 5]
        line += delta_line
        character = character + delta_start if delta_line == 0 else delta_start
        found.append((lines[line].encode("utf-8")[character : character + length].decode("utf-8"), kind))
    assert ("card", 2) in found and ("template", 0) in found and ("bottom", 5) in found


async def test_colors_navigation_and_rename(client: LanguageClient):
    open_document(client, DEMO_URI, DEMO)
    colors = await client.text_document_document_color_async(types.DocumentColorParams(text_document=doc(DEMO_URI)))
    assert colors and covered(DEMO, colors[0].range) == "#EEEEEE"
    presentation = await client.text_document_color_presentation_async(
        types.ColorPresentationParams(text_document=doc(DEMO_URI), color=types.Color(red=1.0, green=0.0, blue=0.0, alpha=0.5), range=colors[0].range)
    )
    assert presentation[0].label == "#80FF0000"
    use = at(DEMO, "card tag(1002)", 1)
    definition = await client.text_document_definition_async(types.DefinitionParams(text_document=doc(DEMO_URI), position=use))
    assert covered(DEMO, definition.range) == "card" and definition.range.start.line == DEMO.split("\n").index("template card {")
    references = await client.text_document_references_async(
        types.ReferenceParams(text_document=doc(DEMO_URI), position=use, context=types.ReferenceContext(include_declaration=True))
    )
    assert len(references) == 1 + DEMO.count("\n    card ")
    prepared = await client.text_document_prepare_rename_async(types.PrepareRenameParams(text_document=doc(DEMO_URI), position=use))
    assert prepared.placeholder == "card"
    edit = await client.text_document_rename_async(types.RenameParams(text_document=doc(DEMO_URI), position=use, new_name="tile"))
    renamed = apply(DEMO, edit.changes[DEMO_URI])
    assert "template tile {" in renamed
    assert [line for line in renamed.split("\n") if "card" in line and not line.startswith("//")] == []
    with pytest.raises(Exception):
        await client.text_document_rename_async(types.RenameParams(text_document=doc(DEMO_URI), position=use, new_name="padding"))


async def test_code_actions_and_formatting(client: LanguageClient):
    # Neovim 0.11 registers dynamically: formatting is registered for Trellis files only
    # (the server asks after `initialized`, so the request may still be on its way).
    for _ in range(100):
        if client.registrations:
            break
        await asyncio.sleep(0.05)
    methods = {registration.method: registration.register_options["documentSelector"] for registration in client.registrations}
    assert methods == {
        "textDocument/formatting": [{"language": "trellis"}, {"pattern": "**/*.trellis"}],
        "textDocument/rangeFormatting": [{"language": "trellis"}, {"pattern": "**/*.trellis"}],
    }
    uri = "file:///tmp/首页.trellis"
    text = "// 首页 😀\nlayout 首页 rows 20 , fill|fill padding(5) * 2\n"
    open_document(client, uri, text)
    line = types.Range(start=types.Position(line=1, character=0), end=types.Position(line=1, character=0))
    comma = types.Range(start=at(text, ","), end=at(text, ",", 1))
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(text_document=doc(uri), range=comma, context=types.CodeActionContext(diagnostics=[]))
    )
    kinds = [a.kind for a in actions]
    assert "quickfix" in kinds and "source.fixAll.trellis" in kinds
    quickfix = next(a for a in actions if a.kind == "quickfix")
    assert quickfix.diagnostics[0].code == "S007"
    fixed = apply(text, next(a for a in actions if a.kind == "source.fixAll.trellis").edit.changes[uri])
    assert fixed == "// 首页 😀\nlayout 首页 rows 20 | fill|fill padding(5) * 2\n"
    clean_uri = "file:///tmp/clean.trellis"
    clean = "layout 首页 rows 20 | fill|fill padding(5) * 2\n"
    open_document(client, clean_uri, clean)
    extract = await client.text_document_code_action_async(
        types.CodeActionParams(text_document=doc(clean_uri), range=types.Range(start=at(clean, "fill padding"), end=at(clean, "fill padding")),
                               context=types.CodeActionContext(diagnostics=[], only=["refactor.extract"]))
    )
    assert [a.title for a in extract] == ["Extract template `extracted`"]
    assert apply(clean, extract[0].edit.changes[clean_uri]) == "template extracted {\n  fill padding(5)\n}\n\nlayout 首页 rows 20 | fill|extracted * 2\n"
    formatted = await client.text_document_range_formatting_async(
        types.DocumentRangeFormattingParams(text_document=doc(uri), range=line, options=types.FormattingOptions(tab_size=2, insert_spaces=True))
    )
    assert not formatted  # a syntax error (S007): the formatter leaves the document alone


async def test_edits_inside_characters_start_at_the_character(client: LanguageClient):
    """UTF-8 columns inside `首`, `页` and `😀`: the server's text is the client's copy edited
    with the same clamping, so it stays valid UTF-8."""
    uri = "file:///tmp/inside.trellis"
    text = "layout 首页 rows 20|fill // 😀 注释\n"
    open_document(client, uri, text)
    emoji = len("layout 首页 rows 20|fill // ".encode("utf-8"))
    for version, (start, end, new_text) in enumerate([((0, 8), (0, 11), "新"), ((0, emoji + 2), (0, emoji + 3), "x")], start=2):
        client.text_document_did_change(
            types.DidChangeTextDocumentParams(
                text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
                content_changes=[types.TextDocumentContentChangePartial(
                    range=types.Range(start=types.Position(line=start[0], character=start[1]), end=types.Position(line=end[0], character=end[1])),
                    text=new_text)],
            )
        )
        text = mirror.edit(text, start, end, new_text, "utf-8")
    assert text == "layout 新页 rows 20|fill // x😀 注释\n"
    symbols = await client.text_document_document_symbol_async(types.DocumentSymbolParams(text_document=doc(uri)))
    assert [s.name for s in symbols] == ["新页"]
    edits = await client.text_document_formatting_async(
        types.DocumentFormattingParams(text_document=doc(uri), options=types.FormattingOptions(tab_size=2, insert_spaces=True))
    )
    assert apply(text, edits) == "layout 新页 rows 20 | fill // x😀 注释\n"


async def test_commands_show_json_and_render(client: LanguageClient):
    open_document(client, DEMO_URI, DEMO)
    shown = await client.workspace_execute_command_async(types.ExecuteCommandParams(command="trellis.showJSON", arguments=[DEMO_URI]))
    built = (ROOT / "examples" / "golden" / "GridLayoutDemo4" / "home.json")
    assert shown["name"] == "home.json" and '"tag": 1000' in shown["content"]
    if built.exists():
        assert shown["content"] == built.read_text(encoding="utf-8")
    svg = await client.workspace_execute_command_async(types.ExecuteCommandParams(command="trellis.render", arguments=[DEMO_URI, "320x568@2x"]))
    assert svg["content"].startswith("<svg")


async def test_grid_json_features(client: LanguageClient):
    uri = "file:///tmp/home.grid.json"
    text = '{\n  "rows": [\n    {"size": 100, "bottom-borderline": {"color": "#FF0000"}},\n    {"gravity": "top"}\n  ]\n}\n'
    open_document(client, uri, text, language="json")
    hover = await client.text_document_hover_async(types.HoverParams(text_document=doc(uri), position=at(text, '{"gravity"')))
    assert "grid `2` · size `fill` · slot #1" in hover.contents.value
    key = await client.text_document_hover_async(types.HoverParams(text_document=doc(uri), position=at(text, '"gravity"', 2)))
    assert key.contents.value.startswith('**`"gravity"`**')
    hints = await client.text_document_inlay_hint_async(
        types.InlayHintParams(text_document=doc(uri), range=types.Range(start=types.Position(line=0, character=0), end=types.Position(line=6, character=0)))
    )
    assert [h.label for h in hints] == ["#0", "▸ 100", "#1", "▸ 567"]
    colors = await client.text_document_document_color_async(types.DocumentColorParams(text_document=doc(uri)))
    assert covered(text, colors[0].range) == "#FF0000"
    symbols = await client.text_document_document_symbol_async(types.DocumentSymbolParams(text_document=doc(uri)))
    assert [c.name for c in symbols[0].children] == ["1 100", "2"]
    completion = await client.text_document_completion_async(types.CompletionParams(text_document=doc(uri), position=at(text, 'top"', 3)))
    assert "bottom" in [item.label for item in completion.items]


async def test_bad_requests_get_errors(client: LanguageClient):
    with pytest.raises(Exception, match="unknown method"):
        await client.protocol.send_request_async("trellis/nothing", {})
    assert await client.text_document_hover_async(types.HoverParams(text_document=doc("file:///never-opened.trellis"), position=types.Position(line=0, character=0))) is None
