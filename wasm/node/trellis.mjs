// Trellis for Node 18+: the compiler and linter as WebAssembly (trellis.wasm, which ../build.sh
// builds and copies here), with no dependency. Each function takes the text of a .trellis file or a grid
// dictionary and answers what the `trellis` command prints for it (docs/wasm.md).

import { existsSync, readFileSync } from "node:fs";

// The package's own copy (build.sh puts one beside this file), else the build's output.
const packaged = new URL("./trellis.wasm", import.meta.url);
const wasmURL = existsSync(packaged) ? packaged : new URL("../dist/trellis.wasm", import.meta.url);
let exports;

/** The module's exports, instantiated on first use. */
function instance() {
  if (!exports) {
    const module = new WebAssembly.Module(readFileSync(wasmURL));
    exports = new WebAssembly.Instance(module, {}).exports;
  }
  return exports;
}

/**
 * Sends one request to the module (see docs/wasm.md for every command and field) and returns
 * its answer. A request the module cannot read is answered `{ error }`, which this throws.
 * @param {object} request
 * @returns {object}
 */
export function call(request) {
  const wasm = instance();
  const bytes = new TextEncoder().encode(JSON.stringify(request));
  const pointer = wasm.trellis_alloc(bytes.length);
  let length;
  try {
    new Uint8Array(wasm.memory.buffer, pointer, bytes.length).set(bytes);
    length = wasm.trellis_call(pointer, bytes.length);
  } catch (error) {
    // A trap leaves the instance in no known state: the next call starts a new one.
    exports = undefined;
    throw error;
  } finally {
    if (exports) wasm.trellis_free(pointer);
  }
  const text = new TextDecoder().decode(new Uint8Array(wasm.memory.buffer, wasm.trellis_answer(), length));
  const answer = JSON.parse(text);
  if (answer.error) throw new Error(`trellis: ${answer.error}`);
  return answer;
}

/**
 * @typedef {object} Options
 * @property {string} [name]  the file's name, as reports show it (its extension tells Trellis from JSON)
 * @property {"trellis"|"json"} [kind]  what the text is, when the name does not say
 * @property {"1"|"2"|"any"} [target]  the MyLayout version the JSON is for (`--target`)
 * @property {string[]} [viewports]  devices as on the command line: "375x667@2x", "320xwrap@3x"
 * @property {boolean} [rtl]  right to left (`--rtl`)
 * @property {string} [layout]  only the layout of this name (`--layout`)
 * @property {Object<string, string>} [files]  the other files its `use` lines may reach, each path
 *   (relative to one folder, as `name` is) to its text: `{ "cards.trellis": "template product …" }`
 */

/**
 * Lints the text as `trellis check --format json` does.
 * @param {string} source
 * @param {Options} [options]
 * @returns {{ ok: boolean, errors: number, warnings: number, diagnostics: object[], report: object }}
 */
export function check(source, options = {}) {
  const answer = call({ ...options, command: "check", source });
  const report = JSON.parse(answer.report);
  return {
    ok: answer.exit === 0,
    errors: report.summary.errors,
    warnings: report.summary.warnings,
    diagnostics: report.files.flatMap((file) => file.diagnostics),
    report,
  };
}

/**
 * Compiles Trellis to grid dictionaries as `trellis build` does.
 * @param {string} source
 * @param {Options & { compact?: boolean }} [options]
 * @returns {{ ok: boolean, layouts: { name: string, json: string }[], diagnostics: object[] }}
 */
export function build(source, options = {}) {
  const answer = call({ ...options, command: "build", source });
  const report = JSON.parse(answer.report);
  return { ok: answer.exit === 0, layouts: answer.layouts, diagnostics: report.files.flatMap((file) => file.diagnostics) };
}

/**
 * Every grid's frame at each viewport, as `trellis frames --format json` prints them.
 * @param {string} source
 * @param {Options} [options]
 * @returns {{ ok: boolean, layouts: object[] }}
 */
export function frames(source, options = {}) {
  const answer = call({ ...options, command: "frames", source });
  return { ok: answer.exit === 0, layouts: answer.frames ? JSON.parse(answer.frames).layouts : [] };
}
