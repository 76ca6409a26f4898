"""The Debian package, built and installed as a newcomer would: scripts/package-deb from the release
binary, checked by Debian's own tools (dpkg-deb, lintian, systemd-analyze), then installed with
`dpkg -i` into a copy of a fresh Debian 12 root (scripts/debian-root, made once and cached), run
there against the fake GitHub on this machine, and purged.

The release binary is STARSCOPE_RELEASE_BIN, else scripts/build-release's BIN/dist/starscope; this
never builds it (scripts/test does, once). The fake GitHub is STARSCOPE_BIN_DIR/fake-github
(.build/debug by default). Commands in the root run under `unshare --mount` with /proc mounted
in that private mount namespace, so no mount outlives them or reaches this machine's table; the
root shares this machine's network, so its `starscope serve` reaches the fake on 127.0.0.1. Needs
root, debootstrap, lintian and dpkg-dev (scripts/install-test-deps).
"""

import fcntl
import json
import os
import pathlib
import re
import shutil
import signal
import subprocess
import tempfile
import time
import urllib.error
import urllib.request

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
BIN = pathlib.Path(os.environ.get("STARSCOPE_BIN_DIR", ROOT / ".build" / "debug"))

UNIT = "lib/systemd/system/starscope.service"
FILES = [
    "usr/bin/starscope",
    UNIT,
    "etc/starscope/starscope.json",
    "usr/share/bash-completion/completions/starscope",
    "usr/share/zsh/vendor-completions/_starscope",
    "usr/share/fish/vendor_completions.d/starscope.fish",
    "usr/share/man/man1/starscope.1.gz",
    "usr/share/doc/starscope/copyright",
    "usr/share/doc/starscope/changelog.gz",
    "usr/share/lintian/overrides/starscope",
]
SAMPLE_CONFIGURATION = (
    '{\n  "host": "127.0.0.1",\n  "port": 8080,\n  "logLevel": "info",\n  "logFormat": "json",\n  "metrics": true\n}\n'
)
# Where the installed server keeps its state, as the unit sets it.
DATA_DIR = "/var/lib/starscope"


def run(command, **options):
    """Runs a command to completion; fails the test with its output if it fails."""
    result = subprocess.run(command, capture_output=True, text=True, **options)
    assert result.returncode == 0, f"{command} exited {result.returncode}:\n{result.stdout[-3000:]}\n{result.stderr[-3000:]}"
    return result.stdout


def in_root(root):
    """The command prefix that runs a program inside `root`, /proc mounted in a private namespace."""
    script = 'mount -t proc proc "$0/proc" && exec chroot "$0" "$@"'
    return ["unshare", "--mount", "--propagation", "private", "sh", "-c", script, str(root)]


def release_binary():
    path = os.environ.get("STARSCOPE_RELEASE_BIN")
    if not path:
        bin_dir = run([str(ROOT / "scripts" / "build-release"), "--product", "starscope", "--show-bin-path"], cwd=ROOT).strip()
        path = os.path.join(bin_dir, "dist", "starscope")
    if not os.access(path, os.X_OK):
        pytest.fail(f"no release binary at {path}: build it first (scripts/build-release --product starscope) or set STARSCOPE_RELEASE_BIN")
    return pathlib.Path(path)


@pytest.fixture(scope="module")
def binary():
    return release_binary()


@pytest.fixture(scope="module")
def deb(binary, tmp_path_factory):
    """The package, compressed with gzip rather than xz: five times less CPU, and nothing checked here
    depends on it."""
    output = tmp_path_factory.mktemp("deb")
    command = [str(ROOT / "scripts" / "package-deb"), "--output", str(output), "--binary", str(binary), "--compression", "gzip"]
    path = pathlib.Path(run(command, cwd=ROOT).strip().splitlines()[-1])
    version = run([str(binary), "--version"]).strip()
    assert path == output / f"starscope_{version}_amd64.deb"
    return path


@pytest.fixture(scope="module")
def unpacked(deb, tmp_path_factory):
    folder = tmp_path_factory.mktemp("unpacked")
    run(["dpkg-deb", "-R", str(deb), str(folder)])
    return folder


