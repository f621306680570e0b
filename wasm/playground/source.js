// The playground's text pane: the highlighted text under the transparent textarea, and the
// line numbers beside it, drawn from one answer's tokens and diagnostics. A long text is drawn
// a window at a time (the lines in view and some around them), so a keystroke in a file of
// ten thousand lines writes and lays out a few hundred lines, not ten thousand.
"use strict";

/** How bad each severity is, for the underline and the gutter's mark. */
const trellisSeverityRank = { error: 3, warning: 2, info: 1, hint: 1 };

function trellisEscapeHTML(text) {
  return text.replace(/[&<>]/g, (character) => (character === "&" ? "&amp;" : character === "<" ? "&lt;" : "&gt;"));
}

/**
 * Shows `lines` in `container`, one element a line, writing only the lines that differ from
 * `shown` (the lines shown now) at the same place: a keystroke rewrites its own line, and a
 * diagnostic that appears far below it that line too, not every line between. A line added
 * or removed moves the ones after it, which are rewritten up to the last line that changed.
 */
function trellisPatchLines(container, lines, shown, asHTML) {
  let first = 0;
  while (first < lines.length && first < shown.length && lines[first] === shown[first]) first++;
  let last = 0;
  while (last < lines.length - first && last < shown.length - first &&
         lines[lines.length - 1 - last] === shown[shown.length - 1 - last]) last++;
  const children = container.children;
  const shownMiddle = shown.length - first - last;
  const wantedMiddle = lines.length - first - last;
  const rewritten = Math.min(shownMiddle, wantedMiddle);
  for (let index = first; index < first + rewritten; index++) {
    if (lines[index] === shown[index]) continue;
    if (asHTML) children[index].innerHTML = lines[index];
    else children[index].textContent = lines[index];
  }
  for (let index = rewritten; index < shownMiddle; index++) children[first + rewritten].remove();
  const fragment = document.createDocumentFragment();
  for (let index = first + rewritten; index < lines.length - last; index++) {
    const element = document.createElement("div");
    if (asHTML) element.innerHTML = lines[index];
    else element.textContent = lines[index];
    fragment.append(element);
  }
  container.insertBefore(fragment, children[first + rewritten] || null);
  return lines;
}

/**
 * The lines of `text` from `from` (a line's start) to `to` (the start of the line after the
 * last, or the text's end) as HTML, a string a line: each token in its type's class, each
 * diagnostic's range underlined. `tokens` are `[start, end, type, …]` in order, as the module
 * sends them; only those in the lines are looked at.
 */
function trellisHighlightedLines(text, tokens, tokenTypes, diagnostics, from = 0, to = text.length) {
  const rankClass = (rank) => (rank === 3 ? "d-error" : rank === 2 ? "d-warning" : "d-info");
  // The first token that ends after `from`.
  let low = 0;
  let high = Math.floor(tokens.length / 3);
  while (low < high) {
    const middle = (low + high) >> 1;
    if (tokens[middle * 3 + 1] <= from) low = middle + 1;
    else high = middle;
  }
  const firstToken = low * 3;
  const points = new Set([from, to]);
  for (let index = firstToken; index < tokens.length && tokens[index] < to; index += 3) {
    points.add(Math.max(tokens[index], from));
    points.add(Math.min(tokens[index + 1], to));
  }
  const marks = [];
  for (const diagnostic of diagnostics) {
    const start = Math.min(diagnostic.start, text.length);
    // An empty range marks the character it is at (or the one before, at the end).
    let end = Math.max(diagnostic.end, start + 1);
    if (end > text.length) end = text.length;
    // At the very end: the character before (both halves of an emoji's surrogate pair).
    const before = start - (start >= 2 && (text.charCodeAt(start - 1) & 0xfc00) === 0xdc00 ? 2 : 1);
    const mark = { start: end > start ? start : Math.max(before, 0), end, rank: trellisSeverityRank[diagnostic.severity] || 1 };
    if (mark.end <= from || mark.start >= to) continue;
    mark.start = Math.max(mark.start, from);
    mark.end = Math.min(mark.end, to);
    marks.push(mark);
  }
  for (const mark of marks) { points.add(mark.start); points.add(mark.end); }
  for (let at = text.indexOf("\n", from); at >= 0 && at < to; at = text.indexOf("\n", at + 1)) points.add(at);
  const sorted = [...points].sort((a, b) => a - b);
  const starting = new Map();
  for (const mark of marks) (starting.get(mark.start) || starting.set(mark.start, []).get(mark.start)).push(mark);
  let open = [];
  let token = firstToken;
  const lines = [];
  let line = "";
  for (let index = 0; index + 1 < sorted.length; index++) {
    const start = sorted[index];
    const end = sorted[index + 1];
    open = open.filter((mark) => mark.end > start).concat(starting.get(start) || []);
    const rank = open.reduce((worst, mark) => Math.max(worst, mark.rank), 0);
    const newline = text.charCodeAt(start) === 10;
    if (newline) {
      // A range over the line's end shows as an underlined space after the line.
      if (rank) line += `<span class="${rankClass(rank)}"> </span>`;
      lines.push(line);
      line = "";
      if (end === start + 1) continue;
    }
    const begin = newline ? start + 1 : start;
    while (token < tokens.length && tokens[token + 1] <= begin) token += 3;
    const classes = [];
    if (token < tokens.length && tokens[token] <= begin) classes.push(`t-${tokenTypes[tokens[token + 2]]}`);
    if (rank) classes.push(rankClass(rank));
    const piece = trellisEscapeHTML(text.slice(begin, end));
    line += classes.length ? `<span class="${classes.join(" ")}">${piece}</span>` : piece;
  }
  // Lines that end before the text does end in their newline: no empty line after them.
  if (to === text.length) lines.push(line);
  return lines;
}

