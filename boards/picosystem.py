# SPDX-License-Identifier: MIT
"""Board profile: Pimoroni PicoSystem (RP2040, 240x240 display, d-pad and four buttons wired to GPIOs).

See boards/README.md for the contract. Not yet tried on the hardware: the pin names (``SW_*``) and
``board.DISPLAY`` are those reported for CircuitPython's ``pimoroni_picosystem`` build. X is START and Y is
SELECT. The PicoSystem has no pin header: a grid needs its data wire on a free GPIO pad, named in
``LED_PIN_NAME``; with the name empty the console runs without a grid.
"""

NAME = "picosystem"
WIDTH = 240
HEIGHT = 240
# keypad.Keys numbers the keys in the order of its pin tuple below: the same bits as on the PyBadge.
K_B = 1
K_A = 2
K_START = 4
K_SELECT = 8
K_RIGHT = 16
K_DOWN = 32
K_UP = 64
K_LEFT = 128
LED_PIN_NAME = ""
LED_SERPENTINE = False
LED_BRIGHTNESS_MAX = 0.2  # on its own LiPo the grid shares the battery with the console
LED_CURRENT_BUDGET_MA = 300
NVM_BYTES = 4096  # RP2040 (platform-facts)
# nvm is one 4 KB sector of the W25Q128JV QSPI flash, just below the CIRCUITPY drive: CircuitPython's RP2040 port
# erases and reprograms the whole sector unless every target byte is still erased (docs/device.md).
NVM_ERASE_BYTES = 4096
NVM_WRITE_MS = 450  # a sector erase (400 ms at most) and 16 page programs (3 ms each at most): W25Q128JV data sheet
# The saves on the CIRCUITPY drive, as on the PyBadge (boards/pybadge.py); Y held at power-on lends it to the computer.
DRIVE_ERASE_BYTES = 4096
SAVE_SLOTS = 32
SAVE_FILE_BYTES = 6144
SAVE_RECORD_BYTES = 1024
SAVE_AREA_BYTES = 270336
HOST_KEY_NAME = "Y"
HAS_SPEAKER = False  # its piezo is not driven yet: no verified pin or audio module for it
# CIRCUITPY takes the 16 MB flash less CircuitPython itself (about 1 MB, uncertain); 5% more is held back.
FLASH_FREE_BYTES = 14942208

import board
import keypad
import microcontroller

from boards.base import (ShiftRegisterButtons, SaveFiles, grid_indexer, grid_pixels, monotonic_ms,  # noqa: F401
                         random_seed, relaunched, reload)

display = board.DISPLAY
display.auto_refresh = False
nvm = microcontroller.nvm
save_files = SaveFiles(SAVE_SLOTS, SAVE_RECORD_BYTES)
buttons = ShiftRegisterButtons(
    keypad.Keys(
        (board.SW_B, board.SW_A, board.SW_X, board.SW_Y, board.SW_RIGHT, board.SW_DOWN, board.SW_UP, board.SW_LEFT),
        value_when_pressed=False, pull=True,
    )
)
pixels = grid_pixels(LED_PIN_NAME, LED_BRIGHTNESS_MAX) if LED_PIN_NAME else None
led_index = grid_indexer(LED_SERPENTINE)
speaker = None
