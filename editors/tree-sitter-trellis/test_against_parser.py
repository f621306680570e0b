"""The tree-sitter grammar against Trellis's own parser: every example and every ```trellis
block of the docs parses without ERROR or MISSING nodes, and the directives, templates,
layouts, cells and their parts (sizes, template uses, attributes, splits, blocks, lists,
repeats) have the same byte ranges in both trees. Also: the committed src/ is what
`tree-sitter generate` makes of grammar.js, and `tree-sitter test` passes on test/corpus.

The tree-sitter CLI runs inside the Debian 13 root (tools/debian13-root, made on first use);
the Trellis tree comes from `trellis parse --format json` (.build/debug/trellis, built by
`swift build`). Run: `python3 -m pytest editors/tree-sitter-trellis`."""
import filecmp
import functools
import json
import os
import pathlib
import re
import shutil
import subprocess
import tempfile

import pytest

GRAMMAR = pathlib.Path(__file__).resolve().parent
ROOT = GRAMMAR.parents[1]
TRELLIS = os.environ.get("TRELLIS", str(ROOT / ".build" / "debug" / "trellis"))
DEBIAN13 = [str(ROOT / "tools" / "debian13-root"), "--packages", "gcc libc6-dev"]

# Trellis's productions (trellis parse) and the grammar's node types that stand for them.
KINDS = {
    "target": "target_directive",
    "preview": "preview_directive",
    "template": "template_declaration",
    "layout": "layout_declaration",
    "cell": "cell",
    "size": "size",
    "template-ref": "template_reference",
    "attribute": "attribute",
    "attribute-args": "arguments",
    "split": "split",
    "block": "block",
    "inline-list": "inline_list",
    "repeat": "repeat",
}


def trellis(*arguments, stdin=None):
    run = subprocess.run([TRELLIS, *arguments], input=stdin, capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, f"trellis {' '.join(arguments)}: {run.stderr}"
    return run.stdout


@functools.cache
def documents():
    """(name, text) of every example and every ```trellis block of the docs, the same in
    `trellis fmt`'s layout, and what `trellis import` makes of the runtime fixtures' JSON."""
    found = [(path.name, path.read_text(encoding="utf-8")) for path in sorted((ROOT / "examples").glob("*.trellis"))]
    for page in sorted((ROOT / "docs").glob("*.md")) + [ROOT / "README.md"]:
        blocks = re.findall(r"^```trellis\n(.*?)^```$", page.read_text(encoding="utf-8"), flags=re.S | re.M)
        found += [(f"{page.stem}-{number}.trellis", block) for number, block in enumerate(blocks, 1)]
    found += [("formatted-" + name, trellis("fmt", "-", stdin=text)) for name, text in found]
    for path in sorted((ROOT / "Tests" / "golden" / "runtime").glob("case_*[0-9].json")):
        found.append((f"imported-{path.stem}.trellis", trellis("import", str(path))))
    return found


def in_root(work: pathlib.Path, script: str) -> str:
    run = subprocess.run(DEBIAN13 + ["--run", "sh", "-c", f"cd {work} && {script}"], capture_output=True, text=True, timeout=900)
    assert run.returncode == 0, run.stdout + run.stderr
    return run.stdout


@pytest.fixture(scope="module")
def work():
    if not os.access(DEBIAN13[0], os.X_OK) or os.geteuid() != 0:
        reason = "the Debian 13 root needs tools/debian13-root and root privileges"
        if os.environ.get("CI"):
            pytest.fail(reason + " (CI runs every suite)")
        pytest.skip(reason)
    with tempfile.TemporaryDirectory(prefix="trellis-grammar-", dir="/tmp") as folder:
        work = pathlib.Path(folder)
        shutil.copytree(GRAMMAR, work / "grammar", ignore=shutil.ignore_patterns("__pycache__", "*.so", "node_modules"))
        (work / "inputs").mkdir()
        for name, text in documents():
            (work / "inputs" / name).write_text(text, encoding="utf-8")
        yield work


def tree_sitter_ranges(output: str, text: str):
    """The named nodes of `tree-sitter parse` output as (type, start byte, end byte)."""
    data = text.encode("utf-8")
    starts = [0] + [index + 1 for index, byte in enumerate(data) if byte == 0x0A]
    ranges = []
    for kind, row, column, end_row, end_column in re.findall(r"\((\w+) \[(\d+), (\d+)\] - \[(\d+), (\d+)\]", output):
        ranges.append((kind, starts[int(row)] + int(column), starts[int(end_row)] + int(end_column)))
    return ranges


def trellis_ranges(path: pathlib.Path):
    run = subprocess.run([TRELLIS, "parse", "--format", "json", str(path)], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, f"{path.name} has syntax errors:\n{run.stderr}"
    return [(KINDS[node["kind"]], node["start"], node["end"]) for node in json.loads(run.stdout)["nodes"] if node["kind"] in KINDS]


def test_the_committed_parser_is_generated_from_grammar_js(work):
    in_root(work / "grammar", "tree-sitter generate --no-bindings")
    for name in ["parser.c", "grammar.json", "node-types.json"]:
        assert filecmp.cmp(work / "grammar" / "src" / name, GRAMMAR / "src" / name, shallow=False), f"src/{name} is stale: run tree-sitter generate --no-bindings"


def test_tree_sitter_test_passes_on_the_corpus(work):
    output = in_root(work / "grammar", "tree-sitter test 2>&1")
    assert "✗" not in output and "failure" not in output.lower(), output


def test_docs_and_examples_parse_as_trellis_parses_them(work):
    script = 'for f in ../inputs/*.trellis; do echo "=== $f"; tree-sitter parse "$f" || true; done'
    output = in_root(work / "grammar", script)
    trees = dict(re.findall(r"^=== \.\./inputs/(.*?)\n(.*?)(?=^=== |\Z)", output, flags=re.S | re.M))
    names = [name for name, _ in documents()]
    assert sorted(trees) == sorted(names)
    problems = []
    for name, text in documents():
        tree = trees[name]
        if "ERROR" in tree or "MISSING" in tree:
            problems.append(f"{name}: tree-sitter finds errors\n{tree}")
            continue
        ours = sorted(trellis_ranges(work / "inputs" / name))
        theirs = sorted(entry for entry in tree_sitter_ranges(tree, text) if entry[0] in KINDS.values())
        if ours != theirs:
            only_ours = sorted(set(ours) - set(theirs))
            only_theirs = sorted(set(theirs) - set(ours))
            problems.append(f"{name}: only in Trellis's tree {only_ours[:8]}, only in tree-sitter's {only_theirs[:8]}")
    assert not problems, "\n\n".join(problems)
