// Small stand-ins for the `vscode` and `vscode-languageclient/node` modules, enough to activate
// extension.js under plain Node and record what it registers and sends.
//
// The `vscode` stand-in refuses a second registration of a command id with VS Code's own error
// ("command 'X' already exists"). The language client stand-in does what vscode-languageclient 9
// does at start (client/src/common/executeCommand.ts, configuration.ts): it starts the real
// server over stdio (adding `--stdio`, as TransportKind.stdio does), sends `initialize` with the
// extension's initializationOptions, registers every command of the answer's
// `executeCommandProvider` under the server's id (so an extension that registers one of them
// makes `start()` fail, as the real client does), sends `workspace/didChangeConfiguration` with
// the whole synchronized section (package.json's defaults under the user's settings), and opens
// every document the selector matches. Without a built server (`serverCommands` given instead)
// it registers those commands and sends nothing.
"use strict";

const childProcess = require("node:child_process");
const fs = require("node:fs");
const path = require("node:path");

const PACKAGE = JSON.parse(fs.readFileSync(path.join(__dirname, "..", "package.json"), "utf8"));

/** A document as extension.js and the client read it. */
function textDocument({ file, untitled, languageId, text }) {
  const uri = file
    ? { scheme: "file", fsPath: file, toString: () => `file://${encodeURI(file)}` }
    : { scheme: "untitled", fsPath: untitled, toString: () => `untitled:${untitled}` };
  return { uri, languageId, version: 1, getText: () => (text === undefined ? fs.readFileSync(file, "utf8") : text) };
}

function globToRegExp(glob) {
  let source = "";
  for (let index = 0; index < glob.length; index += 1) {
    const character = glob[index];
    if (glob.startsWith("**/", index)) {
      source += "(?:.*/)?";
      index += 2;
    } else if (character === "*") {
      source += "[^/]*";
    } else if (character === "?") {
      source += "[^/]";
    } else {
      source += character.replace(/[.+^${}()|[\]\\]/g, "\\$&");
    }
  }
  return new RegExp(`^${source}$`);
}

/** Whether a document selector (a list of filters) matches a document, as vscode.languages.match does. */
function selectorMatches(selector, document) {
  return selector.some((filter) => {
    if (typeof filter === "string") return filter === document.languageId;
    if (filter.language && filter.language !== document.languageId) return false;
    if (filter.scheme && filter.scheme !== document.uri.scheme) return false;
    if (filter.pattern && !globToRegExp(filter.pattern).test(document.uri.fsPath)) return false;
    return true;
  });
}

/** The `trellis` section as VS Code hands it to the client: the manifest's defaults under the user's settings. */
function configurationSection(section, settings) {
  const result = {};
  const put = (key, value) => {
    const parts = key.slice(section.length + 1).split(".");
    let target = result;
    for (const part of parts.slice(0, -1)) target = target[part] = target[part] || {};
    target[parts[parts.length - 1]] = value;
  };
  for (const [key, property] of Object.entries(PACKAGE.contributes.configuration.properties)) {
    if (key.startsWith(`${section}.`)) put(key, property.default);
  }
  for (const [key, value] of Object.entries(settings)) {
    if (key.startsWith(`${section}.`)) put(key, value);
  }
  return result;
}

/** A JSON-RPC connection to a server process over its standard input and output. */
class Connection {
  constructor(child) {
    this.child = child;
    this.nextId = 1;
    this.pending = new Map();
    this.buffer = Buffer.alloc(0);
    this.notifications = [];
    child.stdout.on("data", (chunk) => this.receive(chunk));
    child.on("exit", () => {
      for (const { reject } of this.pending.values()) reject(new Error("the server exited"));
      this.pending.clear();
    });
  }

