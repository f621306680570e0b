"""trellis-lsp on a project whose files `use` a shared one (examples/shop copied to a scratch
folder): diagnostics follow the used files, an edit of the shared file re-publishes the
files that use it, definition and document links lead into it, and a file created on disk
(workspace/didChangeWatchedFiles) is read."""
import asyncio
import atexit
import os
import pathlib
import shutil
import tempfile

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

from published import diagnostics_of
from registrations import accept_registrations

ROOT = pathlib.Path(__file__).resolve().parents[2]
SERVER = os.environ.get("TRELLIS_LSP", str(ROOT / ".build" / "debug" / "trellis-lsp"))
# The workspace folder the client opens: a copy of the shop nobody writes to.
WORKSPACE = pathlib.Path(tempfile.mkdtemp(prefix="trellis-workspace-")) / "shop"
shutil.copytree(ROOT / "examples" / "shop", WORKSPACE)
atexit.register(shutil.rmtree, WORKSPACE.parent, True)


@pytest.fixture
def shop():
    folder = pathlib.Path(tempfile.mkdtemp(prefix="trellis-shop-"))
    shutil.copytree(ROOT / "examples" / "shop", folder / "shop")
    yield folder / "shop"
    shutil.rmtree(folder)


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[SERVER]))
async def client(lsp_client: LanguageClient):
    accept_registrations(lsp_client)
    capabilities = client_capabilities("neovim")
    if capabilities.text_document is not None:
        capabilities.text_document.diagnostic = None
    capabilities.workspace.did_change_watched_files = types.DidChangeWatchedFilesClientCapabilities(dynamic_registration=True)
    await lsp_client.initialize_session(types.InitializeParams(capabilities=capabilities, root_uri=WORKSPACE.as_uri()))
    yield
    await lsp_client.shutdown_session()


def open_file(client: LanguageClient, path: pathlib.Path, text: str | None = None):
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(
                uri=path.as_uri(), language_id="trellis", version=1, text=path.read_text(encoding="utf-8") if text is None else text
            )
        )
    )


def codes(diagnostics):
    return [d.code for d in diagnostics]


@pytest.mark.asyncio
async def test_a_layout_using_shared_cards_is_clean_and_leads_into_them(client: LanguageClient, shop: pathlib.Path):
    holiday = shop / "layouts" / "holiday.trellis"
    text = holiday.read_text(encoding="utf-8")
    open_file(client, holiday)
    await diagnostics_of(client, holiday.as_uri(), lambda d: not d)
    # Definition of a shared template: its name in cards.trellis.
    line = text.splitlines().index("    product")
    found = await client.text_document_definition_async(
        types.DefinitionParams(text_document=types.TextDocumentIdentifier(uri=holiday.as_uri()), position=types.Position(line=line, character=6))
    )
    cards = shop / "cards.trellis"
    location = found[0] if isinstance(found, list) else found
    assert location.uri == cards.as_uri()
    cards_lines = cards.read_text(encoding="utf-8").splitlines()
    assert cards_lines[location.range.start.line][location.range.start.character :].startswith("product {")
    # The use path is a link to the file; a hover on it lists what it gives.
    links = await client.text_document_document_link_async(types.DocumentLinkParams(text_document=types.TextDocumentIdentifier(uri=holiday.as_uri())))
    assert [link.target for link in links] == [cards.as_uri()]
    hover = await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=holiday.as_uri()), position=types.Position(line=1, character=8))
    )
    assert "cards.trellis` gives `badge`, `banner`, `product`" in hover.contents.value
    # A cell using a shared template says where it comes from, with its frames.
    hover = await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=holiday.as_uri()), position=types.Position(line=line, character=6))
    )
    assert "cards.trellis:4:10" in hover.contents.value and "uses template `product` from " in hover.contents.value
    assert "375x667@2x" in hover.contents.value