/**
 * The highlighted text in `highlight` and the line numbers in `gutter`, beside `editor`.
 * `show(text, answer)` draws an answer's text; `scrolled(top, height)` (the editor's scroll
 * position and height, read in its scroll handler) draws another window of a long text when
 * the one drawn no longer covers the view; `offset()` is how far down the text the window
 * drawn starts (the panes scroll to the editor's position less it); `widen(width)` keeps the
 * highlighted text as wide as the editor's text (lines out of the window may be wider).
 */
function trellisSourceView(editor, highlight, gutter) {
  const wholeUpTo = 1000; // lines: a longer text is drawn a window at a time
  const margin = 80; // lines drawn above and below the view
  const padding = 8; // the panes' own, in CSS pixels (playground.css)
  // After the lines: as wide as the editor's widest line, while a window is drawn.
  const sizer = document.createElement("span");
  sizer.className = "sizer";
  highlight.append(sizer);
  let shownLines = [];
  let shownGutter = "";
  let current = null; // { text, answer, starts, worst }
  let drawn = null; // { first, last }: the lines drawn, by index
  let view = null; // { top, height }: the editor's scroll position and height
  let knownLineHeight = 0;

  function lineHeight() {
    if (!knownLineHeight) knownLineHeight = parseFloat(getComputedStyle(editor).lineHeight) || 18;
    return knownLineHeight;
  }

  /** The lines in view of a text of `count` lines: `top` and `bottom`, by index. */
  function inView(count) {
    if (!view) view = { top: editor.scrollTop, height: editor.clientHeight };
    const height = lineHeight();
    const top = Math.floor(Math.max(view.top - padding, 0) / height);
    return { top, bottom: Math.min(count, top + Math.ceil(view.height / height) + 1) };
  }

  /** The lines to draw: all of a short text; of a long one, those in view and `margin` around. */
  function windowOf(count) {
    if (count <= wholeUpTo) return { first: 0, last: count };
    const { top, bottom } = inView(count);
    return { first: Math.max(0, top - margin), last: Math.min(count, bottom + margin) };
  }

  function draw() {
    const { text, answer, starts, worst } = current;
    const count = starts.length;
    const { first, last } = windowOf(count);
    const from = starts[first];
    const to = last < count ? starts[last] : text.length;
    const lines = trellisHighlightedLines(text, answer.tokens, answer.tokenTypes, answer.diagnostics, from, to);
    // A window that ends before the last line of a text ending in a newline: not that last, empty line.
    lines.length = last - first;
    shownLines = trellisPatchLines(highlight, lines, shownLines, true);
    const numbers = [];
    for (let line = first + 1; line <= last; line++) {
      const rank = worst.get(line);
      numbers.push(rank ? `<span class="${rank === 3 ? "error" : rank === 2 ? "warning" : "info"}" data-line="${line}">${line}</span>` : String(line));
    }
    const gutterHTML = numbers.join("\n") + "\n ";
    if (gutterHTML !== shownGutter) gutter.innerHTML = shownGutter = gutterHTML;
    // The gutter as wide as the last line's number, wherever the window is.
    const width = count > wholeUpTo ? `${String(count).length}ch` : "";
    if (gutter.style.minWidth !== width) gutter.style.minWidth = width;
    drawn = { first, last };
  }

  return {
    offset() {
      return drawn ? drawn.first * lineHeight() : 0;
    },
    widen(width) {
      const wanted = current && current.starts.length > wholeUpTo ? `${Math.max(width - 2 * padding, 0)}px` : "";
      if (sizer.style.width !== wanted) sizer.style.width = wanted;
    },
    show(text, answer) {
      const starts = [0];
      for (let at = text.indexOf("\n"); at >= 0; at = text.indexOf("\n", at + 1)) starts.push(at + 1);
      const worst = new Map();
      for (const diagnostic of answer.diagnostics) {
        const rank = trellisSeverityRank[diagnostic.severity] || 1;
        worst.set(diagnostic.line, Math.max(worst.get(diagnostic.line) || 0, rank));
      }
      current = { text, answer, starts, worst };
      draw();
    },
    scrolled(scrollTop, height) {
      view = { top: scrollTop, height };
      const count = current ? current.starts.length : 0;
      if (count <= wholeUpTo || !drawn) return;
      // Drawn again when fewer than half the margin's lines are left between the view and an
      // edge of the window drawn (the text's own ends need none).
      const { top, bottom } = inView(count);
      const roomAbove = drawn.first === 0 || top - drawn.first >= margin / 2;
      const roomBelow = drawn.last === count || drawn.last - bottom >= margin / 2;
      if (!roomAbove || !roomBelow) draw();
    },
  };
}
