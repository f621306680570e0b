"""The editor packages, checked for the fields their editors require (VS Code's package.json,
Zed's extension.toml and language config, Helix's languages.toml), the VS Code client's
JavaScript with `node --check`, and the files every package points at.

Run alone: `python3 -m pytest editors/test_packages.py`."""
import json
import pathlib
import shutil
import subprocess
import tomllib

import pytest

EDITORS = pathlib.Path(__file__).resolve().parent
GRAMMAR = EDITORS / "grammars" / "trellis.tmLanguage.json"


def test_vscode_manifest_has_what_vscode_requires():
    package = json.loads((EDITORS / "vscode" / "package.json").read_text(encoding="utf-8"))
    for field in ["name", "publisher", "version", "engines", "main", "contributes", "activationEvents"]:
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
    commands = {command["command"] for command in package["contributes"]["commands"]}
    assert commands == {"trellis.showJSON", "trellis.showPreview"}
    source = (EDITORS / "vscode" / "extension.js").read_text(encoding="utf-8")
    for command in commands:
        assert f'"{command}"' in source, f"{command} is registered"
    settings = package["contributes"]["configuration"]["properties"]
    assert {"trellis.server.path", "trellis.viewports", "trellis.target", "trellis.rtl"} <= set(settings)
    assert set(package.get("dependencies", {})) <= {"vscode-languageclient"}


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_vscode_client_is_valid_javascript():
    subprocess.run(["node", "--check", str(EDITORS / "vscode" / "extension.js")], check=True)


def test_language_configuration_is_valid():
    configuration = json.loads((EDITORS / "grammars" / "language-configuration.json").read_text(encoding="utf-8"))
    assert configuration["comments"]["lineComment"] == "//"
    assert ["{", "}"] in configuration["brackets"]


def test_zed_extension_has_what_zed_requires():
    extension = tomllib.loads((EDITORS / "zed" / "extension.toml").read_text(encoding="utf-8"))
    for field in ["id", "name", "version", "schema_version", "authors", "description", "repository"]:
        assert field in extension, field
    assert extension["schema_version"] == 1
    language = tomllib.loads((EDITORS / "zed" / "languages" / "trellis" / "config.toml").read_text(encoding="utf-8"))
    for field in ["name", "grammar", "path_suffixes", "line_comments"]:
        assert field in language, field
    assert language["path_suffixes"] == ["trellis"]
    for server in extension["language_servers"].values():
        assert language["name"] in server["languages"]
    cargo = tomllib.loads((EDITORS / "zed" / "Cargo.toml").read_text(encoding="utf-8"))
    assert cargo["lib"]["crate-type"] == ["cdylib"]
    assert "zed_extension_api" in cargo["dependencies"]
    assert "trellis-lsp" in (EDITORS / "zed" / cargo["lib"]["path"]).read_text(encoding="utf-8")


def test_helix_languages_have_what_helix_requires():
    languages = tomllib.loads((EDITORS / "helix" / "languages.toml").read_text(encoding="utf-8"))
    assert languages["language-server"]["trellis-lsp"]["command"] == "trellis-lsp"
    trellis = next(language for language in languages["language"] if language["name"] == "trellis")
    for field in ["name", "scope", "file-types", "language-servers", "comment-token"]:
        assert field in trellis, field
    assert trellis["file-types"] == ["trellis"] and trellis["language-servers"] == ["trellis-lsp"]


def test_neovim_and_emacs_packages_name_the_server():
    assert "cmd = { 'trellis-lsp' }" in (EDITORS / "nvim" / "lsp" / "trellis.lua").read_text(encoding="utf-8")
    assert "*.trellis" in (EDITORS / "nvim" / "ftdetect" / "trellis.vim").read_text(encoding="utf-8")
    mode = (EDITORS / "emacs" / "trellis-mode.el").read_text(encoding="utf-8")
    assert "eglot-server-programs" in mode and "(provide 'trellis-mode)" in mode
