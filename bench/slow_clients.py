"""Holds COUNT connections to 127.0.0.1:PORT that send a request head a few bytes at a time and
never finish it (slowloris), for SECONDS; reopens any the server closes. Prints what it saw.

    python3 bench/slow_clients.py PORT COUNT SECONDS
"""

import socket
import sys
import time


def main():
    port, count, seconds = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3])
    opened = closed = 0

    def open_one():
        nonlocal opened
        connection = socket.create_connection(("127.0.0.1", port), timeout=5)
        connection.sendall(f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n".encode())
        opened += 1
        return connection

    sockets = [open_one() for _ in range(count)]
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        time.sleep(2)
        alive = []
        for connection in sockets:
            try:
                connection.sendall(b"X-Slow: 1\r\n")
                alive.append(connection)
            except OSError:
                closed += 1
                connection.close()
                alive.append(open_one())
        sockets = alive
    for connection in sockets:
        connection.close()
    print(f"slow clients: {opened} opened, {closed} closed by the server")


if __name__ == "__main__":
    main()
