"""Following what matters in Chromium: tags and notes, GitHub stars and sync, and updates with
their unread count, at phone and wide sizes, light and dark."""

import time

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.expected_conditions import staleness_of

from conftest import PHONE, WIDE, App, Fake, make_browser, screenshot, tap
from test_shell import favourite, rows_of, themed
from test_web import rows, wait

OCTOCAT_TOKEN = "ghp_FAKEoctocatTOKEN0000000000000000000000"


@pytest.fixture(scope="module")
def world():
    # Answers are never fresh, so each background round sees what the fake changed; rounds every
    # 5 s share the hour's budget 720 ways, so the token's limit is large enough for each to check.
    fake = Fake(max_age=0, extra=["--token-core-limit", "1000000"])
    app = App(fake, GH_TOKEN=OCTOCAT_TOKEN, STARSCOPE_UPDATES_INTERVAL="5")
    yield fake, app
    app.stop()
    fake.stop()


@pytest.mark.parametrize("size,dark", [(PHONE, True), (WIDE, False)], ids=["phone-dark", "wide-light"])
def test_tags_and_a_note_from_the_detail_filter_favourites(world, size, dark):
    fake, app = world
    driver = themed(size, dark)
    label = f"{'phone' if size == PHONE else 'wide'}-{'dark' if dark else 'light'}"
    try:
        names = rows_of(driver, app)[3:5]
        favourite(driver, app, names)
        driver.get(app.url + "/repos/" + names[0] + "?from=%2Ffavorites")
        if not driver.find_elements(By.CSS_SELECTOR, "details.annotate[open]"):
            tap(driver, driver.find_element(By.CSS_SELECTOR, "details.annotate summary"))
        field = driver.find_element(By.ID, "tags")
        field.clear()
        field.send_keys(f"reading-{label}, <b>later</b>")
        note = driver.find_element(By.ID, "note")
        note.clear()
        note.send_keys("Compare with the old one")
        save = driver.find_element(By.CSS_SELECTOR, "details.annotate button")
        tap(driver, save)
        # The page comes back (the same address) with the tags filled in.
        wait(driver, staleness_of(save))
        wait(driver, lambda d: f"reading-{label}" in d.find_element(By.ID, "tags").get_attribute("value"))
        driver.get(app.url + f"/favorites?tag=reading-{label}")
        assert rows(driver) == [names[0]]
        row = driver.find_element(By.CSS_SELECTOR, ".repo-row")
        assert "#<b>later</b>" in row.text and "Compare with the old one" in row.text
        assert not row.find_elements(By.TAG_NAME, "b")
        screenshot(driver, f"favourites-tags-{label}")
    finally:
        driver.quit()


def test_star_on_github_and_sync_from_favourites(world):
    fake, app = world
    driver = make_browser(WIDE)
    try:
        name = rows_of(driver, app)[7]
        driver.get(app.url + "/repos/" + name)
        star = driver.find_element(By.CSS_SELECTOR, ".star-form button")
        assert star.find_element(By.CSS_SELECTOR, ".star-state").text == "☆ Star on GitHub"
        tap(driver, star)
        wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, ".star-outcome").text == f"Starred {name} on GitHub.")
        assert any(r["method"] == "PUT" and r["path"] == f"/user/starred/{name}" for r in fake.requests())
        driver.get(app.url + "/favorites")
        tap(driver, driver.find_element(By.XPATH, "//button[text()='Sync with GitHub stars']"))
        result = wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".sync-result"))[0]
        assert "starred repositor" in result.text
        assert name in rows(driver)
        row = driver.find_element(By.CSS_SELECTOR, f".repo-row[data-repo='{name}']")
        assert "starred on GitHub" in row.text
        screenshot(driver, "favourites-synced-wide")
    finally:
        driver.quit()


@pytest.mark.parametrize("size,dark", [(PHONE, False), (WIDE, True)], ids=["phone-light", "wide-dark"])
def test_updates_arrive_with_an_unread_count_and_show_once(world, size, dark):
    fake, app = world
    driver = themed(size, dark)
    try:
        name = rows_of(driver, app)[10 if size == PHONE else 11]
        favourite(driver, app, [name])
        # Let a background round see it as it is, then change it on GitHub.
        time.sleep(12)
        fake.control("POST", "/_fake/release", {"full_name": name, "tag": "v42.0.0"})
        fake.control("POST", "/_fake/archive", {"full_name": name})

        def unread(d):
            d.get(app.url + "/")
            badges = d.find_elements(By.CSS_SELECTOR, "nav.tabs .badge")
            return badges and int(badges[0].get_attribute("data-unread")) >= 2

        wait(driver, unread)
        screenshot(driver, f"updates-badge-{'phone' if size == PHONE else 'wide'}")
        tap(driver, driver.find_element(By.CSS_SELECTOR, "nav.tabs a[href='/updates']"))
        mine = lambda d: [e.get_attribute("data-update") for e in d.find_elements(By.CSS_SELECTOR, f"[data-update][data-repo='{name}']")]
        assert sorted(mine(driver)) == ["archived", "release"]
        assert len(driver.find_elements(By.CSS_SELECTOR, f"[data-repo='{name}'] .tag.new")) == 2
        screenshot(driver, f"updates-{'phone-light' if size == PHONE else 'wide-dark'}")
        # Seen now, and still there once each after another round.
        time.sleep(6)
        driver.get(app.url + "/updates")
        assert sorted(mine(driver)) == ["archived", "release"]
        assert not driver.find_elements(By.CSS_SELECTOR, f"[data-repo='{name}'] .tag.new")
        assert not driver.find_elements(By.CSS_SELECTOR, "nav.tabs .badge")
    finally:
        driver.quit()
