# SPDX-License-Identifier: MIT
"""fontio for the device VM: the built-in font's glyphs, as adafruit_display_text reads them."""


class Glyph:
    def __init__(self, bitmap, tile_index, width, height, dx, dy, shift_x, shift_y):
        self.bitmap = bitmap
        self.tile_index = tile_index
        self.width = width
        self.height = height
        self.dx = dx
        self.dy = dy
        self.shift_x = shift_x
        self.shift_y = shift_y


class BuiltinFont:
    """terminalio.FONT: 6x12 glyphs of printable ASCII in one bitmap (in the device's flash, not its heap)."""

    def __init__(self, bitmap):
        self.bitmap = bitmap

    def get_bounding_box(self):
        return 6, 12

    def get_glyph(self, codepoint):
        if not 32 <= codepoint < 127:
            codepoint = 63  # '?'
        return Glyph(self.bitmap, codepoint - 32, 6, 12, 0, 0, 6, 0)
