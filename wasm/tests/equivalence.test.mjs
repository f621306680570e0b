// The WebAssembly build answers what the native `trellis` prints, byte for byte: check
// (--format json), build (every layout, pretty and --compact, --target 2), frames (--format
// json), render (SVG) and fmt, on the examples, ../shared's corpus when it is there, 1,000
// generated programs and dictionaries, mutated examples, and files that `use` others (the
// examples' projects and generated ones). Each input is written to a folder of its own, with
// the files it uses, where the native tool reads it under the same name the module is given
// (the other files go to the module as `files`).
//
//   TRELLIS=.build/release/trellis node --test wasm/tests/

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { call } from "../node/trellis.mjs";
import { generatedDictionaries, generatedPrograms, generatedProjects, mutated } from "./generators.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const trellis = resolve(process.env.TRELLIS ?? join(root, ".build", "debug", "trellis"));
const shared = process.env.TRELLIS_SHARED ?? join(root, "..", "shared");

/** Every .trellis and .json file under `folder` that uses no other file, as [name, text]. */
function filesUnder(folder) {
  const found = [];
  for (const entry of readdirSync(folder, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !/\.(trellis|json)$/.test(entry.name)) continue;
    const text = readFileSync(join(entry.parentPath ?? entry.path, entry.name), "utf8");
    if (!/^\s*use\s/m.test(text)) found.push([entry.name, text]);
  }
  return found;
}

/**
 * Every .trellis file under `folder` that uses others, as [name, text, files]: the name and
 * the files (every other .trellis file of its project) relative to the project, a folder of
 * `folder` such as examples/shop. Its `trellis.toml` is not copied: the module reads no
 * project (docs/wasm.md), so both tools are compared outside one.
 */
function projectFilesUnder(folder) {
  const found = [];
  for (const project of readdirSync(folder, { withFileTypes: true })) {
    if (!project.isDirectory()) continue;
    const base = join(folder, project.name);
    const texts = {};
    for (const entry of readdirSync(base, { withFileTypes: true, recursive: true })) {
      if (!entry.isFile() || !entry.name.endsWith(".trellis")) continue;
      const path = join(entry.parentPath ?? entry.path, entry.name);
      texts[relative(base, path)] = readFileSync(path, "utf8");
    }
    for (const [name, text] of Object.entries(texts)) {
      if (!/^\s*use\s/m.test(text)) continue;
      const files = { ...texts };
      delete files[name];
      found.push([name, text, files]);
    }
  }
  return found;
}

function inputs() {
  const examples = filesUnder(join(root, "examples"));
  const all = [
    ...examples, ...projectFilesUnder(join(root, "examples")), ...generatedPrograms(600, 20261127), ...generatedDictionaries(400, 20261128),
    ...mutated(examples, 200, 7), ...generatedProjects(200, 20261129),
  ];
  if (existsSync(join(shared, "corpus"))) {
    for (const folder of ["mylayout", "runtime"]) {
      if (existsSync(join(shared, "corpus", folder))) all.push(...filesUnder(join(shared, "corpus", folder)));
    }
  } else if (process.env.CI) {
    assert.fail(`${shared}/corpus is missing: CI compares the corpus too`);
  } else {
    console.log(`# skipped: ../shared/corpus (not beside this clone)`);
  }
  return all;
}

function native(folder, args, stdin) {
  const run = spawnSync(trellis, args, { cwd: folder, input: stdin, encoding: "utf8", maxBuffer: 1 << 28 });
  if (run.error) throw run.error;
  return { exit: run.status, stdout: run.stdout };
}

test("the WebAssembly build answers as the native tool does", { timeout: 30 * 60 * 1000 }, () => {
  assert.ok(existsSync(trellis), `${trellis} is missing: swift build first (or set TRELLIS)`);
  const work = mkdtempSync(join(tmpdir(), "trellis-wasm-"));
  const differences = [];
  let compared = 0;
  const cases = inputs();
  let withFiles = 0;
  cases.forEach(([name, text, files], index) => {
    const folder = join(work, String(index));
    for (const [path, content] of [...Object.entries(files ?? {}), [name, text]]) {
      mkdirSync(dirname(join(folder, path)), { recursive: true });
      writeFileSync(join(folder, path), content);
    }
    const given = files ? { files } : {};
    const kind = name.endsWith(".json") ? "json" : "trellis";
    const differ = (what, mine, theirs) => {
      if (mine !== theirs && differences.length < 10) differences.push(`${what} of ${folder}/${name}:\n  wasm:   ${JSON.stringify(mine)?.slice(0, 400)}\n  native: ${JSON.stringify(theirs)?.slice(0, 400)}`);
    };
    const checked = native(folder, ["check", "--format", "json", name]);
    if (kind === "json" && checked.stdout.includes('"files": []')) return; // not a grid dictionary: the native tool skips it
    const check = call({ command: "check", source: text, name, ...given });
    differ("check", check.report, checked.stdout);
    differ("check's exit", check.exit, checked.exit);
    const frames = call({ command: "frames", source: text, name, ...given });
    const framed = native(folder, ["frames", "--format", "json", name]);
    differ("frames' exit", frames.exit, framed.exit);
    if (framed.stdout) differ("frames", frames.frames, framed.stdout);
    const render = call({ command: "render", source: text, name, ...given });
    const rendered = native(folder, ["render", name]);
    if (rendered.stdout) differ("render", render.svg, rendered.stdout);
    if (kind === "trellis") {
      for (const [flags, request] of [[[], {}], [["--compact", "--target", "2"], { compact: true, target: "2" }]]) {
        const build = call({ command: "build", source: text, name, ...given, ...request });
        const out = join(folder, `out${flags.length}`);
        const built = native(folder, ["build", ...flags, "--out-dir", out, name]);
        const names = build.layouts.map((layout) => layout.name);
        if (new Set(names).size !== names.length) continue; // the native tool refuses two layouts of one name
        differ(`build ${flags.join(" ")}'s exit`, build.exit === 0 && names.length === 0 ? 1 : build.exit, built.exit);
        for (const layout of build.exit === 0 ? build.layouts : []) {
          const path = join(out, `${layout.name}.json`);
          differ(`build ${flags.join(" ")} of ${layout.name}`, layout.json, existsSync(path) ? readFileSync(path, "utf8") : undefined);
        }
      }
      const format = call({ command: "format", source: text, name });
      const formatted = native(folder, ["fmt", "-"], text);
      differ("fmt's exit", format.exit, formatted.exit);
      if (format.exit === 0) differ("fmt", format.formatted, formatted.stdout);
    }
    compared += 1;
    if (files) withFiles += 1;
    if (differences.length === 0) rmSync(folder, { recursive: true });
  });
  console.log(`# ${compared} inputs compared of ${cases.length} (${withFiles} of them using other files)`);
  assert.deepEqual(differences, [], differences.join("\n"));
  assert.ok(compared >= 1000, `only ${compared} inputs compared`);
  assert.ok(withFiles >= 150, `only ${withFiles} inputs that use other files compared`);
  rmSync(work, { recursive: true });
});