@pytest.fixture(scope="module")
def debian_root():
    """The cached Debian 12 root: waits for scripts/test's background build, or makes it."""
    result = subprocess.run([str(ROOT / "scripts" / "debian-root")], capture_output=True, text=True)
    if result.returncode != 0:
        pytest.fail(f"no Debian 12 root (scripts/debian-root exited {result.returncode}):\n{result.stderr[-3000:]}")
    return pathlib.Path(result.stdout.strip().splitlines()[-1])


@pytest.fixture
def fresh_root(debian_root):
    """A throwaway copy of the cached root (never the cache itself), removed afterwards."""
    copy = pathlib.Path(tempfile.mkdtemp(prefix="starscope-debian-root-"))
    try:
        # A shared lock: scripts/debian-root cannot replace the root while it is being copied.
        with open(debian_root.parent / "bookworm.lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_SH)
            run(["cp", "-a", "--reflink=auto", f"{debian_root}/.", str(copy)])
        yield copy
    finally:
        shutil.rmtree(copy, ignore_errors=True)


def test_the_package_holds_every_file(deb, unpacked):
    listing = run(["dpkg-deb", "-c", str(deb)])
    paths = {line.split()[-1].lstrip("./") for line in listing.splitlines() if not line.startswith("d")}
    assert sorted(paths) == sorted(FILES)
    for path in FILES:
        assert (unpacked / path).stat().st_size > 0, path
    assert (unpacked / "etc/starscope/starscope.json").read_text() == SAMPLE_CONFIGURATION
    assert (unpacked / "DEBIAN/conffiles").read_text().split() == ["/etc/starscope/starscope.json"]

    control = (unpacked / "DEBIAN/control").read_text()
    depends = re.search(r"^Depends: (.*)$", control, re.M).group(1)
    for package in ("libc6", "libsqlite3-0", "zlib1g", "libbrotli1", "libstdc++6", "libgcc-s1"):
        assert re.search(rf"(^|, ){re.escape(package)}( |,|$)", depends), (package, depends)
    for field in ("Maintainer", "Section", "Priority", "Description", "Installed-Size"):
        assert re.search(rf"^{field}: \S", control, re.M), field

    # The completions and the man page come from the binary's own description of its commands.
    bash = (unpacked / "usr/share/bash-completion/completions/starscope").read_text()
    assert "complete" in bash and "serve" in bash
    run(["bash", "-n", str(unpacked / "usr/share/bash-completion/completions/starscope")])
    assert "#compdef starscope" in (unpacked / "usr/share/zsh/vendor-completions/_starscope").read_text()
    assert "complete -c 'starscope'" in (unpacked / "usr/share/fish/vendor_completions.d/starscope.fish").read_text()
    manual = run(["gzip", "-dc", str(unpacked / "usr/share/man/man1/starscope.1.gz")])
    assert ".Dt STARSCOPE 1" in manual and "serve" in manual


def test_lintian_reports_no_error(deb):
    result = subprocess.run(["lintian", "--allow-root", str(deb)], capture_output=True, text=True)
    lines = result.stdout.splitlines()
    print(result.stdout, result.stderr)
    assert not [line for line in lines if line.startswith("E:")], result.stdout
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_unit_is_hardened(unpacked):
    result = subprocess.run(
        ["systemd-analyze", "security", "--offline=yes", str(unpacked / UNIT)], capture_output=True, text=True
    )
    print(result.stdout)
    match = re.search(r"Overall exposure level for starscope\.service: (\d+(?:\.\d+)?)", result.stdout)
    assert match, result.stdout + result.stderr
    assert float(match.group(1)) <= 2.5, result.stdout


def start_fake(home):
    """The fake GitHub on a free port; returns (process, url)."""
    out_path = home / "fake.out"
    with open(out_path, "wb") as out, open(home / "fake.err", "wb") as err:
        process = subprocess.Popen([str(BIN / "fake-github"), "--port", "0"], stdout=out, stderr=err, stdin=subprocess.DEVNULL)
    return process, wait_for_line(process, out_path, "listening on", home / "fake.err")


def wait_for_line(process, out_path, pattern, err_path):
    """The URL at the end of the first line holding `pattern`, once the process prints it."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        for line in out_path.read_text(errors="replace").splitlines():
            if pattern in line:
                return line.split()[-1]
        if process.poll() is not None:
            break
        time.sleep(0.05)
    stop(process)
    pytest.fail(f"{process.args} did not start:\n{err_path.read_text(errors='replace')[-3000:]}")


def stop(process):
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def get(url):
    try:
        with urllib.request.urlopen(url, timeout=30) as response:
            return response.status, response.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode("utf-8", "replace")


def test_install_run_and_purge_in_a_fresh_debian(deb, unpacked, fresh_root, binary, tmp_path):
    root = fresh_root
    shutil.copy(deb, root / "tmp" / deb.name)
    installed = run(in_root(root) + ["dpkg", "-i", f"/tmp/{deb.name}"])
    assert "Setting up starscope" in installed
    status = run(in_root(root) + ["dpkg-query", "-W", "-f", "${Status}", "starscope"])
    assert status == "install ok installed"
    for path in FILES:
        assert (root / path).is_file(), path
    # Installed disabled: nothing enabled it behind the administrator's back.
    assert not list(root.glob("etc/systemd/system/*/starscope.service"))

    # The root's own systemd (Debian 12's) has nothing to say about the unit as installed, its
    # man page included (Documentation=man:starscope(1)).
    verify = subprocess.run(
        in_root(root) + ["systemd-analyze", "verify", "/lib/systemd/system/starscope.service"], capture_output=True, text=True
    )
    assert verify.returncode == 0 and verify.stdout + verify.stderr == "", verify.stdout + verify.stderr

    assert run(in_root(root) + ["starscope", "--version"]).strip() == run([str(binary), "--version"]).strip()

    fake, fake_url = start_fake(tmp_path)
    serve = None
    try:
        environment = [
            "env", "-i", "PATH=/usr/sbin:/usr/bin:/sbin:/bin", "HOME=/root", "TZ=UTC",
            f"STARSCOPE_API_URL={fake_url}", f"STARSCOPE_DATA_DIR={DATA_DIR}",
            f"STARSCOPE_CONFIG_DIR={DATA_DIR}/config", "STARSCOPE_TIMEOUT=10",
        ]
        out_path, err_path = tmp_path / "serve.out", tmp_path / "serve.err"
        with open(out_path, "wb") as out, open(err_path, "wb") as err:
            serve = subprocess.Popen(
                in_root(root) + environment + ["/usr/bin/starscope", "serve", "--port", "0"],
                stdout=out, stderr=err, stdin=subprocess.DEVNULL,
            )
        url = wait_for_line(serve, out_path, "Listening on", err_path)
        status, page = get(url + "/")
        assert status == 200, page[:2000]
        names = re.findall(r'href="/repos/([\w.-]+/[\w.-]+)"', page)
        assert names, page[:3000]
        # They are the fake's repositories: it knows them, and the server asked it.
        assert get(f"{fake_url}/repos/{names[0]}")[0] == 200
        asked = json.loads(get(f"{fake_url}/_fake/requests")[1])
        assert any("search/repositories" in str(entry) for entry in asked), asked[:20]
        assert (root / DATA_DIR.lstrip("/") / "starscope.sqlite").is_file()
        # The settings in /etc/starscope/starscope.json are in force (the flag's port beats the
        # file's): metrics on loopback, and one JSON log line per request.
        status, metrics = get(url + "/metrics")
        assert status == 200 and 'starscope_http_requests_total{route="/",status="200"} 1' in metrics, metrics[:2000]
        logged = [json.loads(line) for line in err_path.read_text().splitlines() if line.startswith("{")]
        assert any(entry.get("route") == "/" and entry.get("status") == 200 for entry in logged), err_path.read_text()[:2000]
    finally:
        if serve is not None:
            stop(serve)
        stop(fake)

    purged = run(in_root(root) + ["dpkg", "--purge", "starscope"])
    assert "Purging configuration files for starscope" in purged
    gone = subprocess.run(in_root(root) + ["dpkg-query", "-W", "starscope"], capture_output=True, text=True)
    assert gone.returncode != 0, gone.stdout
    for path in FILES + ["etc/starscope", DATA_DIR.lstrip("/")]:
        assert not (root / path).exists() and not (root / path).is_symlink(), path
    assert not list(root.glob("var/lib/systemd/deb-systemd-helper-*/**/starscope.service*"))
