"""The playground (wasm/playground/index.html) in headless Chromium, opened from file:// as
someone who downloaded the repository would: it starts on demo 4 and shows what the native
tool prints for it; typing changes the JSON and the picture; an error shows at its line in
the gutter, under the text and in the list; a shared link reproduces the page; hovering a cell
shows its frame and the arithmetic; every keystroke's time to the new picture is measured in
the page (the figure itself is reported by bench_playground.py, not asserted here)."""

import base64
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "Tests" / "preview"))
import chromium  # the browser suites' shared start-up, Tests/preview/chromium.py

TRELLIS = os.environ.get("TRELLIS", str(ROOT / ".build" / "debug" / "trellis"))
PAGE = (ROOT / "wasm" / "playground" / "index.html").as_uri()
DEMO4 = ROOT / "examples" / "GridLayoutDemo4.trellis"

if not (ROOT / "wasm" / "dist" / "trellis.wasm.js").exists():
    pytest.skip("wasm/dist/trellis.wasm.js is missing: run wasm/build.sh first", allow_module_level=True)


def wait_for(condition, timeout=20.0, what="a condition"):
    return chromium.wait_for(condition, timeout, what)


def new_browser():
    return chromium.new_browser("--allow-file-access-from-files", window="1500,1000")


@pytest.fixture
def browser():
    driver = new_browser()
    yield driver
    driver.quit()


def version(driver):
    return int(driver.find_element(By.TAG_NAME, "body").get_attribute("data-version") or 0)


