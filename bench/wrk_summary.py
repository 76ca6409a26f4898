"""Reads wrk's --latency output and prints: requests/s, p50 ms, p99 ms, errors."""

import re
import sys


def milliseconds(text):
    value, unit = re.fullmatch(r"([\d.]+)(us|ms|s|m)", text).groups()
    return float(value) * {"us": 0.001, "ms": 1, "s": 1000, "m": 60000}[unit]


output = open(sys.argv[1]).read()
rps = float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1))
p50 = milliseconds(re.search(r"\s50%\s+(\S+)", output).group(1))
p99 = milliseconds(re.search(r"\s99%\s+(\S+)", output).group(1))
errors = 0
socket = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", output)
if socket:
    errors += sum(int(n) for n in socket.groups())
status = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
if status:
    errors += int(status.group(1))
print(f"{rps:.0f} {p50:.2f} {p99:.2f} {errors}")
