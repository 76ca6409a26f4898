"""Content first on phones (issue 27, point 6): the first row near the top, the list's controls
folded into one line that opens with a tap (also without script) and tucks away while the list
scrolls down, the README right after a repository's name, description and key numbers, and no
control cut off at 320 px, measured in Chromium."""

import time

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

import axe_check
from conftest import ARTIFACTS, PHONE, WIDE, make_browser, tap
from test_shell import favourite, themed
from test_web import rows, wait

NARROW = (320, 640)


def shot(driver, name):
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    driver.save_screenshot(str(ARTIFACTS / f"content-first-{name}.png"))


def top(driver, selector):
    return driver.execute_script("const e = document.querySelector(arguments[0]); return e ? e.getBoundingClientRect().top : null", selector)


def bottom(driver, selector):
    return driver.execute_script("const e = document.querySelector(arguments[0]); return e ? e.getBoundingClientRect().bottom : null", selector)


def loaded(driver):
    wait(driver, lambda d: d.execute_script("return document.readyState") == "complete")


# Controls that reach past the screen's edges, and menus and buttons whose own text does not fit
# in them ("Any langua"): the text is measured with the control's font on a canvas.
CUT_OFF = """
const width = document.documentElement.clientWidth;
const canvas = document.createElement("canvas").getContext("2d");
const cut = [];
if (document.documentElement.scrollWidth > width) cut.push("the page scrolls sideways: " + document.documentElement.scrollWidth);
for (const el of document.querySelectorAll("main a, main button, main select, main input, main summary, main textarea, nav a")) {
  const box = el.getBoundingClientRect();
  if (box.width === 0 || box.height === 0) continue;
  const name = el.tagName + (el.id ? "#" + el.id : "") + " " + (el.textContent || el.value || "").trim().slice(0, 30);
  if (box.left < -0.5 || box.right > width + 0.5) cut.push(name + ": " + Math.round(box.left) + "–" + Math.round(box.right));
  for (let parent = el.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
    if (getComputedStyle(parent).overflowX === "visible") continue;
    const room = parent.getBoundingClientRect();
    if (box.right > room.right + 0.5 || box.left < room.left - 0.5) cut.push(name + ": clipped by " + parent.tagName + "." + parent.className);
    break;
  }
  if (el.tagName === "SELECT" && el.selectedOptions.length) {
    const style = getComputedStyle(el);
    canvas.font = style.font;
    const text = canvas.measureText(el.selectedOptions[0].text).width;
    const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 16;
    if (text > room) cut.push(name + ": '" + el.selectedOptions[0].text + "' needs " + Math.round(text) + " px, has " + Math.round(room));
  }
  if (el.tagName === "BUTTON" && el.scrollWidth > el.clientWidth + 1) cut.push(name + ": text wider than the button");
}
// Labels shortened with an ellipsis ("Favour…" in the tab bar).
for (const el of document.querySelectorAll("main *, nav *")) {
  if (getComputedStyle(el).textOverflow === "ellipsis" && el.getBoundingClientRect().width > 0 && el.scrollWidth > el.clientWidth + 1)
    cut.push(el.tagName + "." + el.className + " '" + el.textContent.trim().slice(0, 30) + "' cut with an ellipsis");
}
return cut;
"""


def test_the_first_row_comes_first_and_the_filters_fold_into_one_line(fake, app):
    driver = themed(PHONE, dark=True)
    try:
        driver.get(app.url + "/?since=month")
        favourite(driver, app, rows(driver)[:2])
        for page, row in [("/?since=month", ".list-pane .repo-row"), ("/users", ".person-row"), ("/favorites", ".list-pane .repo-row")]:
            driver.get(app.url + page)
            loaded(driver)
            first = top(driver, row)
            assert first is not None and first <= 150, f"{page}: the first row starts {first} px down"
            summary = driver.find_element(By.CSS_SELECTOR, ".list-bar .filter-fold > summary")
            assert summary.is_displayed() and summary.size["height"] <= 56, summary.size
            assert driver.find_element(By.CSS_SELECTOR, ".list-bar").size["height"] <= 70
        # New & popular's line names the choices in force; a tap opens them.
        driver.get(app.url + "/?since=month&language=Swift&sort=forks")
        loaded(driver)
        summary = driver.find_element(By.CSS_SELECTOR, ".filter-fold > summary")
        line = summary.find_element(By.CSS_SELECTOR, ".fold-summary").text
        assert line == "This month · Swift · Forks", line
        language = driver.find_element(By.ID, "language")
        assert not language.is_displayed()
        shot(driver, "new-390-folded")
        tap(driver, summary)
        wait(driver, lambda d: d.find_element(By.ID, "language").is_displayed())
        assert driver.find_element(By.CSS_SELECTOR, ".fold-body .honest").is_displayed()
        shot(driver, "new-390-open")
        assert not (blocking := axe_check.blocking(driver)), blocking
    finally:
        driver.quit()


def test_the_fold_opens_without_script(fake, app):
    driver = make_browser(PHONE, arguments=["--blink-settings=scriptEnabled=false"])
    try:
        driver.get(app.url + "/?since=month")
        assert not driver.find_element(By.ID, "language").is_displayed()
        driver.find_element(By.CSS_SELECTOR, ".filter-fold > summary").click()
        assert driver.find_element(By.ID, "language").is_displayed()
        assert driver.find_element(By.CSS_SELECTOR, ".fold-body button[type=submit]").is_displayed()
    finally:
        driver.quit()


