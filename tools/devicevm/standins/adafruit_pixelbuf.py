# SPDX-License-Identifier: MIT
"""adafruit_pixelbuf for the device VM: CircuitPython's built-in PixelBuf, with its two byte buffers on the heap (the
colours as set, and as sent after brightness), so that the real neopixel library runs on it."""


class PixelBuf:
    def __init__(self, size, *, byteorder="BGR", brightness=1.0, auto_write=False, header=None, trailer=None):
        self._bpp = len(byteorder)
        self._size = size
        self._colors = bytearray(size * self._bpp)
        self._sent = bytearray(size * self._bpp)
        self.brightness = brightness
        self.auto_write = auto_write

    def __len__(self):
        return self._size

    def __setitem__(self, index, color):
        if isinstance(color, int):
            color = (color >> 16 & 0xFF, color >> 8 & 0xFF, color & 0xFF)
        for channel in range(3):
            self._colors[index * self._bpp + channel] = color[channel]

    def __getitem__(self, index):
        at = index * self._bpp
        return self._colors[at], self._colors[at + 1], self._colors[at + 2]

    def fill(self, color):
        for index in range(self._size):
            self[index] = color

    def show(self):
        for i in range(len(self._colors)):
            self._sent[i] = int(self._colors[i] * self.brightness)
        self._transmit(self._sent)

    def _transmit(self, buffer):
        pass
