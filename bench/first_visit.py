"""Bytes a first visit to / transfers as HTML, CSS and JavaScript (avatars and icons aside): the
page, each stylesheet and script it links, and the service worker the script registers, asked for
as a browser does (Accept-Encoding: gzip). Prints the bytes on the wire, then uncompressed."""

import gzip
import re
import sys
import urllib.request

base = sys.argv[1]


def fetch(path):
    """(bytes transferred, body)"""
    request = urllib.request.Request(base + path, headers={"Accept-Encoding": "gzip, deflate, br"})
    with urllib.request.urlopen(request) as response:
        wire = response.read()
        if response.headers.get("Content-Encoding") == "gzip":
            return len(wire), gzip.decompress(wire)
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
kb = sum(sent.values()) / 1024
print(
    f"{kb:.1f} KB (HTML {sent['HTML'] / 1024:.1f}, CSS {sent['CSS'] / 1024:.1f}, JS {sent['JS'] / 1024:.1f}); "
    f"{sum(plain.values()) / 1024:.1f} KB uncompressed"
)
