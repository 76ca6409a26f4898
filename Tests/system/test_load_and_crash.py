"""Load and crashes: `starscope serve` under wrk while live streams are open, and killed with
SIGKILL while favourites are being added.

- Load: 64 connections on `/` and a detail page for `STARSCOPE_LOAD_SECONDS` (20 in CI; the full
  run the issue asks for is 60) while eight live streams stay open: no socket errors, no error
  statuses, every answer a real page, the streams keep flowing, memory stays bounded, and GitHub
  (the fake) sees what the live schedule needs, not a request per page view.
- Crash: favourites added through the form as a browser does, under a background load, then
  SIGKILL at a seeded moment; the store must be intact and hold every acknowledged favourite.

Figures (requests/s, latency, RSS, upstream counts, what survived each kill) are printed and
written to `.build/artifacts/system-*.json` (or `STARSCOPE_ARTIFACTS`).
"""

import codecs
import http.client
import json
import os
import pathlib
import random
import re
import shutil
import socket
import sqlite3
import subprocess
import tempfile
import threading
import time
import urllib.parse

import pytest

ARTIFACTS = pathlib.Path(os.environ.get("STARSCOPE_ARTIFACTS", pathlib.Path(__file__).resolve().parents[2] / ".build" / "artifacts"))
LOAD_SECONDS = int(os.environ.get("STARSCOPE_LOAD_SECONDS", "20"))
# wrk counts an answer slower than this as a "timeout" socket error, but still reads it (the Lua
# script checks it like any other): a time-out measures queueing, not a lost answer. The debug
# build on a busy two-core machine served 55-290 pages/s, so with 64 connections an answer waits
# 64/55 ≈ 1.2 s on average (Little's law), and far longer while the machine also builds. So time-outs
# are reported as a figure, never failed on; what fails is an answer lost (connect, read or write
# errors, fewer answers checked than sent), cut (not a whole page) or wrong (an error status).
WRK_TIMEOUT = os.environ.get("STARSCOPE_LOAD_TIMEOUT", "120s")
# Live re-checks as often as the budget allows, so they really happen during a short run.
LIVE_INTERVAL = 1
# The search window is shortened so that the trending answer goes stale (at least once, and every
# ten seconds) while the load runs: that is the moment 64 connections all want it at once.
SEARCH_FRESHNESS = 10

REPO_ATTRIBUTE = re.compile(r'data-repo="([^"]+)"')


def repos_in(html):
    """`data-repo` names in page order, without repeats (a detail repeats its row's name)."""
    return list(dict.fromkeys(REPO_ATTRIBUTE.findall(html)))


def names_from_pages(get, back, page, token, wanted):
    """Repository names from the list at `back` (whose first page is `page`), page after page,
    until `wanted` or ten pages."""
    names = repos_in(page)
    number = 2
    while len(names) < wanted and number <= 10:
        status, _, body = get(f"{back}&page={number}", headers={"Cookie": f"starscope_csrf={token}"})
        assert status == 200
        names += [name for name in repos_in(body.decode()) if name not in names]
        number += 1
    return names


def save_figures(name, figures):
    print(json.dumps(figures))
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / f"{name}.json").write_text(json.dumps(figures, indent=1) + "\n")


# ---------------------------------------------------------------------------------------------
# Helpers: live streams, memory samples, wrk


