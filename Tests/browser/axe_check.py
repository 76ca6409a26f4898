"""axe-core in the browser tests: injects the `axe.min.js` that PyPI's axe-playwright-python ships
(installed by scripts/install-test-deps, only for that file) and runs it in the page."""

import functools
import importlib.util
import json
import pathlib

# Impacts that fail a test; "minor" and "moderate" are reported by axe but not held to here.
BLOCKING = ("serious", "critical")


@functools.cache
def source():
    """axe-core's script, found without importing its package (which would need Playwright)."""
    spec = importlib.util.find_spec("axe_playwright_python")
    if spec is None or not spec.submodule_search_locations:
        raise RuntimeError("axe-core is missing: run scripts/install-test-deps")
    return (pathlib.Path(list(spec.submodule_search_locations)[0]) / "axe.min.js").read_text()


RUN = """
const done = arguments[arguments.length - 1];
axe.run(document, {resultTypes: ["violations"]}).then((result) => done({
  version: result.testEngine.version,
  passes: result.passes.length,
  inapplicable: result.inapplicable.length,
  violations: result.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map((n) => ({target: n.target.join(" "), summary: n.failureSummary, html: n.html.slice(0, 200)})),
  })),
}), (error) => done({error: String(error)}));
"""


def run(driver):
    """axe's whole report for the page as it is now. Injected through WebDriver, so the page's
    Content-Security-Policy (`script-src 'self'`) does not apply; the report proves axe ran."""
    if not driver.execute_script("return typeof window.axe === 'object'"):
        driver.execute_script(source())
    driver.set_script_timeout(60)
    report = driver.execute_async_script(RUN)
    assert "error" not in report, report.get("error")
    # A report with nothing checked would pass any page: axe must have run its rules here.
    assert report["version"].startswith("4."), report["version"]
    assert report["passes"] > 0 and report["inapplicable"] > 0, report
    return report


def blocking(driver):
    """The serious and critical violations on the page, as readable text (empty when none)."""
    found = [v for v in run(driver)["violations"] if v["impact"] in BLOCKING]
    return "\n".join(
        f"{v['id']} ({v['impact']}): {v['help']}\n" + "\n".join(f"  {n['target']}: {n['summary']}\n    {n['html']}" for n in v["nodes"])
        for v in found
    )


def report_json(driver):
    return json.dumps(run(driver)["violations"], indent=1)
