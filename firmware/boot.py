# SPDX-License-Identifier: MIT
"""Device boot (copied to the CIRCUITPY root): a game console needs no USB keyboard or MIDI device.

Saves live in microcontroller.nvm, so the drive stays writable by the computer it is plugged into.
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
