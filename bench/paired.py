"""Paired wall-time ratios: Starscope and gh run one right after the other, PAIRS times, the order
alternating, and each pair gives one ratio (Starscope / gh). On a shared machine the time of day
moves both runs of a pair alike, so the ratios spread far less than the times do.

    python3 bench/paired.py PAIRS PREPARE STARSCOPE_COMMAND GH_COMMAND

PREPARE runs (in a shell) before each Starscope run, untimed (`rm -rf DIR` for a cold run,
`true` for a warm one). Prints one line: median ratio, the lower and upper quartiles, min, max,
and the medians of the two times in milliseconds.
"""

import statistics
import subprocess
import sys
import time


def timed(command):
    start = time.perf_counter()
    subprocess.run(command, shell=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return time.perf_counter() - start


def main():
    pairs, prepare, starscope, gh = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4]
    ratios, starscope_times, gh_times = [], [], []
    for index in range(pairs):
        if index % 2 == 0:
            subprocess.run(prepare, shell=True, check=True)
            s = timed(starscope)
            g = timed(gh)
        else:
            g = timed(gh)
            subprocess.run(prepare, shell=True, check=True)
            s = timed(starscope)
        ratios.append(s / g)
        starscope_times.append(s)
        gh_times.append(g)
    quartiles = statistics.quantiles(ratios, n=4)
    print(
        f"{statistics.median(ratios):.2f} {quartiles[0]:.2f} {quartiles[2]:.2f} {min(ratios):.2f} {max(ratios):.2f} "
        f"{statistics.median(starscope_times) * 1000:.0f} {statistics.median(gh_times) * 1000:.0f}"
    )


if __name__ == "__main__":
    main()
