# SPDX-License-Identifier: MIT
"""The simulator in a terminal: the TFT and the LED grid in 24-bit colour half-blocks, keys from the keyboard.

Each character cell shows two pixels (upper half block: foreground on top, background below). Only rows that
changed are rewritten. The terminal's modes are restored on every exit, Ctrl-C included.
"""

import os
import select
import sys
import termios
import time
import tty

from sim import render
from sim.board import make_profile, step as step_app

FRAME_MS = 33
TAP_FRAMES = 2  # a terminal sends no key-up: a key counts as held this many frames
KEYS = {
    b"\x1b[A": "UP", b"\x1b[B": "DOWN", b"\x1b[D": "LEFT", b"\x1b[C": "RIGHT",
    b"z": "A", b"Z": "A", b"x": "B", b"X": "B", b"\r": "START", b"\n": "START", b"\t": "SELECT",
}
QUIT = (b"\x03", b"q", b"\x1b")
LEGEND = "arrows d-pad  z A  x B  Enter START  Tab SELECT  q quit"


def frame_lines(frame, leds, step):
    """Text rows for a TFT frame (sampled every ``step`` pixels) with the LED grid to its right."""
    pixels = frame[::step, ::step]
    height = pixels.shape[0] - pixels.shape[0] % 2
    lines = []
    for row in range(0, height, 2):
        top = pixels[row]
        bottom = pixels[row + 1]
        cells = []
        last = None
        for (r1, g1, b1), (r2, g2, b2) in zip(top.tolist(), bottom.tolist()):
            colours = (r1, g1, b1, r2, g2, b2)
            if colours != last:
                cells.append("\x1b[38;2;{};{};{}m\x1b[48;2;{};{};{}m".format(*colours))
                last = colours
            cells.append("\u2580")
        led_row = row // 2
        cells.append("\x1b[0m  ")
        if led_row < 8:
            for r, g, b in leds[led_row]:
                cells.append("\x1b[38;2;{};{};{}m\u25cf ".format(max(r, 40), max(g, 40), max(b, 46)))
            cells.append("\x1b[0m")
        lines.append("".join(cells))
    return lines


class Terminal:
    """Raw keyboard input and an alternate screen, restored on exit."""

    def __init__(self, stdin, stdout):
        self.stdin = stdin
        self.stdout = stdout
        self.saved = None

    def __enter__(self):
        self.saved = termios.tcgetattr(self.stdin)
        tty.setraw(self.stdin)
        self.stdout.write(b"\x1b[?1049h\x1b[?25l\x1b[2J")
        self.stdout.flush()
        return self

    def __exit__(self, *exc):
        self.stdout.write(b"\x1b[0m\x1b[?25h\x1b[?1049l")
        self.stdout.flush()
        termios.tcsetattr(self.stdin, termios.TCSADRAIN, self.saved)
        return False

    def read_keys(self):
        data = b""
        while select.select([self.stdin], [], [], 0)[0]:
            chunk = os.read(self.stdin, 64)
            if not chunk:
                break
            data += chunk
        keys = []
        i = 0
        while i < len(data):
            if data[i : i + 3] in KEYS:
                keys.append(data[i : i + 3])
                i += 3
            else:
                keys.append(data[i : i + 1])
                i += 1
        return keys


def run_terminal(board, nvm_path, fresh, drive="device"):
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        print("error: no display and no terminal: run in a terminal, or headless with --headless --script FILE",
              file=sys.stderr)
        return 2
    profile = make_profile(board, nvm_path, fresh, simulated_time=False, reloads=True, drive=drive)
    from firmware.app import App

    app = App(profile)
    app.start()
    columns = os.get_terminal_size(sys.stdout.fileno()).columns if sys.stdout.isatty() else 200
    step = 1 if columns >= profile.WIDTH + 20 else 2
    stdout = sys.stdout.buffer
    shown = []
    held = {}
    try:
        with Terminal(sys.stdin.fileno(), stdout) as terminal:
            while True:
                for key in terminal.read_keys():
                    if key in QUIT:
                        return 0
                    if key in KEYS:
                        bit = profile.key_bits[KEYS[key]]
                        profile.buttons.press(bit)
                        held[bit] = TAP_FRAMES
                for bit in list(held):
                    held[bit] -= 1
                    if held[bit] <= 0:
                        profile.buttons.release(bit)
                        del held[bit]
                app = step_app(app, profile, profile.monotonic_ms())
                lines = frame_lines(profile.display.frame, render.led_colors(profile), step)
                lines.append("\x1b[0m" + LEGEND)
                out = []
                for number, line in enumerate(lines):
                    if number >= len(shown) or shown[number] != line:
                        out.append("\x1b[{};1H{}".format(number + 1, line))
                shown = lines
                if out:
                    stdout.write("".join(out).encode())
                    stdout.flush()
                time.sleep(FRAME_MS / 1000)
    except KeyboardInterrupt:
        return 0
