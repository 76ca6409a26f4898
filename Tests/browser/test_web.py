"""The web app in a real browser, at phone (390×844) and wide (1280×800) sizes."""

import datetime
import time
import urllib.parse

import pytest
from selenium.common.exceptions import (
    NoAlertPresentException,
    NoSuchElementException,
    StaleElementReferenceException,
    WebDriverException,
)
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import PHONE, WIDE, App, make_browser, screenshot


def rows(driver):
    return [row.get_attribute("data-repo") for row in driver.find_elements(By.CSS_SELECTOR, ".list-pane .repo-row")]


def wait(driver, condition, seconds=60):
    """Waits for `condition`, riding out elements replaced while a page loads (chromedriver names
    some of those "does not belong to the document" rather than stale). The limit only guards
    against a hang: it returns as soon as the condition holds, so it is generous for a machine
    that is busy with something else too."""
    ignored = (NoSuchElementException, StaleElementReferenceException)

    def check(d):
        try:
            return condition(d)
        except WebDriverException as error:
            if isinstance(error, ignored) or "does not belong to the document" not in str(error):
                raise
            return False

    return WebDriverWait(driver, seconds, poll_frequency=0.1, ignored_exceptions=ignored).until(check)


def week_cutoff():
    today = datetime.datetime.now(datetime.timezone.utc).date()
    return (today - datetime.timedelta(days=7)).isoformat()


def expected_week(fake, count=100):
    query = urllib.parse.urlencode({"q": f"created:>{week_cutoff()}", "sort": "stars", "order": "desc", "per_page": count})
    request = urllib.request.Request(f"{fake.url}/search/repositories?{query}", headers={"User-Agent": "tests"})
    with urllib.request.urlopen(request) as response:
        return [item["full_name"] for item in json.load(response)["items"]]


import json  # noqa: E402
import urllib.request  # noqa: E402


@pytest.mark.parametrize("size", [PHONE, WIDE], ids=["phone", "wide"])
def test_trending_shows_the_weeks_most_starred_new_repositories_in_order(fake, app, size):
    driver = make_browser(size)
    try:
        driver.get(app.url + "/")
        shown = rows(driver)
        # A page shows 25 rows cut from GitHub's first page of 100.
        assert shown == expected_week(fake)[:25]
        stars = [int(e.get_attribute("data-stars")) for e in driver.find_elements(By.CSS_SELECTOR, ".list-pane .repo-row .stars")]
        assert stars == sorted(stars, reverse=True)
        assert driver.find_element(By.CSS_SELECTOR, "a[rel=next]").get_attribute("href").endswith("page=2")
        assert driver.find_elements(By.CSS_SELECTOR, ".description.empty") or True
        # Rows never overflow the viewport: names and stars re-flow instead.
        width = driver.execute_script("return document.documentElement.clientWidth")
        overflow = driver.execute_script("return document.documentElement.scrollWidth")
        assert overflow <= width
        screenshot(driver, f"trending-{'phone' if size == PHONE else 'wide'}")
    finally:
        driver.quit()


def test_scrolling_to_the_end_loads_the_next_page_without_duplicates(fake, app, wide):
    wide.get(app.url + "/?since=month")
    assert len(rows(wide)) == 25
    for _ in range(120):
        wide.execute_script("window.scrollTo(0, document.body.scrollHeight)")
        time.sleep(0.2)
        if len(rows(wide)) >= 200:
            break
    shown = rows(wide)
    assert len(shown) >= 200
    assert len(shown) == len(set(shown))
    # The service worker's install keeps `/` (this week's list) too: that is not this list's cost.
    pages = [r for r in fake.requests() if r["path"] == "/search/repositories" and week_cutoff() not in (r.get("query") or "")]
    assert any("page=2" in (r.get("query") or "") for r in pages)
    # 200 rows in pages of 25 cost GitHub only its two pages of 100.
    assert len(pages) == 2, pages


