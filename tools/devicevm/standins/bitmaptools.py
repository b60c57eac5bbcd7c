# SPDX-License-Identifier: MIT
"""bitmaptools for the device VM: what the firmware calls, writing the stand-in Bitmap's pixels."""


def fill_region(bitmap, x1, y1, x2, y2, value):
    for y in range(max(0, y1), min(bitmap.height, y2)):
        for x in range(max(0, x1), min(bitmap.width, x2)):
            bitmap[x, y] = value
