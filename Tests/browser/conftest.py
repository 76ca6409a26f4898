"""Browser tests: a real `starscope serve` in front of the fake GitHub, driven by headless Chromium."""

import json
import os
import pathlib
import shutil
import signal
import socket
import subprocess
import tempfile
import time
import urllib.request

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service

ROOT = pathlib.Path(__file__).resolve().parents[2]
BIN = pathlib.Path(os.environ.get("STARSCOPE_BIN_DIR", ROOT / ".build" / "debug"))
ARTIFACTS = pathlib.Path(os.environ.get("STARSCOPE_ARTIFACTS", ROOT / ".build" / "artifacts"))

PHONE = (390, 844)
WIDE = (1280, 800)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(command, env, pattern):
    """Starts a server and waits for its `… listening on http://…` line."""
    process = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    deadline = time.time() + 30
    while time.time() < deadline:
        line = process.stdout.readline()
        if pattern in line:
            return process, line.strip().split()[-1]
        if process.poll() is not None:
            break
    process.kill()
    raise RuntimeError(f"{command[0]} did not start")


class Fake:
    """The fake GitHub, with helpers for its HTTP control API."""

    def __init__(self, core_limit=100000, max_age=0, hostile=False, extra=()):
        self.port = free_port()
        command = [str(BIN / "fake-github"), "--port", str(self.port), "--core-limit", str(core_limit), "--search-limit", "100000"]
        command += ["--max-age", str(max_age)] + (["--hostile"] if hostile else []) + list(extra)
        self.process, self.url = start(command, dict(os.environ), "listening on")

    def control(self, method, path, body=None):
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.url + path, data=data, method=method)
        with urllib.request.urlopen(request) as response:
            text = response.read()
            return json.loads(text) if text else None

    def requests(self):
        return self.control("GET", "/_fake/requests")

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()


class App:
    """`starscope serve` on a free port with its own data directory."""

    def __init__(self, fake, args=(), **extra):
        self.home = tempfile.mkdtemp(prefix="starscope-browser-")
        env = dict(os.environ)
        for name in ("GH_TOKEN", "GITHUB_TOKEN"):
            env.pop(name, None)
        env.update(
            STARSCOPE_API_URL=fake.url,
            STARSCOPE_DATA_DIR=self.home + "/data",
            STARSCOPE_CONFIG_DIR=self.home + "/config",
            STARSCOPE_TIMEOUT="3",
        )
        env.update(extra)
        self.process, self.url = start([str(BIN / "starscope"), "serve", "--port", "0", *args], env, "Listening on")

    def next_sign_in_link(self):
        """The next `Sign in: URL` line the server prints (one follows `Listening on`, and one
        follows each use of a link)."""
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise RuntimeError("the server printed no sign-in link")
            if line.startswith("Sign in: "):
                return line.split()[-1]

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
        shutil.rmtree(self.home, ignore_errors=True)


@pytest.fixture
def fake():
    server = Fake()
    yield server
    server.stop()


@pytest.fixture
def app(fake):
    server = App(fake)
    yield server
    server.stop()


def make_browser(size, dark=False, arguments=()):
    options = Options()
    for argument in arguments:
        options.add_argument(argument)
    # No test reaches the internet: every name but this machine's resolves to nothing (README
    # images on GitHub's hosts, and anything a hostile page might try, fail at once).
    if not any(argument.startswith("--host-resolver-rules") for argument in arguments):
        options.add_argument("--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost")
    options.binary_location = "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", f"--window-size={size[0]},{size[1]}"):
        options.add_argument(argument)
    if dark:
        options.add_argument("--force-dark-mode")
        options.add_argument("--blink-settings=preferredColorScheme=0")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    driver.set_window_size(*size)
    driver.set_page_load_timeout(30)
    return driver


@pytest.fixture
def wide():
    driver = make_browser(WIDE)
    yield driver
    driver.quit()


@pytest.fixture
def phone():
    driver = make_browser(PHONE)
    yield driver
    driver.quit()


def screenshot(driver, name):
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    driver.save_screenshot(str(ARTIFACTS / f"{name}.png"))


def tap(driver, element):
    """Clicks `element` after bringing it to the middle of the screen, as a person scrolls a
    control out from under the phone's tab bar before tapping it (WebDriver only scrolls an
    element into view, not out from under a fixed bar)."""
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    element.click()
