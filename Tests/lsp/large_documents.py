#!/usr/bin/env python3
"""Request latencies and memory of trellis-lsp on a large document (docs/lsp.md, "Speed").

Writes a .trellis document (many layouts of product cards: nested rows and cols, attributes,
templates, comments in Chinese and emoji) or a grid dictionary (one pretty-printed JSON
object of nested rows and cols) of about --megabytes MB, starts the server, and reports:
the server's resident memory (VmRSS) before the open, once the diagnostics are published,
and after the close; the time from didOpen to the diagnostics; and the round trip of each
request (semantic tokens full and for a screen, document symbols, folding, hover,
completion, inlay hints for a screen, formatting), best and worst of --runs.

Usage: large_documents.py [--server PATH] [--kind trellis|json] [--megabytes 20] [--runs 3]
                          [--encoding utf-16|utf-8] [--keep FILE]
(not a test: pytest collects only test_*.py.)
"""
import argparse
import gc
import json
import os
import pathlib
import subprocess
import sys
import threading
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]


def trellis_document(target):
    parts = ["// generated: 大文档 🧱\ntarget mylayout 2\npreview 375x667@2x\n",
             "template badge { _ overlap(bottom|left) padding(0 0 5 0) }\n",
             "template card { 50% padding(0 5 0 5) bottom-borderline(color #EEEEEE thick 1) }\n"]
    size = sum(len(p.encode()) for p in parts)
    layout = 0
    while size < target:
        rows = [f"layout screen{layout} padding(10 0 10 0) tag({layout + 1}) rows {{\n"]
        for row in range(200):
            rows.append(f"  {40 + row % 7} padding(5 5 5 5) spacing(3) cols {{\n"
                        f"    50% anchor tag({row}) rows fill | wrap | 20 // 商品 {row} 😀\n"
                        f"    fill gravity(top|left) cols 10 | 20% | -50% | fill rows {{ card | 1/3 }}\n"
                        f"    1/3 action(handleTap:) bottom-borderline(color #EEEEEE thick 1)\n"
                        f"  }}\n")
            if row % 50 == 0:
                rows.append("  badge // 注释 😀\n")
        rows.append("}\n")
        chunk = "".join(rows)
        parts.append(chunk)
        size += len(chunk.encode())
        layout += 1
    return "".join(parts)


def json_document(target):
    def card(n):
        return {"size": 40 + n % 7, "padding": "{5,5,5,5}", "space": 3, "cols": [
            {"size": "50%", "anchor": True, "tag": n, "rows": [{"size": "fill"}, {"size": "wrap"}, {"size": 20}]},
            {"size": "fill", "gravity": "top|left", "cols": [{"size": 10}, {"size": "20%"}, {"size": "-50%"},
                                                           {"size": "fill", "rows": [{"size": "50%"}, {"size": "1/3"}]}]},
            {"size": "1/3", "action": "handleTap:", "bottom-borderline": {"color": "#EEEEEE", "thick": 1}},
        ]}
    def document(count):
        return json.dumps({"padding": "{10,0,10,0}", "rows": [card(n) for n in range(count)] + [{"size": "fill"}]},
                          indent=2, ensure_ascii=False) + "\n"
    sample = len(document(100).encode()) / 100
    return document(max(1, int(target / sample)))


