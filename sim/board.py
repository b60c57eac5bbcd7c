# SPDX-License-Identifier: MIT
"""A simulated board: the names of the board-profile contract (boards/README.md), backed by the desktop.

The constants come from the real profile's file (read, not imported, since it imports hardware modules), so a
simulated board always mirrors the real one.
"""

import ast
import os
import sys
import types
from pathlib import Path

from sim.flash import EraseUnits

ROOT = Path(__file__).resolve().parent.parent
BOARDS = ROOT / "boards"
KEY_NAMES = ("UP", "DOWN", "LEFT", "RIGHT", "A", "B", "START", "SELECT")


def board_names():
    return sorted(p.stem for p in BOARDS.glob("*.py") if p.stem not in ("__init__", "base", "select"))


def read_constants(name):
    """The literal top-level assignments of boards/<name>.py."""
    path = BOARDS / "{}.py".format(name)
    if not path.exists():
        raise ValueError("unknown board '{}' (boards: {})".format(name, ", ".join(board_names())))
    constants = {}
    for node in ast.parse(path.read_text()).body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            if isinstance(node.value, ast.Constant):
                constants[node.targets[0].id] = node.value.value
    return constants


class Buttons:
    """Keys pressed by the window, the terminal or a script; reports taps like the real profiles do."""

    def __init__(self):
        self.held = 0
        self.tapped = 0

    def press(self, bits):
        self.held |= bits
        self.tapped |= bits

    def release(self, bits):
        self.held &= ~bits

    def get_pressed(self):
        down = self.held | self.tapped
        self.tapped = 0
        return down


class Pixels:
    """A NeoPixel-like strip of 64 LEDs; ``shown`` holds what the last show() sent."""

    def __init__(self, count, brightness):
        self.values = [0] * count
        self.shown = [0] * count
        self.brightness = brightness
        self.show_count = 0

    def __len__(self):
        return len(self.values)

    def __setitem__(self, index, color):
        if isinstance(color, tuple):
            color = (color[0] << 16) | (color[1] << 8) | color[2]
        self.values[index] = color

    def __getitem__(self, index):
        return self.values[index]

    def fill(self, color):
        for i in range(len(self.values)):
            self[i] = color

    def show(self):
        self.shown = list(self.values)
        self.show_count += 1


class Reload(Exception):
    """Raised by a simulated profile's ``reload()``: whoever runs the firmware starts a new App (sim.script).
    ``entry``: the file the board would run once instead of code.py (a tutorial's entry file)."""

    def __init__(self, entry=None):
        super().__init__(entry)
        self.entry = entry


def _reload(entry=None):
    raise Reload(entry)


def step(app, profile, now):
    """One frame of ``app``; the App to use from now on (a new one when the firmware restarted its program)."""
    try:
        app.step(now)
    except Reload as restart:
        from firmware.app import App
        from firmware.tutorials import tutorial_of_entry

        profile.mark_relaunch()  # what relaunched() tells the new program, as supervisor.runtime.run_reason does
        app = App(profile)
        app.start(tutorial_of_entry(restart.entry) if restart.entry else None)
    return app


class Speaker:
    """A silent speaker that remembers the tones it was asked for (the last ``KEEP``), as (ms, Hz) pairs."""

    KEEP = 64

    def __init__(self, clock):
        self.clock = clock
        self.tones = []

    def tone(self, frequency):
        self.tones.append((self.clock.monotonic_ms(), frequency))
        del self.tones[:-self.KEEP]


def _write_file(path, data):
    """Replace ``path`` with ``data`` through a temporary file, flushed, fsynced and renamed over it, so a kill at
    any instant leaves the old file or the new one, never an empty or partial one."""
    temporary = "{}.tmp".format(path)
    with open(temporary, "wb") as handle:
        handle.write(data)
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(temporary, path)
    if hasattr(os, "O_DIRECTORY"):  # make the rename itself durable
        folder = os.open(os.path.dirname(os.path.abspath(path)), os.O_RDONLY | os.O_DIRECTORY)
        try:
            os.fsync(folder)
        finally:
            os.close(folder)


class Nvm:
    """Byte storage like ``microcontroller.nvm``: erase-unit flash (sim.flash), written through to a file so saves
    survive restarts. ``unit`` is the profile's NVM_ERASE_BYTES; ``flash.erases`` counts the erases."""

    def __init__(self, size, path=None, unit=None):
        self.path = path
        stored = None
        if path and os.path.exists(path):
            stored = Path(path).read_bytes()
        self.flash = EraseUnits(size, unit or size, stored)

    @property
    def data(self):
        return self.flash.data

    @property
    def writes(self):
        return self.flash.writes

    def __len__(self):
        return len(self.flash.data)

    def __getitem__(self, index):
        return self.flash.data[index]

    def __setitem__(self, index, value):
        if isinstance(index, slice):
            start, stop, step = index.indices(len(self.flash.data))
            if step != 1 or stop - start != len(value):
                raise ValueError("nvm slice assignment must not change the size")
            data = bytes(value)
        else:
            start = index
            data = bytes([value])
        try:
            self.flash.write(start, data)
        finally:
            if self.path:
                _write_file(self.path, bytes(self.flash.data))


