#!/usr/bin/env python3
"""The language server on a project (issue #32's speed goals), whole process, over stdio.

Generates a project of FILES layout files (LAYOUTS layouts each) using TEMPLATES shared
templates from cards.trellis, then measures against trellis-lsp:
  * ready:   `initialized` → the first `workspace/symbol` answer (which reads every file);
  * edit:    an edit of a shared template in the open cards.trellis → the publishes of the
             DEPENDENTS open files that use it (each round waits for all of them); p50/p99;
  * rename:  `textDocument/rename` of the most used template (one WorkspaceEdit over the
             files, open or not) → its answer; p50/p99;
  * memory:  the server's peak resident memory (VmHWM).

    python3 Benchmarks/lsp-project.py --server .build/release/trellis-lsp
"""
import argparse, json, os, queue, statistics, subprocess, tempfile, threading, time


def generate(root, files, layouts, templates):
    os.makedirs(os.path.join(root, "layouts"), exist_ok=True)
    with open(os.path.join(root, "trellis.toml"), "w") as handle:
        handle.write('[project]\ntarget = 2\npreviews = ["375x667@2x"]\n')
    cards = ["// Shared cards.\n"]
    for index in range(templates):
        cards.append("template card%d { 50%% padding(0 5) action(show%d:) rows fill | 20 | 20 }\n" % (index, index))
    with open(os.path.join(root, "cards.trellis"), "w") as handle:
        handle.write("".join(cards))
    for number in range(files):
        text = ['use "../cards.trellis"\n']
        for layout in range(layouts):
            first = (number * layouts + layout) % templates
            text.append("layout page%d_%d padding(10 0) rows {\n  120 tag(1)\n  fill cols card%d | card%d\n  fill cols card0 | card%d\n}\n"
                        % (number, layout, first, (first + 1) % templates, (first + 2) % templates))
        with open(os.path.join(root, "layouts", "page%d.trellis" % number), "w") as handle:
            handle.write("".join(text))


class Client:
    def __init__(self, command):
        self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.messages = queue.Queue()
        self.next_id = 0
        threading.Thread(target=self.read, daemon=True).start()

    def read(self):
        stream = self.process.stdout
        while True:
            length = None
            while True:
                line = stream.readline()
                if not line:
                    return
                if line in (b"\r\n", b"\n"):
                    break
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
            self.messages.put(json.loads(stream.read(length)))

    def send(self, message):
        body = json.dumps(message).encode()
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def request(self, method, params):
        self.next_id += 1
        wanted = self.next_id
        self.send({"jsonrpc": "2.0", "id": wanted, "method": method, "params": params})
        while True:
            message = self.messages.get(timeout=120)
            if message.get("id") == wanted and "method" not in message:
                return message
            self.answer(message)

    def answer(self, message):
        # Requests from the server (registrations) get an empty result.
        if "method" in message and "id" in message:
            self.send({"jsonrpc": "2.0", "id": message["id"], "result": None})

    def wait_publishes(self, uris):
        pending = set(uris)
        while pending:
            message = self.messages.get(timeout=120)
            self.answer(message)
            if message.get("method") == "textDocument/publishDiagnostics":
                pending.discard(message["params"]["uri"])


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--server", default=".build/release/trellis-lsp")
    parser.add_argument("--files", type=int, default=200)
    parser.add_argument("--layouts", type=int, default=3)
    parser.add_argument("--templates", type=int, default=40)
    parser.add_argument("--dependents", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=50)
    args = parser.parse_args()
    root = os.path.realpath(tempfile.mkdtemp(prefix="trellis-lsp-project-"))
    generate(root, args.files, args.layouts, args.templates)
    uri = lambda path: "file://" + os.path.join(root, path)
    client = Client([os.path.abspath(args.server)])
    client.request("initialize", {"processId": os.getpid(), "rootUri": "file://" + root, "capabilities": {
        "workspace": {"didChangeWatchedFiles": {"dynamicRegistration": True}}}})
    started = time.perf_counter()
    client.notify("initialized", {})
    client.request("workspace/symbol", {"query": "card"})
    ready = time.perf_counter() - started

    cards_text = open(os.path.join(root, "cards.trellis")).read()
    dependents = [uri("layouts/page%d.trellis" % number) for number in range(args.dependents)]
    for number, document in enumerate(dependents):
        text = open(os.path.join(root, "layouts", "page%d.trellis" % number)).read()
        client.notify("textDocument/didOpen", {"textDocument": {"uri": document, "languageId": "trellis", "version": 1, "text": text}})
    client.notify("textDocument/didOpen", {"textDocument": {"uri": uri("cards.trellis"), "languageId": "trellis", "version": 1, "text": cards_text}})
    client.wait_publishes(dependents + [uri("cards.trellis")])

    # An edit inside card0's padding, made and taken back: every dependent uses card0.
    line = cards_text.splitlines().index(next(l for l in cards_text.splitlines() if l.startswith("template card0 ")))
    column = cards_text.splitlines()[line].index("padding(0 5)") + len("padding(0 ")
    edits = []
    for round_number in range(args.rounds):
        insert = round_number % 2 == 0
        change = {"range": {"start": {"line": line, "character": column}, "end": {"line": line, "character": column + (0 if insert else 1)}},
                  "text": "1" if insert else ""}
        began = time.perf_counter()
        client.notify("textDocument/didChange", {"textDocument": {"uri": uri("cards.trellis"), "version": round_number + 2}, "contentChanges": [change]})
        client.wait_publishes(dependents)
        edits.append((time.perf_counter() - began) * 1000)

    renames = []
    declaration = {"line": line, "character": len("template ") + 1}
    for _ in range(max(5, args.rounds // 5)):
        began = time.perf_counter()
        answer = client.request("textDocument/rename", {"textDocument": {"uri": uri("cards.trellis")}, "position": declaration, "newName": "renamed"})
        renames.append((time.perf_counter() - began) * 1000)
    changes = answer.get("result", {}).get("changes", {})
    uses = sum(len(edits_of_file) for edits_of_file in changes.values())

    peak = 0
    with open("/proc/%d/status" % client.process.pid) as status:
        for entry in status:
            if entry.startswith("VmHWM:"):
                peak = int(entry.split()[1]) / 1024
    client.request("shutdown", None)
    client.notify("exit", None)
    print(json.dumps({
        "files": args.files, "layouts": args.files * args.layouts, "templates": args.templates,
        "ready_ms": round(ready * 1000, 1),
        "edit_republish_ms": {"dependents": args.dependents, "p50": round(statistics.median(edits), 2), "p99": round(percentile(edits, 0.99), 2)},
        "rename_ms": {"edits": uses, "files": len(changes), "p50": round(statistics.median(renames), 2), "p99": round(percentile(renames, 0.99), 2)},
        "peak_memory_mib": round(peak, 1),
    }, indent=2))


if __name__ == "__main__":
    main()
