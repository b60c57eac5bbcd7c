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
    """Raised by a simulated profile's ``reload()``: whoever runs the firmware starts a new App (sim.script)."""


def _reload():
    raise Reload()


def step(app, profile, now):
    """One frame of ``app``; the App to use from now on (a new one when the firmware restarted its program)."""
    try:
        app.step(now)
    except Reload:
        from firmware.app import App

        app = App(profile)
        app.start()
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


class Nvm:
    """Byte storage like ``microcontroller.nvm``, written through to a file so saves survive restarts."""

    def __init__(self, size, path=None):
        self.path = path
        self.data = bytearray(b"\xff" * size)  # erased flash reads as 0xFF
        if path and os.path.exists(path):
            stored = Path(path).read_bytes()
            self.data[: min(size, len(stored))] = stored[:size]
        self.writes = 0

    def __len__(self):
        return len(self.data)

    def __getitem__(self, index):
        return self.data[index]

    def __setitem__(self, index, value):
        if isinstance(index, slice) and len(range(*index.indices(len(self.data)))) != len(value):
            raise ValueError("nvm slice assignment must not change the size")
        self.data[index] = value
        self.writes += 1
        if self.path:
            Path(self.path).write_bytes(bytes(self.data))


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


def make_profile(name="pybadge", nvm_path=None, fresh=False, simulated_time=True, seed=None, reloads=False):
    """Build the ``board_profile`` module for board ``name`` and register it in sys.modules.

    With ``reloads`` the profile has ``reload()``, as the real boards do, and the firmware restarts into each game
    it opens; the scripted runner (sim.script) starts a new App then. Without it a game opens in place.
    """
    import displayio
    from sim.framedisplay import FrameDisplay

    displayio.release_displays()  # Blinka allows only a few displays per process; a new board replaces the old
    constants = read_constants(name)
    if nvm_path and os.path.exists(nvm_path) and not os.path.isfile(nvm_path):
        raise ValueError("--nvm must name a regular file: {}".format(nvm_path))
    if fresh and nvm_path and os.path.exists(nvm_path):
        os.remove(nvm_path)
    profile = types.ModuleType("board_profile")
    profile.__dict__.update(constants)
    profile.display = FrameDisplay(constants["WIDTH"], constants["HEIGHT"])
    profile.buttons = Buttons()
    profile.pixels = Pixels(64, constants["LED_BRIGHTNESS_MAX"])
    profile.nvm = Nvm(constants["NVM_BYTES"], nvm_path)
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
