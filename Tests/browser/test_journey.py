"""Issue 27's journey, as a person takes it on a phone (dark) and a wide screen (light): search
all of GitHub for a name, open it, favourite it, tag it, remove it and press Undo, then go Back
to the search. Nothing is lost on the way: the tags and note, the favourite's place, the counts,
and the place in the search results."""

import json
import urllib.parse
import urllib.request

import pytest
from selenium.common.exceptions import ElementNotInteractableException, StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.expected_conditions import staleness_of
from selenium.webdriver.common.keys import Keys

import axe_check
from conftest import PHONE, WIDE, App, Fake, screenshot, tap
from test_shell import favourite, themed
from test_web import wait

SIZES = [(PHONE, True), (WIDE, False)]
IDS = ["phone-dark", "wide-light"]


@pytest.fixture
def world():
    """A fresh server each time: the journey starts with no favourites but its own."""
    fake = Fake()
    app = App(fake)
    yield fake, app
    app.stop()
    fake.stop()


def old_repository(fake, skip):
    """A repository created long ago (New & popular never shows it), found by name and owner."""
    query = urllib.parse.urlencode({"q": "created:<2025-06-01 fork:false", "per_page": 100})
    with urllib.request.urlopen(f"{fake.url}/search/repositories?{query}") as response:
        items = json.loads(response.read())["items"]
    return [item for item in items if item["stargazers_count"] > 0][skip]


def press(driver, selector):
    """Taps what `selector` names; False while it cannot be pressed yet (the page still settling)."""
    try:
        tap(driver, driver.find_element(By.CSS_SELECTOR, selector))
        return True
    except (ElementNotInteractableException, StaleElementReferenceException):
        return False


def favourites(driver):
    return [row.get_attribute("data-repo") for row in driver.find_elements(By.CSS_SELECTOR, "[data-favorites] .repo-row:not([hidden])")]


def search_row(name):
    return f".search-results .repo-row[data-repo='{name}']"


def same_page(url, other):
    """The same path and query, however each is spelled (`+` or `%20`, `:` or `%3A`), without the fragment."""
    a, b = urllib.parse.urlsplit(url), urllib.parse.urlsplit(other)
    return a.path == b.path and urllib.parse.parse_qs(a.query) == urllib.parse.parse_qs(b.query)


def clean(driver):
    problems = axe_check.blocking(driver)
    assert not problems, f"\n{problems}"


