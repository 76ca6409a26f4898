"""The user journey in headless Chromium: open this week's trending, scroll to 300 rows, open
20 details, switch to today and back, reload. Prints what it did; bench/run counts the upstream
requests it cost on the fake GitHub."""

import sys
import time

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

base = sys.argv[1]
options = Options()
options.binary_location = "/usr/bin/chromium"
for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--window-size=1280,800"):
    options.add_argument(argument)
driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def rows():
    return [e.get_attribute("data-repo") for e in driver.find_elements(By.CSS_SELECTOR, ".list-pane .repo-row")]


def until(condition, seconds=20):
    WebDriverWait(driver, seconds, poll_frequency=0.1).until(lambda d: condition())


start = time.time()
try:
    driver.get(base + "/?since=week")
    for _ in range(400):
        if len(rows()) >= 300:
            break
        driver.execute_script("window.scrollTo(0, document.body.scrollHeight)")
        time.sleep(0.1)
    shown = rows()
    assert len(shown) >= 300, f"only {len(shown)} rows"
    assert len(set(shown)) == len(shown), "duplicate rows"
    for name in shown[:20]:
        link = driver.find_element(By.CSS_SELECTOR, f".list-pane .repo-row[data-repo='{name}'] .repo-link")
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", link)
        link.click()
        until(lambda: driver.find_elements(By.CSS_SELECTOR, f".detail-pane article[data-repo='{name}']"))
    driver.find_element(By.CSS_SELECTOR, "[data-since=day]").click()
    until(lambda: "since=day" in driver.current_url)
    driver.find_element(By.CSS_SELECTOR, "[data-since=week]").click()
    # This week is New & popular's default: its link is the plain "/".
    until(lambda: "since=day" not in driver.current_url and driver.find_elements(By.CSS_SELECTOR, ".list-pane .repo-row"))
    driver.refresh()
    until(lambda: len(rows()) >= 25)
    print(f"journey: {len(shown)} rows, 20 details, today and back, reload in {time.time() - start:.1f} s")
finally:
    driver.quit()