@pytest.mark.asyncio
async def test_editing_the_shared_file_republishes_the_files_that_use_it(client: LanguageClient, shop: pathlib.Path):
    everyday = shop / "layouts" / "everyday.trellis"
    campaign = shop / "layouts" / "campaign.trellis"
    cards = shop / "cards.trellis"
    for path in (everyday, campaign, cards):
        open_file(client, path)
    for path in (everyday, campaign):
        await diagnostics_of(client, path.as_uri(), lambda d: not d)
    # A mistake in the open, unsaved cards: both layouts say so, at their use line.
    text = cards.read_text(encoding="utf-8")
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=cards.as_uri(), version=2),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=text.replace("tag(100)", "tagg(100)"))],
        )
    )
    for path in (everyday, campaign):
        found = await diagnostics_of(client, path.as_uri(), lambda d: "U004" in codes(d))
        assert found[0].range.start.line == 1
        assert "cards.trellis" in found[0].message
    await diagnostics_of(client, cards.as_uri(), lambda d: codes(d) == ["M004"])
    # Closed without saving: the disk's text counts again.
    client.text_document_did_close(types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=cards.as_uri())))
    for path in (everyday, campaign):
        await diagnostics_of(client, path.as_uri(), lambda d: not d)


@pytest.mark.asyncio
async def test_a_file_created_on_disk_is_read_when_the_client_says_so(client: LanguageClient, shop: pathlib.Path):
    for _ in range(100):
        if any(r.method == types.WORKSPACE_DID_CHANGE_WATCHED_FILES for r in client.registrations):
            break
        await asyncio.sleep(0.05)
    watched = [r for r in client.registrations if r.method == types.WORKSPACE_DID_CHANGE_WATCHED_FILES]
    assert watched, client.registrations
    assert watched[0].register_options["watchers"] == [{"globPattern": "**/*.trellis"}, {"globPattern": "**/trellis.toml"}]
    page = shop / "layouts" / "page.trellis"
    open_file(client, page, 'use "extra.trellis"\nlayout page rows extra | fill\n')
    found = await diagnostics_of(client, page.as_uri(), lambda d: codes(d) == ["U001"])
    assert "layouts/extra.trellis" in found[0].message
    extra = shop / "layouts" / "extra.trellis"
    extra.write_text("template extra { 20 }\n", encoding="utf-8")
    client.workspace_did_change_watched_files(
        types.DidChangeWatchedFilesParams(changes=[types.FileEvent(uri=extra.as_uri(), type=types.FileChangeType.Created)])
    )
    await diagnostics_of(client, page.as_uri(), lambda d: not d)


@pytest.mark.asyncio
async def test_references_and_rename_reach_every_file_that_uses_the_template(client: LanguageClient):
    everyday = WORKSPACE / "layouts" / "everyday.trellis"
    text = everyday.read_text(encoding="utf-8")
    open_file(client, everyday)
    await diagnostics_of(client, everyday.as_uri(), lambda d: not d)
    line = next(number for number, content in enumerate(text.splitlines()) if "cols product" in content)
    position = types.Position(line=line, character=text.splitlines()[line].index("product") + 1)
    document = types.TextDocumentIdentifier(uri=everyday.as_uri())
    # The closed files are read from disk: the card library and the three layouts.
    found = await client.text_document_references_async(
        types.ReferenceParams(text_document=document, position=position, context=types.ReferenceContext(include_declaration=True))
    )
    by_file = {}
    for location in found:
        by_file.setdefault(pathlib.Path(location.uri[len("file://") :]).name, []).append(location.range.start.line)
    assert {name: len(lines) for name, lines in by_file.items()} == {"cards.trellis": 1, "everyday.trellis": 4, "holiday.trellis": 4, "campaign.trellis": 1}
    edit = await client.text_document_rename_async(types.RenameParams(text_document=document, position=position, new_name="item"))
    assert sorted(pathlib.Path(uri[len("file://") :]).name for uri in edit.changes) == ["campaign.trellis", "cards.trellis", "everyday.trellis", "holiday.trellis"]
    cards = WORKSPACE / "cards.trellis"
    (declaration,) = edit.changes[cards.as_uri()]
    assert cards.read_text(encoding="utf-8").splitlines()[declaration.range.start.line].startswith("template product {")
    assert all(change.new_text == "item" for changes in edit.changes.values() for change in changes)
    # A name one of those files has already: refused, with the file and why.
    with pytest.raises(Exception) as refused:
        await client.text_document_rename_async(types.RenameParams(text_document=document, position=position, new_name="banner"))
    assert "would change `cards.trellis`: it defines a template `banner`" in str(refused.value)
    # A file that uses cards.trellis without naming `product` takes `big` from another file:
    # it would be given two `big`s, so the rename is refused too (files removed after).
    extra, other = WORKSPACE / "extra.trellis", WORKSPACE / "layouts" / "other.trellis"
    extra.write_text("template big { 5 }\n", encoding="utf-8")
    other.write_text('use "../cards.trellis"\nuse "../extra.trellis"\nlayout other rows big | fill\n', encoding="utf-8")
    client.workspace_did_change_watched_files(
        types.DidChangeWatchedFilesParams(
            changes=[types.FileEvent(uri=path.as_uri(), type=types.FileChangeType.Created) for path in (extra, other)]
        )
    )
    try:
        with pytest.raises(Exception) as clash:
            await client.text_document_rename_async(types.RenameParams(text_document=document, position=position, new_name="big"))
        assert "would change `layouts/other.trellis`: it uses a template `big` of `extra.trellis`" in str(clash.value)
    finally:
        extra.unlink()
        other.unlink()


