"""Issue 27, point 2: offline as an app. The service worker keeps the shell and `/` from its
install, so an offline launch opens a page with navigation; a favourite added or removed, and
tags saved, while the server is stopped stay on the page marked "Will sync", and land exactly
once when the server is back (restarted on the same port, with the same data)."""

import json
import os
import shutil
import subprocess
import tempfile
import urllib.error
import urllib.request

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.expected_conditions import staleness_of

import axe_check
from conftest import ARTIFACTS, BIN, PHONE, ROOT, WIDE, free_port, make_browser, start, tap
from test_web import rows, wait

SHOTS = ARTIFACTS


class Server:
    """`starscope serve` on a port that stays the same across a restart (the service worker and
    the browser's cookies belong to that origin), with one data directory throughout."""

    def __init__(self, fake, args=()):
        self.args = list(args)
        self.home = tempfile.mkdtemp(prefix="starscope-offline-")
        self.port = free_port()
        self.env = dict(os.environ)
        for name in ("GH_TOKEN", "GITHUB_TOKEN"):
            self.env.pop(name, None)
        self.env.update(
            STARSCOPE_API_URL=fake.url,
            STARSCOPE_DATA_DIR=self.home + "/data",
            STARSCOPE_CONFIG_DIR=self.home + "/config",
            STARSCOPE_TIMEOUT="3",
        )
        self.process = None
        self.start()

    def start(self):
        self.process, self.url = start([str(BIN / "starscope"), "serve", "--port", str(self.port), *self.args], self.env, "Listening on")

    def next_sign_in_link(self):
        """The next `Sign in: URL` line the server prints (with `--require-signin`)."""
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise RuntimeError("the server printed no sign-in link")
            if line.startswith("Sign in: "):
                return line.split()[-1]

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()

    def favourites(self):
        """The favourites as the server keeps them (its export): one entry for each."""
        with urllib.request.urlopen(self.url + "/favorites/export") as response:
            return json.load(response)["favorites"]

    def remove(self):
        self.stop()
        shutil.rmtree(self.home, ignore_errors=True)


@pytest.fixture
def server(fake):
    running = Server(fake)
    yield running
    running.remove()


