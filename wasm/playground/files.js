// The playground's files: the tabs over the editor, one a file, so a screen and the card
// library it `use`s are edited side by side. Each file has a name (a path relative to one
// folder, as the module's `files` take it: docs/wasm.md) and a text; one is in the editor.
"use strict";

/**
 * What is wrong with `name` as a new file's name beside `others` (the other files' names), or
 * "" when nothing is: a path of `.trellis` or `.json`, relative, with no `.` or `..` folder,
 * named once (the module refuses two spellings of one path).
 */
function trellisFileNameProblem(name, others) {
  if (!name) return "a file needs a name";
  if (!/\.(trellis|json)$/.test(name)) return `${name}: a file's name ends in .trellis (or .json for a grid dictionary)`;
  if (name.startsWith("/") || name.includes("\\")) return `${name}: a name is a path relative to the other files, with / between folders`;
  if (name.split("/").some((part) => part === "" || part === "." || part === "..")) return `${name}: a path without empty, . or .. folders`;
  if (others.includes(name)) return `${name}: there is a file of that name`;
  return "";
}

/**
 * The tabs in `strip` over `files` ({ name, text } each, the first opened with the page).
 * `callbacks.opened(index)` runs when a tab is chosen, `callbacks.changed()` when a file is
 * added, renamed or removed, `callbacks.problem(text)` when a name cannot be used.
 */
function trellisFileTabs(strip, callbacks) {
  const tabs = {
    files: [{ name: "input", text: "" }],
    active: 0,
    /** Shows `files`, `active` among them in the editor. */
    replace(files, active) {
      tabs.files = files;
      tabs.active = Math.min(Math.max(active, 0), files.length - 1);
      render();
    },
    /** Marks file `index` as the one in the editor (the tabs stay: a double-click still finds its tab). */
    select(index) {
      tabs.active = index;
      for (const tab of strip.querySelectorAll(".tab")) tab.setAttribute("aria-selected", String(Number(tab.dataset.index) === index));
    },
  };
  let naming = null; // the index of the file being renamed, or files.length for a new one

  function tabButton(file, index) {
    const tab = document.createElement("button");
    tab.type = "button";
    tab.className = "tab";
    tab.setAttribute("role", "tab");
    tab.setAttribute("aria-selected", String(index === tabs.active));
    tab.dataset.index = String(index);
    tab.title = "Double-click to rename";
    tab.textContent = file.name;
    tab.addEventListener("click", () => { if (index !== tabs.active) callbacks.opened(index); });
    tab.addEventListener("dblclick", () => { naming = index; render(); });
    if (tabs.files.length > 1) {
      const remove = document.createElement("span");
      remove.className = "remove";
      remove.title = `Remove ${file.name}`;
      remove.setAttribute("role", "button");
      remove.textContent = "×";
      remove.addEventListener("click", (event) => {
        event.stopPropagation();
        const open = tabs.files[tabs.active];
        tabs.files.splice(index, 1);
        tabs.active = Math.max(tabs.files.indexOf(open), 0);
        render();
        callbacks.changed(open !== tabs.files[tabs.active]);
      });
      tab.append(remove);
    }
    return tab;
  }

  function nameField() {
    const field = document.createElement("input");
    field.id = "file-name";
    field.className = "file-name";
    field.setAttribute("aria-label", "The file's name");
    field.spellcheck = false;
    const renaming = naming < tabs.files.length;
    field.value = renaming ? tabs.files[naming].name : nextFreeName();
    field.addEventListener("keydown", (event) => {
      if (event.key === "Escape") { naming = null; render(); return; }
      if (event.key !== "Enter") return;
      event.preventDefault();
      const name = field.value.trim();
      const others = tabs.files.filter((_, index) => index !== naming).map((file) => file.name);
      const problem = trellisFileNameProblem(name, others);
      if (problem) { callbacks.problem(problem); return; }
      if (renaming) {
        tabs.files[naming].name = name;
      } else {
        tabs.files.push({ name, text: starterText(name) });
      }
      naming = null;
      render();
      if (renaming) callbacks.changed(false);
      else callbacks.opened(tabs.files.length - 1);
    });
    field.addEventListener("blur", () => { if (naming !== null) { naming = null; render(); } });
    return field;
  }

  /** A new file's text: a library of one template, and how another file takes it. */
  function starterText(name) {
    if (name.endsWith(".json")) return "{\n  \"rows\": [ { \"size\": \"fill\" } ]\n}\n";
    return `// A card library: a file beside it takes its templates with  use "${name}"\n\ntemplate card { 50% padding(5) }\n`;
  }

  function nextFreeName() {
    const names = tabs.files.map((file) => file.name);
    for (let number = 1; ; number++) {
      const name = number === 1 ? "cards.trellis" : `cards${number}.trellis`;
      if (!names.includes(name)) return name;
    }
  }

  function render() {
    const items = tabs.files.map((file, index) => (index === naming ? nameField() : tabButton(file, index)));
    if (naming === tabs.files.length) items.push(nameField());
    const add = document.createElement("button");
    add.type = "button";
    add.id = "add-file";
    add.className = "add";
    add.title = "A new file beside this one (a card library to use)";
    add.textContent = "+ file";
    add.addEventListener("click", () => { naming = tabs.files.length; render(); });
    items.push(add);
    strip.replaceChildren(...items);
    const field = strip.querySelector("input");
    if (field) { field.focus(); field.select(); }
  }

  render();
  return tabs;
}