@pytest.mark.asyncio
async def test_completion_offers_shared_templates_and_file_names_in_use(client: LanguageClient, shop: pathlib.Path):
    page = shop / "layouts" / "page.trellis"
    text = 'use "../cards.trellis"\nuse "../"\nlayout page rows {\n  \n}\n'
    open_file(client, page, text)
    await diagnostics_of(client, page.as_uri(), lambda d: True)
    document = types.TextDocumentIdentifier(uri=page.as_uri())
    # Where a cell starts: the templates cards.trellis gives, saying where they come from.
    found = await client.text_document_completion_async(types.CompletionParams(text_document=document, position=types.Position(line=3, character=2)))
    shared = {item.label: item.detail for item in found.items if (item.detail or "").startswith("template from ")}
    assert shared.get("product", "").endswith("/shop/cards.trellis"), shared
    assert {"banner", "badge"} <= set(shared)
    # Inside the quotes after `../`: the files and folders there.
    found = await client.text_document_completion_async(types.CompletionParams(text_document=document, position=types.Position(line=1, character=8)))
    labels = {item.label: item.kind for item in found.items}
    assert labels.get("cards.trellis") == types.CompletionItemKind.File, labels
    assert labels.get("layouts/") == types.CompletionItemKind.Folder, labels
    assert "trellis.toml" not in labels
    edit = next(item.text_edit for item in found.items if item.label == "cards.trellis")
    assert (edit.range.start.line, edit.range.start.character, edit.range.end.character) == (1, 8, 8)


@pytest.mark.asyncio
async def test_the_project_file_sets_codes_and_devices_and_is_read_again(client: LanguageClient, shop: pathlib.Path):
    project = shop / "trellis.toml"
    project.write_text('[project]\ntarget = 2\npreviews = ["320xwrap@3x"]\n\n[lint]\ndisable = ["M112"]\n', encoding="utf-8")
    page = shop / "layouts" / "page.trellis"
    open_file(client, page, "layout page rows 20 tag(0) | fill\n")
    found = await diagnostics_of(client, page.as_uri(), lambda d: len(d) > 0)
    # M112 (tag 0) is disabled; the project's wrap device is where the rules look.
    assert "M112" not in codes(found), codes(found)
    assert any("320xwrap@3x" in d.message for d in found), [d.message for d in found]
    project.write_text('[project]\ntarget = 2\npreviews = ["320xwrap@3x"]\n', encoding="utf-8")
    client.workspace_did_change_watched_files(
        types.DidChangeWatchedFilesParams(changes=[types.FileEvent(uri=project.as_uri(), type=types.FileChangeType.Changed)])
    )
    await diagnostics_of(client, page.as_uri(), lambda d: "M112" in codes(d))


