"""Issue 42 in Chromium at 390×844 (dark), 320×640 and 1280×800 (light): what a day of use
tripped on. Acting in a detail adds no history entry and Back returns to the list where it was
(point 1); the heart shows the tags and note at once (point 2); without a detail the list takes
the width (point 4); one search box, holding the query in force (point 5)."""

import itertools
import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.expected_conditions import staleness_of
from selenium.webdriver.support.ui import Select

import axe_check
from conftest import PHONE, WIDE, App, Fake, screenshot, tap
from test_shell import favourite, small_targets, themed
from test_web import rows, wait

SMALL = (320, 640)
SIZES = [(PHONE, True), (SMALL, False), (WIDE, False)]
IDS = ["phone-dark", "small-light", "wide-light"]


@pytest.fixture(scope="module")
def world():
    fake = Fake()
    app = App(fake)
    yield fake, app
    app.stop()
    fake.stop()


def in_view(driver, name):
    return driver.execute_script(
        "const r = document.querySelector(`.repo-row[data-repo='${arguments[0]}']`).getBoundingClientRect();"
        "return r.top >= 0 && r.bottom <= window.innerHeight;",
        name,
    )


@pytest.mark.parametrize("size,dark", SIZES, ids=IDS)
def test_acting_in_a_detail_stays_there_and_back_returns_to_the_list(world, size, dark):
    fake, app = world
    mode = IDS[SIZES.index((size, dark))]
    driver = themed(size, dark)
    try:
        driver.get(app.url + "/?since=month")
        name = rows(driver)[8 + 3 * SIZES.index((size, dark))]
        driver.execute_script("document.querySelector(`.repo-row[data-repo='${arguments[0]}']`).scrollIntoView({block: 'center'})", name)
        y = driver.execute_script("return window.scrollY")
        driver.find_element(By.CSS_SELECTOR, f".repo-row[data-repo='{name}'] a.repo-link").click()
        wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, f".detail[data-detail='{name}'] h1"))
        detail_url = driver.current_url
        entries = driver.execute_script("window.__stayed = true; return history.length")

        # The heart: the tags and note appear at once, no reload.
        heart = driver.find_element(By.CSS_SELECTOR, f".detail[data-detail='{name}'] button.fav")
        annotate = driver.find_element(By.CSS_SELECTOR, f".detail[data-detail='{name}'] details.annotate")
        assert not annotate.is_displayed()
        tap(driver, heart)
        wait(driver, lambda d: annotate.is_displayed())
        assert heart.get_attribute("aria-pressed") == "true"

        # Tags and note, saved in place: no navigation, no history entry.
        if annotate.get_attribute("open") is None:
            tap(driver, annotate.find_element(By.TAG_NAME, "summary"))
        tags = driver.find_element(By.ID, "tags")
        tags.send_keys("daily, " + mode)
        driver.find_element(By.ID, "note").send_keys("Kept without leaving")
        tap(driver, annotate.find_element(By.CSS_SELECTOR, "button[type=submit]"))
        wait(driver, staleness_of(annotate))
        saved = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, ".detail details.annotate .saved-line"))
        assert saved.text == "Saved."
        assert driver.find_element(By.ID, "tags").get_attribute("value") == f"daily, {mode}"
        # The Lists beside the heart now offer the new tags, ticked; saving them stays here too.
        menu = driver.find_element(By.CSS_SELECTOR, ".detail .lists-menu")
        assert "Lists (2)" in menu.find_element(By.TAG_NAME, "summary").text
        tap(driver, menu.find_element(By.TAG_NAME, "summary"))
        driver.find_element(By.ID, "new-list").send_keys("later")
        tap(driver, menu.find_element(By.CSS_SELECTOR, "button[type=submit]"))
        wait(driver, staleness_of(menu))
        wait(driver, lambda d: "Lists (3)" in d.find_element(By.CSS_SELECTOR, ".detail .lists-menu summary").text)
        assert driver.execute_script("return window.__stayed === true && history.length") == entries
        assert driver.current_url == detail_url
        screenshot(driver, f"detail-acted-{mode}")
        problems = axe_check.blocking(driver)
        assert not problems, f"\n{problems}"
        assert not small_targets(driver)

        # One Back: the list, where it was.
        driver.back()
        wait(driver, lambda d: d.current_url == app.url + "/?since=month" and d.find_elements(By.CSS_SELECTOR, ".list-pane .repo-list"))
        wait(driver, lambda d: not d.find_elements(By.CSS_SELECTOR, ".split.has-detail"))
        wait(driver, lambda d: in_view(d, name))
        if size != WIDE:
            # (Wide, the list narrows beside a detail and widens again: the row is kept in view.)
            assert abs(driver.execute_script("return window.scrollY") - y) <= 40
        driver.get(app.url + "/favorites?tag=" + mode)
        assert rows(driver) == [name]
        assert "Kept without leaving" in driver.find_element(By.CSS_SELECTOR, f".repo-row[data-repo='{name}']").text
    finally:
        driver.quit()


