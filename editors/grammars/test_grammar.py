"""The TextMate grammar, tested with a Python TextMate engine (textmate-grammar-python):

- golden scope snapshots of every example (editors/grammars/snapshots/, reviewed by eye;
  TRELLIS_UPDATE_SNAPSHOTS=1 rewrites them);
- a cross-check with the real parser: every example and every ```trellis block of
  docs/language.md goes through trellis-lsp's semantic tokens (the parser's classification)
  and through the grammar, and each token the parser classifies must get the matching scope,
  over exactly the same text.

Run alone: `swift build && python3 -m pytest editors/grammars`."""
import json
import logging
import os
import pathlib
import re
import subprocess

import pytest
from textmate_grammar.parsers.base import LanguageParser

ROOT = pathlib.Path(__file__).resolve().parents[2]
GRAMMAR = json.loads((ROOT / "editors" / "grammars" / "trellis.tmLanguage.json").read_text(encoding="utf-8"))
SNAPSHOTS = ROOT / "editors" / "grammars" / "snapshots"
SERVER = os.environ.get("TRELLIS_LSP", str(ROOT / ".build" / "debug" / "trellis-lsp"))
EXAMPLES = sorted((ROOT / "examples").glob("*.trellis"))

logging.getLogger("textmate_grammar").setLevel(logging.ERROR)
PARSER = LanguageParser(GRAMMAR)

# The parser's classification (semantic token type) → the scopes the grammar may give it.
EXPECTED = {
    "keyword": ("keyword.", "constant.language.size", "support.constant.runtime"),
    "number": ("constant.numeric.",),
    "type": ("entity.name.type.template",),
    "namespace": ("entity.name.namespace.layout",),
    "property": ("entity.other.attribute-name",),
    "enumMember": ("support.constant.gravity", "support.constant.color"),
    "parameter": ("variable.parameter.borderline",),
    "string": ("string.", "constant.other.color"),
    "comment": ("comment.line",),
    "operator": ("keyword.operator.repeat", "punctuation.separator.cell", "punctuation.separator.gravity"),
}


def scopes(text: str):
    """(line, character, token text, innermost scope) for every non-blank token."""
    result = []
    for (line, character), token, names in PARSER.parse_string(text).flatten():
        if token.strip():
            result.append((line, character, token, names[-1]))
    return result


def snippets():
    """Every example file, and every ```trellis block of docs/language.md."""
    cases = [(path.name, path.read_text(encoding="utf-8")) for path in EXAMPLES]
    language = (ROOT / "docs" / "language.md").read_text(encoding="utf-8")
    for number, block in enumerate(re.findall(r"```trellis\n(.*?)```", language, re.S)):
        cases.append((f"language.md#{number + 1}", block))
    return cases


class Server:
    """A minimal stdio client of trellis-lsp, asking for UTF-8 positions."""

    def __init__(self):
        self.process = subprocess.Popen([SERVER], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.next_id = 0
        reply = self.request("initialize", {"processId": None, "rootUri": None,
                                             "capabilities": {"general": {"positionEncodings": ["utf-8"]}}})
        self.legend = reply["capabilities"]["semanticTokensProvider"]["legend"]["tokenTypes"]
        self.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})

    def send(self, message):
        body = json.dumps(message).encode()
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def read(self):
        header = b""
        while not header.endswith(b"\r\n\r\n"):
            header += self.process.stdout.read(1)
        length = int(re.search(rb"Content-Length: (\d+)", header).group(1))
        return json.loads(self.process.stdout.read(length))

    def request(self, method, params):
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        while True:
            message = self.read()
            if message.get("id") == self.next_id:
                return message["result"]

    def tokens(self, name, text):
        uri = f"file:///snippets/{name.replace('#', '-')}.trellis"
        self.send({"jsonrpc": "2.0", "method": "textDocument/didOpen",
                   "params": {"textDocument": {"uri": uri, "languageId": "trellis", "version": 1, "text": text}}})
        data = self.request("textDocument/semanticTokens/full", {"textDocument": {"uri": uri}})["data"]
        lines = text.split("\n")
        line = character = 0
        for index in range(0, len(data), 5):
            delta_line, delta_start, length, kind, _ = data[index:index + 5]
            line += delta_line
            character = character + delta_start if delta_line == 0 else delta_start
            raw = lines[line].encode("utf-8")
            column = len(raw[:character].decode("utf-8"))
            yield line, column, raw[character:character + length].decode("utf-8"), self.legend[kind]

    def close(self):
        self.request("shutdown", None)
        self.send({"jsonrpc": "2.0", "method": "exit"})
        self.process.wait(timeout=30)


@pytest.fixture(scope="module")
def server():
    running = Server()
    yield running
    running.close()


@pytest.mark.parametrize("name,text", snippets(), ids=[name for name, _ in snippets()])
def test_every_token_the_parser_classifies_gets_its_scope(server, name, text):
    grammar = {(line, column): (token, scope) for line, column, token, scope in scopes(text)}
    problems = []
    for line, column, token, kind in server.tokens(name, text):
        found = grammar.get((line, column))
        if found is None:
            problems.append(f"{line + 1}:{column + 1} {token!r} ({kind}): the grammar starts no token here")
        elif found[0] != token:
            problems.append(f"{line + 1}:{column + 1} {token!r} ({kind}): the grammar's token is {found[0]!r}")
        elif not found[1].startswith(EXPECTED[kind]):
            problems.append(f"{line + 1}:{column + 1} {token!r} ({kind}): scope {found[1]}")
    assert not problems, "\n".join(problems)


def render(text: str) -> str:
    lines = text.split("\n")
    out = []
    tokens = scopes(text)
    for number, source in enumerate(lines):
        if not source.strip():
            continue
        out.append("  " + source)
        for line, column, token, scope in tokens:
            if line == number:
                out.append(f"  {' ' * column}{'^' * max(1, len(token))} {scope}")
    return "\n".join(out) + "\n"


@pytest.mark.parametrize("path", EXAMPLES, ids=[path.name for path in EXAMPLES])
def test_scope_snapshots(path):
    actual = render(path.read_text(encoding="utf-8"))
    snapshot = SNAPSHOTS / (path.stem + ".scopes")
    if os.environ.get("TRELLIS_UPDATE_SNAPSHOTS"):
        snapshot.write_text(actual, encoding="utf-8")
    assert snapshot.exists(), f"no snapshot: run with TRELLIS_UPDATE_SNAPSHOTS=1 and review {snapshot}"
    assert actual == snapshot.read_text(encoding="utf-8")
