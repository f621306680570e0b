"""The editor packages, checked without their editors (none of VS Code, Zed or Helix runs here):

- the manifests against the fields their documentation gives (VS Code's package.json, Zed's
  extension.toml and language config, Helix's languages.toml), and the files they point at;
- VS Code's extension.js with `node --check`, and activated under Node with stand-ins for
  `vscode` and `vscode-languageclient` (editors/vscode/test/activate.test.js, run by
  `node --test`), whose client registers the commands the real server advertises, so a command
  registered twice fails;
- the tree-sitter queries of Zed and Helix: every capture name is one their editor documents,
  every node, token and field they name is in the grammar (editors/tree-sitter-trellis), and,
  in the Debian 13 root (tools/debian13-root) that has the tree-sitter CLI, every query compiles
  against the grammar and runs over the examples with one highlight per node.

Run alone: `python3 -m pytest editors/test_packages.py` (after `swift build`, for the tests
that start .build/debug/trellis-lsp)."""
import json
import os
import pathlib
import re
import shutil
import subprocess
import tempfile
import tomllib

import pytest

EDITORS = pathlib.Path(__file__).resolve().parent
ROOT = EDITORS.parent
GRAMMAR = EDITORS / "grammars" / "trellis.tmLanguage.json"
TREE_SITTER_GRAMMAR = EDITORS / "tree-sitter-trellis"
NODE_TYPES = TREE_SITTER_GRAMMAR / "src" / "node-types.json"
SERVER = os.environ.get("TRELLIS_LSP", str(ROOT / ".build" / "debug" / "trellis-lsp"))
DEBIAN13 = ROOT / "tools" / "debian13-root"
DEBIAN13_DIR = pathlib.Path("/var/cache/debian13-root")
ZED_QUERIES = EDITORS / "zed" / "languages" / "trellis"
HELIX_QUERIES = EDITORS / "helix" / "runtime" / "queries" / "trellis"
HELIX_PATH_PLACEHOLDER = "/path/to/trellis"


def server_commands():
    """The commands trellis-lsp advertises in executeCommandProvider (Commands.names)."""
    source = (ROOT / "Sources" / "TrellisIDE" / "Commands.swift").read_text(encoding="utf-8")
    names = re.search(r"static let names = \[([^\]]*)\]", source)
    assert names, "Commands.names is in Commands.swift"
    return re.findall(r'"([^"]+)"', names.group(1))


# ---------- VS Code ----------


def test_vscode_manifest_has_what_vscode_requires():
    package = json.loads((EDITORS / "vscode" / "package.json").read_text(encoding="utf-8"))
    for field in ["name", "publisher", "version", "engines", "main", "contributes", "activationEvents", "repository"]:
        assert field in package, field
    assert package["name"] == package["name"].lower() and " " not in package["name"]
    assert package["engines"]["vscode"].startswith("^")
    assert (EDITORS / "vscode" / package["main"]).is_file()
    languages = {language["id"] for language in package["contributes"]["languages"]}
    assert languages == {"trellis"}
    for language in package["contributes"]["languages"]:
        assert (EDITORS / "vscode" / language["configuration"]).resolve().is_file()
        assert ".trellis" in language["extensions"]
    for grammar in package["contributes"]["grammars"]:
        assert grammar["language"] in languages
        path = (EDITORS / "vscode" / grammar["path"]).resolve()
        assert path == GRAMMAR.resolve(), "the shared grammar, not a copy"
        assert json.loads(path.read_text(encoding="utf-8"))["scopeName"] == grammar["scopeName"]
    assert {"onLanguage:trellis", "onLanguage:json"} <= set(package["activationEvents"])
    settings = package["contributes"]["configuration"]["properties"]
    assert {"trellis.server.path", "trellis.viewports", "trellis.target", "trellis.rtl", "trellis.diagnosticsBaseURL"} <= set(settings)
    assert set(package.get("dependencies", {})) <= {"vscode-languageclient"}