@pytest.mark.parametrize("size,dark", SIZES, ids=IDS)
def test_without_a_detail_the_list_takes_the_width(world, size, dark):
    _, app = world
    mode = IDS[SIZES.index((size, dark))]
    driver = themed(size, dark)
    try:
        for path in ("/?since=month", "/favorites", "/users/octocat", "/search?q=language%3Aswift", "/rising"):
            driver.get(app.url + path)
            main = driver.execute_script(
                "const m = document.getElementById('main'), s = getComputedStyle(m);"
                "return m.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight);")
            pane = driver.find_element(By.CSS_SELECTOR, ".list-pane")
            assert pane.size["width"] >= main * 0.9, (path, pane.size, main)
            assert "Choose a repository" not in driver.find_element(By.TAG_NAME, "body").text
            for box in driver.find_elements(By.CSS_SELECTOR, "main input[type=search], main input[type=text]"):
                if box.is_displayed():
                    assert box.size["width"] >= min(200, main - 40), (path, box.get_attribute("id"), box.size)
            assert driver.execute_script("return document.documentElement.scrollWidth") <= size[0], path
        screenshot(driver, f"list-full-width-{mode}")
        problems = axe_check.blocking(driver)
        assert not problems, f"\n{problems}"
    finally:
        driver.quit()


@pytest.mark.parametrize("size,dark", SIZES, ids=IDS)
def test_one_search_box_holds_the_query_in_force(world, size, dark):
    _, app = world
    mode = IDS[SIZES.index((size, dark))]
    driver = themed(size, dark)
    try:
        driver.get(app.url + "/?since=month")
        box = driver.find_element(By.ID, "top-search-q")
        box.send_keys("language:swift", Keys.ENTER)
        wait(driver, lambda d: "/search?q=" in d.current_url and d.find_elements(By.CSS_SELECTOR, ".search-results .repo-row"))
        boxes = [b for b in driver.find_elements(By.CSS_SELECTOR, "input[type=search]") if b.is_displayed()]
        assert [b.get_attribute("id") for b in boxes] == ["top-search-q"]
        assert boxes[0].get_attribute("value") == "language:swift"
        # Changing the search there: the results and the box follow.
        boxes[0].clear()
        boxes[0].send_keys("topic:cli", Keys.ENTER)
        wait(driver, lambda d: "topic%3Acli" in d.current_url)
        assert driver.find_element(By.ID, "top-search-q").get_attribute("value") == "topic:cli"
        # People: the box keeps to people.
        tap(driver, driver.find_element(By.CSS_SELECTOR, "[data-search-type='users']"))
        wait(driver, lambda d: "type=users" in d.current_url)
        driver.find_element(By.ID, "top-search-q").clear()
        driver.find_element(By.ID, "top-search-q").send_keys("octo", Keys.ENTER)
        wait(driver, lambda d: "q=octo" in d.current_url and "type=users" in d.current_url)
        # A list's own box says what it filters.
        driver.get(app.url + "/favorites")
        assert driver.find_element(By.CSS_SELECTOR, "label[for=fq]").get_attribute("textContent") == "Filter favourites"
        screenshot(driver, f"one-search-{mode}")
        problems = axe_check.blocking(driver)
        assert not problems, f"\n{problems}"
    finally:
        driver.quit()


