"""Headless Chromium for the browser suites (the live preview here, the playground in
wasm/playground): Debian's chromium and chromium-driver through Selenium."""

import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service


def new_browser(*arguments, window="1400,1000"):
    """A headless Chromium at one device pixel a CSS pixel, with `arguments` added."""
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", f"--window-size={window}",
                     "--force-device-scale-factor=1", *arguments]:
        options.add_argument(argument)
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def wait_for(condition, timeout=10.0, what="a condition"):
    """The first true value of `condition`, asked every 50 ms, or a failure after `timeout`."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")
