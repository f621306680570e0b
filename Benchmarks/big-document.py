#!/usr/bin/env python3
"""Big documents in the language server: each request's time on one large document.

Usage: python3 Benchmarks/big-document.py [--server PATH] [--megabytes N] [FILE]

Without FILE, writes a Trellis file of about N MB (default 20) with `trellis-bench
--write-build-input` (5 MB, repeated under new layout names). Opens it in the server, then
times full semantic tokens, document symbols, folding ranges, inlay hints for 60 lines in
the middle and for the whole document (wall time, and the server's processor time, which
a loaded machine's steal leaves out), and prints the server's resident memory open and
after the document is closed. Responses are read as bytes, never parsed: the figure is the
server's, not this script's JSON parser's (parsing 60 MB of tokens in Python takes seconds).
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
import urllib.parse

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def send(process, message):
    body = json.dumps(message).encode()
    process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    process.stdin.flush()


def response(process, request_id):
    """The raw bytes of the response to `request_id` (notifications are skipped)."""
    while True:
        header = b""
        while not header.endswith(b"\r\n\r\n"):
            byte = process.stdout.read(1)
            if not byte:
                raise SystemExit("the server closed its output")
            header += byte
        length = next(int(line.split(b":")[1]) for line in header.split(b"\r\n") if line.lower().startswith(b"content-length"))
        body = process.stdout.read(length)
        start = body[:120]
        if b'"method"' not in start and (b'"id":%d,' % request_id) in start:
            return body


def cpu_seconds(process):
    """The server's processor time so far (user and system), which another machine's load
    on this one (steal) leaves out where wall time does not."""
    with open(f"/proc/{process.pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def resident_kib(process):
    with open(f"/proc/{process.pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS"):
                return int(line.split()[1])
    return 0


def generated_file(megabytes, folder):
    bench = os.path.join(ROOT, ".build", "release", "trellis-bench")
    piece = os.path.join(folder, "piece.trellis")
    subprocess.run([bench, "--write-build-input", piece], check=True)
    with open(piece, encoding="utf-8") as handle:
        text = handle.read()
    body = [line for line in text.splitlines(keepends=True) if not line.startswith(("target", "preview", "template"))]
    parts = [text]
    copy = 1
    while sum(len(part.encode()) for part in parts) < megabytes * 1_000_000:
        parts.append("".join(body).replace("layout screen", f"layout copy{copy}screen"))
        copy += 1
    path = os.path.join(folder, "big.trellis")
    with open(path, "w", encoding="utf-8") as handle:
        handle.write("".join(parts))
    return path


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--server", default=os.path.join(ROOT, ".build", "release", "trellis-lsp"))
    parser.add_argument("--megabytes", type=float, default=20)
    parser.add_argument("file", nargs="?")
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.abspath(arguments.file or generated_file(arguments.megabytes, folder))
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
        lines = text.count("\n") + 1
        print(f"{path}: {len(text.encode()) / 1e6:.1f} MB, {lines} lines")
        server = subprocess.Popen([arguments.server], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        send(server, {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"processId": None, "rootUri": None, "capabilities": {}}})
        response(server, 1)
        send(server, {"jsonrpc": "2.0", "method": "initialized", "params": {}})
        uri = "file://" + urllib.parse.quote(path)
        document = {"uri": uri}
        opened = time.perf_counter()
        send(server, {"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {**document, "languageId": "trellis", "version": 1, "text": text}}})
        middle = lines // 2
        requests = [
            ("open, then folding ranges", "textDocument/foldingRange", {"textDocument": document}),
            ("full semantic tokens", "textDocument/semanticTokens/full", {"textDocument": document}),
            ("document symbols", "textDocument/documentSymbol", {"textDocument": document}),
            ("folding ranges", "textDocument/foldingRange", {"textDocument": document}),
            ("inlay hints, 60 lines", "textDocument/inlayHint",
             {"textDocument": document, "range": {"start": {"line": middle, "character": 0}, "end": {"line": middle + 60, "character": 0}}}),
            ("inlay hints, the whole document", "textDocument/inlayHint",
             {"textDocument": document, "range": {"start": {"line": 0, "character": 0}, "end": {"line": lines, "character": 0}}}),
        ]
        for number, (name, method, params) in enumerate(requests, start=10):
            start = opened if number == 10 else time.perf_counter()
            cpu = cpu_seconds(server) if number > 10 else 0
            send(server, {"jsonrpc": "2.0", "id": number, "method": method, "params": params})
            body = response(server, number)
            elapsed = time.perf_counter() - start
            print(f"  {name}: {elapsed:.2f} s, server processor {cpu_seconds(server) - cpu:.2f} s ({len(body) / 1e6:.1f} MB of response)")
        print(f"  resident memory with the document open: {resident_kib(server) / 1024:.0f} MiB")
        send(server, {"jsonrpc": "2.0", "method": "textDocument/didClose", "params": {"textDocument": document}})
        send(server, {"jsonrpc": "2.0", "id": 99, "method": "shutdown", "params": None})
        response(server, 99)
        print(f"  resident memory once it is closed: {resident_kib(server) / 1024:.0f} MiB")
        send(server, {"jsonrpc": "2.0", "method": "exit", "params": None})
        server.wait(timeout=30)
    return 0


if __name__ == "__main__":
    sys.exit(main())
