"""The playground's speed in headless Chromium (Benchmarks/README.md, "The playground in Chromium"):

    python3 wasm/playground/bench_playground.py [--trellis .build/release/trellis] [--dictionary big.json] [--keys 200] [--pace 60] [--trace trace.json]

1. Keystroke to picture on demo 4: real key presses (chromedriver), one at a time, each timed
   by the page from the browser's stamp on the key to the new picture in the page (median,
   p95, worst; the goal is a p95 of 16 ms, one frame at 60 Hz), `--pace` apart: the page is
   left alone between keys, as a typist leaves it, and is asked whether it answered only
   after the pause. Then half as many keys in the shop example's card library, with the holiday
   screen that uses it drawn (two `preview` calls a key); then 20 in the middle of a long text
   (demo 4 repeated to `--long-lines`, and each `--text FILE`), 200 ms apart.
2. check, build and frames of demo 4 and of a dictionary, each a call in the page (median of
   several), against the native tool's whole process in the same run, as wasm/bench.mjs does
   under Node.

With `--trace FILE`, 36 more keys are typed after those timed, traced by Chromium itself (style,
layout and what made each node need them): FILE opens in Perfetto or chrome://tracing, and the
slowest of those keys are summed up here (the browser's time on the key, the nodes each layout
had to lay out, and why). Tracing slows the page, so the timed keys are typed untraced."""

import argparse
import collections
import json
import statistics
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

import websocket  # websocket-client, which Selenium itself depends on
from selenium.webdriver.common.by import By

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "Tests" / "preview"))
import chromium  # the browser suites' shared start-up, Tests/preview/chromium.py

PAGE = (ROOT / "wasm" / "playground" / "index.html").as_uri()


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def browser():
    return chromium.new_browser("--allow-file-access-from-files", window="1500,1000")


def settle(driver, before, pace=0.0):
    """Waits `pace` seconds (a typist's pause: nothing else runs in the page meanwhile), then
    until the page has answered the key."""
    time.sleep(pace)
    deadline = time.time() + 30
    while time.time() < deadline:
        state = driver.execute_script("const p = window.trellisPlayground; return p ? [p.version, p.busy] : [0, true]")
        if state[0] > before and not state[1]:
            return state[0]
        time.sleep(0.005)
    raise SystemExit("the page did not update")


def keystrokes(driver, count, pace, before=" // banner", digits=3):
    """Types sizes of `digits` digits over the one just before `before` (demo 4's banner unless
    said), one key at a time, and returns the page's timings."""
    editor = driver.find_element(By.ID, "editor")
    editor.click()
    version = driver.execute_script("return window.trellisPlayground.version")
    driver.execute_script("window.trellisPlayground.timings.length = 0")
    keys = ["1", "3", "5"][:digits]
    for press in range(count):
        # A size typed over and over: each press changes the picture.
        if press % digits == 0:
            driver.execute_script("const [e, before, digits] = arguments; const at = e.value.indexOf(before); e.setSelectionRange(at - digits, at);",
                                  editor, before, digits)
        editor.send_keys(keys[press % digits] if press % (2 * digits) < digits else "9")
        version = settle(driver, version, pace)
    return driver.execute_script("return window.trellisPlayground.timings")


def library_keystrokes(driver, count, pace):
    """The shop example, its card library open: sizes typed over the product's second row,
    which the holiday screen, drawn meanwhile, takes (two `preview` calls a key)."""
    version = driver.execute_script("return window.trellisPlayground.version")
    index = driver.execute_script("return trellisExamples.findIndex((example) => example.files)")
    driver.find_element(By.CSS_SELECTOR, f"#example option[value='{index}']").click()
    version = settle(driver, version)
    driver.find_element(By.CSS_SELECTOR, "#files .tab[data-index='1']").click()
    settle(driver, version)
    return keystrokes(driver, count, pace, before="\n    20\n  }\n}", digits=2)


TRACE_CATEGORIES = ["devtools.timeline", "v8", "blink", "disabled-by-default-devtools.timeline",
                    "disabled-by-default-devtools.timeline.invalidationTracking"]


