# SPDX-License-Identifier: MIT
"""Shared screen pieces: the palette, text that redraws only on change, a scrolling menu, the screen base."""

import bitmaptools
import displayio
import terminalio
import vectorio
from core.compat import const

FONT = terminalio.FONT
LINE_HEIGHT = const(12)  # terminalio's glyphs are 6x12
CHAR_WIDTH = const(6)

BACKGROUND = const(0x000814)
TEXT = const(0xE0E0E0)
DIM = const(0x707880)
ACCENT = const(0xFFC000)
SELECTED_BG = const(0x203060)
PANEL = const(0x101828)
WARNING = const(0xFF5040)
OFF = const(-300)  # where a shape waits when it shows nothing: beyond any display


LINE_PITCH = const(15)  # between the lines of one text, as adafruit_display_text's labels space them
_FIRST = const(32)  # the printable ASCII characters: their glyphs' places in the font's bitmap, found once
_GLYPHS = bytearray(95)
for _code in range(_FIRST, _FIRST + len(_GLYPHS)):
    _GLYPHS[_code - _FIRST] = FONT.get_glyph(_code).tile_index
_UNKNOWN = _GLYPHS[ord("?") - _FIRST]


class Text(displayio.Group):
    """Text in the built-in font whose top-left corner is at (x, y): a tile grid a line over the font's bitmap of
    glyphs, one byte a character, as CircuitPython's own terminal draws. adafruit_display_text's Label holds a
    96-byte tile grid a character and about 576 bytes of fields, which the device's heap cannot spare (docs/device.md,
    "The play screen's heap"). A line's grid is made for the longest text it has shown (or ``capacity``
    characters), so changing the text allocates nothing until it grows."""

    def __init__(self, text, x, y, color=TEXT, scale=1, capacity=1):
        super().__init__(scale=scale, x=x, y=y)
        self._palette = displayio.Palette(2)
        self._palette.make_transparent(0)
        self._palette[1] = color
        self._capacity = capacity
        self._text = ""
        self.text = text

    @property
    def text(self):
        return self._text

    @text.setter
    def text(self, text):
        self._text = text
        lines = text.split("\n")
        for row in range(len(lines)):
            line = lines[row]
            if row < len(self) and self[row].width >= len(line):
                grid = self[row]
                grid.hidden = False
            else:
                grid = displayio.TileGrid(FONT.bitmap, pixel_shader=self._palette, width=max(self._capacity, len(line)),
                                          height=1, tile_width=CHAR_WIDTH, tile_height=LINE_HEIGHT, y=row * LINE_PITCH)
                if row < len(self):
                    self[row] = grid
                else:
                    self.append(grid)
            for i in range(grid.width):
                code = ord(line[i]) - _FIRST if i < len(line) else 0
                grid[i] = _GLYPHS[code] if 0 <= code < len(_GLYPHS) else _UNKNOWN
        for row in range(len(lines), len(self)):
            self[row].hidden = True

    @property
    def color(self):
        return self._palette[1]

    @color.setter
    def color(self, value):
        self._palette[1] = value

    @property
    def anchored_position(self):
        return self.x, self.y

    @anchored_position.setter
    def anchored_position(self, at):
        self.x, self.y = at


def text_label(text, x, y, color=TEXT, scale=1, capacity=1):
    """Text whose top-left corner is at (x, y) (see :class:`Text`)."""
    return Text(text, x, y, color, scale, capacity)


def set_text(widget, text):
    """Change a label's text only when it differs: a label redraws its whole area on every change."""
    if widget.text != text:
        widget.text = text


def fit(text, width_px):
    """Cut ``text`` to what fits in ``width_px`` pixels of the font, marking the cut with '~'."""
    room = width_px // CHAR_WIDTH
    if len(text) <= room:
        return text
    return text[: max(0, room - 1)] + "~"