@pytest.mark.parametrize("size,dark", SIZES, ids=IDS)
def test_the_star_history_is_summed_up_within_the_first_screen_and_a_half(world, size, dark):
    _, app = world
    mode = IDS[SIZES.index((size, dark))]
    driver = themed(size, dark)
    try:
        driver.get(app.url + "/?since=month")
        name = rows(driver)[1]
        driver.get(app.url + "/repos/" + name)
        history = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, ".detail .star-history"))
        glance = driver.find_element(By.CSS_SELECTOR, ".detail .history-glance")
        if size == WIDE:
            # Wide, the whole chart comes first of the sections, beside the list.
            assert not glance.is_displayed()
            assert history.location["y"] < size[1] * 1.5
        else:
            assert glance.is_displayed()
            assert glance.location["y"] + glance.size["height"] <= size[1] * 1.5, glance.location
            readme = driver.find_element(By.CSS_SELECTOR, ".detail .readme-section")
            assert glance.location["y"] < readme.location["y"] < history.location["y"]
            total = int(history.get_attribute("data-total"))
            assert f"{total:,} star" in glance.text and "in the last 7 days" in glance.text
            assert glance.find_element(By.CSS_SELECTOR, "svg.sparkline polyline").get_attribute("points")
            screenshot(driver, f"history-glance-{mode}")
            tap(driver, glance.find_element(By.CSS_SELECTOR, "a[href='#history-title']"))
            wait(driver, lambda d: d.execute_script(
                "const r = document.getElementById('history-title').getBoundingClientRect(); return r.top >= 0 && r.top < innerHeight;"))
        problems = axe_check.blocking(driver)
        assert not problems, f"\n{problems}"
    finally:
        driver.quit()


@pytest.mark.parametrize("size,dark", SIZES, ids=IDS)
def test_search_orders_narrows_by_language_and_drops_qualifiers(world, size, dark):
    _, app = world
    mode = IDS[SIZES.index((size, dark))]
    driver = themed(size, dark)
    try:
        driver.get(app.url + "/search?q=stars%3A%3E5")
        wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".search-results .repo-row"))
        for segment in driver.find_elements(By.CSS_SELECTOR, "[data-sort]"):
            box = segment.rect
            nav = segment.find_element(By.XPATH, "..").rect
            assert box["x"] >= 0 and box["x"] + box["width"] <= min(size[0], nav["x"] + nav["width"] + 1), (segment.text, box, nav)
            assert driver.execute_script(
                "const e = arguments[0], r = e.getBoundingClientRect();"
                "return document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)?.closest('[data-sort]') === e;", segment)
        tap(driver, driver.find_element(By.CSS_SELECTOR, "[data-sort='stars']"))
        wait(driver, lambda d: "sort=stars" in d.current_url and d.find_elements(By.CSS_SELECTOR, ".search-results .repo-row"))
        counts = [int(e.get_attribute("data-stars")) for e in driver.find_elements(By.CSS_SELECTOR, ".search-results .repo-row [data-stars]")]
        assert counts == sorted(counts, reverse=True)
        chip = driver.find_element(By.CSS_SELECTOR, ".language-chips a[data-language]")
        language = chip.get_attribute("data-language")
        shown = int(chip.find_element(By.CSS_SELECTOR, ".muted").text.replace(",", ""))
        screenshot(driver, f"search-refine-{mode}")
        problems = axe_check.blocking(driver)
        assert not problems, f"\n{problems}"
        assert not small_targets(driver)
        tap(driver, chip)
        wait(driver, lambda d: "language%3A" in d.current_url and "sort=stars" in d.current_url)
        found = wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".search-results .repo-row"))
        assert len(found) >= min(shown, 25)
        assert driver.find_element(By.ID, "top-search-q").get_attribute("value").endswith("language:" + (f'"{language}"' if " " in language else language))
        # The qualifier chip takes it off again.
        qualifier = next(q for q in driver.find_elements(By.CSS_SELECTOR, "a.qualifier") if q.get_attribute("data-qualifier").startswith("language:"))
        tap(driver, qualifier)
        wait(driver, lambda d: "language%3A" not in d.current_url and "sort=stars" in d.current_url)
        assert driver.find_element(By.ID, "top-search-q").get_attribute("value") == "stars:>5"
    finally:
        driver.quit()


