# SPDX-License-Identifier: MIT
"""The portable core tests on the device VM (tools/devicevm): every ``tests/core/**/test_*.py`` module, compiled to
.mpy as the device loads it, runs under ``tests/mprun.py`` on the emulated Cortex-M4 within the PyBadge's free
heap and the device's 2 KB Python stack. Small ints are 31-bit there, so an integer at or above 2**30 allocates
and the allocation tests catch it at run time."""

import os
import re
import subprocess

import pytest

from tests.test_micropython import ROOT, portable_modules
from tools import devicevm
from tools.mpvm import MICROPYTHON

DEVICE_HEAP_KB = devicevm.PYBADGE_FREE_KB  # the modules' HEAP_KB is for compiling source under unix
# Modules whose test scaffolding, not the engine, needs more than the device has, and why.
LARGER_HEAP_KB = {
    "tests.core.pave_the_way.test_rules": 176,  # the scenario helpers list every legal move as text
    "tests.core.pave_the_way.test_playouts": 176,  # the playout checker keeps position texts
    # the gate's checker formats and parses position texts beside the engine, the checks and a computer player,
    # which the device never holds at once (it passed at 150 KB with 4 KB to spare before core.game.call_rare)
    "tests.core.pave_the_way.test_gate": 176,
    # its recorded positions are kept as module-level text (failed at the PyBadge's heap once the 22nd was added)
    "tests.core.pave_the_way.test_ai": 176,
}


@pytest.mark.parametrize("module", [module for module, _ in portable_modules()])
def test_portable_module_passes_on_the_device_vm(device_tree, module):
    heap_kb = LARGER_HEAP_KB.get(module, DEVICE_HEAP_KB)
    done = devicevm.run(["tests/mprun.mpy", module], cwd=device_tree, heap_kb=heap_kb)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert re.search(r"^\d+ passed, 0 failed$", done.stdout, re.M), done.stdout[-3000:]


def test_a_module_that_makes_a_long_int_fails_its_allocation_test_on_the_vm(device_tree, tmp_path):
    # The same check the allocation tests rely on: on the 64-bit unix port 2**30 is a small int and allocates
    # nothing; on the device VM it is a long int.
    (tmp_path / "big.py").write_text(
        "import gc\n\ndef double(x):\n    return x * 2\n\ndef test_no_allocation():\n    gc.collect()\n"
        "    gc.disable()\n    before = gc.mem_alloc()\n    double(1 << 29)\n    used = gc.mem_alloc() - before\n"
        "    gc.enable()\n    assert used == 0, used\n")
    done = devicevm.run(["tests/mprun.mpy", "big"], cwd=device_tree, paths=[str(tmp_path)])
    assert done.returncode == 1 and "0 passed, 1 failed" in done.stdout, done.stdout + done.stderr
    unix = subprocess.run([str(MICROPYTHON), "tests/mprun.py", "big"], cwd=ROOT, capture_output=True, text=True,
                          env=dict(os.environ, MICROPYPATH=str(tmp_path)))
    assert unix.returncode == 0 and "1 passed, 0 failed" in unix.stdout, unix.stdout + unix.stderr
