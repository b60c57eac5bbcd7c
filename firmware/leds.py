# SPDX-License-Identifier: MIT
"""The 8x8 LED grid: a frame of 0xRRGGBB colours, gamma-corrected and pushed only when it changed."""

# Perceived brightness is far from linear (platform-facts): square the channel (gamma 2) before sending.
_GAMMA = bytearray((v * v + 254) // 255 for v in range(256))


def gamma(color):
    return (_GAMMA[color >> 16] << 16) | (_GAMMA[(color >> 8) & 0xFF] << 8) | _GAMMA[color & 0xFF]


class LedGrid:
    """Draw with :meth:`set` and :meth:`clear`, then :meth:`show` once a frame (it skips unchanged frames)."""

    def __init__(self, pixels, index, brightness_max):
        self.pixels = pixels
        self.index = index  # the profile's led_index(x, y)
        self.brightness_max = brightness_max
        self.frame = [0] * 64  # what the screen drew, by y * 8 + x
        self.shown = [-1] * 64
        self.level = 3

    def set_level(self, level):
        """Brightness level 1-5 of the profile's cap."""
        self.level = level
        if self.pixels is not None:
            self.pixels.brightness = self.brightness_max * level / 5

    def clear(self, color=0):
        for i in range(64):
            self.frame[i] = color

    def set(self, x, y, color):
        if 0 <= x < 8 and 0 <= y < 8:
            self.frame[y * 8 + x] = color

    def show(self):
        if self.pixels is None:
            return
        changed = False
        for y in range(8):
            for x in range(8):
                color = self.frame[y * 8 + x]
                i = self.index(x, y)
                if self.shown[i] != color:
                    self.shown[i] = color
                    self.pixels[i] = gamma(color)
                    changed = True
        if changed:
            self.pixels.show()