class SaveFiles:
    """The save slots on the simulated CIRCUITPY drive (boards/base.SaveFiles on a board): ``slots`` files, each
    modelled as one erase unit of the drive's flash (its record and its directory entry share the sector), so a
    write erases and reprograms the slot's unit and no other slot's. With ``folder`` each slot persists as a file
    there, replaced through a temporary file, fsync and rename. ``writable`` False is a drive lent to the computer:
    the firmware can read the slots but a write raises OSError, as CircuitPython's read-only drive does."""

    def __init__(self, slots, record_bytes, unit, folder=None, writable=True):
        self.slots = slots
        self.record_bytes = record_bytes
        self.unit = unit
        self.folder = folder
        self.writable = writable
        self.flash = EraseUnits(slots * unit, unit)
        if folder:
            os.makedirs(folder, exist_ok=True)
            for index in range(slots):
                path = self._path(index)
                if os.path.exists(path):
                    stored = Path(path).read_bytes()[:unit]
                    self.flash.data[index * unit : index * unit + len(stored)] = stored

    def _path(self, index):
        return os.path.join(self.folder, "{:02d}.bin".format(index))

    def read(self, index):
        start = index * self.unit
        return bytes(self.flash.data[start : start + self.record_bytes])

    def write(self, index, data):
        if not self.writable:
            raise OSError(30, "Read-only filesystem")
        if len(data) > self.record_bytes:
            raise ValueError("a save slot holds at most {} bytes".format(self.record_bytes))
        try:
            self.flash.write(index * self.unit, data)
        finally:
            if self.folder:
                start = index * self.unit
                _write_file(self._path(index), bytes(self.flash.data[start : start + self.unit]))


class Clock:
    """Milliseconds: simulated (advanced by the caller) for scripts, or real for interactive use."""

    def __init__(self, simulated):
        self.simulated = simulated
        self.now = 0

    def monotonic_ms(self):
        if self.simulated:
            return self.now
        import time

        return time.monotonic_ns() // 1000000


def drive_folder(nvm_path):
    """Where the simulated drive's save slots persist beside the nvm file."""
    return "{}.drive".format(nvm_path)


def make_profile(name="pybadge", nvm_path=None, fresh=False, simulated_time=True, seed=None, reloads=False,
                 drive="device"):
    """Build the ``board_profile`` module for board ``name`` and register it in sys.modules.

    With ``reloads`` the profile has ``reload()``, as the real boards do, and the firmware restarts into each game
    it opens; the scripted runner (sim.script) starts a new App then. Without it a game opens in place.
    ``drive`` is how boot.py left the CIRCUITPY drive: ``"device"`` (the firmware writes its save slots there, the
    default), ``"host"`` (lent to the computer: saves go to nvm only) or None (a board without the slots).
    """
    import displayio
    from sim.framedisplay import FrameDisplay

    displayio.release_displays()  # Blinka allows only a few displays per process; a new board replaces the old
    constants = read_constants(name)
    if nvm_path and os.path.exists(nvm_path) and not os.path.isfile(nvm_path):
        raise ValueError("--nvm must name a regular file: {}".format(nvm_path))
    if fresh and nvm_path and os.path.exists(nvm_path):
        os.remove(nvm_path)
    if fresh and nvm_path and os.path.isdir(drive_folder(nvm_path)):
        import shutil

        shutil.rmtree(drive_folder(nvm_path))
    profile = types.ModuleType("board_profile")
    profile.__dict__.update(constants)
    profile.display = FrameDisplay(constants["WIDTH"], constants["HEIGHT"])
    profile.buttons = Buttons()
    profile.pixels = Pixels(64, constants["LED_BRIGHTNESS_MAX"])
    profile.nvm = Nvm(constants["NVM_BYTES"], nvm_path, constants["NVM_ERASE_BYTES"])
    profile.save_files = None
    if drive is not None:
        profile.save_files = SaveFiles(constants["SAVE_SLOTS"], constants["SAVE_RECORD_BYTES"],
                                       constants["DRIVE_ERASE_BYTES"], drive_folder(nvm_path) if nvm_path else None,
                                       writable=drive == "device")
    restart = [False]

    def relaunched():
        """Whether this program was started by reload() (read once by the App, like run_reason on a board)."""
        pending = restart[0]
        restart[0] = False
        return pending

    profile.relaunched = relaunched
    profile.mark_relaunch = lambda: restart.__setitem__(0, True)
    profile.clock = Clock(simulated_time)
    profile.monotonic_ms = profile.clock.monotonic_ms
    profile.speaker = Speaker(profile.clock) if constants["HAS_SPEAKER"] else None
    if reloads:
        profile.reload = _reload
    serpentine = constants.get("LED_SERPENTINE", False)
    profile.led_index = lambda x, y: y * 8 + (7 - x if serpentine and y & 1 else x)
    entropy = [seed]

    def random_seed():
        if entropy[0] is not None:
            entropy[0] = (entropy[0] * 1103515245 + 12345) & 0x3FFFFFFF
            return entropy[0]
        data = os.urandom(4)
        return int.from_bytes(data, "little") & 0x3FFFFFFF

    profile.random_seed = random_seed
    profile.key_bits = {key: constants["K_" + key] for key in KEY_NAMES}
    sys.modules["board_profile"] = profile
    return profile
