"""The feed of updates from a real `starscope serve` whose background checks find them: every
kind the fake can make shows up once, for feedparser and for newsboat."""

import json
import os
import subprocess
import time
import urllib.parse

import feedparser

from .conftest import BIN, Fake, Serve, request
from .test_feeds import newsboat

TOKEN = "ghp_FAKEoctocatTOKEN0000000000000000000000"


def test_each_update_appears_once_in_the_feed_and_in_newsboat(home):
    # Never-fresh answers, rounds every 5 s, and a token limit large enough for such rounds.
    fake = Fake(home, args=["--token-core-limit", "1000000"])
    folder = os.path.join(home, "app")
    os.makedirs(folder)
    app = Serve(fake, folder, GH_TOKEN=TOKEN, STARSCOPE_UPDATES_INTERVAL="5")
    try:
        query = urllib.parse.urlencode({"q": "created:>2000-01-01", "sort": "stars", "order": "asc", "per_page": 20})
        status, _, body = request(fake.url, "GET", "/search/repositories?" + query, headers={"User-Agent": "tests"})
        assert status == 200
        name = next(item["full_name"] for item in json.loads(body)["items"] if item["stargazers_count"] < 900 and not item["archived"])
        added = subprocess.run([str(BIN / "starscope"), "favorites", "add", name], env=app.env, capture_output=True, text=True, timeout=60)
        assert added.returncode == 0, added.stderr
        time.sleep(12)  # a round sees it as it is
        for path, payload in [
            ("/_fake/stars", {"full_name": name, "stars": 1_000}),
            ("/_fake/release", {"full_name": name, "tag": "v8.0.0"}),
            ("/_fake/archive", {"full_name": name}),
        ]:
            status, _, data = request(fake.url, "POST", path, json.dumps(payload).encode())
            assert status < 300, data

        def entries():
            status, headers, body = app.get("/feeds/updates.atom")
            assert status == 200
            feed = feedparser.parse(body)
            assert feed.bozo == 0, feed.get("bozo_exception")
            return sorted((entry.tags[0].term, entry.id) for entry in feed.entries)

        def complete(found):
            kinds = [kind for kind, _ in found]
            return kinds.count("release") == 1 and kinds.count("archived") == 1 and "milestone" in kinds

        deadline = time.time() + 40
        while time.time() < deadline and not complete(entries()):
            time.sleep(2)
        found = entries()
        assert complete(found), found
        # One entry per update (each milestone crossed is its own), and another round adds none.
        assert len({entry_id for _, entry_id in found}) == len(found)
        time.sleep(6)
        assert entries() == found

        reader = os.path.join(home, "reader")
        os.makedirs(reader)
        with open(os.path.join(reader, "urls"), "w") as file:
            file.write(app.url + "/feeds/updates.atom\n")
        open(os.path.join(reader, "config"), "w").close()
        newsboat(reader, "reload")
        assert newsboat(reader, "print-unread").strip() == f"{len(found)} unread articles"
        newsboat(reader, "reload")
        assert newsboat(reader, "print-unread").strip() == f"{len(found)} unread articles"
    finally:
        app.stop()
        fake.stop()