def test_timeframe_switch_changes_the_list_and_the_url(app, wide):
    wide.get(app.url + "/")
    week = rows(wide)
    wide.find_element(By.CSS_SELECTOR, ".segment[data-since=day]").click()
    wait(wide, lambda d: "since=day" in d.current_url)
    day = rows(wide)
    assert day and day != week
    assert wide.find_element(By.CSS_SELECTOR, ".segment[aria-current]").get_attribute("data-since") == "day"
    wide.refresh()
    assert rows(wide) == day


@pytest.mark.parametrize("size", [PHONE, WIDE], ids=["phone", "wide"])
def test_a_favourite_survives_a_reload_and_appears_on_favourites(app, size):
    driver = make_browser(size)
    try:
        driver.get(app.url + "/")
        first = driver.find_element(By.CSS_SELECTOR, ".list-pane .repo-row")
        name = first.get_attribute("data-repo")
        first.find_element(By.CSS_SELECTOR, "button.fav").click()
        wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, f".repo-row[data-repo='{name}'] button.fav").get_attribute("aria-pressed") == "true")
        driver.refresh()
        row = driver.find_element(By.CSS_SELECTOR, f".repo-row[data-repo='{name}']")
        assert row.find_element(By.CSS_SELECTOR, "button.fav").get_attribute("aria-pressed") == "true"
        assert "is-favorite" in row.get_attribute("class")
        driver.get(app.url + "/favorites")
        assert rows(driver) == [name]
    finally:
        driver.quit()


def test_a_heart_pressed_before_the_sections_arrive_stays_pressed(fake, app, wide):
    """On a wide screen the detail shows before its README; when the README comes, only the
    sections are added: a heart pressed meanwhile stays pressed (it used to be drawn again from
    the first answer, unpressed, though the favourite was kept)."""
    wide.get(app.url + "/")
    row = next(r for r in wide.find_elements(By.CSS_SELECTOR, ".list-pane .repo-row")
               if r.find_element(By.CSS_SELECTOR, "button.fav").get_attribute("aria-pressed") != "true")
    name = row.get_attribute("data-repo")
    fake.control("POST", "/_fake/faults", {"path": f"/repos/{name}/readme", "fault": "slow", "seconds": 30})
    try:
        row.find_element(By.CSS_SELECTOR, "a.repo-link").click()
        article = wait(wide, lambda d: d.find_elements(By.CSS_SELECTOR, f".detail-pane article[data-repo='{name}']"))[0]
        assert not wide.find_elements(By.CSS_SELECTOR, ".detail-pane .readme-section")
        heart = article.find_element(By.CSS_SELECTOR, "button.fav")
        heart.click()
        wait(wide, lambda d: heart.get_attribute("aria-pressed") == "true")
    finally:
        fake.control("DELETE", "/_fake/faults")
        fake.control("POST", "/_fake/faults/release")
    wait(wide, lambda d: d.find_elements(By.CSS_SELECTOR, f".detail-pane article[data-repo='{name}'] .readme-section"))
    assert heart.get_attribute("aria-pressed") == "true"
    assert article.find_element(By.CSS_SELECTOR, ".readme-section").is_displayed()