TARGETS = """
const selector = "a, button, summary, select, input:not([type=hidden]), label:has(> input)";
return [...document.querySelectorAll(selector)].filter((e) => {
  const r = e.getBoundingClientRect();
  const style = getComputedStyle(e);
  if (r.width === 0 || style.visibility === "hidden" || e.closest("[hidden], details:not([open]) > :not(summary), .readme")) return false;
  if (e.matches("input[type=checkbox], input[type=radio]") && e.closest("label")) return false;
  // WCAG 2.2's exception: a link inside a sentence, sized by its line.
  if (e.matches("a") && e.parentElement?.matches("p") && !e.matches(".button") && e.parentElement.textContent.trim() !== e.textContent.trim()
      && !e.closest(".star-history, .compare-links")) return false;
  return r.width < 24 || r.height < 24;
}).map((e) => e.outerHTML.slice(0, 100) + " " + Math.round(e.getBoundingClientRect().width) + "x" + Math.round(e.getBoundingClientRect().height));
"""


def test_every_control_is_at_least_24_px_at_320(world):
    """Point 10: every control at least 24×24 CSS px (WCAG 2.2), on the pages a day uses."""
    _, app = world
    driver = themed(SMALL, False)
    try:
        driver.get(app.url + "/?since=month")
        names = rows(driver)[:2]
        favourite(driver, app, names)
        pages = ["/?since=month", "/repos/" + names[0], "/favorites", "/settings", "/rising", "/users/octocat",
                 "/search?q=cli", "/compare?repos=" + ",".join(names), "/updates", "/users"]
        for path in pages:
            driver.get(app.url + path)
            driver.execute_script("for (const d of document.querySelectorAll('main details')) d.open = true")
            driver.find_element(By.CSS_SELECTOR, "a.skip").send_keys("")  # the skip link, focused, is a target too
            small = driver.execute_script(TARGETS)
            assert not small, (path, small)
            # The tab bar's labels are whole, the current one's too.
            cut = driver.execute_script(
                "return [...document.querySelectorAll('.tabs .nav-short')].filter((e) => e.scrollWidth > e.clientWidth).map((e) => e.textContent)")
            assert not cut, (path, cut)
    finally:
        driver.quit()


@pytest.mark.parametrize("size,dark", SIZES, ids=IDS)
def test_compare_adds_from_favourites_removes_links_and_downloads(world, size, dark):
    _, app = world
    mode = IDS[SIZES.index((size, dark))]
    driver = themed(size, dark)
    try:
        driver.get(app.url + "/?since=month")
        found = rows(driver)
        first, second, third = found[15 + SIZES.index((size, dark)) * 3: 18 + SIZES.index((size, dark)) * 3]
        favourite(driver, app, [third])
        driver.get(app.url + f"/compare?repos={first},{second}")
        offered = [o.get_attribute("value") for o in driver.find_elements(By.CSS_SELECTOR, "#compare-suggestions option")]
        assert third in offered
        box = driver.find_element(By.ID, "compare-add")
        box.send_keys(third, Keys.ENTER)
        wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, ".compare-table tr[data-repo]")) == 3)
        assert len(driver.find_elements(By.CSS_SELECTOR, "svg.curve-chart polyline.curve")) == 3
        screenshot(driver, f"compare-add-{mode}")
        problems = axe_check.blocking(driver)
        assert not problems, f"\n{problems}"
        assert not small_targets(driver)
        # The link reproduces the chart; the download is the chart shown.
        link = driver.find_element(By.LINK_TEXT, "Link to this chart").get_attribute("href")
        download = driver.find_element(By.PARTIAL_LINK_TEXT, "Download as SVG").get_attribute("href")
        svg = driver.execute_script("return fetch(arguments[0]).then((r) => r.text())", download)
        assert svg.count('class="curve') >= 3 and all(name in svg for name in (first, second, third))
        driver.get(link)
        assert [r.get_attribute("data-repo") for r in driver.find_elements(By.CSS_SELECTOR, ".compare-table tr[data-repo]")] == [first, second, third]
        # Taken off one by one.
        tap(driver, driver.find_element(By.CSS_SELECTOR, f".compare-picked a[aria-label='Remove {second}']"))
        wait(driver, lambda d: [r.get_attribute("data-repo") for r in d.find_elements(By.CSS_SELECTOR, ".compare-table tr[data-repo]")] == [first, third])
    finally:
        driver.quit()


