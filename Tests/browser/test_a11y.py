"""Accessibility in a real browser: axe-core finds no serious or critical violation on any page, at
phone and wide sizes, in light and dark; and the `?` keyboard help overlay."""

import json
import pathlib
import tempfile
import urllib.parse
import urllib.request

import axe_check
import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from conftest import PHONE, WIDE, App, Fake, make_browser, screenshot

SIZES = {"phone": PHONE, "wide": WIDE}
ARTIFACTS_TMP = pathlib.Path(tempfile.mkdtemp(prefix="starscope-a11y-"))
THEMES = ("light", "dark")
OCTOCAT_TOKEN = "ghp_FAKEoctocatTOKEN0000000000000000000000"


def fetch(url):
    request = urllib.request.Request(url, headers={"Accept": "text/html", "User-Agent": "starscope-tests"})
    with urllib.request.urlopen(request) as response:
        return response.read().decode()


class Site:
    """One fake GitHub and the servers the pages need, shared by every test of this module."""

    def __init__(self):
        self.fake = Fake()
        self.plain = App(self.fake)
        # Searches always asked again, so star counts are recorded on each visit (Rising) and a
        # failing GitHub shows the offline banner over the stored answer.
        self.stocked = App(self.fake, STARSCOPE_SEARCH_FRESHNESS="0")
        self.guarded = App(self.fake, args=["--require-signin"])
        self.shared = App(self.fake, args=["--accounts", "--guests"])
        # Sees nothing but its empty pages: no favourites, no star history. Offline, so that its
        # first background round (30 s after the start, which a slow run reaches) cannot fill
        # Rising from GitHub's star history, as a new install's first round does.
        self.fresh = App(self.fake, args=["--offline"])
        self.browsers = {}
        self.repo = self.week()[0]
        self.stocked_ready = False
        self.signed_in_browsers = set()

    def week(self):
        html = fetch(self.plain.url + "/?since=week")
        names = []
        for part in html.split('data-repo="')[1:]:
            name = part.split('"', 1)[0]
            if name not in names:
                names.append(name)
        return names

    def long_bio(self):
        """An account whose bio is far longer than a screen (the fake has one)."""
        for account in json.loads(fetch(self.fake.url + "/users?per_page=100")):
            profile = json.loads(fetch(f"{self.fake.url}/users/{account['login']}"))
            if len(profile.get("bio") or "") > 10000:
                return account["login"]
        raise AssertionError("the fake has no account with a long bio")

    def signed_in(self, driver):
        """The browser signed in to the server with accounts (as octocat), once."""
        if id(driver) in self.signed_in_browsers:
            return
        driver.get(self.shared.url + "/signin")
        driver.find_element(By.CSS_SELECTOR, "#token").send_keys(OCTOCAT_TOKEN)
        driver.find_element(By.CSS_SELECTOR, "form[action='/signin'] button").click()
        wait(driver, lambda d: urllib.parse.urlsplit(d.current_url).path == "/")
        self.signed_in_browsers.add(id(driver))

    def signed_out(self, driver):
        """No session cookie (cookies do not tell ports apart: the servers share them)."""
        driver.get(self.shared.url + "/healthz")
        driver.delete_all_cookies()
        self.signed_in_browsers.discard(id(driver))

    def browser(self, size):
        if size not in self.browsers:
            self.browsers[size] = make_browser(SIZES[size])
        return self.browsers[size]

    def stock(self):
        """Favourites and star history on the stocked server: three favourites, and gains for
        Rising (counts recorded, raised at the fake, recorded again). Done once, on a wide screen."""
        if self.stocked_ready:
            return
        self.stocked_ready = True
        driver = self.browser("wide")
        fetch(self.stocked.url + "/?since=week")
        names = self.week()[:5]
        for offset, name in enumerate(names):
            current = json.loads(fetch(f"{self.fake.url}/repos/{name}"))["stargazers_count"]
            self.fake.control("POST", "/_fake/stars", {"full_name": name, "stars": current + 1200 - offset * 100})
        fetch(self.stocked.url + "/?since=week")
        driver.get(self.stocked.url + "/?since=week")
        for name in names[:3]:
            button = driver.find_element(By.CSS_SELECTOR, f".repo-row[data-repo='{name}'] button.fav")
            driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
            button.click()
            wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, f".repo-row[data-repo='{name}'] button.fav").get_attribute("aria-pressed") == "true")

    def stop(self):
        for driver in self.browsers.values():
            driver.quit()
        for app in (self.plain, self.stocked, self.guarded, self.shared, self.fresh):
            app.stop()
        self.fake.stop()