def test_detail_opens_beside_the_list_on_a_wide_screen(fake, app, wide):
    wide.get(app.url + "/")
    wide.execute_script("window.scrollTo(0, 1200)")
    time.sleep(0.2)
    before = wide.execute_script("return window.scrollY")
    links = wide.find_elements(By.CSS_SELECTOR, ".list-pane .repo-link")
    target = next(link for link in links if link.location["y"] > before + 100)
    name = target.find_element(By.XPATH, "./ancestor::li").get_attribute("data-repo")
    fetched_before = len([r for r in fake.requests() if r["path"].startswith("/repos/")])
    target.click()
    wait(wide, lambda d: d.find_elements(By.CSS_SELECTOR, f".detail-pane article[data-repo='{name}']"))
    assert wide.current_url.split("?")[0].endswith(f"/repos/{name}")
    assert wide.find_element(By.CSS_SELECTOR, ".list-pane").is_displayed()
    assert abs(wide.execute_script("return window.scrollY") - before) < 5
    detail = wide.find_element(By.CSS_SELECTOR, ".detail-pane article")
    assert detail.find_element(By.LINK_TEXT, "Open on GitHub").get_attribute("href") == f"https://github.com/{name}"
    # Licence, homepage and "archived" appear only when GitHub says so; the star history comes
    # with the sections, which follow the first part of the answer.
    # Its text is read as the document holds it: rendering a long README's text for Selenium
    # (a big table) can take longer than a live round's interval on a busy machine.
    wait(wide, lambda d: d.find_elements(By.CSS_SELECTOR, ".detail-pane #history-title"))
    text = wide.execute_script("return arguments[0].textContent", wide.find_element(By.CSS_SELECTOR, ".detail-pane article"))
    for label in ("Stars", "Forks", "Open issues", "Watchers", "Language", "Created", "Last push", "Star history"):
        assert label in text
    # The repository itself comes from the row; its README, releases, contributors and languages
    # cost a request each, its star history one page (a repository this new), and nothing else is asked.
    made = [r["path"] for r in fake.requests() if r["path"].startswith("/repos/")][fetched_before:]
    # From 30 s after start the server's background round asks other repositories' star history
    # (Rising's "breaking out"): that is not this page's.
    made = [path for path in made if path.startswith(f"/repos/{name}/") or not path.endswith("/stargazers/history")]
    assert f"/repos/{name}" not in made
    parts = ("contributors", "languages", "readme", "releases", "stargazers/history")
    assert sorted(made) == sorted(f"/repos/{name}/{part}" for part in parts), made
    screenshot(wide, "detail-wide")
    # A reload, or the same URL shared, shows the same view.
    wide.refresh()
    assert wide.find_element(By.CSS_SELECTOR, f".detail-pane article[data-repo='{name}']").is_displayed()
    assert wide.find_element(By.CSS_SELECTOR, ".list-pane").is_displayed()


def test_detail_is_its_own_page_on_a_phone(app, phone):
    phone.get(app.url + "/")
    link = phone.find_element(By.CSS_SELECTOR, ".list-pane .repo-link")
    name = link.find_element(By.XPATH, "./ancestor::li").get_attribute("data-repo")
    link.click()
    wait(phone, lambda d: f"/repos/{name}" in d.current_url)
    assert not phone.find_element(By.CSS_SELECTOR, ".list-pane").is_displayed()
    back = phone.find_element(By.CSS_SELECTOR, ".detail .back")
    assert back.is_displayed()
    screenshot(phone, "detail-phone")
    back.click()
    wait(phone, lambda d: "/repos/" not in d.current_url)
    assert phone.find_element(By.CSS_SELECTOR, ".list-pane").is_displayed()


@pytest.mark.parametrize("size", [PHONE, WIDE], ids=["phone", "wide"])
def test_dark_mode_applies(app, size):
    driver = make_browser(size)
    try:
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
        driver.get(app.url + "/")
        assert driver.execute_script("return getComputedStyle(document.body).backgroundColor") == "rgb(13, 17, 23)"
        screenshot(driver, f"trending-dark-{'phone' if size == PHONE else 'wide'}")
        # The theme chosen in Settings wins over the system's.
        driver.get(app.url + "/settings")
        # On a phone the tab bar covers the bottom of the screen: bring each control to the middle first.
        for selector in ("input[name=theme][value=light]", ".themes button"):
            control = driver.find_element(By.CSS_SELECTOR, selector)
            driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", control)
            control.click()
        # Saving the theme loads the page again: read both in one script, so no element handle
        # can outlive the document it came from.
        light = "return [document.documentElement.dataset.theme, getComputedStyle(document.body).backgroundColor]"
        wait(driver, lambda d: d.execute_script(light) == ["light", "rgb(255, 255, 255)"])
    finally:
        driver.quit()


