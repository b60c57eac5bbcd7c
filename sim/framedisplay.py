# SPDX-License-Identifier: MIT
"""A Blinka displayio display that renders into an RGB array instead of a bus: the simulator's TFT.

The window, the terminal renderer and the headless screenshots all read ``frame`` (height x width x 3, uint8).
"""

import numpy as np
import busdisplay
from displayio._area import Area


class FrameDisplay(busdisplay.BusDisplay):
    """A ``width`` x ``height`` RGB565 display whose pixels land in ``self.frame``; ``refresh()`` draws."""

    def __init__(self, width, height):
        self.frame = np.zeros((height, width, 3), dtype=np.uint8)
        self.dirty_rows = set(range(height))
        self.refresh_count = 0
        super().__init__(None, b"", width=width, height=height, auto_refresh=False)

    def _refresh_area(self, area):
        clipped = Area()
        if not self._core.clip_area(area, clipped):
            return True
        pixels = clipped.size()
        buffer = memoryview(bytearray(((pixels + 1) // 2) * 4)).cast("I")
        mask = memoryview(bytearray(((pixels // 32) + 1) * 4)).cast("I")
        self._core.fill_area(clipped, mask, buffer)
        words = np.frombuffer(buffer.tobytes()[: pixels * 2], dtype=">u2").astype(np.uint32)
        rgb = np.empty((pixels, 3), dtype=np.uint8)
        rgb[:, 0] = ((words >> 11) & 0x1F) * 255 // 31
        rgb[:, 1] = ((words >> 5) & 0x3F) * 255 // 63
        rgb[:, 2] = (words & 0x1F) * 255 // 31
        height = clipped.y2 - clipped.y1
        width = clipped.x2 - clipped.x1
        self.frame[clipped.y1 : clipped.y2, clipped.x1 : clipped.x2] = rgb.reshape(height, width, 3)
        self.dirty_rows.update(range(clipped.y1, clipped.y2))
        return True

    def _refresh_display(self):
        self.refresh_count += 1
        return super()._refresh_display()

    def _background(self):
        # Blinka's display thread polls every display; this one refreshes only when the firmware asks.
        pass

    def _write(self, command, data):
        pass

    def _release(self):
        pass
