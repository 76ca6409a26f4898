"""Never frozen (issue 27, point 7): with GitHub holding its answer, list and account pages show
their shell and a placeholder first, then the rows in the same answer; an answer that never comes
ends in one sentence where the rows would be; scripts and crawlers still get whole pages with
their real status."""

import socket
import time
import urllib.error
import urllib.parse
import urllib.request

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

import axe_check
from conftest import ARTIFACTS, PHONE, WIDE, App
from test_web import wait

# Held until the test lets it go: far past anything a test waits for.
HOLD = 600

# (page, what GitHub is asked for it, the rows it shows)
PAGES = [
    ("/?since=month", "/search/repositories", ".list-pane .repo-row"),
    ("/users/octocat", "/users/octocat", ".list-pane .repo-row"),
    ("/users/octocat/activity", "/users/octocat/events", ".event-row"),
    ("/users", "/users", ".person-row"),
]


def browser(size, dark, script=True):
    """Chromium that hands control back as soon as a navigation starts (`page_load_strategy`
    "none"), so the test can look at the page while its answer is still arriving."""
    options = Options()
    options.page_load_strategy = "none"
    options.binary_location = "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", f"--window-size={size[0]},{size[1]}",
                     "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost"):
        options.add_argument(argument)
    if not script:
        options.add_argument("--blink-settings=scriptEnabled=false")
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    driver.set_window_size(*size)
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark" if dark else "light"}]})
    return driver


@pytest.fixture
def patient(fake):
    """An app that waits a minute for GitHub (the usual app gives up after 3 s): a held answer
    outlasts the checks made while it is held (axe on a busy machine takes seconds), and the
    rows still come once it is let go."""
    server = App(fake, STARSCOPE_TIMEOUT="60")
    yield server
    server.stop()


def hold(fake, path):
    fake.control("POST", "/_fake/faults", {"path": path, "fault": "slow", "seconds": HOLD})


def release(fake):
    # The fault first: a request the released answer leads to (an account's repositories after its
    # profile) must not meet it in between and be held for good.
    fake.control("DELETE", "/_fake/faults")
    fake.control("POST", "/_fake/faults/release")


def asked(fake, path):
    return any(entry["path"].startswith(path) for entry in fake.requests())


def visible(driver, selector):
    return any(element.is_displayed() for element in driver.find_elements(By.CSS_SELECTOR, selector))


def shot(driver, name):
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    driver.save_screenshot(str(ARTIFACTS / f"never-frozen-{name}.png"))


def first_chunk(url, navigate=True):
    """The status line and the first bytes of the answer, and the seconds until they came."""
    parsed = urllib.parse.urlsplit(url)
    with socket.create_connection((parsed.hostname, parsed.port), timeout=60) as connection:
        path = parsed.path + ("?" + parsed.query if parsed.query else "")
        mode = "Sec-Fetch-Mode: navigate\r\n" if navigate else ""
        started = time.monotonic()
        connection.sendall(f"GET {path} HTTP/1.1\r\nHost: {parsed.netloc}\r\n{mode}Connection: close\r\n\r\n".encode())
        data = connection.recv(65536)
        elapsed = time.monotonic() - started
        while b"loading-rows" not in data and b"</html>" not in data:
            more = connection.recv(65536)
            if not more:
                break
            data += more
        return data.decode(errors="replace"), elapsed


@pytest.mark.parametrize("page,upstream,row", PAGES, ids=["new", "account", "activity", "people"])
@pytest.mark.parametrize("size,dark", [(PHONE, True), (WIDE, False)], ids=["phone-dark", "wide-light"])
def test_the_shell_and_a_placeholder_come_before_the_rows(fake, patient, page, upstream, row, size, dark):
    hold(fake, upstream)
    driver = browser(size, dark)
    try:
        driver.get(patient.url + page)
        # The placeholder is on screen while GitHub still holds the answer the rows need.
        wait(driver, lambda d: visible(d, ".loading-rows"))
        assert asked(fake, upstream), "the page did not ask GitHub yet"
        assert not driver.find_elements(By.CSS_SELECTOR, row), "rows before GitHub answered"
        placeholder = driver.find_element(By.CSS_SELECTOR, ".loading-rows")
        assert placeholder.get_attribute("aria-busy") == "true" and placeholder.get_attribute("role") == "status"
        assert driver.find_element(By.CSS_SELECTOR, "nav.tabs").is_displayed(), "no navigation in the shell"
        assert driver.execute_script("return document.readyState") == "loading", "the answer ended before GitHub's"
        timing = driver.execute_script(
            "const n = performance.getEntriesByType('navigation')[0] || performance.timing;"
            "const p = performance.getEntriesByName('first-contentful-paint')[0];"
            "return {ttfb: n.responseStart, paint: p ? p.startTime : null, now: performance.now()}")
        name = f"{page.strip('/').replace('/', '-').split('?')[0] or 'new'}-{size[0]}"
        shot(driver, name + "-placeholder")
        assert not (blocking := axe_check.blocking(driver)), blocking

        release(fake)
        wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, row) and d.execute_script("return document.readyState") != "loading")
        rows_at = driver.execute_script("return performance.now()")
        assert not visible(driver, ".loading-rows"), "the placeholder stayed after the rows"
        assert len(driver.find_elements(By.CSS_SELECTOR, row)) >= 1
        assert len(driver.find_elements(By.CSS_SELECTOR, "main h1")) >= 1
        shot(driver, name + "-rows")
        assert not (blocking := axe_check.blocking(driver)), blocking
        print(f"\n{page} {size}: first byte {timing['ttfb']:.0f} ms, first paint {timing['paint'] or 0:.0f} ms, "
              f"placeholder seen by {timing['now']:.0f} ms, rows at {rows_at:.0f} ms (after the release)")
    finally:
        driver.quit()
        release(fake)


