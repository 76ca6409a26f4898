"""The phone shell and the context a detail keeps: tab bar, sticky filters, whole-row targets,
44-pixel targets, pull-to-refresh in place, details beside the list they came from, and the
Favourites page's undo, import report, sorting and filtering."""

import json
import tempfile
import time
import urllib.parse

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import PHONE, WIDE, App, make_browser, screenshot, tap
from test_web import rows, wait

SIZES = [PHONE, WIDE]
IDS = ["phone", "wide"]


def themed(size, dark):
    driver = make_browser(size)
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark" if dark else "light"}]})
    return driver


def favourite(driver, app, names):
    """Adds favourites through the page's own toggles."""
    for name in names:
        driver.get(app.url + "/repos/" + name)
        button = driver.find_element(By.CSS_SELECTOR, ".detail button.fav")
        if button.get_attribute("aria-pressed") != "true":
            tap(driver, button)
            wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, ".detail button.fav").get_attribute("aria-pressed") == "true")


def small_targets(driver):
    """Visible buttons, navigation links, segments and fields smaller than 44×44 CSS pixels (a
    checkbox counts as the label around it, which is what a finger taps)."""
    return driver.execute_script(
        """
        const selector = "button, .button, .tabs a, .segment, select, input:not([type=hidden]):not([type=radio]):not([type=checkbox]), label:has(> input[type=checkbox]), .back, .brand";
        return [...document.querySelectorAll(selector)].filter((e) => {
          const r = e.getBoundingClientRect();
          const style = getComputedStyle(e);
          if (r.width === 0 || style.visibility === "hidden" || e.closest("[hidden], details:not([open]) > :not(summary)")) return false;
          return r.width < 43.5 || r.height < 43.5;
        }).map((e) => e.outerHTML.slice(0, 120) + " " + Math.round(e.getBoundingClientRect().width) + "x" + Math.round(e.getBoundingClientRect().height));
        """
    )


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_the_phone_shell_keeps_sections_and_filters_in_reach(app, dark):
    driver = themed(PHONE, dark)
    try:
        driver.get(app.url + "/")
        tabs = driver.find_element(By.CSS_SELECTOR, "nav.tabs")
        links = tabs.find_elements(By.TAG_NAME, "a")
        assert len(links) == 7
        # One row of tabs at the bottom of the screen, the current one marked.
        assert len({link.rect["y"] for link in links}) == 1
        assert abs(tabs.rect["y"] + tabs.rect["height"] - PHONE[1]) <= 2 or driver.execute_script("return innerHeight") - (tabs.rect["y"] + tabs.rect["height"]) <= 2
        assert links[0].get_attribute("aria-current") == "page"
        first_row = driver.find_element(By.CSS_SELECTOR, ".list-pane .repo-row")
        assert first_row.rect["y"] < 330, first_row.rect
        assert small_targets(driver) == []
        screenshot(driver, f"shell-phone-{'dark' if dark else 'light'}")
        # Scrolled far down and back up a little, the filter bar is back at the top (it tucks away
        # while the list scrolls down: test_content_first.py), and the tabs are still there.
        driver.execute_script("window.scrollTo(0, 2600)")
        time.sleep(0.3)
        driver.execute_script("window.scrollBy(0, -100)")
        time.sleep(0.3)
        bar = driver.find_element(By.CSS_SELECTOR, ".list-bar")
        assert abs(bar.rect["y"] - driver.execute_script("return window.scrollY")) <= 1
        assert driver.execute_script("const r = document.querySelector('.list-bar').getBoundingClientRect(); return r.top") == 0
        assert "stuck" in bar.get_attribute("class")
        assert driver.execute_script("const r = document.querySelector('nav.tabs').getBoundingClientRect(); return r.bottom") == driver.execute_script("return innerHeight")
        screenshot(driver, f"shell-phone-scrolled-{'dark' if dark else 'light'}")
        # The whole row is the tap target: a tap on its description opens the detail.
        row = driver.find_elements(By.CSS_SELECTOR, ".list-pane .repo-row")[12]
        name = row.get_attribute("data-repo")
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", row)
        # A tap where the description is (Selenium's element click would refuse: the row's link covers it).
        ActionChains(driver).move_to_element(row.find_element(By.CSS_SELECTOR, ".meta")).click().perform()
        wait(driver, lambda d: f"/repos/{name}" in d.current_url)
        assert small_targets(driver) == []
    finally:
        driver.quit()


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_every_page_has_44_pixel_targets(fake, app, size):
    driver = make_browser(size)
    try:
        favourite(driver, app, rows_of(driver, app)[:1])
        for path in ["/", "/rising", "/favorites", "/users/swiftlang", "/users", "/settings", "/users/swiftlang/activity", "/users/no-such-login-x"]:
            driver.get(app.url + path)
            assert small_targets(driver) == [], path
    finally:
        driver.quit()


