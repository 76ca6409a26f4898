"""Issue 27, point 3: keep people's place. New & popular scrolled to page 3 → a repository →
Back: the same rows, the same scroll (the row in view), and the page marks shown; whether the
browser keeps the page whole (back/forward cache) or loads it again."""


import pytest
from selenium.webdriver.common.by import By

import axe_check
from conftest import ARTIFACTS, PHONE, WIDE, make_browser, tap
from test_web import rows, wait

SHOTS = ARTIFACTS


def shot(driver, name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    driver.save_screenshot(str(SHOTS / f"{name}.png"))


def load_to_page(driver, page):
    """Scrolls to the end of the list until page `page` has been loaded by the list's script."""
    for _ in range(page * 3):
        if driver.find_elements(By.CSS_SELECTOR, f".repo-list > li.page-mark[data-page-mark='{page}']"):
            return
        count = len(rows(driver))
        driver.execute_script("window.scrollTo(0, document.documentElement.scrollHeight)")
        wait(driver, lambda d: len(rows(d)) > count or d.find_elements(By.CSS_SELECTOR, ".load-error"))
    assert driver.find_elements(By.CSS_SELECTOR, f".repo-list > li.page-mark[data-page-mark='{page}']")


def pick_on_page(driver, page):
    """The first row of page `page`, brought to the middle of the screen (its page mark above it)."""
    return driver.execute_script(
        """
        let row = document.querySelector(`.repo-list > li.page-mark[data-page-mark='${arguments[0]}']`);
        row = row.nextElementSibling;
        row.scrollIntoView({ block: "center" });
        return row.dataset.repo;
        """,
        page,
    )


def in_view(driver, name):
    return driver.execute_script(
        "const r = document.querySelector(`.repo-row[data-repo='${arguments[0]}']`).getBoundingClientRect();"
        "return r.top >= 0 && r.bottom <= window.innerHeight;",
        name,
    )


@pytest.mark.parametrize("cache", ["kept", "reloaded"])
def test_back_from_a_detail_on_a_phone_restores_the_loaded_pages_and_the_scroll(app, cache):
    arguments = ["--disable-features=BackForwardCache"] if cache == "reloaded" else []
    driver = make_browser(PHONE, dark=True, arguments=arguments)
    try:
        driver.get(app.url + "/")
        load_to_page(driver, 3)
        name = pick_on_page(driver, 3)
        before = rows(driver)
        assert len(before) >= 51
        y = driver.execute_script("return window.scrollY")
        driver.execute_script("window.leftBehind = true")
        # The row is in the middle of the screen already: clicked where it is, so the scroll stays.
        driver.find_element(By.CSS_SELECTOR, f".repo-row[data-repo='{name}'] a.repo-link").click()
        wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, f".detail[data-repo='{name}'] h1"))
        back = driver.find_element(By.CSS_SELECTOR, "a.back")
        assert back.text == "← Back to New & popular"
        assert back.get_attribute("href").endswith("page=3#repo-" + name.replace("/", "--"))
        tap(driver, back)
        wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".list-pane .repo-list") and d.current_url == app.url + "/")
        if cache == "reloaded":
            assert driver.execute_script("return window.leftBehind === undefined"), "the page was loaded again"
        wait(driver, lambda d: rows(d) == before)
        wait(driver, lambda d: in_view(d, name))
        assert abs(driver.execute_script("return window.scrollY") - y) <= 2
        marks = driver.find_elements(By.CSS_SELECTOR, ".repo-list > li.page-mark")
        assert [m.get_attribute("data-page-mark") for m in marks] == ["2", "3"]
        assert marks[1].text == "Page 3" and marks[1].is_displayed()
        shot(driver, f"back-restored-phone-{cache}")
        problems = axe_check.blocking(driver)
        assert not problems, f"\n{problems}"
    finally:
        driver.quit()


def test_back_in_the_wide_detail_keeps_the_list_and_its_place(app):
    driver = make_browser(WIDE)
    try:
        driver.get(app.url + "/")
        load_to_page(driver, 3)
        name = pick_on_page(driver, 3)
        before = rows(driver)
        driver.find_element(By.CSS_SELECTOR, f".repo-row[data-repo='{name}'] a.repo-link").click()
        wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, f".detail-pane .detail[data-repo='{name}'] a.back"))
        shot(driver, "detail-beside-page-3-wide")
        # Wide screens show no Back link beside the list: the browser's Back closes the detail.
        driver.back()
        wait(driver, lambda d: not d.find_elements(By.CSS_SELECTOR, ".split.has-detail") and d.current_url == app.url + "/")
        assert rows(driver) == before
        assert in_view(driver, name)
        shot(driver, "back-restored-wide")
        problems = axe_check.blocking(driver)
        assert not problems, f"\n{problems}"
    finally:
        driver.quit()


def test_without_history_the_back_link_opens_the_page_holding_the_row_with_it_in_view(app):
    """A Back link followed as a link (another tab, a shared address): page 3, marked, the row in view."""
    driver = make_browser(PHONE, dark=True)
    try:
        driver.get(app.url + "/?since=week&page=3")
        name = rows(driver)[10]
        driver.get(app.url + f"/repos/{name}?since=week&page=3")
        href = driver.find_element(By.CSS_SELECTOR, "a.back").get_attribute("href")
        driver.get(href)
        mark = driver.find_element(By.CSS_SELECTOR, ".page-mark[data-page-mark='3']")
        assert mark.text.startswith("Page 3") and mark.is_displayed() is not None
        wait(driver, lambda d: in_view(d, name))
        shot(driver, "back-link-page-3-phone")
    finally:
        driver.quit()


@pytest.mark.parametrize("size,dark", [(PHONE, True), (WIDE, False)], ids=["phone-dark", "wide-light"])
def test_a_detail_opened_from_an_activity_feed_leads_back_to_it(app, size, dark):
    label = "phone" if size == PHONE else "wide"
    driver = make_browser(size, dark=dark)
    try:
        driver.get(app.url + "/users/octocat/activity")
        link = driver.find_element(By.CSS_SELECTOR, ".event-list a[href^='/repos/']")
        assert "from=%2Fusers%2Foctocat%2Factivity" in link.get_attribute("href")
        tap(driver, link)
        wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".detail h1"))
        if size == PHONE:
            back = driver.find_element(By.CSS_SELECTOR, "a.back")
            assert back.text == "← Back to octocat’s activity"
        else:
            # Beside the detail: the feed's name and the way back to it, not a list it did not come from.
            assert driver.find_element(By.CSS_SELECTOR, ".list-pane h1").text == "octocat’s activity"
            back = driver.find_element(By.CSS_SELECTOR, ".list-pane a.button")
        shot(driver, f"detail-from-activity-{label}")
        problems = axe_check.blocking(driver)
        assert not problems, f"\n{problems}"
        tap(driver, back)
        wait(driver, lambda d: d.current_url == app.url + "/users/octocat/activity")
    finally:
        driver.quit()
