"""Sign-in in a real browser: the printed one-time link, the session cookie's flags, a second use
of the link refused, and a foreign `Host` refused even with a valid cookie."""

import urllib.parse

import pytest
from selenium.webdriver.support.ui import WebDriverWait
from conftest import PHONE, WIDE, App, Fake, make_browser, screenshot


@pytest.fixture
def guarded(fake):
    server = App(fake, args=["--require-signin"])
    yield server
    server.stop()


@pytest.mark.parametrize("size", [PHONE, WIDE], ids=["phone", "wide"])
def test_the_printed_link_signs_in_once(guarded, size):
    label = "phone" if size == PHONE else "wide"
    first = make_browser(size)
    second = make_browser(size, dark=True)
    try:
        link = guarded.next_sign_in_link()
        first.get(guarded.url + "/favorites")
        assert urllib.parse.urlsplit(first.current_url).path == "/signin"
        assert "sign-in link" in first.find_element("css selector", "main").text
        screenshot(first, f"signin-{label}")

        first.get(link)
        assert urllib.parse.urlsplit(first.current_url).path == "/"
        assert first.find_elements("css selector", "[data-repo]"), "the list did not show after signing in"
        cookie = first.get_cookie("starscope_session")
        assert cookie["httpOnly"] is True
        assert cookie["sameSite"] == "Lax"
        assert cookie["secure"] is False  # plain HTTP here; Secure behind an HTTPS proxy (tested in process)
        first.get(guarded.url + "/favorites")
        assert urllib.parse.urlsplit(first.current_url).path == "/favorites"

        # The same link in another browser: refused, no session.
        second.get(link)
        assert "used already or has expired" in second.find_element("css selector", "main").text
        assert second.get_cookie("starscope_session") is None
        screenshot(second, f"signin-refused-dark-{label}")

        # The server printed a new link after the first was used; it works once too.
        second.get(guarded.next_sign_in_link())
        assert urllib.parse.urlsplit(second.current_url).path == "/"

        # Signing out from Settings ends the session.
        first.get(guarded.url + "/settings")
        first.find_element("css selector", "form[action='/signout'] button").click()
        WebDriverWait(first, 15).until(lambda d: urllib.parse.urlsplit(d.current_url).path == "/signin")
        first.get(guarded.url + "/favorites")
        assert urllib.parse.urlsplit(first.current_url).path == "/signin"
    finally:
        first.quit()
        second.quit()


def test_a_foreign_host_is_refused_even_with_a_valid_cookie(guarded):
    port = urllib.parse.urlsplit(guarded.url).port
    browser = make_browser(WIDE, arguments=["--host-resolver-rules=MAP rebind.attacker.test 127.0.0.1"])
    try:
        browser.get(guarded.next_sign_in_link())
        session = browser.get_cookie("starscope_session")
        assert session is not None
        foreign = f"http://rebind.attacker.test:{port}/"
        # The valid session cookie, sent to the rebound name as well.
        browser.execute_cdp_cmd("Network.enable", {})
        browser.execute_cdp_cmd(
            "Network.setCookie", {"name": "starscope_session", "value": session["value"], "domain": "rebind.attacker.test", "path": "/"})
        browser.get(foreign + "settings")
        assert "starscope" not in browser.page_source.lower()
        assert browser.find_elements("css selector", "[data-repo], form") == []
    finally:
        browser.quit()


GROUE_TOKEN = "ghp_FAKEgroueTOKEN00000000000000000000000000"
OCTOCAT_TOKEN = "ghp_FAKEoctocatTOKEN0000000000000000000000"


@pytest.fixture
def shared():
    """A server with accounts, in front of a fake GitHub that knows two people's tokens."""
    fake = Fake(extra=["--token", f"{GROUE_TOKEN}=groue"])
    server = App(fake, args=["--accounts", "--guests"])
    yield server
    server.stop()
    fake.stop()


def sign_in_with_token(browser, app, token):
    browser.get(app.url + "/signin")
    browser.find_element("css selector", "#token").send_keys(token)
    browser.find_element("css selector", "form[action='/signin'] button").click()
    # The click returns before the form's answer arrives: wait for the redirect (or the refusal's page).
    try:
        WebDriverWait(browser, 15).until(lambda d: urllib.parse.urlsplit(d.current_url).path == "/")
    except Exception:
        raise AssertionError(browser.find_element("css selector", "main").text)


