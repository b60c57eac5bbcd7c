# SPDX-License-Identifier: MIT
"""The simulator in a terminal: the TFT and the LED grid in 24-bit colour half-blocks, keys from the keyboard.

Each character cell shows two pixels (upper half block: foreground on top, background below). Only rows that
changed are rewritten. The terminal's modes are restored on every exit, Ctrl-C included.

The layout follows the terminal's size, read every frame: the picture at full size or every other pixel where it
fits; in a smaller terminal (80x24) the screen's text, one character cell for each of the font's 6x12 cells, with
the colours of the labels and of what lies under them; in a smaller one still, a request for a larger terminal.
Keys typed faster than frames pass are pressed one after another, never merged into one press.
"""

import os
import select
import shutil
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
LED_COLUMNS = 2 + 16  # the gap and the LED grid beside the screen
CELL_W, CELL_H = 6, 12  # the firmware's font (terminalio)
PENDING_MAX = 4  # keys waiting their turn; more (a key held down in the terminal) are dropped


def frame_lines(frame, leds, step):
    """Text rows for a TFT frame (sampled every ``step`` pixels) with the LED grid (unless None) to its right."""
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
        if leds is not None and led_row < 8:
            for r, g, b in leds[led_row]:
                cells.append("\x1b[38;2;{};{};{}m\u25cf ".format(max(r, 40), max(g, 40), max(b, 46)))
            cells.append("\x1b[0m")
        lines.append("".join(cells))
    return lines