def start_trace(driver):
    """Starts Chromium's tracing of the page through the DevTools protocol (chromedriver's own
    connection does not hand trace events back) and returns a function that stops it and
    returns the events."""
    address = driver.capabilities["goog:chromeOptions"]["debuggerAddress"]
    with urllib.request.urlopen(f"http://{address}/json") as listing:
        page = next(target for target in json.load(listing) if target["type"] == "page")
    connection = websocket.create_connection(page["webSocketDebuggerUrl"], suppress_origin=True)
    events = []
    complete = threading.Event()

    def read():
        while not complete.is_set():
            message = json.loads(connection.recv())
            if message.get("method") == "Tracing.dataCollected":
                events.extend(message["params"]["value"])
            elif message.get("method") == "Tracing.tracingComplete":
                complete.set()

    connection.send(json.dumps({"id": 1, "method": "Tracing.start", "params": {
        "traceConfig": {"includedCategories": TRACE_CATEGORIES}, "transferMode": "ReportEvents"}}))
    threading.Thread(target=read, daemon=True).start()
    time.sleep(0.3)

    def stop():
        connection.send(json.dumps({"id": 2, "method": "Tracing.end"}))
        if not complete.wait(60):
            raise SystemExit("Chromium did not finish the trace")
        connection.close()
        return events

    return stop


def summarize_trace(events, slowest=5):
    """The slowest keystrokes of a trace: the browser's time on each (from the key's text going
    in to the page's handler returning), each layout's nodes to lay out, and why nodes were
    laid out again, counted by reason and element."""
    keys = sorted((event for event in events if event.get("name") == "TypingCommand::InsertText" and "dur" in event),
                  key=lambda event: event["ts"])
    layouts = [event for event in events if event.get("name") == "Layout" and "dur" in event]
    invalidations = [event for event in events if event.get("name") == "LayoutInvalidationTracking"]
    for number, key in sorted(enumerate(keys), key=lambda pair: -pair[1]["dur"])[:slowest]:
        start, end = key["ts"], key["ts"] + key["dur"]
        laid_out = [f"{event['args'].get('beginData', {}).get('dirtyObjects', '?')} nodes in {event['dur'] / 1000:.1f} ms"
                    for event in layouts if start <= event["ts"] <= end]
        reasons = collections.Counter((event["args"]["data"].get("reason", "?"), event["args"]["data"].get("nodeName", "?").split(" ")[0])
                                      for event in invalidations if start <= event["ts"] <= end)
        print(f"  key {number + 1}: {key['dur'] / 1000:.1f} ms; layout: {', '.join(laid_out) or 'none'}")
        print("    " + "; ".join(f"{count} {reason.lower()} ({node})" for (reason, node), count in reasons.most_common(6)))


def in_page(driver, request, runs):
    return driver.execute_script(
        """const [request, runs] = arguments; const call = window.trellisPlayground.call; call(request);
        const times = [];
        for (let run = 0; run < runs; run++) { const start = performance.now(); call(request); times.push(performance.now() - start); }
        times.sort((a, b) => a - b); return times[Math.floor(times.length / 2)];""", request, runs)


