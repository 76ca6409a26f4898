"""The web app's files in Sources/StarscopeWeb/Public, checked as what they are: JavaScript by
Node's parser, CSS by tinycss2, the manifest as JSON, SVG as XML, PNG by its signature."""

import json
import pathlib
import subprocess
import xml.etree.ElementTree as ElementTree

import pytest
import tinycss2

PUBLIC = pathlib.Path(__file__).resolve().parents[2] / "Sources" / "StarscopeWeb" / "Public"


def files(suffix):
    found = sorted(PUBLIC.glob(f"*{suffix}"))
    assert found, suffix
    return found


@pytest.mark.parametrize("path", files(".js"), ids=lambda p: p.name)
def test_javascript_parses(path):
    result = subprocess.run(["node", "--check", str(path)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


@pytest.mark.parametrize("path", files(".css"), ids=lambda p: p.name)
def test_css_parses_without_errors(path):
    rules = tinycss2.parse_stylesheet(path.read_text(), skip_comments=True, skip_whitespace=True)
    errors = [rule for rule in rules if rule.type == "error"]
    for rule in rules:
        if rule.type == "qualified-rule":
            errors += [item for item in tinycss2.parse_declaration_list(rule.content) if item.type == "error"]
    assert not errors, [(error.source_line, error.message) for error in errors]
    # Every sheet holds rules; app.css, which every page has, most of them.
    assert len(rules) > (50 if path.name == "app.css" else 0)


def test_manifest_is_json_and_names_its_icons():
    manifest = json.loads((PUBLIC / "manifest.webmanifest").read_text())
    assert manifest["name"] and manifest["start_url"]
    for icon in manifest["icons"]:
        assert (PUBLIC / icon["src"].removeprefix("/assets/")).exists(), icon


@pytest.mark.parametrize("path", files(".svg"), ids=lambda p: p.name)
def test_svg_is_xml(path):
    assert ElementTree.parse(path).getroot().tag.endswith("svg")


@pytest.mark.parametrize("path", files(".png"), ids=lambda p: p.name)
def test_png_has_the_png_signature(path):
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
