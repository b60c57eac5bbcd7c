# SPDX-License-Identifier: MIT
"""Which profile a board uses, from CircuitPython's ``board.board_id``; the device's code.py calls ``load``."""

# The save slots on the drive, (SAVE_SLOTS, SAVE_FILE_BYTES): the same in every profile, for boot.py, which lays
# them out before any profile is imported (tests/test_boards.py checks they agree).
SAVE_LAYOUT = (32, 6144)

# (board.board_id, profile module in boards/)
SUPPORTED = (("pybadge", "pybadge"), ("pygamer", "pygamer"), ("pimoroni_picosystem", "picosystem"))


class UnsupportedBoard(Exception):
    """Raised by ``load`` for a board with no profile; the message lists the supported ones."""


def profile_name(board_id):
    for known, name in SUPPORTED:
        if known == board_id:
            return name
    raise UnsupportedBoard("No profile for board '{}'.\nSupported: {}".format(
        board_id, ", ".join(known for known, _ in SUPPORTED)))


def load(board_id):
    """Import and return the profile module for ``board_id`` (this sets up the board's hardware). This module is then
    forgotten, as nothing on the device needs it again: once the caller drops its own names from it, its heap
    (about 1 KB) goes to the game, whose play screen has little to spare on the PyBadge (docs/device.md)."""
    import sys

    name = profile_name(board_id)
    profile = getattr(__import__("boards." + name), name)
    del sys.modules[__name__]
    package = sys.modules["boards"]
    if hasattr(package, "select"):
        delattr(package, "select")  # the package's reference would keep the module alive
    return profile


def show_unsupported(message):
    """Say on the console and, where the board has a built-in display, on screen that it is not supported."""
    print(message)
    import board

    display = getattr(board, "DISPLAY", None)
    if display is None:
        return
    import displayio
    import terminalio
    from adafruit_display_text import label

    group = displayio.Group()
    group.append(label.Label(terminalio.FONT, text=message.replace(", ", ",\n"), color=0xFFFFFF, x=4, y=8))
    display.root_group = group
    while True:
        pass


def host_key_held(board):
    """Whether the key that lends the drive to the computer (SELECT; Y on the PicoSystem) is held: read by boot.py
    before USB starts, so it needs no profile (a profile sets up the display). ``board`` is CircuitPython's."""
    import keypad
    import time

    if hasattr(board, "BUTTON_LATCH"):  # PyBadge, PyGamer: the buttons' shift register; SELECT is key 3
        keys = keypad.ShiftRegisterKeys(clock=board.BUTTON_CLOCK, data=board.BUTTON_OUT, latch=board.BUTTON_LATCH,
                                        key_count=4, value_when_pressed=True)
        number = 3
    elif hasattr(board, "SW_Y"):  # PicoSystem
        keys = keypad.Keys((board.SW_Y,), value_when_pressed=False, pull=True)
        number = 0
    else:
        return False
    time.sleep(0.05)  # a few scans: a key held from the start reports a press on the first one
    held = False
    event = keys.events.get()
    while event is not None:
        if event.pressed and event.key_number == number:
            held = True
        event = keys.events.get()
    keys.deinit()
    return held
