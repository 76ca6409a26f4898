"""The Atom feeds of the real `starscope serve`, read by a real parser (feedparser, from PyPI) and
a real feed reader (newsboat, from Debian), with the fake GitHub's hostile text in every field."""

import json
import os
import re
import sqlite3
import subprocess

import feedparser
import pytest

from .conftest import Fake, Serve, request

TRENDING = "/feeds/trending.atom?since=month"
RISING = "/feeds/rising.atom?since=day"


@pytest.fixture
def hostile(home):
    server = Fake(home, args=["--hostile"])
    yield server
    server.stop()


@pytest.fixture
def app(hostile, home):
    folder = os.path.join(home, "app")
    os.makedirs(folder)
    # Every search goes to the fake, so a changed star count is seen (and recorded) at once.
    server = Serve(hostile, folder, STARSCOPE_SEARCH_FRESHNESS="0")
    yield server
    server.stop()


def parse(app, path):
    status, headers, body = app.get(path)
    assert status == 200, (path, status, body[:300])
    assert headers["content-type"] == "application/atom+xml; charset=utf-8"
    feed = feedparser.parse(body)
    assert feed.bozo == 0, (path, feed.get("bozo_exception"))
    assert feed.version == "atom10"
    return feed, headers


def warm_up_rising(app, hostile):
    """Two looks at New & popular with stars moved between them: Rising then has gains."""
    trending, _ = parse(app, TRENDING)
    names = [entry.title for entry in trending.entries[:3]]
    assert len(names) == 3
    for number, name in enumerate(names):
        status, _, data = request(hostile.url, "POST", "/_fake/stars", json.dumps({"full_name": name, "stars": 200_000 - number}).encode())
        assert status < 300, data
    parse(app, TRENDING)
    return names


def test_both_feeds_are_valid_atom_for_feedparser_with_hostile_text(app, hostile):
    names = warm_up_rising(app, hostile)
    trending, headers = parse(app, TRENDING)
    assert headers["cache-control"] == "private, no-cache"  # the one user's feed may hold private repositories
    assert re.fullmatch(r'"[0-9a-f]{16}-[0-9a-f]+"', headers["etag"])
    assert headers["last-modified"].endswith(" GMT")
    assert trending.feed.id == "tag:starscope,2026:feeds/trending.atom?since=month"
    assert trending.feed.title == "Starscope: New & popular this month"
    links = {link.rel: link.href for link in trending.feed.links}
    assert links == {"self": app.url + TRENDING, "alternate": app.url + "/?since=month"}
    assert trending.feed.updated_parsed is not None
    assert 10 <= len(trending.entries) <= 50
    for entry in trending.entries:
        assert re.fullmatch(r"tag:starscope,2026:trending/repo/\d+", entry.id)
        assert re.fullmatch(r"[\w.-]+/[\w.-]+", entry.title), entry.title
        assert entry.link == "https://github.com/" + entry.title
        assert entry.updated_parsed is not None
        assert entry.summary_detail.type == "text/plain"
        assert "★ " in entry.summary
        assert len(entry.summary) < 1_000
    # Hostile descriptions arrive as text, markup and all, minus what XML cannot carry.
    summaries = " ".join(entry.summary for entry in trending.entries)
    assert "<script>alert" in summaries or "<img src=x" in summaries or "<svg onload" in summaries
    assert not re.search(r"[\x00-\x08\x0b\x0c\x0e-\x1f]", summaries)

    rising, _ = parse(app, RISING)
    assert rising.feed.title == "Starscope: Rising today"
    assert {link.rel: link.href for link in rising.feed.links} == {"self": app.url + RISING, "alternate": app.url + "/rising?since=day"}
    assert sorted(entry.title for entry in rising.entries[:3]) == sorted(names)
    for entry in rising.entries:
        assert re.fullmatch(r"tag:starscope,2026:rising/day/repo/\d+", entry.id)
        # Starscope's own minutes, or (once a background round kept them) GitHub's days, said so.
        assert re.match(r"\+[\d,]+ stars in (\d+m|[^(]+ \(GitHub's star history\))", entry.summary), entry.summary