def shot(driver, name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    driver.save_screenshot(str(SHOTS / f"{name}.png"))


def button(driver, name):
    return driver.find_element(By.CSS_SELECTOR, f".repo-row[data-repo='{name}'] button.fav")


def pressed(driver, name):
    return button(driver, name).get_attribute("aria-pressed") == "true"


def queue(driver):
    return driver.execute_script("return JSON.parse(localStorage.getItem('starscope-offline-queue') || '[]')")


def saved_for_offline(driver):
    """Waits until the Favourites page has handed its addresses to the service worker and they are kept."""
    wait(driver, lambda d: d.execute_script("return document.documentElement.dataset.offlineReady") == "true")


@pytest.mark.parametrize("size,dark", [(PHONE, True), ((320, 640), False), (WIDE, False)], ids=["phone-dark", "small-light", "wide-light"])
def test_changes_made_offline_stay_on_the_page_and_land_once_when_the_server_is_back(server, size, dark):
    label = {PHONE: "phone", WIDE: "wide"}.get(size, "small")
    driver = make_browser(size, dark=dark)
    try:
        driver.get(server.url + "/")
        a, b, c = rows(driver)[:3]
        for name in (a, b):
            tap(driver, button(driver, name))
            wait(driver, lambda d, name=name: pressed(d, name))
        driver.get(server.url + "/favorites")
        saved_for_offline(driver)
        # Visit the pages used offline once more, so the service worker holds their current state.
        driver.get(server.url + "/")
        wait(driver, lambda d: pressed(d, a) and pressed(d, b))
        driver.get(server.url + "/favorites")
        saved_for_offline(driver)

        server.stop()

        # Favourites, saved: removing A stays on the page, shows ☆ and "Will sync".
        driver.get(server.url + "/favorites")
        assert sorted(rows(driver)) == sorted([a, b])
        tap(driver, button(driver, a))
        wait(driver, lambda d: not pressed(d, a))
        wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, f".repo-row[data-repo='{a}'] .will-sync").is_displayed())
        # Offline looks like online: the heart stays the heart, and the mark leaves the text its width.
        assert button(driver, a).find_elements(By.CSS_SELECTOR, "svg.fav-icon") and button(driver, a).text == ""
        description = driver.find_element(By.CSS_SELECTOR, f".repo-row[data-repo='{a}'] .description")
        other = driver.find_element(By.CSS_SELECTOR, f".repo-row[data-repo='{b}'] .description")
        assert abs(description.size["width"] - other.size["width"]) <= 2, (description.size, other.size)
        assert driver.current_url == server.url + "/favorites"
        assert "chrome-error" not in driver.current_url and driver.find_elements(By.CSS_SELECTOR, "nav.tabs")
        # One line says both that this is a saved copy and what waits to be sent.
        banner = wait(driver, lambda d: "saved copy" in d.find_element(By.CSS_SELECTOR, ".banner[role=status]").text
                      and d.find_element(By.CSS_SELECTOR, ".banner[role=status]"))
        assert "1 change saved on this device will sync" in banner.text, banner.text
        lines = [e.text for e in driver.find_elements(By.CSS_SELECTOR, "[role=status]") if e.is_displayed() and e.text.strip()]
        assert lines == [banner.text], lines
        assert banner.text.count("cannot be reached") == 1, banner.text
        shot(driver, f"offline-favourites-{label}")
        problems = axe_check.blocking(driver)
        assert not problems, f"\n{problems}"

        # New & popular, saved: adding C.
        driver.get(server.url + "/")
        assert pressed(driver, b) and not pressed(driver, a), "the queued removal shows on every saved page"
        tap(driver, button(driver, c))
        wait(driver, lambda d: pressed(d, c))
        assert driver.find_element(By.CSS_SELECTOR, f".repo-row[data-repo='{c}'] .will-sync").is_displayed()

        # Favourites, saved before C was added: C is listed, its heart filled, waiting to sync.
        driver.get(server.url + "/favorites")
        wait(driver, lambda d: c in rows(d))
        assert sorted(rows(driver)) == sorted([a, b, c])
        assert driver.find_element(By.CSS_SELECTOR, "[data-count]").text == "3"
        assert pressed(driver, c) and not pressed(driver, a)
        assert driver.find_element(By.CSS_SELECTOR, f".repo-row[data-repo='{c}'] .will-sync").is_displayed()
        assert "2 changes saved on this device" in driver.find_element(By.CSS_SELECTOR, ".banner[role=status]").text
        shot(driver, f"offline-favourites-added-{label}")
        problems = axe_check.blocking(driver)
        assert not problems, f"\n{problems}"

        # B's saved detail: tags and a note.
        driver.get(server.url + f"/repos/{b}")
        form = driver.find_element(By.CSS_SELECTOR, "form[action='/favorites/annotate']")
        driver.execute_script("arguments[0].open = true", driver.find_element(By.CSS_SELECTOR, "details.annotate"))
        form.find_element(By.NAME, "tags").clear()
        form.find_element(By.NAME, "tags").send_keys("offline, later")
        form.find_element(By.NAME, "note").send_keys("written on the train")
        tap(driver, form.find_element(By.CSS_SELECTOR, "button[type=submit]"))
        wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "form[action='/favorites/annotate'] + .will-sync"))
        assert driver.current_url.startswith(server.url + f"/repos/{b}")
        assert [item["kind"] for item in queue(driver)] == ["favorite", "favorite", "annotate"]
        shot(driver, f"offline-annotate-{label}")

        server.start()
        # The page finds the server back by itself and sends the three changes.
        status = wait(driver, lambda d: "Sent 3 changes" in d.find_element(By.CSS_SELECTOR, ".sync-status").text and d.find_element(By.CSS_SELECTOR, ".sync-status"))
        # …and says which.
        assert f"removed {a} from favourites" in status.text and f"added {c} to favourites" in status.text
        assert f"saved the tags and note of {b}" in status.text
        assert queue(driver) == []
        assert not driver.find_elements(By.CSS_SELECTOR, ".will-sync")
        # The page opened offline no longer says the server cannot be reached, and offers itself anew.
        banner = wait(driver, lambda d: "can be reached again" in d.find_element(By.CSS_SELECTOR, ".banner[role=status]").text
                      and d.find_element(By.CSS_SELECTOR, ".banner[role=status]"))
        assert "cannot be reached" not in banner.text
        assert banner.find_element(By.LINK_TEXT, "Load it again").get_attribute("href") == driver.current_url
        driver.execute_script("window.scrollTo(0, 0)")
        shot(driver, f"synced-{label}")
        problems = axe_check.blocking(driver)
        assert not problems, f"\n{problems}"

        # Once: a reload sends nothing more, and the server has each change exactly once.
        driver.get(server.url + f"/repos/{b}")
        favourites = server.favourites()
        assert sorted(entry["repository"]["full_name"] for entry in favourites) == sorted([b, c])
        kept = next(entry for entry in favourites if entry["repository"]["full_name"] == b)
        assert sorted(kept["tags"]) == ["later", "offline"]
        assert kept["note"] == "written on the train"
        driver.get(server.url + "/favorites")
        assert sorted(rows(driver)) == sorted([b, c])
        assert queue(driver) == []
    finally:
        driver.quit()


