"""Prints one closing line, 'tests: N passed, N failed', from the xUnit files `swift test` wrote."""

import pathlib
import sys
import xml.etree.ElementTree as ET

folder = pathlib.Path(sys.argv[1])
passed = failed = 0
unfinished = []
for path in sorted(folder.glob("*.xml")):
    try:
        root = ET.parse(path).getroot()
    except ET.ParseError:
        # A test process that stops part-way (a trap, a signal) leaves its file unfinished.
        unfinished.append(path.name)
        continue
    for case in root.iter("testcase"):
        if case.find("failure") is not None or case.find("error") is not None:
            failed += 1
        elif case.find("skipped") is None:
            passed += 1
for name in unfinished:
    print(f"{name} is unfinished: the tests writing it stopped part-way (see above)", file=sys.stderr)
if passed + failed == 0:
    print("no test results found in", folder, file=sys.stderr)
    sys.exit(1)
print(f"tests: {passed} passed, {failed} failed" + (f", {len(unfinished)} unfinished result file(s)" if unfinished else ""))
if unfinished:
    sys.exit(1)
