// The playground's files: the tabs over the editor, one a file, so a screen and the card
// library it `use`s are edited side by side. Each file has a name (a path relative to one
// folder, as the module's `files` take it: docs/wasm.md) and a text; one is in the editor.
"use strict";

/**
 * What is wrong with `name` as a file's name beside `others` (the other files' names), or ""
 * when nothing is: a path of `.trellis` or `.json` (or `input`, the name of a text a link gave
 * without one), relative, with no `.` or `..` folder, named once (the module refuses two
 * spellings of one path), and no file's name a folder of another's.
 */
function trellisFileNameProblem(name, others) {
  if (!name) return "a file needs a name";
  if (name !== "input" && !/\.(trellis|json)$/.test(name)) return `${name}: a file's name ends in .trellis (or .json for a grid dictionary)`;
  if (name.startsWith("/") || name.includes("\\")) return `${name}: a name is a path relative to the other files, with / between folders`;
  if (name.split("/").some((part) => part === "" || part === "." || part === "..")) return `${name}: a path without empty, . or .. folders`;
  if (others.includes(name)) return `${name}: there is a file of that name`;
  const clash = others.find((other) => other.startsWith(`${name}/`) || name.startsWith(`${other}/`));
  if (clash) return `${name}: ${clash} makes one of the two a folder`;
  return "";
}

/**
 * The tabs in `strip` over `files` ({ name, text } each). `callbacks.opened(index)` runs when
 * a tab is chosen (or a file added), `callbacks.renamed()` after a rename,
 * `callbacks.removing()` before a file is removed and `callbacks.removed(index, wasOpen)`
 * after, `callbacks.problem(text)` when a name cannot be used, `callbacks.done()` when the
 * field naming a new file closes (a renamed file's tab takes the focus back). Keys: ←/→ move
 * between tabs, F2 renames, Delete removes.
 */
function trellisFileTabs(strip, callbacks) {
  const tabs = {
    files: [{ name: "input", text: "" }],
    active: 0,
    /** Shows `files`, `active` among them in the editor. */
    replace(files, active) {
      tabs.files = files;
      tabs.active = Math.min(Math.max(Math.trunc(Number(active)) || 0, 0), files.length - 1);
      naming = null;
      render();
    },
    /** Marks file `index` as the one in the editor (the tabs stay: a double-click still finds its tab). */
    select(index) {
      tabs.active = index;
      for (const tab of strip.querySelectorAll(".tab")) tab.setAttribute("aria-selected", String(Number(tab.dataset.index) === index));
    },
  };
  let naming = null; // the index of the file being renamed, or files.length for a new one

  function tabItem(file, index) {
    const item = document.createElement("span");
    item.className = "tab-item";
    const tab = document.createElement("button");
    tab.type = "button";
    tab.className = "tab";
    tab.setAttribute("role", "tab");
    tab.setAttribute("aria-selected", String(index === tabs.active));
    tab.setAttribute("aria-controls", "editor");
    tab.dataset.index = String(index);
    tab.title = "Double-click or F2 to rename";
    tab.textContent = file.name;
    tab.addEventListener("click", () => { if (index !== tabs.active) callbacks.opened(index); });
    tab.addEventListener("dblclick", () => startNaming(index));
    tab.addEventListener("keydown", (event) => {
      if (event.key === "F2") { event.preventDefault(); startNaming(index); }
      if (event.key === "Delete" && tabs.files.length > 1) { event.preventDefault(); remove(index); }
      const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
      const next = strip.querySelector(`.tab[data-index='${index + step}']`);
      if (step && next) { event.preventDefault(); next.focus(); }
    });
    item.append(tab);
    if (tabs.files.length > 1) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "remove";
      button.title = `Remove ${file.name} (Back brings it back)`;
      button.setAttribute("aria-label", `Remove ${file.name}`);
      button.textContent = "×";
      button.addEventListener("click", () => remove(index));
      item.append(button);
    }
    return item;
  }

  function remove(index) {
    callbacks.removing();
    const wasOpen = index === tabs.active;
    tabs.files.splice(index, 1);
    if (tabs.active > index || tabs.active === tabs.files.length) tabs.active -= 1;
    naming = null;
    render();
    callbacks.removed(index, wasOpen);
    focusTab(Math.min(index, tabs.files.length - 1));
  }

  function focusTab(index) {
    const tab = strip.querySelector(`.tab[data-index='${index}']`);
    if (tab) tab.focus();
  }

  function startNaming(index) {
    naming = index;
    render();
  }

  /** Closes the name field, leaving every other button where it is (a click that moved the focus out of the field still lands). */
  function closeField(field) {
    const index = naming;
    naming = null;
    if (index < tabs.files.length) field.replaceWith(tabItem(tabs.files[index], index));
    else field.remove();
  }

  function nameField() {
    const field = document.createElement("input");
    field.id = "file-name";
    field.className = "file-name";
    field.setAttribute("aria-label", "The file's name (Enter to keep, Escape to leave)");
    field.spellcheck = false;
    const renaming = naming < tabs.files.length;
    field.value = renaming ? tabs.files[naming].name : nextFreeName();
    field.addEventListener("keydown", (event) => {
      if (event.key === "Escape") {
        event.preventDefault();
        const index = naming;
        closeField(field);
        if (index < tabs.files.length) focusTab(index);
        else callbacks.done();
        return;
      }
      if (event.key !== "Enter") return;
      event.preventDefault();
      const name = field.value.trim();
      const others = tabs.files.filter((_, index) => index !== naming).map((file) => file.name);
      const problem = trellisFileNameProblem(name, others);
      if (problem) { callbacks.problem(problem); return; }
      if (renaming) {
        const index = naming;
        const changed = tabs.files[index].name !== name;
        tabs.files[index].name = name;
        naming = null;
        render();
        focusTab(index);
        if (changed) callbacks.renamed();
      } else {
        tabs.files.push({ name, text: starterText(name) });
        naming = null;
        render();
        callbacks.opened(tabs.files.length - 1);
        callbacks.done();
      }
    });
    // Leaving the field (elsewhere in the page: not another window) leaves the name as it was.
    field.addEventListener("blur", () => { if (naming !== null && document.hasFocus()) closeField(field); });
    return field;
  }

  /** A new file's text: a library of one template, and how a file takes it. */
  function starterText(name) {
    if (name.endsWith(".json")) return "{\n  \"rows\": [ { \"size\": \"fill\" } ]\n}\n";
    return `// A card library. A file in the top folder takes its templates with:  use "${name}"\n\ntemplate card { 50% padding(5) }\n`;
  }

  function nextFreeName() {
    const names = tabs.files.map((file) => file.name);
    for (let number = 1; ; number++) {
      const name = number === 1 ? "cards.trellis" : `cards${number}.trellis`;
      if (!names.includes(name)) return name;
    }
  }

  function render() {
    const items = tabs.files.map((file, index) => (index === naming ? nameField() : tabItem(file, index)));
    if (naming === tabs.files.length) items.push(nameField());
    const add = document.createElement("button");
    add.type = "button";
    add.id = "add-file";
    add.className = "add";
    add.title = "A new file beside these (a card library to use)";
    add.textContent = "+ file";
    add.addEventListener("click", () => startNaming(tabs.files.length));
    items.push(add);
    strip.replaceChildren(...items);
    const field = strip.querySelector("input");
    if (field) { field.focus(); field.select(); }
  }

  render();
  return tabs;
}
