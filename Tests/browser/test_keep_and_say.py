"""Issue 27, points 1, 5 and 8 in Chromium, at phone (dark) and wide (light) sizes: Undo keeps
what a person made, favourites have one symbol and "Star on GitHub" says what it did, and the
app's words are honest (rate limits, GH_TOKEN, feeds, the Accounts tab, Apply on one line)."""


import pytest
from selenium.common.exceptions import ElementNotInteractableException, StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.expected_conditions import staleness_of

import axe_check
from conftest import PHONE, WIDE, App, Fake, screenshot, tap
from test_shell import favourite, themed
from test_web import rows, wait

OCTOCAT_TOKEN = "ghp_FAKEoctocatTOKEN0000000000000000000000"
SIZES = [(PHONE, True), (WIDE, False)]
IDS = ["phone-dark", "wide-light"]


@pytest.fixture(scope="module")
def world():
    fake = Fake(extra=["--token-core-limit", "1000000"])
    app = App(fake, GH_TOKEN=OCTOCAT_TOKEN)
    yield fake, app
    app.stop()
    fake.stop()


def label(size, dark):
    return f"{'phone' if size == PHONE else 'wide'}-{'dark' if dark else 'light'}"


def shot(driver, name):
    """A screenshot in the suite's artifacts (`.build/artifacts`), to look at."""
    screenshot(driver, name)


def axe_clean(driver):
    problems = axe_check.blocking(driver)
    assert not problems, f"\n{problems}"


def press(driver, selector):
    """Taps the element `selector` names; False (nothing pressed) when it cannot be pressed yet."""
    try:
        tap(driver, driver.find_element(By.CSS_SELECTOR, selector))
        return True
    except (ElementNotInteractableException, StaleElementReferenceException):
        return False


def favourites_rows(driver):
    return [row.get_attribute("data-repo") for row in driver.find_elements(By.CSS_SELECTOR, "[data-favorites] .repo-row:not([hidden])")]


@pytest.mark.parametrize("size,dark", SIZES, ids=IDS)
def test_undo_brings_back_tags_note_and_place(world, size, dark):
    fake, app = world
    driver = themed(size, dark)
    try:
        driver.get(app.url + "/?since=month")
        picks = rows(driver)[20:23] if size == PHONE else rows(driver)[24:27]
        favourite(driver, app, picks)
        tagged = picks[0]
        driver.get(app.url + "/repos/" + tagged + "?from=%2Ffavorites")
        if not driver.find_elements(By.CSS_SELECTOR, "details.annotate[open]"):
            tap(driver, driver.find_element(By.CSS_SELECTOR, "details.annotate summary"))
        driver.find_element(By.ID, "tags").send_keys("keep, undo-" + label(size, dark))
        driver.find_element(By.ID, "note").send_keys("Made by hand")
        save = driver.find_element(By.CSS_SELECTOR, "details.annotate form button[type=submit]")
        tap(driver, save)
        # The save goes through offline.js (a health check first) before the form is sent: wait
        # for the saved page, or the next navigation can overtake the save.
        wait(driver, staleness_of(save))
        wait(driver, lambda d: "/repos/" in d.current_url and "Made by hand" in d.find_element(By.ID, "note").get_attribute("value"))
        driver.get(app.url + "/favorites")
        before = favourites_rows(driver)
        assert tagged in before
        # The row may still be moving as the page settles (avatars, its script): press once it holds still.
        wait(driver, lambda d: press(d, f"[data-favorites] .repo-row[data-repo='{tagged}'] button.fav"))
        toast = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, ".toast[role=status]"))
        assert tagged not in favourites_rows(driver)
        shot(driver, f"undo-toast-{label(size, dark)}")
        axe_clean(driver)
        tap(driver, toast.find_element(By.TAG_NAME, "button"))
        wait(driver, lambda d: not d.find_elements(By.CSS_SELECTOR, ".toast"))
        # After a reload, from the server: the same place, tags and note.
        driver.get(app.url + "/favorites")
        assert favourites_rows(driver) == before
        row = driver.find_element(By.CSS_SELECTOR, f"[data-favorites] .repo-row[data-repo='{tagged}']")
        assert "#keep" in row.text and "Made by hand" in row.text
        assert row.find_element(By.CSS_SELECTOR, "button.fav").get_attribute("aria-pressed") == "true"
        shot(driver, f"undo-restored-{label(size, dark)}")
    finally:
        driver.quit()


