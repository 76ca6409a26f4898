"""Issue 41, point 6 in Chromium: search results keep their star counts live as every list of
repositories does, and Favourites → Compare is a picker (tick favourites, press Compare)."""

import time

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

import axe_check
from conftest import PHONE, WIDE, App, screenshot, tap
from test_shell import favourite, small_targets, themed
from test_web import rows, wait

SIZES = [(PHONE, True), (WIDE, False)]
IDS = ["phone-dark", "wide-light"]


def test_search_results_update_their_star_counts_in_place(fake):
    app = App(fake, STARSCOPE_SEARCH_FRESHNESS="0", STARSCOPE_LIVE_INTERVAL="1")
    driver = themed(WIDE, False)
    try:
        driver.get(app.url + "/search?q=language%3Aswift")
        found = rows(driver)
        assert len(found) > 5
        driver.execute_script("window.__sameDocument = true;")
        target = found[3]
        star = driver.find_element(By.CSS_SELECTOR, f".repo-row[data-repo='{target}'] [data-stars]")
        raised = int(star.get_attribute("data-stars")) + 54321
        time.sleep(1.5)  # the first round sets the baseline
        fake.control("POST", "/_fake/stars", {"full_name": target, "stars": raised})
        wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, f".repo-row[data-repo='{target}'] [data-stars]").get_attribute("data-stars") == str(raised))
        assert driver.find_element(By.CSS_SELECTOR, f".repo-row[data-repo='{target}'] [data-stars] .count").text.endswith("k")
        assert driver.execute_script("return window.__sameDocument") is True
    finally:
        driver.quit()
        app.stop()


@pytest.mark.parametrize("size,dark", SIZES, ids=IDS)
def test_favourites_compare_is_a_picker(fake, size, dark):
    app = App(fake)
    mode = f"{'phone' if size == PHONE else 'wide'}-{'dark' if dark else 'light'}"
    driver = themed(size, dark)
    try:
        driver.get(app.url + "/?since=month")
        picks = rows(driver)[:3]
        favourite(driver, app, picks)
        driver.get(app.url + "/favorites")
        summary = driver.find_element(By.CSS_SELECTOR, "details.compare-favorites summary")
        summary.send_keys(Keys.ENTER)
        boxes = wait(driver, lambda d: [b for b in d.find_elements(By.CSS_SELECTOR, ".compare-picker input[type=checkbox]") if b.is_displayed()])
        assert sorted(box.get_attribute("value") for box in boxes) == sorted(picks)
        assert not any(box.is_selected() for box in boxes)
        screenshot(driver, f"compare-picker-{mode}")
        problems = axe_check.blocking(driver)
        assert not problems, f"\n{problems}"
        assert not small_targets(driver)
        # Tick two by keyboard (Space), then Compare.
        chosen = [boxes[2], boxes[0]]
        names = [box.get_attribute("value") for box in chosen]
        for box in chosen:
            box.send_keys(Keys.SPACE)
        assert [box.is_selected() for box in boxes] == [True, False, True]
        tap(driver, driver.find_element(By.CSS_SELECTOR, ".compare-picker button[type=submit]"))
        wait(driver, lambda d: "/compare?" in d.current_url)
        shown = [row.get_attribute("data-repo") for row in driver.find_elements(By.CSS_SELECTOR, ".compare-table tr[data-repo]")]
        assert sorted(shown) == sorted(names)
        assert len(driver.find_elements(By.CSS_SELECTOR, "svg.curve-chart polyline.curve")) == 2
    finally:
        driver.quit()
        app.stop()