def open_page(driver, url=PAGE):
    driver.get(url)
    wait_for(lambda: version(driver) >= 1, what="the first analysis")
    errors = [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
    assert not errors, errors


def native(*arguments, path=DEMO4):
    return subprocess.run([TRELLIS, *arguments, str(path)], check=False, capture_output=True, text=True).stdout


def answer(driver):
    return driver.execute_script("return window.trellisPlayground.answer")


def select_text(driver, needle, occurrence=0):
    """Selects the `occurrence`th `needle` in the editor, as a double-click would."""
    editor = driver.find_element(By.ID, "editor")
    editor.click()
    start = driver.execute_script(
        "const text = arguments[0].value; let at = -1;"
        "for (let n = 0; n <= arguments[2]; n++) at = text.indexOf(arguments[1], at + 1);"
        "arguments[0].setSelectionRange(at, at + arguments[1].length); return at;", editor, needle, occurrence)
    assert start >= 0, needle
    return editor


def type_into(driver, needle, replacement, occurrence=0):
    """Types `replacement` over `needle` key by key and waits until every keystroke's update ran."""
    before = version(driver)
    editor = select_text(driver, needle, occurrence)
    editor.send_keys(replacement)
    wait_for(lambda: replacement in editor.get_attribute("value"), what="the typed text")
    wait_for(lambda: version(driver) > before and not driver.execute_script("return window.trellisPlayground.busy"),
             what="the updates after typing")
    return editor


def test_starts_on_demo_4_and_shows_what_the_native_tool_prints(browser):
    open_page(browser)
    editor = browser.find_element(By.ID, "editor")
    assert editor.get_attribute("value") == DEMO4.read_text()
    assert browser.find_element(By.ID, "json").text.strip() == native("build").strip()
    shown = answer(browser)
    assert shown["picture"]["width"] == 375
    frames = json.loads(native("frames", "--format", "json", "--viewport", "375x667@2x"))
    grids = frames["layouts"][0]["viewports"][0]["grids"]
    assert [(g["path"], g["x"], g["y"], g["width"], g["height"]) for g in shown["picture"]["grids"]] == [
        (g["path"] or "root", g["x"], g["y"], g["width"], g["height"]) for g in grids]
    check = json.loads(native("check", "--format", "json"))
    assert len(shown["diagnostics"]) == sum(len(file["diagnostics"]) for file in check["files"])
    assert browser.find_element(By.CSS_SELECTOR, "#picture svg").get_attribute("width") == "375"
    # Highlighting: the keyword, a template's name and a comment each in their class.
    highlight = browser.find_element(By.ID, "highlight")
    assert highlight.find_elements(By.CSS_SELECTOR, "span.t-keyword")
    assert highlight.find_elements(By.CSS_SELECTOR, "span.t-comment")
    shown_text = browser.execute_script("return [...arguments[0].querySelectorAll(':scope > div')].map((line) => line.textContent).join('\\n')", highlight)
    assert shown_text == DEMO4.read_text()


def test_typing_changes_the_json_and_the_picture(browser):
    open_page(browser)
    before_svg = browser.find_element(By.CSS_SELECTOR, "#picture svg").get_attribute("outerHTML")
    before_json = browser.find_element(By.ID, "json").text
    type_into(browser, "120 // banner", "150 // banner")
    shown = answer(browser)
    banner = next(grid for grid in shown["picture"]["grids"] if grid["path"] == "1")
    assert banner["height"] == 150
    after_json = browser.find_element(By.ID, "json").text
    assert after_json != before_json and "150" in after_json
    assert browser.find_element(By.CSS_SELECTOR, "#picture svg").get_attribute("outerHTML") != before_svg
    # The JSON is what `trellis build` writes for the edited text.
    scratch = Path(os.environ.get("TMPDIR", "/tmp")) / f"playground-{os.getpid()}.trellis"
    scratch.write_text(browser.execute_script("return document.getElementById('editor').value"))
    try:
        assert after_json.strip() == native("build", path=scratch).strip()
    finally:
        scratch.unlink()
    # The dialect switch: MyLayout 1.x reads `space`.
    browser.find_element(By.CSS_SELECTOR, "#target option[value='1']").click()
    wait_for(lambda: '"space"' in browser.find_element(By.ID, "json").text, what="the 1.x JSON")
    assert '"spacing"' not in browser.find_element(By.ID, "json").text


def test_an_error_shows_at_its_line(browser):
    open_page(browser)
    text = DEMO4.read_text()
    line = text[: text.index("120 // banner")].count("\n") + 1
    type_into(browser, "120 // banner", "12O // banner")
    shown = answer(browser)
    errors = [d for d in shown["diagnostics"] if d["severity"] == "error"]
    assert errors and errors[0]["line"] == line, shown["diagnostics"]
    marker = browser.find_element(By.CSS_SELECTOR, f"#gutter span.error[data-line='{line}']")
    assert marker.text == str(line)
    item = browser.find_element(By.CSS_SELECTOR, "#diagnostics li.error")
    assert item.text.startswith(f"{line}:{errors[0]['column']}: error[{errors[0]['code']}]")
    assert browser.find_elements(By.CSS_SELECTOR, "#highlight span.d-error")
    # The last good picture stays, dimmed; clicking the error selects its range.
    assert "stale" in browser.find_element(By.ID, "picture").get_attribute("class")
    item.click()
    selection = browser.execute_script("const e = document.getElementById('editor'); return [e.selectionStart, e.selectionEnd]")
    assert selection == [errors[0]["start"], errors[0]["end"]]


def test_a_shared_link_round_trips(browser):
    open_page(browser)
    type_into(browser, "120 // banner", "135 // 首页 😀 banner")
    browser.find_element(By.CSS_SELECTOR, "#device option[value='320x568@2x']").click()
    browser.find_element(By.ID, "rtl").click()
    wait_for(lambda: answer(browser)["picture"]["width"] == 320, what="the chosen device")
    link = browser.execute_script("return window.trellisPlayground.link()")
    text = browser.find_element(By.ID, "editor").get_attribute("value")
    svg = browser.find_element(By.CSS_SELECTOR, "#picture svg").get_attribute("outerHTML")
    json_text = browser.find_element(By.ID, "json").text

    other = new_browser()
    try:
        open_page(other, link)
        assert other.find_element(By.ID, "editor").get_attribute("value") == text
        assert other.find_element(By.ID, "device").get_attribute("value") == "320x568@2x"
        assert other.find_element(By.ID, "rtl").is_selected()
        assert other.find_element(By.CSS_SELECTOR, "#picture svg").get_attribute("outerHTML") == svg
        assert other.find_element(By.ID, "json").text == json_text
    finally:
        other.quit()


def test_hovering_a_cell_shows_its_frame_and_arithmetic(browser):
    open_page(browser)
    shown = answer(browser)
    index, grid = next((i, g) for i, g in enumerate(shown["picture"]["grids"]) if g["path"] == "1")
    svg = browser.find_element(By.CSS_SELECTOR, "#picture svg")
    box = svg.rect
    ActionChains(browser).move_to_element_with_offset(
        svg, grid["x"] + grid["width"] / 2 - box["width"] / 2, grid["y"] + grid["height"] / 2 - box["height"] / 2).perform()
    info = wait_for(lambda: browser.find_element(By.ID, "info").is_displayed() and browser.find_element(By.ID, "info"), what="the hover")
    assert info.get_attribute("data-grid") == str(index)
    lines = info.text.splitlines()
    assert lines[0] == f"1 · {grid['rule']}", lines
    assert lines[1] == f"frame x {grid['x']}, y {grid['y']}, w {grid['width']}, h {grid['height']}"
    cell = browser.execute_script(
        "return window.trellisPlayground.call({command: 'cell', source: document.getElementById('editor').value, grid: arguments[0]})", index)
    assert cell["cell"]["arithmetic"].replace("`", "") in lines


def test_every_keystroke_is_timed_to_the_new_picture(browser):
    open_page(browser)
    for value in ["100", "140", "90"]:
        type_into(browser, "// banner", f"// banner {value}")
    timings = browser.execute_script("return window.trellisPlayground.timings")
    assert len(timings) >= 3 and all(0 <= t < 10_000 for t in timings), timings
    assert "ms from the keystroke to the picture" in browser.find_element(By.ID, "status").text


def test_renaming_the_layout_keeps_the_picture(browser):
    open_page(browser)
    type_into(browser, "layout home", "layout homePage")
    shown = answer(browser)
    assert shown["layout"] == "homePage" and shown["picture"] is not None
    assert "stale" not in browser.find_element(By.ID, "picture").get_attribute("class")
    assert browser.find_element(By.ID, "layout").get_attribute("value") == "homePage"


def test_a_link_with_choices_the_module_cannot_read_falls_back(browser):
    open_page(browser)
    link = browser.execute_script("return window.trellisPlayground.link()")
    open_page(browser, link + "&device=foo&target=3")
    shown = answer(browser)
    assert shown and shown["picture"]["width"] == 375
    assert browser.find_element(By.ID, "device").get_attribute("value") == ""


def test_landscape_turns_the_files_own_device(browser):
    open_page(browser)
    link = browser.execute_script("return window.trellisPlayground.link()")
    open_page(browser, link + "&landscape=1")
    assert answer(browser)["picture"]["width"] == 667
    assert browser.find_element(By.CSS_SELECTOR, "#picture svg").get_attribute("width") == "667"


def test_an_error_at_a_line_end_is_underlined_there(browser):
    open_page(browser)
    browser.execute_script(
        "const e = document.getElementById('editor'); e.value = arguments[0]; e.dispatchEvent(new Event('input'))", "layout a rows {\n  10 |\n")
    wait_for(lambda: answer(browser)["errors"], what="the error")
    marks = browser.find_elements(By.CSS_SELECTOR, "#highlight span.d-error")
    assert marks, "no underline"
    lines = browser.find_elements(By.CSS_SELECTOR, "#highlight > div")
    error = next(d for d in answer(browser)["diagnostics"] if d["severity"] == "error")
    assert lines[error["line"] - 1].find_elements(By.CSS_SELECTOR, "span.d-error")


def test_edits_leave_the_panes_as_a_fresh_page_shows_them(browser):
    """The page rewrites only the lines that changed: after edits that add and remove lines and
    diagnostics far from the cursor, the highlighted text and the JSON are what a page opened on
    the same text shows."""
    open_page(browser)
    type_into(browser, "120 // banner", "999 // banner")  # warnings lines below the banner
    type_into(browser, "999 // banner", "1 // banner")
    edits = [
        ("// A product card", "\n\n// A product card"),  # two lines more
        ("layout home", "layuot home"),  # an error above the banner, the lines below unchanged
        ("layuot home", "layout home"),
        ("\n\n\n", "\n"),  # two lines less
        ("1 // banner", "12O // banner"),
        ("12O // banner", "15 // banner"),  # built again (the page keeps the last JSON while it does not)
    ]
    for needle, replacement in edits:
        before = version(browser)
        browser.execute_script(
            "const [needle, replacement] = arguments; const e = document.getElementById('editor');"
            "const at = e.value.indexOf(needle); if (at < 0) throw new Error(needle); e.setRangeText(replacement, at, at + needle.length, 'end');"
            "e.dispatchEvent(new Event('input'))", needle, replacement)
        wait_for(lambda before=before: version(browser) > before and not browser.execute_script("return window.trellisPlayground.busy"),
                 what=f"the update after {replacement!r}")
    panes = "return [document.getElementById('highlight').innerHTML, document.getElementById('json').innerHTML, document.getElementById('gutter').innerHTML]"
    edited = browser.execute_script(panes)
    link = browser.execute_script("return window.trellisPlayground.link()")
    other = new_browser()
    try:
        open_page(other, link)
        assert other.execute_script(panes) == edited
    finally:
        other.quit()


def test_a_picture_taller_than_the_window_moves_no_other_pane(browser):
    """The page keeps room for its scroll bar: a picture that makes the page scroll does not
    narrow the other panes, which would lay out every line of them again."""
    open_page(browser)
    widths = "return ['highlight', 'json'].map((id) => document.getElementById(id).getBoundingClientRect().width)"
    before = browser.execute_script(widths)
    type_into(browser, "120 // banner", "999 // banner")
    assert browser.execute_script("return document.documentElement.scrollHeight > window.innerHeight")
    assert browser.execute_script(widths) == before


def choose_example(driver, name_start):
    before = version(driver)
    index = driver.execute_script("return trellisExamples.findIndex((example) => example.name.startsWith(arguments[0]))", name_start)
    assert index >= 0, name_start
    driver.find_element(By.CSS_SELECTOR, f"#example option[value='{index}']").click()
    wait_for(lambda: version(driver) > before and not driver.execute_script("return window.trellisPlayground.busy"),
             what=f"the example {name_start}")


def open_tab(driver, name):
    before = version(driver)
    next(tab for tab in driver.find_elements(By.CSS_SELECTOR, "#files .tab") if tab.text == name).click()
    wait_for(lambda: version(driver) > before and not driver.execute_script("return window.trellisPlayground.busy"),
             what=f"the tab {name}")


def tab_names(driver):
    return [tab.text for tab in driver.find_elements(By.CSS_SELECTOR, "#files .tab")]


def name_file(driver, name):
    """Types `name` into the file-name field (over what it holds) and presses Enter."""
    field = driver.find_element(By.ID, "file-name")
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys(name + "\n")


def native_project(files, path, *arguments):
    """What the native tool prints for `path` among `files` (name → text), written to a folder."""
    folder = Path(os.environ.get("TMPDIR", "/tmp")) / f"playground-project-{os.getpid()}"
    try:
        for name, text in files.items():
            (folder / name).parent.mkdir(parents=True, exist_ok=True)
            (folder / name).write_text(text)
        return subprocess.run([TRELLIS, *arguments, str(folder / path)], check=False, capture_output=True, text=True).stdout
    finally:
        subprocess.run(["rm", "-rf", str(folder)], check=True)


def test_a_library_edited_beside_the_screen_that_uses_it(browser):
    """The shop: a screen in one tab, its card library in another. While the library is edited
    the picture and the JSON stay the screen's, and change with the library."""
    open_page(browser)
    choose_example(browser, "shop/")
    assert tab_names(browser) == ["layouts/holiday.trellis", "cards.trellis", "layouts/everyday.trellis", "layouts/campaign.trellis"]
    shop = ROOT / "examples" / "shop"
    assert browser.find_element(By.ID, "json").text.strip() == native("build", path=shop / "layouts" / "holiday.trellis").strip()
    open_tab(browser, "cards.trellis")
    assert browser.find_element(By.ID, "editor").get_attribute("value") == (shop / "cards.trellis").read_text()
    assert "in layouts/holiday.trellis" in browser.find_element(By.ID, "caption").text
    # The product's second row, 20 in the library: the holiday's second product takes it.
    type_into(browser, "    20\n", "    33\n")
    drawn = browser.execute_script("return window.trellisPlayground.drawnAnswer")
    assert drawn["layout"] == "holiday"
    assert next(grid for grid in drawn["picture"]["grids"] if grid["path"] == "3.2.2")["height"] == 33
    files = {file["name"]: file["text"] for file in browser.execute_script("return window.trellisPlayground.files")}
    assert "    33\n" in files["cards.trellis"]
    assert browser.find_element(By.ID, "json").text.strip() == native_project(files, "layouts/holiday.trellis", "build").strip()
    # A mistake in the library that breaks the screen: the screen's diagnostics are listed
    # under the library's (none), named after the screen; a click on one opens the screen.
    type_into(browser, "template banner", "template baner")
    assert [d["code"] for d in answer(browser)["diagnostics"]] == []
    assert browser.find_element(By.ID, "status").text.startswith("errors in layouts/holiday.trellis")
    listed = browser.find_elements(By.CSS_SELECTOR, "#diagnostics li")
    assert listed and all(item.text.startswith("layouts/holiday.trellis:") for item in listed), [item.text for item in listed]
    before = version(browser)
    listed[0].click()
    wait_for(lambda: version(browser) > before and not browser.execute_script("return window.trellisPlayground.busy"), what="the screen opened")
    assert browser.find_element(By.CSS_SELECTOR, "#files .tab[aria-selected='true']").text == "layouts/holiday.trellis"
    first = answer(browser)["diagnostics"][0]
    assert browser.execute_script("const e = document.getElementById('editor'); return [e.selectionStart, e.selectionEnd]") == [first["start"], first["end"]]
    codes = [d["code"] for d in answer(browser)["diagnostics"]]
    assert codes and all(code == native_code for code, native_code in zip(codes, [
        d["code"] for d in json.loads(native_project(files | {"cards.trellis": files["cards.trellis"].replace("template banner", "template baner")},
                                                     "layouts/holiday.trellis", "check", "--format", "json"))["files"][0]["diagnostics"]]))


def test_a_new_file_is_used_by_its_name(browser):
    open_page(browser)
    choose_example(browser, "one-liner")
    browser.find_element(By.ID, "add-file").click()
    name_file(browser, "lib/../x.trellis")
    wait_for(lambda: "without empty, . or .. folders" in browser.find_element(By.ID, "status").text, what="the name's problem")
    assert tab_names(browser) == ["one-liner.trellis"]
    before = version(browser)
    name_file(browser, "lib/cards.trellis")
    wait_for(lambda: version(browser) > before, what="the new file")
    assert tab_names(browser) == ["one-liner.trellis", "lib/cards.trellis"]
    assert "template card" in browser.find_element(By.ID, "editor").get_attribute("value")
    assert answer(browser)["diagnostics"] == []
    open_tab(browser, "one-liner.trellis")
    browser.execute_script(
        "const e = document.getElementById('editor'); e.value = arguments[0]; e.dispatchEvent(new Event('input'))",
        'use "lib/cards.trellis"\nlayout home cols card | card\n')
    wait_for(lambda: answer(browser)["layouts"] == ["home"], what="the screen")
    assert answer(browser)["diagnostics"] == []
    assert [grid["width"] for grid in answer(browser)["picture"]["grids"] if grid["path"] in ("1", "2")] == [187.5, 187.5]
    # Renamed, the library is no longer where the screen's `use` says.
    tab = next(tab for tab in browser.find_elements(By.CSS_SELECTOR, "#files .tab") if tab.text.startswith("lib/"))
    ActionChains(browser).double_click(tab).perform()
    name_file(browser, "lib/card.trellis")
    open_tab(browser, "one-liner.trellis")
    wait_for(lambda: [d["code"] for d in answer(browser)["diagnostics"]][:1] == ["U001"], what="the missing file")
    assert "lib/card.trellis" in answer(browser)["diagnostics"][0]["message"] + "".join(answer(browser)["diagnostics"][0]["notes"])
    # The link carries every file, and which one is open.
    link = browser.execute_script("return window.trellisPlayground.link()")
    files = browser.execute_script("return window.trellisPlayground.files")
    other = new_browser()
    try:
        open_page(other, link)
        assert other.execute_script("return window.trellisPlayground.files") == files
        assert tab_names(other) == ["one-liner.trellis", "lib/card.trellis"]
        assert [d["code"] for d in answer(other)["diagnostics"]][:1] == ["U001"]
    finally:
        other.quit()
    # Removed, the library's tab goes; the screen stays in the editor.
    before = version(browser)
    browser.find_elements(By.CSS_SELECTOR, "#files .tab-item")[1].find_element(By.CSS_SELECTOR, ".remove").click()
    wait_for(lambda: version(browser) > before, what="the update after the removal")
    assert tab_names(browser) == ["one-liner.trellis"]
    assert browser.find_element(By.ID, "editor").get_attribute("value").startswith('use "lib/cards.trellis"')
    # Back brings it back.
    browser.back()
    wait_for(lambda: tab_names(browser) == ["one-liner.trellis", "lib/card.trellis"], what="the removed file back")


def test_a_link_of_one_text_opens_as_before(browser):
    """Links made before the playground had files: one text, no name."""
    text = "layout a rows 10 | fill\n"
    encoded = base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")
    open_page(browser, f"{PAGE}#text={encoded}")
    assert tab_names(browser) == ["input"]
    assert browser.find_element(By.ID, "editor").get_attribute("value") == text
    assert answer(browser)["layouts"] == ["a"]
    assert "file=" not in browser.execute_script("return window.trellisPlayground.link()")


def test_the_screen_drawn_stays_while_its_library_is_typed(browser):
    """The file drawn is chosen when a tab opens: everyday, then its library opened, stays
    drawn while the library is typed (a half-typed line is a bare root for a moment), across
    a link, and a screen's last good picture is never another screen's."""
    open_page(browser)
    choose_example(browser, "shop/")
    open_tab(browser, "layouts/everyday.trellis")
    open_tab(browser, "cards.trellis")
    caption = lambda: browser.find_element(By.ID, "caption").text
    assert caption().startswith("everyday in layouts/everyday.trellis")
    editor = browser.find_element(By.ID, "editor")
    before = version(browser)
    editor.send_keys(Keys.CONTROL, Keys.END)
    editor.send_keys("\nlay")
    wait_for(lambda: version(browser) > before and not browser.execute_script("return window.trellisPlayground.busy"), what="the keys")
    assert caption().startswith("everyday in layouts/everyday.trellis"), caption()
    assert browser.execute_script("return window.trellisPlayground.drawnAnswer.layout") == "everyday"
    link = browser.execute_script("return window.trellisPlayground.link()")
    other = new_browser()
    try:
        open_page(other, link)
        assert other.find_element(By.CSS_SELECTOR, "#files .tab[aria-selected='true']").text == "cards.trellis"
        assert other.find_element(By.ID, "caption").text.startswith("everyday in layouts/everyday.trellis")
    finally:
        other.quit()
    # everyday broken, holiday opened, everyday again: no picture of holiday's stands for it.
    open_tab(browser, "layouts/everyday.trellis")
    type_into(browser, "fill cols product | product", "fill cols produc | product")
    open_tab(browser, "layouts/holiday.trellis")
    open_tab(browser, "layouts/everyday.trellis")
    assert caption() == "The text has errors: nothing to draw yet"
    assert not browser.find_elements(By.CSS_SELECTOR, "#picture svg")
    assert browser.find_element(By.ID, "json-caption").text == "JSON: the text does not build"


def test_files_by_keyboard_and_links_that_cannot_be_read(browser):
    text = 'use "cards.trellis"\nlayout a cols card | card\n'
    encoded = base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")
    open_page(browser, f"{PAGE}#text={encoded}")
    # A link of one text, then a file beside it: the link still opens.
    browser.find_element(By.ID, "add-file").click()
    name_file(browser, "cards.trellis")
    wait_for(lambda: tab_names(browser) == ["input", "cards.trellis"], what="the new file")
    assert browser.switch_to.active_element.get_attribute("id") == "editor"
    open_tab(browser, "input")
    assert answer(browser)["diagnostics"] == []
    link = browser.execute_script("return window.trellisPlayground.link()")
    other = new_browser()
    try:
        open_page(other, link)
        assert tab_names(other) == ["input", "cards.trellis"]
        assert answer(other)["diagnostics"] == []
        # F2 renames the focused tab, Delete removes it.
        tab = other.find_elements(By.CSS_SELECTOR, "#files .tab")[1]
        tab.send_keys(Keys.F2)
        name_file(other, "lib.trellis")
        wait_for(lambda: tab_names(other) == ["input", "lib.trellis"], what="the rename")
        other.find_elements(By.CSS_SELECTOR, "#files .tab")[1].send_keys(Keys.DELETE)
        wait_for(lambda: tab_names(other) == ["input"], what="the removal")
        assert other.switch_to.active_element.get_attribute("class") == "tab", "the focus stays on the tabs"
        # A link the page cannot read says so, and opens on demo 4.
        other.get(f"{PAGE}#file=a.trellis&file=a.trellis&text=&text=")
        other.refresh()
        wait_for(lambda: "the link's files cannot be read: a.trellis: there is a file of that name" in other.find_element(By.ID, "status").text,
                 what="the link's problem")
        assert other.find_element(By.ID, "editor").get_attribute("value") == DEMO4.read_text()
        # `open` past the files, or not a whole number, opens one of them.
        other.get(f"{PAGE}#file=a.trellis&file=b.trellis&file=c.trellis&text=&text=&text=&open=1.5")
        other.refresh()
        wait_for(lambda: tab_names(other) == ["a.trellis", "b.trellis", "c.trellis"], what="the files")
        wait_for(lambda: other.find_element(By.ID, "status").text == "ok", what="the analysis")
        # A choice the module cannot read: said, and the file's own used.
        drawable = base64.urlsafe_b64encode(b"layout a rows 10 | fill\n").decode().rstrip("=")
        other.get(f"{PAGE}#text={drawable}&device=foo")
        other.refresh()
        wait_for(lambda: "device" in other.find_element(By.ID, "status").text, what="the device's problem")
        assert answer(other)["picture"] is not None
    finally:
        other.quit()


def test_a_new_screen_is_drawn_once_it_names_a_layout(browser):
    open_page(browser)
    choose_example(browser, "shop/")
    browser.find_element(By.ID, "add-file").click()
    name_file(browser, "layouts/sale.trellis")
    wait_for(lambda: "layouts/sale.trellis" in tab_names(browser), what="the new file")
    assert browser.find_element(By.ID, "caption").text.startswith("holiday in layouts/holiday.trellis")
    before = version(browser)
    browser.execute_script(
        "const e = document.getElementById('editor'); e.value = arguments[0]; e.dispatchEvent(new Event('input'))",
        'use "../cards.trellis"\nlayout sale rows banner | fill\n')
    wait_for(lambda: version(browser) > before and not browser.execute_script("return window.trellisPlayground.busy"), what="the screen")
    assert browser.find_element(By.ID, "caption").text.startswith("sale · "), browser.find_element(By.ID, "caption").text
    assert '"size": 120' in browser.find_element(By.ID, "json").text


def test_back_after_a_removal_keeps_what_was_typed(browser):
    open_page(browser)
    choose_example(browser, "shop/")
    open_tab(browser, "cards.trellis")
    editor = browser.find_element(By.ID, "editor")
    editor.send_keys(Keys.CONTROL, Keys.END)
    editor.send_keys("\n// typed just before the removal")
    browser.find_elements(By.CSS_SELECTOR, "#files .tab-item")[2].find_element(By.CSS_SELECTOR, ".remove").click()
    wait_for(lambda: "layouts/everyday.trellis" not in tab_names(browser), what="the removal")
    browser.back()
    wait_for(lambda: "layouts/everyday.trellis" in tab_names(browser), what="the removed file back")
    assert browser.find_element(By.CSS_SELECTOR, "#files .tab[aria-selected='true']").text == "cards.trellis"
    assert browser.find_element(By.ID, "editor").get_attribute("value").endswith("// typed just before the removal")


def long_text(lines):
    """A text of about `lines` lines: demo 4's layout again and again under new names, a
    mistake now and then (diagnostics far down the text), Chinese and an emoji in comments."""
    body = DEMO4.read_text()
    start = body.index("layout home")
    layout = body[start:]
    parts = ["// " + "a long line, wider than the window " * 20 + "\n" + body[:start]]
    count = body.count("\n")
    number = 0
    while count < lines:
        number += 1
        copy = layout.replace("layout home", f"layout home{number}", 1)
        if number % 7 == 0:
            copy = copy.replace("120 // banner", "12O // banner 首页 😀", 1)
        parts.append(copy)
        count += copy.count("\n")
    return "".join(parts)


def test_a_long_text_is_drawn_a_window_at_a_time(browser):
    """Past a thousand lines only the lines in view (and some around them) are drawn; they
    are the lines the textarea shows at the same place, in the same highlighting as the
    whole text drawn at once, and the panes scroll as far as the editor."""
    open_page(browser)
    text = long_text(3000)
    browser.execute_script(
        "const e = document.getElementById('editor'); e.value = arguments[0]; e.dispatchEvent(new Event('input'))", text)
    wait_for(lambda: len(answer(browser)["layouts"]) > 20, timeout=60, what="the long text's analysis")
    total = text.count("\n") + 1
    for fraction in [0, 0.37, 0.73, 1]:
        shown = browser.execute_script(
            """const [fraction] = arguments; const e = document.getElementById('editor');
            e.scrollTop = fraction * (e.scrollHeight - e.clientHeight); e.scrollLeft = 900; e.dispatchEvent(new Event('scroll'));
            const h = document.getElementById('highlight'), g = document.getElementById('gutter');
            const lineHeight = parseFloat(getComputedStyle(e).lineHeight);
            const top = Math.floor(Math.max(e.scrollTop - 8, 0) / lineHeight);
            // The line drawn where the textarea's line `top` is.
            const drawnTop = h.children[0].getBoundingClientRect().top;
            const index = Math.round((e.getBoundingClientRect().top + 8 + top * lineHeight - e.scrollTop - drawnTop) / lineHeight);
            const numbers = g.textContent.trim().split('\\n').map(Number);
            // The line at the view's top in the gutter, by its place on the screen.
            const gutterIndex = Math.round((e.getBoundingClientRect().top + 8 + top * lineHeight - e.scrollTop - (g.getBoundingClientRect().top + 8 - g.scrollTop)) / lineHeight);
            return { top, drawn: h.querySelectorAll(':scope > div').length, text: h.children[index]?.textContent, numbers: [numbers[0], numbers[numbers.length - 1]],
                     gutterLine: numbers[gutterIndex], left: [e.scrollLeft, h.scrollLeft] };""",
            fraction)
        lines = text.split("\n")
        assert shown["drawn"] < 400, shown
        assert shown["text"] == lines[shown["top"]], (fraction, shown, lines[shown["top"]])
        assert shown["gutterLine"] == shown["top"] + 1, shown
        # Scrolled right as far as the first line's length allows, far from it.
        assert shown["left"][0] > 0 and shown["left"][0] == shown["left"][1], shown
        assert shown["numbers"][0] <= shown["top"] + 1 <= shown["numbers"][1] <= total, shown
    # Any window of lines is highlighted as the whole text is, line for line.
    assert len(text.split("\n")[0]) > 600
    mismatches = browser.execute_script(
        """const text = arguments[0]; const a = window.trellisPlayground.answer;
        const whole = trellisHighlightedLines(text, a.tokens, a.tokenTypes, a.diagnostics);
        const starts = [0]; for (let at = text.indexOf('\\n'); at >= 0; at = text.indexOf('\\n', at + 1)) starts.push(at + 1);
        const bad = []; let seed = 7;
        const next = (n) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
        for (let trial = 0; trial < 200; trial++) {
          const first = next(starts.length); const last = Math.min(starts.length, first + 1 + next(300));
          const part = trellisHighlightedLines(text, a.tokens, a.tokenTypes, a.diagnostics, starts[first], last < starts.length ? starts[last] : text.length);
          if (JSON.stringify(part) !== JSON.stringify(whole.slice(first, last))) bad.push([first, last]);
        }
        return bad;""", text)
    assert mismatches == []
    assert browser.execute_script("return window.trellisPlayground.answer.diagnostics.length") > 0
    # Scrolled three lines at a time, the window is drawn again only near its edges.
    draws = browser.execute_script(
        """const e = document.getElementById('editor'); const h = document.getElementById('highlight');
        e.scrollTop = e.scrollHeight / 2; e.dispatchEvent(new Event('scroll'));
        let draws = 0; const watch = new MutationObserver(() => { draws += 1; }); watch.observe(h, { childList: true, subtree: true });
        for (let step = 0; step < 60; step++) { e.scrollTop += 54; e.dispatchEvent(new Event('scroll')); await new Promise((done) => setTimeout(done, 0)); }
        watch.disconnect(); return draws;""")
    assert 0 < draws <= 10, draws
    # A taller window shows more lines than were drawn for the shorter one: they are drawn.
    browser.set_window_size(1500, 2400)
    wait_for(lambda: browser.execute_script(
        """const e = document.getElementById('editor'), h = document.getElementById('highlight');
        const lineHeight = parseFloat(getComputedStyle(e).lineHeight);
        const bottom = Math.floor((e.scrollTop + e.clientHeight - 8) / lineHeight) - 1;
        const y = e.getBoundingClientRect().top + 8 + bottom * lineHeight - e.scrollTop + lineHeight / 2;
        const line = [...h.querySelectorAll(':scope > div')].find((div) => { const box = div.getBoundingClientRect(); return box.top <= y && y < box.bottom; });
        return line && line.textContent === e.value.split('\\n')[bottom];"""), what="the lines of the taller view")