@pytest.fixture(scope="module")
def site():
    site = Site()
    yield site
    site.stop()


def wait(driver, condition, seconds=60):  # a hang guard: returns as soon as the condition holds
    return WebDriverWait(driver, seconds, poll_frequency=0.1).until(condition)


def theme(driver, name):
    """The system's colour scheme (the app follows it unless Settings chose one)."""
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": name}]})


def open_failing(site, driver, path, fault):
    """Opens a page while GitHub fails."""
    site.fake.control("POST", "/_fake/faults", {**fault, "count": 1000})
    try:
        driver.get(path)
    finally:
        site.fake.control("DELETE", "/_fake/faults")


# Each page: how to open it. Paths are on the plain server unless the opener says otherwise.
PAGES = {
    "trending": lambda site, d: d.get(site.plain.url + "/"),
    "trending-day": lambda site, d: d.get(site.plain.url + "/?since=day"),
    # Wide: beside the list; phone: alone, with the way back.
    "detail": lambda site, d: d.get(f"{site.plain.url}/repos/{site.repo}?since=week"),
    # Beside the list it came from, with its star history (the stocked server has one).
    "detail-from-favorites": lambda site, d: (site.stock(), d.get(f"{site.stocked.url}/repos/{site.repo}?from=/favorites")),
    "detail-from-account": lambda site, d: d.get(f"{site.plain.url}/repos/{site.repo}?from=/users/{site.repo.split('/')[0]}"),
    "rising-empty": lambda site, d: d.get(site.fresh.url + "/rising"),
    "rising": lambda site, d: (site.stock(), d.get(site.stocked.url + "/rising?since=week")),
    "rising-breaking-out": lambda site, d: d.get(site.fresh.url + "/rising?view=breaking-out"),
    "favorites-empty": lambda site, d: d.get(site.fresh.url + "/favorites"),
    "favorites": lambda site, d: (site.stock(), d.get(site.stocked.url + "/favorites")),
    "updates-empty": lambda site, d: d.get(site.fresh.url + "/updates"),
    "account": lambda site, d: d.get(site.plain.url + "/users/swiftlang"),
    # A bio longer than the screen wraps; a box scrolling it could not be reached by keyboard.
    "account-long-bio": lambda site, d: d.get(f"{site.plain.url}/users/{site.long_bio()}"),
    "account-not-found": lambda site, d: d.get(site.plain.url + "/users/nobody-at-all"),
    "people": lambda site, d: d.get(site.plain.url + "/users"),
    "activity": lambda site, d: d.get(site.plain.url + "/users/octocat/activity"),
    "settings": lambda site, d: d.get(site.plain.url + "/settings"),
    "settings-saved": lambda site, d: d.get(site.plain.url + "/settings?saved=1"),
    "signin": lambda site, d: d.get(site.guarded.url + "/signin"),
    "signin-token": lambda site, d: (site.signed_out(d), d.get(site.shared.url + "/signin")),
    # Signed in with a token: Sign out everywhere and Forget me, then Forget me's confirmation.
    "settings-account": lambda site, d: (site.signed_in(d), d.get(site.shared.url + "/settings")),
    "forget": lambda site, d: (site.signed_in(d), d.get(site.shared.url + "/settings/forget")),
    # GitHub fails and nothing is stored for this search: the error state, with Try again.
    "error": lambda site, d: open_failing(site, d, site.plain.url + "/?since=month&q=nothing-stored", {"path": "/search", "fault": "500"}),
    # GitHub fails with an answer stored: the list from the store under the offline banner.
    "offline": lambda site, d: (
        fetch(site.stocked.url + "/?since=month"),
        open_failing(site, d, site.stocked.url + "/?since=month", {"path": "/search", "fault": "502"}),
    ),
}

# What each page must show, so a test cannot pass on the wrong page.
EXPECT = {
    "detail": "article.detail",
    "detail-from-favorites": (".list-pane .repo-row", "article.detail [data-star-history] svg"),
    "detail-from-account": "article.detail",
    "rising": ".gain",
    "favorites": ".repo-row",
    "favorites-empty": ".empty-state",
    "rising-empty": ".empty-state",
    "rising-breaking-out": "a.segment[data-view=breaking-out][aria-current]",
    "account": ".profile",
    # A bio longer than the screen wraps; a box scrolling it could not be reached by keyboard.
    "account-long-bio": lambda site, d: d.get(f"{site.plain.url}/users/{site.long_bio()}"),
    "updates-empty": ".empty-state",
    "account-long-bio": ".bio",
    "account-not-found": ".error-state",
    "people": ".person-row",
    "activity": ".event-row",
    "signin": ".signin",
    "signin-token": "#token",
    "settings-account": "form[action='/settings/sign-out-everywhere']",
    "forget": "form[action='/settings/forget'] input[name=confirm]",
    "error": ".error-state[role=alert]",
    "offline": ".banner[role=status]:not([hidden])",
}


