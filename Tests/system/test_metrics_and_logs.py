"""`serve --metrics` read by Prometheus' own checker, and `--log-format json` read line by line:
what an operator's Prometheus and log store see."""

import json
import re
import subprocess

from .conftest import ROOT

TOKEN = "ghp_FAKEoctocatTOKEN0000000000000000000000"


def first_repository(app):
    status, _, body = app.get("/")
    assert status == 200
    match = re.search(rb'data-repo="([^"/]+/[^"]+)"', body)
    assert match, "the home page lists repositories"
    return match.group(1).decode()


def test_metrics_pass_promtool_and_hold_the_series(serve_factory):
    app = serve_factory(args=["--metrics"], GH_TOKEN=TOKEN)
    name = first_repository(app)
    assert app.get(f"/repos/{name}")[0] == 200
    assert app.get("/")[0] == 200
    assert app.get("/no/such/page")[0] == 404
    status, headers, body = app.get("/metrics")
    assert status == 200 and headers["content-type"].startswith("text/plain; version=0.0.4")
    checked = subprocess.run(["promtool", "check", "metrics"], input=body, capture_output=True)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    text = body.decode()
    for series in (
        'starscope_http_requests_total{route="/",status="200"} 2',
        'starscope_http_requests_total{route="/repos/{owner}/{name}",status="200"} 1',
        'starscope_http_request_duration_seconds_bucket{route="/repos/{owner}/{name}",le="+Inf"} 1',
        'starscope_github_requests_total{resource="search",status="200"}',
        'starscope_github_requests_total{resource="core",status="200"}',
        'starscope_github_rate_limit_remaining{resource="core"}',
        'starscope_cache_answers_total{outcome="fresh"}',
        "starscope_live_streams 0",
        "starscope_database_up 1",
    ):
        assert series in text, series
    for secret in (TOKEN, name, "octocat", "/no/such"):
        assert secret not in text, secret


def test_metrics_are_refused_to_what_a_proxy_relays_from_elsewhere(serve_factory):
    app = serve_factory(args=["--metrics", "--trusted-proxy", "127.0.0.1/32"], STARSCOPE_METRICS_TOKEN="metrics-token-0123456789")
    assert app.get("/metrics")[0] == 200
    status, _, body = app.get("/metrics", headers={"X-Forwarded-For": "203.0.113.9"})
    assert status == 404 and b"starscope_" not in body
    bearer = {"X-Forwarded-For": "203.0.113.9", "Authorization": "Bearer metrics-token-0123456789"}
    assert app.get("/metrics", headers=bearer)[0] == 200
    bearer["Authorization"] = "Bearer metrics-token-0123456788"
    assert app.get("/metrics", headers=bearer)[0] == 404


def test_json_log_lines_parse_carry_the_fields_and_no_secret(serve_factory):
    app = serve_factory(args=["--log-format", "json"], GH_TOKEN=TOKEN, STARSCOPE_LOG_LEVEL="debug")
    code = "abcdefSECRETCODE0123456789"
    app.get(f"/signin?code={code}")
    app.get("/", headers={"Cookie": "starscope_session=COOKIESECRET0123456789"})
    app.get("/no/such/page")
    app.stop()
    lines = [line for line in open(app.home + "/serve-1.err", encoding="utf-8").read().splitlines() if line]
    assert lines, "the server logged nothing"
    requests = []
    for line in lines:
        entry = json.loads(line)
        assert {"time", "level", "message"} <= entry.keys(), entry
        assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z", entry["time"]), entry["time"]
        if "route" in entry:
            requests.append(entry)
    assert [entry["route"] for entry in requests] == ["/signin", "/", "NotFound"]
    for entry in requests:
        assert {"request_id", "status", "duration", "method"} <= entry.keys(), entry
        assert isinstance(entry["status"], int) and isinstance(entry["duration"], float)
    assert requests[-1]["status"] == 404 and requests[-1]["error"] == "There is no page at this address."
    text = "\n".join(lines)
    # GitHub's requests are logged at debug: their URLs, never the token; no cookie, no sign-in code.
    assert "GitHub request" in text
    for secret in (TOKEN, code, "COOKIESECRET"):
        assert secret not in text, secret


def test_serve_with_no_settings_logs_its_start_and_each_request_at_info(serve_factory):
    app = serve_factory(args=["--log-format", "json"], GH_TOKEN=TOKEN)
    assert app.get("/")[0] == 200
    assert app.get("/no/such/page")[0] == 404
    app.stop()
    entries = [json.loads(line) for line in open(app.home + "/serve-1.err", encoding="utf-8").read().splitlines() if line]
    assert any(entry["level"] == "info" and "listening" in entry["message"].lower() for entry in entries), entries[:5]
    requests = [entry for entry in entries if "route" in entry]
    assert [(entry["route"], entry["status"], entry["level"]) for entry in requests] == [("/", 200, "info"), ("NotFound", 404, "info")]
    # Nothing below info: GitHub's requests are logged at debug.
    assert not [entry for entry in entries if entry["level"] in ("debug", "trace")]
    assert TOKEN not in "\n".join(map(json.dumps, entries))


def test_the_alert_rules_deploy_shows_pass_promtool():
    rules = ROOT / "packaging" / "prometheus" / "starscope.rules.yml"
    assert rules.read_text() in (ROOT / "docs" / "DEPLOY.md").read_text(), "DEPLOY.md shows the rules file as it is"
    for command in (["promtool", "check", "rules", str(rules)], ["promtool", "test", "rules", str(rules.with_name("starscope.rules.test.yml"))]):
        checked = subprocess.run(command, capture_output=True, text=True)
        assert checked.returncode == 0, checked.stdout + checked.stderr
