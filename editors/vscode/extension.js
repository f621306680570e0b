// The Trellis extension for VS Code. It starts trellis-lsp for Trellis files and for every JSON
// document (the server answers grid dictionaries and quietly declines any other JSON, so it
// runs beside VS Code's own JSON server), and adds two palette commands:
//
//   trellis.openJSON     "Trellis: Show JSON"     the JSON `trellis build` writes, beside the file
//   trellis.openPreview  "Trellis: Show Preview"  the layout drawn as `trellis render` draws it
//
// Both ask the server through `workspace/executeCommand` for its own commands,
// `trellis.showJSON` and `trellis.render`. vscode-languageclient registers every command the
// server advertises in `executeCommandProvider` under the server's id, so the extension's own
// commands have other ids: registering a server's id here would make the client fail to start
// with "command 'trellis.showJSON' already exists".
"use strict";

const vscode = require("vscode");
const { LanguageClient, TransportKind } = require("vscode-languageclient/node");

/** The commands trellis-lsp advertises (docs/lsp.md, "commands"). */
const SERVER_COMMANDS = { showJSON: "trellis.showJSON", render: "trellis.render" };

/** The commands this extension contributes (package.json); none is a server command. */
const EXTENSION_COMMANDS = { openJSON: "trellis.openJSON", openPreview: "trellis.openPreview" };

/** Trellis files, and all JSON: the server decides which JSON is a grid dictionary. */
const DOCUMENT_SELECTOR = [
  { scheme: "file", language: "trellis" },
  { scheme: "untitled", language: "trellis" },
  { scheme: "file", language: "json" },
  { scheme: "untitled", language: "json" },
  // The project file: its mistakes, hovers and completion (other TOML is not the server's).
  { scheme: "file", pattern: "**/trellis.toml" },
];

const DEFAULT_SERVER_PATH = "trellis-lsp";

let client;
/** Restarts run one after another, so two quick changes of the path never overlap. */
let restarts = Promise.resolve();

function configuration() {
  return vscode.workspace.getConfiguration("trellis");
}

function nonEmptyString(value) {
  return typeof value === "string" && value.trim() !== "";
}

/**
 * The server's settings from the `trellis` section, with only what the user set: an empty
 * string, an empty list, `null` or the default `false` is left out, so the server keeps its
 * own default (the file's `preview` and `target` lines, no links).
 */
function initializationOptions(config) {
  const options = {};
  const viewports = config.get("viewports", []);
  if (Array.isArray(viewports)) {
    const given = viewports.filter(nonEmptyString).map((viewport) => viewport.trim());
    if (given.length > 0) options.viewports = given;
  }
  const target = config.get("target", null);
  if (target === 1 || target === 2) options.target = target;
  if (config.get("rtl", false) === true) options.rtl = true;
  const base = config.get("diagnosticsBaseURL", "");
  if (nonEmptyString(base)) options.diagnosticsBaseURL = base.trim();
  return options;
}

function serverPath(config) {
  const path = config.get("server.path", DEFAULT_SERVER_PATH);
  return nonEmptyString(path) ? path.trim() : DEFAULT_SERVER_PATH;
}

function createClient() {
  const config = configuration();
  const serverOptions = { command: serverPath(config), transport: TransportKind.stdio };
  const clientOptions = {
    documentSelector: DOCUMENT_SELECTOR,
    initializationOptions: initializationOptions(config),
    synchronize: { configurationSection: "trellis" },
  };
  return new LanguageClient("trellis", "Trellis", serverOptions, clientOptions);
}

async function startClient() {
  const started = client;
  try {
    await started.start();
  } catch (error) {
    vscode.window.showErrorMessage(
      `Trellis: could not start ${serverPath(configuration())}: ${error.message || error}. ` +
        "Build it with `swift build -c release --product trellis-lsp` and put it on PATH, or set trellis.server.path.",
    );
  }
}

async function stopClient() {
  const running = client;
  client = undefined;
  if (running) await running.stop().catch(() => undefined);
}

/** A new server for a new `trellis.server.path`: the old client goes first, and with it its commands. */
async function restartClient() {
  await stopClient();
  client = createClient();
  await startClient();
}

async function executeServerCommand(command, extraArguments) {
  const editor = vscode.window.activeTextEditor;
  if (!editor) {
    vscode.window.showInformationMessage("Trellis: open a Trellis file or a grid dictionary first.");
    return undefined;
  }
  if (!client) return undefined;
  const uri = editor.document.uri.toString();
  try {
    return await client.sendRequest("workspace/executeCommand", { command, arguments: [uri, ...extraArguments] });
  } catch (error) {
    vscode.window.showErrorMessage(`Trellis: ${error.message || error}`);
    return undefined;
  }
}

async function openJSON() {
  const result = await executeServerCommand(SERVER_COMMANDS.showJSON, []);
  if (!result) return;
  const document = await vscode.workspace.openTextDocument({ language: result.language || "json", content: result.content });
  await vscode.window.showTextDocument(document, { viewColumn: vscode.ViewColumn.Beside, preview: true });
}

function escapeHTML(text) {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

async function openPreview() {
  const viewports = initializationOptions(configuration()).viewports || [];
  const result = await executeServerCommand(SERVER_COMMANDS.render, viewports.slice(0, 1));
  if (!result) return;
  const panel = vscode.window.createWebviewPanel("trellisPreview", `Preview: ${result.name}`, vscode.ViewColumn.Beside, {
    enableScripts: false,
  });
  // The SVG comes from the server and holds no script; the page allows none.
  panel.webview.html = `<!DOCTYPE html><html><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:;">
<title>${escapeHTML(result.name)}</title></head><body style="background:#fff">${result.content}</body></html>`;
}

function activate(context) {
  context.subscriptions.push(
    vscode.commands.registerCommand(EXTENSION_COMMANDS.openJSON, openJSON),
    vscode.commands.registerCommand(EXTENSION_COMMANDS.openPreview, openPreview),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (!event.affectsConfiguration("trellis.server.path")) return undefined;
      restarts = restarts.then(restartClient);
      return restarts;
    }),
  );
  client = createClient();
  return startClient();
}

function deactivate() {
  return restarts.then(stopClient);
}

module.exports = { activate, deactivate, initializationOptions, SERVER_COMMANDS, EXTENSION_COMMANDS, DOCUMENT_SELECTOR };
