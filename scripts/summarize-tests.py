"""Prints one closing line, 'tests: N passed, N failed', from the xUnit files `swift test` wrote."""

import pathlib
import sys
import xml.etree.ElementTree as ET

folder = pathlib.Path(sys.argv[1])
passed = failed = 0
for path in sorted(folder.glob("*.xml")):
    for case in ET.parse(path).getroot().iter("testcase"):
        if case.find("failure") is not None or case.find("error") is not None:
            failed += 1
        elif case.find("skipped") is None:
            passed += 1
if passed + failed == 0:
    print("no test results found in", folder, file=sys.stderr)
    sys.exit(1)
print(f"tests: {passed} passed, {failed} failed")