  receive(chunk) {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const headerEnd = this.buffer.indexOf("\r\n\r\n");
      if (headerEnd < 0) return;
      const header = this.buffer.subarray(0, headerEnd).toString("ascii");
      const length = Number(/Content-Length: *([0-9]+)/i.exec(header)[1]);
      if (this.buffer.length < headerEnd + 4 + length) return;
      const message = JSON.parse(this.buffer.subarray(headerEnd + 4, headerEnd + 4 + length).toString("utf8"));
      this.buffer = this.buffer.subarray(headerEnd + 4 + length);
      this.dispatch(message);
    }
  }

  dispatch(message) {
    if (message.id !== undefined && message.method === undefined) {
      const waiting = this.pending.get(message.id);
      if (!waiting) return;
      this.pending.delete(message.id);
      if (message.error) waiting.reject(new Error(message.error.message));
      else waiting.resolve(message.result);
    } else if (message.id !== undefined) {
      this.send({ jsonrpc: "2.0", id: message.id, result: null });
    } else {
      this.notifications.push(message);
    }
  }

  send(message) {
    const body = Buffer.from(JSON.stringify(message), "utf8");
    this.child.stdin.write(Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`, "ascii"), body]));
  }

  request(method, params) {
    const id = this.nextId;
    this.nextId += 1;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.send({ jsonrpc: "2.0", id, method, params });
    });
  }

  notify(method, params) {
    this.send({ jsonrpc: "2.0", method, params });
  }
}

/**
 * A fresh pair of stand-ins and what they record. `settings` holds the user's settings by full
 * key (`trellis.viewports`); `documents` are the open documents; `serverCommands` replaces the
 * server when there is no built one.
 */
function createHost({ settings = {}, documents = [], serverCommands } = {}) {
  const commands = new Map();
  const record = {
    registrations: [],
    errors: [],
    infos: [],
    openedDocuments: [],
    shownDocuments: [],
    panels: [],
    clients: [],
    configurationListeners: [],
  };

  const vscode = {
    ViewColumn: { Active: -1, Beside: -2, One: 1 },
    commands: {
      registerCommand(id, handler) {
        if (commands.has(id)) throw new Error(`command '${id}' already exists`);
        commands.set(id, handler);
        record.registrations.push(id);
        return {
          dispose() {
            if (commands.get(id) === handler) commands.delete(id);
          },
        };
      },
      async executeCommand(id, ...args) {
        const handler = commands.get(id);
        if (!handler) throw new Error(`command '${id}' not found`);
        return handler(...args);
      },
      async getCommands() {
        return [...commands.keys()];
      },
    },
    workspace: {
      textDocuments: documents,
      getConfiguration(section) {
        return {
          get(key, fallback) {
            const full = `${section}.${key}`;
            return Object.prototype.hasOwnProperty.call(settings, full) ? settings[full] : fallback;
          },
        };
      },
      onDidChangeConfiguration(listener) {
        record.configurationListeners.push(listener);
        return {
          dispose() {
            record.configurationListeners = record.configurationListeners.filter((other) => other !== listener);
          },
        };
      },
      async openTextDocument(options) {
        record.openedDocuments.push(options);
        return { languageId: options.language, getText: () => options.content };
      },
    },
    window: {
      activeTextEditor: undefined,
      async showTextDocument(document, options) {
        record.shownDocuments.push({ document, options });
        return { document };
      },
      async showErrorMessage(message) {
        record.errors.push(message);
        return undefined;
      },
      async showInformationMessage(message) {
        record.infos.push(message);
        return undefined;
      },
      createWebviewPanel(viewType, title, column, options) {
        const panel = { viewType, title, column, options, webview: { html: "" } };
        record.panels.push(panel);
        return panel;
      },
    },
  };

  const TransportKind = { stdio: 0, ipc: 1, pipe: 2, socket: 3 };

  class LanguageClient {
    constructor(id, name, serverOptions, clientOptions) {
      this.id = id;
      this.name = name;
      this.serverOptions = serverOptions;
      this.clientOptions = clientOptions;
      this.state = "stopped";
      this.commandRegistrations = [];
      this.synced = [];
      this.sentConfiguration = undefined;
      this.initializeResult = undefined;
      record.clients.push(this);
    }

    async start() {
      this.state = "starting";
      try {
        this.initializeResult = serverCommands ? this.standInInitialize() : await this.startServer();
        this.registerServerCommands(this.initializeResult.capabilities);
        if (!serverCommands) this.afterInitialize();
        this.state = "running";
      } catch (error) {
        this.state = "failed";
        this.disposeCommands();
        if (this.connection) this.connection.child.kill();
        throw error;
      }
    }

    standInInitialize() {
      return { capabilities: { executeCommandProvider: { commands: serverCommands } } };
    }

    async startServer() {
      const args = [...(this.serverOptions.args || [])];
      if (this.serverOptions.transport === TransportKind.stdio) args.push("--stdio");
      const child = childProcess.spawn(this.serverOptions.command, args, { stdio: ["pipe", "pipe", "ignore"] });
      await new Promise((resolve, reject) => {
        child.once("spawn", resolve);
        child.once("error", reject);
      });
      child.stdin.on("error", () => undefined);
      this.exited = new Promise((resolve) => child.once("exit", (code) => resolve(code)));
      this.connection = new Connection(child);
      return this.connection.request("initialize", {
        processId: process.pid,
        clientInfo: { name: "stand-in for vscode-languageclient" },
        rootUri: null,
        capabilities: { workspace: { executeCommand: { dynamicRegistration: true }, didChangeConfiguration: { dynamicRegistration: true } } },
        initializationOptions: this.clientOptions.initializationOptions,
      });
    }

    /** As ExecuteCommandFeature.initialize: one vscode command per advertised id. */
    registerServerCommands(capabilities) {
      const provider = capabilities.executeCommandProvider;
      if (!provider || !provider.commands) return;
      for (const command of provider.commands) {
        this.commandRegistrations.push(
          vscode.commands.registerCommand(command, (...args) => this.sendRequest("workspace/executeCommand", { command, arguments: args })),
        );
      }
    }

    afterInitialize() {
      this.connection.notify("initialized", {});
      const section = this.clientOptions.synchronize && this.clientOptions.synchronize.configurationSection;
      if (section) {
        this.sentConfiguration = { [section]: configurationSection(section, settings) };
        this.connection.notify("workspace/didChangeConfiguration", { settings: this.sentConfiguration });
      }
      for (const document of vscode.workspace.textDocuments) {
        if (!selectorMatches(this.clientOptions.documentSelector, document)) continue;
        this.connection.notify("textDocument/didOpen", {
          textDocument: { uri: document.uri.toString(), languageId: document.languageId, version: document.version, text: document.getText() },
        });
        this.synced.push(document.uri.toString());
      }
    }

    async sendRequest(method, params) {
      if (this.state !== "running") throw new Error(`Client is not running (${this.state})`);
      if (!this.connection) throw new Error("no server: the stand-in runs without one");
      return this.connection.request(method, params);
    }

    disposeCommands() {
      for (const registration of this.commandRegistrations) registration.dispose();
      this.commandRegistrations = [];
    }

    async stop() {
      if (this.state === "running" && this.connection) {
        await this.connection.request("shutdown", null);
        this.connection.notify("exit", null);
        this.exitCode = await this.exited;
      }
      this.disposeCommands();
      this.state = "stopped";
    }

    isRunning() {
      return this.state === "running";
    }
  }

  /** Changes settings and tells the listeners, as VS Code does; resolves when they have finished. */
  async function changeSettings(changes) {
    Object.assign(settings, changes);
    const affects = (section) => Object.keys(changes).some((key) => key === section || key.startsWith(`${section}.`));
    await Promise.all(record.configurationListeners.map((listener) => listener({ affectsConfiguration: affects })));
  }

  return {
    vscode,
    languageClient: { LanguageClient, TransportKind },
    record,
    commands,
    changeSettings,
    context: { subscriptions: [] },
  };
}

module.exports = { createHost, textDocument, selectorMatches, configurationSection };