@pytest.mark.parametrize("scheme", THEMES)
@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("page", list(PAGES))
def test_axe_finds_nothing_serious(site, page, size, scheme):
    driver = site.browser(size)
    theme(driver, scheme)
    PAGES[page](site, driver)
    shown = EXPECT.get(page, ())
    for selector in (shown,) if isinstance(shown, str) else shown:
        assert driver.find_elements(By.CSS_SELECTOR, selector), f"{page}: {selector} not shown"
    expected = "rgb(13, 17, 23)" if scheme == "dark" else "rgb(255, 255, 255)"
    assert driver.execute_script("return getComputedStyle(document.body).backgroundColor") == expected
    screenshot(driver, f"a11y-{page}-{size}-{scheme}")
    problems = axe_check.blocking(driver)
    assert not problems, f"\n{problems}"


def test_the_dark_theme_from_settings_matches_the_systems_dark(site):
    """The stylesheet says "dark" twice (the system's, and the one Settings chooses): the two agree."""
    driver = site.browser("wide")
    # Every custom property the stylesheet gives the root (the theme's colours), with its value.
    read = """
      const names = new Set();
      const walk = (rules) => { for (const rule of rules) {
        if (rule.cssRules) walk(rule.cssRules);
        if (!rule.selectorText?.startsWith(":root")) continue;
        for (const name of rule.style) if (name.startsWith("--")) names.add(name);
      } };
      for (const sheet of document.styleSheets) walk(sheet.cssRules);
      const style = getComputedStyle(document.documentElement);
      return Object.fromEntries([...names].sort().map((n) => [n, style.getPropertyValue(n).trim()]));
    """
    theme(driver, "dark")
    driver.get(site.plain.url + "/")
    system = driver.execute_script(read)
    theme(driver, "light")
    driver.add_cookie({"name": "theme", "value": "dark", "path": "/"})
    try:
        driver.get(site.plain.url + "/")
        assert driver.find_element(By.TAG_NAME, "html").get_attribute("data-theme") == "dark"
        assert driver.execute_script(read) == system
        assert len(system) > 10 and all(system.values()), system
    finally:
        driver.delete_cookie("theme")


@pytest.mark.parametrize("scheme", THEMES)
def test_star_counts_are_in_the_text_colour(site, scheme):
    """A count greyed like a disabled control reads as unavailable: counts take the text colour."""
    driver = site.browser("wide")
    theme(driver, scheme)
    driver.get(f"{site.plain.url}/repos/{site.repo}?since=week")
    text = driver.execute_script("return getComputedStyle(document.body).color")
    counts = driver.find_elements(By.CSS_SELECTOR, ".list-pane .stars .count, .detail .stars .count")
    assert len(counts) > 25
    assert {c.value_of_css_property("color").replace("rgba", "rgb").replace(", 1)", ")") for c in counts} == {text}


@pytest.mark.parametrize("scheme", THEMES)
@pytest.mark.parametrize("size", list(SIZES))
def test_axe_finds_nothing_serious_in_the_favourites_undo_and_import_report(site, size, scheme):
    """States the script makes: the Undo notice after a removal, and an import's inline report."""
    driver = site.browser(size)
    theme(driver, scheme)
    site.stock()
    driver.get(site.stocked.url + "/favorites")
    button = driver.find_element(By.CSS_SELECTOR, ".list-pane .repo-row button.fav")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
    button.click()
    toast = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, ".toast[role=status]"))
    try:
        screenshot(driver, f"a11y-favorites-undo-{size}-{scheme}")
        problems = axe_check.blocking(driver)
        assert not problems, f"\n{problems}"
    finally:
        undo = toast.find_element(By.TAG_NAME, "button")
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", undo)
        undo.click()
        wait(driver, lambda d: not d.find_elements(By.CSS_SELECTOR, ".list-pane .repo-row[hidden]"))
    path = ARTIFACTS_TMP / "bad-import.json"
    path.write_text(json.dumps([{"id": 1, "name": "x"}, {"nonsense": True}]))
    summary = driver.find_element(By.CSS_SELECTOR, "details.archive summary")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", summary)
    summary.click()
    driver.find_element(By.ID, "import-file").send_keys(str(path))
    submit = driver.find_element(By.CSS_SELECTOR, "details.archive form button")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", submit)
    submit.click()
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".import-result"))
    assert "Entry 2:" in driver.find_element(By.CSS_SELECTOR, ".import-result").text
    screenshot(driver, f"a11y-favorites-import-{size}-{scheme}")
    problems = axe_check.blocking(driver)
    assert not problems, f"\n{problems}"