def rows_of(driver, app):
    driver.get(app.url + "/")
    return rows(driver)


def test_pull_to_refresh_swaps_the_list_in_place(fake, app):
    driver = make_browser(PHONE)
    try:
        driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 1})
        driver.get(app.url + "/")
        first = rows(driver)[0]
        driver.execute_script("window.notReloaded = true")
        fake.control("POST", "/_fake/stars", {"full_name": first, "stars": 987654})
        # GitHub's search answer is reused for a minute; a pull asks the server again all the same.
        driver.execute_script("""
            const p = document.querySelector('.list-pane');
            const touch = (type, y) => {
              const t = new Touch({identifier: 1, target: p, clientX: 200, clientY: y});
              window.dispatchEvent(new TouchEvent(type, {touches: type === 'touchend' ? [] : [t], bubbles: true}));
            };
            touch('touchstart', 150); touch('touchmove', 260);
            window.sawRelease = document.querySelector('.pull-text').textContent;
            window.sawPulling = p.classList.contains('pulling');
            touch('touchend', 260);
            window.sawSpinner = p.classList.contains('refreshing');
        """)
        assert driver.execute_script("return window.sawPulling") is True
        assert driver.execute_script("return window.sawRelease") == "Release to refresh"
        assert driver.execute_script("return window.sawSpinner") is True
        wait(driver, lambda d: "refreshing" not in d.find_element(By.CSS_SELECTOR, ".list-pane").get_attribute("class"))
        # No reload: the page's own state survived, and the list is still whole.
        assert driver.execute_script("return window.notReloaded") is True
        assert len(rows(driver)) == 25
        assert driver.find_element(By.CSS_SELECTOR, ".pull-indicator").size["height"] == 0
    finally:
        driver.quit()


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_a_detail_opens_beside_the_list_it_came_from(app, dark):
    driver = themed(WIDE, dark)
    try:
        driver.get(app.url + "/users/swiftlang")
        names = rows(driver)
        assert len(names) > 20
        driver.execute_script("window.scrollTo(0, 900)")
        time.sleep(0.2)
        before = driver.execute_script("return window.scrollY")
        link = next(l for l in driver.find_elements(By.CSS_SELECTOR, ".list-pane .repo-link") if l.location["y"] > before + 100)
        name = link.find_element(By.XPATH, "./ancestor::li").get_attribute("data-repo")
        link.click()
        wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, f".detail-pane [data-detail='{name}']"))
        assert "from=%2Fusers%2Fswiftlang" in driver.current_url
        assert driver.find_element(By.CSS_SELECTOR, "nav.tabs a[aria-current=page]").text == "Accounts"
        assert abs(driver.execute_script("return window.scrollY") - before) < 5
        assert driver.execute_script("return document.activeElement.id") == "detail-title"
        screenshot(driver, f"detail-beside-account-{'dark' if dark else 'light'}")
        # Escape closes it: the list's own address, focus back on the row.
        driver.find_element(By.TAG_NAME, "body").send_keys(Keys.ESCAPE)
        wait(driver, lambda d: not d.find_elements(By.CSS_SELECTOR, ".detail-pane [data-detail]"))
        assert driver.current_url == app.url + "/users/swiftlang"
        assert driver.execute_script("return document.activeElement.closest('li')?.dataset.repo") == name
        # Back after opening returns to the list, at the same place.
        link.click()
        wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, f".detail-pane [data-detail='{name}']"))
        driver.back()
        wait(driver, lambda d: d.current_url == app.url + "/users/swiftlang")
        wait(driver, lambda d: not d.find_elements(By.CSS_SELECTOR, ".detail-pane [data-detail]"))
        assert abs(driver.execute_script("return window.scrollY") - before) < 5
        assert rows(driver) == names
        # Loaded directly, the address shows the detail beside that same list.
        driver.get(app.url + f"/repos/{name}?from=%2Fusers%2Fswiftlang")
        assert driver.find_element(By.CSS_SELECTOR, ".list-pane").is_displayed()
        assert driver.find_element(By.CSS_SELECTOR, f".detail-pane [data-detail='{name}']").is_displayed()
        assert driver.find_element(By.CSS_SELECTOR, "nav.tabs a[aria-current=page]").text == "Accounts"
    finally:
        driver.quit()


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_favourites_open_beside_favourites_and_back_returns_there(app, size):
    driver = themed(size, size == PHONE)
    try:
        names = rows_of(driver, app)[:3]
        favourite(driver, app, names)
        driver.get(app.url + "/favorites")
        link = driver.find_elements(By.CSS_SELECTOR, ".list-pane .repo-link")[1]
        name = link.find_element(By.XPATH, "./ancestor::li").get_attribute("data-repo")
        link.click()
        wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, f".detail-pane [data-detail='{name}']"))
        current = driver.find_element(By.CSS_SELECTOR, "nav.tabs a[aria-current=page]")
        assert current.get_attribute("href").endswith("/favorites")
        screenshot(driver, f"favourite-detail-{'phone-dark' if size == PHONE else 'wide-light'}")
        if size == PHONE:
            assert not driver.find_element(By.CSS_SELECTOR, ".list-pane").is_displayed()
            back = driver.find_element(By.CSS_SELECTOR, ".detail .back")
            assert back.text == "← Back to Favourites"
            back.click()
        else:
            driver.back()
        wait(driver, lambda d: d.current_url == app.url + "/favorites")
        wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, ".list-pane").is_displayed())
        assert sorted(rows(driver)) == sorted(names)
    finally:
        driver.quit()


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_favourites_remove_with_undo_import_report_sort_and_filter(fake, app, size):
    driver = themed(size, size == WIDE)
    try:
        names = rows_of(driver, app)[:3]
        favourite(driver, app, names)
        driver.get(app.url + "/favorites")
        count = lambda d: d.find_element(By.CSS_SELECTOR, "[data-count]").text
        assert count(driver) == "3"
        victim = driver.find_element(By.CSS_SELECTOR, f".repo-row[data-repo='{names[0]}']")
        tap(driver, victim.find_element(By.CSS_SELECTOR, "button.fav"))
        wait(driver, lambda d: count(d) == "2")
        assert not victim.is_displayed()
        toast = driver.find_element(By.CSS_SELECTOR, ".toast[role=status]")
        assert names[0] in toast.text
        screenshot(driver, f"favourites-undo-{'phone' if size == PHONE else 'wide'}")
        tap(driver, toast.find_element(By.TAG_NAME, "button"))
        wait(driver, lambda d: count(d) == "3")
        assert victim.is_displayed()
        driver.refresh()
        assert sorted(rows(driver)) == sorted(names)
        # Sorted by name and by stars, as the store has them.
        driver.get(app.url + "/favorites?sort=name")
        assert rows(driver) == sorted(names, key=str.lower)
        driver.get(app.url + "/favorites?sort=stars")
        stars = [int(e.get_attribute("data-stars")) for e in driver.find_elements(By.CSS_SELECTOR, ".list-pane .repo-row [data-stars]")]
        assert stars == sorted(stars, reverse=True)
        # Filtered by a language one of them has.
        languages = [o.get_attribute("value") for o in driver.find_elements(By.CSS_SELECTOR, "#language option") if o.get_attribute("value")]
        assert languages
        driver.get(app.url + "/favorites?language=" + urllib.parse.quote(languages[0]))
        shown = driver.find_elements(By.CSS_SELECTOR, ".list-pane .repo-row .lang")
        assert shown and all(e.text == languages[0] for e in shown)
        # An import with a bad entry names it on the page; a file that is not JSON is an inline message.
        driver.get(app.url + "/favorites")
        for content, expected in [
            (json.dumps([{"id": 1, "name": "x"}, {"nonsense": True}]), ["Imported 0 favourites", "Entry 1:", "Entry 2:"]),
            ("this is not json at all", ["This file cannot be imported: it is not valid JSON."]),
        ]:
            path = tempfile.mktemp(suffix=".json")
            with open(path, "w") as handle:
                handle.write(content)
            tap(driver, driver.find_element(By.CSS_SELECTOR, "details.archive summary"))
            driver.find_element(By.ID, "import-file").send_keys(path)
            tap(driver, driver.find_element(By.CSS_SELECTOR, "details.archive form button"))
            wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".import-result"))
            text = driver.find_element(By.CSS_SELECTOR, ".import-result").text
            for part in expected:
                assert part in text
            assert driver.find_element(By.CSS_SELECTOR, "[data-count]").text == "3"
            assert "Cannot do that" not in driver.page_source
            screenshot(driver, f"favourites-import-{'phone' if size == PHONE else 'wide'}")
            driver.get(app.url + "/favorites")
    finally:
        driver.quit()