def layout(columns, rows, width, height):
    """How a ``width`` x ``height`` screen is drawn in a terminal of ``columns`` x ``rows``: ("pixels", step) for
    the picture sampled every ``step`` pixels, ("text", None) for its text, ("small", (columns, rows)) for a request
    for a terminal of at least that size."""
    for step in (1, 2):
        if columns >= width // step + LED_COLUMNS and rows >= height // step // 2 + 1:
            return "pixels", step
    need = (-(-width // CELL_W) + LED_COLUMNS, max(8, -(-height // CELL_H)) + 1)
    if columns >= need[0] and rows >= need[1]:
        return "text", None
    return "small", need


def _labels(group, x0, y0, scale, out):
    """(x, y, text, colour) of each shown label under ``group``, in screen pixels, in drawing order."""
    if getattr(group, "hidden", False):
        return
    x0 += getattr(group, "x", 0) * scale
    y0 += getattr(group, "y", 0) * scale
    scale *= getattr(group, "scale", 1)
    if hasattr(group, "text") and hasattr(group, "bounding_box"):  # a Label: the last-resort error screens
        box = group.bounding_box
        out.append((x0 + box[0] * scale, y0 + box[1] * scale, group.text or "", group.color))
        return
    if hasattr(group, "text"):  # firmware.ui.Text: its top-left corner at its origin, a line every LINE_PITCH px
        from firmware.ui import LINE_PITCH

        lines = group.text.split("\n")
        for row in range(len(lines)):
            out.append((x0, y0 + row * LINE_PITCH * scale, lines[row], group.color))
        return
    try:
        items = [group[i] for i in range(len(group))]
    except TypeError:
        return
    for item in items:
        _labels(item, x0, y0, scale, out)


def text_lines(frame, group, leds, thumbnail=None):
    """The screen as text rows (one cell per 6x12 pixels of the font) with the LED grid to its right: each label
    in its colour, on the colour the picture has beside its first letter (a menu's highlight bar, a panel). With
    ``thumbnail``, a picture of the screen sampled every ``thumbnail`` pixels beside them (a board's shapes)."""
    height, width = frame.shape[0], frame.shape[1]
    cols = -(-width // CELL_W)
    rows = max(8, -(-height // CELL_H))
    chars = [[" "] * cols for _ in range(rows)]
    styles = [[None] * cols for _ in range(rows)]
    found = []
    _labels(group, 0, 0, 1, found)
    for x, y, text, colour in found:
        row = (y + CELL_H // 2) // CELL_H
        col = (x + CELL_W // 2) // CELL_W
        if not 0 <= row < rows:
            continue
        px = min(width - 1, max(0, x - 2))
        py = min(height - 1, max(0, y + CELL_H // 2))
        back = tuple(frame[py, px].tolist())
        fore = ((colour >> 16) & 0xFF, (colour >> 8) & 0xFF, colour & 0xFF) if colour is not None else (224,) * 3
        for offset in range(len(text.split("\n")[0])):
            at = col + offset
            if 0 <= at < cols:
                chars[row][at] = text[offset]
                styles[row][at] = fore + back
    base = tuple(frame[0, 0].tolist())
    picture = frame_lines(frame, None, thumbnail) if thumbnail else []
    lines = []
    for row in range(rows):
        cells = []
        last = None
        for col in range(cols):
            style = styles[row][col] or (224, 224, 224) + base
            if style != last:
                cells.append("\x1b[38;2;{};{};{}m\x1b[48;2;{};{};{}m".format(*style))
                last = style
            cells.append(chars[row][col])
        cells.append("\x1b[0m  ")
        if row < 8:
            for r, g, b in leds[row]:
                cells.append("\x1b[38;2;{};{};{}m\u25cf ".format(max(r, 40), max(g, 40), max(b, 46)))
            cells.append("\x1b[0m")
        if row < len(picture):
            cells.append("\x1b[{}G".format(cols + LED_COLUMNS + 3) + picture[row])
        lines.append("".join(cells))
    return lines


def thumbnail_step(columns, rows, width, height):
    """The step at which a small picture of the screen fits beside its text, or None."""
    room = columns - (-(-width // CELL_W) + LED_COLUMNS + 4)
    for step in range(3, 13):
        if width // step <= room and height // step // 2 <= rows - 1:
            return step
    return None


def small_lines(columns, need):
    """A request for a larger terminal, in lines that fit ``columns``."""
    text = ("This terminal is too small for the simulator: it needs {} columns and {} rows. Enlarge it, or run "
            "python -m sim in a window, or --headless. q quits.".format(need[0], need[1]))
    lines = []
    line = ""
    for word in text.split(" "):
        if line and len(line) + 1 + len(word) > max(10, columns - 1):
            lines.append(line)
            line = word
        else:
            line = line + " " + word if line else word
    return lines + [line]


def screen_lines(profile, columns, rows):
    """What the terminal shows of ``profile``'s board in a terminal of ``columns`` x ``rows``: its rows, legend
    included."""
    kind, arg = layout(columns, rows, profile.WIDTH, profile.HEIGHT)
    if kind == "small":
        return small_lines(columns, arg)[: max(1, rows)]
    leds = render.led_colors(profile)
    if kind == "pixels":
        lines = frame_lines(profile.display.frame, leds, arg)
    else:
        lines = text_lines(profile.display.frame, profile.display.root_group, leds,
                           thumbnail_step(columns, rows, profile.WIDTH, profile.HEIGHT))
    return lines + ["\x1b[0m" + (LEGEND if columns >= len(LEGEND) else LEGEND[: max(0, columns - 1)])]


class KeyFeed:
    """Keys from the terminal onto the simulated buttons: each held ``TAP_FRAMES`` frames, then released for a
    frame before the next, so keys typed within one frame are pressed in turn (a terminal sends no key-up)."""

    def __init__(self, buttons):
        self.buttons = buttons
        self.pending = []
        self.down = 0  # the bit held now
        self.frames = 0

    def add(self, bit):
        if len(self.pending) < PENDING_MAX:
            self.pending.append(bit)

    def frame(self):
        """Before each frame."""
        if self.down:
            self.frames -= 1
            if self.frames <= 0:
                self.buttons.release(self.down)
                self.down = 0
            return
        if self.pending:
            self.down = self.pending.pop(0)
            self.frames = TAP_FRAMES
            self.buttons.press(self.down)


def terminal_size():
    """(columns, rows); a terminal that reports no size (0x0) counts as the COLUMNS and LINES or 80x24."""
    size = shutil.get_terminal_size()
    return size.columns, size.lines


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
    stdout = sys.stdout.buffer
    shown = []
    size = None
    feed = KeyFeed(profile.buttons)
    try:
        with Terminal(sys.stdin.fileno(), stdout) as terminal:
            while True:
                for key in terminal.read_keys():
                    if key in QUIT:
                        return 0
                    if key in KEYS:
                        feed.add(profile.key_bits[KEYS[key]])
                feed.frame()
                app = step_app(app, profile, profile.monotonic_ms())
                if terminal_size() != size:  # resized: redraw it all in the layout that fits now
                    size = terminal_size()
                    shown = []
                    stdout.write(b"\x1b[0m\x1b[2J")
                lines = screen_lines(profile, size[0], size[1])
                out = []
                for number, line in enumerate(lines):
                    if number >= len(shown) or shown[number] != line:
                        out.append("\x1b[{};1H{}\x1b[0m\x1b[K".format(number + 1, line))
                shown = lines
                if out:
                    stdout.write("".join(out).encode())
                    stdout.flush()
                time.sleep(FRAME_MS / 1000)
    except KeyboardInterrupt:
        return 0
