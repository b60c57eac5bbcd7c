# SPDX-License-Identifier: MIT
"""Pictures of the simulated board: the TFT frame and the LED grid as round LEDs, for windows and PNGs."""

import math

import numpy as np

LED_CELL = 40
LED_GAP = 6
PANEL = (12, 12, 16)


def led_colors(profile):
    """8x8 rows of (r, g, b) as the eye would roughly see the grid: what was shown, at its brightness."""
    rows = []
    for y in range(8):
        row = []
        for x in range(8):
            value = profile.pixels.shown[profile.led_index(x, y)]
            row.append(tuple(_perceived((value >> shift) & 0xFF, profile.pixels.brightness) for shift in (16, 8, 0)))
        rows.append(row)
    return rows


def _perceived(channel, brightness):
    # The firmware squares channels for the LEDs' gamma; undo that so the picture looks as the grid does.
    emitted = channel * brightness / 255
    return min(255, int(round(math.sqrt(emitted) * 255)))


def led_image(colors, cell=LED_CELL):
    """An RGB array of the grid drawn as round LEDs on a dark panel."""
    size = 8 * cell
    image = np.zeros((size, size, 3), dtype=np.uint8)
    image[:, :] = PANEL
    radius = (cell - LED_GAP) / 2
    yy, xx = np.mgrid[0:cell, 0:cell]
    disc = (xx - cell / 2 + 0.5) ** 2 + (yy - cell / 2 + 0.5) ** 2 <= radius**2
    for y in range(8):
        for x in range(8):
            block = image[y * cell : (y + 1) * cell, x * cell : (x + 1) * cell]
            r, g, b = colors[y][x]
            lit = (max(r, 28), max(g, 28), max(b, 30)) if (r, g, b) == (0, 0, 0) else (r, g, b)
            block[disc] = lit
    return image


def scaled(frame, scale):
    return np.repeat(np.repeat(frame, scale, axis=0), scale, axis=1)


def save_png(array, path):
    """Write an (h, w, 3) uint8 array as a PNG."""
    import pygame

    surface = pygame.surfarray.make_surface(np.ascontiguousarray(array.swapaxes(0, 1)))
    pygame.image.save(surface, str(path))
