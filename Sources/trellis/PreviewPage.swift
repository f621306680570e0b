/// The live preview's one page: every layout of every file at the chosen devices side by
/// side, redrawn when the server says a file changed; hover a cell for its path, size rule and
/// frame, click it for its source line. No third-party code; the SVGs come from
/// `trellis render`'s renderer and hold no scripts.
enum PreviewPage {
    static let html = #"""
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <title>Trellis preview</title>
        <style>
          body { font: 13px -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; margin: 0; color: #1f2937; background: #f3f4f6; }
          header { position: sticky; top: 0; z-index: 2; display: flex; gap: 16px; align-items: center; flex-wrap: wrap;
                   padding: 8px 16px; background: #ffffff; border-bottom: 1px solid #e5e7eb; }
          header h1 { font-size: 15px; margin: 0 8px 0 0; }
          #status { color: #6b7280; margin-left: auto; }
          section.file { margin: 16px; }
          section.file h2 { font-size: 14px; margin: 0 0 8px; font-family: ui-monospace, Menlo, monospace; }
          .diagnostics { background: #fff7ed; border: 1px solid #fdba74; border-radius: 6px; padding: 8px 12px; margin-bottom: 8px; }
          .diagnostics.errors { background: #fef2f2; border-color: #fca5a5; }
          .diagnostics div { font-family: ui-monospace, Menlo, monospace; white-space: pre-wrap; }
          .stale { font-weight: 600; margin-bottom: 4px; }
          .layouts { display: flex; flex-direction: column; gap: 16px; }
          .row { display: flex; gap: 16px; flex-wrap: wrap; align-items: flex-start; }
          .panel { position: relative; background: #ffffff; border: 1px solid #d1d5db; border-radius: 6px; padding: 6px; }
          .panel.dimmed svg { opacity: 0.45; }
          .caption { font-size: 12px; color: #4b5563; margin-bottom: 4px; }
          .picture { position: relative; }
          .picture svg { display: block; }
          .highlight { position: absolute; pointer-events: none; border: 2px solid #f59e0b; background: rgba(245, 158, 11, 0.12); }
          #info { position: fixed; z-index: 3; pointer-events: none; background: #111827; color: #f9fafb; padding: 6px 8px;
                  border-radius: 4px; font-family: ui-monospace, Menlo, monospace; font-size: 12px; white-space: pre; }
          ul.changes { margin: 6px 0 0; padding-left: 18px; font-size: 12px; max-width: 420px; color: #374151; }
          ul.changes.none { list-style: none; padding-left: 0; color: #6b7280; }
          .source { margin-top: 8px; font-family: ui-monospace, Menlo, monospace; background: #ffffff; border: 1px solid #d1d5db;
                    border-radius: 6px; padding: 6px 8px; white-space: pre; }
        </style>
        </head>
        <body>
        <header>
          <h1>Trellis preview</h1>
          <label>Device <select id="device"><option value="previews">Each file's previews</option></select></label>
          <label><input type="checkbox" id="landscape"> Landscape</label>
          <label><input type="checkbox" id="rtl"> Right to left</label>
          <label><input type="checkbox" id="wrap"> Wrap height</label>
          <span id="status">connecting…</span>
        </header>
        <main id="files"></main>
        <div id="info" hidden></div>
        <script>
        "use strict";
        const files = document.getElementById("files");
        const info = document.getElementById("info");
        const status = document.getElementById("status");
        const deviceSelect = document.getElementById("device");
        let state = null;
        let rendering = 0;

        function el(tag, attributes, text) {
          const node = document.createElement(tag);
          for (const [key, value] of Object.entries(attributes || {})) node.setAttribute(key, value);
          if (text !== undefined) node.textContent = text;
          return node;
        }

        function chosenDevices(file) {
          let devices;
          if (deviceSelect.value === "previews") {
            devices = file.devices.length ? file.devices : [{ name: "375x667@2x", width: 375, height: 667, scale: 2 }];
          } else {
            devices = [state.devices[Number(deviceSelect.value)]];
          }
          return devices.map((device) => {
            let width = device.width, height = device.height;
            // A device named by its size (a preview directive without a label) is named by the new one.
            const unnamed = device.name === `${width}x${height === null ? "wrap" : height}@${device.scale}x${device.rtl ? " rtl" : ""}`;
            if (document.getElementById("landscape").checked && height) [width, height] = [height, width];
            if (document.getElementById("wrap").checked) height = null;
            const rtl = document.getElementById("rtl").checked || !!device.rtl;
            const size = `${width}x${height === null ? "wrap" : height}@${device.scale}x${rtl ? " rtl" : ""}`;
            return { name: unnamed ? size : `${device.name} · ${size}`, width, height, scale: device.scale, rtl };
          });
        }

        function diagnosticsBox(file) {
          const diagnostics = file.diagnostics || [];
          if (!file.readError && !diagnostics.length) return null;
          const box = el("div", { class: "diagnostics" + (file.errors || file.readError ? " errors" : ""), "data-role": "diagnostics" });
          if (file.stale) box.append(el("div", { class: "stale" }, file.readError ? "Showing the last good picture:" : "Showing the last good picture; the file now has errors:"));
          if (file.readError) box.append(el("div", {}, `${file.path}: ${file.readError}`));
          for (const d of diagnostics) box.append(el("div", {}, `${file.path}:${d.line}:${d.column}: ${d.severity}[${d.code}]: ${d.message}`));
          return box;
        }

        async function fetchJSON(url) {
          const response = await fetch(url, { cache: "no-store" });
          if (!response.ok) throw new Error(`${url}: ${response.status}`);
          return response.json();
        }

        function findGrid(grids, x, y) {
          let found = null;
          for (const grid of grids) {
            const left = Math.min(grid.x, grid.x + grid.width), top = Math.min(grid.y, grid.y + grid.height);
            if (x >= left && x <= left + Math.abs(grid.width) && y >= top && y <= top + Math.abs(grid.height)) {
              if (!found || grid.depth >= found.depth) found = grid;
            }
          }
          return found;
        }

        function describe(grid) {
          let text = `${grid.path} · ${grid.rule}\nframe x ${grid.x}, y ${grid.y}, w ${grid.width}, h ${grid.height}`;
          if (grid.slot !== undefined) text += `\nview #${grid.slot}` + (grid.view ? ` at x ${grid.view.x}, y ${grid.view.y}, w ${grid.view.width}, h ${grid.view.height}` : "") + (grid.view && Object.values(grid.view).some((v) => typeof v === "string") ? " (gravity aligns a view that sets no size of its own: MyLayout leaves CGFLOAT_MAX; give content(WxH) or --content)" : "");
          for (const line of grid.borderlines || []) text += `\n${line.edge} borderline` + (line.state === "never" ? " never painted" : ` at x ${line.x}, y ${line.y}, w ${line.width}, h ${line.height}`) + (line.state === "stale" ? " (where an earlier pass left it)" : "");
          if (grid.line) text += `\nline ${grid.line}`;
          return text;
        }

        function attachPointer(panel, picture, rendered, file, sourceBox) {
          const highlight = el("div", { class: "highlight", hidden: "" });
          picture.append(highlight);
          const locate = (event) => {
            const svg = picture.querySelector("svg");
            const box = svg.getBoundingClientRect();
            const scale = box.width / Math.max(rendered.width, 1);
            return { grid: findGrid(rendered.grids, (event.clientX - box.left) / scale, (event.clientY - box.top) / scale), scale };
          };
          picture.addEventListener("mousemove", (event) => {
            const { grid, scale } = locate(event);
            if (!grid) { info.hidden = true; highlight.hidden = true; return; }
            info.textContent = describe(grid);
            info.style.left = `${event.clientX + 14}px`;
            info.style.top = `${event.clientY + 14}px`;
            info.hidden = false;
            Object.assign(highlight.style, {
              left: `${Math.min(grid.x, grid.x + grid.width) * scale}px`, top: `${Math.min(grid.y, grid.y + grid.height) * scale}px`,
              width: `${Math.abs(grid.width) * scale}px`, height: `${Math.abs(grid.height) * scale}px`,
            });
            highlight.hidden = false;
          });
          picture.addEventListener("mouseleave", () => { info.hidden = true; highlight.hidden = true; });
          picture.addEventListener("click", (event) => {
            const { grid } = locate(event);
            if (!grid || !grid.line) return;
            sourceBox.hidden = false;
            sourceBox.textContent = `${file.path}:${grid.line}  (${grid.path})\n${file.lines[grid.line - 1] ?? ""}`;
          });
        }

        async function render() {
          const ticket = ++rendering;
          const old = new Map([...files.querySelectorAll(".panel")].map((panel) => [panel.dataset.key, panel]));
          const next = document.createDocumentFragment();
          for (const [fileIndex, file] of state.files.entries()) {
            const section = el("section", { class: "file", "data-file": fileIndex });
            section.append(el("h2", {}, file.path));
            const box = diagnosticsBox(file);
            if (box) section.append(box);
            const layouts = el("div", { class: "layouts" });
            const sourceBox = el("div", { class: "source", hidden: "", "data-role": "source" });
            for (const [layoutIndex, name] of file.layouts.entries()) {
              const row = el("div", { class: "row" });
              for (const [deviceIndex, device] of chosenDevices(file).entries()) {
                const key = `${fileIndex}/${layoutIndex}/${device.name}`;
                const panel = el("div", { class: "panel", "data-key": key, "data-layout": name, "data-device": device.name });
                panel.append(el("div", { class: "caption" }, `${name} · ${device.name}`));
                const picture = el("div", { class: "picture" });
                panel.append(picture);
                const query = `file=${fileIndex}&layout=${layoutIndex}&w=${device.width}&h=${device.height === null ? "wrap" : device.height}` +
                  `&s=${device.scale}&rtl=${device.rtl ? 1 : 0}&panel=d${deviceIndex}`;
                try {
                  const rendered = await fetchJSON(`/render?${query}`);
                  if (ticket !== rendering) return;
                  picture.innerHTML = rendered.svg;
                  if (rendered.changes) {
                    // `--against REV`: what changed since, the cells it touches highlighted.
                    const list = el("ul", { class: "changes" + (rendered.changes.length ? "" : " none"), "data-role": "changes" });
                    if (!rendered.changes.length) list.append(el("li", {}, `no change on the screen since ${state.against}`));
                    for (const line of rendered.changes) list.append(el("li", {}, line));
                    panel.append(list);
                  }
                  panel.dataset.version = String(file.version);
                  panel.dataset.width = String(rendered.width);
                  panel.dataset.height = String(rendered.height);
                  attachPointer(panel, picture, rendered, file, sourceBox);
                } catch (error) {
                  const previous = old.get(key);
                  if (previous) { row.append(previous); continue; }
                  picture.textContent = String(error);
                }
                if (file.stale) panel.classList.add("dimmed");
                row.append(panel);
              }
              layouts.append(row);
            }
            section.append(layouts, sourceBox);
            next.append(section);
          }
          if (ticket !== rendering) return;
          info.hidden = true;
          files.replaceChildren(next);
          status.textContent = `up to date · version ${state.version}` + (state.against ? ` · changes since ${state.against} highlighted` : "");
          document.body.dataset.version = String(state.version);
        }

        async function refresh() {
          try {
            state = await fetchJSON("/state");
          } catch (error) {
            status.textContent = "cannot reach the preview server";
            return;
          }
          if (deviceSelect.options.length === 1) {
            for (const [index, device] of state.devices.entries()) {
              deviceSelect.append(el("option", { value: String(index) }, `${device.name} (${device.width}×${device.height} @${device.scale}x)`));
            }
          }
          await render();
        }

        for (const id of ["device", "landscape", "rtl", "wrap"]) document.getElementById(id).addEventListener("change", render);
        const events = new EventSource("/events");
        events.addEventListener("change", refresh);
        events.onerror = () => { status.textContent = "reconnecting…"; };
        refresh();
        </script>
        </body>
        </html>
        """#
}