@pytest.mark.parametrize("needle", ["<script>alert('xss')</script>", "<img src=x onerror=alert(1)>"])
def test_hostile_descriptions_show_as_text_and_run_nothing(app, wide, needle):
    term = "script" if "script" in needle else "onerror"
    wide.get(app.url + f"/?since=month&q={term}")
    matching = [row for row in wide.find_elements(By.CSS_SELECTOR, ".list-pane .repo-row") if needle in row.text]
    assert matching, "the fake serves this hostile description"
    with pytest.raises(NoAlertPresentException):
        wide.switch_to.alert.text
    assert not wide.find_elements(By.CSS_SELECTOR, ".repo-list img[src=x], .repo-list script")
    matching[0].find_element(By.CSS_SELECTOR, ".repo-link").click()
    wait(wide, lambda d: needle in d.find_element(By.CSS_SELECTOR, ".detail-pane").text)
    with pytest.raises(NoAlertPresentException):
        wide.switch_to.alert.text


def test_with_github_gone_the_banner_shows_and_favourites_still_open(fake):
    app = App(fake, STARSCOPE_SEARCH_FRESHNESS="0")
    driver = make_browser(WIDE)
    try:
        driver.get(app.url + "/")
        name = rows(driver)[0]
        driver.find_element(By.CSS_SELECTOR, ".list-pane .repo-row button.fav").click()
        wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, ".list-pane .repo-row button.fav").get_attribute("aria-pressed") == "true")
        fake.stop()
        driver.refresh()
        banner = driver.find_element(By.CSS_SELECTOR, "[role=status].banner")
        assert banner.is_displayed() and banner.text.startswith("Offline — showing results from")
        assert rows(driver)[0] == name
        screenshot(driver, "offline-wide")
        driver.get(app.url + "/favorites")
        assert rows(driver) == [name]
        driver.find_element(By.CSS_SELECTOR, ".list-pane .repo-link").click()
        wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, f".detail[data-repo='{name}']"))
        driver.set_window_size(*PHONE)
        driver.get(app.url + f"/repos/{name}")
        assert driver.find_element(By.CSS_SELECTOR, f".detail[data-repo='{name}'] h1").is_displayed()
        screenshot(driver, "offline-favourite-phone")
    finally:
        driver.quit()
        app.stop()


def test_favourites_and_their_details_open_from_the_service_worker_with_the_server_stopped(fake):
    app = App(fake)
    driver = make_browser(WIDE)
    try:
        driver.get(app.url + "/")
        name = rows(driver)[1]
        driver.find_element(By.CSS_SELECTOR, f".repo-row[data-repo='{name}'] button.fav").click()
        wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, f".repo-row[data-repo='{name}'] button.fav").get_attribute("aria-pressed") == "true")
        driver.get(app.url + "/favorites")
        wait(driver, lambda d: d.execute_script("return document.documentElement.dataset.offlineReady") == "true")
        app.process.terminate()
        app.process.wait(10)
        driver.get(app.url + "/favorites")
        assert rows(driver) == [name]
        banner = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, ".banner[role=status]").is_displayed() and d.find_element(By.CSS_SELECTOR, ".banner[role=status]"))
        assert "Offline" in banner.text
        driver.get(app.url + f"/repos/{name}")
        assert driver.find_element(By.CSS_SELECTOR, f".detail[data-repo='{name}'] h1").is_displayed()
        screenshot(driver, "service-worker-offline-wide")
    finally:
        driver.quit()
        app.stop()


def test_keyboard_searches_moves_favourites_and_opens(app, wide):
    from selenium.webdriver.common.keys import Keys

    wide.get(app.url + "/")
    body = wide.find_element(By.TAG_NAME, "body")
    body.send_keys("/")
    assert wide.switch_to.active_element.get_attribute("id") == "q"
    wide.switch_to.active_element.send_keys(Keys.ESCAPE)
    body.click()
    body.send_keys("j")
    body.send_keys("j")
    active = wide.switch_to.active_element
    second = rows(wide)[1]
    assert active.find_element(By.XPATH, "./ancestor::li").get_attribute("data-repo") == second
    active.send_keys("f")
    wait(wide, lambda d: d.find_element(By.CSS_SELECTOR, f".repo-row[data-repo='{second}'] button.fav").get_attribute("aria-pressed") == "true")
    wide.switch_to.active_element.send_keys(Keys.ENTER)
    wait(wide, lambda d: d.find_elements(By.CSS_SELECTOR, f".detail-pane article[data-repo='{second}']"))