class LiveStream(threading.Thread):
    """Holds one `GET /live?…` open and notes when each event or heartbeat arrives."""

    def __init__(self, base_url, path):
        super().__init__(daemon=True)
        self.path = path
        self.parts = urllib.parse.urlsplit(base_url)
        self.arrivals = []  # (monotonic time, "heartbeat" | "stars" | "retry")
        self.stars = []  # the decoded `stars` payloads
        self.status = None
        self.content_type = None
        self.error = None
        self.closing = threading.Event()
        self.connection = None

    def run(self):
        try:
            # A 30 s read time-out: a stream silent that long has stopped (heartbeats come every second).
            self.connection = http.client.HTTPConnection(self.parts.hostname, self.parts.port, timeout=30)
            self.connection.request("GET", self.path, headers={"Accept": "text/event-stream"})
            response = self.connection.getresponse()
            self.status = response.status
            self.content_type = response.getheader("Content-Type")
            if response.status != 200:
                self.error = f"status {response.status}: {response.read()[:300]!r}"
                return
            decoder = codecs.getincrementaldecoder("utf-8")()
            buffer = ""
            while not self.closing.is_set():
                chunk = response.read1(65536)
                if not chunk:
                    if not self.closing.is_set():
                        self.error = "the server ended the stream"
                    return
                arrived = time.monotonic()
                buffer += decoder.decode(chunk)
                while "\n\n" in buffer:
                    block, buffer = buffer.split("\n\n", 1)
                    self.note(block, arrived)
        except Exception as error:  # noqa: BLE001 - any failure of an open stream is the finding
            if not self.closing.is_set():
                self.error = repr(error)

    def note(self, block, arrived):
        lines = block.split("\n")
        if lines[0].startswith(":"):
            self.arrivals.append((arrived, "heartbeat"))
        elif lines[0].startswith("retry:"):
            self.arrivals.append((arrived, "retry"))
        elif lines[0] == "event: stars" and len(lines) == 2 and lines[1].startswith("data: "):
            payload = json.loads(lines[1][len("data: "):])
            assert isinstance(payload["stars"], int) and "/" in payload["repo"], payload
            self.stars.append(payload)
            self.arrivals.append((arrived, "stars"))
        else:
            self.error = f"unexpected event: {block[:200]!r}"

    def messages_between(self, start, end):
        return [moment for moment, kind in self.arrivals if start <= moment <= end and kind != "retry"]

    def longest_silence(self, start, end):
        """The longest time without a message within [start, end], edges included."""
        times = [start] + self.messages_between(start, end) + [end]
        return max(later - earlier for earlier, later in zip(times, times[1:]))

    def close(self):
        self.closing.set()
        try:
            self.connection.sock.shutdown(socket.SHUT_RDWR)
        except (AttributeError, OSError):
            pass
        self.join(5)


class MemorySampler(threading.Thread):
    """VmRSS of a process every second."""

    def __init__(self, server):
        super().__init__(daemon=True)
        self.server = server
        self.samples = []  # (monotonic time, kB)
        self.stopping = threading.Event()

    def run(self):
        while not self.stopping.is_set():
            rss = self.server.rss_kb()
            if rss is not None:
                self.samples.append((time.monotonic(), rss))
            self.stopping.wait(1)

    def stop(self):
        self.stopping.set()
        self.join(5)


