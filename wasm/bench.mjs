// Size and speed of the WebAssembly build under Node, as ratios to the native executable
// measured in the same run (Benchmarks/README.md, "WebAssembly"):
//
//   node wasm/bench.mjs [--trellis .build/release/trellis] [--dictionary big.json]
//
// For each input, the median of several runs of check, build and frames: the module's time
// for the call (the instance made once beforehand, as a server keeps it) and the native
// tool's whole process (start-up included, as a server that shells out pays it).

import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { call } from "./node/trellis.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const option = (name, fallback) => {
  const index = process.argv.indexOf(name);
  return index > 0 ? process.argv[index + 1] : fallback;
};
const trellis = option("--trellis", join(root, ".build", "release", "trellis"));
const wasm = readFileSync(join(root, "wasm", "dist", "trellis.wasm"));
console.log(`trellis.wasm: ${wasm.length} bytes, ${gzipSync(wasm, { level: 9 }).length} gzipped`);

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function time(body, runs) {
  const times = [];
  for (let run = 0; run < runs; run++) {
    const start = process.hrtime.bigint();
    body();
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return median(times);
}

const inputs = [["demo 4", join(root, "examples", "GridLayoutDemo4.trellis")]];
const dictionary = option("--dictionary");
if (dictionary) inputs.push([`${dictionary.split("/").pop()}`, dictionary]);
call({ command: "check", source: "layout a rows fill" });
for (const [label, path] of inputs) {
  const source = readFileSync(path, "utf8");
  const name = path.split("/").pop();
  const runs = source.length > 100000 ? 5 : 20;
  const commands = [
    ["check", { command: "check" }, ["check", "--format", "json", path]],
    ["frames", { command: "frames" }, ["frames", "--format", "json", path]],
  ];
  if (name.endsWith(".trellis")) commands.splice(1, 0, ["build", { command: "build" }, ["build", path]]);
  for (const [command, request, args] of commands) {
    const module = time(() => call({ ...request, source, name }), runs);
    const native = time(() => spawnSync(trellis, args, { maxBuffer: 1 << 28 }), runs);
    console.log(`${label} ${command}: wasm ${module.toFixed(2)} ms, native ${native.toFixed(2)} ms, ratio ${(module / native).toFixed(2)}`);
  }
}
