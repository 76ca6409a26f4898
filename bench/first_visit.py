"""Bytes a first visit to / downloads as HTML, CSS and JavaScript (avatars and icons aside):
the page, each stylesheet and script it links, and the service worker the script registers."""

import re
import sys
import urllib.request

base = sys.argv[1]


def fetch(path):
    with urllib.request.urlopen(base + path) as response:
        return response.read()


html = fetch("/")
total = {"HTML": len(html), "CSS": 0, "JS": 0}
text = html.decode()
for path in re.findall(r'<link rel="stylesheet" href="([^"]+)"', text):
    total["CSS"] += len(fetch(path))
scripts = re.findall(r'<script src="([^"]+)"', text)
for path in scripts:
    body = fetch(path)
    total["JS"] += len(body)
    for worker in re.findall(rb'serviceWorker\.register\("([^"]+)"', body):
        total["JS"] += len(fetch(worker.decode()))
kb = sum(total.values()) / 1024
print(f"{kb:.1f} KB (HTML {total['HTML'] / 1024:.1f}, CSS {total['CSS'] / 1024:.1f}, JS {total['JS'] / 1024:.1f})")
