// extension.js activated under plain Node with the stand-ins of stand-ins.js: what it registers,
// what the language client registers from the real server's `initialize` answer (so a command
// registered twice fails here as it fails in VS Code), the settings it sends, the documents it
// syncs, and its two commands run against the real trellis-lsp.
//
// Run: node --test editors/vscode/test/activate.test.js
// The server is $TRELLIS_LSP, else .build/debug/trellis-lsp; without one, the tests that need
// it are skipped and the server's commands are read from Sources/TrellisIDE/Commands.swift.
"use strict";

const assert = require("node:assert/strict");
const fs = require("node:fs");
const Module = require("node:module");
const os = require("node:os");
const path = require("node:path");
const { test } = require("node:test");

const { createHost, textDocument, selectorMatches } = require("./stand-ins");

const EXTENSION_DIR = path.join(__dirname, "..");
const EXTENSION_PATH = path.join(EXTENSION_DIR, "extension.js");
const ROOT = path.join(EXTENSION_DIR, "..", "..");
const SERVER = process.env.TRELLIS_LSP || path.join(ROOT, ".build", "debug", "trellis-lsp");
const LIVE = fs.existsSync(SERVER);
const NEEDS_SERVER = LIVE ? false : `no built server at ${SERVER} (swift build, or set TRELLIS_LSP)`;
const PACKAGE = JSON.parse(fs.readFileSync(path.join(EXTENSION_DIR, "package.json"), "utf8"));
const DEMO = path.join(ROOT, "examples", "GridLayoutDemo4.trellis");
const DEMO_JSON = path.join(ROOT, "examples", "json", "GridLayoutDemo4.json");

/** The commands the server advertises, as Sources/TrellisIDE/Commands.swift names them. */
function commandsInSwift() {
  const source = fs.readFileSync(path.join(ROOT, "Sources", "TrellisIDE", "Commands.swift"), "utf8");
  const list = /static let names = \[([^\]]*)\]/.exec(source);
  assert.ok(list, "Commands.names is in Commands.swift");
  return [...list[1].matchAll(/"([^"]+)"/g)].map((match) => match[1]);
}

let currentHost;
const load = Module._load;
Module._load = function loadWithStandIns(request, parent, isMain) {
  if (request === "vscode") return currentHost.vscode;
  if (request === "vscode-languageclient/node") return currentHost.languageClient;
  return load.call(this, request, parent, isMain);
};

/** A host whose client starts the real server, or stands in for it with Commands.swift's names. */
function hostWith({ settings = {}, documents = [] } = {}) {
  if (LIVE) return createHost({ settings: { "trellis.server.path": SERVER, ...settings }, documents });
  return createHost({ settings, documents, serverCommands: commandsInSwift() });
}

/** extension.js, loaded afresh against `host` (or compiled from `source` in its place). */
function loadExtension(host, source) {
  currentHost = host;
  delete require.cache[EXTENSION_PATH];
  if (source === undefined) return require(EXTENSION_PATH);
  const module = new Module(EXTENSION_PATH, null);
  module.filename = EXTENSION_PATH;
  module.paths = Module._nodeModulePaths(EXTENSION_DIR);
  module._compile(source, EXTENSION_PATH);
  return module.exports;
}

/** Activates the extension, runs `body`, and always deactivates, so no server outlives a test. */
async function withActiveExtension(options, body) {
  const host = hostWith(options);
  const extension = loadExtension(host);
  try {
    await extension.activate(host.context);
    await body(host, extension);
  } finally {
    await extension.deactivate();
  }
}

function contributedCommands() {
  return PACKAGE.contributes.commands.map((command) => command.command);
}

test("the stand-in client registers the server's commands, so a second registration of one fails", async () => {
  const host = hostWith();
  const serverCommand = commandsInSwift()[0];
  host.vscode.commands.registerCommand(serverCommand, () => undefined);
  const client = new host.languageClient.LanguageClient(
    "trellis",
    "Trellis",
    { command: SERVER, transport: host.languageClient.TransportKind.stdio },
    { documentSelector: [], initializationOptions: {} },
  );
  await assert.rejects(client.start(), new RegExp(`command '${serverCommand.replace(".", "\\.")}' already exists`));
  assert.equal(client.isRunning(), false);
});

test("an extension that registers a server command itself fails to start its client", async () => {
  const original = fs.readFileSync(EXTENSION_PATH, "utf8");
  const clashing = original.replace('openJSON: "trellis.openJSON"', 'openJSON: "trellis.showJSON"');
  assert.notEqual(clashing, original, "the id of the Show JSON command is where the test expects it");
  const host = hostWith();
  const extension = loadExtension(host, clashing);
  try {
    await extension.activate(host.context);
    assert.equal(host.record.errors.length, 1);
    assert.match(host.record.errors[0], /command 'trellis\.showJSON' already exists/);
  } finally {
    await extension.deactivate();
  }
});

