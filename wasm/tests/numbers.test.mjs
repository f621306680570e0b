// Whole numbers are 32 bits wide in wasm32 and 64 in the native tool: every number a text can
// hold, in every place it can stand (sizes, paddings, spacings, tags, repeat counts, borderline
// fields, devices, JSON values of every key), at the edges of both widths and past them, is
// answered by every command without a trap, and `check` and `frames` answer what the native
// tool prints.
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

const numbers = [
  "2147483647", "2147483648", "-2147483648", "-2147483649", "4294967295", "4294967296", "3000000000",
  "99999999999999", "999999999999999", "1000000000000000", "9007199254740993", "9223372036854775807",
  "9223372036854775808", "-9223372036854775809", "99999999999999999999", "1e14", "1e15", "1e300", "-1e300", "1e400",
  "2147483647.5", "0.0000001",
];

/** Trellis texts with N where a number goes. */
const trellisShapes = [
  "layout a rows { N }",
  "layout a rows { 10 * N }",
  "layout a rows { 10 * N * N }",
  "layout a padding(N) rows { 10 }",
  "layout a padding(1 N 2 N) spacing(N) rows { fill | N% }",
  "layout a tag(N) rows { 10 tag(N) }",
  "layout a rows { 10 bottom-borderline(color #EEEEEE thick N head N tail N offset N dash N) }",
  "layout a rows { wrap content(NxN) | N% | -N% }",
  "preview NxN@2x\nlayout a rows { 10 }",
  "preview 375xN@2x\nlayout a cols { N | fill }",
  "template t { N padding(N) }\nlayout a rows { t * 2 | t }",
];

/** Grid dictionaries with N where a number goes. */
const jsonShapes = [
  '{"rows": [{"size": N}]}',
  '{"tag": N, "rows": [{"size": 10, "tag": N}]}',
  '{"padding": "{N,N,N,N}", "spacing": N, "rows": [{"size": "N%"}, {"size": "fill"}]}',
  '{"space": N, "cols": [{"size": N}, {"size": "-N%"}]}',
  '{"rows": [{"size": 10, "bottomBorderline": {"color": "#EEEEEE", "thick": N, "headIndent": N, "tailIndent": N, "offset": N, "dash": N}}]}',
  '{"rows": [{"size": "N", "anchor": N, "placeholder": N, "gravity": N}]}',
  '{"rows": [{"size": 10, "padding": N, "tag": "N"}]}',
];

const commands = ["check", "build", "frames", "render", "format", "hover", "completion", "preview", "tokens", "cell"];

test("numbers past 32 bits are answered without a trap, as the native tool answers them", { timeout: 20 * 60 * 1000 }, () => {
  assert.ok(existsSync(trellis), `${trellis} is missing: swift build first (or set TRELLIS)`);
  const work = mkdtempSync(join(tmpdir(), "trellis-numbers-"));
  const traps = [];
  const differences = [];
  try {
    const cases = [];
    for (const number of numbers) {
      for (const shape of trellisShapes) cases.push(["n.trellis", shape.replaceAll("N", number) + "\n"]);
      for (const shape of jsonShapes) cases.push(["n.json", shape.replaceAll("N", number)]);
    }
    for (const [name, source] of cases) {
      for (const command of commands) {
        // `build` compiles Trellis; for a dictionary it answers an error, which `call` throws.
        if (command === "build" && name.endsWith(".json")) continue;
        try {
          call({ command, source, name, offset: Math.floor(source.length / 2), grid: 1, device: "375x667@2x" });
        } catch (error) {
          traps.push(`${command} of ${JSON.stringify(source)}: ${error.message}`);
        }
      }
      writeFileSync(join(work, name), source);
      for (const [command, args] of [["check", ["check", "--format", "json", name]], ["frames", ["frames", "--format", "json", name]]]) {
        let answer;
        try { answer = call({ command, source, name }); } catch { continue; }
        const run = spawnSync(trellis, args, { cwd: work, encoding: "utf8", maxBuffer: 1 << 28 });
        const text = command === "check" ? answer.report : answer.frames;
        if (answer.exit !== run.status || text !== run.stdout) differences.push(`${command} of ${JSON.stringify(source)}`);
      }
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  assert.deepEqual(traps, [], `${traps.length} traps`);
  assert.deepEqual(differences, [], `${differences.length} answers differ from the native tool's`);
});
