"""System tests: the built `starscope serve` and `fake-github` as separate processes, under load
and killed with SIGKILL.

Like Tests/browser/conftest.py these use the binaries in `.build/debug` (or `STARSCOPE_BIN_DIR`),
but they need no browser (so no Selenium), restart a server on the same data directory, and
kill it with SIGKILL; the servers' stdout and stderr go to files, never to an undrained pipe.
"""

import http.client
import json
import os
import pathlib
import shutil
import signal
import socket
import subprocess
import tempfile
import time
import urllib.parse

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
BIN = pathlib.Path(os.environ.get("STARSCOPE_BIN_DIR", ROOT / ".build" / "debug"))


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def launch(command, env, pattern, log_prefix):
    """Starts a server with stdout and stderr in files; waits for its `… listening on http://…` line."""
    out_path, err_path = pathlib.Path(log_prefix + ".out"), pathlib.Path(log_prefix + ".err")
    with open(out_path, "wb") as out, open(err_path, "wb") as err:
        process = subprocess.Popen(command, env=env, stdout=out, stderr=err, stdin=subprocess.DEVNULL)
    deadline = time.time() + 30
    while time.time() < deadline:
        text = out_path.read_text(errors="replace")
        for line in text.splitlines():
            if pattern in line:
                return process, line.strip().split()[-1]
        if process.poll() is not None:
            break
        time.sleep(0.05)
    process.kill()
    process.wait()
    raise RuntimeError(f"{command[0]} did not start:\n{err_path.read_text(errors='replace')[-2000:]}")


def request(url, method="GET", path="/", body=None, headers=None, timeout=30):
    """One HTTP request without following redirects: (status, headers as a lowercased dict, body bytes)."""
    parts = urllib.parse.urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=timeout)
    try:
        connection.request(method, path, body=body, headers=headers or {})
        response = connection.getresponse()
        data = response.read()
        return response.status, {name.lower(): value for name, value in response.getheaders()}, data
    finally:
        connection.close()


class Fake:
    """The fake GitHub, generous limits by default, with its control API."""

    def __init__(self, home, core_limit=100000, search_limit=100000, max_age=0, args=()):
        self.port = free_port()
        command = [str(BIN / "fake-github"), "--port", str(self.port), "--core-limit", str(core_limit)]
        command += ["--search-limit", str(search_limit), "--max-age", str(max_age)] + list(args)
        self.process, self.url = launch(command, dict(os.environ), "listening on", os.path.join(home, "fake"))

    def control(self, method, path, body=None):
        status, _, data = request(self.url, method, path, json.dumps(body).encode() if body is not None else None)
        assert status < 300, (method, path, status, data[:300])
        return json.loads(data) if data else None

    def requests(self):
        """Every request the fake answered so far, oldest first (it only ever appends)."""
        return self.control("GET", "/_fake/requests")

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


class Serve:
    """`starscope serve` on a fixed port with a data directory that outlives the process, so it
    can be killed and started again on the same store."""

    def __init__(self, fake, home, args=(), host="127.0.0.1", **extra):
        self.home = home
        self.args = list(args)
        self.host = host
        self.port = free_port()
        self.data_dir = os.path.join(home, "data")
        self.env = dict(os.environ)
        for name in ("GH_TOKEN", "GITHUB_TOKEN", "STARSCOPE_LOG_LEVEL"):
            self.env.pop(name, None)
        self.env.update(
            STARSCOPE_API_URL=fake.url,
            STARSCOPE_DATA_DIR=self.data_dir,
            STARSCOPE_CONFIG_DIR=os.path.join(home, "config"),
            STARSCOPE_TIMEOUT="5",
            TZ="UTC",
        )
        self.env.update(extra)
        self.process = None
        self.starts = 0
        self.start()

    @property
    def database(self):
        return os.path.join(self.data_dir, "starscope.sqlite")

    @property
    def pid(self):
        return self.process.pid

    def start(self):
        assert self.process is None or self.process.poll() is not None, "already running"
        self.starts += 1
        command = [str(BIN / "starscope"), "serve", "--host", self.host, "--port", str(self.port)] + self.args
        self.process, self.url = launch(command, self.env, "Listening on", os.path.join(self.home, f"serve-{self.starts}"))

    def get(self, path, headers=None, timeout=30):
        return request(self.url, "GET", path, headers=headers, timeout=timeout)

    def sign_in_links(self):
        """Every `Sign in: URL` line this run printed, oldest first."""
        text = pathlib.Path(self.home, f"serve-{self.starts}.out").read_text(errors="replace")
        return [line.split()[-1] for line in text.splitlines() if line.startswith("Sign in: ")]

    def sign_in(self):
        """Uses the newest sign-in link; returns the session cookie (`name=value`)."""
        deadline = time.time() + 10
        while not self.sign_in_links() and time.time() < deadline:
            time.sleep(0.05)
        link = urllib.parse.urlsplit(self.sign_in_links()[-1])
        connection = http.client.HTTPConnection(link.hostname, link.port, timeout=30)
        try:
            connection.request("GET", link.path + "?" + link.query)
            response = connection.getresponse()
            response.read()
            assert response.status == 303, response.status
            cookies = [value.split(";")[0] for name, value in response.getheaders() if name.lower() == "set-cookie"]
        finally:
            connection.close()
        return next(cookie for cookie in cookies if cookie.startswith("starscope_session="))

    def rss_kb(self):
        """The process's resident memory (VmRSS) in kB, or None once it is gone."""
        try:
            with open(f"/proc/{self.pid}/status") as status:
                for line in status:
                    if line.startswith("VmRSS:"):
                        return int(line.split()[1])
        except (FileNotFoundError, ProcessLookupError):
            return None
        return None

    def stderr(self):
        """What every run of the server wrote on stderr (crash traces land here)."""
        texts = []
        for number in range(1, self.starts + 1):
            path = pathlib.Path(self.home, f"serve-{number}.err")
            if path.exists():
                texts.append(path.read_text(errors="replace"))
        return "\n".join(texts)

    def kill(self):
        """SIGKILL: no shutdown handlers, no flush, no checkpoint."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)

    def stop(self):
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


@pytest.fixture
def home():
    path = tempfile.mkdtemp(prefix="starscope-system-")
    yield path
    shutil.rmtree(path, ignore_errors=True)


@pytest.fixture
def fake(home):
    server = Fake(home)
    yield server
    server.stop()


@pytest.fixture
def serve_factory(fake, home):
    """Makes `starscope serve` instances (extra keyword arguments become environment variables)."""
    started = []

    def make(**extra):
        folder = os.path.join(home, f"app-{len(started)}")
        os.makedirs(folder)
        server = Serve(fake, folder, **extra)
        started.append(server)
        return server

    yield make
    for server in started:
        server.stop()
