"""Paired web load: this build and the previous one serve side by side, and wrk loads one right
after the other, ROUNDS times, the order alternating. Each round gives one ratio (this / previous)
for requests a second and one for p99; on a shared machine the minute moves both runs of a round
alike, so the ratios spread far less than one long run of each does.

    python3 bench/paired_web.py ROUNDS SECONDS THIS_URL PREVIOUS_URL

Prints one line: this build's median req/s and p99 ms, the previous build's, then the median
ratios of req/s and of p99 with their lower and upper quartiles.
"""

import os
import statistics
import subprocess
import sys
import tempfile

here = os.path.dirname(os.path.abspath(__file__))


def load(url, seconds):
    with tempfile.NamedTemporaryFile("w+", suffix=".txt") as out:
        subprocess.run(["wrk", "-t2", "-c16", f"-d{seconds}s", "--latency", url], stdout=out, check=True)
        summary = subprocess.run(
            [sys.executable, os.path.join(here, "wrk_summary.py"), out.name], capture_output=True, text=True, check=True
        ).stdout.split()
    return float(summary[0]), float(summary[2])


def main():
    rounds, seconds, this_url, previous_url = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4]
    this, previous = [], []
    for index in range(rounds):
        if index % 2 == 0:
            this.append(load(this_url, seconds))
            previous.append(load(previous_url, seconds))
        else:
            previous.append(load(previous_url, seconds))
            this.append(load(this_url, seconds))
    rps_ratios = [t[0] / p[0] for t, p in zip(this, previous)]
    p99_ratios = [t[1] / p[1] for t, p in zip(this, previous)]

    def spread(values):
        q = statistics.quantiles(values, n=4)
        return f"{statistics.median(values):.2f} {q[0]:.2f} {q[2]:.2f}"

    print(
        f"{statistics.median(t[0] for t in this):.0f} {statistics.median(t[1] for t in this):.2f} "
        f"{statistics.median(p[0] for p in previous):.0f} {statistics.median(p[1] for p in previous):.2f} "
        f"{spread(rps_ratios)} {spread(p99_ratios)}"
    )


if __name__ == "__main__":
    main()
