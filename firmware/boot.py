# SPDX-License-Identifier: MIT
"""Device boot (copied to the CIRCUITPY root): who may write the drive, and no USB keyboard or MIDI device.

The firmware keeps its saves on the drive (docs/device.md, "Saves and settings"), so by default it takes the
drive: ``storage.remount("/", readonly=False)`` makes it writable by the firmware and read-only to a computer.
Holding SELECT (Y on the PicoSystem) while the board starts lends the drive to the computer instead, to copy a new
bundle onto it; the firmware then keeps its saves in microcontroller.nvm alone, and its Settings say so. boot.py
runs before USB starts, so it cannot ask whether a computer is connected; a key is the reliable signal.
"""

try:
    import usb_hid

    usb_hid.disable()
except ImportError:
    pass
try:
    import usb_midi

    usb_midi.disable()
except ImportError:
    pass

import board
import storage

from boards.select import host_key_held

# Nothing is printed: boot_out.txt is rewritten whenever boot.py's output changes, and every write to the drive is a
# flash erase (and a moment in which a power cut can damage it).
if not host_key_held(board):
    try:
        storage.remount("/", readonly=False)
    except RuntimeError:  # the drive is busy with a computer already: it stays with the computer
        pass
    else:
        from boards.base import make_save_files
        from boards.select import SAVE_LAYOUT

        make_save_files(*SAVE_LAYOUT)