test("activation registers each command once: the palette's own and the server's through the client", async () => {
  await withActiveExtension({}, async (host, extension) => {
    assert.deepEqual(host.record.errors, []);
    const serverCommands = host.record.clients[0].initializeResult.capabilities.executeCommandProvider.commands;
    assert.deepEqual(serverCommands, commandsInSwift(), "the server advertises what Commands.swift names");
    assert.deepEqual([...Object.values(extension.SERVER_COMMANDS)].sort(), [...serverCommands].sort());
    const registered = host.record.registrations;
    assert.equal(new Set(registered).size, registered.length, `registered once each: ${registered}`);
    assert.deepEqual([...registered].sort(), [...contributedCommands(), ...serverCommands].sort());
    for (const command of contributedCommands()) assert.ok(!serverCommands.includes(command), `${command} is not a server command`);
    assert.equal(host.record.clients.length, 1);
    assert.ok(host.record.clients[0].isRunning());
  });
});

test("package.json contributes the extension's commands only, and the menus use them", () => {
  const source = fs.readFileSync(EXTENSION_PATH, "utf8");
  const contributed = contributedCommands();
  assert.equal(new Set(contributed).size, contributed.length);
  for (const command of contributed) assert.ok(source.includes(`"${command}"`), `extension.js registers ${command}`);
  for (const command of commandsInSwift()) assert.ok(!contributed.includes(command), `${command} is the server's, registered by the client`);
  for (const [menu, entries] of Object.entries(PACKAGE.contributes.menus)) {
    for (const entry of entries) assert.ok(contributed.includes(entry.command), `${menu} names ${entry.command}, a contributed command`);
  }
  for (const entry of PACKAGE.contributes.menus.commandPalette) assert.match(entry.when, /editorLangId == json/);
  assert.ok(PACKAGE.activationEvents.includes("onLanguage:trellis"));
  assert.ok(PACKAGE.activationEvents.includes("onLanguage:json"));
});

test("initialization options leave out unset and empty settings", async () => {
  await withActiveExtension({ settings: { "trellis.diagnosticsBaseURL": "", "trellis.viewports": [], "trellis.target": null, "trellis.rtl": false } }, async (host) => {
    assert.deepEqual(host.record.errors, []);
    assert.deepEqual(host.record.clients[0].clientOptions.initializationOptions, {});
  });
  await withActiveExtension({ settings: { "trellis.diagnosticsBaseURL": "   ", "trellis.viewports": ["", "  "] } }, async (host) => {
    assert.deepEqual(host.record.clients[0].clientOptions.initializationOptions, {});
  });
  const settings = {
    "trellis.diagnosticsBaseURL": "https://example.org/diagnostics.html",
    "trellis.viewports": ["320x568@2x", "375xwrap@3x"],
    "trellis.target": 1,
    "trellis.rtl": true,
  };
  await withActiveExtension({ settings }, async (host) => {
    assert.deepEqual(host.record.errors, []);
    assert.deepEqual(host.record.clients[0].clientOptions.initializationOptions, {
      viewports: ["320x568@2x", "375xwrap@3x"],
      target: 1,
      rtl: true,
      diagnosticsBaseURL: "https://example.org/diagnostics.html",
    });
    assert.ok(host.record.clients[0].isRunning(), "the server accepts them");
  });
});

test("every Trellis and JSON document is synced, in files and untitled; other languages are not", async () => {
  const documents = [
    textDocument({ file: "/project/home.trellis", languageId: "trellis", text: "layout home rows 50% | fill\n" }),
    textDocument({ untitled: "Untitled-1", languageId: "trellis", text: "rows fill\n" }),
    textDocument({ file: "/project/home.json", languageId: "json", text: '{"rows": []}' }),
    textDocument({ file: "/project/card.grid.json", languageId: "json", text: '{"cols": []}' }),
    textDocument({ untitled: "Untitled-2", languageId: "json", text: "{}" }),
    textDocument({ file: "/project/package.json", languageId: "json", text: '{"name": "app"}' }),
    textDocument({ file: "/project/notes.txt", languageId: "plaintext", text: "rows" }),
    textDocument({ file: "/project/App.swift", languageId: "swift", text: "import UIKit" }),
  ];
  await withActiveExtension({ documents }, async (host, extension) => {
    const expected = documents.filter((document) => ["trellis", "json"].includes(document.languageId));
    for (const document of documents) {
      assert.equal(selectorMatches(extension.DOCUMENT_SELECTOR, document), expected.includes(document), document.uri.toString());
    }
    if (LIVE) assert.deepEqual(host.record.clients[0].synced, expected.map((document) => document.uri.toString()));
  });
});

test("the synchronized section carries empty values, which the server takes as unset", { skip: NEEDS_SERVER }, async () => {
  const demo = textDocument({ file: DEMO, languageId: "trellis" });
  await withActiveExtension({ documents: [demo] }, async (host) => {
    assert.equal(host.record.clients[0].sentConfiguration.trellis.diagnosticsBaseURL, "");
    host.vscode.window.activeTextEditor = { document: demo };
    await host.vscode.commands.executeCommand("trellis.openJSON");
    assert.deepEqual(host.record.errors, []);
    assert.equal(host.record.openedDocuments.length, 1);
  });
});