def test_a_refused_change_in_a_detail_says_why_there_and_keeps_what_was_typed(world):
    _, app = world
    driver = themed(PHONE, True)
    try:
        driver.get(app.url + "/?since=month")
        name = rows(driver)[24]
        driver.get(app.url + "/repos/" + name)
        menu = driver.find_element(By.CSS_SELECTOR, ".detail .lists-menu")
        tap(driver, menu.find_element(By.TAG_NAME, "summary"))
        driver.find_element(By.ID, "new-list").send_keys("kept-typing")
        # A form the server refuses (here, its CSRF token gone stale).
        driver.execute_script("arguments[0].value = 'stale'", menu.find_element(By.CSS_SELECTOR, "input[name=csrf]"))
        url = driver.current_url
        tap(driver, menu.find_element(By.CSS_SELECTOR, "button[type=submit]"))
        alert = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, ".lists-menu .saved-line[role=alert]"))
        assert alert.text and "Saved" not in alert.text
        assert driver.current_url == url
        assert driver.find_element(By.ID, "new-list").get_attribute("value") == "kept-typing"
        assert menu.find_element(By.CSS_SELECTOR, "button[type=submit]").is_enabled()
    finally:
        driver.quit()


@pytest.fixture(scope="module")
def new_install():
    """A server just installed: no records of its own, a background round every 2 seconds."""
    fake = Fake()
    app = App(fake, STARSCOPE_UPDATES_INTERVAL="2")
    yield fake, app
    app.stop()
    fake.stop()


@pytest.mark.parametrize("size,dark", SIZES, ids=IDS)
def test_rising_has_results_on_day_one_from_githubs_star_history(new_install, size, dark):
    """Point 7: within a background round of a new install, Rising ranks the week's gains of the
    repositories it saw, from GitHub's star history, and says so, row by row and in one note."""
    _, app = new_install
    driver = themed(size, dark)
    try:
        def ranked(d):
            # The round asks for the newest weeks one repository after another: wait for ten.
            d.get(app.url + "/rising?since=week")
            gains = d.find_elements(By.CSS_SELECTOR, ".repo-row .gain")
            return gains if sum("GitHub" in gain.text for gain in gains) >= 10 else False

        gains = wait(driver, ranked, seconds=90)
        figures = [int(gain.get_attribute("data-gained")) for gain in gains]
        assert figures == sorted(figures, reverse=True) and figures[0] > 0, figures
        note = driver.find_element(By.CSS_SELECTOR, ".history-note").text
        assert "come from GitHub's star history" in note and "Not enough history" not in note, note
        screenshot(driver, f"rising-day-one-{'phone' if size == PHONE else size[0]}-{'dark' if dark else 'light'}")
        problems = axe_check.blocking(driver)
        assert not problems, f"\n{problems}"
    finally:
        driver.quit()


# The chart's text as drawn: each shown name and axis label, with its box on the screen.
CHART_TEXT = """
return [...document.querySelectorAll("svg.curve-chart text.end-label, svg.curve-chart text.axis")]
  .filter((t) => getComputedStyle(t).display !== "none")
  .map((t) => {
    const r = t.getBoundingClientRect();
    return { label: t.classList.contains("end-label"), text: t.textContent, top: r.top, bottom: r.bottom, left: r.left, right: r.right, height: r.height };
  });
"""


def png_size(data):
    """(width, height) of a PNG, from its IHDR; None when `data` is not a PNG."""
    if data[:8] != b"\x89PNG\r\n\x1a\n" or data[12:16] != b"IHDR":
        return None
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