@pytest.mark.parametrize("size,dark", SIZES, ids=IDS)
def test_one_heart_for_favourites_and_star_on_github_says_what_it_did(world, size, dark):
    fake, app = world
    driver = themed(size, dark)
    try:
        driver.get(app.url + "/?since=month")
        # A repository under 1,000 stars, so the compact count shows the change of one.
        small = [
            row.get_attribute("data-repo") for row in driver.find_elements(By.CSS_SELECTOR, ".list-pane .repo-row")
            if int(row.find_element(By.CSS_SELECTOR, ".stars").get_attribute("data-stars")) < 999
        ]
        name = small[0] if size == PHONE else small[-1]
        # Every favourite toggle is the heart, the tab's symbol; its name says "favourites".
        for toggle in driver.find_elements(By.CSS_SELECTOR, "button.fav")[:5]:
            assert toggle.text == ""
            heart = toggle.find_element(By.CSS_SELECTOR, "svg.fav-icon use").get_attribute("href")
            assert heart.endswith("#heart") and heart == driver.find_element(
                By.CSS_SELECTOR, "nav.tabs a[href='/favorites'] use").get_attribute("href")
            assert "favourites" in toggle.get_attribute("aria-label")
        driver.get(app.url + "/repos/" + name)
        button = driver.find_element(By.CSS_SELECTOR, ".star-form button")
        assert button.find_element(By.CSS_SELECTOR, ".star-state").text == "☆ Star on GitHub"
        count = int(button.find_element(By.CSS_SELECTOR, ".star-count").text)
        tap(driver, button)
        outcome = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, ".star-outcome:not(:empty)"))
        assert outcome.text == f"Starred {name} on GitHub."
        assert button.find_element(By.CSS_SELECTOR, ".star-state").text == "★ Starred on GitHub"
        assert int(button.find_element(By.CSS_SELECTOR, ".star-count").text) == count + 1
        assert "/repos/" in driver.current_url and "star=" not in driver.current_url
        shot(driver, f"star-on-github-{label(size, dark)}")
        axe_clean(driver)
        # Again: unstarred, the count back where it was; a reload agrees.
        tap(driver, button)
        wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, ".star-outcome").text.startswith("Removed your star"))
        assert int(button.find_element(By.CSS_SELECTOR, ".star-count").text) == count
        driver.get(app.url + "/repos/" + name)
        assert driver.find_element(By.CSS_SELECTOR, ".star-form .star-state").text == "☆ Star on GitHub"
        assert int(driver.find_element(By.CSS_SELECTOR, ".star-form .star-count").text) == count
    finally:
        driver.quit()


def test_star_on_github_without_a_token_says_why(fake):
    app = App(fake)
    driver = themed(WIDE, False)
    try:
        driver.get(app.url + "/?since=month")
        name = rows(driver)[2]
        driver.get(app.url + "/repos/" + name)
        tap(driver, driver.find_element(By.CSS_SELECTOR, ".star-form button"))
        outcome = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, ".star-outcome.is-error[role=alert]"))
        assert "needs a GitHub token" in outcome.text
        shot(driver, "star-on-github-no-token-wide-light")
        assert not [r for r in fake.requests() if r["method"] != "GET"]
        # Without a token, the Accounts tab says how to open any account, and how to get your own.
        tap(driver, driver.find_element(By.CSS_SELECTOR, "nav.tabs a[href='/users/go']"))
        hint = wait(driver, lambda d: d.find_element(By.XPATH, "//p[contains(., 'this tab opens your own account')]"))
        assert driver.find_element(By.ID, "login").is_displayed() and hint.is_displayed()
        shot(driver, "accounts-tab-no-token-wide-light")
        axe_clean(driver)
    finally:
        driver.quit()
        app.stop()


@pytest.mark.parametrize("size,dark", SIZES, ids=IDS)
def test_settings_says_gh_token_wins_and_the_accounts_tab_opens_your_own(world, size, dark):
    fake, app = world
    driver = themed(size, dark)
    try:
        driver.get(app.url + "/settings")
        note = driver.find_element(By.CSS_SELECTOR, ".environment-token")
        assert "GH_TOKEN" in note.text and "wins over any token saved here" in note.text
        assert not driver.find_elements(By.CSS_SELECTOR, "form[action='/settings/token']")
        shot(driver, f"settings-gh-token-{label(size, dark)}")
        axe_clean(driver)
        tap(driver, driver.find_element(By.CSS_SELECTOR, "nav.tabs a[href='/users/go']"))
        wait(driver, lambda d: d.current_url.endswith("/users/octocat"))
    finally:
        driver.quit()


@pytest.mark.parametrize("size,dark", SIZES, ids=IDS)
def test_the_feed_link_explains_how_to_subscribe(world, size, dark):
    fake, app = world
    driver = themed(size, dark)
    try:
        driver.get(app.url + "/?since=month")
        tap(driver, driver.find_element(By.CSS_SELECTOR, "a.feed-link"))
        field = wait(driver, lambda d: d.find_element(By.ID, "feed-url"))
        assert field.get_attribute("value").startswith(app.url + "/feeds/trending.atom")
        assert driver.find_element(By.CSS_SELECTOR, "link[rel=alternate]").get_attribute("href") == field.get_attribute("value")
        copy = driver.find_element(By.CSS_SELECTOR, "button[data-copy]")
        assert copy.is_displayed()
        shot(driver, f"subscribe-{label(size, dark)}")
        axe_clean(driver)
    finally:
        driver.quit()


@pytest.mark.parametrize("path", ["/favorites", "/users/swiftlang", "/?since=month"], ids=["favourites", "account", "new"])
def test_apply_stays_on_the_filters_row_on_wide_screens(world, path):
    fake, app = world
    driver = themed(WIDE, False)
    try:
        driver.get(app.url + path)
        form = driver.find_element(By.XPATH, "//*[contains(@class,'list-pane')]//form[contains(@class,'filters')][.//button[text()='Apply']]")
        apply = form.find_element(By.XPATH, ".//button[text()='Apply']")
        field = form.find_element(By.CSS_SELECTOR, "input[type=search]")
        shot(driver, f"apply-{path.strip('/').split('?')[0].replace('/', '-') or 'new'}-wide-light")
        # On one line: the button's middle is level with the search field's.
        middle = lambda e: e.rect["y"] + e.rect["height"] / 2
        assert abs(middle(apply) - middle(field)) < 4, (apply.rect, field.rect)
        # And nothing lies over it (the list's refresh button once did, after the phone fold came in).
        on_top = driver.execute_script(
            "const r = arguments[0].getBoundingClientRect();"
            "return document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2) === arguments[0];", apply)
        assert on_top, apply.rect
    finally:
        driver.quit()
