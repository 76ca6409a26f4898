"""Issue 39, point 2: the disk under the SQLite store fills up (a small tmpfs holds the data
directory). Reads go on; Starscope's own caches give way before a person's change is refused;
a refused change is refused whole with one sentence (a page, not a 500; one line and exit 1 in
the terminal); writes work again once there is room, with no restart; the store stays intact."""

import errno
import os
import re
import sqlite3
import subprocess

from .conftest import BIN, Serve, request
from .test_attacks import csrf, form


def as_root(command):
    return command if os.geteuid() == 0 else ["sudo", *command]


def fill(path):
    """Writes `path` until the disk is full (unbuffered: every byte that fits is written)."""
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
    try:
        for size in (1 << 20, 65536, 4096, 512, 1):
            while True:
                try:
                    os.write(descriptor, b"\0" * size)
                except OSError as error:
                    assert error.errno == errno.ENOSPC, error
                    break
    finally:
        os.close(descriptor)


def test_a_full_disk_refuses_a_change_whole_and_writes_again_once_there_is_room(fake, home):
    mount = os.path.join(home, "small")
    os.makedirs(mount)
    subprocess.run(as_root(["mount", "-t", "tmpfs", "-o", "size=16m,mode=0777", "tmpfs", mount]), check=True)
    app = None
    try:
        data = os.path.join(mount, "data")
        folder = os.path.join(home, "app")
        os.makedirs(folder)
        app = Serve(fake, folder, STARSCOPE_DATA_DIR=data)
        cookie, token = csrf(app)
        names = list(dict.fromkeys(re.findall(r'data-repo="([^"]+)"', app.get("/")[2].decode())))[:4]

        def toggle(name):
            status, _, body = request(
                app.url, "POST", "/favorites/toggle", body=form({"csrf": token, "repo": name, "favorite": "1"}),
                headers={"Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded"})
            return status, body.decode(errors="replace")

        def favourites():
            return sorted(set(re.findall(r'data-repo="([^"]+)"', app.get("/favorites")[2].decode())))

        assert toggle(names[0])[0] == 303
        # An avatar kept on disk (a megabyte of it), then nothing left on the disk.
        os.makedirs(os.path.join(data, "avatars"), exist_ok=True)
        with open(os.path.join(data, "avatars", "kept-avatar"), "wb") as file:
            file.write(b"\0" * (1 << 20))
        filler = os.path.join(mount, "filler")
        fill(filler)

        # Reads go on from the store.
        assert app.get("/favorites")[0] == 200 and favourites() == [names[0]]
        # The caches give way first: the avatar goes, and the change is made.
        status, body = toggle(names[1])
        assert status == 303, (status, body[:300])
        assert not os.path.exists(os.path.join(data, "avatars", "kept-avatar"))
        assert favourites() == sorted(names[:2])

        # Nothing of Starscope's own left to give: the next change is refused whole, in one sentence.
        fill(filler + "-2")
        status, body = toggle(names[2])
        assert status == 503, (status, body[:300])
        assert "store is full, so nothing was changed; free some space and try again." in body, body[:500]
        assert "SQLITE" not in body and "database failed" not in body
        assert favourites() == sorted(names[:2])
        terminal = subprocess.run(
            [str(BIN / "starscope"), "favorites", "note", names[0], "written on a full disk", "--data-dir", data],
            env=app.env, capture_output=True, text=True, timeout=60)
        assert terminal.returncode == 1, terminal
        assert terminal.stderr.strip().splitlines() == [
            "starscope: The disk under Starscope's store is full, so nothing was changed; free some space and try again."
        ], terminal.stderr

        # Room again: writes work with no restart.
        os.remove(filler)
        os.remove(filler + "-2")
        assert toggle(names[2])[0] == 303
        assert favourites() == sorted(names[:3])
        app.stop()
        store = sqlite3.connect(os.path.join(data, "starscope.sqlite"))
        assert store.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        store.close()
    finally:
        if app is not None:
            app.stop()
        subprocess.run(as_root(["umount", "-l", mount]), check=False)