def test_without_script_the_placeholder_gives_way_to_the_rows(fake, patient):
    hold(fake, "/search/repositories")
    driver = browser(PHONE, True, script=False)
    try:
        driver.get(patient.url + "/?since=month")
        wait(driver, lambda d: visible(d, ".loading-rows"))
        assert not driver.find_elements(By.CSS_SELECTOR, ".repo-row")
        release(fake)
        wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".repo-row") and d.execute_script("return document.readyState") == "complete")
        assert not visible(driver, ".loading-rows")
        assert visible(driver, ".repo-row")
    finally:
        driver.quit()
        release(fake)


def test_an_answer_that_never_comes_ends_in_one_sentence(fake, app):
    """Past Starscope's time-out (3 s here) the rows' place says what went wrong; the page has
    already gone out with 200, so it says so in words."""
    hold(fake, "/search/repositories")
    driver = browser(PHONE, True)
    try:
        driver.get(app.url + "/?since=month")
        wait(driver, lambda d: visible(d, ".loading-rows"))
        wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".error-state") and d.execute_script("return document.readyState") != "loading")
        error = driver.find_element(By.CSS_SELECTOR, ".error-state")
        assert error.is_displayed() and error.get_attribute("role") == "alert"
        sentence = error.find_element(By.CSS_SELECTOR, "p").text
        assert sentence.endswith(".") and len(sentence) > 10, sentence
        assert not visible(driver, ".loading-rows")
        assert not driver.find_elements(By.CSS_SELECTOR, ".repo-row")
        shot(driver, "timed-out")
    finally:
        driver.quit()
        release(fake)


def test_the_first_bytes_are_the_shell_while_github_holds_the_answer(fake, app):
    hold(fake, "/search/repositories")
    try:
        text, seconds = first_chunk(app.url + "/?since=month")
        assert text.startswith("HTTP/1.1 200"), text[:200]
        assert "loading-rows" in text and "aria-busy" in text and "repo-row" not in text
        assert 'class="tabs"' in text
        print(f"\nfirst bytes of a held page after {seconds * 1000:.0f} ms")
    finally:
        release(fake)


def test_scripts_and_crawlers_get_whole_pages_with_their_status(fake, app):
    """Without `Sec-Fetch-Mode: navigate` nothing is streamed: an unknown account is a 404 even
    while GitHub is slow, and a list arrives whole."""
    fake.control("POST", "/_fake/faults", {"path": "/users/nobody-at-all", "fault": "slow", "seconds": 0.5})
    with pytest.raises(urllib.error.HTTPError) as answer:
        urllib.request.urlopen(app.url + "/users/nobody-at-all")
    assert answer.value.code == 404
    body = answer.value.read().decode()
    assert "loading-rows" not in body and "Not found" in body
    hold(fake, "/search/repositories")
    try:
        text, _ = first_chunk(app.url + "/?since=month", navigate=False)
    finally:
        release(fake)
    assert "loading-rows" not in text


def test_a_navigation_shows_progress(fake, app):
    """The installed app has no browser progress: a bar runs from the tap until the next page."""
    driver = browser(PHONE, True)
    try:
        driver.get(app.url + "/users")
        wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".person-row") and d.execute_script("return document.readyState") == "complete")
        hold(fake, "/search/repositories")
        # Read in the same task as the tap, before the next page replaces this one.
        before, after = driver.execute_script(
            "const bar = document.querySelector('.page-progress'); const before = bar.className;"
            "document.querySelector('nav.tabs a').click(); return [before, bar.className];")
        assert "running" not in before and "running" in after
    finally:
        driver.quit()
        release(fake)


def test_the_installed_app_streams_through_its_service_worker(fake, patient):
    """Once the service worker controls the page (the installed app), navigations still stream."""
    driver = browser(PHONE, True)
    try:
        driver.get(patient.url + "/users")
        wait(driver, lambda d: d.execute_script("return document.readyState") == "complete")
        driver.set_script_timeout(30)
        driver.execute_async_script("const done = arguments[0]; navigator.serviceWorker.ready.then(() => done(true))")
        driver.get(patient.url + "/users")
        wait(driver, lambda d: d.execute_script("return !!navigator.serviceWorker.controller && document.readyState === 'complete'"))
        hold(fake, "/search/repositories")
        driver.get(patient.url + "/?since=month")
        wait(driver, lambda d: visible(d, ".loading-rows"))
        assert not driver.find_elements(By.CSS_SELECTOR, ".repo-row")
        assert driver.execute_script("return !!navigator.serviceWorker.controller")
        release(fake)
        wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".repo-row") and d.execute_script("return document.readyState") != "loading")
        assert not visible(driver, ".loading-rows")
    finally:
        driver.quit()
        release(fake)
