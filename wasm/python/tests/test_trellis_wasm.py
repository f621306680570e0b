"""The Python package: check, build and frames on real inputs, errors raised as errors, the
module made anew after a trap, and the same answers as the native `trellis` on the examples."""

import json
import os
import subprocess
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import trellis_wasm

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..")
with open(os.path.join(ROOT, "examples", "GridLayoutDemo4.trellis"), encoding="utf-8") as demo:
    DEMO = demo.read()


def test_check_reports_findings():
    assert trellis_wasm.check(DEMO, name="GridLayoutDemo4.trellis")["ok"]
    result = trellis_wasm.check('{"rows": [{"size": "50%"}, {"size": "60%"}]}', name="home.json")
    assert result["warnings"] == 1
    assert result["diagnostics"][0]["code"] == "M106"
    assert result["report"]["files"][0]["path"] == "home.json"


def test_build_compiles_each_layout_in_either_dialect():
    v2 = trellis_wasm.build("layout home rows { 44 | fill spacing(4) }", target="2", compact=True)
    assert v2["ok"] and v2["layouts"][0]["name"] == "home"
    assert json.loads(v2["layouts"][0]["json"])["rows"][1]["spacing"] == 4
    failed = trellis_wasm.build("layout home rows { 44 |")
    assert not failed["ok"] and failed["layouts"] == [] and failed["diagnostics"][0]["severity"] == "error"


def test_frames_and_offsets_in_bytes():
    result = trellis_wasm.frames("layout home rows { 44 | fill }", viewports=["375x667@2x"])
    assert result["ok"] and result["layouts"][0]["viewports"][0]["width"] == 375
    text = "// 首页\nlayout a rows { fill }\n"
    at = len(text.encode("utf-8")) - len("ll }\n")
    hover = trellis_wasm.call({"command": "hover", "source": text, "offset": at, "positionEncoding": "utf-8"})["hover"]
    assert hover["start"] == at - 2 and "fill" in hover["markdown"]


def test_a_use_reaches_the_files_given():
    shop = os.path.join(ROOT, "examples", "shop")
    with open(os.path.join(shop, "layouts", "everyday.trellis"), encoding="utf-8") as file:
        everyday = file.read()
    with open(os.path.join(shop, "cards.trellis"), encoding="utf-8") as file:
        files = {"cards.trellis": file.read()}
    built = trellis_wasm.build(everyday, name="layouts/everyday.trellis", files=files, target="2", compact=True)
    assert built["ok"] and json.loads(built["layouts"][0]["json"])["rows"][0]["size"] == 120
    alone = trellis_wasm.check(everyday, name="layouts/everyday.trellis")
    assert not alone["ok"] and alone["diagnostics"][0]["code"] == "U001"


def test_errors_are_raised():
    with pytest.raises(trellis_wasm.TrellisError, match="there is no command 'nope'"):
        trellis_wasm.call({"command": "nope", "source": ""})
    with pytest.raises(trellis_wasm.TrellisError, match="`target` is 1, 2 or any"):
        trellis_wasm.check("", target="3")
    assert trellis_wasm.check("layout a rows fill")["ok"]


NATIVE = os.path.abspath(os.environ.get("TRELLIS") or os.path.join(ROOT, ".build", "debug", "trellis"))


@pytest.mark.skipif(not os.path.exists(NATIVE), reason="no native trellis to compare with (swift build, or set TRELLIS)")
def test_answers_equal_the_native_tool_on_the_examples():
    folder = os.path.join(ROOT, "examples")
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".trellis"):
            continue
        with open(os.path.join(folder, name), encoding="utf-8") as handle:
            text = handle.read()
        native = subprocess.run([NATIVE, "check", "--format", "json", name], cwd=folder, capture_output=True, text=True, check=False)
        assert trellis_wasm.call({"command": "check", "source": text, "name": name})["report"] == native.stdout, name