test("Show JSON opens the JSON trellis build writes, beside the file", { skip: NEEDS_SERVER }, async () => {
  const demo = textDocument({ file: DEMO, languageId: "trellis" });
  await withActiveExtension({ documents: [demo] }, async (host) => {
    host.vscode.window.activeTextEditor = { document: demo };
    await host.vscode.commands.executeCommand("trellis.openJSON");
    assert.deepEqual(host.record.errors, []);
    const [opened] = host.record.openedDocuments;
    assert.equal(opened.language, "json");
    const golden = JSON.parse(fs.readFileSync(path.join(ROOT, "examples", "golden", "GridLayoutDemo4.json"), "utf8"));
    assert.deepEqual(JSON.parse(opened.content), golden);
    assert.equal(host.record.shownDocuments[0].options.viewColumn, host.vscode.ViewColumn.Beside);
  });
});

test("Show Preview draws the layout at the first viewport setting in a panel", { skip: NEEDS_SERVER }, async () => {
  const demo = textDocument({ file: DEMO, languageId: "trellis" });
  await withActiveExtension({ documents: [demo], settings: { "trellis.viewports": ["320x568@2x"] } }, async (host) => {
    host.vscode.window.activeTextEditor = { document: demo };
    await host.vscode.commands.executeCommand("trellis.openPreview");
    assert.deepEqual(host.record.errors, []);
    const [panel] = host.record.panels;
    assert.match(panel.title, /^Preview: /);
    assert.match(panel.webview.html, /<svg[^>]*>/);
    assert.equal(panel.options.enableScripts, false);
  });
});

test("the commands work on grid JSON in any .json file, and decline other JSON with a message", { skip: NEEDS_SERVER }, async () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "trellis-vscode-"));
  try {
    const grid = path.join(folder, "home.json");
    fs.copyFileSync(DEMO_JSON, grid);
    const other = path.join(folder, "package.json");
    fs.writeFileSync(other, '{"name": "app", "version": "1.0.0"}\n');
    const gridDocument = textDocument({ file: grid, languageId: "json" });
    const otherDocument = textDocument({ file: other, languageId: "json" });
    await withActiveExtension({ documents: [gridDocument, otherDocument] }, async (host) => {
      host.vscode.window.activeTextEditor = { document: gridDocument };
      await host.vscode.commands.executeCommand("trellis.openJSON");
      await host.vscode.commands.executeCommand("trellis.openPreview");
      assert.deepEqual(host.record.errors, []);
      assert.equal(host.record.openedDocuments.length, 1);
      assert.equal(typeof JSON.parse(host.record.openedDocuments[0].content), "object");
      assert.match(host.record.panels[0].webview.html, /<svg/);
      host.vscode.window.activeTextEditor = { document: otherDocument };
      await host.vscode.commands.executeCommand("trellis.openJSON");
      assert.equal(host.record.openedDocuments.length, 1, "nothing opened for JSON that is not a grid");
      assert.equal(host.record.errors.length, 1);
    });
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
});

test("the commands without an editor say what to open", async () => {
  await withActiveExtension({}, async (host) => {
    await host.vscode.commands.executeCommand("trellis.openJSON");
    assert.equal(host.record.infos.length, 1);
    assert.deepEqual(host.record.openedDocuments, []);
  });
});

test("changing trellis.server.path starts a new server after the old one stops, without a clash", async () => {
  await withActiveExtension({}, async (host) => {
    await host.changeSettings({ "trellis.viewports": ["320x568@2x"] });
    assert.equal(host.record.clients.length, 1, "other settings go through the synchronized section");
    await host.changeSettings({ "trellis.server.path": LIVE ? SERVER : "trellis-lsp" });
    assert.deepEqual(host.record.errors, []);
    assert.equal(host.record.clients.length, 2);
    const [old, current] = host.record.clients;
    assert.equal(old.isRunning(), false);
    assert.ok(current.isRunning());
    if (LIVE) assert.equal(old.exitCode, 0, "the old server was shut down cleanly");
    assert.deepEqual(current.clientOptions.initializationOptions, { viewports: ["320x568@2x"] });
    for (const command of commandsInSwift()) assert.ok(host.commands.has(command), `${command} is registered by the new client`);
  });
});

test("deactivate stops the server and lets go of its commands", async () => {
  const host = hostWith();
  const extension = loadExtension(host);
  await extension.activate(host.context);
  await extension.deactivate();
  const [client] = host.record.clients;
  assert.equal(client.isRunning(), false);
  if (LIVE) assert.equal(client.exitCode, 0);
  for (const command of commandsInSwift()) assert.ok(!host.commands.has(command));
});
