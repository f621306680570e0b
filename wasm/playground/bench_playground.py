"""The playground's speed in headless Chromium (Benchmarks/README.md, "The playground in Chromium"):

    python3 wasm/playground/bench_playground.py [--trellis .build/release/trellis] [--dictionary big.json] [--keys 200] [--pace 60]

1. Keystroke to picture on demo 4: real key presses (chromedriver), one at a time, each timed
   by the page from the browser's stamp on the key to the new picture in the page (median,
   p95, worst; the goal is a p95 of 16 ms, one frame at 60 Hz), `--pace` apart: the page is
   left alone between keys, as a typist leaves it, and is asked whether it answered only
   after the pause.
2. check, build and frames of demo 4 and of a dictionary, each a call in the page (median of
   several), against the native tool's whole process in the same run, as wasm/bench.mjs does
   under Node."""

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

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


def keystrokes(driver, count, pace):
    """Types digits over the banner's size, one key at a time, and returns the page's timings."""
    editor = driver.find_element(By.ID, "editor")
    editor.click()
    driver.execute_script("const e = arguments[0]; const at = e.value.indexOf('120 // banner'); e.setSelectionRange(at, at + 3);", editor)
    version = driver.execute_script("return window.trellisPlayground.version")
    driver.execute_script("window.trellisPlayground.timings.length = 0")
    keys = ["1", "3", "5"]
    for press in range(count):
        # A size of three digits, typed over and over: each press changes the picture.
        if press % 3 == 0:
            driver.execute_script("const e = arguments[0]; const at = e.value.indexOf(' // banner'); e.setSelectionRange(at - 3, at);", editor)
        editor.send_keys(keys[press % 3] if press % 6 < 3 else "9")
        version = settle(driver, version, pace)
    return driver.execute_script("return window.trellisPlayground.timings")


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


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--trellis", default=str(ROOT / ".build" / "release" / "trellis"))
    parser.add_argument("--dictionary")
    parser.add_argument("--keys", type=int, default=200)
    parser.add_argument("--pace", type=float, default=60, help="milliseconds between keys (a fast typist: 60)")
    options = parser.parse_args()
    driver = browser()
    try:
        driver.get(PAGE)
        settle(driver, 0)
        print(f"Chromium {driver.capabilities.get('browserVersion')}")
        timings = keystrokes(driver, options.keys, options.pace / 1000)
        print(f"demo 4, keystroke to picture ({len(timings)} keys): median {statistics.median(timings):.1f} ms, "
              f"p95 {percentile(timings, 0.95):.1f} ms, worst {max(timings):.1f} ms")
        phases = driver.execute_script("return window.trellisPlayground.phases")[-len(timings):]
        for label, statistic in [("median", statistics.median), ("p95", lambda values: percentile(list(values), 0.95))]:
            print(f"  where it goes ({label}): " + ", ".join(
                f"{name} {statistic(phase[name] for phase in phases):.1f} ms" for name in ["wait", "call", "source", "picture", "json", "layout"]))
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
