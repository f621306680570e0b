"""trellis-lsp through pytest-lsp: every message is checked against the LSP metamodel by
lsprotocol. Run: `python3 -m pytest Tests/lsp` after `swift build` (TRELLIS_LSP names
another binary)."""
import os
import pathlib
import random

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

import mirror
from published import diagnostics_of, forget
from registrations import accept_registrations

ROOT = pathlib.Path(__file__).resolve().parents[2]
SERVER = os.environ.get("TRELLIS_LSP", str(ROOT / ".build" / "debug" / "trellis-lsp"))
DEMO = (ROOT / "examples" / "GridLayoutDemo4.trellis").read_text(encoding="utf-8")


DOCS = "https://example.org/trellis/docs/diagnostics.md"


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[SERVER]))
async def client(lsp_client: LanguageClient):
    accept_registrations(lsp_client)
    capabilities = client_capabilities("neovim")
    # Diagnostics pushed: a client that declares pull support gets none pushed.
    if capabilities.text_document is not None:
        capabilities.text_document.diagnostic = None
    result = await lsp_client.initialize_session(
        types.InitializeParams(capabilities=capabilities, root_uri=ROOT.as_uri(), initialization_options={"diagnosticsBaseURL": DOCS})
    )
    assert result.server_info.name == "trellis-lsp"
    lsp_client.trellis_encoding = result.capabilities.position_encoding
    yield
    await lsp_client.shutdown_session()


def open_document(client: LanguageClient, uri: str, text: str, language: str = "trellis"):
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id=language, version=1, text=text)
        )
    )


@pytest.mark.asyncio
async def test_demo4_is_clean_and_hovers_show_frames(client: LanguageClient):
    uri = (ROOT / "examples" / "GridLayoutDemo4.trellis").as_uri()
    open_document(client, uri, DEMO)
    await diagnostics_of(client, uri)
    assert all(d.severity != types.DiagnosticSeverity.Error for d in client.diagnostics[uri])
    line = DEMO.splitlines().index("  120 // banner")
    hover = await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=line, character=3))
    )
    assert hover is not None
    assert "grid `1` · size `120` · slot #0" in hover.contents.value
    assert "| 375x667@2x | `120`: 120 points | 0,10 375×120 |" in hover.contents.value


@pytest.mark.asyncio
async def test_diagnostics_with_codes_links_and_cjk_positions(client: LanguageClient):
    uri = "file:///tmp/首页.trellis"
    open_document(client, uri, "// 首页 😀\nlayout 首页 rows 300 | 400 | fill\n")
    await diagnostics_of(client, uri)
    diagnostics = client.diagnostics[uri]
    assert [d.code for d in diagnostics] == ["L001", "L002"]
    assert diagnostics[0].code_description.href == DOCS + "#l001"
    # `fill` starts after `layout 首页 rows 300 | 400 | `, counted in the negotiated encoding.
    prefix = "layout 首页 rows 300 | 400 | "
    utf8 = client.trellis_encoding == types.PositionEncodingKind.Utf8
    column = len(prefix.encode("utf-8")) if utf8 else len(prefix.encode("utf-16-le")) // 2
    assert diagnostics[1].range.start == types.Position(line=1, character=column)


@pytest.mark.asyncio
async def test_incremental_edit_and_formatting(client: LanguageClient):
    uri = "file:///tmp/edit.trellis"
    open_document(client, uri, "layout a rows 20|fill\n")
    await diagnostics_of(client, uri)
    forget(client, uri)
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
            content_changes=[
                types.TextDocumentContentChangePartial(
                    range=types.Range(start=types.Position(line=0, character=17), end=types.Position(line=0, character=21)),
                    text="150%",
                )
            ],
        )
    )
    await diagnostics_of(client, uri)
    edits = await client.text_document_formatting_async(
        types.DocumentFormattingParams(
            text_document=types.TextDocumentIdentifier(uri=uri), options=types.FormattingOptions(tab_size=2, insert_spaces=True)
        )
    )
    assert edits[0].new_text == "layout a rows 20 | 150%\n"
    symbols = await client.text_document_document_symbol_async(
        types.DocumentSymbolParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    assert [s.name for s in symbols] == ["a"]


@pytest.mark.asyncio
async def test_grid_json_documents(client: LanguageClient):
    uri = "file:///tmp/home.grid.json"
    open_document(client, uri, '{"rows":[{"size":"150%"},{"size":"fill"}]}', language="json")
    await diagnostics_of(client, uri)
    assert [d.code for d in client.diagnostics[uri]] == ["M103"]


@pytest.mark.asyncio
async def test_an_edit_between_the_halves_of_an_emoji_goes_before_it(client: LanguageClient):
    """A UTF-16 column between the two halves of `😀`: the server edits its text as the
    client's copy is edited here, before the emoji (the character's start)."""
    uri = "file:///tmp/emoji.trellis"
    text = "layout e rows 20|fill // 😀 注释\n"
    open_document(client, uri, text)
    await diagnostics_of(client, uri)
    encoding = "utf-8" if client.trellis_encoding == types.PositionEncodingKind.Utf8 else "utf-16"
    prefix = "layout e rows 20|fill // "
    inside = (len(prefix.encode("utf-8")) + 2) if encoding == "utf-8" else len(prefix) + 1
    forget(client, uri)
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
            content_changes=[types.TextDocumentContentChangePartial(
                range=types.Range(start=types.Position(line=0, character=inside), end=types.Position(line=0, character=inside)), text="x")],
        )
    )
    text = mirror.edit(text, (0, inside), (0, inside), "x", encoding)
    assert text == "layout e rows 20|fill // x😀 注释\n"
    await diagnostics_of(client, uri)
    edits = await client.text_document_formatting_async(
        types.DocumentFormattingParams(text_document=types.TextDocumentIdentifier(uri=uri), options=types.FormattingOptions(tab_size=2, insert_spaces=True))
    )
    assert [edit.new_text for edit in edits] == ["layout e rows 20 | fill // x😀 注释\n"]


