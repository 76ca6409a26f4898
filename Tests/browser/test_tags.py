"""Issue 41, point 2 in Chromium, at phone (dark) and wide (light) sizes: tags explain
themselves on Favourites. Each tag shows its description and count, and filtering by one shows
its description on top, where it can be said by keyboard."""


import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.expected_conditions import staleness_of

import axe_check
from conftest import PHONE, WIDE, App, Fake, screenshot, tap
from test_shell import favourite, small_targets, themed
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


def tag(driver, app, name, tags):
    """Tags a favourite through the detail's own form."""
    driver.get(app.url + "/repos/" + name)
    if not driver.find_elements(By.CSS_SELECTOR, "details.annotate[open]"):
        tap(driver, driver.find_element(By.CSS_SELECTOR, "details.annotate summary"))
    field = driver.find_element(By.ID, "tags")
    field.clear()
    field.send_keys(tags)
    save = driver.find_element(By.CSS_SELECTOR, "details.annotate form button[type=submit]")
    tap(driver, save)
    wait(driver, staleness_of(save))
    wait(driver, lambda d: "/repos/" in d.current_url and d.find_element(By.ID, "tags").get_attribute("value") == tags)


@pytest.mark.parametrize("size,dark", SIZES, ids=IDS)
def test_a_tag_says_what_it_is_for(world, size, dark):
    fake, app = world
    mode = f"{'phone' if size == PHONE else 'wide'}-{'dark' if dark else 'light'}"
    name = "for-" + mode
    driver = themed(size, dark)
    try:
        driver.get(app.url + "/?since=month")
        picks = rows(driver)[10:12] if size == PHONE else rows(driver)[12:14]
        favourite(driver, app, picks)
        for pick in picks:
            tag(driver, app, pick, name)
        driver.get(app.url + "/favorites?tag=" + name)
        about = driver.find_element(By.CSS_SELECTOR, ".tag-about")
        assert f"#{name} has no description yet." in about.text
        # By keyboard: open "Describe", type, and press Enter.
        summary = about.find_element(By.TAG_NAME, "summary")
        summary.send_keys(Keys.ENTER)
        field = wait(driver, lambda d: d.find_element(By.ID, "tag-description"))
        wait(driver, lambda d: field.is_displayed())
        field.send_keys("Tools I reach for <every day>")
        field.send_keys(Keys.ENTER)
        wait(driver, staleness_of(field))
        top = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, ".tag-about p"))
        assert top.text == f"#{name} — Tools I reach for <every day>"
        assert driver.current_url.endswith("/favorites?tag=" + name)
        screenshot(driver, f"tag-about-{mode}")
        problems = axe_check.blocking(driver)
        assert not problems, f"\n{problems}"
        assert not small_targets(driver)

        driver.get(app.url + "/favorites")
        chip = next(
            link for link in driver.find_elements(By.CSS_SELECTOR, ".tag-filter .tag-link") if link.text.startswith("#" + name)
        )
        description = chip.find_element(By.CSS_SELECTOR, ".tag-description")
        assert chip.find_element(By.CSS_SELECTOR, ".muted").text == "2"
        assert description.get_attribute("textContent") == "Tools I reach for <every day>"
        # The chip stays within the screen, however long the description.
        width = driver.execute_script("return document.documentElement.clientWidth")
        assert chip.rect["x"] + chip.rect["width"] <= width
        screenshot(driver, f"tag-chips-{mode}")
    finally:
        driver.quit()


@pytest.mark.parametrize("size,dark", SIZES, ids=IDS)
def test_the_hearts_lists_put_a_repository_in_them(world, size, dark):
    fake, app = world
    mode = f"{'phone' if size == PHONE else 'wide'}-{'dark' if dark else 'light'}"
    driver = themed(size, dark)
    try:
        driver.get(app.url + "/?since=month")
        first, other = rows(driver)[16:18] if size == PHONE else rows(driver)[18:20]
        favourite(driver, app, [first])
        tag(driver, app, first, "shelf-" + mode)
        driver.get(app.url + "/repos/" + other)
        menu = driver.find_element(By.CSS_SELECTOR, ".lists-menu")
        assert menu.find_element(By.TAG_NAME, "summary").text == "Lists"
        # By keyboard: open the menu, tick the List, type a new one, save.
        menu.find_element(By.TAG_NAME, "summary").send_keys(Keys.ENTER)
        box = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, f".lists-menu input[value='shelf-{mode}']"))
        wait(driver, lambda d: box.is_displayed())
        box.send_keys(Keys.SPACE)
        assert box.is_selected()
        field = driver.find_element(By.ID, "new-list")
        field.send_keys("new-" + mode)
        screenshot(driver, f"lists-menu-{mode}")
        problems = axe_check.blocking(driver)
        assert not problems, f"\n{problems}"
        assert not small_targets(driver)
        field.send_keys(Keys.ENTER)
        wait(driver, staleness_of(field))
        summary = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, ".lists-menu summary"))
        assert summary.text == "Lists (2)"
        assert driver.find_element(By.CSS_SELECTOR, ".detail button.fav").get_attribute("aria-pressed") == "true"
        driver.get(app.url + "/favorites?tag=shelf-" + mode)
        assert other in [row.get_attribute("data-repo") for row in driver.find_elements(By.CSS_SELECTOR, "[data-favorites] .repo-row")]
    finally:
        driver.quit()


@pytest.mark.parametrize("size,dark", SIZES, ids=IDS)
def test_sync_with_github_lists_brings_them_in_as_tags(world, size, dark):
    fake, app = world
    mode = f"{'phone' if size == PHONE else 'wide'}-{'dark' if dark else 'light'}"
    driver = themed(size, dark)
    try:
        driver.get(app.url + "/favorites")
        button = next(b for b in driver.find_elements(By.CSS_SELECTOR, "form.lists-sync button") if b.text == "Sync with GitHub Lists")
        tap(driver, button)
        line = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, ".lists-result"))
        assert line.text.startswith("Synced with GitHub Lists. Here:")
        assert line.get_attribute("role") == "status"
        chip = next(link for link in driver.find_elements(By.CSS_SELECTOR, ".tag-filter .tag-link") if link.text.startswith("#Tools"))
        assert chip.find_element(By.CSS_SELECTOR, ".tag-description").get_attribute("textContent") == "Things for the terminal"
        # The List's hostile description is text, never markup.
        assert driver.execute_script("return window.__starscopeHacked === undefined")
        screenshot(driver, f"lists-synced-{mode}")
        problems = axe_check.blocking(driver)
        assert not problems, f"\n{problems}"
        # Back goes to the page before the form, not to the form's answer.
        driver.get(app.url + "/settings")
        assert driver.find_element(By.XPATH, "//h2[.='GitHub Lists']")
    finally:
        driver.quit()
