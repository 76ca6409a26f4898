#!/usr/bin/env python3
"""Writes the seed corpus of Fuzz/corpus from recorded GitHub answers: run once, by hand, when
recordings are added (the seeds are kept in the repository, so fuzzing needs nothing outside it).

    python3 Fuzz/make-seeds.py RECORDINGS_DIR [FIXTURES_DIR ...]

Each recording is a JSON file holding one or more exchanges ({"status", "headers": [[name,
value]], "body" or "body_text"}): every body goes to `models` and `import`, every `Link` value to
`link`, and every rate-limit and `Cache-Control` set to `headers` (one value a line, in the order
the `headers` target reads them). The READMEs and forms are written by `Fuzz/corpus/README.md`'s
steps, not here."""

import hashlib
import json
import pathlib
import sys

CORPUS = pathlib.Path(__file__).resolve().parent / "corpus"


def write(target, data):
    folder = CORPUS / target
    folder.mkdir(parents=True, exist_ok=True)
    (folder / ("seed-" + hashlib.sha1(data).hexdigest()[:16])).write_bytes(data)


def exchanges(value):
    if isinstance(value, list):
        for item in value:
            yield from exchanges(item)
    elif isinstance(value, dict) and "headers" in value:
        yield value


def main(folders):
    for folder in folders:
        for path in sorted(pathlib.Path(folder).glob("*.json")):
            for exchange in exchanges(json.loads(path.read_text())):
                headers = {}
                for name, value in exchange.get("headers", []):
                    headers[name.lower()] = value
                if "body_text" in exchange:
                    body = exchange["body_text"].encode()
                elif "body" in exchange:
                    body = json.dumps(exchange["body"]).encode()
                else:
                    body = b""
                if body:
                    write("models", body)
                    write("import", body)
                if "link" in headers:
                    write("link", headers["link"].encode())
                names = ["x-ratelimit-limit", "x-ratelimit-remaining", "x-ratelimit-reset", "x-ratelimit-used", "x-ratelimit-resource"]
                if any(name in headers for name in names) or "cache-control" in headers:
                    lines = [headers.get(name, "") for name in names] + [headers.get("cache-control", "")]
                    write("headers", "\n".join(lines).encode())


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1:])