class SlowClients(threading.Thread):
    """Keeps `count` connections open that send a request head a few bytes at a time and never
    finish it (slowloris); a connection the server closes is opened again."""

    def __init__(self, port, count):
        super().__init__(daemon=True)
        self.port = port
        self.count = count
        self.sockets = []
        self.opened = 0
        self.closed_by_server = 0
        self.refused = 0
        self.stopping = threading.Event()

    def open_one(self):
        try:
            # From another loopback address than the pages' (127.0.0.x are all this machine): an
            # attacker is not the people loading pages, and the server caps each address (512).
            connection = socket.create_connection(("127.0.0.1", self.port), timeout=5, source_address=("127.0.0.2", 0))
            connection.sendall(f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\n".encode())
            self.opened += 1
            return connection
        except OSError:
            self.refused += 1
            return None

    def run(self):
        self.sockets = [connection for connection in (self.open_one() for _ in range(self.count)) if connection]
        while not self.stopping.wait(2):
            alive = []
            for connection in self.sockets:
                try:
                    connection.sendall(b"X-Slow: 1\r\n")
                    alive.append(connection)
                except OSError:
                    self.closed_by_server += 1
                    connection.close()
                    replacement = self.open_one()
                    if replacement:
                        alive.append(replacement)
            self.sockets = alive

    def stop(self):
        self.stopping.set()
        self.join(30)
        for connection in self.sockets:
            connection.close()


WRK_SCRIPT = """
-- Alternates between the paths; checks every answer is a whole page with no offline banner.
local paths = {%(paths)s}
local threads = {}
local counter = 0

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  checked = 0
  bad = 0
  details = 0
  sample = ""
end

function request()
  counter = counter + 1
  return wrk.format("GET", paths[(counter %% #paths) + 1])
end

function response(status, headers, body)
  checked = checked + 1
  local whole = string.find(body, 'data-repo="', 1, true) and string.find(body, "</html>", 1, true)
  local healthy = string.find(body, 'class="banner" role="status" hidden', 1, true)
  if status ~= 200 or not whole or not healthy then
    bad = bad + 1
    if sample == "" then sample = status .. " " .. string.sub(body, 1, 200) end
  end
  if string.find(body, '<article class="detail', 1, true) then details = details + 1 end
end

function done(summary, latency, requests)
  local c, b, d, s = 0, 0, 0, ""
  for _, thread in ipairs(threads) do
    c = c + thread:get("checked")
    b = b + thread:get("bad")
    d = d + thread:get("details")
    if s == "" then s = thread:get("sample") end
  end
  io.write(string.format("STARSCOPE checked=%%d bad=%%d details=%%d\\n", c, b, d))
  if s ~= "" then io.write("STARSCOPE first bad answer: " .. s .. "\\n") end
end
"""


def wrk_command(url, paths, connections, seconds, threads, folder, timeout=WRK_TIMEOUT):
    script = os.path.join(folder, "paths.lua")
    with open(script, "w") as file:
        file.write(WRK_SCRIPT % {"paths": ", ".join(json.dumps(path) for path in paths)})
    return [
        "wrk", f"-t{threads}", f"-c{connections}", f"-d{seconds}s", "--timeout", timeout, "--latency", "-s", script, url,
    ]


DURATION_UNITS = {"us": 1e-6, "ms": 1e-3, "s": 1.0, "m": 60.0}


def seconds_of(text):
    number, unit = re.fullmatch(r"([\d.]+)(us|ms|s|m)", text).groups()
    return float(number) * DURATION_UNITS[unit]


def parse_wrk(output):
    """The figures wrk prints. The socket-error and non-2xx lines appear only when non-zero."""
    figures = {"connect": 0, "read": 0, "write": 0, "timeout": 0, "non2xx": 0}
    match = re.search(r"(\d+) requests in ([\d.]+\w+), ([\d.]+\w+) read", output)
    assert match, output
    figures["requests"] = int(match.group(1))
    figures["requests_per_second"] = float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1))
    for percent in ("50", "90", "99"):
        figures[f"p{percent}"] = seconds_of(re.search(rf"^\s+{percent}%\s+(\S+)", output, re.M).group(1))
    errors = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", output)
    if errors:
        figures.update(zip(("connect", "read", "write", "timeout"), map(int, errors.groups())))
    non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
    if non2xx:
        figures["non2xx"] = int(non2xx.group(1))
    checks = re.search(r"STARSCOPE checked=(\d+) bad=(\d+) details=(\d+)", output)
    if checks:
        figures.update(zip(("checked", "bad", "details"), map(int, checks.groups())))
    return figures


# ---------------------------------------------------------------------------------------------
# Load


