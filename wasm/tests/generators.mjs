// Inputs for the equivalence test, drawn from a seeded generator so a failure reproduces:
// Trellis programs and grid dictionaries of every shape the fuzzer makes (Tests/fuzz), and
// examples mutated as typing and pasting do.

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
