# SPDX-License-Identifier: MIT
"""Run the portable core tests under the real MicroPython interpreter with a capped heap, and check that runner.

Every ``tests/core/**/test_*.py`` runs under ``micropython -X heapsize=<HEAP_KB>k`` (96 KB unless the module sets
``HEAP_KB``), the same modules pytest runs under CPython. A cross-VM test compares seeded games byte for byte.
"""

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
from tools.mpvm import MICROPYTHON  # noqa: E402
DEFAULT_HEAP_KB = 96


def micropython(args, timeout=600):
    return subprocess.run(
        [str(MICROPYTHON)] + args, cwd=ROOT, capture_output=True, text=True, timeout=timeout
    )


def portable_modules():
    found = []
    for path in sorted((ROOT / "tests" / "core").rglob("test_*.py")):
        dotted = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        match = re.search(r"^HEAP_KB = (\d+)", path.read_text(), re.M)
        found.append((dotted, int(match.group(1)) if match else DEFAULT_HEAP_KB))
    return found


def run_under_micropython(module, heap_kb):
    return micropython(["-X", "heapsize={}k".format(heap_kb), "tests/mprun.py", module])


@pytest.mark.parametrize("module,heap_kb", portable_modules(), ids=lambda v: str(v))
def test_portable_module_passes_under_micropython(module, heap_kb):
    done = run_under_micropython(module, heap_kb)
    assert done.returncode == 0, done.stdout + done.stderr
    assert re.search(r"^\d+ passed, 0 failed$", done.stdout, re.M), done.stdout


def test_runner_fails_a_cpython_only_module():
    done = run_under_micropython("tests.fixtures.cpython_only", DEFAULT_HEAP_KB)
    assert done.returncode == 1
    assert "0 passed, 1 failed" in done.stdout
    assert "ljust" in done.stdout + done.stderr
    # The same module passes under CPython, so the failure is the VM's, not the test's.
    cpython = subprocess.run(
        [sys.executable, "tests/mprun.py", "tests.fixtures.cpython_only"], cwd=ROOT, capture_output=True, text=True
    )
    assert cpython.returncode == 0, cpython.stdout


def test_runner_fails_when_the_heap_cap_is_exceeded():
    done = run_under_micropython("tests.core.test_kernel", 8)
    assert done.returncode != 0 and "MemoryError" in done.stdout + done.stderr


def test_runner_does_not_pass_a_module_without_tests():
    done = run_under_micropython("tests.fixtures.no_tests", DEFAULT_HEAP_KB)
    assert done.returncode == 1 and "0 passed, 0 failed" in done.stdout


def test_same_seeds_give_byte_identical_states_on_both_vms():
    args = ["tests/core/trace.py", "all", "6", "300"]
    mp = micropython(["-X", "heapsize=256k"] + args)
    assert mp.returncode == 0, mp.stderr
    cp = subprocess.run([sys.executable] + args, cwd=ROOT, capture_output=True, text=True, check=True)
    assert mp.stdout.splitlines() == cp.stdout.splitlines()
    assert len(cp.stdout.splitlines()) > 20