def test_vscode_commands_are_not_the_servers():
    """vscode-languageclient registers the server's commands itself; the extension's differ."""
    package = json.loads((EDITORS / "vscode" / "package.json").read_text(encoding="utf-8"))
    contributed = [command["command"] for command in package["contributes"]["commands"]]
    assert contributed == ["trellis.openJSON", "trellis.openPreview"]
    assert not set(contributed) & set(server_commands())
    source = (EDITORS / "vscode" / "extension.js").read_text(encoding="utf-8")
    for command in contributed:
        assert f'"{command}"' in source, f"{command} is registered"
    for entries in package["contributes"]["menus"].values():
        assert {entry["command"] for entry in entries} <= set(contributed)
    assert "**/*.grid.json" not in source, "every JSON document goes to the server"


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed (apt-get install nodejs)")
def test_vscode_client_is_valid_javascript():
    for script in ["extension.js", "test/stand-ins.js", "test/activate.test.js"]:
        subprocess.run(["node", "--check", str(EDITORS / "vscode" / script)], check=True)


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed (apt-get install nodejs)")
def test_vscode_extension_activates_under_node():
    """editors/vscode/test/activate.test.js; its tests that need the server skip without one."""
    result = subprocess.run(
        ["node", "--test", str(EDITORS / "vscode" / "test" / "activate.test.js")],
        capture_output=True, text=True, timeout=300, env={**os.environ, "TRELLIS_LSP": SERVER},
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert re.search(r"^# fail 0$", result.stdout, re.MULTILINE), result.stdout
    if not pathlib.Path(SERVER).exists():
        pytest.skip(f"ran without the server (no {SERVER}): the commands against it were skipped")


def test_language_configuration_is_valid():
    configuration = json.loads((EDITORS / "grammars" / "language-configuration.json").read_text(encoding="utf-8"))
    assert configuration["comments"]["lineComment"] == "//"
    assert ["{", "}"] in configuration["brackets"]


# ---------- Zed ----------


def zed_extension():
    return tomllib.loads((EDITORS / "zed" / "extension.toml").read_text(encoding="utf-8"))


def test_zed_extension_has_what_zed_requires():
    extension = zed_extension()
    for field in ["id", "name", "version", "schema_version", "authors", "description", "repository"]:
        assert field in extension, field
    assert extension["schema_version"] == 1
    language = tomllib.loads((ZED_QUERIES / "config.toml").read_text(encoding="utf-8"))
    for field in ["name", "grammar", "path_suffixes", "line_comments"]:
        assert field in language, field
    assert language["path_suffixes"] == ["trellis"]
    assert language["line_comments"] == ["// "]
    cargo = tomllib.loads((EDITORS / "zed" / "Cargo.toml").read_text(encoding="utf-8"))
    assert cargo["lib"]["crate-type"] == ["cdylib"]
    assert "zed_extension_api" in cargo["dependencies"]
    assert "trellis-lsp" in (EDITORS / "zed" / cargo["lib"]["path"]).read_text(encoding="utf-8")


def test_zed_grammar_is_the_repositorys():
    """`[grammars.NAME]`: repository, rev (or its alias commit), and path inside the repository."""
    extension = zed_extension()
    language = tomllib.loads((ZED_QUERIES / "config.toml").read_text(encoding="utf-8"))
    assert set(extension["grammars"]) == {language["grammar"]} == {"trellis"}
    grammar = extension["grammars"]["trellis"]
    assert set(grammar) <= {"repository", "rev", "commit", "path"}
    assert re.match(r"^(https://|file:///)", grammar["repository"])
    assert grammar["repository"] == extension["repository"], "the grammar lives in this repository"
    assert grammar.get("rev") or grammar.get("commit")
    source = ROOT / grammar["path"]
    assert source.resolve() == TREE_SITTER_GRAMMAR.resolve()
    assert re.search(r"name:\s*'trellis'", (source / "grammar.js").read_text(encoding="utf-8")), "exports tree_sitter_trellis"
    if (source / "src" / "parser.c").exists():
        assert "tree_sitter_trellis" in (source / "src" / "parser.c").read_text(encoding="utf-8")


def test_zed_server_serves_trellis_and_json():
    extension = zed_extension()
    language = tomllib.loads((ZED_QUERIES / "config.toml").read_text(encoding="utf-8"))
    server = extension["language_servers"]["trellis-lsp"]
    assert server["languages"] == [language["name"], "JSON"], "Zed's own JSON language, beside its JSON server"
    assert set(server.get("language_ids", {})) <= set(server["languages"])
    assert server["language_ids"] == {"Trellis": "trellis", "JSON": "json"}
    for name in ["highlights.scm", "brackets.scm", "indents.scm", "outline.scm"]:
        assert (ZED_QUERIES / name).is_file(), name


# ---------- Helix ----------


def helix_languages():
    return tomllib.loads((EDITORS / "helix" / "languages.toml").read_text(encoding="utf-8"))


def test_helix_languages_have_what_helix_requires():
    languages = helix_languages()
    assert languages["language-server"]["trellis-lsp"]["command"] == "trellis-lsp"
    trellis = next(language for language in languages["language"] if language["name"] == "trellis")
    for field in ["name", "scope", "file-types", "language-servers", "comment-token", "indent"]:
        assert field in trellis, field
    assert trellis["file-types"] == ["trellis"] and trellis["language-servers"] == ["trellis-lsp"]
    assert trellis.get("grammar", trellis["name"]) == "trellis"
    assert (HELIX_QUERIES / "highlights.scm").is_file()


def test_helix_grammar_is_the_checkouts():
    """`[[grammar]]` with `source = { path }`, the absolute path the header's `sed` line writes."""
    languages = helix_languages()
    [grammar] = languages["grammar"]
    assert grammar["name"] == "trellis"
    assert set(grammar["source"]) == {"path"}
    assert grammar["source"]["path"].startswith(HELIX_PATH_PLACEHOLDER + "/")
    text = (EDITORS / "helix" / "languages.toml").read_text(encoding="utf-8")
    assert f'sed "s|{HELIX_PATH_PLACEHOLDER}|$PWD|" editors/helix/languages.toml' in text
    installed = tomllib.loads(text.replace(HELIX_PATH_PLACEHOLDER, str(ROOT)))
    source = pathlib.Path(installed["grammar"][0]["source"]["path"])
    assert source.is_absolute() and source.resolve() == TREE_SITTER_GRAMMAR.resolve()


def test_helix_json_keeps_its_own_server_and_comment_token():
    """Grid JSON is Helix's `json` language with trellis-lsp added after vscode-json-language-server."""
    languages = helix_languages()
    [json_language] = [language for language in languages["language"] if language["name"] == "json"]
    assert json_language["language-servers"] == ["vscode-json-language-server", "trellis-lsp"]
    assert set(json_language) == {"name", "language-servers"}, "JSON's file types, grammar and (no) comment token stay Helix's"
    assert not [language for language in languages["language"] if language.get("grammar") == "json" and language["name"] != "json"]


# ---------- tree-sitter queries ----------

# Zed: zed.dev/docs/extensions/languages, one list per query file.
ZED_CAPTURES = {
    "highlights.scm": {
        "attribute", "boolean", "comment", "comment.doc", "constant", "constructor", "embedded", "emphasis",
        "emphasis.strong", "enum", "function", "hint", "keyword", "label", "link_text", "link_uri", "number",
        "operator", "predictive", "preproc", "primary", "property", "punctuation", "punctuation.bracket",
        "punctuation.delimiter", "punctuation.list_marker", "punctuation.special", "string", "string.escape",
        "string.regex", "string.special", "string.special.symbol", "tag", "text.literal", "title", "type",
        "variable", "variable.special", "variant",
    },
    "brackets.scm": {"open", "close"},
    "indents.scm": {"indent", "start", "end", "outdent"},
    "outline.scm": {"name", "item", "context", "context.extra", "annotation"},
}


def scope_tree(tree, prefix=""):
    """Every scope of a nested {name: children} tree, as dotted names."""
    scopes = set()
    for name, children in tree.items():
        scope = prefix + name
        scopes.add(scope)
        scopes |= scope_tree(children, scope + ".")
    return scopes


# Helix: the syntax scopes of docs.helix-editor.com/themes.html#scopes (markup and diff left out).
HELIX_HIGHLIGHTS = scope_tree({
    "attribute": {},
    "type": {"builtin": {}, "parameter": {}, "enum": {"variant": {}}},
    "constructor": {},
    "constant": {"builtin": {"boolean": {}}, "character": {"escape": {}}, "numeric": {"integer": {}, "float": {}}},
    "string": {"regexp": {}, "special": {"path": {}, "url": {}, "symbol": {}}},
    "comment": {"line": {"documentation": {}}, "block": {"documentation": {}}, "unused": {}},
    "variable": {
        "mutable": {}, "builtin": {"mutable": {}}, "parameter": {"mutable": {}},
        "other": {"member": {"private": {}}},
    },
    "label": {},
    "punctuation": {"delimiter": {}, "bracket": {}, "special": {}},
    "keyword": {
        "control": {"conditional": {}, "repeat": {}, "import": {}, "return": {}, "exception": {}},
        "operator": {}, "directive": {}, "function": {}, "storage": {"type": {}, "modifier": {}},
    },
    "operator": {},
    "function": {"public": {}, "builtin": {}, "method": {"public": {}, "private": {}}, "macro": {}, "special": {}},
    "tag": {"builtin": {}},
    "namespace": {},
    "special": {},
    "embedded": {},
})

HELIX_CAPTURES = {
    "highlights.scm": HELIX_HIGHLIGHTS,
    # docs.helix-editor.com/guides/indent.html
    "indents.scm": {"indent", "outdent", "indent.always", "outdent.always", "align", "anchor", "extend", "extend.prevent-once", "opaque"},
    # docs.helix-editor.com/guides/textobject.html
    "textobjects.scm": {
        f"{kind}.{part}"
        for kind in ["function", "class", "test", "parameter", "comment", "entry", "xml-element"]
        for part in ["inside", "around", "movement"]
    },
}

QUERY_SETS = [
    pytest.param(ZED_QUERIES, ZED_CAPTURES, id="zed"),
    pytest.param(HELIX_QUERIES, HELIX_CAPTURES, id="helix"),
]


QUERY_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|;[^\n]*|[^";]+', re.DOTALL)


def query_text(path):
    """A query without its comments (a `;` outside a string to the line's end) and predicates."""
    pieces = QUERY_TOKEN.findall(path.read_text(encoding="utf-8"))
    text = "".join(piece for piece in pieces if not piece.startswith(";"))
    return re.sub(r"\(#[^()]*\)", "", text)


def query_names(path):
    """The named nodes, anonymous tokens, fields and captures a query names."""
    text = query_text(path)
    strings = re.findall(r'"((?:[^"\\]|\\.)*)"', text)
    bare = re.sub(r'"(?:[^"\\]|\\.)*"', '""', text)
    return {
        "named": set(re.findall(r"\(\s*([A-Za-z_][A-Za-z0-9_]*)", bare)) - {"_", "ERROR", "MISSING"},
        "anonymous": {re.sub(r"\\(.)", r"\1", string) for string in strings},
        "fields": set(re.findall(r"([A-Za-z_][A-Za-z0-9_]*)\s*:", bare)),
        "captures": set(re.findall(r"@([A-Za-z_][A-Za-z0-9_.-]*)", bare)),
    }


@pytest.mark.parametrize("folder, allowed", QUERY_SETS)
def test_query_captures_are_the_editors(folder, allowed):
    files = sorted(folder.glob("*.scm"))
    assert "highlights.scm" in [path.name for path in files]
    for path in files:
        assert path.name in allowed, f"{path.name} is a query file the editor reads"
        unknown = query_names(path)["captures"] - allowed[path.name]
        assert not unknown, f"{path.relative_to(EDITORS)}: captures the editor does not document: {sorted(unknown)}"


@pytest.mark.skipif(not NODE_TYPES.exists(), reason=f"the grammar is not generated ({NODE_TYPES} is missing)")
@pytest.mark.parametrize("folder, allowed", QUERY_SETS)
def test_queries_name_only_the_grammars_nodes(folder, allowed):
    node_types = json.loads(NODE_TYPES.read_text(encoding="utf-8"))
    named = {node["type"] for node in node_types if node["named"]}
    anonymous = {node["type"] for node in node_types if not node["named"]}
    fields = {field for node in node_types for field in node.get("fields", {})}
    for path in sorted(folder.glob("*.scm")):
        names = query_names(path)
        where = path.relative_to(EDITORS)
        assert not names["named"] - named, f"{where}: no such nodes: {sorted(names['named'] - named)}"
        assert not names["anonymous"] - anonymous, f"{where}: no such tokens: {sorted(names['anonymous'] - anonymous)}"
        assert not names["fields"] - fields, f"{where}: no such fields: {sorted(names['fields'] - fields)}"


def tree_sitter_cli_missing():
    if not (TREE_SITTER_GRAMMAR / "src" / "parser.c").exists():
        return "the grammar is not generated (editors/tree-sitter-trellis/src/parser.c is missing)"
    if os.geteuid() != 0:
        return "the Debian 13 root needs root (chroot)"
    if not (DEBIAN13_DIR / "usr" / "bin" / "tree-sitter").exists() or not (DEBIAN13_DIR / "usr" / "bin" / "gcc").exists():
        return f"no Debian 13 root with the tree-sitter CLI and gcc at {DEBIAN13_DIR} (tools/debian13-root --packages \"gcc libc6-dev\")"
    return None


@pytest.fixture(scope="module")
def tree_sitter_workspace():
    """The grammar, the queries and the examples in a folder under /tmp, which the root shares."""
    with tempfile.TemporaryDirectory(prefix="trellis-queries-", dir="/tmp") as folder:
        workspace = pathlib.Path(folder)
        shutil.copytree(TREE_SITTER_GRAMMAR, workspace / "grammar", ignore=shutil.ignore_patterns("node_modules", "build"))
        shutil.copytree(ZED_QUERIES, workspace / "zed")
        shutil.copytree(HELIX_QUERIES, workspace / "helix")
        (workspace / "examples").mkdir()
        for example in sorted((ROOT / "examples").glob("*.trellis")):
            shutil.copy(example, workspace / "examples")
        yield workspace


def run_query(workspace, query):
    examples = sorted(str(path) for path in (workspace / "examples").glob("*.trellis"))
    return subprocess.run(
        [str(DEBIAN13), "--packages", "gcc libc6-dev", "--run", "sh", "-c",
         'cd "$1" && shift && exec tree-sitter query "$@"', "sh", str(workspace / "grammar"), str(query), *examples],
        capture_output=True, text=True, timeout=600,
    )


CAPTURE_LINE = re.compile(r"capture: (?:\d+ - )?([A-Za-z0-9_.-]+), start: \((\d+), (\d+)\), end: \((\d+), (\d+)\)")


@pytest.mark.skipif(tree_sitter_cli_missing() is not None, reason=str(tree_sitter_cli_missing()))
@pytest.mark.parametrize("editor, name", [
    (editor, path.name) for editor, folder in [("zed", ZED_QUERIES), ("helix", HELIX_QUERIES)] for path in sorted(folder.glob("*.scm"))
])
def test_queries_compile_and_run_on_the_examples(tree_sitter_workspace, editor, name):
    """`tree-sitter query` (Debian 13's CLI) compiles each query against the grammar and runs it
    over every example; a highlight query gives each stretch of text one capture."""
    result = run_query(tree_sitter_workspace, tree_sitter_workspace / editor / name)
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-4000:]
    captures = CAPTURE_LINE.findall(result.stdout)
    assert captures, f"{editor}/{name} captures nothing in the examples"
    if name == "highlights.scm":
        by_range = {}
        current_file = None
        for line in result.stdout.splitlines():
            if not line.startswith(" "):
                current_file = line.strip()
                continue
            match = CAPTURE_LINE.search(line)
            if match:
                by_range.setdefault((current_file, *match.groups()[1:]), set()).add(match.group(1))
        doubled = {key: names for key, names in by_range.items() if len(names) > 1}
        assert not doubled, f"{editor}/{name} gives text two highlights: {sorted(doubled.items())[:5]}"


def test_helix_project_file_is_served_by_trellis_lsp_alone():
    """trellis.toml, by a glob, gets trellis-lsp; other TOML keeps Helix's `toml` language."""
    [project] = [language for language in helix_languages()["language"] if language["name"] == "trellis-project"]
    assert project["file-types"] == [{"glob": "trellis.toml"}] and project["language-servers"] == ["trellis-lsp"]
    assert project["grammar"] == "toml"


def test_vscode_serves_the_project_file():
    text = (EDITORS / "vscode" / "extension.js").read_text(encoding="utf-8")
    assert '{ scheme: "file", pattern: "**/trellis.toml" }' in text
    manifest = json.loads((EDITORS / "vscode" / "package.json").read_text(encoding="utf-8"))
    assert "workspaceContains:**/trellis.toml" in manifest["activationEvents"]


# ---------- Neovim and Emacs (tested with their editors by their own test.sh) ----------


def test_neovim_and_emacs_packages_name_the_server():
    assert "cmd = { 'trellis-lsp' }" in (EDITORS / "nvim" / "lsp" / "trellis.lua").read_text(encoding="utf-8")
    assert "*.trellis" in (EDITORS / "nvim" / "ftdetect" / "trellis.vim").read_text(encoding="utf-8")
    mode = (EDITORS / "emacs" / "trellis-mode.el").read_text(encoding="utf-8")
    assert "(provide 'trellis-mode)" in mode
    lisp = "".join(path.read_text(encoding="utf-8") for path in sorted((EDITORS / "emacs").glob("trellis-*.el")))
    assert "eglot-server-programs" in lisp and "trellis-lsp" in lisp
