"""Behind real nginx with `--trusted-proxy 127.0.0.1/32`: sign-in attempts are throttled per
client (the address nginx saw, the rightmost untrusted `X-Forwarded-For` hop), not per proxy and
not for everyone; `X-Forwarded-For` and `X-Forwarded-Proto` from any other peer are ignored; and
the session and CSRF cookies are `Secure` when nginx says the browser came over HTTPS.

The clients are other loopback addresses (127.0.0.2, 127.0.0.3, …), as browsers on other
machines would be: nginx listens on 127.0.0.1 and Starscope trusts only that address.
"""

import http.client
import os
import ssl
import subprocess
import time
import urllib.parse

from .conftest import BIN, Serve
from .team import Nginx

WRONG = "0" * 32


def send(url, path, source, headers=None):
    """A GET from the loopback address `source`: (status, headers as lowercased (name, value) pairs)."""
    parts = urllib.parse.urlsplit(url)
    if parts.scheme == "https":
        connection = http.client.HTTPSConnection(
            parts.hostname, parts.port, timeout=30, source_address=(source, 0), context=ssl._create_unverified_context())
    else:
        connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30, source_address=(source, 0))
    try:
        connection.request("GET", path, headers=headers or {})
        response = connection.getresponse()
        response.read()
        return response.status, [(name.lower(), value) for name, value in response.getheaders()]
    finally:
        connection.close()


def session_cookie(headers):
    return cookie("starscope_session", headers)


def cookie(name, headers):
    return next((value for name_, value in headers if name_ == "set-cookie" and value.startswith(name + "=")), None)


class Codes:
    """The sign-in codes the server prints: one at the start, and the next after each is used."""

    def __init__(self, app):
        self.app = app
        self.used = 0

    def next(self):
        deadline = time.time() + 10
        while len(self.app.sign_in_links()) <= self.used and time.time() < deadline:
            time.sleep(0.05)
        link = self.app.sign_in_links()[self.used]
        self.used += 1
        return urllib.parse.parse_qs(urllib.parse.urlsplit(link).query)["code"][0]


def test_behind_nginx_clients_are_throttled_apart_and_only_the_proxy_is_believed(fake, home):
    folder = os.path.join(home, "app")
    os.makedirs(folder)
    app = Serve(fake, folder, args=["--require-signin", "--trusted-proxy", "127.0.0.1/32", "--allowed-host", "127.0.0.1"])
    nginx = Nginx(home, [app.port], tls=True)
    try:
        codes = Codes(app)
        # A client that forges a new X-Forwarded-For each time is still itself: nginx appends the
        # address it saw, and that hop is the one believed.
        for index in range(10):
            status, _ = send(nginx.url, f"/signin?code={WRONG}", "127.0.0.2", {"X-Forwarded-For": f"203.0.113.{index}"})
            assert status == 401, status
        assert send(nginx.url, f"/signin?code={WRONG}", "127.0.0.2", {"X-Forwarded-For": "203.0.113.99"})[0] == 429
        # Another client behind the same proxy is not held back by it, and signs in.
        assert send(nginx.url, f"/signin?code={WRONG}", "127.0.0.3")[0] == 401
        status, headers = send(nginx.url, f"/signin?code={codes.next()}", "127.0.0.3")
        assert status == 303 and session_cookie(headers), (status, headers)
        # Plain HTTP through nginx: not Secure, even when the browser claims https (nginx
        # replaces X-Forwarded-Proto with the scheme it was reached by).
        assert "Secure" not in session_cookie(headers)
        status, headers = send(nginx.url, f"/signin?code={codes.next()}", "127.0.0.5", {"X-Forwarded-Proto": "https"})
        assert status == 303 and "Secure" not in session_cookie(headers), headers

        # HTTPS through nginx: the cookie is Secure.
        status, headers = send(nginx.tls_url, f"/signin?code={codes.next()}", "127.0.0.6")
        assert status == 303, status
        assert "Secure" in session_cookie(headers), headers
        # The CSRF cookie a page hands out follows the same rule: Secure over HTTPS only.
        status, headers = send(nginx.tls_url, "/signin", "127.0.0.8")
        assert "Secure" in cookie("starscope_csrf", headers), (status, headers)
        status, headers = send(nginx.url, "/signin", "127.0.0.8", {"X-Forwarded-Proto": "https"})
        assert cookie("starscope_csrf", headers) and "Secure" not in cookie("starscope_csrf", headers), (status, headers)

        # Straight to Starscope from a peer that is not the proxy: its headers are ignored.
        status, headers = send(app.url, f"/signin?code={codes.next()}", "127.0.0.4", {"X-Forwarded-Proto": "https"})
        assert status == 303 and "Secure" not in session_cookie(headers), headers
        for index in range(9):
            status, _ = send(app.url, f"/signin?code={WRONG}", "127.0.0.4", {"X-Forwarded-For": f"198.51.100.{index}"})
            assert status == 401, status
        assert send(app.url, f"/signin?code={WRONG}", "127.0.0.4", {"X-Forwarded-For": "198.51.100.200"})[0] == 429
        # Through nginx, a client named 127.0.0.4 by a forged header is not the one held back.
        assert send(nginx.url, f"/signin?code={WRONG}", "127.0.0.7", {"X-Forwarded-For": "127.0.0.4"})[0] == 401
    finally:
        nginx.stop()
        app.stop()