def test_a_repeat_with_the_etag_is_304_and_the_pages_link_their_feeds(app):
    _, headers, body = app.get(TRENDING)
    status, again, empty = app.get(TRENDING, headers={"If-None-Match": headers["etag"]})
    assert status == 304 and empty == b""
    assert again["etag"] == headers["etag"]
    assert app.get(TRENDING, headers={"If-None-Match": '"other"'})[0] == 200
    # HEAD answers like GET, without the body.
    status, head, data = request(app.url, "HEAD", TRENDING)
    assert status == 200 and data == b"" and head["etag"] == headers["etag"]
    _, _, page = app.get("/?since=month&language=Swift")
    assert b'<link rel="alternate" type="application/atom+xml" title="Starscope: New &amp; popular this month in Swift" href="/feeds/trending.atom?since=month&amp;language=Swift">' in page
    _, _, page = app.get("/rising?since=day")
    assert b'<link rel="alternate" type="application/atom+xml" title="Starscope: Rising today" href="/feeds/rising.atom?since=day">' in page


def newsboat(home, *commands):
    """Runs newsboat unattended on the urls file in `home`, with its own config, cache and log."""
    env = dict(os.environ, HOME=home)
    for name in ("http_proxy", "https_proxy", "HTTP_PROXY", "HTTPS_PROXY"):
        env.pop(name, None)
    command = ["newsboat", "-u", os.path.join(home, "urls"), "-c", os.path.join(home, "cache.db"), "-C", os.path.join(home, "config")]
    command += ["-l", "6", "-d", os.path.join(home, "newsboat.log"), "-x", *commands]
    result = subprocess.run(command, env=env, capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL)
    assert result.returncode == 0, (result.stdout, result.stderr)
    assert "rror" not in result.stdout + result.stderr, (result.stdout, result.stderr)
    return result.stdout


def test_newsboat_reads_both_feeds_and_revalidates_with_the_etag(app, hostile, home):
    warm_up_rising(app, hostile)
    reader = os.path.join(home, "newsboat")
    os.makedirs(reader)
    urls = [app.url + TRENDING, app.url + RISING]
    with open(os.path.join(reader, "urls"), "w") as file:
        file.write("\n".join(urls) + "\n")
    open(os.path.join(reader, "config"), "w").close()

    newsboat(reader, "reload")
    expected = {url: parse(app, path)[0] for url, path in zip(urls, [TRENDING, RISING])}
    total = sum(len(feed.entries) for feed in expected.values())
    assert newsboat(reader, "print-unread").strip() == f"{total} unread articles"

    # What newsboat stored is what the feeds say: titles, links and ids (its guids), feed by feed.
    with sqlite3.connect(os.path.join(reader, "cache.db")) as cache:
        titles = dict(cache.execute("SELECT rssurl, title FROM rss_feed").fetchall())
        assert titles == {urls[0]: "Starscope: New & popular this month", urls[1]: "Starscope: Rising today"}
        for url, feed in expected.items():
            items = cache.execute("SELECT guid, title, url FROM rss_item WHERE feedurl = ?", (url,)).fetchall()
            assert sorted(items) == sorted((entry.id, entry.title, entry.link) for entry in feed.entries)

    # Reloads send the ETag it was given; nothing changed, so nothing is new and nothing doubles.
    newsboat(reader, "reload")
    newsboat(reader, "reload")
    etag = app.get(TRENDING)[1]["etag"]
    log = open(os.path.join(reader, "newsboat.log"), errors="replace").read()
    assert f"etag = {etag}" in log
    assert newsboat(reader, "print-unread").strip() == f"{total} unread articles"


def test_with_sign_in_required_a_feed_needs_the_session_cookie(hostile, home):
    folder = os.path.join(home, "signed")
    os.makedirs(folder)
    app = Serve(hostile, folder, args=["--require-signin"])
    try:
        status, headers, _ = app.get(TRENDING)
        assert status == 401 and "location" not in headers
        cookie = app.sign_in()
        # A feed reader that sends the session cookie (newsboat's `cookie-cache`) reads the feed.
        reader = os.path.join(home, "reader")
        os.makedirs(reader)
        name, value = cookie.split("=", 1)
        with open(os.path.join(reader, "cookies.txt"), "w") as file:
            file.write(f"#HttpOnly_127.0.0.1\tFALSE\t/\tFALSE\t0\t{name}\t{value}\n")
        with open(os.path.join(reader, "urls"), "w") as file:
            file.write(app.url + TRENDING + "\n")
        with open(os.path.join(reader, "config"), "w") as file:
            file.write(f'cookie-cache "{os.path.join(reader, "cookies.txt")}"\n')
        newsboat(reader, "reload")
        count = len(parse_with_cookie(app, cookie).entries)
        assert count > 0
        assert newsboat(reader, "print-unread").strip() == f"{count} unread articles"
    finally:
        app.stop()


def parse_with_cookie(app, cookie):
    status, _, body = app.get(TRENDING, headers={"Cookie": cookie})
    assert status == 200
    feed = feedparser.parse(body)
    assert feed.bozo == 0
    return feed