@pytest.mark.parametrize("size,dark", SIZES, ids=IDS)
def test_compare_adds_from_search_as_typed_and_downloads_the_chart_as_png(world, size, dark, tmp_path):
    """Point 8: typing in Compare's box offers what GitHub's search finds (not only favourites),
    and "Download as PNG" saves the chart shown, in the page's theme, at twice its size."""
    _, app = world
    mode = IDS[SIZES.index((size, dark))]
    driver = themed(size, dark)
    driver.execute_cdp_cmd("Page.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(tmp_path)})
    try:
        driver.get(app.url + "/?since=month")
        found = rows(driver)
        first, second, wanted = found[0], found[1], found[20 + SIZES.index((size, dark))]
        driver.get(app.url + f"/compare?repos={first},{second}")
        box = driver.find_element(By.ID, "compare-add")
        typed = wanted.split("/")[1]
        box.send_keys(typed)
        offered = lambda d: [o.get_attribute("value") for o in d.find_elements(By.CSS_SELECTOR, "#compare-suggestions option")]
        wait(driver, lambda d: wanted in offered(d))
        screenshot(driver, f"compare-typeahead-{mode}")
        box.clear()
        box.send_keys(wanted, Keys.ENTER)
        wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, ".compare-table tr[data-repo]")) == 3)
        assert wanted in [r.get_attribute("data-repo") for r in driver.find_elements(By.CSS_SELECTOR, ".compare-table tr[data-repo]")]
        # Each line is named where it ends, on a phone too, names apart; the chart's text reads at
        # 9 px or more however small the drawing is shown.
        shown = driver.execute_script(CHART_TEXT)
        labels = [t for t in shown if t["label"]]
        assert sorted(t["text"] for t in labels) == sorted([first, second, wanted]), shown
        assert all(t["height"] >= 9 for t in shown), shown
        for a, b in itertools.combinations(labels, 2):
            assert a["bottom"] <= b["top"] or b["bottom"] <= a["top"], (a, b)
        for a, b in itertools.combinations([t for t in shown if not t["label"]], 2):
            assert a["right"] <= b["left"] or b["right"] <= a["left"] or a["bottom"] <= b["top"] or b["bottom"] <= a["top"], (a, b)

        button = driver.find_element(By.CSS_SELECTOR, ".compare-links button.png-download")
        assert button.text == "Download as PNG"
        tap(driver, button)
        name = "star-history-dark.png" if dark else "star-history.png"
        target = tmp_path / name
        wait(driver, lambda d: target.exists() and png_size(target.read_bytes()) is not None)
        # The PNG is the SVG shown, at twice its size.
        svg_link = driver.find_element(By.CSS_SELECTOR, f".compare-links a[download='{name[:-4]}.svg']").get_attribute("href")
        svg = driver.execute_script("return fetch(arguments[0]).then((r) => r.text())", svg_link)
        width = int(svg.split('width="', 1)[1].split('"', 1)[0])
        height = int(svg.split('height="', 1)[1].split('"', 1)[0])
        assert png_size(target.read_bytes()) == (2 * width, 2 * height)
        assert all(n in svg for n in (first, second, wanted))

        # By the week, where a burst stands out: the address, the link and the download say so.
        Select(driver.find_element(By.CSS_SELECTOR, ".compare-form select[name=show]")).select_by_visible_text("Stars per week")
        tap(driver, driver.find_element(By.CSS_SELECTOR, ".compare-form button[type=submit]"))
        wait(driver, lambda d: "show=weekly" in d.current_url)
        chart = driver.find_element(By.CSS_SELECTOR, "svg.curve-chart")
        assert chart.get_attribute("aria-label").startswith("Stars per week of ")
        assert len(chart.find_elements(By.CSS_SELECTOR, "polyline.curve")) == 3
        links = [a.get_attribute("href") for a in driver.find_elements(By.CSS_SELECTOR, ".compare-links a")]
        assert len(links) == 3 and all("show=weekly" in link for link in links), links
        shown = driver.execute_script(CHART_TEXT)
        assert sorted(t["text"] for t in shown if t["label"]) == sorted([first, second, wanted]), shown
        screenshot(driver, f"compare-weekly-{mode}")
        problems = axe_check.blocking(driver)
        assert not problems, f"\n{problems}"
        assert not small_targets(driver)
    finally:
        driver.quit()
