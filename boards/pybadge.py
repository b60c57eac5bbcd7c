# SPDX-License-Identifier: MIT
"""Board profile: Adafruit PyBadge (SAMD51, ST7735R 160x128, 8 buttons on a shift register).

See boards/README.md for the contract. The LED grid's data wire goes to the 3-pin JST port on D3.
"""

NAME = "pybadge"
WIDTH = 160
HEIGHT = 128
# keypad key numbers on the PyBadge shift register (platform-facts): the bits are the key numbers.
K_B = 1
K_A = 2
K_START = 4
K_SELECT = 8
K_RIGHT = 16
K_DOWN = 32
K_UP = 64
K_LEFT = 128
LED_PIN_NAME = "D3"
LED_SERPENTINE = False
# About 0.3 keeps sparse game graphics within a USB port's budget (platform-facts: 64 LEDs at full white draw
# about 3.8 A); the firmware also caps full-white frames lower.
LED_BRIGHTNESS_MAX = 0.3
# What the grid may draw in total (USB default); the firmware dims frames that would pass it (firmware/leds.py).
LED_CURRENT_BUDGET_MA = 500
NVM_BYTES = 8192
# microcontroller.nvm is the SAMD51's last 8 KB NVMCTRL block, one erase unit: CircuitPython writes it through ASF4's
# flash_write, which erases the whole block and reprograms it on every write (docs/device.md, "Saves and settings").
NVM_ERASE_BYTES = 8192
NVM_WRITE_MS = 250  # a write's erase and reprogramming, at most: a cut in it can lose all of nvm (check on a board)
# The firmware keeps its saves on the CIRCUITPY drive (4 KB flash sectors) when boot.py gives it the drive: SAVE_SLOTS
# files of SAVE_FILE_BYTES, one record of at most SAVE_RECORD_BYTES each (boards/base.SaveFiles), about
# SAVE_AREA_BYTES of the drive. HOST_KEY_NAME held at power-on lends the drive to the computer instead.
DRIVE_ERASE_BYTES = 4096
SAVE_SLOTS = 32
SAVE_FILE_BYTES = 6144
SAVE_RECORD_BYTES = 1024
SAVE_AREA_BYTES = 270336
HOST_KEY_NAME = "SELECT"
HAS_SPEAKER = True  # board.SPEAKER, switched by board.SPEAKER_ENABLE
# The CIRCUITPY drive lives on the board's 2 MB QSPI flash (Adafruit PyBadge pinouts page); the FAT file system
# and CircuitPython's own files take part of it: 5% is held back for those and a margin, and the bundle must fit
# the rest.
FLASH_FREE_BYTES = 1992294

import board
import keypad
import microcontroller

from boards.base import (ShiftRegisterButtons, SaveFiles, Speaker, grid_indexer, grid_pixels, monotonic_ms,  # noqa: F401
                         random_seed, relaunched, reload)

display = board.DISPLAY
display.auto_refresh = False
nvm = microcontroller.nvm
save_files = SaveFiles(SAVE_SLOTS, SAVE_RECORD_BYTES)
buttons = ShiftRegisterButtons(
    keypad.ShiftRegisterKeys(
        clock=board.BUTTON_CLOCK, data=board.BUTTON_OUT, latch=board.BUTTON_LATCH, key_count=8,
        value_when_pressed=True,
    )
)
pixels = grid_pixels(LED_PIN_NAME, LED_BRIGHTNESS_MAX)
led_index = grid_indexer(LED_SERPENTINE)
speaker = Speaker("SPEAKER", "SPEAKER_ENABLE")
