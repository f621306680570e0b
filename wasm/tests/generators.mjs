// Inputs for the equivalence test, drawn from a seeded generator so a failure reproduces:
// Trellis programs and grid dictionaries of every shape the fuzzer makes (Tests/fuzz), and
// examples mutated as typing and pasting do, and files that use libraries of templates.

import { posix } from "node:path";

/** A seeded generator (mulberry32): numbers in [0, 1). */
export function random(seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  next.int = (low, high) => low + Math.floor(next() * (high - low + 1));
  next.pick = (list) => list[Math.floor(next() * list.length)];
  return next;
}

const sizes = ["10", "33%", "-50%", "1/3", "fill", "wrap", "0", "_", "20.5", "150%", "-1", "0.5", "1e308", "3/2", "-0", "1/0", "1e999"];
const attributes = [
  "padding(5)", "padding(1 2 3 4)", "spacing(3)", "gravity(top|left)", "overlap(bottom|left)", "anchor", "placeholder", "tag(7)",
  "action(handleTap:)", 'action-data("数据 😀")', "bottom-borderline(color #EEEEEE thick 1)", 'json({"x-a": [1, 2]})', "content(10x20)",
  'json({"size": "20"})', "tag(99999999999999999999)",
];

function program(next, depth = 0) {
  const parts = [];
  if (next() < 0.8) parts.push(next.pick(sizes));
  for (let count = next.int(0, 2); count > 0; count--) parts.push(next.pick(attributes));
  if (depth < 4 && next() < 0.5) {
    const children = Array.from({ length: next.int(1, 4) }, () => program(next, depth + 1));
    const axis = next.pick(["rows", "cols"]);
    if (next() < 0.5) parts.push(`${axis} ${children.join(" | ")}`);
    else parts.push(`${axis} {\n${children.map((child) => "  ".repeat(depth + 1) + child).join("\n")}\n${"  ".repeat(depth)}}`);
  }
  if (depth > 0 && next() < 0.1) parts.push(`* ${next.int(1, 4)}`);
  return parts.join(" ") || "fill";
}

function grid(next, depth = 0) {
  const value = {};
  if (next() < 0.8) value.size = next.pick([10, "33%", "-50%", "fill", "wrap", 0.5, -2, "150%", "20", null, true, [1], 1e300, 0.1]);
  for (const [key, values] of [
    ["padding", ["{1,2,3,4}", "{5t ,5,5,5}", 5]], ["space", [3, "3"]], ["spacing", [3, -1]], ["gravity", ["top|left", "middle", 3]],
    ["tag", [7, 0, "7", 1e300]], ["overlap", ["bottom", ""]], ["x-note", ["注释 😀", { a: [1] }]],
  ]) {
    if (next() < 0.2) value[key] = next.pick(values);
  }
  if (depth < 4 && next() < 0.5) value[next.pick(["rows", "cols"])] = Array.from({ length: next.int(0, 4) }, () => grid(next, depth + 1));
  return value;
}

/** `count` Trellis files: a few layouts, templates, previews (wrap heights, RTL). */
export function generatedPrograms(count, seed) {
  const next = random(seed);
  return Array.from({ length: count }, (_, index) => {
    const lines = [];
    if (next() < 0.3) lines.push(`target ${next.pick(["1", "2", "any"])}`);
    if (next() < 0.4) lines.push(`preview ${next.pick(["375x667@2x", "320xwrap@3x", "414x896@3x rtl", "768x1024@2x"])}`);
    if (next() < 0.3) lines.push(`template card { ${program(next, 1)} }`);
    for (let layout = next.int(1, 3); layout > 0; layout--) {
      const uses = next() < 0.3 && lines.some((line) => line.startsWith("template")) ? " | card" : "";
      lines.push(`layout l${layout} rows { ${program(next, 1)}${uses} }`);
    }
    return [`generated-${index}.trellis`, lines.join("\n") + "\n"];
  });
}

/** `count` grid dictionaries, compact or indented. */
export function generatedDictionaries(count, seed) {
  const next = random(seed);
  return Array.from({ length: count }, (_, index) => {
    const root = grid(next);
    if (!root.rows && !root.cols) root.rows = [grid(next, 1)];
    return [`generated-${index}.json`, JSON.stringify(root, null, next() < 0.5 ? 0 : 2)];
  });
}

/** `count` mutations of `files` (text cut, doubled, braces and characters typed in). */
export function mutated(files, count, seed) {
  const next = random(seed);
  const typed = ["{", "}", "(", ")", "|", "*", "\n", "  ", '"', "\\", "//", "中", "😀", "-", "%", "#", "rows ", "cols ", "\t", "wrap", "1/0"];
  return Array.from({ length: count }, (_, index) => {
    const [name, original] = next.pick(files);
    let text = original;
    for (let edits = next.int(1, 6); edits > 0; edits--) {
      const at = next.int(0, text.length);
      const choice = next.int(0, 3);
      if (choice === 0) text = text.slice(0, at) + next.pick(typed) + text.slice(at);
      else if (choice === 1) text = text.slice(0, at) + text.slice(at + next.int(1, 20));
      else if (choice === 2) text = text.slice(0, at) + text.slice(next.int(0, text.length - 1)).slice(0, next.int(1, 200)) + text.slice(at);
      else text = text.slice(0, at) + "rows " + "fill cols ".repeat(next.int(1, 50)) + "fill " + text.slice(at);
    }
    // Whole characters only: the module takes text, which a lone surrogate is not.
    text = text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "\ufffd");
    return [`mutated-${index}-${name}`, text];
  });
}

