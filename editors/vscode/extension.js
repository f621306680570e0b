// The Trellis extension: starts trellis-lsp for .trellis files and *.grid.json, and adds
// "Trellis: Show JSON" and "Trellis: Show Preview", which ask the server for the lowered JSON
// and the rendered SVG and open them beside the editor.
"use strict";

const vscode = require("vscode");
const { LanguageClient, TransportKind } = require("vscode-languageclient/node");

let client;

function settings() {
  const config = vscode.workspace.getConfiguration("trellis");
  const result = {
    viewports: config.get("viewports", []),
    rtl: config.get("rtl", false),
  };
  const target = config.get("target", null);
  if (target === 1 || target === 2) result.target = target;
  const base = config.get("diagnosticsBaseURL", "");
  if (base) result.diagnosticsBaseURL = base;
  return result;
}

async function run(command, extra) {
  const editor = vscode.window.activeTextEditor;
  if (!editor || !client) return undefined;
  const uri = editor.document.uri.toString();
  try {
    return await client.sendRequest("workspace/executeCommand", { command, arguments: [uri, ...extra] });
  } catch (error) {
    vscode.window.showErrorMessage(`Trellis: ${error.message || error}`);
    return undefined;
  }
}

async function showJSON() {
  const result = await run("trellis.showJSON", []);
  if (!result) return;
  const document = await vscode.workspace.openTextDocument({ language: "json", content: result.content });
  await vscode.window.showTextDocument(document, { viewColumn: vscode.ViewColumn.Beside, preview: true });
}

function escapeHTML(text) {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

async function showPreview() {
  const viewports = vscode.workspace.getConfiguration("trellis").get("viewports", []);
  const result = await run("trellis.render", viewports.length > 0 ? [viewports[0]] : []);
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
  const command = vscode.workspace.getConfiguration("trellis").get("server.path", "trellis-lsp");
  const serverOptions = { command, transport: TransportKind.stdio };
  const clientOptions = {
    documentSelector: [
      { scheme: "file", language: "trellis" },
      { scheme: "untitled", language: "trellis" },
      { scheme: "file", language: "json", pattern: "**/*.grid.json" },
    ],
    initializationOptions: settings(),
    synchronize: { configurationSection: "trellis" },
  };
  client = new LanguageClient("trellis", "Trellis", serverOptions, clientOptions);
  context.subscriptions.push(
    vscode.commands.registerCommand("trellis.showJSON", showJSON),
    vscode.commands.registerCommand("trellis.showPreview", showPreview),
  );
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