def help_dialog(driver):
    found = driver.find_elements(By.CSS_SELECTOR, "dialog.help")
    return found[0] if found else None


def is_open(driver):
    dialog = help_dialog(driver)
    return dialog is not None and dialog.get_attribute("open") is not None and dialog.is_displayed()


@pytest.mark.parametrize("scheme", THEMES)
@pytest.mark.parametrize("size", list(SIZES))
def test_question_mark_opens_the_keyboard_help_and_escape_closes_it(site, size, scheme):
    driver = site.browser(size)
    theme(driver, scheme)
    driver.get(site.plain.url + "/")
    body = driver.find_element(By.TAG_NAME, "body")
    body.send_keys("j")
    before = driver.switch_to.active_element
    assert before.get_attribute("class") == "repo-link"
    before.send_keys("?")
    wait(driver, lambda d: is_open(d))
    dialog = help_dialog(driver)
    assert dialog.get_attribute("aria-labelledby")
    title = driver.find_element(By.ID, dialog.get_attribute("aria-labelledby"))
    assert title.text == "Keyboard shortcuts"
    # Focus moved into the dialog.
    assert driver.execute_script("return arguments[0].contains(document.activeElement)", dialog)
    keys = [k.text for k in dialog.find_elements(By.CSS_SELECTOR, "kbd")]
    for key in ("/", "j", "k", "f", "Enter", "Escape", "?"):
        assert key in keys, keys
    close = dialog.find_element(By.CSS_SELECTOR, "button.help-close")
    assert close.is_displayed() and close.text == "Close"
    assert close.size["width"] >= 44 and close.size["height"] >= 44, close.size
    screenshot(driver, f"a11y-help-{size}-{scheme}")
    problems = axe_check.blocking(driver)
    assert not problems, f"\n{problems}"
    # The list behind does not move while the help is open.
    chosen = lambda: [r.get_attribute("data-repo") for r in driver.find_elements(By.CSS_SELECTOR, ".repo-row.keyboard-focus")]
    row = chosen()
    driver.switch_to.active_element.send_keys("j")
    assert chosen() == row and is_open(driver)
    driver.switch_to.active_element.send_keys(Keys.ESCAPE)
    wait(driver, lambda d: not is_open(d))
    assert driver.switch_to.active_element == before
    # Again, closed with its button this time; focus comes back the same way.
    before.send_keys("?")
    wait(driver, lambda d: is_open(d))
    help_dialog(driver).find_element(By.CSS_SELECTOR, "button.help-close").click()
    wait(driver, lambda d: not is_open(d))
    assert driver.switch_to.active_element == before


def test_escape_closes_the_help_and_leaves_the_side_detail_open(site):
    driver = site.browser("wide")
    theme(driver, "light")
    driver.get(f"{site.plain.url}/repos/{site.repo}?since=week")
    assert driver.find_elements(By.CSS_SELECTOR, ".split.has-detail article.detail")
    driver.find_element(By.TAG_NAME, "body").send_keys("?")
    wait(driver, lambda d: is_open(d))
    driver.switch_to.active_element.send_keys(Keys.ESCAPE)
    wait(driver, lambda d: not is_open(d))
    assert driver.find_elements(By.CSS_SELECTOR, ".split.has-detail article.detail")
    # The next Escape is the page's again: it closes the detail.
    driver.find_element(By.TAG_NAME, "body").send_keys(Keys.ESCAPE)
    wait(driver, lambda d: not d.find_elements(By.CSS_SELECTOR, ".split.has-detail"))


def test_typing_a_question_mark_in_a_field_does_not_open_the_help(site):
    driver = site.browser("wide")
    theme(driver, "light")
    driver.get(site.plain.url + "/")
    search = driver.find_element(By.ID, "q")
    search.send_keys("what?")
    assert search.get_attribute("value") == "what?"
    assert not is_open(driver)
    driver.get(site.plain.url + "/users/swiftlang")
    field = driver.find_element(By.ID, "login")
    field.send_keys("?")
    assert not is_open(driver)
    driver.get(site.plain.url + "/settings")
    driver.find_element(By.ID, "token").send_keys("?")
    assert not is_open(driver)


def test_the_help_is_only_for_script_enabled_pages(site):
    """Without JavaScript the page has no help dialog and nothing pretends to open one."""
    html = fetch(site.plain.url + "/")
    assert "<dialog" not in html