def test_the_bar_tucks_away_while_scrolling_down_and_returns_on_the_way_up(fake, app):
    driver = themed(PHONE, dark=True)
    try:
        driver.get(app.url + "/?since=month")
        loaded(driver)
        assert top(driver, ".list-bar") >= 0
        driver.execute_script("window.scrollBy(0, 300)")
        time.sleep(0.1)
        driver.execute_script("window.scrollBy(0, 300)")
        wait(driver, lambda d: bottom(d, ".list-bar") <= 0)
        # Tucked: the rows get the screen, apart from the tab bar.
        assert "tucked" in driver.find_element(By.CSS_SELECTOR, ".list-bar").get_attribute("class")
        shot(driver, "new-390-scrolled-down")
        driver.execute_script("window.scrollBy(0, -120)")
        wait(driver, lambda d: top(d, ".list-bar") >= -1 and "tucked" not in d.find_element(By.CSS_SELECTOR, ".list-bar").get_attribute("class"))
        shot(driver, "new-390-scrolled-up")
    finally:
        driver.quit()


@pytest.mark.parametrize("size,dark", [(PHONE, True), (WIDE, False)], ids=["phone-dark", "wide-light"])
def test_the_readme_comes_after_the_name_description_and_key_numbers_on_phones(fake, app, size, dark):
    driver = themed(size, dark)
    try:
        driver.get(app.url + "/?since=month")
        name = rows(driver)[0]
        driver.get(app.url + "/repos/" + name)
        wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "[data-readme]"))
        loaded(driver)
        readme = top(driver, ".detail .readme-section")
        key = bottom(driver, ".detail .key-facts")
        other = top(driver, ".detail .facts:not(.key-facts)")
        description = bottom(driver, ".detail .description")
        if size == PHONE:
            assert description <= key <= readme < other, (description, key, readme, other)
            assert readme < size[1], f"the README starts {readme} px down"
            # Tab goes the way the eye does: the README's links before the facts and actions
            # shown after it, though they come first in the page.
            orders = tab_orders(driver)
            assert 1 in orders and 2 in orders, orders
            assert orders == sorted(orders), orders
        else:
            # The wide layout keeps every fact above the sections.
            assert description <= key <= other < readme, (description, key, other, readme)
        shot(driver, f"detail-{size[0]}")
        assert not (blocking := axe_check.blocking(driver)), blocking
    finally:
        driver.quit()


def tab_orders(driver, presses=120):
    """The CSS `order` of the detail's block holding each element Tab reaches, from the title on,
    until focus leaves the detail."""
    driver.execute_script("document.getElementById('detail-title').focus()")
    orders = []
    for _ in range(presses):
        ActionChains(driver).send_keys(Keys.TAB).perform()
        order = driver.execute_script(
            """const detail = document.querySelector('.detail'); let e = document.activeElement;
            if (!detail || !detail.contains(e) || e === detail) return null;
            while (e.parentElement !== detail) e = e.parentElement;
            return parseInt(getComputedStyle(e).order, 10);"""
        )
        if order is None:
            break
        orders.append(order)
    return orders


def test_wide_screens_show_the_controls_themselves(fake, app):
    driver = themed(WIDE, dark=False)
    try:
        for page in ["/?since=month", "/users", "/users/octocat"]:
            driver.get(app.url + page)
            loaded(driver)
            assert not driver.find_element(By.CSS_SELECTOR, ".filter-fold > summary").is_displayed(), page
            for control in driver.find_elements(By.CSS_SELECTOR, ".fold-body select, .fold-body input[type=search], .fold-body .segment"):
                assert control.is_displayed(), page
            assert not (blocking := axe_check.blocking(driver)), blocking
        shot(driver, "account-1280")
    finally:
        driver.quit()


def test_nothing_is_cut_off_at_320_pixels(fake, app):
    driver = themed(NARROW, dark=True)
    # A phone 320 px wide: all of it for the page (a phone's scroll bars take no room).
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": NARROW[0], "height": NARROW[1], "deviceScaleFactor": 2, "mobile": True})
    try:
        driver.get(app.url + "/?since=month")
        assert driver.execute_script("return document.documentElement.clientWidth") == NARROW[0]
        names = rows(driver)[:2]
        favourite(driver, app, names)
        pages = ["/?since=month", "/rising", "/rising?breaking=1", "/favorites", "/users", "/users/octocat", "/users/octocat/activity",
                 "/updates", "/settings", "/compare?repos=" + ",".join(names), "/repos/" + names[0]]
        found = {}
        for page in pages:
            driver.get(app.url + page)
            loaded(driver)
            cut = driver.execute_script(CUT_OFF)
            # Open, the folds' controls must fit too.
            if driver.execute_script("const folds = document.querySelectorAll('.filter-fold'); folds.forEach((f) => f.open = true); return folds.length"):
                cut += driver.execute_script(CUT_OFF)
            if cut:
                found[page] = cut
            shot(driver, "320" + page.replace("/", "-").split("?")[0])
        assert not found, found
    finally:
        driver.quit()
