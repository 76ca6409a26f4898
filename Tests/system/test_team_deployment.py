"""The team deployment: three `starscope serve` instances on one PostgreSQL behind nginx, the
fake GitHub upstream. Under 64 connections with live streams open, one instance is SIGKILLed in
the middle: every request succeeds after nginx's retry (a team sends its pages whole, so none is
cut mid-answer), no acknowledged favourite is lost, live counts reach the browsers of every
instance, and GitHub is asked once per expiry across the three, not three times. Then the
database restarts: a clear page for a few seconds, then recovery with no restart of Starscope.

Figures land in `.build/artifacts/system-team.json`.
"""

import collections
import json
import os
import pathlib
import re
import subprocess
import time
import urllib.parse

import pytest

from . import team
from .conftest import Fake
from .team import Postgres
from .test_load_and_crash import FavoritePoster, LiveStream, names_from_pages, parse_wrk, save_figures, wrk_command

LOAD_SECONDS = int(os.environ.get("STARSCOPE_TEAM_LOAD_SECONDS", "60"))
# Three debug-build instances, PostgreSQL, nginx and wrk share two cores: an answer may queue for
# seconds (Little's law), far longer while the machine also builds, without anything failing. wrk
# counts an answer slower than this as a "timeout" but still reads and checks it, so time-outs are
# a figure (with the latency), never a failure: the test fails on requests lost or cut only.
WRK_TIMEOUT = os.environ.get("STARSCOPE_TEAM_LOAD_TIMEOUT", "120s")
# How long GitHub's answers stay fresh (the fake's max-age, and the search window).
EXPIRY = 10


@pytest.fixture
def fake(home):
    """The fake GitHub with answers fresh for EXPIRY seconds."""
    server = Fake(home, max_age=EXPIRY)
    yield server
    server.stop()


@pytest.fixture
def postgres():
    cluster = Postgres()
    yield cluster
    cluster.stop()


def start_team(fake, home, database, count=3, **extra):
    """Three instances (or `count`) checking live counts every second, answers fresh for EXPIRY."""
    return team.start_team(fake, home, database, count, STARSCOPE_LIVE_INTERVAL="1", STARSCOPE_SEARCH_FRESHNESS=str(EXPIRY), **extra)


class Front:
    """What FavoritePoster needs of an app: its address (nginx's)."""

    def __init__(self, url):
        self.url = url


def test_three_instances_share_one_database_survive_a_kill_and_ask_github_once_per_expiry(fake, home, postgres):
    database = postgres.database()
    # Under this load on two shared cores the fake GitHub can take longer than the usual 5 s to
    # answer; a favourite refused for that would be the machine's doing, not the kill's. What is
    # held to is the outcome: every favourite answered, none refused, none lost.
    apps, nginx = start_team(fake, home, database, STARSCOPE_TIMEOUT="30")
    try:
        run_the_team_test(fake, home, postgres, database, apps, nginx)
    finally:
        nginx.stop()
        for app in apps:
            app.stop()


