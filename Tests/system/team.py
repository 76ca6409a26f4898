"""The team deployment's pieces for tests and benchmarks: a throwaway PostgreSQL cluster and
nginx in front of several `starscope serve` instances (Debian's packages, no Docker)."""

import os
import pathlib
import shutil
import subprocess
import tempfile
import time

from .conftest import ROOT, Serve, free_port, request

CLUSTER = str(ROOT / "scripts" / "postgres-test-cluster")


class Postgres:
    """A cluster in a folder of its own, started at once; `database()` makes an empty database."""

    def __init__(self):
        # Under /tmp: the server runs as the postgres user when the tests run as root.
        self.folder = tempfile.mkdtemp(prefix="starscope-postgres-", dir="/tmp")
        os.chmod(self.folder, 0o755)
        self.path = os.path.join(self.folder, "cluster")
        self.url = subprocess.run([CLUSTER, "start", self.path], check=True, capture_output=True, text=True).stdout.strip()
        self.count = 0

    def database(self):
        self.count += 1
        name = f"team{self.count}"
        self.psql(f"CREATE DATABASE {name}")
        return self.url.replace("/postgres?", f"/{name}?")

    def psql(self, sql, url=None):
        """Runs `sql` with psql and gives back its rows as lists of strings."""
        target = (url or self.url).replace("?sslmode=disable", "")
        output = subprocess.run(["psql", target, "-At", "-F", "\t", "-c", sql], check=True, capture_output=True, text=True).stdout
        return [line.split("\t") for line in output.splitlines() if line]

    def halt(self):
        """Stops the server at once, as a crash or a restart does; `restart()` brings it back."""
        subprocess.run([CLUSTER, "stop", self.path], check=True, capture_output=True)

    def restart(self):
        subprocess.run([CLUSTER, "restart", self.path], check=True, capture_output=True)

    def stop(self):
        subprocess.run([CLUSTER, "stop", self.path], capture_output=True)
        shutil.rmtree(self.folder, ignore_errors=True)


NGINX_CONFIG = """
daemon off;
worker_processes 1;
%(user)s
pid %(folder)s/nginx.pid;
error_log %(folder)s/error.log warn;
events { worker_connections 4096; }
http {
    access_log off;
    client_body_temp_path %(folder)s/body;
    proxy_temp_path %(folder)s/proxy;
    fastcgi_temp_path %(folder)s/fastcgi;
    uwsgi_temp_path %(folder)s/uwsgi;
    scgi_temp_path %(folder)s/scgi;
    upstream starscope {
%(servers)s
        keepalive 32;
    }
    server {
        listen 127.0.0.1:%(port)d;
%(tls)s
        location / {
            proxy_pass http://starscope;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_set_header Host $http_host;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            proxy_set_header X-Forwarded-Proto $scheme;
            # An instance that dies: its requests go to the next one. Every form Starscope
            # answers is safe to send twice (adding a favourite that is there already is a no-op).
            proxy_next_upstream error timeout http_502 non_idempotent;
            proxy_next_upstream_tries 3;
            proxy_connect_timeout 2s;
        }
        location /live {
            proxy_pass http://starscope;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_set_header Host $http_host;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            proxy_set_header X-Forwarded-Proto $scheme;
            proxy_buffering off;
            proxy_read_timeout 1h;
        }
    }
}
"""


class Nginx:
    """nginx on a free port, balancing over `ports` (round robin, passive health checks); with
    `tls`, also HTTPS on a second free port (`tls_url`), with a certificate made for the run."""

    def __init__(self, folder, ports, port=None, tls=False):
        self.folder = os.path.join(folder, "nginx")
        os.makedirs(self.folder, exist_ok=True)
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        servers = "\n".join(f"        server 127.0.0.1:{p} max_fails=1 fail_timeout=5s;" for p in ports)
        user = "user root root;" if os.geteuid() == 0 else ""
        listen_tls = ""
        if tls:
            self.tls_port = free_port()
            self.tls_url = f"https://127.0.0.1:{self.tls_port}"
            certificate, key = os.path.join(self.folder, "cert.pem"), os.path.join(self.folder, "key.pem")
            subprocess.run(
                ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1",
                 "-keyout", key, "-out", certificate], check=True, capture_output=True)
            listen_tls = (f"        listen 127.0.0.1:{self.tls_port} ssl;\n"
                          f"        ssl_certificate {certificate};\n        ssl_certificate_key {key};")
        config = os.path.join(self.folder, "nginx.conf")
        pathlib.Path(config).write_text(
            NGINX_CONFIG % {"folder": self.folder, "servers": servers, "port": self.port, "user": user, "tls": listen_tls})
        binary = shutil.which("nginx") or "/usr/sbin/nginx"
        self.process = subprocess.Popen(
            [binary, "-c", config, "-p", self.folder], stdout=subprocess.DEVNULL, stderr=open(os.path.join(self.folder, "stderr"), "wb"))
        deadline = time.time() + 10
        while time.time() < deadline:
            try:
                request(self.url, path="/healthz", timeout=2)
                return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("nginx did not start: " + pathlib.Path(self.folder, "error.log").read_text(errors="replace")[-2000:])

    def get(self, path, headers=None, timeout=30):
        return request(self.url, "GET", path, headers=headers, timeout=timeout)

    def cut_mid_body(self):
        """Answers whose instance died after nginx had begun sending them on: no proxy can send
        those again, so the browser sees the connection close (nginx logs them "while reading
        upstream"; those it could retry are logged "while reading response header"). Live streams
        are left out: they end with their instance, and a browser's EventSource reconnects."""
        log = pathlib.Path(self.folder, "error.log")
        lines = log.read_text(errors="replace").splitlines() if log.exists() else []
        return sum(
            "[error]" in line and "while reading upstream" in line and 'request: "GET /live' not in line for line in lines)

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(10)


def start_team(fake, folder, database, count, **extra):
    """`count` instances of `starscope serve` on `database` (each with its own data directory:
    avatars stay local; one configuration directory for all, as docs/DEPLOY.md has it, so they
    share `accounts.key` and `cache.key`) and nginx in front of them, all in `folder`. Extra
    keyword arguments become the instances' environment variables."""
    nginx_port = free_port()
    extra = {"STARSCOPE_CONFIG_DIR": os.path.join(folder, "config"), **extra}
    apps = []
    for number in range(count):
        home = os.path.join(folder, f"instance-{number}")
        os.makedirs(home)
        apps.append(Serve(
            fake, home, args=["--database", database, "--allowed-host", f"127.0.0.1:{nginx_port}", "--trusted-proxy", "127.0.0.1/32"],
            **extra))
    return apps, Nginx(folder, [app.port for app in apps], port=nginx_port)