@pytest.mark.parametrize("size,dark", [(PHONE, True), (WIDE, False)], ids=["phone-dark", "wide-light"])
def test_an_offline_launch_opens_the_start_page_and_a_page_never_opened_has_navigation(server, size, dark):
    label = "phone" if size == PHONE else "wide"
    driver = make_browser(size, dark=dark)
    try:
        # Only Settings was opened: the worker's install kept `/` and the shell anyway.
        driver.get(server.url + "/settings")
        driver.set_script_timeout(60)
        kept = driver.execute_async_script(
            """
            const done = arguments[arguments.length - 1];
            const until = async () => {
              await navigator.serviceWorker.ready;
              for (;;) {
                const start = await caches.match("/", { cacheName: "starscope-pages-v4" });
                const keys = await caches.keys();
                const shell = keys.find((key) => key.startsWith("starscope-shell-"));
                const offline = shell && await caches.match("/offline", { cacheName: shell });
                if (start && offline) return true;
                await new Promise((resolve) => setTimeout(resolve, 100));
              }
            };
            until().then(done, (error) => done(String(error)));
            """
        )
        assert kept is True
        server.stop()

        driver.get(server.url + "/")
        assert len(rows(driver)) >= 10, "New & popular opens from the worker's copy"
        wait(driver, lambda d: "Offline" in d.find_element(By.CSS_SELECTOR, ".banner[role=status]").text)
        assert driver.find_element(By.CSS_SELECTOR, "link[rel=stylesheet]")
        assert driver.execute_script("return getComputedStyle(document.querySelector('nav.tabs')).display") != "none"
        shot(driver, f"offline-launch-{label}")

        driver.get(server.url + "/rising?since=month")
        assert driver.find_element(By.CSS_SELECTOR, "main h1").text == "Offline"
        links = [a.get_attribute("href") for a in driver.find_elements(By.CSS_SELECTOR, "nav.tabs a")]
        assert server.url + "/favorites" in links and server.url + "/" in links
        # The stylesheet came from the worker's shell: the page is styled, not bare.
        assert driver.execute_script("return getComputedStyle(document.querySelector('nav.tabs')).position") in ("fixed", "sticky", "static", "relative")
        assert driver.execute_script("return document.styleSheets[0].cssRules.length") > 50
        shot(driver, f"offline-unsaved-{label}")
        problems = axe_check.blocking(driver)
        assert not problems, f"\n{problems}"
    finally:
        driver.quit()


def favourites_seen_by(driver):
    """The signed-in account's favourites, by name, from its export (read with the browser's session)."""
    driver.set_script_timeout(30)
    data = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "fetch('/favorites/export', {credentials: 'same-origin'}).then((r) => r.json()).then(done, (e) => done({error: String(e)}));"
    )
    assert "error" not in data, data
    return sorted(entry["repository"]["full_name"] for entry in data["favorites"])


