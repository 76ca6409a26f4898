"""Oversized request headers and query strings, over a raw socket: refused with a 4xx (or the
connection closed), never a 500, and the server keeps serving."""

import socket

import pytest


def raw(port, head):
    """Sends raw HTTP/1.1 bytes and returns the status code, or None when the server hung up."""
    with socket.create_connection(("127.0.0.1", port), timeout=15) as connection:
        try:
            connection.sendall(head)
            answer = connection.recv(4096)
        except (ConnectionResetError, BrokenPipeError):
            return None
    if not answer:
        return None
    return int(answer.split(b" ", 2)[1])


@pytest.mark.parametrize(
    "name, head",
    [
        ("100 KB header value", b"GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 100_000 + b"\r\n\r\n"),
        ("2,000 headers", b"GET / HTTP/1.1\r\nHost: x\r\n" + b"".join(b"X-%d: 1\r\n" % i for i in range(2000)) + b"\r\n"),
        ("100 KB cookie", b"GET / HTTP/1.1\r\nHost: x\r\nCookie: csrf=" + b"b" * 100_000 + b"\r\n\r\n"),
        ("100 KB query string", b"GET /?q=" + b"c" * 100_000 + b" HTTP/1.1\r\nHost: x\r\n\r\n"),
        ("100 KB path", b"GET /repos/" + b"d" * 100_000 + b"/x HTTP/1.1\r\nHost: x\r\n\r\n"),
        ("garbage request line", b"\x00\xff NOT HTTP \r\n\r\n"),
    ],
)
def test_oversized_requests_are_refused_and_the_server_keeps_serving(serve_factory, name, head):
    app = serve_factory()
    status = raw(app.port, head)
    assert status is None or 400 <= status < 500, f"{name}: {status}"
    answer = app.get("/healthz")
    assert answer[0] == 200, name
    assert app.process.poll() is None, f"{name}: the server exited"
