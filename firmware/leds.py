# SPDX-License-Identifier: MIT
"""The 8x8 LED grid: a frame of 0xRRGGBB colours, gamma-corrected and pushed only when it changed, within a
current budget.

Current model (WS2812-class pixels, platform-facts): each colour channel draws up to 20 mA at full duty, scaled
by its gamma-corrected value and the strip's brightness, and each pixel about 1 mA idle. Before a changed frame
is pushed its draw is estimated; if it would pass the profile's ``LED_CURRENT_BUDGET_MA`` the brightness is
lowered for that frame, so a full-white frame on USB still stays within 500 mA.
"""

from core.compat import const

# Perceived brightness is far from linear (platform-facts): square the channel (gamma 2) before sending.
_GAMMA = bytearray((v * v + 254) // 255 for v in range(256))
CHANNEL_MA = const(20)  # one channel at full duty
IDLE_MA = const(1)  # one pixel, dark


def gamma(color):
    return (_GAMMA[color >> 16] << 16) | (_GAMMA[(color >> 8) & 0xFF] << 8) | _GAMMA[color & 0xFF]


class LedGrid:
    """Draw with :meth:`set` and :meth:`clear`, then :meth:`show` once a frame (it skips unchanged frames)."""

    def __init__(self, pixels, index, brightness_max, budget_ma=500):
        self.pixels = pixels
        self.index = index  # the profile's led_index(x, y)
        self.brightness_max = brightness_max
        self.budget_ma = budget_ma
        self.frame = [0] * 64  # what the screen drew, by y * 8 + x
        self.shown = [-1] * 64
        self.level = 3
        self.brightness = 0.0  # what the strip runs at now, after the budget
        self.estimate_ma = 0  # the estimated draw of the frame last shown

    def set_level(self, level):
        """Brightness level 1-5 of the profile's cap (the budget may lower it frame by frame)."""
        self.level = level
        for i in range(64):
            self.shown[i] = -1  # push the next frame whatever it is, at the new level

    def _budget(self):
        """Set the strip's brightness for the frame in ``shown``: the level's, or less to stay in budget."""
        load = 0  # sum of gamma-corrected channel values, 0..255 each
        for color in self.shown:
            load += (color >> 16) + ((color >> 8) & 0xFF) + (color & 0xFF)
        wanted = self.brightness_max * self.level / 5
        lit_ma = load * CHANNEL_MA / 255
        room = self.budget_ma - 64 * IDLE_MA
        brightness = wanted if lit_ma * wanted <= room else room / lit_ma
        self.estimate_ma = 64 * IDLE_MA + lit_ma * brightness
        if brightness != self.brightness:
            self.brightness = brightness
            self.pixels.brightness = brightness

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
                color = gamma(self.frame[y * 8 + x])
                i = self.index(x, y)
                if self.shown[i] != color:
                    self.shown[i] = color
                    self.pixels[i] = color
                    changed = True
        if changed:
            self._budget()
            self.pixels.show()