def test_with_sign_in_a_change_lands_after_a_restart_and_one_from_an_ended_session_is_never_sent(fake):
    server = Server(fake, args=["--require-signin"])
    driver = make_browser(WIDE)
    try:
        driver.get(server.next_sign_in_link())
        a, b, c = rows(driver)[:3]
        button(driver, a).click()
        wait(driver, lambda d: pressed(d, a))
        driver.get(server.url + "/favorites")
        saved_for_offline(driver)
        driver.get(server.url + "/")
        wait(driver, lambda d: pressed(d, a))

        # Offline: B is favourited on the saved page; the session (kept in the database) and the
        # CSRF cookie outlive the restart, so it lands.
        server.stop()
        driver.get(server.url + "/")
        button(driver, b).click()
        wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, f".repo-row[data-repo='{b}'] .will-sync"))
        server.start()
        wait(driver, lambda d: "Sent 1 change" in d.find_element(By.CSS_SELECTOR, ".sync-status").text)
        assert favourites_seen_by(driver) == sorted([a, b])

        # Offline again: C is favourited, then the session ends (its cookie is gone): the change
        # is dropped, not sent under no one's or someone else's session.
        server.stop()
        driver.get(server.url + "/")
        button(driver, c).click()
        wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, f".repo-row[data-repo='{c}'] .will-sync"))
        driver.delete_cookie("starscope_session")
        server.start()
        wait(driver, lambda d: "signed out" in d.find_element(By.CSS_SELECTOR, ".sync-status").text)
        assert queue(driver) == []
        assert not pressed(driver, c), "the page no longer shows the change that was not sent"
        shot(driver, "offline-session-ended-wide")
        driver.get(server.next_sign_in_link())
        assert favourites_seen_by(driver) == sorted([a, b])
    finally:
        driver.quit()
        server.remove()


def test_undo_while_the_server_is_away_says_so_and_works_once_it_is_back(server):
    """Undo brings back what the server kept (tags, note, place): offline it says it needs the
    server and leaves the page as it is; pressed again once the server is back, it restores."""
    driver = make_browser(PHONE, dark=True)
    try:
        driver.get(server.url + "/?since=month")
        name = rows(driver)[3]
        driver.get(server.url + "/repos/" + name)
        tap(driver, driver.find_element(By.CSS_SELECTOR, ".detail button.fav"))
        wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, ".detail button.fav").get_attribute("aria-pressed") == "true")
        driver.get(server.url + "/repos/" + name)
        if not driver.find_elements(By.CSS_SELECTOR, "details.annotate[open]"):
            tap(driver, driver.find_element(By.CSS_SELECTOR, "details.annotate summary"))
        driver.find_element(By.ID, "tags").send_keys("kept-offline")
        save = driver.find_element(By.CSS_SELECTOR, "details.annotate form button[type=submit]")
        tap(driver, save)
        # The save goes through offline.js (a health check first) before the form is sent: wait
        # for the saved page, or the next navigation can overtake the save (and land on the detail).
        wait(driver, staleness_of(save))
        wait(driver, lambda d: "/repos/" in d.current_url and "kept-offline" in d.find_element(By.ID, "tags").get_attribute("value"))
        driver.get(server.url + "/favorites")
        tap(driver, wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, f"[data-favorites] .repo-row[data-repo='{name}'] button.fav")))
        toast = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, ".toast[role=status]"))
        server.stop()
        tap(driver, toast.find_element(By.TAG_NAME, "button"))
        wait(driver, lambda d: "cannot be reached" in d.find_element(By.CSS_SELECTOR, ".toast").text)
        assert driver.current_url == server.url + "/favorites"
        assert driver.find_element(By.CSS_SELECTOR, f"[data-favorites] .repo-row[data-repo='{name}']").get_attribute("hidden") is not None
        server.start()
        tap(driver, driver.find_element(By.CSS_SELECTOR, ".toast button"))
        wait(driver, lambda d: not d.find_elements(By.CSS_SELECTOR, ".toast"))
        [kept] = [favourite for favourite in server.favourites() if favourite["repository"]["full_name"] == name]
        assert kept["tags"] == ["kept-offline"], kept
    finally:
        driver.quit()