@pytest.mark.parametrize("size,dark", SIZES, ids=IDS)
def test_search_open_favourite_tag_remove_undo_and_back_loses_nothing(world, size, dark):
    fake, app = world
    label = IDS[SIZES.index((size, dark))]
    repo = old_repository(fake, 0 if size == PHONE else 1)
    name = repo["full_name"]
    driver = themed(size, dark)
    try:
        # Two favourites already, so the new one has a place among them to keep.
        others = [old_repository(fake, 2 if size == PHONE else 3)["full_name"], old_repository(fake, 4 if size == PHONE else 5)["full_name"]]
        favourite(driver, app, others)

        # 1. Search all of GitHub from the header's box, for a name and its owner.
        driver.get(app.url + "/")
        driver.find_element(By.CSS_SELECTOR, "#top-search-q").send_keys(f"{repo['name']} user:{repo['owner']['login']}", Keys.ENTER)
        wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, search_row(name)))
        search_url = driver.current_url
        results = [row.get_attribute("data-repo") for row in driver.find_elements(By.CSS_SELECTOR, ".search-results .repo-row")]
        stars = driver.find_element(By.CSS_SELECTOR, search_row(name) + " .stars").get_attribute("data-stars")
        assert int(stars) == repo["stargazers_count"]
        screenshot(driver, f"journey-search-{label}")

        # 2. Open it, and 3. favourite it from its page.
        tap(driver, driver.find_element(By.CSS_SELECTOR, search_row(name) + " a.repo-link"))
        wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, f".detail[data-repo='{name}'] h1"))
        wait(driver, lambda d: press(d, f".detail[data-repo='{name}'] button.fav"))
        wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, f".detail[data-repo='{name}'] button.fav").get_attribute("aria-pressed") == "true")

        # 4. Tag it and write a note (the form is there once it is a favourite).
        driver.get(driver.current_url)
        if not driver.find_elements(By.CSS_SELECTOR, "details.annotate[open]"):
            tap(driver, driver.find_element(By.CSS_SELECTOR, "details.annotate summary"))
        driver.find_element(By.ID, "tags").send_keys("journey, found-by-search")
        driver.find_element(By.ID, "note").send_keys("Found by searching all of GitHub")
        save = driver.find_element(By.CSS_SELECTOR, "details.annotate form button[type=submit]")
        tap(driver, save)
        # The save goes through offline.js (a health check first) before the form is sent: the
        # old page holds the same heading, so wait for it to be replaced.
        wait(driver, staleness_of(save))
        wait(driver, lambda d: "/repos/" in d.current_url and d.find_elements(By.CSS_SELECTOR, f".detail[data-repo='{name}'] h1"))
        detail_stars = driver.find_element(By.CSS_SELECTOR, f".detail[data-repo='{name}'] .stars[data-stars]").get_attribute("data-stars")
        assert detail_stars == stars

        # 5. Remove it on Favourites, then Undo.
        driver.get(app.url + "/favorites")
        before = favourites(driver)
        assert set(before) == {name, *others}
        count = driver.find_element(By.CSS_SELECTOR, "[data-count]").text
        wait(driver, lambda d: press(d, f"[data-favorites] .repo-row[data-repo='{name}'] button.fav"))
        toast = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, ".toast[role=status]"))
        assert name not in favourites(driver)
        assert int(driver.find_element(By.CSS_SELECTOR, "[data-count]").text) == int(count) - 1
        tap(driver, toast.find_element(By.TAG_NAME, "button"))
        wait(driver, lambda d: not d.find_elements(By.CSS_SELECTOR, ".toast"))
        assert driver.find_element(By.CSS_SELECTOR, "[data-count]").text == count

        # The server agrees after a reload: same place, same count, tags and note kept.
        driver.get(app.url + "/favorites")
        assert favourites(driver) == before
        assert driver.find_element(By.CSS_SELECTOR, "[data-count]").text == count
        row = driver.find_element(By.CSS_SELECTOR, f"[data-favorites] .repo-row[data-repo='{name}']")
        assert "#journey" in row.text and "#found-by-search" in row.text and "Found by searching all of GitHub" in row.text
        assert row.find_element(By.CSS_SELECTOR, ".stars").get_attribute("data-stars") == stars
        screenshot(driver, f"journey-undone-{label}")
        clean(driver)

        # 6. Back to where the search was: the browser's Back to the detail, then its way back.
        driver.back()
        wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, f".detail[data-repo='{name}'] h1"))
        detail = driver.find_element(By.CSS_SELECTOR, f".detail[data-repo='{name}']")
        assert detail.find_element(By.CSS_SELECTOR, "button.fav").get_attribute("aria-pressed") == "true"
        if size == PHONE:
            back = driver.find_element(By.CSS_SELECTOR, ".detail a.back")
            assert back.text == "← Back to Search"
            tap(driver, back)
        else:
            # Wide screens keep the search beside the detail; the browser's Back closes the detail.
            # (The detail's address is in the history more than once: opened, then again after tagging.)
            for _ in range(5):
                if same_page(driver.current_url, search_url):
                    break
                driver.back()
                wait(driver, lambda d: d.execute_script("return document.readyState") == "complete")
        wait(driver, lambda d: same_page(d.current_url, search_url) and d.find_elements(By.CSS_SELECTOR, search_row(name)))
        assert [r.get_attribute("data-repo") for r in driver.find_elements(By.CSS_SELECTOR, ".search-results .repo-row")] == results
        found = driver.find_element(By.CSS_SELECTOR, search_row(name))
        wait(driver, lambda d: d.execute_script(
            "const r = arguments[0].getBoundingClientRect(); return r.top >= 0 && r.bottom <= window.innerHeight;", found))
        assert found.find_element(By.CSS_SELECTOR, ".stars").get_attribute("data-stars") == stars
        assert found.find_element(By.CSS_SELECTOR, "button.fav").get_attribute("aria-pressed") == "true"
        screenshot(driver, f"journey-back-{label}")
        clean(driver)
    finally:
        driver.quit()
