# SPDX-License-Identifier: MIT
"""Shared fixtures: the device VM (tools/devicevm) and the project compiled to .mpy for it.

Where the VM is not built (no root and no ARM toolchain), the tests that need it skip with the build script's
notice, repeated at the end of the run; under CI=true (.ci/run) that is a failure instead, so CI always runs them.
"""

import os
import tempfile
from pathlib import Path

import pytest

from tools import devicevm

_NOTICE = []


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