def favourite_names(browser, app):
    browser.get(app.url + "/favorites")
    return [row.get_attribute("data-repo") for row in browser.find_elements("css selector", "[data-repo]")]


def test_two_accounts_never_see_each_others_favourites_or_token(shared):
    octocat = make_browser(WIDE)
    groue = make_browser(PHONE, dark=True)
    try:
        sign_in_with_token(octocat, shared, OCTOCAT_TOKEN)
        sign_in_with_token(groue, shared, GROUE_TOKEN)
        for browser, index in [(octocat, 0), (groue, 1)]:
            browser.get(shared.url + "/")
            rows = browser.find_elements("css selector", "[data-repo]")
            row = rows[index]
            name = row.get_attribute("data-repo")
            row.find_element("css selector", "form.fav-form button").click()
            WebDriverWait(browser, 15).until(lambda d: name in favourite_names(browser, shared))
        first, second = favourite_names(octocat, shared), favourite_names(groue, shared)
        assert len(first) == 1 and len(second) == 1 and first != second, (first, second)
        screenshot(groue, "accounts-favourites-phone-dark")
        for browser, login in [(octocat, "octocat"), (groue, "groue")]:
            browser.get(shared.url + "/settings")
            text = browser.find_element("css selector", "main").text
            assert f"Signed in as {login}" in text, text
            assert "ghp_" not in browser.page_source
            assert not browser.find_elements("css selector", "form[action='/settings/token']")
        screenshot(octocat, "accounts-settings-wide")
    finally:
        octocat.quit()
        groue.quit()


def test_guests_browse_read_only(shared):
    browser = make_browser(PHONE)
    try:
        browser.get(shared.url + "/signin")
        screenshot(browser, "accounts-signin-phone")
        browser.find_element("css selector", "form[action='/signin/guest'] button").click()
        # The click returns before the form's answer arrives: wait for the redirect.
        WebDriverWait(browser, 15).until(lambda d: urllib.parse.urlsplit(d.current_url).path == "/")
        assert browser.find_elements("css selector", "[data-repo]"), "a guest sees the list"
        assert browser.find_elements("css selector", "form.fav-form") == [], "a guest is offered no favourite button"
        screenshot(browser, "accounts-guest-phone")
        assert favourite_names(browser, shared) == []
    finally:
        browser.quit()


def click(browser, selector):
    """Clicks an element once it is clear of the phone's tab bar."""
    element = browser.find_element("css selector", selector)
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    element.click()


def test_forget_me_asks_first_then_leaves_nothing_of_the_account(shared):
    groue = make_browser(PHONE)
    laptop = make_browser(WIDE)
    octocat = make_browser(WIDE)
    try:
        for browser, token in [(groue, GROUE_TOKEN), (laptop, GROUE_TOKEN), (octocat, OCTOCAT_TOKEN)]:
            sign_in_with_token(browser, shared, token)
        for browser in (groue, octocat):
            browser.get(shared.url + "/")
            row = browser.find_elements("css selector", "[data-repo]")[0]
            name = row.get_attribute("data-repo")
            row.find_element("css selector", "form.fav-form button").click()
            WebDriverWait(browser, 15).until(lambda d: name in favourite_names(browser, shared))

        groue.get(shared.url + "/settings")
        click(groue, "a[href='/settings/forget']")
        WebDriverWait(groue, 15).until(lambda d: urllib.parse.urlsplit(d.current_url).path == "/settings/forget")
        assert "1 favourite" in groue.find_element("css selector", "main").text
        screenshot(groue, "accounts-forget-phone")
        click(groue, "form[action='/settings/forget'] button")
        WebDriverWait(groue, 15).until(lambda d: urllib.parse.urlsplit(d.current_url).path == "/signin")

        # Every session of the account is over, the other device's too; the other account keeps its own.
        laptop.get(shared.url + "/favorites")
        assert urllib.parse.urlsplit(laptop.current_url).path == "/signin"
        assert len(favourite_names(octocat, shared)) == 1
        # Signing in again starts from nothing.
        sign_in_with_token(groue, shared, GROUE_TOKEN)
        assert favourite_names(groue, shared) == []
    finally:
        for browser in (groue, laptop, octocat):
            browser.quit()
