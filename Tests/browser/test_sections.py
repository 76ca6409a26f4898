"""A repository's page with its README, releases, contributors and languages: hostile READMEs run
nothing, the page shows before its sections, and a favourite's whole detail opens with GitHub gone."""

import time
import urllib.error
import urllib.request

import pytest
from urllib.parse import urlsplit
from selenium.common.exceptions import NoAlertPresentException
from selenium.webdriver.common.by import By

from conftest import PHONE, WIDE, App, make_browser, screenshot, tap
from test_hostile import hostile  # noqa: F401 (the fixture: a fake with every README an attack, and an app)
from test_shell import themed
from test_web import rows, wait


@pytest.mark.parametrize("size", [PHONE, WIDE], ids=["phone", "wide"])
def test_hostile_readmes_run_nothing_and_navigate_nowhere(hostile, size):
    fake, app = hostile
    driver = make_browser(size)
    try:
        driver.get(app.url + "/?since=month")
        names = rows(driver)[:10]
        checked = 0
        for name in names:
            url = app.url + "/repos/" + name + "?since=month"
            driver.get(url)
            if not driver.find_elements(By.CSS_SELECTOR, "[data-readme]"):
                continue  # this one has no README
            checked += 1
            readme = driver.find_element(By.CSS_SELECTOR, "[data-readme]")
            # Hover and click what a reader might, then give any timer a moment.
            for link in readme.find_elements(By.CSS_SELECTOR, "a")[:3]:
                if link.get_attribute("href") and link.get_attribute("href").startswith(app.url):
                    driver.execute_script("arguments[0].dispatchEvent(new MouseEvent('mouseover', {bubbles: true}))", link)
            time.sleep(0.3)
            with pytest.raises(NoAlertPresentException):
                driver.switch_to.alert.text
            assert driver.execute_script("return window.__starscopeHacked === undefined"), name
            assert driver.current_url == url, name
            assert driver.execute_script("return document.title").endswith("· Starscope"), name
            survivors = driver.execute_script(
                """
                const r = document.querySelector('[data-readme]');
                const bad = [];
                for (const e of r.querySelectorAll('*')) {
                  for (const a of e.attributes) {
                    if (/^on/i.test(a.name)) bad.push(e.tagName + ' ' + a.name);
                    if (/^\\s*(javascript|vbscript|data):/i.test(a.value)) bad.push(e.tagName + ' ' + a.name + '=' + a.value);
                  }
                }
                for (const e of r.querySelectorAll('script, iframe, frame, object, embed, form, input, button, meta, link, base, style, svg, math'))
                  bad.push(e.tagName);
                return bad;
                """
            )
            assert survivors == [], (name, survivors)
            # Only the app's own scripts, each a file of its own: nothing the README carried.
            scripts = driver.find_elements(By.TAG_NAME, "script")
            assert scripts and all(urlsplit(s.get_attribute("src") or "").path.startswith("/assets/") for s in scripts), name
            assert not any((s.get_attribute("textContent") or "").strip() for s in scripts), name
        assert checked >= 3
        screenshot(driver, f"readme-hostile-{'phone' if size == PHONE else 'wide'}")
    finally:
        driver.quit()


@pytest.mark.parametrize("size,dark", [(PHONE, False), (PHONE, True), (WIDE, False), (WIDE, True)], ids=["phone-light", "phone-dark", "wide-light", "wide-dark"])
def test_the_detail_and_account_pages_look_right(fake, app, size, dark):
    driver = themed(size, dark)
    label = f"{'phone' if size == PHONE else 'wide'}-{'dark' if dark else 'light'}"
    try:
        driver.get(app.url + "/users/swiftlang")
        assert driver.find_element(By.CSS_SELECTOR, ".profile").is_displayed()
        assert "on GitHub" in driver.find_element(By.CSS_SELECTOR, ".profile").text
        screenshot(driver, f"account-{label}")
        names = rows(driver)
        for name in names:
            driver.get(app.url + "/repos/" + name + "?from=%2Fusers%2Fswiftlang")
            if driver.find_elements(By.CSS_SELECTOR, "[data-readme]") and driver.find_elements(By.CSS_SELECTOR, "[data-release]"):
                break
        detail = driver.find_element(By.CSS_SELECTOR, "[data-detail]")
        for hook in ("[data-readme]", "[data-release]", "[data-contributor]", "[data-star-history]", ".language-bar"):
            assert detail.find_elements(By.CSS_SELECTOR, hook), hook
        # The owner and each contributor lead to their pages; topics lead to New & popular.
        assert detail.find_element(By.CSS_SELECTOR, "h1 a.owner").get_attribute("href").endswith("/users/swiftlang")
        contributor = detail.find_element(By.CSS_SELECTOR, "[data-contributor] a")
        assert "/users/" in contributor.get_attribute("href")
        screenshot(driver, f"detail-sections-{label}")
        driver.execute_script("document.querySelector('.languages').scrollIntoView({block: 'start'})")
        screenshot(driver, f"detail-sections-scrolled-{label}")
    finally:
        driver.quit()


def test_the_detail_shows_before_a_slow_readme(fake):
    # GitHub holds the README back for 20 s, and this app waits for it (the other tests' apps give
    # up after 3 s): the outcome is the order (the detail shows while the README has not come
    # yet, then the README itself), however slow the machine; the times are printed.
    app = App(fake, STARSCOPE_TIMEOUT="60")
    driver = make_browser(WIDE)
    try:
        driver.get(app.url + "/users/swiftlang")
        # A repository that has a README (one in twelve has none), past the first two.
        for link in driver.find_elements(By.CSS_SELECTOR, ".list-pane .repo-link")[2:]:
            name = link.find_element(By.XPATH, "./ancestor::li").get_attribute("data-repo")
            try:
                urllib.request.urlopen(f"{fake.url}/repos/{name}/readme").close()
                break
            except urllib.error.HTTPError:
                continue
        fake.control("POST", "/_fake/faults", {"path": f"/repos/{name}/readme", "fault": "slow", "seconds": 20, "count": 1})
        started = time.time()
        link.click()
        wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, f".detail-pane [data-detail='{name}'] h1"))
        shown_after = time.time() - started
        assert not driver.find_elements(By.CSS_SELECTOR, ".detail-pane .readme-section"), shown_after
        wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".detail-pane [data-readme]"), 120)
        print(f"detail shown after {shown_after:.2f} s, README (held 20 s by GitHub) after {time.time() - started:.2f} s")
    finally:
        driver.quit()
        app.stop()


def test_a_favourites_whole_detail_opens_with_github_gone(fake):
    app = App(fake)
    driver = make_browser(PHONE)
    try:
        driver.get(app.url + "/users/swiftlang")
        for name in rows(driver):
            driver.get(app.url + "/repos/" + name)
            if driver.find_elements(By.CSS_SELECTOR, "[data-readme]"):
                break
        tap(driver, driver.find_element(By.CSS_SELECTOR, ".detail button.fav"))
        wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, ".detail button.fav").get_attribute("aria-pressed") == "true")
        readme = driver.find_element(By.CSS_SELECTOR, "[data-readme]").text
        fake.stop()
        driver.get(app.url + "/repos/" + name + "?from=%2Ffavorites")
        assert driver.find_element(By.CSS_SELECTOR, "[data-readme]").text == readme
        assert driver.find_elements(By.CSS_SELECTOR, "[data-release], [data-contributor]")
        # The sections were kept (a minute at least): with GitHub gone they still show, whole.
        screenshot(driver, "favourite-offline-sections-phone")
    finally:
        driver.quit()
        app.stop()
