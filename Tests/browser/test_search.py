"""Issue 27, point 4 — search everything: all of GitHub's repositories (any age, qualifiers) and
people (by a login's first letters), a topic picker, `/open` with account links; at phone size
(dark) and wide (light), with axe."""

import http.client
import json
import time
import urllib.parse
import urllib.request

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

import axe_check
from conftest import ARTIFACTS, PHONE, WIDE, App, Fake, make_browser, screenshot, tap
from test_web import wait

SIZES = {"phone-dark": (PHONE, True), "wide-light": (WIDE, False)}
SHOTS = ARTIFACTS


def shot(driver, name):
    screenshot(driver, name)
    SHOTS.mkdir(parents=True, exist_ok=True)
    driver.save_screenshot(str(SHOTS / f"{name}.png"))


@pytest.fixture(scope="module")
def site():
    fake = Fake()
    app = App(fake)
    yield fake, app
    app.stop()
    fake.stop()


@pytest.fixture(params=list(SIZES))
def browser(request):
    size, dark = SIZES[request.param]
    driver = make_browser(size, dark=dark)
    driver.size_name = request.param
    yield driver
    driver.quit()


def fake_search(fake, path, **query):
    with urllib.request.urlopen(f"{fake.url}{path}?{urllib.parse.urlencode(query)}") as response:
        return json.loads(response.read())["items"]


def old_repository(fake):
    """A repository created long ago (New & popular never shows it), with a topic."""
    items = fake_search(fake, "/search/repositories", q="created:<2025-06-01 fork:false", per_page=100)
    return next(item for item in items if item["topics"])


def test_search_all_of_github_for_a_name_and_open_it(site, browser):
    fake, app = site
    repo = old_repository(fake)
    browser.get(app.url + "/")
    box = browser.find_element(By.CSS_SELECTOR, "#top-search-q")
    assert box.is_displayed()
    box.send_keys(f"{repo['name']} user:{repo['owner']['login']}", Keys.ENTER)
    row = f".search-results [data-repo='{repo['full_name']}']"
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, row))
    assert "/search?q=" in browser.current_url
    # The "Searching GitHub…" placeholder is gone once the rows are there.
    assert not browser.find_element(By.CSS_SELECTOR, "[data-search-pending]").is_displayed()
    assert browser.find_element(By.CSS_SELECTOR, "#top-search-q").get_attribute("value") == f"{repo['name']} user:{repo['owner']['login']}"
    shot(browser, f"search-results-{browser.size_name}")
    problems = axe_check.blocking(browser)
    assert not problems, problems
    tap(browser, browser.find_element(By.CSS_SELECTOR, row + " .repo-link"))
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, f"[data-detail='{repo['full_name']}'] h1"))
    shot(browser, f"search-detail-{browser.size_name}")
    if browser.size_name.startswith("phone"):
        back = browser.find_element(By.CSS_SELECTOR, ".detail .back")
        assert back.text == "← Back to Search"
        tap(browser, back)
        wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, row))
        assert "/search?q=" in browser.current_url
    else:
        # Wide: the detail sits beside the search it was opened from.
        assert browser.find_elements(By.CSS_SELECTOR, ".list-pane " + row)


def test_people_are_found_by_the_first_letters_of_a_login(site, browser):
    _, app = site
    browser.get(app.url + "/users")
    box = browser.find_element(By.CSS_SELECTOR, "#login")
    if not box.is_displayed():
        # On a phone the list's controls are folded into one line ("… · Search people"): one tap opens them.
        fold = browser.find_element(By.CSS_SELECTOR, ".filter-fold > summary")
        assert "Search people" in fold.text
        tap(browser, fold)
        wait(browser, lambda d: box.is_displayed())
    box.send_keys("octo", Keys.ENTER)
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, ".search-results .person-row"))
    first = browser.find_element(By.CSS_SELECTOR, ".search-results .person-row")
    assert first.get_attribute("data-login") == "octocat"
    assert browser.find_element(By.CSS_SELECTOR, "[data-search-type='users']").get_attribute("aria-current") == "true"
    # People stays the current section of the navigation.
    assert browser.find_element(By.CSS_SELECTOR, "nav.tabs a[aria-current=page]").get_attribute("href").endswith("/users")
    shot(browser, f"search-people-{browser.size_name}")
    problems = axe_check.blocking(browser)
    assert not problems, problems
    tap(browser, first.find_element(By.CSS_SELECTOR, "a.person-link"))
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, ".profile[data-login='octocat']"))