def native(trellis, arguments, runs):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([trellis, *arguments], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def long_text(lines):
    """demo 4's layout again and again under new names, a mistake in one copy of seven: a text
    of about `lines` lines with diagnostics all through it."""
    body = (ROOT / "examples" / "GridLayoutDemo4.trellis").read_text()
    start = body.index("layout home")
    parts, count, number = [body[:start]], body.count("\n"), 0
    while count < lines:
        number += 1
        copy = body[start:].replace("layout home", f"layout home{number}", 1)
        if number % 7 == 0:
            copy = copy.replace("120 // banner", "12O // banner", 1)
        parts.append(copy)
        count += copy.count("\n")
    return "".join(parts)


def text_keystrokes(driver, text, count, pace):
    """`text` in the editor, then spaces typed and taken back in its middle line: the time from
    each key to the page's answer (a long text's keys typed meanwhile are answered together)."""
    version = driver.execute_script("return window.trellisPlayground.version")
    driver.execute_script("const e = document.getElementById('editor'); e.value = arguments[0]; e.dispatchEvent(new Event('input'))", text)
    version = settle(driver, version)
    editor = driver.find_element(By.ID, "editor")
    editor.click()
    driver.execute_script("const e = arguments[0]; const at = e.value.indexOf('\\n', e.value.length >> 1) + 1; e.setSelectionRange(at, at);", editor)
    driver.execute_script("window.trellisPlayground.timings.length = 0")
    for press in range(count):
        editor.send_keys(" " if press % 2 == 0 else "\b")
        version = settle(driver, version, pace)
    return driver.execute_script("return window.trellisPlayground.timings")


def report_phases(driver, timings):
    phases = driver.execute_script("return window.trellisPlayground.phases")[-len(timings):]
    for label, statistic in [("median", statistics.median), ("p95", lambda values: percentile(list(values), 0.95))]:
        print(f"  where it goes ({label}): " + ", ".join(
            f"{name} {statistic(phase[name] for phase in phases):.1f} ms" for name in ["wait", "call", "source", "picture", "json", "layout"]))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--trellis", default=str(ROOT / ".build" / "release" / "trellis"))
    parser.add_argument("--dictionary")
    parser.add_argument("--keys", type=int, default=200)
    parser.add_argument("--pace", type=float, default=60, help="milliseconds between keys (a fast typist: 60)")
    parser.add_argument("--long-lines", type=int, default=10000, help="the generated long text's lines")
    parser.add_argument("--text", action="append", default=[], help="also type in the middle of this file (repeatable)")
    parser.add_argument("--trace", help="trace 36 more keys, write Chromium's trace to this file and sum up the slowest")
    options = parser.parse_args()
    driver = browser()
    try:
        driver.get(PAGE)
        settle(driver, 0)
        print(f"Chromium {driver.capabilities.get('browserVersion')}")
        timings = keystrokes(driver, options.keys, options.pace / 1000)
        print(f"demo 4, keystroke to picture ({len(timings)} keys): median {statistics.median(timings):.1f} ms, "
              f"p95 {percentile(timings, 0.95):.1f} ms, worst {max(timings):.1f} ms")
        report_phases(driver, timings)
        if options.trace:
            stop_trace = start_trace(driver)
            traced = keystrokes(driver, 36, options.pace / 1000)
            events = stop_trace()
            Path(options.trace).write_text(json.dumps({"traceEvents": events}))
            print(f"Chromium's trace of {len(traced)} more keys (slower than untraced): {options.trace}, "
                  f"{len(events)} events; the slowest keys:")
            summarize_trace(events)
        library = library_keystrokes(driver, options.keys // 2, options.pace / 1000)
        print(f"the shop's card library, keystroke to the holiday screen's picture ({len(library)} keys): median "
              f"{statistics.median(library):.1f} ms, p95 {percentile(library, 0.95):.1f} ms, worst {max(library):.1f} ms")
        report_phases(driver, library)
        long_texts = [(f"demo 4 repeated, {options.long_lines} lines", long_text(options.long_lines))]
        long_texts += [(Path(path).name, Path(path).read_text()) for path in options.text]
        for label, text in long_texts:
            typed = text_keystrokes(driver, text, 20, max(options.pace / 1000, 0.2))
            print(f"{label}, keystroke to picture ({len(typed)} answers to 20 keys): median {statistics.median(typed):.1f} ms, "
                  f"p95 {percentile(typed, 0.95):.1f} ms")
            report_phases(driver, typed)
        inputs = [("demo 4", ROOT / "examples" / "GridLayoutDemo4.trellis")]
        if options.dictionary:
            inputs.append((Path(options.dictionary).name, Path(options.dictionary)))
        for label, path in inputs:
            source = path.read_text()
            runs = 5 if len(source) > 100_000 else 20
            commands = [("check", ["check", "--format", "json", str(path)]), ("frames", ["frames", "--format", "json", str(path)])]
            if path.suffix == ".trellis":
                commands.insert(1, ("build", ["build", str(path)]))
            for command, arguments in commands:
                page = in_page(driver, {"command": command, "source": source, "name": path.name}, runs)
                process = native(options.trellis, arguments, runs)
                print(f"{label} {command}: Chromium {page:.2f} ms, native {process:.2f} ms, ratio {page / process:.2f}")
    finally:
        driver.quit()


if __name__ == "__main__":
    main()
