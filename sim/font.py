# SPDX-License-Identifier: MIT
"""The built-in font as CircuitPython holds it: every glyph side by side in one bitmap (``terminalio.FONT.bitmap``),
each glyph's ``tile_index`` its place there. The firmware draws its text as tile grids over that bitmap
(firmware/ui.py, ``Text``); Blinka's font keeps a bitmap a glyph, so the simulator puts this in its place."""

import displayio
import fontio
import terminalio

FIRST = 32  # the printable ASCII characters, as the firmware's text uses them
END = 127


class SheetFont:
    """Blinka's built-in font with CircuitPython's glyph sheet."""

    def __init__(self, font):
        self._font = font
        width, height = font.get_bounding_box()
        self.bitmap = displayio.Bitmap(width * (END - FIRST), height, 2)
        for code in range(FIRST, END):
            glyph = font.get_glyph(code)
            for y in range(glyph.bitmap.height):
                for x in range(glyph.bitmap.width):
                    self.bitmap[(code - FIRST) * width + x, y] = glyph.bitmap[x, y]

    def get_bounding_box(self):
        return self._font.get_bounding_box()

    def get_glyph(self, codepoint):
        glyph = self._font.get_glyph(codepoint)
        if glyph is None or not FIRST <= codepoint < END:
            return glyph
        return fontio.Glyph(self.bitmap, codepoint - FIRST, glyph.width, glyph.height, glyph.dx, glyph.dy,
                            glyph.shift_x, glyph.shift_y)


def install():
    """Put the sheet font in terminalio.FONT, before the firmware reads it (idempotent)."""
    if not isinstance(terminalio.FONT, SheetFont):
        terminalio.FONT = SheetFont(terminalio.FONT)