def test_account_people_and_activity_pages(app, phone):
    phone.get(app.url + "/users/swiftlang")
    assert phone.find_element(By.CSS_SELECTOR, ".profile").is_displayed()
    assert all(r.startswith("swiftlang/") for r in rows(phone))
    field = phone.find_element(By.ID, "login")
    field.clear()
    field.send_keys("octocat\n")
    wait(phone, lambda d: d.current_url.endswith("/users/octocat"))
    screenshot(phone, "account-phone")
    phone.get(app.url + "/users/nobody-at-all")
    assert "No GitHub user or organisation" in phone.find_element(By.TAG_NAME, "main").text
    phone.get(app.url + "/users")
    first = phone.find_element(By.CSS_SELECTOR, ".person-row a.person-link")
    login = first.text
    first.click()
    wait(phone, lambda d: d.current_url.endswith(f"/users/{login}"))
    phone.get(app.url + "/users/octocat/activity")
    assert len(phone.find_elements(By.CSS_SELECTOR, ".event-row")) == 60


def live_app(fake):
    return App(fake, STARSCOPE_SEARCH_FRESHNESS="0", STARSCOPE_LIVE_INTERVAL="1")


def test_live_star_counts_update_in_place_without_reload_or_scroll_jump(fake):
    app = live_app(fake)
    driver = make_browser(WIDE)
    try:
        driver.get(app.url + "/?since=month")
        driver.execute_script("window.scrollTo(0, 600); window.__sameDocument = true;")
        time.sleep(0.3)
        before = driver.execute_script("return window.scrollY")
        target = rows(driver)[5]
        star = driver.find_element(By.CSS_SELECTOR, f".repo-row[data-repo='{target}'] [data-stars]")
        raised = int(star.get_attribute("data-stars")) + 12345
        time.sleep(1.5)  # the first round sets the baseline
        fake.control("POST", "/_fake/stars", {"full_name": target, "stars": raised})
        wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, f".repo-row[data-repo='{target}'] [data-stars]").get_attribute("data-stars") == str(raised))
        shown = driver.find_element(By.CSS_SELECTOR, f".repo-row[data-repo='{target}'] [data-stars] .count").text
        assert shown.endswith("k")
        assert driver.execute_script("return window.__sameDocument") is True
        assert abs(driver.execute_script("return window.scrollY") - before) < 2
        # The open detail follows too, with the exact count.
        driver.find_element(By.CSS_SELECTOR, f".repo-row[data-repo='{target}'] .repo-link").click()
        wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, f".detail-pane article[data-repo='{target}']"))
        fake.control("POST", "/_fake/stars", {"full_name": target, "stars": raised + 1})
        wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, ".detail-pane [data-stars]").get_attribute("data-stars") == str(raised + 1))
        assert driver.find_element(By.CSS_SELECTOR, ".detail-pane [data-stars] .count").text == f"{raised + 1:,}"
    finally:
        driver.quit()
        app.stop()


def test_two_tabs_on_one_list_cause_one_stream_of_checks(fake):
    app = live_app(fake)
    driver = make_browser(WIDE)
    try:
        driver.get(app.url + "/?since=month")
        driver.switch_to.new_window("tab")
        driver.get(app.url + "/?since=month")
        time.sleep(1)
        fake.control("DELETE", "/_fake/requests")
        time.sleep(6)
        searches = [r for r in fake.requests() if r["path"] == "/search/repositories"]
        # One check a second at most, however many tabs: two streams would make about twelve.
        assert 1 <= len(searches) <= 8, len(searches)
    finally:
        driver.quit()
        app.stop()


