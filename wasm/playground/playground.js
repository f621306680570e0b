// The Trellis playground: the text on the left is analysed by Trellis itself (trellis.wasm,
// loaded from ../dist/trellis.wasm.js so the page works from file:// as from any static host)
// on every keystroke; the page shows the highlighting and diagnostics, the picture at a device
// and the JSON the build writes. Everything it shows comes from one `preview` call (docs/wasm.md),
// two while a library is edited: its own, and that of the file drawn, which uses it. The tabs
// over the editor (files.js) hold the files, given to the module as a request's `files`.
"use strict";

(function () {
  const byId = (id) => document.getElementById(id);
  const editor = byId("editor");
  const highlight = byId("highlight");
  const gutter = byId("gutter");
  const diagnosticsList = byId("diagnostics");
  const picture = byId("picture");
  const cellHighlight = byId("cell-highlight");
  const info = byId("info");
  const status = byId("status");
  const jsonPane = byId("json");
  const controls = {
    example: byId("example"), layout: byId("layout"), device: byId("device"),
    landscape: byId("landscape"), rtl: byId("rtl"), target: byId("target"),
  };
  if (typeof trellisWasmBase64 === "undefined" || typeof trellisExamples === "undefined") {
    status.textContent = "wasm/dist/ is missing: run wasm/build.sh, then open this page again";
    return;
  }
  const svgHolder = document.createElement("div");
  picture.prepend(svgHolder);

  // ---- The module: compiled once, instantiated again after a trap. ----
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  let compiled = null;
  let wasm = null;

  function base64Bytes(text) {
    const binary = atob(text);
    const bytes = new Uint8Array(binary.length);
    for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
    return bytes;
  }

  // The request that stopped the module last: not sent again, so a text that traps is
  // answered once (the status says so) until it changes.
  let trapped = null;

  /** One request to the module; its answer, or null after a trap (a new instance is then made). */
  function call(request) {
    const text = JSON.stringify(request);
    if (!wasm || text === trapped) return null;
    const exports = wasm;
    try {
      const bytes = encoder.encode(text);
      const pointer = exports.trellis_alloc(bytes.length);
      new Uint8Array(exports.memory.buffer, pointer, bytes.length).set(bytes);
      const length = exports.trellis_call(pointer, bytes.length);
      exports.trellis_free(pointer);
      return JSON.parse(decoder.decode(new Uint8Array(exports.memory.buffer, exports.trellis_answer(), length)));
    } catch (error) {
      // A trap leaves the instance in no known state: a new one answers the next text.
      trapped = text;
      wasm = null;
      pendingSince = null;
      status.textContent = `Trellis stopped on this text (${error.message}): please report it; the page answers again when the text changes`;
      WebAssembly.instantiate(compiled, {}).then(
        (instance) => { wasm = instance.exports; },
        (failure) => { status.textContent = `Trellis could not start again: ${failure.message}`; });
      return null;
    }
  }

  // ---- What the page shows, and the state a link carries. ----
  let answer = null; // of the file in the editor
  let drawnAnswer = null; // of the file drawn: the one in the editor when it has a layout
  let drawn = 0; // that file's index: the one in the editor, or the screen drawn while a library is edited
  let choosing = true; // whether the next analysis chooses the file to draw (a tab was opened)
  let drawnFile = null; // the file the last picture and JSON are of
  let notice = ""; // what the status says after the next analysis (a link that could not be read)
  let version = 0;
  let lastPicture = null;
  let lastJSON = null;
  const timings = [];
  const cells = new Map();

  const tabs = trellisFileTabs(byId("files"), {
    opened: (index) => { openFile(index); },
    renamed: () => { schedule(); },
    // A file removed is one Back away, as the text before an example.
    removing: () => { saveBefore(); },
    removed: (index, wasOpen) => {
      if (index < drawn) drawn -= 1;
      else if (index === drawn) { drawn = tabs.active; choosing = true; }
      if (wasOpen) openFile(tabs.active, true);
      else schedule();
      saveAfter();
    },
    problem: (text) => { status.textContent = text; },
    done: () => { editor.focus(); },
  });

  /**
   * Shows file `index` in the editor (`again`: the one there was removed); the next analysis
   * draws it if it has a layout, else keeps drawing the screen drawn before.
   */
  function openFile(index, again) {
    if (!again) tabs.files[tabs.active].text = editor.value;
    tabs.select(index);
    choosing = true;
    editor.value = tabs.files[tabs.active].text;
    editor.setSelectionRange(0, 0);
    editor.scrollTop = 0;
    syncScroll();
    schedule();
  }

  /**
   * What the page asks of the module about file `index` (the one drawn unless said): its text
   * and name, the other files, and the choices (the device as the command line writes it,
   * `rtl` after it when the file's device is right to left).
   */
  function request(command, extra, index = drawn) {
    const [device, rtl] = controls.device.value.split(" ");
    const file = tabs.files[index];
    const request = { command, source: file.text, name: file.name, rtl: controls.rtl.checked || rtl === "rtl", landscape: controls.landscape.checked };
    if (tabs.files.length > 1) request.files = Object.fromEntries(tabs.files.filter((other) => other !== file).map((other) => [other.name, other.text]));
    if (device) request.device = device;
    if (controls.layout.value) request.layout = controls.layout.value;
    if (controls.target.value) request.target = controls.target.value;
    return Object.assign(request, extra);
  }

  const source = trellisSourceView(editor, highlight, gutter);

  let shownJSON = [];
  let shownDiagnostics = "";
  function showSource(text) {
    source.show(text, answer);
    // The list is made again only when what it says changes (not when text typed above
    // moves the ranges: a click reads the latest), and shows the first `listed` of the text's
    // diagnostics, then, while a library is edited, those of the screen drawn (a library's
    // change can break the screen that uses it).
    const listed = 500;
    const screen = drawn === tabs.active ? null : tabs.files[drawn].name;
    const origins = [{ of: () => answer, file: null }];
    if (screen !== null) origins.push({ of: () => (drawnFile === tabs.files[drawn] ? drawnAnswer : null), file: drawn });
    const entries = [];
    for (const origin of origins) {
      const diagnostics = origin.of()?.diagnostics ?? [];
      const prefix = origin.file === null ? "" : `${screen}:`;
      diagnostics.slice(0, listed).forEach((diagnostic, index) => {
        entries.push({ origin, index, diagnostic, text: `${prefix}${diagnostic.line}:${diagnostic.column}: ${diagnostic.severity}[${diagnostic.code}]: ${diagnostic.message}` });
      });
      if (diagnostics.length > listed) entries.push({ more: `and ${diagnostics.length - listed} more${origin.file === null ? " (each marked in the gutter)" : ` in ${screen}`}` });
    }
    const diagnosticsKey = JSON.stringify(entries.map((entry) => entry.text ?? entry.more));
    if (diagnosticsKey === shownDiagnostics) return;
    shownDiagnostics = diagnosticsKey;
    const items = entries.map((entry) => {
      const item = document.createElement("li");
      if (entry.more) {
        item.className = "none";
        item.textContent = entry.more;
        return item;
      }
      item.className = entry.diagnostic.severity;
      item.dataset.line = String(entry.diagnostic.line);
      item.textContent = entry.text;
      for (const note of entry.diagnostic.notes) {
        const span = document.createElement("span");
        span.className = "note";
        span.textContent = `\n  note: ${note}`;
        item.append(span);
      }
      item.addEventListener("click", () => {
        const latest = entry.origin.of()?.diagnostics[entry.index];
        if (!latest) return;
        if (entry.origin.file !== null) {
          if (tabs.files[drawn] !== drawnFile) return;
          openFile(drawn);
        }
        reveal(latest.start, latest.end, latest.line);
      });
      return item;
    });
    if (!items.length) {
      const none = document.createElement("li");
      none.className = "none";
      none.textContent = "no problems";
      items.push(none);
    }
    diagnosticsList.replaceChildren(...items);
  }

  /** Selects `start..<end` in the editor and scrolls its line into view. */
  function reveal(start, end, line) {
    editor.focus();
    editor.setSelectionRange(start, end);
    const lineHeight = parseFloat(getComputedStyle(editor).lineHeight) || 18;
    const top = (line - 1) * lineHeight;
    if (top < editor.scrollTop || top > editor.scrollTop + editor.clientHeight - 2 * lineHeight) editor.scrollTop = Math.max(top - editor.clientHeight / 3, 0);
    syncScroll();
  }

  function syncScroll() {
    // The highlighted text ends where the textarea's scrollbars begin, so both scroll as far.
    highlight.style.right = `${editor.offsetWidth - editor.clientWidth}px`;
    highlight.style.bottom = `${editor.offsetHeight - editor.clientHeight}px`;
    source.scrolled(editor.scrollTop, editor.clientHeight);
    source.widen(editor.scrollWidth);
    // A long text's window of lines starts `offset` down the text.
    highlight.scrollTop = editor.scrollTop - source.offset();
    highlight.scrollLeft = editor.scrollLeft;
    gutter.scrollTop = editor.scrollTop - source.offset();
  }

  function fillSelect(select, options, chosen) {
    const same = select.options.length === options.length && options.every(([value, label], index) => select.options[index].value === value && select.options[index].textContent === label);
    if (!same) {
      select.replaceChildren(...options.map(([value, label]) => {
        const option = document.createElement("option");
        option.value = value;
        option.textContent = label;
        return option;
      }));
    }
    select.value = options.some(([value]) => value === chosen) ? chosen : (options[0] ? options[0][0] : "");
  }

  function deviceLabel(device) {
    const size = `${device.width}×${device.height === null ? "wrap" : device.height} @${device.scale}x`;
    return device.name.startsWith(`${device.width}x`) ? size : `${device.name} (${size})`;
  }

  function deviceValue(device) {
    return `${device.width}x${device.height === null ? "wrap" : device.height}@${device.scale}x${device.rtl ? " rtl" : ""}`;
  }

  function showControls() {
    fillSelect(controls.layout, drawnAnswer.layouts.map((name) => [name, name || "(the bare root)"]), drawnAnswer.layout ?? controls.layout.value);
    const chosen = controls.device.value;
    const first = drawnAnswer.devices[0];
    const options = [["", first ? `the file's: ${deviceLabel(first)}` : "the file's"]];
    for (const device of drawnAnswer.devices.slice(1)) options.push([deviceValue(device), `the file's: ${deviceLabel(device)}`]);
    for (const device of drawnAnswer.commonDevices) options.push([deviceValue(device), deviceLabel(device)]);
    fillSelect(controls.device, options.filter(([value], index) => options.findIndex(([other]) => other === value) === index), chosen);
  }

  /** The file drawn, as the captions name it: "the text" when it is the one in the editor. */
  function drawnName(first = false) {
    return drawn !== tabs.active ? tabs.files[drawn].name : first ? "The text" : "the text";
  }

  /** Writes `text` into `element` when it says something else (a text written again is laid out again). */
  function setText(element, text) {
    if (element.textContent !== text) element.textContent = text;
  }

  let shownSVG = "";
  function showPicture() {
    const caption = byId("caption");
    if (drawnAnswer.picture) {
      lastPicture = drawnAnswer.picture;
      if (drawnAnswer.picture.svg !== shownSVG) {
        const parsed = document.createElement("template");
        parsed.innerHTML = drawnAnswer.picture.svg;
        svgHolder.replaceChildren(parsed.content);
        shownSVG = drawnAnswer.picture.svg;
      }
      picture.classList.remove("stale");
      picture.dataset.version = String(version);
      const where = drawn === tabs.active ? "" : ` in ${tabs.files[drawn].name}`;
      setText(caption, `${drawnAnswer.layout ?? ""}${where} · ${drawnAnswer.picture.width} × ${drawnAnswer.picture.height} pt` +
        (drawnAnswer.picture.settled ? "" : " · not settled (as the runtime leaves it)"));
    } else if (lastPicture) {
      picture.classList.add("stale");
      setText(caption, drawnAnswer.errors ? `Showing the last good picture: ${drawnName()} has errors` : "Nothing to draw");
    } else {
      svgHolder.textContent = "";
      setText(caption, drawnAnswer.layouts.length ? `${drawnName(true)} has errors: nothing to draw yet` : "No layout to draw");
    }
  }

  function showJSON() {
    const caption = byId("json-caption");
    if (drawnAnswer.kind === "json") {
      setText(caption, "This is a grid dictionary: the picture shows what MyLayout draws of it");
      shownJSON = trellisPatchLines(jsonPane, [], shownJSON, false);
      jsonPane.classList.remove("stale");
      return;
    }
    if (drawnAnswer.json !== null) {
      lastJSON = drawnAnswer.json;
      shownJSON = trellisPatchLines(jsonPane, lastJSON.split("\n"), shownJSON, false);
      jsonPane.classList.remove("stale");
      setText(caption, `JSON (${controls.target.selectedOptions[0].textContent})`);
    } else if (lastJSON !== null) {
      jsonPane.classList.add("stale");
      setText(caption, `JSON: ${drawnName()} does not build; showing the last JSON it built`);
    } else {
      setText(caption, drawnAnswer.errors ? `JSON: ${drawnName()} does not build` : "JSON: no layout");
    }
  }

  let pendingSince = null;
  let scheduled = false;
  const channel = new MessageChannel();
  channel.port1.onmessage = () => { scheduled = false; update(); };

  /** Runs `update` once after the events queued now (keystrokes typed faster than it runs are one update). */
  function schedule(typedAt) {
    if (typedAt !== undefined && pendingSince === null) pendingSince = typedAt;
    if (scheduled) return;
    scheduled = true;
    channel.port2.postMessage(0);
  }

  const phases = [];
  let lastDuration = 0;
  /** The `preview` of file `index`, or null (a trap, or a request the module refuses). */
  function preview(index) {
    let next = call(request("preview", {}, index));
    if (next && next.error) {
      // A choice the module cannot read (from an edited link): back to the file's own, once.
      notice = next.error;
      for (const name of ["device", "layout", "target"]) controls[name].value = "";
      next = call(request("preview", {}, index));
    }
    return next && !next.error ? next : null;
  }

  const draws = (previewed) => previewed.kind === "json" || previewed.layouts.length > 0;

  /**
   * The file in the editor analysed, and the file drawn. Which one is drawn is chosen when a
   * tab is opened: that file when it has a layout, else the screen drawn before (the one that
   * uses the library opened) or the first other file with a layout. Typing changes it only
   * when the file typed gets a `layout` line (a library typed half-way has a bare root for a
   * moment, not a screen of its own).
   */
  function analyse() {
    tabs.files[tabs.active].text = editor.value;
    const edited = preview(tabs.active);
    if (!edited) return null;
    const chose = choosing;
    choosing = false;
    const namesALayout = draws(edited) && /^[ \t]*layout\b/m.test(tabs.files[tabs.active].text);
    if (tabs.files.length === 1 || (drawn === tabs.active && !chose) || (chose && draws(edited)) || namesALayout) {
      drawn = tabs.active;
      return { edited, shown: edited };
    }
    const order = [drawn, ...tabs.files.keys()].filter((index) => index !== tabs.active && index < tabs.files.length);
    for (const index of new Set(order)) {
      const other = preview(index);
      if (!other) return null;
      if (draws(other)) {
        drawn = index;
        return { edited, shown: other };
      }
    }
    drawn = tabs.active;
    return { edited, shown: edited };
  }

  function update() {
    const started = performance.now();
    const analysed = analyse();
    if (!analysed) return;
    const called = performance.now();
    answer = analysed.edited;
    drawnAnswer = analysed.shown;
    if (tabs.files[drawn] !== drawnFile) {
      // Another file drawn: the last good picture and JSON were the other one's.
      drawnFile = tabs.files[drawn];
      lastPicture = null;
      lastJSON = null;
    }
    version += 1;
    cells.clear();
    showControls();
    showSource(editor.value);
    const sourceShown = performance.now();
    showPicture();
    const pictureShown = performance.now();
    showJSON();
    const panesShown = performance.now();
    // The page laid out once, after every pane is written (reading a size sooner would lay it
    // out twice): the time from the keystroke to the new picture, as the browser stamped the key.
    syncScroll();
    const laidOut = performance.now();
    lastDuration = laidOut - started;
    phases.push({
      wait: pendingSince === null ? 0 : started - pendingSince, call: called - started, source: sourceShown - called, picture: pictureShown - sourceShown, json: panesShown - pictureShown, layout: laidOut - panesShown,
    });
    const errors = answer.errors ? "errors" : drawnAnswer.errors ? `errors in ${tabs.files[drawn].name}` : "ok";
    if (pendingSince !== null) {
      const elapsed = laidOut - pendingSince;
      timings.push(elapsed);
      status.textContent = `${errors} · ${elapsed.toFixed(1)} ms from the keystroke to the picture`;
      pendingSince = null;
    } else {
      status.textContent = notice || errors;
    }
    notice = "";
    document.body.dataset.version = String(version);
    saveSoon();
  }

  // ---- Hover and click on the picture. ----
  function findGrid(grids, x, y) {
    let found = -1;
    grids.forEach((grid, index) => {
      const left = Math.min(grid.x, grid.x + grid.width);
      const top = Math.min(grid.y, grid.y + grid.height);
      if (x >= left && x <= left + Math.abs(grid.width) && y >= top && y <= top + Math.abs(grid.height)) {
        if (found < 0 || grid.depth >= grids[found].depth) found = index;
      }
    });
    return found;
  }

  function arithmetic(index) {
    if (!cells.has(index)) {
      const explained = call(request("cell", { grid: index }));
      cells.set(index, explained && explained.cell ? explained.cell.arithmetic : null);
    }
    return cells.get(index);
  }

  function describe(grid, index) {
    let text = `${grid.path} · ${grid.rule}\nframe x ${grid.x}, y ${grid.y}, w ${grid.width}, h ${grid.height}`;
    const explained = picture.classList.contains("stale") ? null : arithmetic(index);
    if (explained) text += `\n${explained.replace(/`/g, "")}`;
    if (grid.slot !== undefined) text += `\nview #${grid.slot}` + (grid.view ? ` at x ${grid.view.x}, y ${grid.view.y}, w ${grid.view.width}, h ${grid.view.height}` : "");
    for (const line of grid.borderlines || []) {
      text += `\n${line.edge} borderline` + (line.state === "never" ? " never painted" : ` at x ${line.x}, y ${line.y}, w ${line.width}, h ${line.height}`);
    }
    if (grid.line) text += `\nline ${grid.line}${drawn === tabs.active ? "" : ` of ${tabs.files[drawn].name}`} (click to go there)`;
    return text;
  }

  function locate(event) {
    const svg = svgHolder.querySelector("svg");
    if (!svg || !lastPicture) return { index: -1 };
    const box = svg.getBoundingClientRect();
    const scale = box.width / Math.max(lastPicture.width, 1);
    const index = findGrid(lastPicture.grids, (event.clientX - box.left) / scale, (event.clientY - box.top) / scale);
    return { index, scale, offsetX: box.left - picture.getBoundingClientRect().left - picture.clientLeft, offsetY: box.top - picture.getBoundingClientRect().top - picture.clientTop };
  }

  picture.addEventListener("mousemove", (event) => {
    const { index, scale, offsetX, offsetY } = locate(event);
    if (index < 0) { info.hidden = true; cellHighlight.hidden = true; return; }
    const grid = lastPicture.grids[index];
    info.textContent = describe(grid, index);
    info.style.left = `${event.clientX + 14}px`;
    info.style.top = `${event.clientY + 14}px`;
    info.hidden = false;
    info.dataset.grid = String(index);
    Object.assign(cellHighlight.style, {
      left: `${offsetX + Math.min(grid.x, grid.x + grid.width) * scale}px`, top: `${offsetY + Math.min(grid.y, grid.y + grid.height) * scale}px`,
      width: `${Math.abs(grid.width) * scale}px`, height: `${Math.abs(grid.height) * scale}px`,
    });
    cellHighlight.hidden = false;
  });
  picture.addEventListener("mouseleave", () => { info.hidden = true; cellHighlight.hidden = true; });
  picture.addEventListener("click", (event) => {
    const { index } = locate(event);
    const grid = index >= 0 ? lastPicture.grids[index] : null;
    if (!grid || !grid.line) return;
    if (drawn !== tabs.active) openFile(drawn);
    const lines = editor.value.split("\n");
    let start = 0;
    for (let line = 1; line < grid.line && line <= lines.length; line++) start += lines[line - 1].length + 1;
    reveal(start, start + (lines[grid.line - 1] || "").length, grid.line);
  });

  // ---- The state in the URL: each file's name and text (UTF-8 in base64url), and the choices. ----
  function toBase64URL(text) {
    const bytes = encoder.encode(text);
    let binary = "";
    for (let index = 0; index < bytes.length; index += 0x8000) binary += String.fromCharCode.apply(null, bytes.subarray(index, index + 0x8000));
    return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }

  function fromBase64URL(text) {
    return decoder.decode(base64Bytes(text.replace(/-/g, "+").replace(/_/g, "/")));
  }

  function link() {
    const params = new URLSearchParams();
    tabs.files[tabs.active].text = editor.value;
    for (const file of tabs.files) {
      // A text alone is a file named `input` (the links made before files had names).
      if (tabs.files.length > 1 || file.name !== "input") params.append("file", file.name);
      params.append("text", toBase64URL(file.text));
    }
    if (tabs.active > 0) params.set("open", String(tabs.active));
    if (drawn !== tabs.active && tabs.files[drawn]) params.set("drawn", String(drawn));
    for (const name of ["layout", "device", "target"]) if (controls[name].value) params.set(name, controls[name].value);
    for (const name of ["landscape", "rtl"]) if (controls[name].checked) params.set(name, "1");
    return `${location.href.split("#")[0]}#${params}`;
  }

  // Browsers open addresses of up to about 2 MB: a longer text is not put in the address.
  const longestLink = 2_000_000;
  let saving = 0;
  function saveSoon() {
    clearTimeout(saving);
    // Not after Back or Forward meanwhile: the entry they reached keeps its own state.
    const from = location.href;
    saving = setTimeout(() => {
      const url = link();
      if (location.href === from && url.length <= longestLink) history.replaceState(null, "", url);
    }, 250);
  }

  /**
   * Before a change Back undoes (an example chosen, a file removed): the current history entry
   * made to hold the page as it is, what was typed since the last save included.
   */
  function saveBefore() {
    clearTimeout(saving);
    const url = link();
    if (url.length <= longestLink) history.replaceState(null, "", url);
  }

  /** After that change: a new entry for the page as it is now. */
  function saveAfter() {
    const url = link();
    history.pushState(null, "", url.length <= longestLink ? url : location.href);
  }

  /** The state a link carries, or false when the hash holds none. */
  function restore() {
    const params = new URLSearchParams(location.hash.slice(1));
    if (!params.has("text")) return false;
    const texts = params.getAll("text");
    const names = params.has("file") ? params.getAll("file") : ["input"];
    const files = [];
    try {
      for (const [index, text] of texts.entries()) files.push({ name: names[index], text: fromBase64URL(text) });
    } catch (error) {
      notice = "the link's text cannot be read";
      return false;
    }
    const problem = names.length !== texts.length ? "the link names a file without its text" :
      names.map((name, index) => trellisFileNameProblem(name, names.slice(0, index))).find((text) => text);
    if (problem) {
      notice = `the link's files cannot be read: ${problem}`;
      return false;
    }
    tabs.replace(files, Number(params.get("open")) || 0);
    editor.value = tabs.files[tabs.active].text;
    // The screen drawn while a library is open, when the link says which.
    const screen = Number(params.get("drawn"));
    choosing = !(Number.isInteger(screen) && screen >= 0 && screen < files.length && screen !== tabs.active && params.has("drawn"));
    drawn = choosing ? tabs.active : screen;
    for (const name of ["layout", "device", "target"]) {
      const value = params.get(name) || "";
      const select = controls[name];
      if (value && ![...select.options].some((option) => option.value === value)) {
        const option = document.createElement("option");
        option.value = value;
        option.textContent = value;
        select.append(option);
      }
      select.value = value;
    }
    for (const name of ["landscape", "rtl"]) controls[name].checked = params.get(name) === "1";
    return true;
  }

  byId("share").addEventListener("click", () => {
    const url = link();
    if (url.length > longestLink) {
      status.textContent = "the text is too long for a link (browsers open addresses of up to 2 MB)";
      return;
    }
    history.replaceState(null, "", url);
    if (navigator.clipboard) navigator.clipboard.writeText(url).then(() => { status.textContent = "link copied"; }, () => { status.textContent = "the link is in the address bar"; });
    else status.textContent = "the link is in the address bar";
  });

  // ---- Editing. ----
  // A keystroke is answered at once while updates are quick; after a slow one (a large text),
  // keystrokes typed meanwhile are answered together.
  editor.addEventListener("input", (event) => {
    if (scheduled || lastDuration > 30) schedule(event.timeStamp);
    else { pendingSince = event.timeStamp; update(); }
  });
  editor.addEventListener("scroll", syncScroll);
  // A window made taller shows more of a long text than the window of lines drawn.
  new ResizeObserver(() => { if (answer) syncScroll(); }).observe(editor);
  // Tab indents by two spaces (undoable, as typing is); after Escape, Tab leaves the editor.
  let tabLeaves = false;
  editor.addEventListener("keydown", (event) => {
    if (event.key === "Escape") { tabLeaves = true; return; }
    if (event.key !== "Tab" || tabLeaves || event.shiftKey || event.altKey || event.ctrlKey || event.metaKey) { tabLeaves = false; return; }
    event.preventDefault();
    if (!document.execCommand("insertText", false, "  ")) {
      editor.setRangeText("  ", editor.selectionStart, editor.selectionEnd, "end");
      editor.dispatchEvent(new Event("input"));
    }
  });
  for (const name of ["layout", "device", "landscape", "rtl", "target"]) controls[name].addEventListener("change", () => schedule());
  controls.example.addEventListener("change", () => {
    const example = trellisExamples[Number(controls.example.value)];
    if (!example) return;
    // The text before stays one Back away.
    saveBefore();
    tabs.replace(exampleFiles(example), 0);
    editor.value = tabs.files[0].text;
    drawn = 0;
    choosing = true;
    controls.layout.value = "";
    controls.device.value = "";
    lastPicture = null;
    lastJSON = null;
    schedule();
    saveAfter();
  });
  // Back and Forward (popstate: the address may not change, as after a removal undone at once)
  // and a link typed over the address (hashchange).
  const followHistory = () => {
    if (restore()) schedule();
    else if (notice) { status.textContent = notice; notice = ""; }
  };
  window.addEventListener("popstate", followHistory);
  window.addEventListener("hashchange", followHistory);

  /** An example's files: those it lists (a project), or its one text under its file's name. */
  function exampleFiles(example) {
    if (example.files) return example.files.map((file) => ({ name: file.name, text: file.text }));
    return [{ name: example.name.split("/").pop(), text: example.text }];
  }

  for (const [index, example] of trellisExamples.entries()) {
    const option = document.createElement("option");
    option.value = String(index);
    option.textContent = example.name;
    controls.example.append(option);
  }
  if (!restore() && trellisExamples.length) {
    tabs.replace(exampleFiles(trellisExamples[0]), 0);
    editor.value = tabs.files[0].text;
  }

  // What tests and curious people can reach from the console.
  window.trellisPlayground = {
    timings, phases, call, link,
    get version() { return version; },
    get answer() { return answer; },
    get drawnAnswer() { return drawnAnswer; },
    get files() { return tabs.files.map((file) => ({ name: file.name, text: file.text })); },
    get busy() { return scheduled || pendingSince !== null || !wasm; },
  };

  WebAssembly.compile(base64Bytes(trellisWasmBase64))
    .then((module) => { compiled = module; return WebAssembly.instantiate(module, {}); })
    .then((instance) => { wasm = instance.exports; update(); })
    .catch((error) => { status.textContent = `Trellis could not start: ${error.message}`; });
})();