/** A cell as a card library writes one: sizes that build, a few attributes, rows or cols of them. */
function card(next, depth = 1) {
  const parts = [next.pick(["fill", "wrap", "44", "33%", "-50%", "20.5", "1/3"])];
  if (next() < 0.4) parts.push(next.pick(["padding(5)", "spacing(4)", "action(showCard:)", "tag(3)", "bottom-borderline(color #EEEEEE thick 1)"]));
  if (depth < 3 && next() < 0.5) {
    parts.push(`${next.pick(["rows", "cols"])} ${Array.from({ length: next.int(1, 3) }, () => card(next, depth + 1)).join(" | ")}`);
  }
  return parts.join(" ");
}

/**
 * `count` Trellis files that use others, as [name, text, files]: libraries of templates in
 * folders of their own, some using each other (now and then in a cycle), and a screen that
 * uses them with a team's mistakes: a path mistyped or naming no file (a near name is then
 * suggested), a use given twice or after a layout, a template no file has, one the screen
 * defines itself.
 */
export function generatedProjects(count, seed) {
  const next = random(seed);
  return Array.from({ length: count }, (_, index) => {
    const paths = [];
    for (let library = next.int(1, 3); library > 0; library--) {
      const path = `${next.pick(["", "cards/", "lib/shared/"])}${next.pick(["cards", "card", "tiles", "banner"])}.trellis`;
      if (!paths.includes(path)) paths.push(path);
    }
    const from = (file, target) => posix.relative(posix.dirname(file) || ".", target);
    const templates = paths.map((_, library) => Array.from({ length: next.int(1, 3) }, (_, number) => `t${library}x${number}`));
    const files = {};
    paths.forEach((path, library) => {
      const lines = [];
      // Mostly libraries written before this one (no cycle); now and then any other.
      const others = next() < 0.1 ? paths.filter((other) => other !== path) : paths.slice(0, library);
      const used = others.length > 0 && next() < 0.4 ? next.pick(others) : undefined;
      if (used) lines.push(`use "${from(path, used)}"`);
      // A library's own use of a file no one has.
      if (next() < 0.05) lines.push(`use "${from(path, "gone/old.trellis")}"`);
      for (const name of templates[library]) {
        const body = next() < 0.95 ? card(next) : program(next, 1);
        // A template holds one cell: one of the used file's goes beside this one in rows.
        const borrowed = used && next() < 0.5 ? next.pick(templates[paths.indexOf(used)]) : undefined;
        lines.push(`template ${name} { ${borrowed ? `fill rows { ${body} | ${borrowed} }` : body} }`);
      }
      files[path] = lines.join("\n") + "\n";
    });
    const name = `${next.pick(["", "screens/"])}home-${index}.trellis`;
    const uses = paths.filter(() => next() < 0.8).map((path) => {
      const written = from(name, path);
      const roll = next();
      // A mistyped name (a letter dropped or changed: a near name is suggested), a folder
      // that does not exist, or the path spelled with `./`.
      if (roll < 0.15) {
        const slash = written.lastIndexOf("/") + 1;
        const at = slash + next.int(0, written.length - slash - ".trellis".length - 1);
        const typo = written.slice(0, at) + (next() < 0.5 ? "" : "q") + written.slice(at + 1);
        if (!paths.some((other) => from(name, other) === typo)) return typo;
      }
      if (roll > 0.95) return `nowhere/${written}`;
      if (roll > 0.9) return `./${written}`;
      return written;
    });
    const lines = uses.map((written) => `use "${written}"`);
    if (uses.length > 0 && next() < 0.1) lines.push(`use "${next.pick(uses)}"`);
    if (next() < 0.4) lines.push(`preview ${next.pick(["375x667@2x", "320xwrap@3x", "414x896@3x rtl"])}`);
    if (next() < 0.1) lines.push(`template ${next.pick(templates.flat())} { 10 }`);
    // Mostly templates of the files used; now and then one of a file not used, or of none.
    const reached = templates.filter((_, library) => uses.includes(from(name, paths[library]))).flat();
    const known = [...templates.flat(), "missing_card"];
    for (let layout = next.int(1, 2); layout > 0; layout--) {
      const cells = Array.from({ length: next.int(1, 3) }, () => {
        if (reached.length > 0 && next() < 0.6) return next.pick(reached);
        return next() < 0.3 ? next.pick(known) : card(next);
      });
      lines.push(`layout home${layout} rows { ${cells.join(" | ")} }`);
    }
    // A use after the items: of a file used above, or of one used only here.
    if (next() < 0.1) lines.push(`use "${next() < 0.5 && uses.length > 0 ? next.pick(uses) : from(name, next.pick(paths))}"`);
    // Now and then the screen is itself used by a library: a cycle through it.
    if (next() < 0.05) files[paths[0]] = `use "${from(paths[0], name)}"\n` + files[paths[0]];
    return [name, lines.join("\n") + "\n", files];
  });
}