def test_people_say_when_they_are_a_saved_copy(fake):
    app = App(fake)
    driver = make_browser(PHONE)
    try:
        driver.get(app.url + "/users")
        assert not driver.find_element(By.CSS_SELECTOR, ".banner[role=status]").is_displayed()
        fake.control("POST", "/_fake/faults", {"path": "/users", "fault": "502", "count": 5})
        time.sleep(1.1)
        driver.get(app.url + "/users")
        banner = driver.find_element(By.CSS_SELECTOR, ".banner[role=status]")
        assert banner.is_displayed() and "showing results from" in banner.text
        assert driver.find_elements(By.CSS_SELECTOR, ".people-list li")
    finally:
        driver.quit()
        app.stop()


# Issue 42, point 11: a first visit to a list is light. The style sheets and scripts a browser asks
# for, by name (their versioned addresses without the hash).
ASSETS_ASKED = """
    return performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname)
      .filter((p) => /^\\/assets\\/.*\\.(css|js)$/.test(p)).map((p) => p.replace(/\\.[0-9a-f]{16}\\./, '.')).sort();
"""


@pytest.mark.parametrize("size", [PHONE, (320, 640), WIDE], ids=["phone", "small", "wide"])
def test_a_first_visit_loads_what_a_list_uses_and_the_rest_when_it_is_used(app, size):
    driver = make_browser(size)
    try:
        driver.get(app.url + "/")
        wait(driver, lambda d: d.execute_script("return document.readyState") == "complete")
        assert len(rows(driver)) == 25
        # The list's own: app.css and app.js (with place.js inside it), nothing a detail, the
        # keyboard help or the next page would use.
        assert driver.execute_script(ASSETS_ASKED) == ["/assets/app.css", "/assets/app.js"]
        # The tab icons and hearts are one image, drawn.
        heart = driver.find_element(By.CSS_SELECTOR, ".repo-row button.fav svg.fav-icon")
        assert heart.size["width"] == 22 and heart.size["height"] == 22
        assert "/assets/icons." in heart.find_element(By.CSS_SELECTOR, "use").get_attribute("href")
        # "?" brings the keyboard help, styled: its sheet and script come then.
        driver.find_element(By.TAG_NAME, "body").send_keys("?")
        dialog = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "dialog.help[open]"))
        assert driver.execute_script("return getComputedStyle(arguments[0]).borderRadius", dialog) == "12px"
        driver.find_element(By.TAG_NAME, "body").send_keys(Keys.ESCAPE)
        wait(driver, lambda d: not d.find_elements(By.CSS_SELECTOR, "dialog.help[open]"))
        assert {"/assets/help.css", "/assets/help.js"} <= set(driver.execute_script(ASSETS_ASKED))
        if size == WIDE:
            # A row opened beside the list brings the pane's module and a detail's files, and
            # the detail is styled when it shows.
            driver.find_elements(By.CSS_SELECTOR, ".list-pane a.repo-link")[1].click()
            detail = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, ".detail-pane .detail"))
            assert driver.execute_script("return getComputedStyle(arguments[0].querySelector('.detail-head')).display", detail) == "flex"
            asked = set(driver.execute_script(ASSETS_ASKED))
            assert {"/assets/pane.js", "/assets/detail.css", "/assets/detail.js", "/assets/star-button.js"} <= asked
        # Near the end of the list, the next page's module comes and the rows follow.
        driver.execute_script("document.querySelector('a.load-more').scrollIntoView()")
        wait(driver, lambda d: len(rows(d)) > 25)
        assert "/assets/more.js" in driver.execute_script(ASSETS_ASKED)
        screenshot(driver, f"first-visit-{size[0]}")
    finally:
        driver.quit()