def test_a_page_that_could_not_be_had_never_replaces_its_saved_copy(server, fake):
    """GitHub failing after the page's frame went (here: not answering within the server's 3 s,
    after the server lost its cache) gives a 200 page with one sentence where the rows were: the
    service worker keeps the good copy it had, so offline the rows still open."""
    driver = make_browser(PHONE, dark=True)
    try:
        driver.get(server.url + "/")
        wait(driver, lambda d: d.execute_script("return navigator.serviceWorker.controller !== null"))
        driver.get(server.url + "/?since=month")
        good = rows(driver)
        assert good
        # The saved copy is there (the worker stores it in the background).
        wait(driver, lambda d: d.execute_async_script(
            "const done = arguments[0];"
            "caches.open('starscope-pages-v4').then((c) => c.match(location.href)).then((r) => done(r !== undefined))"))
        server.stop()
        shutil.rmtree(server.home + "/data", ignore_errors=True)
        fake.control("POST", "/_fake/faults", {"path": "/search", "fault": "slow", "seconds": 600})
        server.start()
        driver.get(server.url + "/?since=month")
        wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".error-state"))
        assert not rows(driver)
        # Let the worker finish with that answer, then go offline: the good copy opens.
        driver.get(server.url + "/favorites")
        server.stop()
        driver.get(server.url + "/?since=month")
        wait(driver, lambda d: rows(d) == good)
        assert not driver.find_elements(By.CSS_SELECTOR, ".error-state")
    finally:
        fake.control("DELETE", "/_fake/faults")
        fake.control("POST", "/_fake/faults/release")
        driver.quit()


def test_a_change_made_while_the_database_is_away_waits_on_the_page_and_lands_once(fake):
    """Issue 39: a team's PostgreSQL stops at once (`pg_ctl stop -m immediate`). A favourite
    added meanwhile is refused with 503 and never half-applied; the page keeps it as it keeps a
    change made offline, and sends it once `/healthz` answers 200 again."""
    cluster_script = str(ROOT / "scripts" / "postgres-test-cluster")
    folder = tempfile.mkdtemp(prefix="starscope-pg-away-", dir="/tmp")
    os.chmod(folder, 0o755)
    cluster = os.path.join(folder, "cluster")
    url = subprocess.run([cluster_script, "start", cluster], check=True, capture_output=True, text=True).stdout.strip()
    running = Server(fake, args=["--database", url])
    driver = make_browser(WIDE)
    try:
        driver.get(running.url + "/")
        a, b = rows(driver)[:2]
        tap(driver, button(driver, a))
        wait(driver, lambda d: pressed(d, a))

        subprocess.run([cluster_script, "stop", cluster], check=True, capture_output=True)
        health = urllib.request.Request(running.url + "/healthz")
        try:
            urllib.request.urlopen(health, timeout=30)
            raise AssertionError("/healthz answered 200 with the database away")
        except urllib.error.HTTPError as error:
            assert error.code == 503
        tap(driver, button(driver, b))
        wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, f".repo-row[data-repo='{b}'] .will-sync").is_displayed())
        assert pressed(driver, b) and driver.current_url == running.url + "/"
        assert [item["kind"] for item in queue(driver)] == ["favorite"]

        subprocess.run([cluster_script, "restart", cluster], check=True, capture_output=True)
        wait(driver, lambda d: "Sent 1 change" in d.find_element(By.CSS_SELECTOR, ".sync-status").text)
        assert queue(driver) == []
        names = [entry["repository"]["full_name"] for entry in running.favourites()]
        assert sorted(names) == sorted([a, b]), names
    finally:
        driver.quit()
        running.remove()
        subprocess.run([cluster_script, "stop", cluster], capture_output=True)
        shutil.rmtree(folder, ignore_errors=True)
