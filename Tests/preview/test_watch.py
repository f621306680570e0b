"""`trellis watch FILE -o DIR` and the preview server's defences, without a browser: a
rebuild line per save, the last JSON kept over errors, garbage, oversized heads and foreign
Host headers answered with 400, 431 and 403 while the server keeps serving."""

import json
import os
import select
import shutil
import socket
import subprocess
import time
import urllib.request
from pathlib import Path

from test_preview import ROOT, TRELLIS, wait_for


def read_line(process, timeout=10.0):
    """The next line of the process's output, or a failure after `timeout` seconds."""
    ready, _, _ = select.select([process.stdout], [], [], timeout)
    assert ready, "no output line in time"
    return process.stdout.readline()


def test_watch_rebuilds_on_every_save(tmp_path):
    source = tmp_path / "card.trellis"
    source.write_text("layout card rows 40 | fill\n")
    out = tmp_path / "out"
    process = subprocess.Popen([TRELLIS, "watch", str(source), "-o", str(out)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        first = read_line(process)
        assert first.rstrip().endswith(f"{source} → {out / 'card.json'}"), first
        assert json.loads((out / "card.json").read_text())["rows"][0]["size"] == 40
        source.write_text("layout card rows 60 | fill\n")
        second = read_line(process)
        assert "→" in second, second
        assert json.loads((out / "card.json").read_text())["rows"][0]["size"] == 60
        source.write_text("layout card rows 60 padding(1 2 3) | fill\n")
        third = read_line(process)
        assert "1 error, kept the last JSON" in third and "M005" in third, third
        assert json.loads((out / "card.json").read_text())["rows"][0]["size"] == 60
    finally:
        process.terminate()
        process.wait(timeout=5)


def test_watch_follows_a_removed_folder_and_a_symlink(tmp_path):
    folder = tmp_path / "layouts"
    folder.mkdir()
    source = folder / "card.trellis"
    source.write_text("layout card rows 40 | fill\n")
    real = tmp_path / "real.trellis"
    real.write_text("layout linked rows 10 | fill\n")
    link = tmp_path / "link.trellis"
    link.symlink_to(real)
    out = tmp_path / "out"
    process = subprocess.Popen([TRELLIS, "watch", str(source), str(link), "-o", str(out)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert "card.json" in read_line(process) and "linked.json" in read_line(process)
        real.write_text("layout linked rows 30 | fill\n")      # edited through the link's target
        assert "linked.json" in read_line(process)
        assert json.loads((out / "linked.json").read_text())["rows"][0]["size"] == 30
        shutil.rmtree(folder)
        assert "cannot read it" in read_line(process)
        folder.mkdir()
        source.write_text("layout card rows 50 | fill\n")
        wait_for(lambda: json.loads((out / "card.json").read_text())["rows"][0]["size"] == 50, what="the folder watched again")
    finally:
        process.terminate()
        process.wait(timeout=5)


def start_preview(tmp_path):
    """`trellis preview` of a copy of the one-liner: the process, the file, its URL and port."""
    source = tmp_path / "demo.trellis"
    shutil.copy(ROOT / "examples" / "one-liner.trellis", source)
    process = subprocess.Popen([TRELLIS, "preview", str(source)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    url = read_line(process).split()[2]
    return process, source, url, int(url.rstrip("/").rsplit(":", 1)[1])


def test_the_server_refuses_garbage_and_other_hosts(tmp_path):
    process, source, url, port = start_preview(tmp_path)
    try:
        for garbage, status in [(b"\x00\xff garbage\r\n\r\n", b"400"), (b"POST / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", b"400"),
                                (b"GET /" + b"a" * 40_000, b"431")]:
            with socket.create_connection(("127.0.0.1", port), timeout=5) as connection:
                connection.sendall(garbage)
                connection.shutdown(socket.SHUT_WR)
                assert connection.recv(100).startswith(b"HTTP/1.1 " + status), garbage[:20]
        request = urllib.request.Request(url + "state", headers={"Host": "attacker.example"})
        try:
            urllib.request.urlopen(request)
            raise AssertionError("a foreign Host header was answered")
        except urllib.error.HTTPError as error:
            assert error.code == 403
        # A client that opens the event stream and vanishes costs nothing: its connection is
        # closed without waiting for a change to fail to reach it.
        descriptors = lambda: len(os.listdir(f"/proc/{process.pid}/fd"))
        before = descriptors()
        for _ in range(50):
            connection = socket.create_connection(("127.0.0.1", port), timeout=5)
            connection.sendall(f"GET /events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
            connection.recv(10)
            connection.close()
        wait_for(lambda: descriptors() <= before + 1, what="the closed streams to be released")
        source.write_text("rows 10 | fill\n")
        wait_for(lambda: json.load(urllib.request.urlopen(url + "state"))["version"] >= 2, what="the change after vanished clients")
        assert process.poll() is None, "the server is still running"

        def state():
            return json.load(urllib.request.urlopen(url + "state"))["files"][0]

        # Half-written: errors, and the last good picture stays.
        source.write_text("rows 10 | fill padding(1 2")
        wait_for(lambda: state()["errors"] and state()["stale"], what="the half-written file")
        assert state()["layouts"] == ["demo"]
        # Huge: reported, not read.
        with open(source, "wb") as handle:
            handle.truncate(65 << 20)
        wait_for(lambda: "larger than 64 MB" in (state()["readError"] or ""), what="the huge file")
        source.write_text("rows 20 | fill\n")
        wait_for(lambda: state()["readError"] is None and not state()["errors"], what="the good file again")
        with urllib.request.urlopen(url + "render?file=0&layout=0&w=375&h=667&s=2") as response:
            assert json.load(response)["grids"][1]["height"] == 20
    finally:
        process.terminate()
        process.wait(timeout=5)


def test_the_server_reads_oversized_heads_and_any_case_of_its_host(tmp_path):
    process, _, _, port = start_preview(tmp_path)
    try:

        def ask(*parts):
            """Sends the parts a moment apart, as a client writing a long head does; the answer."""
            with socket.create_connection(("127.0.0.1", port), timeout=5) as connection:
                for index, part in enumerate(parts):
                    if index:
                        time.sleep(0.3)
                    connection.sendall(part)
                answer = b""
                while chunk := connection.recv(4096):
                    answer += chunk
                return answer

        # A head over 16 KiB, its end sent after the server has seen enough: a 431 to read,
        # not a reset.
        padding = b"GET /state HTTP/1.1\r\nX-Padding: " + b"a" * 20_000 + b"\r\n"
        answer = ask(padding, f"Host: 127.0.0.1:{port}\r\n\r\n".encode())
        assert answer.startswith(b"HTTP/1.1 431 Request Header Fields Too Large\r\n"), answer[:60]
        # Just under the limit is read.
        head = f"GET /state HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nX-Padding: ".encode()
        answer = ask(head + b"a" * (16_384 - len(head) - 2) + b"\r\n\r\n")
        assert answer.startswith(b"HTTP/1.1 200 OK\r\n"), answer[:60]
        # Header names and host names in any case (RFC 9110); another port or host is refused.
        for host_line, status in [(f"HOST: LOCALHOST:{port}", b"200"), (f"host: 127.0.0.1:{port}", b"200"),
                                  (f"Host: LocalHost:{port}", b"200"), (f"HOST: localhost:{port + 1}", b"403"),
                                  ("Host: LOCALHOST.attacker.example", b"403")]:
            answer = ask(f"GET /state HTTP/1.1\r\n{host_line}\r\n\r\n".encode())
            assert answer.startswith(b"HTTP/1.1 " + status), (host_line, answer[:60])
        assert process.poll() is None, "the server is still running"
    finally:
        process.terminate()
        process.wait(timeout=5)


def test_watch_and_preview_read_the_project(tmp_path):
    """With no path, `watch` builds the project's .trellis files into its out-dir with its
    target, and `preview` shows its files at its devices with its codes' severities."""
    project = '[project]\ntarget = 1\npreviews = ["320x480@3x"]\ninclude = ["layouts/*.trellis"]\nout-dir = "out"\n'
    (tmp_path / "trellis.toml").write_text(project)
    (tmp_path / "layouts").mkdir()
    (tmp_path / "layouts" / "home.trellis").write_text("layout home spacing(3) rows 40 | fill\ntemplate spare { 10 }\n")
    (tmp_path / "notes.trellis").write_text("layout notes rows 1\n")
    watch = subprocess.Popen([TRELLIS, "watch"], cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        first = read_line(watch)
        assert first.rstrip().endswith("layouts/home.trellis → out/home.json (1 warning: trellis check layouts/home.trellis)"), first
        assert json.loads((tmp_path / "out" / "home.json").read_text())["space"] == 3, "the project's target 1 writes `space`"
        assert not (tmp_path / "out" / "notes.json").exists(), "only the project's include"
    finally:
        watch.terminate()
        watch.wait(timeout=5)
    # An unused template made an error: the preview says so and still draws the layout.
    (tmp_path / "trellis.toml").write_text(project + '\n[lint]\nerror = ["M014"]\n')
    preview = subprocess.Popen([TRELLIS, "preview"], cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = read_line(preview, timeout=20)
        assert "(watching 1 file;" in line, line
        with urllib.request.urlopen(line.split()[2] + "state") as answer:
            state = json.loads(answer.read())
        [file] = state["files"]
        assert [device["name"] for device in file["devices"]] == ["320x480@3x"]
        assert [(d["code"], d["severity"]) for d in file["diagnostics"]] == [("M014", "error")], file["diagnostics"]
    finally:
        preview.terminate()
        preview.wait(timeout=5)