def test_pages_hold_64_connections_with_live_streams_open(serve_factory, fake, home):
    app = serve_factory(STARSCOPE_LIVE_INTERVAL=str(LIVE_INTERVAL), STARSCOPE_SEARCH_FRESHNESS=str(SEARCH_FRESHNESS))

    # Warm the cache as a first visitor does: the list, then a repository from it.
    status, _, body = app.get("/")
    assert status == 200
    names = repos_in(body.decode())
    assert len(names) >= 4, names
    detail = "/repos/" + names[0]
    status, _, body = app.get(detail)
    assert status == 200 and '<article class="detail' in body.decode()

    # Eight open pages: three tabs on the week's list, two with the detail beside it (as the
    # detail page's script asks), two single repositories and the month's list.
    week = "list=" + urllib.parse.quote("/?since=week", safe="")
    month = "list=" + urllib.parse.quote("/?since=month", safe="")
    paths = [f"/live?{week}"] * 3 + [f"/live?{week}&repo={names[0]}"] * 2
    paths += [f"/live?repo={names[1]}", f"/live?repo={names[2]}", f"/live?{month}"]
    streams = [LiveStream(app.url, path) for path in paths]
    for stream in streams:
        stream.start()
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline and not all(stream.messages_between(0, float("inf")) for stream in streams):
        time.sleep(0.1)
    for stream in streams:
        assert stream.status == 200 and stream.content_type == "text/event-stream", (stream.path, stream.status, stream.error)
        assert stream.messages_between(0, float("inf")), (stream.path, stream.error)
    # The first round announces every count a stream watches.
    watched = {names[0], names[1], names[2]}
    seen = {payload["repo"] for stream in streams for payload in stream.stars}
    assert watched <= seen, watched - seen

    upstream_before = len(fake.requests())
    memory = MemorySampler(app)
    memory.start()
    time.sleep(2)  # a baseline before the load
    # A thousand slow clients hold connections open the whole time.
    slow = SlowClients(app.port, 1000)
    slow.start()
    deadline = time.monotonic() + 30
    while slow.opened < 1000 and time.monotonic() < deadline:
        time.sleep(0.2)
    command = wrk_command(app.url, ["/", detail], connections=64, seconds=LOAD_SECONDS, threads=2, folder=home)
    started = time.monotonic()
    run = subprocess.run(command, capture_output=True, text=True, timeout=LOAD_SECONDS + 120)
    ended = time.monotonic()
    slow.stop()
    time.sleep(2)  # and after it
    memory.stop()
    upstream = fake.requests()[upstream_before:]

    # The streams kept flowing during the load (read before closing them).
    silences = {stream.path: stream.longest_silence(started, ended) for stream in streams}
    counts = [len(stream.messages_between(started, ended)) for stream in streams]
    errors = [(stream.path, stream.error) for stream in streams if stream.error]
    for stream in streams:
        stream.close()

    print(run.stdout)
    assert run.returncode == 0, run.stderr
    wrk = parse_wrk(run.stdout)
    samples = [kb for _, kb in memory.samples]
    third = max(1, len(samples) // 3)
    first_third, last_third = max(samples[:third]), max(samples[-third:])
    by_path, per_query, search_seconds = {}, {}, {}
    for entry in upstream:
        by_path[entry["path"]] = by_path.get(entry["path"], 0) + 1
        if entry["path"] == "/search/repositories":
            per_query[entry["query"]] = per_query.get(entry["query"], 0) + 1
            search_seconds[entry["time"]] = search_seconds.get(entry["time"], 0) + 1
    figures = {
        "load_seconds": LOAD_SECONDS,
        "wrk_requests": wrk["requests"],
        "wrk_requests_per_second": wrk["requests_per_second"],
        "latency_p50_s": wrk["p50"],
        "latency_p90_s": wrk["p90"],
        "latency_p99_s": wrk["p99"],
        "socket_errors": {k: wrk[k] for k in ("connect", "read", "write", "timeout")},
        "non_2xx_3xx": wrk["non2xx"],
        "rss_mb_min": min(samples) / 1024,
        "rss_mb_max": max(samples) / 1024,
        "rss_mb_first_third_max": first_third / 1024,
        "rss_mb_last_third_max": last_third / 1024,
        "rss_samples_mb": [round(kb / 1024) for kb in samples],
        "upstream_requests_during_load": len(upstream),
        "upstream_by_path": by_path,
        "upstream_searches_per_query": per_query,
        "upstream_search_bursts": {second: n for second, n in search_seconds.items() if n > 1},
        "stream_messages_during_load": counts,
        "stream_longest_silence_s": max(silences.values()),
        "slow_connections_opened": slow.opened,
        "slow_connections_closed_by_server": slow.closed_by_server,
        "slow_connections_refused": slow.refused,
    }
    save_figures("system-load", figures)

    # The thousand slow clients got their connections (none refused), and were closed for never
    # finishing a request head (the idle time-out is 15 s, so at least once each in a 20 s run).
    assert slow.opened >= 1000 and slow.refused == 0, figures
    assert slow.closed_by_server >= 500, figures
    # Nothing lost, cut or wrong: no connection refused or broken, every answer read and a whole
    # page without the offline banner. (Slow answers are wrk "timeouts": a figure, not a failure.)
    print(f"latency p50 {wrk['p50']:.2f} s, p99 {wrk['p99']:.2f} s, {wrk['timeout']} slower than {WRK_TIMEOUT}")
    assert {k: wrk[k] for k in ("connect", "read", "write")} == {"connect": 0, "read": 0, "write": 0}, run.stdout
    assert wrk["non2xx"] == 0, run.stdout
    assert wrk["checked"] == wrk["requests"], run.stdout
    assert wrk["bad"] == 0, run.stdout
    # Both paths were really served (the script alternates per thread), however slowly.
    assert wrk["requests"] >= 20, run.stdout
    assert 0.4 * wrk["checked"] <= wrk["details"] <= 0.6 * wrk["checked"], run.stdout

    # Live streams: none ended or failed (lost), and each received during the load. How long a
    # stream went without a message (idle, a heartbeat a second; under load up to ~6 s measured)
    # depends on how busy the machine is: a figure (stream_longest_silence_s), not a failure.
    print(f"longest silence of a live stream during the load: {max(silences.values()):.1f} s")
    assert not errors, errors
    assert min(counts) >= 1, counts

    # Memory is bounded: it may grow while buffers and caches warm up (the first third holds that
    # climb), but not keep climbing. Measured on the debug build (2 cores): 56 MB idle, then a
    # plateau of 86-91 MB within ~10 s that stays flat for the whole 60 s run (±3 MB). Allowed:
    # the last third's peak at most 25% + 20 MB over the first third's, so a leak of a fraction of
    # a page per request (~125 kB pages at ~70/s) fails even the 20 s run; and never 400 MB,
    # over four times the plateau, whatever the machine.
    assert last_third <= 1.25 * first_third + 20 * 1024, figures
    assert max(samples) < 400 * 1024, figures

    # Still serving after the load.
    status, _, body = app.get("/", timeout=10)
    assert status == 200 and 'data-repo="' in body.decode()
    assert app.process.poll() is None
    assert "Fatal error" not in app.stderr()

    # Upstream: what the live schedule needs, not a request per page view. Per round (at most one
    # a second) the three watched repositories are revalidated (max-age 0: a conditional request
    # each). Each of the two searches (week, month) is answered from the cache within the search
    # window, so it costs one request per window at most, whoever asks: the pages need nothing
    # more, since the list is that same cached week search and the detail is the list's snapshot.
    # With two rounds or windows of slack for the edges of the time measured:
    seconds = ended - started + 4  # the 2 s before and after the load are in the log too
    rounds = seconds / LIVE_INTERVAL + 2
    # None of the watched repositories is asked more often than once a round...
    for name in (names[0], names[1], names[2]):
        assert by_path.get(f"/repos/{name}", 0) <= rounds, (name, by_path)
    # ... nothing else but the two searches and the detail pages' sections is asked; a section
    # (README, releases, contributors, languages) is kept a minute, so each is asked once a window...
    sections = {f"/repos/{name}/{part}" for name in names for part in ("readme", "releases", "contributors", "languages")}
    assert set(by_path) <= {f"/repos/{name}" for name in names[:3]} | {"/search/repositories"} | sections, by_path
    for path in sections:
        assert by_path.get(path, 0) <= seconds / 60 + 2, (path, by_path)
    assert len(per_query) <= 2, per_query
    # ... and each search once per window however many connections want it when it goes stale
    # (a refresh per waiting connection is 64 connections' worth of requests at once).
    allowed_searches = seconds / SEARCH_FRESHNESS + 2
    assert max(per_query.values(), default=0) <= allowed_searches, (figures, per_query, allowed_searches)
    # So the total does not grow with the page views: beyond the live checks, at most the searches.
    assert len(upstream) <= 3 * rounds + 2 * allowed_searches, figures


# ---------------------------------------------------------------------------------------------
# Crash


class FavoritePoster(threading.Thread):
    """Adds favourites one at a time through the row's form, as a browser without script does:
    `POST /favorites/toggle` with the page's CSRF token, the CSRF cookie and the page's Origin."""

    def __init__(self, app, token, names, back):
        super().__init__(daemon=True)
        self.app, self.token, self.names, self.back = app, token, names, back
        self.acknowledged = []  # answered 303 to the page: the favourite is promised
        self.durations = []  # seconds each acknowledged POST took
        self.refused = []  # answered, but not with the redirect (must not happen while alive)
        self.unanswered = []  # sent (or tried), no answer: the server died
        self.in_flight = None

    def run(self):
        parts = urllib.parse.urlsplit(self.app.url)
        for name in self.names:
            body = urllib.parse.urlencode({"csrf": self.token, "repo": name, "return": self.back})
            headers = {
                "Content-Type": "application/x-www-form-urlencoded",
                "Cookie": f"starscope_csrf={self.token}",
                "Origin": self.app.url,
                "Referer": self.app.url + self.back,
            }
            self.in_flight = name
            sent = time.monotonic()
            connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
            try:
                connection.request("POST", "/favorites/toggle", body=body, headers=headers)
                response = connection.getresponse()
                answer = response.read()
                location = response.getheader("Location")
            except (OSError, http.client.HTTPException) as error:
                # A refused connection never reached the server; anything else was in flight.
                self.unanswered.append((name, type(error).__name__))
                return
            finally:
                connection.close()
                self.in_flight = None
            if response.status == 303 and location == self.back:
                self.acknowledged.append(name)
                self.durations.append(time.monotonic() - sent)
            else:
                # The sentence the page gave, so a refusal says why.
                text = re.sub(r"<[^>]+>", " ", answer.decode(errors="replace"))
                sentence = re.search(r"Cannot do that[^.]*?\s+(.{0,300}?\.)\s", " ".join(text.split()) + " ")
                self.refused.append((name, response.status, location, sentence.group(1) if sentence else text[-300:]))


def favourites_in(database_path):
    """Checks a copy of the store as SQLite finds it after the crash (the WAL replayed, no
    server involved): `PRAGMA integrity_check`, and every favourite row whole."""
    folder = tempfile.mkdtemp(prefix="starscope-crashed-")
    try:
        for suffix in ("", "-wal"):
            if os.path.exists(database_path + suffix):
                shutil.copy(database_path + suffix, os.path.join(folder, "starscope.sqlite" + suffix))
        connection = sqlite3.connect(os.path.join(folder, "starscope.sqlite"))
        try:
            integrity = connection.execute("PRAGMA integrity_check").fetchall()
            mode = connection.execute("PRAGMA journal_mode").fetchone()[0]
            rows = connection.execute("SELECT fullName, snapshot FROM favorite").fetchall()
        finally:
            connection.close()
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    for full_name, snapshot in rows:
        assert json.loads(snapshot)["full_name"].lower() == full_name.lower(), full_name
    return integrity, mode, {full_name for full_name, _ in rows}


def read_only_integrity(database_path):
    """`PRAGMA integrity_check` on the live store, read-only, beside the running server."""
    connection = sqlite3.connect(f"file:{database_path}?mode=ro", uri=True)
    try:
        return connection.execute("PRAGMA integrity_check").fetchall()
    finally:
        connection.close()


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_sigkill_while_favouriting_under_load_keeps_every_acknowledged_favourite(serve_factory, home, seed):
    rng = random.Random(seed)
    kill_after = rng.randint(20, 40)  # acknowledged favourites before the kill
    # Then a moment later, as a share of a typical POST's time: the next POST is in flight and the
    # kill lands anywhere in it (reading the form, fetching the snapshot, writing, answering).
    kill_share = rng.random()

    app = serve_factory(STARSCOPE_LIVE_INTERVAL=str(LIVE_INTERVAL))
    back = "/?since=month"
    status, headers, body = app.get(back)
    assert status == 200
    page = body.decode()
    cookie = re.search(r"starscope_csrf=([0-9a-f]{64})", headers.get("set-cookie", ""))
    token = re.search(r'name="csrf" value="([0-9a-f]{64})"', page)
    assert cookie and token and cookie.group(1) == token.group(1), headers.get("set-cookie")
    names = names_from_pages(app.get, back, page, token.group(1), wanted=60)
    assert len(names) >= 45, len(names)

    # Background load on the list (each view also writes star history and snapshots).
    load = subprocess.Popen(
        # Longer than the posting can take on a busy machine: it is stopped after the kill anyway.
        wrk_command(app.url, ["/"], connections=16, seconds=300, threads=1, folder=home),
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        time.sleep(0.5)
        poster = FavoritePoster(app, token.group(1), names, back)
        poster.start()
        # Only a hang guard: the poster ends on its own when it runs out of names or is refused.
        deadline = time.monotonic() + 300
        while len(poster.acknowledged) < kill_after and poster.is_alive() and time.monotonic() < deadline:
            time.sleep(0.001)
        assert len(poster.acknowledged) >= kill_after, (poster.acknowledged, poster.refused, poster.unanswered)
        durations = sorted(poster.durations)
        kill_delay = kill_share * durations[len(durations) // 2]
        time.sleep(kill_delay)
        load_running = load.poll() is None
        in_flight_at_kill = poster.in_flight
        app.kill()
        poster.join(30)
    finally:
        load.terminate()
        load_output = load.communicate(timeout=10)[0]
    acknowledged = list(poster.acknowledged)
    unanswered = [name for name, _ in poster.unanswered]
    in_flight = [name for name, error in poster.unanswered if error != "ConnectionRefusedError"]
    integrity, mode, stored = favourites_in(app.database)
    median = durations[len(durations) // 2]
    save_figures(f"system-crash-{seed}", {
        "seed": seed,
        "kill_after_acknowledged": kill_after,
        "kill_delay_ms": round(kill_delay * 1000, 1),
        "post_median_ms": round(median * 1000),
        "acknowledged": len(acknowledged),
        "refused": poster.refused,
        "in_flight_at_kill": in_flight_at_kill,
        "unanswered": poster.unanswered,
        "stored_after_kill": len(stored),
        "acknowledged_missing": sorted(set(acknowledged) - stored),
        "in_flight_survived": [name for name in in_flight if name in stored],
        "integrity": [row[0] for row in integrity],
        "journal_mode": mode,
    })

    assert not poster.is_alive()
    assert load_running, load_output
    assert poster.refused == [], poster.refused

    # The store as the crash left it: intact, every acknowledged favourite there and whole.
    assert integrity == [("ok",)], integrity
    assert mode == "wal"
    assert set(acknowledged) <= stored, set(acknowledged) - stored
    # Nothing appears that was never asked for; the one in flight may or may not have made it.
    assert stored <= set(acknowledged) | set(in_flight), stored - set(acknowledged)

    # Started again on the same store and port: it serves, and the favourites page lists them all.
    app.start()
    status, _, body = app.get("/healthz")
    assert status == 200 and body.strip() == b"ok"
    status, _, body = app.get("/favorites")
    assert status == 200
    shown = set(repos_in(body.decode()))
    assert set(acknowledged) <= shown, set(acknowledged) - shown
    assert shown == stored
    assert read_only_integrity(app.database) == [("ok",)]
    # And it keeps working: one more favourite through the same form, with the same cookie.
    extra = next(name for name in names if name not in stored)
    after = FavoritePoster(app, token.group(1), [extra], back)
    after.run()
    assert after.acknowledged == [extra], (after.refused, after.unanswered)