class Line:
    """A one-line label of fixed width that shows long text whole by scrolling it: the start for a moment, then
    one character a step to the end, then back to the start."""

    STEP_MS = 200
    PAUSE_STEPS = 5

    def __init__(self, x, y, width_px, color=TEXT):
        self.room = max(1, width_px // CHAR_WIDTH)
        self.label = text_label("", x, y, color, capacity=self.room)
        self.text = ""
        self.since = 0

    def set(self, text, now=0):
        if text != self.text:
            self.text = text
            self.since = now
            set_text(self.label, text[: self.room])

    def tick(self, now):
        extra = len(self.text) - self.room
        if extra <= 0:
            return
        cycle = extra + 2 * self.PAUSE_STEPS
        step = ((now - self.since) // self.STEP_MS) % cycle
        shift = min(extra, max(0, step - self.PAUSE_STEPS))
        set_text(self.label, self.text[shift: shift + self.room])


def wrap(text, width_px):
    """Split ``text`` into lines that fit ``width_px``, breaking at spaces; '\\n' starts a new line."""
    room = max(1, width_px // CHAR_WIDTH)
    lines = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            while len(word) > room:
                if line:
                    lines.append(line)
                    line = ""
                lines.append(word[:room])
                word = word[room:]
            if not line:
                line = word
            elif len(line) + 1 + len(word) <= room:
                line = line + " " + word
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def fill(bitmap, x, y, width, height, value):
    """Fill a rectangle of ``bitmap`` with palette index ``value`` (bitmaptools does it in C on the device)."""
    bitmaptools.fill_region(bitmap, x, y, x + width, y + height, value)


# Where the pips of 0-6 lie on a 3x3 lattice (index row * 3 + column), as on a die; 6 is two columns of three.
PIPS = ((), (4,), (0, 8), (0, 4, 8), (0, 2, 6, 8), (0, 2, 4, 6, 8), (0, 2, 3, 5, 6, 8))


def pips(bitmap, x, y, value, unit, color):
    """Draw ``value`` (0-6) as pips into the square at (x, y) of side ``5 * unit``: pips ``unit`` px wide, a pip's
    width apart."""
    for spot in PIPS[value]:
        bitmaptools.fill_region(bitmap, x + 2 * unit * (spot % 3), y + 2 * unit * (spot // 3),
                                x + 2 * unit * (spot % 3) + unit, y + 2 * unit * (spot // 3) + unit, color)


class Rect:
    """A filled rectangle that can move and change colour (vectorio: no bitmap memory)."""

    def __init__(self, x, y, width, height, color):
        self.palette = displayio.Palette(1)
        self.palette[0] = color
        self.shape = vectorio.Rectangle(pixel_shader=self.palette, width=width, height=height, x=x, y=y)

    def move(self, x, y):
        shape = self.shape
        _place(shape, x, y, shape.width, shape.height)

    def color(self, value):
        if self.palette[0] != value:
            self.palette[0] = value

    def resize(self, width, height):
        shape = self.shape
        _place(shape, shape.x, shape.y, width, height)


class Frame:
    """An outline of four bars moved around what it marks, and off the screen when it marks nothing (a rectangle
    with a hole would need a bitmap). The bars share one palette and are bare shapes, not :class:`Rect`: 330 bytes
    less a frame on the device's heap (Pave the Way's play screen keeps two)."""

    def __init__(self, color):
        palette = displayio.Palette(1)
        palette[0] = color
        self.shapes = tuple(vectorio.Rectangle(pixel_shader=palette, width=1, height=1, x=OFF, y=OFF)
                            for _ in range(4))

    def hide(self):
        for shape in self.shapes:
            _place(shape, OFF, OFF, shape.width, shape.height)

    def show(self, x, y, width, height, thickness=1):
        top, bottom, left, right = self.shapes
        _place(top, x, y, width, thickness)
        _place(bottom, x, y + height - thickness, width, thickness)
        _place(left, x, y, thickness, height)
        _place(right, x + width - thickness, y, thickness, height)


def _place(shape, x, y, width, height):
    """Move and size a shape, touching only what changes: each change marks its area for redrawing."""
    if shape.width != width:
        shape.width = width
    if shape.height != height:
        shape.height = height
    if shape.x != x:
        shape.x = x
    if shape.y != y:
        shape.y = y


class Screen:
    """Base of every screen: a displayio group the app shows, plus hooks the app calls each frame."""

    def __init__(self, app):
        self.app = app
        self.group = displayio.Group()
        background = Rect(0, 0, app.width, app.height, BACKGROUND)
        self.group.append(background.shape)

    def key(self, pressed):
        """React to the bitmask of keys pressed this frame."""

    def tick(self, now):
        """Advance animations and computer turns; called every frame."""

    def draw_leds(self, grid):
        """Paint the LED grid for this screen: when it is shown, and whenever the screen calls it itself."""
        grid.clear()


class Menu:
    """A vertical list with a cursor that scrolls when it has more items than rows.

    ``items`` are strings; ``enabled`` optionally marks items that cannot be chosen (shown dim, and skipped unless
    ``skip_disabled`` is False).
    """

    skip_disabled = True  # False: the cursor stops on dim items too, so the same presses reach the same item

    def __init__(self, x, y, width, rows, items, enabled=None):
        self.x = x
        self.y = y
        self.width = width
        self.rows = rows
        self.group = displayio.Group()
        self.bar = Rect(x, y, width, LINE_HEIGHT, SELECTED_BG)
        self.group.append(self.bar.shape)
        self.labels = []
        for row in range(rows):
            widget = text_label("", x + 4, y + row * LINE_HEIGHT)
            self.labels.append(widget)
            self.group.append(widget)
        self.items = []
        self.enabled = []
        self.cursor = 0
        self.top = 0
        self.set_items(items, enabled)

    def set_items(self, items, enabled=None, cursor=0):
        self.items = list(items)
        self.enabled = list(enabled) if enabled is not None else [True] * len(self.items)
        self.cursor = 0
        self.top = 0
        if self.items:
            self.cursor = min(cursor, len(self.items) - 1)
            if not self.enabled[self.cursor] and self.skip_disabled:
                self.move(1)
        self._draw()

    def navigate(self, pressed, up, down):
        """Move the cursor for the up/down bits in ``pressed``; True if it did (the key was the menu's)."""
        if pressed & up:
            self.move(-1)
        elif pressed & down:
            self.move(1)
        else:
            return False
        return True

    def move(self, step):
        """Move the cursor by ``step`` (wrapping), skipping disabled items."""
        count = len(self.items)
        for _ in range(count):
            self.cursor = (self.cursor + step) % count
            if self.enabled[self.cursor] or not self.skip_disabled:
                break
        self._draw()

    def _draw(self):
        if self.cursor < self.top:
            self.top = self.cursor
        elif self.cursor >= self.top + self.rows:
            self.top = self.cursor - self.rows + 1
        for row in range(self.rows):
            index = self.top + row
            widget = self.labels[row]
            if index < len(self.items):
                set_text(widget, fit(self.items[index], self.width - 8))
                widget.color = TEXT if self.enabled[index] else DIM
            else:
                set_text(widget, "")
        self.bar.move(self.x, self.y + (self.cursor - self.top) * LINE_HEIGHT)

    @property
    def choice(self):
        return self.items[self.cursor] if self.items else None