@pytest.mark.asyncio
async def test_the_project_file_in_the_editor_has_diagnostics_hovers_and_completion(client: LanguageClient, shop: pathlib.Path):
    """trellis.toml open in the editor: its mistakes as it is typed, hovers from the schema,
    completion of tables, keys, values and codes; and the layouts follow what is typed."""
    project = shop / "trellis.toml"
    page = shop / "layouts" / "page.trellis"
    open_file(client, page, "layout page rows 20 tag(0) | fill\n")
    await diagnostics_of(client, page.as_uri(), lambda d: "M112" in codes(d))
    text = '[project]\ntarget = 3\n\n[lint]\ndisabel = ["M112"]\n'
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(text_document=types.TextDocumentItem(uri=project.as_uri(), language_id="toml", version=1, text=text))
    )
    found = await diagnostics_of(client, project.as_uri(), lambda d: len(d) == 2)
    assert [(d.code, d.range.start.line, d.range.start.character) for d in found] == [("P004", 1, 9), ("P002", 4, 0)]
    assert "did you mean `disable`?" in found[1].message
    # Typed, not saved: the layout is checked with `error = ["M112"]` at once.
    fixed = '[project]\ntarget = 2\n\n[lint]\nerror = ["M112"]\n'
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=project.as_uri(), version=2),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=fixed)],
        )
    )
    await diagnostics_of(client, project.as_uri(), lambda d: len(d) == 0)
    tagged = await diagnostics_of(client, page.as_uri(), lambda d: any(x.code == "M112" and x.severity == types.DiagnosticSeverity.Error for x in d))
    assert tagged
    hover = await client.text_document_hover_async(types.HoverParams(text_document=types.TextDocumentIdentifier(uri=project.as_uri()), position=types.Position(line=1, character=2)))
    assert hover.contents.value.startswith("**`project.target`**: 1, 2 or \"any\""), hover.contents.value
    on_code = await client.text_document_hover_async(types.HoverParams(text_document=types.TextDocumentIdentifier(uri=project.as_uri()), position=types.Position(line=4, character=12)))
    assert on_code.contents.value.startswith("**M112** Tag 0 (warning by default)"), on_code.contents.value

    async def complete(line, character):
        result = await client.text_document_completion_async(
            types.CompletionParams(text_document=types.TextDocumentIdentifier(uri=project.as_uri()), position=types.Position(line=line, character=character))
        )
        return [item.label for item in result.items]

    # After `[lint]`'s `error` line: the keys of [lint] not yet given, and the tables not yet opened.
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=project.as_uri(), version=3),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=fixed + "\nwarn = [\"M1\nwarnings-as-errors = \n")],
        )
    )
    labels = await complete(6, 0)
    assert labels == ["disable", "warn", "warnings-as-errors", "[[lint.per-path]]"], labels
    in_warn = await complete(6, 11)
    assert "M105" in in_warn and "M112" not in in_warn and "M104" not in in_warn, in_warn
    assert await complete(7, 21) == ["true", "false"]


@pytest.mark.asyncio
async def test_workspace_symbols_list_the_templates_and_layouts_of_every_file(client: LanguageClient):
    found = await client.workspace_symbol_async(types.WorkspaceSymbolParams(query="prd"))
    assert [(s.name, s.kind, pathlib.Path(s.location.uri[len("file://") :]).name) for s in found] == [
        ("product", types.SymbolKind.Class, "cards.trellis")
    ]
    everything = await client.workspace_symbol_async(types.WorkspaceSymbolParams(query=""))
    layouts = sorted(s.name for s in everything if s.kind == types.SymbolKind.Module)
    assert layouts == ["campaign", "everyday", "holiday"]
    assert {s.container_name for s in everything} == {"cards.trellis", "layouts/campaign.trellis", "layouts/everyday.trellis", "layouts/holiday.trellis"}


@pytest.mark.asyncio
async def test_workspace_diagnostics_cover_the_files_that_are_not_open(client: LanguageClient):
    report = await client.workspace_diagnostic_async(types.WorkspaceDiagnosticParams(previous_result_ids=[]))
    by_name = {pathlib.Path(item.uri[len("file://") :]).name: item for item in report.items}
    assert sorted(by_name) == ["campaign.trellis", "cards.trellis", "everyday.trellis", "holiday.trellis"]
    assert all(item.kind == "full" and list(item.items) == [] for item in report.items)
    # Asked again with what it holds: nothing changed.
    again = await client.workspace_diagnostic_async(
        types.WorkspaceDiagnosticParams(previous_result_ids=[types.PreviousResultId(uri=item.uri, value=item.result_id) for item in report.items])
    )
    assert all(item.kind == "unchanged" for item in again.items)
