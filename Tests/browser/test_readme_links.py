"""A README as GitHub renders it (its own files site-relative to github.com: `/OWNER/NAME/blob/…`
links, `/OWNER/NAME/raw/…` images) shows links and images that are exactly the repository's own
files: read from the page in Chromium, not from the HTML the server sent."""

import json
import urllib.request

from selenium.webdriver.common.by import By

from conftest import WIDE, make_browser
from test_web import rows, wait


def github(fake, path):
    with urllib.request.urlopen(fake.url + path) as response:
        return json.loads(response.read())


def test_readme_links_and_images_are_the_repositorys_own_files(fake, app):
    driver = make_browser(WIDE)
    try:
        driver.get(app.url + "/?since=month")
        names = rows(driver)
        checked, branches, folders = 0, set(), set()
        for name in names:
            driver.get(app.url + "/repos/" + name + "?since=month")
            wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "[data-detail]"))
            readmes = driver.find_elements(By.CSS_SELECTOR, "[data-readme]")
            if not readmes:
                continue
            links = driver.execute_script(
                "return [...arguments[0].querySelectorAll('a[href]')].map(a => [a.textContent.trim(), a.getAttribute('href')])", readmes[0]
            )
            images = driver.execute_script(
                "return [...arguments[0].querySelectorAll('img')].map(i => [i.getAttribute('alt'), i.getAttribute('src')])", readmes[0]
            )
            if not any(text == "guide" for text, _ in links):
                continue  # not one of the fake's ordinary READMEs (an attack, say)
            repository = github(fake, "/repos/" + name)
            branch = repository["default_branch"]
            path = github(fake, f"/repos/{name}/readme")["path"]
            folder = path.rsplit("/", 1)[0] + "/" if "/" in path else ""
            files = f"https://github.com/{name}/blob/{branch}/{folder}"
            raw = f"https://raw.githubusercontent.com/{name}/{branch}/{folder}"
            by_text = dict(links)
            assert by_text["guide"] == files + "docs/GUIDE.md", (name, links)
            assert by_text["changelog"] == files + "CHANGELOG.md", (name, links)
            assert by_text["the project's site"].startswith("https://example.org/"), (name, links)
            if "LICENSE" in by_text:
                assert by_text["LICENSE"] == files + "LICENSE", (name, links)
            assert dict(images)["Screenshot"] == raw + "assets/screenshot.png", (name, images)
            # Every link into the repository is one of its files on its default branch, and every
            # image from it is a raw file: nothing names the repository twice.
            # The build badge links to the repository's Actions page, around its image alone.
            actions = f"https://github.com/{name}/actions"
            assert [text for text, href in links if href == actions] == [""], (name, links)
            own = [href for _, href in links if href.startswith(f"https://github.com/{name}/") and href != actions]
            assert own and all(href.startswith(f"https://github.com/{name}/blob/{branch}/") for href in own), (name, own)
            assert all(href.count(name) == 1 for href in own), (name, own)
            sources = [src for _, src in images if "raw.githubusercontent.com" in src]
            assert sources and all(src.startswith(f"https://raw.githubusercontent.com/{name}/{branch}/") for src in sources), (name, sources)
            assert all(src.count(name) == 1 for src in sources), (name, sources)
            checked += 1
            branches.add(branch)
            folders.add(folder)
            if checked >= 12 and len(branches) > 1 and len(folders) > 1:
                break
        assert checked >= 3, (checked, names)
        print(f"README links checked on {checked} repositories; branches {sorted(branches)}, folders {sorted(folders)}")
    finally:
        driver.quit()
