# SPDX-License-Identifier: MIT
"""vectorio for the device VM: shapes that hold their fields on the heap, as CircuitPython's do, and draw nothing."""


class Rectangle:
    def __init__(self, *, pixel_shader, width, height, x=0, y=0, color_index=0):
        self.pixel_shader = pixel_shader
        self.width = width
        self.height = height
        self.x = x
        self.y = y
        self.color_index = color_index
        self.hidden = False
