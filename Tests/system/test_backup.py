"""Backups that restore: `starscope backup FILE` copies the SQLite store while `serve` runs and
changes it; `starscope restore FILE` is refused while a server holds the store and puts every
favourite, note and tag back once it is stopped."""

import os
import re
import sqlite3
import subprocess
import threading

from .conftest import BIN, request
from .test_attacks import csrf, form


def starscope(*args, data_dir):
    return subprocess.run(
        [str(BIN / "starscope"), *args, "--data-dir", data_dir], capture_output=True, text=True, timeout=120,
        env={k: v for k, v in os.environ.items() if k != "STARSCOPE_DATABASE_URL"})


def post(app, path, fields, cookie):
    return request(app.url, "POST", path, body=form(fields),
                   headers={"Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded"})[0]


def favourites(app):
    return sorted(set(re.findall(r'data-repo="([^"]+)"', app.get("/favorites")[2].decode())))


def test_backup_while_serving_and_restore_once_stopped(serve_factory, home):
    app = serve_factory()
    cookie, token = csrf(app)
    names = list(dict.fromkeys(re.findall(r'data-repo="([^"]+)"', app.get("/")[2].decode())))
    kept, churn = names[:5], names[5]
    for name in kept:
        assert post(app, "/favorites/toggle", {"csrf": token, "repo": name}, cookie) == 303
    assert post(app, "/favorites/annotate", {"csrf": token, "repo": kept[0], "note": "Keep me", "tags": "x, y"}, cookie) == 303

    # The server keeps changing the store while the backup is taken.
    stop = threading.Event()

    def change():
        while not stop.is_set():
            post(app, "/favorites/toggle", {"csrf": token, "repo": churn}, cookie)

    changer = threading.Thread(target=change, daemon=True)
    changer.start()
    backup = os.path.join(home, "backup.sqlite")
    try:
        made = starscope("backup", backup, data_dir=app.data_dir)
    finally:
        stop.set()
        changer.join(30)
    assert made.returncode == 0, made.stderr
    copy = sqlite3.connect(backup)
    assert copy.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert copy.execute("SELECT note FROM favorite WHERE note = 'Keep me'").fetchone() == ("Keep me",)
    copy.close()
    assert oct(os.stat(backup).st_mode & 0o777) == "0o600"

    # Changed after the backup: the restore brings back the moment of the copy.
    for name in kept[1:3]:
        assert post(app, "/favorites/toggle", {"csrf": token, "repo": name}, cookie) == 303
    before = favourites(app)
    refused = starscope("restore", backup, data_dir=app.data_dir)
    assert refused.returncode == 1
    assert refused.stderr.strip().endswith("holds the store in " + app.data_dir + "; stop it, then restore."), refused.stderr
    assert favourites(app) == before, "a refused restore changes nothing"

    app.stop()
    restored = starscope("restore", backup, data_dir=app.data_dir)
    assert restored.returncode == 0, restored.stderr
    app.start()
    shown = favourites(app)
    assert set(kept) <= set(shown) and set(shown) <= set(kept + [churn]), shown
    page = app.get("/favorites")[2].decode()
    assert "Keep me" in page and 'href="/favorites?tag=y"' in page
    check = sqlite3.connect(app.database)
    assert check.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    check.close()


def test_restore_refuses_what_is_not_a_store(serve_factory, home):
    app = serve_factory()
    app.stop()
    junk = os.path.join(home, "junk.sqlite")
    with open(junk, "wb") as file:
        file.write(b"not a database at all" * 100)
    refused = starscope("restore", junk, data_dir=app.data_dir)
    assert refused.returncode == 2
    assert refused.stderr.strip() == f"starscope: {junk} cannot be restored: it is not an SQLite database Starscope can read."
    other = os.path.join(home, "other.sqlite")
    sqlite3.connect(other).execute("CREATE TABLE t (x)").connection.commit()
    refused = starscope("restore", other, data_dir=app.data_dir)
    assert refused.stderr.strip() == f"starscope: {other} cannot be restored: it is not a Starscope store."
