// The module's stack is 16 MB where the native tool's threads have 512 MB: input nested as
// deep as each limit allows, and one level past it, is answered by every command without a
// trap, and `check` and `frames` answer what the native tool prints for it. The shapes are
// each limit's worst: the parser's nesting (256 levels), lowering's through a chain of
// templates (300), the JSON reader's (512), each with attributes, borderlines and repetition
// at every level, and the same past each limit.
//
//   TRELLIS=.build/release/trellis node --test wasm/tests/

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { call } from "../node/trellis.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const trellis = resolve(process.env.TRELLIS ?? join(root, ".build", "debug", "trellis"));

/** `rows {` nested `depth` deep, every level with padding, a borderline, a gravity and a `* 2` sibling. */
function nestedRows(depth) {
  let text = "layout deep rows {\n";
  for (let level = 1; level < depth; level++) text += `fill padding(1) bottom-borderline(color #EEEEEE thick 1) gravity(centerY) ${level % 2 ? "cols" : "rows"} {\n10 * 2\n`;
  text += "fill\n";
  for (let level = 1; level < depth; level++) text += "}\n";
  return text + "}\n";
}

/** A chain of `count` templates, each a `rows` holding the next: nesting grows past the parser's limit through lowering. */
function templateChain(count) {
  let text = "";
  for (let index = count - 1; index >= 0; index--) {
    const inner = index === count - 1 ? "fill" : `t${index + 1}`;
    text += `template t${index} { fill padding(1) rows { 5 * 2 | ${inner} } }\n`;
  }
  return text + "layout chain rows { t0 }\n";
}

/** A grid dictionary nested `depth` grids deep (twice as deep in JSON: an object and an array a grid). */
function nestedDictionary(depth) {
  let text = "";
  for (let level = 0; level < depth; level++) text += `{"size": "fill", "padding": "{1,1,1,1}", "rows": [{"size": 10}, `;
  text += `{"size": "fill"}`;
  for (let level = 0; level < depth; level++) text += "]}";
  return text;
}

/** Arrays nested `depth` deep: past every limit of the JSON reader. */
const nestedArrays = (depth) => "[".repeat(depth) + "]".repeat(depth);

const shapes = [
  ["rows at the parser's limit", "deep.trellis", nestedRows(255)],
  ["rows past the parser's limit", "deeper.trellis", nestedRows(300)],
  ["templates at lowering's limit", "chain.trellis", templateChain(298)],
  ["templates past lowering's limit", "longer.trellis", templateChain(700)],
  ["a dictionary at the reader's limit", "deep.json", nestedDictionary(255)],
  ["a dictionary past the reader's limit", "deeper.json", nestedDictionary(400)],
  ["arrays 5,000 deep", "arrays.json", nestedArrays(5000)],
];

const commands = ["check", "build", "frames", "render", "format", "hover", "completion", "preview", "tokens", "cell"];

test("input as deep as the limits allow is answered without a trap, as the native tool answers it", { timeout: 20 * 60 * 1000 }, () => {
  assert.ok(existsSync(trellis), `${trellis} is missing: swift build first (or set TRELLIS)`);
  const work = mkdtempSync(join(tmpdir(), "trellis-deep-"));
  try {
    for (const [label, name, source] of shapes) {
      for (const command of commands) {
        // `build` compiles Trellis; for a dictionary it answers an error, which `call` throws.
        if (command === "build" && name.endsWith(".json")) continue;
        const request = { command, source, name, offset: Math.floor(source.length / 2), grid: 200 };
        let answer;
        assert.doesNotThrow(() => { answer = call(request); }, `${command} of ${label}`);
        assert.equal(typeof answer, "object", `${command} of ${label}`);
      }
      writeFileSync(join(work, name), source);
      for (const [command, args] of [["check", ["check", "--format", "json", name]], ["frames", ["frames", "--format", "json", name]]]) {
        const run = spawnSync(trellis, args, { cwd: work, encoding: "utf8", maxBuffer: 1 << 28 });
        const answer = call({ command, source, name });
        const text = command === "check" ? answer.report : answer.frames;
        assert.equal(answer.exit, run.status, `${command} of ${label}: exit`);
        assert.equal(text, run.stdout, `${command} of ${label}: the native tool prints otherwise`);
      }
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});