class Server:
    """The server over pipes: requests by id, notifications kept in a list."""

    def __init__(self, command):
        self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0)
        self.lock = threading.Condition()
        self.responses = {}
        self.notifications = []
        self.next_id = 1
        threading.Thread(target=self.read, daemon=True).start()

    def read(self):
        out = self.process.stdout
        while True:
            length = None
            while True:
                line = out.readline()
                if not line:
                    return
                line = line.strip()
                if not line:
                    break
                key, _, value = line.partition(b":")
                if key.lower() == b"content-length":
                    length = int(value)
            body = bytearray()
            while len(body) < length:
                chunk = out.read(min(length - len(body), 1 << 20))
                if not chunk:
                    return
                body += chunk
            now = time.perf_counter()
            message = json.loads(body)
            with self.lock:
                if "id" in message and "method" not in message:
                    self.responses[message["id"]] = (now, message, len(body))
                else:
                    self.notifications.append((now, message))
                self.lock.notify_all()

    def send(self, message):
        body = json.dumps(message, ensure_ascii=False).encode()
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)

    def request(self, method, params, timeout=300):
        start = time.perf_counter()
        ident = self.start_request(method, params)
        end, message, size = self.reply(ident, timeout)
        return end - start, message, size

    def start_request(self, method, params):
        with self.lock:
            ident = self.next_id
            self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": ident, "method": method, "params": params})
        return ident

    def reply(self, ident, timeout=300):
        """When the reply to `ident` was read, the reply, and its size."""
        with self.lock:
            if not self.lock.wait_for(lambda: ident in self.responses, timeout):
                raise TimeoutError(ident)
            return self.responses.pop(ident)

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def wait_notification(self, method, since, timeout=600):
        with self.lock:
            found = lambda: next((m for t, m in self.notifications if t >= since and m.get("method") == method), None)
            if not self.lock.wait_for(lambda: found() is not None, timeout):
                raise TimeoutError(method)
            return found()

    def rss_mib(self):
        with open(f"/proc/{self.process.pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
        return 0.0


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--server", default=str(ROOT / ".build" / "release" / "trellis-lsp"))
    parser.add_argument("--kind", choices=["trellis", "json"], default="trellis")
    parser.add_argument("--megabytes", type=float, default=20)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--encoding", choices=["utf-16", "utf-8"], default="utf-16")
    parser.add_argument("--keep", help="also write the document here")
    parser.add_argument("--skip", default="", help="comma-separated requests to leave out (e.g. formatting)")
    args = parser.parse_args()
    # The client's garbage collector would walk the millions of numbers of a tokens reply
    # during a later request, and its time would count as the server's.
    gc.disable()

    target = int(args.megabytes * 1_000_000)
    text = trellis_document(target) if args.kind == "trellis" else json_document(target)
    if args.keep:
        pathlib.Path(args.keep).write_text(text, encoding="utf-8")
    lines = text.split("\n")
    uri = "file:///tmp/large." + ("trellis" if args.kind == "trellis" else "grid.json")
    server = Server([args.server])
    server.request("initialize", {"processId": os.getpid(), "rootUri": None,
                                  "capabilities": {"general": {"positionEncodings": [args.encoding]}}})
    server.notify("initialized", {})
    time.sleep(0.2)
    print(f"{args.kind}: {len(text.encode()) / 1e6:.1f} MB, {len(lines)} lines, {args.encoding}")
    print(f"  VmRSS before open      {server.rss_mib():8.1f} MiB")
    start = time.perf_counter()
    server.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": args.kind, "version": 1, "text": text}})
    server.wait_notification("textDocument/publishDiagnostics", start)
    print(f"  open to diagnostics    {time.perf_counter() - start:8.2f} s")
    print(f"  VmRSS after open       {server.rss_mib():8.1f} MiB")

    document = {"uri": uri}
    middle = len(lines) // 2
    # A line in the middle with a size on it, for hover and completion.
    line = next(i for i in range(middle, len(lines)) if ("padding" in lines[i] or '"size"' in lines[i]))
    column = len(lines[line]) - len(lines[line].lstrip()) + 1
    screen = {"start": {"line": middle, "character": 0}, "end": {"line": middle + 60, "character": 0}}
    top = {"start": {"line": 0, "character": 0}, "end": {"line": 60, "character": 0}}
    # The first line inside a template's cell (Trellis: every use is a grid of it) or a key.
    first = next((i for i, text in enumerate(lines) if text.startswith("template ")), 2)
    inside = lines[first].index("{") + 2 if "{" in lines[first] else 3
    requests = [
        ("semanticTokens/full", "textDocument/semanticTokens/full", {"textDocument": document}),
        ("semanticTokens/range", "textDocument/semanticTokens/range", {"textDocument": document, "range": screen}),
        ("documentSymbol", "textDocument/documentSymbol", {"textDocument": document}),
        ("foldingRange", "textDocument/foldingRange", {"textDocument": document}),
        ("hover", "textDocument/hover", {"textDocument": document, "position": {"line": line, "character": column}}),
        ("completion", "textDocument/completion", {"textDocument": document, "position": {"line": line, "character": column}}),
        ("hover in a template", "textDocument/hover", {"textDocument": document, "position": {"line": first, "character": inside}}),
        ("completion at the top", "textDocument/completion", {"textDocument": document, "position": {"line": 1, "character": 0}}),
        ("inlayHint", "textDocument/inlayHint", {"textDocument": document, "range": screen}),
        ("inlayHint at the top", "textDocument/inlayHint", {"textDocument": document, "range": top}),
        ("formatting", "textDocument/formatting", {"textDocument": document, "options": {"tabSize": 2, "insertSpaces": True}}),
    ]
    skipped = set(filter(None, args.skip.split(",")))
    for name, method, params in requests:
        if name in skipped:
            continue
        times = []
        size = 0
        for _ in range(args.runs):
            elapsed, message, size = server.request(method, params)
            if "error" in message:
                print(f"  {name}: error {message['error']}")
                break
            times.append(elapsed)
        if times:
            print(f"  {name:22} {min(times) * 1000:8.1f} ms best, {max(times) * 1000:8.1f} ms worst   ({size / 1e6:.1f} MB reply)")
    if args.kind == "trellis" and "formatting" not in skipped:
        # A formatting cancelled after 0.2 s, with a hover sent while it works.
        formatting = server.start_request("textDocument/formatting", requests[-1][2])
        time.sleep(0.2)
        elapsed, _, _ = server.request("textDocument/hover", requests[4][2])
        print(f"  hover while formatting {elapsed * 1000:8.1f} ms")
        start = time.perf_counter()
        server.notify("$/cancelRequest", {"id": formatting})
        end, message, _ = server.reply(formatting)
        code = message.get("error", {}).get("code", "a result")
        print(f"  formatting cancelled   {(end - start) * 1000:8.1f} ms to its answer ({code})")
        # A formatting of a small document waits for the worker: the cancelled one stops at
        # its next look (after the formatter and its check, which cannot stop midway).
        small = "file:///tmp/small.trellis"
        server.notify("textDocument/didOpen", {"textDocument": {"uri": small, "languageId": "trellis", "version": 1, "text": "layout s rows 1|2\n"}})
        elapsed, _, _ = server.request("textDocument/formatting", {"textDocument": {"uri": small}, "options": {"tabSize": 2, "insertSpaces": True}})
        print(f"  next formatting, small {elapsed * 1000:8.1f} ms (after the cancelled one stops)")
    print(f"  VmRSS after requests   {server.rss_mib():8.1f} MiB")
    server.notify("textDocument/didClose", {"textDocument": document})
    server.request("shutdown", None)  # answered after the close is handled
    time.sleep(0.2)
    print(f"  VmRSS after close      {server.rss_mib():8.1f} MiB")
    server.notify("exit", None)
    server.process.wait(timeout=60)


if __name__ == "__main__":
    sys.exit(main())