def run_the_team_test(fake, home, postgres, database, apps, nginx):
    # Every instance migrated the same database once (whichever came first), and answers.
    [[applied, distinct]] = postgres.psql("SELECT COUNT(*), COUNT(DISTINCT identifier) FROM schemaMigration", database)
    assert int(applied) >= 13 and applied == distinct, (applied, distinct)
    for app in apps:
        assert app.get("/healthz")[0] == 200

    back = "/?since=month"
    status, headers, body = nginx.get(back)
    assert status == 200, body[:300]
    page = body.decode()
    token = re.search(r'name="csrf" value="([0-9a-f]{64})"', page).group(1)
    names = names_from_pages(nginx.get, back, page, token, wanted=90)
    detail = "/repos/" + names[0]
    assert nginx.get(detail)[0] == 200

    # Eight open pages, spread by nginx over the three instances.
    week = "list=" + urllib.parse.quote("/?since=week", safe="")
    paths = [f"/live?{week}"] * 4 + [f"/live?repo={names[0]}"] * 2 + [f"/live?repo={names[1]}"] * 2
    streams = [LiveStream(nginx.url, path) for path in paths]
    for stream in streams:
        stream.start()
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and not all(stream.stars for stream in streams):
        time.sleep(0.1)
    assert all(stream.status == 200 for stream in streams), [(s.path, s.status, s.error) for s in streams]

    upstream_before = len(fake.requests())
    load = subprocess.Popen(
        wrk_command(nginx.url, [back, detail], connections=64, seconds=LOAD_SECONDS, threads=2, folder=home, timeout=WRK_TIMEOUT),
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    started = time.monotonic()
    poster = FavoritePoster(Front(nginx.url), token, names[:80], back)
    poster.start()

    # Live counts reach every instance's browsers: a star given on GitHub shows on the streams.
    time.sleep(5)
    given = max(p["stars"] for s in streams for p in s.stars if p["repo"] == names[0]) + 1000
    fake.control("POST", "/_fake/stars", {"full_name": names[0], "stars": given})
    given_at = time.monotonic()

    # In the middle, one instance dies with no warning.
    time.sleep(max(1, LOAD_SECONDS / 2 - 5))
    victim = apps[1]
    victim.kill()
    killed_at = time.monotonic()

    output, _ = load.communicate(timeout=LOAD_SECONDS + 120)
    poster.join(120)
    wrk = parse_wrk(output)
    elapsed = time.monotonic() - started
    upstream = fake.requests()[upstream_before:]
    # Streams still open at the end (those nginx placed on the killed instance ended with it).
    alive = [stream for stream in streams if stream.error is None]
    ended = time.monotonic()
    watching = [stream for stream in alive if any(p["repo"] == names[0] for p in stream.stars)]
    for stream in streams:
        stream.close()

    # How long the new count took to reach each stream that shows it (polling the shared store).
    delays = []
    for stream in watching:
        moments = [moment for moment, kind in stream.arrivals if kind == "stars"]
        for moment, payload in zip(moments, stream.stars):
            if payload["repo"] == names[0] and payload["stars"] == given:
                delays.append(round(moment - given_at, 1))
                break

    # Every favourite that was acknowledged is in the shared database.
    stored = {row[0].lower() for row in postgres.psql("SELECT fullName FROM favorite", database)}
    acknowledged = {name.lower() for name in poster.acknowledged}

    # Upstream: each answer at most once per expiry across the three instances.
    per_path = collections.Counter(entry["path"] + "?" + (entry.get("query") or "") for entry in upstream)
    windows = int(elapsed // EXPIRY) + 1
    busiest = per_path.most_common(5)

    figures = {
        "instances": len(apps),
        "load_seconds": LOAD_SECONDS,
        "wrk_requests": wrk["requests"],
        "wrk_requests_per_second": wrk["requests_per_second"],
        "latency_p50_s": wrk["p50"],
        "latency_p99_s": wrk["p99"],
        "socket_errors": {k: wrk[k] for k in ("connect", "read", "write", "timeout")},
        "non_2xx_3xx": wrk["non2xx"],
        "bad_answers": wrk.get("bad"),
        "answers_checked": wrk.get("checked"),
        "killed_after_s": round(killed_at - started, 1),
        "answers_cut_mid_body": nginx.cut_mid_body(),
        "favourites_acknowledged": len(acknowledged),
        "favourites_stored": len(stored),
        "favourites_refused": poster.refused,
        "favourites_unanswered": poster.unanswered,
        "upstream_requests": len(upstream),
        "upstream_windows": windows,
        "upstream_busiest": busiest,
        "streams_alive": len(alive),
        "stream_errors": [(stream.path, stream.error) for stream in streams if stream.error is not None],
        "stream_longest_silence_s": [round(stream.longest_silence(started, ended), 1) for stream in alive],
        "streams_watching_changed_repo": len(watching),
        "new_count_delays_s": delays,
        "streams_with_new_count": sum(any(p["repo"] == names[0] and p["stars"] == given for p in s.stars) for s in watching),
    }
    save_figures("system-team", figures)

    print(f"team latency p50 {wrk['p50']:.2f} s, p99 {wrk['p99']:.2f} s, {wrk['timeout']} slower than {WRK_TIMEOUT}")
    assert wrk["non2xx"] == 0 and wrk.get("bad", 0) == 0, output
    # Zero lost or cut requests: nginx sent every request the dead instance left unanswered to
    # another, and every answer sent was read whole (checked = requests). On a team every page
    # goes out whole, so none had begun to reach the client when it died (an answer cut mid-body,
    # which no proxy can resend, would show in nginx's log). A slow answer (a wrk "timeout") is
    # neither: it is in the figures.
    assert all(wrk[k] == 0 for k in ("connect", "read", "write")), output
    assert figures["answers_cut_mid_body"] == 0, figures
    assert poster.refused == [] and poster.unanswered == [], figures
    assert len(acknowledged) >= 20, figures
    assert acknowledged <= stored, acknowledged - stored
    # Three instances asking on their own would make about three times as many.
    assert busiest and busiest[0][1] <= windows + 2, figures
    # The stars given on GitHub reached every open stream that shows that repository, whichever
    # instance serves it (nginx spreads them round robin; each instance checks through the store).
    assert len(alive) >= 4 and len(watching) >= 2, figures
    assert figures["streams_with_new_count"] == len(watching), figures


def test_the_database_restarting_shows_a_clear_page_then_recovers(fake, home, postgres):
    """Issue 39, point 1: PostgreSQL stopped at once (`pg_ctl stop -m immediate`) under a team
    instance. Answers come within seconds (the client gives up after 10): what memory holds is
    200, what needs the database 503 with one sentence, `/healthz` 503; a favourite asked for
    meanwhile is refused and never applied; a live stream stays open; and once PostgreSQL is back,
    reads and writes work within 15 s without a restart, each acknowledged change there once."""
    database = postgres.database()
    apps, nginx = start_team(fake, home, database, count=1)
    app = apps[0]
    stream = None
    try:
        cookie = app.get("/settings")[1]["set-cookie"].split(";")[0]
        token = cookie.split("=", 1)[1]
        names = re.findall(r'data-repo="([^"]+)"', app.get("/", headers={"Cookie": cookie})[2].decode())
        kept, refused = names[0], names[1]

        def toggle(name, timeout=30):
            return team.request(
                app.url, "POST", "/favorites/toggle", body=urllib.parse.urlencode({"csrf": token, "repo": name, "favorite": "1"}).encode(),
                headers={"Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded", "Accept": "application/json"},
                timeout=timeout)

        assert toggle(kept)[0] == 200
        stream = LiveStream(app.url, "/live?repo=" + urllib.parse.quote(kept, safe=""))
        stream.start()
        time.sleep(2)
        assert stream.status == 200 and stream.error is None

        postgres.halt()
        status, _, body = app.get("/healthz", timeout=10)
        assert status == 503 and b"cannot reach its database" in body, (status, body)
        status, _, body = app.get("/favorites", timeout=10)
        text = body.decode(errors="replace")
        assert status == 503, (status, text[:300])
        assert "cannot reach its database just now" in text
        assert "PSQLError" not in text and "postgres://" not in text
        assert app.get("/", timeout=10)[0] == 200, "New & popular is held in memory"
        status, _, body = toggle(refused, timeout=10)
        assert status == 503, (status, body[:300])
        time.sleep(3)
        assert stream.error is None, stream.error

        postgres.restart()
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline and app.get("/healthz", timeout=10)[0] != 200:
            time.sleep(0.5)
        assert app.get("/healthz")[0] == 200
        assert app.get("/favorites")[0] == 200
        assert toggle(names[2])[0] == 200
        assert app.process.poll() is None
        assert stream.error is None, stream.error
        rows = postgres.psql("SELECT fullName FROM favorite ORDER BY fullName", url=database)
        assert sorted(row[0] for row in rows) == sorted([kept, names[2]]), rows
    finally:
        if stream is not None:
            stream.closing.set()
            if stream.connection is not None:
                stream.connection.close()
        nginx.stop()
        app.stop()


def test_deploys_pg_dump_and_pg_restore_steps_bring_everything_back(fake, home, postgres):
    """Issue 39, point 4: DEPLOY.md's backup steps, as written there (`pg_dump --format=custom`,
    then `pg_restore --clean --if-exists` into an empty database), and an instance on the restored
    database shows every favourite with its note and tags."""
    database = postgres.database()
    apps, nginx = start_team(fake, home, database, count=1)
    app = apps[0]
    try:
        cookie = app.get("/settings")[1]["set-cookie"].split(";")[0]
        token = cookie.split("=", 1)[1]
        names = re.findall(r'data-repo="([^"]+)"', app.get("/", headers={"Cookie": cookie})[2].decode())[:3]

        def post(path, fields):
            status, _, _ = team.request(
                app.url, "POST", path, body=urllib.parse.urlencode({"csrf": token, **fields}).encode(),
                headers={"Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded"})
            assert status == 303, (path, status)

        for name in names:
            post("/favorites/toggle", {"repo": name})
        post("/favorites/annotate", {"repo": names[0], "tags": "kept, team", "note": "Back from the dump"})
    finally:
        nginx.stop()
        app.stop()
    dump = os.path.join(home, "starscope.dump")
    with open(dump, "wb") as file:
        subprocess.run(["pg_dump", "--format=custom", database.replace("?sslmode=disable", "")], check=True, stdout=file)
    restored = postgres.database()
    subprocess.run(["pg_restore", "--clean", "--if-exists", "--dbname=" + restored.replace("?sslmode=disable", ""), dump],
                   check=True, capture_output=True)
    folder = os.path.join(home, "restored")
    os.makedirs(folder)
    apps, nginx = team.start_team(fake, folder, restored, 1)
    try:
        page = apps[0].get("/favorites")[2].decode()
        assert sorted(set(re.findall(r'data-repo="([^"]+)"', page))) == sorted(names)
        assert "Back from the dump" in page and 'href="/favorites?tag=team"' in page
    finally:
        nginx.stop()
        apps[0].stop()


def test_background_rounds_skip_while_the_database_is_away_and_send_each_update_once(home, postgres):
    """Issue 39, point 1: rounds that come while PostgreSQL is away skip; the first after it is
    back finds what happened meanwhile, once."""
    token = "ghp_FAKEoctocatTOKEN0000000000000000000000"
    fake = Fake(home, args=["--token-core-limit", "1000000"])
    database = postgres.database()
    # At debug, so that a failure's last log lines show what each round asked and met (this test
    # has failed now and then in CI, with nothing in the log at the default level).
    apps, nginx = team.start_team(
        fake, home, database, 1, GH_TOKEN=token, STARSCOPE_UPDATES_INTERVAL="5", STARSCOPE_LOG_LEVEL="debug")
    app = apps[0]
    try:
        query = urllib.parse.urlencode({"q": "created:>2000-01-01", "sort": "stars", "order": "asc", "per_page": 20})
        items = json.loads(team.request(fake.url, "GET", "/search/repositories?" + query, headers={"User-Agent": "tests"})[2])["items"]
        name = next(item["full_name"] for item in items if not item["archived"])
        cookie = app.get("/settings")[1]["set-cookie"].split(";")[0]
        status, _, _ = team.request(
            app.url, "POST", "/favorites/toggle", body=urllib.parse.urlencode({"csrf": cookie.split("=", 1)[1], "repo": name}).encode(),
            headers={"Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded"})
        assert status == 303
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and not postgres.psql("SELECT 1 FROM repositoryWatch", url=database):
            time.sleep(1)
        assert postgres.psql("SELECT 1 FROM repositoryWatch", url=database), "a round watched the favourite"
        time.sleep(12)  # and the next rounds have seen it as it is

        postgres.halt()
        status, _, data = team.request(fake.url, "POST", "/_fake/release", json.dumps({"full_name": name, "tag": "v7.7.7"}).encode())
        assert status < 300, data
        time.sleep(12)  # two rounds come and skip
        assert app.process.poll() is None
        postgres.restart()

        def releases():
            return postgres.psql("SELECT key FROM updateEvent WHERE kind = 'release'", url=database)

        # A bound, not a speed: a loaded machine's rounds (each also asks for a hundred star
        # histories) and the pool's reconnection after a restart can take a while.
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and not releases():
            time.sleep(1)
        time.sleep(11)  # two more rounds: nothing is sent again
        found = releases()
        if len(found) != 1:
            watch = postgres.psql("SELECT latestRelease, checkedAt FROM repositoryWatch", url=database)
            problems = postgres.psql("SELECT problem, checkedAt FROM watchProblem", url=database)
            log = pathlib.Path(app.home, f"serve-{app.starts}.err").read_text(errors="replace").splitlines()[-80:]
            pytest.fail(f"releases {found}; watch {watch}; problems {problems}; the server's last log lines:\n" + "\n".join(log))
    finally:
        nginx.stop()
        app.stop()
        fake.stop()


def test_what_a_form_did_shows_on_whichever_instance_serves_the_redirect(fake, home, postgres):
    """Issue 41, point 6: the line saying what a form did is kept in the shared database, so the
    page a form's redirect leads to says it on every instance, and through nginx whichever
    instance nginx picks; for the browser that posted it only."""
    database = postgres.database()
    apps, nginx = start_team(fake, home, database, count=2)
    first, second = apps
    try:
        cookie = first.get("/settings")[1]["set-cookie"].split(";")[0]
        token = cookie.split("=", 1)[1]
        status, headers, _ = team.request(
            first.url, "POST", "/settings/token",
            body=urllib.parse.urlencode({"csrf": token, "token": "ghp_" + "w" * 36}).encode(),
            headers={"Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded"})
        assert status == 303, status
        location = headers["location"]
        assert "refused=" in location
        for app in (second, first):
            page = app.get(location, headers={"Cookie": cookie})[2].decode()
            assert "rejected the token" in page, page[:500]
        # nginx spreads these over both instances: each says it.
        for _ in range(4):
            assert "rejected the token" in nginx.get(location, headers={"Cookie": cookie})[2].decode()
        [[kept]] = postgres.psql("SELECT COUNT(*) FROM formOutcome", database)
        assert int(kept) == 1
    finally:
        nginx.stop()
        for app in apps:
            app.stop()
