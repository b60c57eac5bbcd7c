# SPDX-License-Identifier: MIT
"""Shared fixtures: the device VM (tools/devicevm), the project compiled to .mpy for it, and the rare-modules switch
put back after each test.

Where the VM is not built (no root and no ARM toolchain), the tests that need it skip with the build script's
notice, repeated at the end of the run; under CI=true (.ci/run) that is a failure instead, so CI always runs them.
"""

import os
import tempfile
from pathlib import Path

import pytest

import sim  # noqa: F401  the simulated board's built-in font (sim/font.py), before a firmware module reads it
from tools import devicevm

_NOTICE = []


@pytest.fixture(autouse=True)
def rare_modules_kept():
    """The firmware's App turns on core.game.release_rare_modules for the device; the next test in this process
    starts with it off again (the property tests validate after every move)."""
    yield
    from core.game import release_rare_modules

    release_rare_modules(False)


@pytest.fixture(scope="session")
def device_tree():
    """The directory holding core/, tests/ and the bench's tools compiled to .mpy, for ``devicevm.run``."""
    reason = devicevm.unavailable_reason()
    if reason is not None:
        if os.environ.get("CI") == "true":
            pytest.fail("the device VM must run under CI=true, but: " + reason)
        _NOTICE.append(reason)
        pytest.skip("device VM not built: " + reason)
    return devicevm.compile_tree(Path(tempfile.mkdtemp(prefix="device-tree-")))


def pytest_terminal_summary(terminalreporter):
    reason = devicevm.unavailable_reason()
    if reason is not None:
        terminalreporter.write_line("NOTICE: the device-VM tests were skipped: {}".format(reason), yellow=True)
