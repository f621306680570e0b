// The Node package: check, build and frames on real inputs, errors thrown as errors, the
// example in docs/wasm.md run as written.

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build, call, check, frames } from "../node/trellis.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const demo = readFileSync(join(root, "examples", "GridLayoutDemo4.trellis"), "utf8");

test("the module imports nothing and exports the four functions and its memory", () => {
  const module = new WebAssembly.Module(readFileSync(join(root, "wasm", "dist", "trellis.wasm")));
  assert.deepEqual(WebAssembly.Module.imports(module), []);
  assert.deepEqual(WebAssembly.Module.exports(module).map((e) => e.name).sort(), ["memory", "trellis_alloc", "trellis_answer", "trellis_call", "trellis_free"]);
});

test("check reports findings with their positions", () => {
  const clean = check(demo, { name: "GridLayoutDemo4.trellis" });
  assert.equal(clean.ok, true);
  const mistaken = check('{"rows": [{"size": "50%"}, {"size": "60%"}]}', { name: "home.json" });
  assert.equal(mistaken.warnings, 1);
  assert.equal(mistaken.diagnostics[0].code, "M106");
  assert.equal(mistaken.report.files[0].path, "home.json");
  const broken = check("layout a rows { 10 |\n// 首页 😀\n");
  assert.equal(broken.ok, false);
  assert.equal(broken.diagnostics[0].severity, "error");
});

test("build compiles each layout in either dialect", () => {
  const v1 = build("layout home rows { 44 | fill spacing(4) }", { compact: true });
  const v2 = build("layout home rows { 44 | fill spacing(4) }", { compact: true, target: "2" });
  assert.equal(v1.ok, true);
  assert.equal(v1.layouts[0].name, "home");
  assert.match(v1.layouts[0].json, /"space":4/);
  assert.match(v2.layouts[0].json, /"spacing":4/);
  assert.equal(JSON.parse(v2.layouts[0].json).rows.length, 2);
  const failed = build("layout home rows { 44 |");
  assert.equal(failed.ok, false);
  assert.deepEqual(failed.layouts, []);
  assert.equal(failed.diagnostics[0].severity, "error");
});

test("frames gives every grid's rectangle at each viewport", () => {
  const result = frames("layout home rows { 44 | fill }", { viewports: ["375x667@2x", "320xwrap@3x"] });
  assert.equal(result.ok, true);
  assert.equal(result.layouts[0].viewports.length, 2);
  assert.equal(result.layouts[0].viewports[0].width, 375);
});

test("a `use` reaches the files the request gives, as on disk", () => {
  const shop = join(root, "examples", "shop");
  const everyday = readFileSync(join(shop, "layouts", "everyday.trellis"), "utf8");
  const files = { "cards.trellis": readFileSync(join(shop, "cards.trellis"), "utf8") };
  const name = "layouts/everyday.trellis";
  const built = build(everyday, { name, files, compact: true, target: "2" });
  assert.equal(built.ok, true);
  assert.equal(JSON.parse(built.layouts[0].json).rows[0].size, 120); // the banner, from cards.trellis
  assert.equal(check(everyday, { name, files }).ok, true);
  // Without the file, the use says which file is missing; a near name is suggested.
  const alone = check(everyday, { name });
  assert.equal(alone.ok, false);
  assert.equal(alone.diagnostics[0].code, "U001");
  assert.match(alone.diagnostics[0].message, /^no file `cards.trellis` \(`..\/cards.trellis` from this file's folder\)$/);
  const near = check(everyday, { name, files: { "card.trellis": files["cards.trellis"] } });
  assert.match(near.diagnostics[0].message, /did you mean `..\/card.trellis`\?$/);
  // The request's own text is the file at its name: a library that uses it closes a cycle.
  const cycle = check('use "lib.trellis"\nlayout a rows { fill }\n', { name: "a.trellis", files: { "lib.trellis": 'use "a.trellis"\n' } });
  assert.equal(cycle.diagnostics[0].code, "U002");
  assert.throws(() => check(everyday, { name, files: { "cards.trellis": 7 } }), /`files`: the value of "cards.trellis" is not a text/);
  assert.throws(() => check(everyday, { name, files: ["cards.trellis"] }), /`files` is an object/);
});

test("a request the module cannot read throws, and the next call works", () => {
  assert.throws(() => call({ command: "nope", source: "" }), /there is no command 'nope'/);
  assert.throws(() => call({ source: "" }), /names no `command`/);
  assert.throws(() => check("", { target: "3" }), /`target` is 1, 2 or any/);
  assert.equal(check("layout a rows fill").ok, true);
});

test("the example in docs/wasm.md runs as written", () => {
  const docs = readFileSync(join(root, "docs", "wasm.md"), "utf8");
  const example = docs.match(/```js\n([\s\S]*?)```/)[1];
  const script = join(mkdtempSync(join(tmpdir(), "trellis-docs-")), "example.mjs");
  writeFileSync(script, example.replace("./wasm/node/trellis.mjs", pathToFileURL(join(root, "wasm", "node", "trellis.mjs")).href));
  const run = spawnSync(process.execPath, [script], { encoding: "utf8" });
  assert.equal(run.status, 0, run.stderr);
  assert.match(run.stdout, /^M106: the ratio rows of this grid add up to 110% of the free length\n\{/);
});

test("the example of a screen that uses a card library in docs/wasm.md runs as written", () => {
  const docs = readFileSync(join(root, "docs", "wasm.md"), "utf8");
  const example = [...docs.matchAll(/```js\n([\s\S]*?)```/g)][1][1];
  const script = join(mkdtempSync(join(tmpdir(), "trellis-docs-")), "example.mjs");
  writeFileSync(script, example.replace("./wasm/node/trellis.mjs", pathToFileURL(join(root, "wasm", "node", "trellis.mjs")).href));
  const run = spawnSync(process.execPath, [script], { cwd: root, encoding: "utf8" });
  assert.equal(run.status, 0, run.stderr);
  assert.equal(run.stdout, "true\n");
});