def test_a_list_without_rows_is_not_watched_live(fake):
    """A list GitHub failed to give shows no counts to keep live: watching it would spend the
    search budget and store an answer that the next load shows instead of the failure."""
    app = live_app(fake)
    driver = make_browser(WIDE)
    try:
        fake.control("POST", "/_fake/faults", {"path": "/search", "fault": "500", "count": 1000})
        driver.get(app.url + "/?since=month&q=nothing-stored")
        assert driver.find_elements(By.CSS_SELECTOR, ".error-state[role=alert]")
        fake.control("DELETE", "/_fake/faults")
        fake.control("DELETE", "/_fake/requests")
        time.sleep(4)  # four rounds of a watched list at one a second
        # (The service worker stores the start page meanwhile: that search is not this list's.)
        searches = [r for r in fake.requests() if r["path"] == "/search/repositories" and "nothing-stored" in r["query"]]
        assert searches == [], json.dumps(searches)
        # Still failing, the page still says so instead of showing an answer fetched meanwhile.
        fake.control("POST", "/_fake/faults", {"path": "/search", "fault": "500", "count": 1000})
        driver.get(app.url + "/?since=month&q=nothing-stored")
        assert driver.find_elements(By.CSS_SELECTOR, ".error-state[role=alert]")
    finally:
        fake.control("DELETE", "/_fake/faults")
        driver.quit()
        app.stop()


def test_live_checks_stay_within_the_budget_for_sixty_an_hour():
    from conftest import Fake

    fake = Fake(core_limit=60)
    app = App(fake, STARSCOPE_LIVE_INTERVAL="1")
    driver = make_browser(WIDE)
    try:
        driver.get(app.url + "/users/swiftlang")
        driver.switch_to.new_window("tab")
        driver.get(app.url + "/users/swiftlang")
        time.sleep(1)
        fake.control("DELETE", "/_fake/requests")
        time.sleep(8)
        checks = [r for r in fake.requests() if r["path"].startswith("/users/swiftlang")]
        # A quarter of ~58 left before the hour's reset (live counts have half of the live share, the
        # background checks the other half): about one check every four minutes, not every second.
        assert len(checks) <= 1, checks
        driver.switch_to.window(driver.window_handles[0])
        driver.get(app.url + "/settings")
        assert "at most 25%" in driver.find_element(By.CSS_SELECTOR, ".live-budget").text
    finally:
        driver.quit()
        app.stop()
        fake.stop()


@pytest.mark.parametrize("size", [PHONE, WIDE], ids=["phone", "wide"])
def test_a_page_that_fails_mid_scroll_says_so_and_retries(fake, app, size):
    label = "phone" if size == PHONE else "wide"
    driver = make_browser(size, dark=size == PHONE)
    try:
        driver.get(app.url + "/?since=month")
        # Pages 1-4 come from GitHub's first page of 100, saved and fresh; page 5 needs its second,
        # which fails from now on.
        fake.control("POST", "/_fake/faults", {"path": "/search", "fault": "500", "count": 100})
        for _ in range(80):
            driver.execute_script("window.scrollTo(0, document.body.scrollHeight)")
            time.sleep(0.2)
            if driver.find_elements(By.CSS_SELECTOR, ".load-error"):
                break
        alert = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, ".load-error[role=alert]"))
        assert len(rows(driver)) == 100
        assert "GitHub" in alert.text, alert.text
        assert driver.find_element(By.CSS_SELECTOR, "a.load-more[rel=next]").is_displayed()
        time.sleep(1.5)
        # No retries behind the user's back.
        failed = [r for r in fake.requests() if r["status"] == 500 and "page=2" in (r.get("query") or "")]
        assert len(failed) == 1, failed
        screenshot(driver, f"load-more-failed-{label}")
        fake.control("DELETE", "/_fake/faults")
        alert.find_element(By.CSS_SELECTOR, "button").click()
        wait(driver, lambda d: len(rows(d)) >= 125)
        shown = rows(driver)
        assert len(shown) == len(set(shown))
        assert not driver.find_elements(By.CSS_SELECTOR, ".load-error")
    finally:
        driver.quit()