def test_the_topic_picker_offers_your_favourites_topics_and_searches_one(site, browser):
    fake, app = site
    repo = old_repository(fake)
    topic = repo["topics"][0]
    browser.get(app.url + "/search?" + urllib.parse.urlencode({"q": f"{repo['name']} user:{repo['owner']['login']}"}))
    row = f".search-results [data-repo='{repo['full_name']}']"
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, row))
    fav = browser.find_element(By.CSS_SELECTOR, row + " button.fav")
    if fav.get_attribute("aria-pressed") != "true":
        tap(browser, fav)
        wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, row + " button.fav").get_attribute("aria-pressed") == "true")
    browser.get(app.url + "/search")
    picker = browser.find_element(By.CSS_SELECTOR, "details.topic-picker")
    assert picker.get_attribute("open") is not None
    yours = browser.find_elements(By.XPATH, "//h2[text()=\"Your favourites' topics\"]/following-sibling::ul[1]//a[@data-topic]")
    assert topic in [link.get_attribute("data-topic") for link in yours]
    shot(browser, f"search-topics-{browser.size_name}")
    problems = axe_check.blocking(browser)
    assert not problems, problems
    tap(browser, next(link for link in yours if link.get_attribute("data-topic") == topic))
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, ".search-results .repo-row"))
    assert browser.find_element(By.CSS_SELECTOR, "#top-search-q").get_attribute("value") == f"topic:{topic}"
    shown = [row.get_attribute("data-repo") for row in browser.find_elements(By.CSS_SELECTOR, ".search-results .repo-row")]
    expected = [item["full_name"] for item in fake_search(fake, "/search/repositories", q=f"topic:{topic}", per_page=25)]
    assert shown == expected


def test_help_lists_the_qualifiers(site, browser):
    _, app = site
    browser.get(app.url + "/search?q=stars%3Alots")
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, ".search-results .error-state"))
    assert "GitHub could not read that search" in browser.find_element(By.CSS_SELECTOR, ".search-results .error-state").text
    summary = browser.find_element(By.CSS_SELECTOR, "details.search-help summary")
    tap(browser, summary)
    help_text = browser.find_element(By.CSS_SELECTOR, "details.search-help").text
    for qualifier in ("language:swift", "stars:>100", "user:octocat", "topic:cli"):
        assert qualifier in help_text
    shot(browser, f"search-help-{browser.size_name}")
    problems = axe_check.blocking(browser)
    assert not problems, problems


def test_open_takes_a_users_link(site, browser):
    _, app = site
    browser.get(app.url + "/open?" + urllib.parse.urlencode({"link": "https://github.com/octocat"}))
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, ".profile[data-login='octocat']"))
    assert urllib.parse.urlparse(browser.current_url).path == "/users/octocat"
    browser.get(app.url + "/open?" + urllib.parse.urlencode({"link": "https://github.com/settings"}))
    assert "is not a link Starscope can open" in browser.find_element(By.TAG_NAME, "main").text


def test_the_search_box_stays_usable_at_320_px(site):
    _, app = site
    driver = make_browser((320, 700))
    try:
        for path in ("/", "/search?q=octo&type=users", "/search"):
            driver.get(app.url + path)
            box = driver.find_element(By.CSS_SELECTOR, "#top-search-q")
            assert box.is_displayed() and box.size["width"] >= 120, (path, box.size)
            assert driver.execute_script("return document.documentElement.scrollWidth") <= 320, path
        shot(driver, "search-320")
    finally:
        driver.quit()


def test_the_shell_comes_before_a_slow_githubs_rows(site):
    """GitHub holding its search answer 2 s: the form, help and topics arrive first, the rows after."""
    fake, app = site
    fake.control("POST", "/_fake/faults", {"path": "/search/repositories", "fault": "slow", "seconds": 2, "count": 1})
    try:
        address = urllib.parse.urlparse(app.url)
        connection = http.client.HTTPConnection(address.hostname, address.port, timeout=30)
        started = time.time()
        connection.request("GET", "/search?q=language%3Aswift")
        response = connection.getresponse()
        assert response.status == 200
        pieces = []
        while True:
            piece = response.read1(65536)
            if not piece:
                break
            pieces.append((time.time() - started, piece))
        connection.close()

        def upto(index):
            """What had arrived once piece `index` was read (bytes: a piece may cut a character)."""
            return b"".join(piece for _, piece in pieces[: index + 1])

        first_row = next(i for i in range(len(pieces)) if b"data-repo=" in upto(i))
        assert first_row > 0, "the form came with the rows, not before them"
        # Everything that arrived before the rows: the whole shell, with its placeholder.
        before = upto(first_row - 1)
        assert b"search-tools" in before and b"topic-picker" in before
        assert "Searching GitHub…".encode() in before
        assert upto(len(pieces) - 1).count(b'class="repo-row') > 0
        print(f"shell after {pieces[first_row - 1][0]:.2f} s, first row after {pieces[first_row][0]:.2f} s (GitHub held 2 s)")
    finally:
        fake.control("DELETE", "/_fake/faults")
