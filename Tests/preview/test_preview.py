"""`trellis preview` in a real browser: headless Chromium (Debian's chromium and
chromium-driver) loads the page, checks the cells it draws against `trellis frames`, hovers
and clicks, edits the file and sees the page change, keeps the last good picture over errors,
survives a removed file and two pages at once, and compares each device's picture with a
reviewed golden PNG (TRELLIS_UPDATE_SNAPSHOTS=1 writes them)."""

import json
import os
import select
import shutil
import subprocess
import time
import urllib.request
from pathlib import Path

import pytest
from PIL import Image, ImageChops
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

import chromium
from chromium import wait_for

ROOT = Path(__file__).resolve().parents[2]
TRELLIS = os.environ.get("TRELLIS", str(ROOT / ".build" / "debug" / "trellis"))
GOLDEN = Path(__file__).parent / "golden"


@pytest.fixture
def layout_file(tmp_path):
    path = tmp_path / "demo.trellis"
    shutil.copy(ROOT / "examples" / "GridLayoutDemo4.trellis", path)
    return path


@pytest.fixture
def server(layout_file):
    process = subprocess.Popen([TRELLIS, "preview", str(layout_file)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    ready, _, _ = select.select([process.stdout], [], [], 20)
    assert ready, "the preview printed no address"
    line = process.stdout.readline()
    assert line.startswith("Trellis preview: http://127.0.0.1:"), line
    url = line.split()[2]
    yield url
    process.terminate()
    process.wait(timeout=5)


def new_browser():
    return chromium.new_browser("--hide-scrollbars", "--font-render-hinting=none")


@pytest.fixture
def browser():
    driver = new_browser()
    yield driver
    driver.quit()


def page_version(driver):
    return int(driver.find_element(By.TAG_NAME, "body").get_attribute("data-version") or 0)


def frames(path, viewport):
    output = subprocess.run([TRELLIS, "frames", str(path), "--viewport", viewport, "--format", "json"],
                            capture_output=True, text=True, check=True).stdout
    return json.loads(output)["layouts"][0]["viewports"][0]["grids"]


def drawn_cells(panel):
    return panel.parent.execute_script(
        "return [...arguments[0].querySelectorAll('svg rect.cell')].map(r => ({x: +r.getAttribute('x'), y: +r.getAttribute('y'),"
        " width: +r.getAttribute('width'), height: +r.getAttribute('height')}))", panel)


def devices(driver):
    """The device of each panel, read in one script (panels are replaced on every redraw)."""
    return driver.execute_script("return [...document.querySelectorAll('.panel')].map(p => p.dataset.device)")


def diagnostics_text(driver):
    return driver.execute_script("return [...document.querySelectorAll('[data-role=diagnostics]')].map(b => b.textContent).join('\\n')")


def assert_cells_match_frames(panel, path, viewport):
    cells = drawn_cells(panel)
    grids = frames(path, viewport)
    assert len(cells) == len(grids)
    for cell, grid in zip(cells, grids):
        # The renderer draws a negative length from its other end.
        x, width = (grid["x"] + grid["width"], -grid["width"]) if grid["width"] < 0 else (grid["x"], grid["width"])
        y, height = (grid["y"] + grid["height"], -grid["height"]) if grid["height"] < 0 else (grid["y"], grid["height"])
        assert cell == pytest.approx({"x": x, "y": y, "width": width, "height": height}, abs=0.01), grid["path"]


def panels(driver):
    return driver.find_elements(By.CSS_SELECTOR, ".panel")


def test_page_draws_every_device_and_matches_frames(server, browser, layout_file):
    browser.get(server)
    wait_for(lambda: page_version(browser) > 0 and len(panels(browser)) == 2, what="two panels")
    assert devices(browser) == ["375x667@2x", "iPhone SE · 320x568@2x"]
    assert_cells_match_frames(panels(browser)[0], layout_file, "375x667@2x")
    assert_cells_match_frames(panels(browser)[1], layout_file, "320x568@2x")
    ids = browser.execute_script("return [...document.querySelectorAll('[id]')].map(e => e.id)")
    assert len(ids) == len(set(ids)), "ids are unique across panels"


def test_a_file_missing_at_start_does_not_blank_the_page(browser, layout_file, tmp_path):
    missing = tmp_path / "missing.trellis"
    process = subprocess.Popen([TRELLIS, "preview", str(layout_file), str(missing)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        ready, _, _ = select.select([process.stdout], [], [], 20)
        assert ready
        browser.get(process.stdout.readline().split()[2])
        wait_for(lambda: len(panels(browser)) == 2, what="the good file's panels")
        wait_for(lambda: "does not exist" in diagnostics_text(browser), what="the missing file's message")
        missing.write_text("layout late rows 10 | fill\n")
        wait_for(lambda: len(panels(browser)) == 3, what="the late file's panel")
    finally:
        process.terminate()
        process.wait(timeout=5)


def test_hover_shows_the_cell_and_click_its_line(server, browser, layout_file):
    browser.get(server)
    wait_for(lambda: len(panels(browser)) == 2, what="panels")
    picture = panels(browser)[0].find_element(By.CSS_SELECTOR, ".picture svg")
    # The banner (grid 1, 120 points high) at the top of the 375x667 panel.
    ActionChains(browser).move_to_element_with_offset(picture, 0, -333 + 60).perform()
    info = browser.find_element(By.ID, "info")
    wait_for(info.is_displayed, what="the hover box")
    assert info.text.startswith("1 · 120"), info.text
    assert "frame x 0, y 10, w 375, h 120" in info.text
    ActionChains(browser).click().perform()
    source = browser.find_element(By.CSS_SELECTOR, "[data-role=source]")
    wait_for(source.is_displayed, what="the source line")
    assert "demo.trellis:30" in source.text and "120 // banner" in source.text, source.text


def test_a_save_redraws_the_page(server, browser, layout_file):
    browser.get(server)
    wait_for(lambda: len(panels(browser)) == 2, what="panels")
    before = page_version(browser)
    layout_file.write_text(layout_file.read_text().replace("  120 // banner", "  100 // banner"))
    wait_for(lambda: page_version(browser) > before and len(panels(browser)) == 2, what="the redraw")
    assert_cells_match_frames(panels(browser)[0], layout_file, "375x667@2x")
    assert drawn_cells(panels(browser)[0])[1]["height"] == 100


def test_errors_keep_the_last_good_picture(server, browser, layout_file):
    browser.get(server)
    wait_for(lambda: len(panels(browser)) == 2, what="panels")
    good = drawn_cells(panels(browser)[0])
    before = page_version(browser)
    layout_file.write_text(layout_file.read_text().replace("  120 // banner", "  120 padding(1 2 3) // banner"))
    wait_for(lambda: page_version(browser) > before, what="the redraw")
    wait_for(lambda: "M005" in diagnostics_text(browser), what="the diagnostics")
    assert "Showing the last good picture" in diagnostics_text(browser)
    assert drawn_cells(panels(browser)[0]) == good


def test_a_removed_file_and_two_pages(server, browser, layout_file):
    second = new_browser()
    try:
        for driver in (browser, second):
            driver.get(server)
            wait_for(lambda: len(panels(driver)) == 2, what="panels")
        before = [page_version(driver) for driver in (browser, second)]
        saved = layout_file.read_text()
        layout_file.unlink()
        for driver, version in zip((browser, second), before):
            wait_for(lambda: page_version(driver) > version, what="the removal")
            wait_for(lambda: "does not exist" in diagnostics_text(driver), what="the removal's message")
            assert len(panels(driver)) == 2, "the last picture stays"
        middle = [page_version(driver) for driver in (browser, second)]
        layout_file.write_text(saved.replace("  120 // banner", "  90 // banner"))
        for driver, version in zip((browser, second), middle):
            wait_for(lambda: page_version(driver) > version and "does not exist" not in diagnostics_text(driver), what="the restore")
            wait_for(lambda: len(panels(driver)) == 2 and drawn_cells(panels(driver)[0])[1]["height"] == 90, what="the new picture")
    finally:
        second.quit()
    # A page that went away is dropped; the server still answers.
    with urllib.request.urlopen(server + "state") as response:
        assert json.load(response)["files"][0]["layouts"] == ["home"]


def test_the_device_menu_and_toggles(server, browser, layout_file):
    browser.get(server)
    wait_for(lambda: len(panels(browser)) == 2, what="panels")
    browser.execute_script("const s = document.getElementById('device'); s.value = '2'; s.dispatchEvent(new Event('change'))")
    wait_for(lambda: devices(browser) == ["iPhone 15 · 393x852@3x"], what="iPhone 15")
    browser.find_element(By.ID, "landscape").click()
    wait_for(lambda: devices(browser) == ["iPhone 15 · 852x393@3x"], what="landscape")
    browser.find_element(By.ID, "wrap").click()
    wait_for(lambda: devices(browser) == ["iPhone 15 · 852xwrap@3x"], what="wrap")
    assert_cells_match_frames(panels(browser)[0], layout_file, "852xwrap@3x")
    browser.find_element(By.ID, "rtl").click()
    wait_for(lambda: devices(browser) == ["iPhone 15 · 852xwrap@3x rtl"], what="rtl")
    cells = drawn_cells(panels(browser)[0])
    grids = json.loads(subprocess.run([TRELLIS, "frames", str(layout_file), "--viewport", "852xwrap@3x", "--rtl", "--format", "json"],
                                      capture_output=True, text=True, check=True).stdout)["layouts"][0]["viewports"][0]["grids"]
    assert len(cells) == len(grids)


@pytest.mark.parametrize("index,name", [(0, "demo4-375x667"), (1, "demo4-320x568")])
def test_pictures_match_the_reviewed_goldens(server, browser, index, name):
    browser.get(server)
    wait_for(lambda: len(panels(browser)) == 2, what="panels")
    time.sleep(0.3)
    shot = GOLDEN / f"{name}.png"
    picture = panels(browser)[index].find_element(By.CSS_SELECTOR, ".picture")
    data = picture.screenshot_as_png
    if os.environ.get("TRELLIS_UPDATE_SNAPSHOTS") == "1":
        GOLDEN.mkdir(exist_ok=True)
        shot.write_bytes(data)
    current = Image.open(__import__("io").BytesIO(data)).convert("RGB")
    golden = Image.open(shot).convert("RGB")
    assert current.size == golden.size
    difference = ImageChops.difference(current, golden).convert("L").point(lambda value: 255 if value > 40 else 0)
    changed = sum(difference.histogram()[255:]) / (current.size[0] * current.size[1])
    assert changed < 0.01, f"{changed:.2%} of the pixels differ from {shot.name}"


def test_content_sizes_and_borderlines_reach_the_page(tmp_path):
    """`--content` sizes a grid dictionary's gravity view, and each borderline is drawn where
    `trellis frames` says MyLayout paints it (the same numbers the page's hover shows)."""
    grid = tmp_path / "card.json"
    grid.write_text('{"rows":[{"size":100,"gravity":"centerX","bottom-borderline":{"color":"#FF0000","thick":2}},'
                    '{"size":"fill","cols":[{"size":100,"left-borderline":{"color":"#0000FF","dash":3}},{"size":"fill"}]}]}\n')
    process = subprocess.Popen([TRELLIS, "preview", str(grid), "--content", "0=30x20"], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    try:
        ready, _, _ = select.select([process.stdout], [], [], 20)
        assert ready, "the preview printed no address"
        url = process.stdout.readline().split()[2]
        for rtl in ("0", "1"):
            with urllib.request.urlopen(f"{url}render?file=0&layout=0&w=375&h=667&s=2&rtl={rtl}") as answer:
                rendered = json.loads(answer.read())
            flags = ["--viewport", "375x667@2x", "--content", "0=30x20"] + (["--rtl"] if rtl == "1" else [])
            expected = json.loads(subprocess.run([TRELLIS, "frames", str(grid), "--format", "json"] + flags,
                                                 capture_output=True, text=True, check=True).stdout)["layouts"][0]["viewports"][0]["grids"]
            by_path = {("root" if g["path"] == "" else g["path"]): g for g in expected}
            for cell in rendered["grids"]:
                want = by_path[cell["path"]]
                assert cell.get("view") == want.get("view"), cell["path"]
                assert cell.get("borderlines") == want.get("borderlines"), cell["path"]
            assert by_path["1"]["view"]["width"] == 30, "the view sets its own width"
            lines = [line for cell in rendered["grids"] for line in cell.get("borderlines", [])]
            assert [line["edge"] for line in lines] == ["bottom", "left"]
            for line in lines:
                horizontal = line["edge"] in ("top", "bottom")
                if horizontal:
                    drawn = f'x1="{line["x"]:g}" y1="{line["y"] + line["height"] / 2:g}" x2="{line["x"] + line["width"]:g}"'
                else:
                    drawn = f'x1="{line["x"] + line["width"] / 2:g}" y1="{line["y"]:g}"'
                assert drawn in rendered["svg"], (drawn, rendered["svg"])
    finally:
        process.terminate()
        process.wait(timeout=5)
