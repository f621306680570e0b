"""`trellis diff --format html` and `trellis preview --against REV` in headless Chromium: the
cells drawn as changed are exactly the ones `trellis diff --format json` names (mapped to
pictures through `trellis frames`), the list links to them, and each side of demo 4 with a
third card inserted matches a reviewed golden PNG (TRELLIS_UPDATE_SNAPSHOTS=1 writes them)."""

import io
import json
import os
import select
import shutil
import subprocess
from pathlib import Path

import pytest
from PIL import Image, ImageChops
from selenium.webdriver.common.by import By

from test_preview import GOLDEN, ROOT, TRELLIS, new_browser, panels, wait_for

OLD = ROOT / "examples" / "GridLayoutDemo4.trellis"
NEW = ROOT / "examples" / "diff" / "GridLayoutDemo4-third-card.trellis"


def run_json(arguments, check=True):
    result = subprocess.run([TRELLIS] + arguments, capture_output=True, text=True)
    if check:
        assert result.returncode in (0, 1), result.stderr
    return json.loads(result.stdout)


def paths_in_order(path, viewport):
    """Each grid's path by its index (pre-order), as `trellis frames` prints them."""
    grids = run_json(["frames", str(path), "--viewport", viewport, "--format", "json"])["layouts"][0]["viewports"][0]["grids"]
    return [grid["path"] for grid in grids]


def expected_marks(changes, side):
    """The paths a side's picture marks for `changes` (a viewport's, from the JSON report)."""
    marked = set()
    for change in changes:
        kind = change["kind"]
        path = change["beforePath"] if side == "before" else change["path"]
        if kind in ("size", "settling") or path is None:
            continue
        if kind == "added" and side == "before" or kind == "removed" and side == "after":
            continue
        # An added or removed grid is marked at its top: the mark covers what it holds.
        marked.add(path)
    return marked


@pytest.fixture
def browser():
    driver = new_browser()
    yield driver
    driver.quit()


def marked_paths(driver, figure_selector, prefix, paths):
    ids = driver.execute_script(
        "return [...document.querySelectorAll(arguments[0] + ' g.changed')].map(g => g.id)", figure_selector)
    return {paths[int(i.rsplit("-g", 1)[1])] for i in ids if i.startswith(prefix)}


def compare_with_golden(data, name):
    shot = GOLDEN / f"{name}.png"
    if os.environ.get("TRELLIS_UPDATE_SNAPSHOTS") == "1":
        shot.write_bytes(data)
    current = Image.open(io.BytesIO(data)).convert("RGB")
    golden = Image.open(shot).convert("RGB")
    assert current.size == golden.size
    difference = ImageChops.difference(current, golden).convert("L").point(lambda value: 255 if value > 40 else 0)
    changed = sum(difference.histogram()[255:]) / (current.size[0] * current.size[1])
    assert changed < 0.01, f"{changed:.2%} of the pixels differ from {shot.name}"


def test_the_html_marks_exactly_the_changed_cells(browser, tmp_path):
    page = tmp_path / "diff.html"
    # Paths as a reviewer in the clone writes them: the captions (and so the goldens) name them.
    result = subprocess.run([TRELLIS, "diff", str(OLD.relative_to(ROOT)), str(NEW.relative_to(ROOT)), "--format", "html"],
                            capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 1, result.stderr
    page.write_text(result.stdout)
    report = run_json(["diff", str(OLD), str(NEW), "--format", "json"])
    viewports = report["layouts"][0]["viewports"]
    browser.get(page.as_uri())
    figures = browser.find_elements(By.CSS_SELECTOR, "figure")
    assert len(figures) == 2 * len(viewports)
    for number, viewport in enumerate(viewports):
        for side, path, letter in (("before", OLD, "b"), ("after", NEW, "a")):
            paths = paths_in_order(path, viewport["viewport"])
            shown = marked_paths(browser, "figure", f"l0v{number}{letter}-", paths)
            assert shown == expected_marks(viewport["changes"], side), (viewport["viewport"], side)
    # The first viewport's pair, as a reviewer sees it (before any link is followed).
    for index, side in enumerate(("before", "after")):
        browser.execute_script("arguments[0].scrollIntoView()", figures[index])
        compare_with_golden(figures[index].screenshot_as_png, f"diff-demo4-{side}")
    # A change in the list leads to its cell.
    link = browser.find_element(By.CSS_SELECTOR, "ul.changes a")
    target = link.get_attribute("href").split("#", 1)[1]
    link.click()
    assert browser.execute_script("return document.querySelector(':target')?.id") == target


def test_preview_against_a_revision_highlights_what_changed(browser, tmp_path):
    layout = tmp_path / "demo.trellis"
    shutil.copy(OLD, layout)
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "commit.gpgsign=false"]
    for arguments in (["init", "-q"], ["add", "demo.trellis"], ["commit", "-q", "-m", "first"]):
        subprocess.run(git + arguments, cwd=tmp_path, check=True)
    shutil.copy(NEW, layout)
    process = subprocess.Popen([TRELLIS, "preview", "--against", "HEAD", str(layout)], cwd=tmp_path, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    try:
        ready, _, _ = select.select([process.stdout], [], [], 20)
        assert ready, process.stderr.read() if process.poll() is not None else "the preview printed no address"
        browser.get(process.stdout.readline().split()[2])
        wait_for(lambda: len(panels(browser)) == 2, what="panels")
        report = run_json(["diff", str(OLD), str(layout), "--format", "json"])
        for number, viewport in enumerate(report["layouts"][0]["viewports"]):
            panel = panels(browser)[number]
            paths = paths_in_order(layout, viewport["viewport"])
            prefix = panel.find_element(By.CSS_SELECTOR, "g.changed").get_attribute("id").rsplit("-g", 1)[0] + "-"
            shown = marked_paths(browser, f".panel:nth-child({number + 1})", prefix, paths)
            assert shown == expected_marks(viewport["changes"], "after"), viewport["viewport"]
            lines = [li.text for li in panel.find_elements(By.CSS_SELECTOR, "[data-role=changes] li")]
            assert lines[0] == "5.3 added (50% rows of 1)", lines
        assert "changes since HEAD highlighted" in browser.find_element(By.ID, "status").text
        # Back to what HEAD has: nothing is marked.
        shutil.copy(OLD, layout)
        wait_for(lambda: browser.execute_script("return document.querySelectorAll('g.changed').length") == 0
                 and len(panels(browser)) == 2, what="the unmarked redraw")
        wait_for(lambda: [li.text for li in panels(browser)[0].find_elements(By.CSS_SELECTOR, "[data-role=changes] li")]
                 == ["no change on the screen since HEAD"], what="the no-change line")
    finally:
        process.terminate()
        process.wait(timeout=5)
