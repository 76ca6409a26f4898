"""Bytes a first visit to / transfers as HTML, CSS and JavaScript (avatars and icons aside): the
page, each stylesheet and script it links, and the service worker the script registers, asked for
as Chromium does (Accept-Encoding: gzip, deflate, br, zstd). Prints the bytes on the wire, whether every answer over
1 KB came compressed, then the bytes uncompressed. The scripts app.js loads later (a detail's, the
keyboard help's, the next page's) are not part of a first visit to a list."""

import gzip
import re
import subprocess
import sys
import urllib.request

base = sys.argv[1]


uncompressed = []


def fetch(path):
    """(bytes transferred, body)"""
    request = urllib.request.Request(base + path, headers={"Accept-Encoding": "gzip, deflate, br, zstd"})
    with urllib.request.urlopen(request) as response:
        wire = response.read()
        coding = response.headers.get("Content-Encoding")
        if coding == "gzip":
            return len(wire), gzip.decompress(wire)
        if coding == "br":  # Debian's brotli (bench/run installs it)
            return len(wire), subprocess.run(["brotli", "-dc"], input=wire, capture_output=True, check=True).stdout
        if len(wire) > 1024:
            uncompressed.append(path)
        return len(wire), wire


sent = {"HTML": 0, "CSS": 0, "JS": 0}
plain = dict(sent)


def add(kind, path):
    size, body = fetch(path)
    sent[kind] += size
    plain[kind] += len(body)
    return body


text = add("HTML", "/").decode()
for path in re.findall(r'<link rel="stylesheet" href="([^"]+)"', text):
    add("CSS", path)
for path in re.findall(r'<script src="([^"]+)"', text):
    body = add("JS", path)
    for worker in re.findall(rb'serviceWorker\.register\("([^"]+)"', body):
        add("JS", worker.decode())
total = sum(sent.values())
print(
    f"{total} bytes (HTML {sent['HTML']}, CSS {sent['CSS']}, JS {sent['JS']}); "
    f"over 1 KB uncompressed: {', '.join(uncompressed) or 'none'}; "
    f"{sum(plain.values())} bytes uncompressed"
)
