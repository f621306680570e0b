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
import random
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
    "use": "use_directive",
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
    rng = random.Random(2026)
    found += [(f"generated-{number}.trellis", generated_file(rng)) for number in range(GENERATED)]
    return found


# Generated files: every shape of cell, split and line layout the grammar allows, on random
# inputs nobody wrote by hand. Those Trellis's parser rejects are left out (and counted).
GENERATED = 500
SIZES = ["10", "33%", "-50%", "1/3", "-1/3", "fill", "wrap", "_", "20.5", ".5", "1e2", "0"]
ATTRIBUTES = ["padding(5)", "padding(1 2 3 4)", "spacing(3)", "gravity(top|left)", "overlap(bottom | left)", "anchor",
              "placeholder(false)", "tag(7)", "action(handleTap:)", 'action("a:b:")', 'action-data({"数据": [1, true, null]})',
              "bottom-borderline(color #EEEEEE thick 1 head 2 offset 1)", 'json({"x-a": [1, 2]})', "content(10x20)"]


def generated_cell(rng, templates, depth, indent):
    parts = []
    if rng.random() < 0.7:
        parts.append(rng.choice(SIZES))
    if templates and rng.random() < 0.25:
        parts.append(rng.choice(templates))
    parts += [rng.choice(ATTRIBUTES) for _ in range(rng.randint(0, 2))]
    if not parts:
        parts.append("fill")
    text = " ".join(parts)
    if rng.random() < 0.2:  # a continuation line, deeper than the cell's first line
        text += "\n" + " " * (indent + rng.randint(1, 6)) + rng.choice(ATTRIBUTES)
    if depth < 4 and rng.random() < 0.45:
        axis = rng.choice(["rows", "cols"])
        children = rng.randint(1, 4)
        shape = rng.random()
        if shape < 0.35:
            text += f" {axis} " + " | ".join(generated_cell(rng, templates, 9, indent) for _ in range(children))
        elif shape < 0.5:
            text += f" {axis} {{ " + "; ".join(generated_cell(rng, templates, 9, indent) for _ in range(children)) + " }"
        else:
            inner = indent + rng.choice([2, 4])
            lines = []
            for _ in range(children):
                # Now and then deeper than the block's cells: a continuation of the cell above,
                # or a new cell when it begins with a size.
                extra = rng.randint(1, 3) if rng.random() < 0.1 else 0
                line = " " * (inner + extra) + generated_cell(rng, templates, depth + 1, inner + extra)
                if rng.random() < 0.2:
                    line += "  // " + rng.choice(["a note", "首页 😀", "|"])
                lines.append(line)
                if rng.random() < 0.1:
                    lines.append("")
            text += f" {axis} {{\n" + "\n".join(lines) + "\n" + " " * indent + "}"
    if rng.random() < 0.15:
        text += f" * {rng.randint(1, 5)}"
    return text


def generated_file(rng):
    lines = []
    if rng.random() < 0.5:
        lines.append(rng.choice(["target mylayout 2", "target 1"]))
    if rng.random() < 0.5:
        lines.append(rng.choice(["preview 375x667@2x", 'preview 320xwrap@3x "SE" rtl']))
    if rng.random() < 0.3:
        lines.append(rng.choice(['use "cards.trellis"', 'use "../共享/cards.trellis"; use "b.trellis"']))
    templates = []
    for number in range(rng.randint(0, 2)):
        name = rng.choice(["card", "tile", "卡片", "row-1"]) + str(number)
        body = generated_cell(rng, templates, 1, 2)
        lines.append(f"template {name} {{ {body} }}" if "\n" not in body and rng.random() < 0.5 else f"template {name} {{\n  {body}\n}}")
        templates.append(name)
    for number in range(rng.randint(1, 3)):
        lines.append(f"layout l{number} " + generated_cell(rng, templates, 0, 0))
    text = "\n".join(lines) + "\n"
    if rng.random() < 0.1:  # a file indented as a whole
        text = "".join("  " + line if line.strip() else line for line in text.splitlines(keepends=True))
    return text


def in_root(work: pathlib.Path, script: str) -> str:
    run = subprocess.run(DEBIAN13 + ["--run", "sh", "-c", f"cd {work} && {script}"], capture_output=True, text=True, timeout=900)
    assert run.returncode == 0, run.stdout + run.stderr
    return run.stdout


@pytest.fixture(scope="module")
def work():
    if not os.access(DEBIAN13[0], os.X_OK) or os.geteuid() != 0:
        pytest.skip("the Debian 13 root needs tools/debian13-root and root privileges")
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
    """The nodes of `trellis parse`, or None for a generated file with syntax errors."""
    run = subprocess.run([TRELLIS, "parse", "--format", "json", str(path)], capture_output=True, text=True, timeout=60)
    if run.returncode != 0 and path.name.startswith("generated-"):
        return None
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
    rejected = 0
    for name, text in documents():
        tree = trees[name]
        ours = trellis_ranges(work / "inputs" / name)
        if ours is None:
            rejected += 1
            continue
        if "ERROR" in tree or "MISSING" in tree:
            problems.append(f"{name}: tree-sitter finds errors\n{text}\n{tree}")
            continue
        ours = sorted(ours)
        theirs = sorted(entry for entry in tree_sitter_ranges(tree, text) if entry[0] in KINDS.values())
        if ours != theirs:
            only_ours = sorted(set(ours) - set(theirs))
            only_theirs = sorted(set(theirs) - set(ours))
            problems.append(f"{name}: only in Trellis's tree {only_ours[:8]}, only in tree-sitter's {only_theirs[:8]}")
    assert not problems, "\n\n".join(problems)
    assert rejected < GENERATED // 4, f"{rejected} of {GENERATED} generated files have syntax errors: the generator has drifted"


def test_any_bytes_parse_without_a_crash(work):
    """Mutated documents (bytes cut, repeated, swapped; deep nesting; long lines) through the
    scanner: `tree-sitter parse` ends normally on each, errors or not."""
    rng = random.Random(7)
    texts = [text.encode("utf-8") for _, text in documents()[:60]]
    folder = work / "mutated"
    folder.mkdir()
    pieces = [b"{", b"}", b"\n", b"\r\n", b"  ", b"\t", b"//", b"rows ", b"|", b"*", b"(", b")", b"\xef\xbb\xbf", b"\xff", "首".encode()]
    for number in range(300):
        data = bytearray(rng.choice(texts))
        for _ in range(rng.randint(1, 12)):
            at = rng.randint(0, len(data))
            kind = rng.random()
            if kind < 0.4:
                data[at:at] = rng.choice(pieces) * rng.randint(1, 3)
            elif kind < 0.7:
                del data[at:at + rng.randint(1, 20)]
            else:
                other = rng.choice(texts)
                start = rng.randint(0, len(other))
                data[at:at] = other[start:start + rng.randint(1, 200)]
        (folder / f"m{number}.trellis").write_bytes(bytes(data))
    (folder / "deep.trellis").write_bytes(b"layout a " + b"rows { " * 3000 + b"fill" + b" }" * 3000 + b"\n")
    (folder / "wide.trellis").write_bytes(b"layout a rows " + b"fill | " * 20000 + b"fill\n")
    (folder / "indented.trellis").write_bytes(b"layout a rows {\n" + b"".join(b" " * (i % 70000) + b"fill\n" for i in range(0, 140000, 7000)) + b"}\n")
    script = 'for f in ../mutated/*.trellis; do timeout 20 tree-sitter parse --quiet "$f" > /dev/null 2>&1; code=$?; [ $code -le 1 ] || echo "$f: exit $code"; done'
    assert in_root(work / "grammar", script) == ""
