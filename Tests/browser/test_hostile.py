"""Every page of the web app with every GitHub-sourced field filled from the hostile corpus
(`fake-github --hostile`): Chromium runs nothing from it and shows it as literal text."""

from urllib.parse import urlsplit

import pytest
from selenium.common.exceptions import NoAlertPresentException
from selenium.webdriver.common.by import By

from conftest import PHONE, WIDE, App, Fake, make_browser, screenshot, tap
from test_web import rows, wait

# Strings of the corpus (Sources/FakeGitHub/Dataset/HostileStrings.swift) that a careless page
# would turn into markup, scripts or attributes.
MARKUP = [
    "<script>alert('xss')</script>",
    "<img src=x onerror=alert(1)>",
    '"><svg onload=alert(1)>',
    "' onmouseover='alert(1)' data-x='",
    "</textarea></title><script>alert(2)</script>",
    '<a href="https://evil.example">click</a>',
    "<style>body{display:none}</style>",
]

# Elements or attributes that exist only if a hostile string became markup (the star-history
# chart, sparklines and languages bar are the app's own SVG; a link to this app's own page, such
# as a hostile topic's `/?topic=…`, carries the text escaped in its query and goes nowhere else).
INJECTED = (
    "main script, main img[src='x'], main svg:not(.chart):not(.curve-chart):not(.bar-chart):not(.sparkline):not(.language-bar):not(.fav-icon):not(.lang-dot), main style, [onerror], [onload], [onmouseover], [data-x],"
    " a[href^='javascript'], a[href*='evil.example']:not([href^='/'])"
)


@pytest.fixture(scope="module")
def hostile():
    fake = Fake(hostile=True)
    app = App(fake)
    yield fake, app
    app.stop()
    fake.stop()


def assert_nothing_ran(driver, path):
    with pytest.raises(NoAlertPresentException):
        driver.switch_to.alert.text
    assert not driver.find_elements(By.CSS_SELECTOR, INJECTED), path
    # Only the app's own scripts are on the page (each a file of its own), and the injected style did not hide it.
    scripts = driver.find_elements(By.TAG_NAME, "script")
    assert scripts and all(urlsplit(script.get_attribute("src") or "").path.startswith("/assets/") for script in scripts), path
    assert not any((script.get_attribute("textContent") or "").strip() for script in scripts), path
    assert driver.find_element(By.TAG_NAME, "main").is_displayed(), path
    assert driver.execute_script("return document.title").endswith("· Starscope"), path


@pytest.mark.parametrize("size", [PHONE, WIDE], ids=["phone", "wide"])
def test_every_page_shows_hostile_text_literally_and_runs_nothing(hostile, size):
    fake, app = hostile
    driver = make_browser(size)
    try:
        driver.get(app.url + "/?since=month")
        listed = rows(driver)
        assert len(listed) == 25
        # Favourite three rows so that the favourites page has hostile snapshots too.
        buttons = driver.find_elements(By.CSS_SELECTOR, ".list-pane .fav-form button")
        for button in [b for b in buttons if b.get_attribute("aria-pressed") != "true"][:3]:
            tap(driver, button)
        wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, ".list-pane .fav-form button[aria-pressed=true]")) >= 3)
        owner = listed[0].split("/")[0]
        pages = {
            "/?since=month": True,
            "/?since=month&page=2": True,
            f"/repos/{listed[1]}?since=month": True,
            "/favorites": True,
            f"/users/{owner}": True,
            f"/users/{owner}/activity": False,  # event sentences carry repository names, not free text
            "/users": False,
            "/rising": False,
            "/settings": False,
        }
        tried = 0
        for path, shows_corpus in pages.items():
            driver.get(app.url + path)
            assert_nothing_ran(driver, path)
            text = driver.find_element(By.TAG_NAME, "main").text
            shown = [s for s in MARKUP if s in text]
            if shows_corpus:
                assert shown, f"{path} shows none of the hostile strings as text"
            tried += len(shown)
            screenshot(driver, f"hostile{path.replace('/', '_').replace('?', '_')}-{'phone' if size == PHONE else 'wide'}")
        assert tried >= 10
        # Rows never overflow the viewport, even with 100 KB descriptions and RTL overrides.
        driver.get(app.url + "/?since=month")
        width = driver.execute_script("return document.documentElement.clientWidth")
        assert driver.execute_script("return document.documentElement.scrollWidth") <= width
    finally:
        driver.quit()
