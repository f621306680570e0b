"""Trellis (MyLayout grid layouts) as WebAssembly, for Python servers: build, check and frames
without Swift, over wasmtime. Each function takes the text of a .trellis file or a grid
dictionary and answers what the `trellis` command prints for it (docs/wasm.md)."""

import json
import os
import threading

import wasmtime

__all__ = ["TrellisError", "build", "call", "check", "frames"]

_HERE = os.path.dirname(os.path.abspath(__file__))
# TRELLIS_WASM, else the package's own copy (build.sh puts one beside this file), else the build's output.
WASM = os.environ.get("TRELLIS_WASM") or next(
    (path for path in (os.path.join(_HERE, "trellis.wasm"), os.path.join(_HERE, "..", "..", "dist", "trellis.wasm")) if os.path.exists(path)),
    os.path.join(_HERE, "trellis.wasm"),
)


class TrellisError(Exception):
    """A request the module could not read, or a trap (the instance is then made anew)."""


class _Instance:
    def __init__(self):
        engine = wasmtime.Engine()
        self.store = wasmtime.Store(engine)
        module = wasmtime.Module.from_file(engine, WASM)
        exports = wasmtime.Instance(self.store, module, []).exports(self.store)
        self.memory = exports["memory"]
        self.alloc, self.free = exports["trellis_alloc"], exports["trellis_free"]
        self.call, self.answer = exports["trellis_call"], exports["trellis_answer"]


_local = threading.local()


def call(request):
    """Sends one request (a dict, see docs/wasm.md) and returns the answer (a dict)."""
    instance = getattr(_local, "instance", None) or _Instance()
    _local.instance = instance
    data = json.dumps(request, ensure_ascii=False).encode("utf-8")
    store = instance.store
    pointer = instance.alloc(store, len(data))
    try:
        instance.memory.write(store, data, pointer)
        length = instance.call(store, pointer, len(data))
        instance.free(store, pointer)
    except wasmtime.Trap as trap:
        _local.instance = None
        raise TrellisError(f"the module trapped: {trap}") from trap
    start = instance.answer(store)
    answer = json.loads(instance.memory.read(store, start, start + length).decode("utf-8"))
    if "error" in answer:
        raise TrellisError(answer["error"])
    return answer


def _diagnostics(report_text):
    report = json.loads(report_text)
    return report, [d for f in report["files"] for d in f["diagnostics"]]


def check(source, **options):
    """Lints the text as `trellis check --format json` does: a dict with ok, errors,
    warnings, diagnostics and the whole report. Options: name, kind, target, viewports, rtl, and
    files: the other files its `use` lines may reach, each path (relative to one folder, as name
    is) to its text."""
    answer = call({**options, "command": "check", "source": source})
    report, diagnostics = _diagnostics(answer["report"])
    return {"ok": answer["exit"] == 0, "errors": report["summary"]["errors"], "warnings": report["summary"]["warnings"],
            "diagnostics": diagnostics, "report": report}


def build(source, **options):
    """Compiles Trellis as `trellis build` does: ok, layouts (each name and json) and the
    diagnostics that stop a build. Options: name, target, layout, compact, files."""
    answer = call({**options, "command": "build", "source": source})
    return {"ok": answer["exit"] == 0, "layouts": answer["layouts"], "diagnostics": _diagnostics(answer["report"])[1]}


def frames(source, **options):
    """Every grid's frame at each viewport, as `trellis frames --format json` prints them."""
    answer = call({**options, "command": "frames", "source": source})
    return {"ok": answer["exit"] == 0, "layouts": json.loads(answer["frames"])["layouts"] if answer["frames"] else []}