def test_a_trusted_proxy_must_be_an_address_or_network():
    result = subprocess.run(
        [str(BIN / "starscope"), "serve", "--port", "0", "--trusted-proxy", "proxy.example"], capture_output=True, text=True,
        timeout=60, env={**os.environ, "STARSCOPE_DATA_DIR": "/nonexistent/never-used"})
    assert result.returncode == 2
    assert "--trusted-proxy takes an IP address or network" in result.stderr


def open_stream(url, source, repo):
    """A `/live` stream through `url` from the loopback address `source`, held open: (status, connection)."""
    parts = urllib.parse.urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30, source_address=(source, 0))
    connection.request("GET", "/live?repo=" + urllib.parse.quote(repo), headers={"Accept": "text/event-stream"})
    return connection.getresponse().status, connection


def test_behind_nginx_streams_of_many_clients_leave_pages_and_health_answering(fake, home):
    """Issue 51, finding 2, at a 32nd of the default limits (16 connections per address, 2 streams
    per client, 32 in all): sixteen clients behind nginx each hold their two streams, which takes
    twice the proxy address's connection cap, and every page and `/healthz` still answers."""
    folder = os.path.join(home, "app")
    os.makedirs(folder)
    app = Serve(
        fake, folder, args=["--trusted-proxy", "127.0.0.1/32", "--allowed-host", "127.0.0.1"],
        STARSCOPE_MAX_CONNECTIONS_PER_ADDRESS="16", STARSCOPE_MAX_STREAMS_PER_ADDRESS="2", STARSCOPE_MAX_STREAMS="32",
        STARSCOPE_MAX_CONNECTIONS="312")
    nginx = Nginx(home, [app.port])
    held = []
    try:
        repo = "octocat/kit"
        for client in range(1, 17):
            for _ in range(2):
                status, connection = open_stream(nginx.url, f"127.0.1.{client}", repo)
                held.append(connection)
                assert status == 200, (client, status)
        status, connection = open_stream(nginx.url, "127.0.1.1", repo)
        held.append(connection)
        assert status == 429, status
        status, connection = open_stream(nginx.url, "127.0.1.99", repo)
        held.append(connection)
        assert status == 503, status
        assert send(nginx.url, "/healthz", "127.0.2.1")[0] == 200
        assert send(nginx.url, "/", "127.0.2.2")[0] == 200
        assert send(app.url, "/healthz", "127.0.0.1")[0] == 200
    finally:
        for connection in held:
            connection.close()
        nginx.stop()
        app.stop()