def grid_dictionary(generator: random.Random) -> str:
    """A pretty-printed grid dictionary of 30 rows, some with columns, borderlines, a typo
    (`paddng`) or Chinese text."""
    rows = []
    for index in range(30):
        members = ['"size": ' + generator.choice(["20", "0.25", '"50%"', '"fill"', '"wrap"'])]
        if generator.random() < 0.5:
            members.append(f'"padding": "{{{index % 7},0,0,0}}"')
        if generator.random() < 0.3:
            members.append('"top-borderline": {"color": "#EEEEEE", "thick": 1}')
        if generator.random() < 0.2:
            members.append('"paddng": "商品 😀"')
        if generator.random() < 0.3:
            members.append('"cols": [{"size": 0.5}, {"size": "fill", "gravity": "center"}]')
        rows.append("    {\n      " + ",\n      ".join(members) + "\n    }")
    return '{\n  "size": 300,\n  "rows": [\n' + ",\n".join(rows) + "\n  ]\n}\n"


def lsp_position(text: str, index: int, encoding: str) -> types.Position:
    line = text.count("\n", 0, index)
    start = text.rfind("\n", 0, index) + 1
    before = text[start:index]
    character = len(before.encode("utf-8")) if encoding == "utf-8" else len(before.encode("utf-16-le")) // 2
    return types.Position(line=line, character=character)


@pytest.mark.asyncio
async def test_edits_of_a_grid_dictionary_publish_what_opening_it_anew_does(client: LanguageClient):
    """An edit inside one grid's object reads, builds and lints that grid alone (docs/lsp.md,
    "Speed"): after each of 80 random edits, mostly ones that keep the JSON valid, the same
    text opened as a new document gets the same diagnostics, every tenth edit compared."""
    generator = random.Random(20261129)
    encoding = "utf-8" if client.trellis_encoding == types.PositionEncodingKind.Utf8 else "utf-16"
    uri = "file:///tmp/edited.grid.json"
    text = grid_dictionary(generator)
    open_document(client, uri, text, language="json")
    await diagnostics_of(client, uri)
    for version in range(2, 82):
        choice = generator.random()
        places = [i for i, c in enumerate(text) if c in ("{" if choice < 0.35 else "0123456789" if choice < 0.6 else ",")]
        if choice < 0.85 and places:
            start = end = generator.choice(places) + 1
            inserted = generator.choice(['"size": 3, ', '"gravty": "top", ', '"anchor": true, ']) if choice < 0.35 else "1" if choice < 0.6 else " "
        else:
            start = generator.randrange(len(text))
            end = min(len(text), start + generator.randint(1, 3))
            inserted = generator.choice(["", "}", '"', "中"])
        forget(client, uri)
        client.text_document_did_change(
            types.DidChangeTextDocumentParams(
                text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
                content_changes=[types.TextDocumentContentChangePartial(
                    range=types.Range(start=lsp_position(text, start, encoding), end=lsp_position(text, end, encoding)), text=inserted)],
            )
        )
        text = text[:start] + inserted + text[end:]
        edited = await diagnostics_of(client, uri)
        if version % 10 != 1:
            continue
        # The same name elsewhere: a layout is named after its file.
        fresh = f"file:///tmp/fresh-{version}/edited.grid.json"
        open_document(client, fresh, text, language="json")
        anew = await diagnostics_of(client, fresh)
        assert [(d.code, d.range, d.message, d.severity) for d in edited] == [(d.code, d.range, d.message, d.severity) for d in anew], text
        client.text_document_did_close(types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=fresh)))
