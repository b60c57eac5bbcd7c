# SPDX-License-Identifier: MIT
"""Which profile a board uses, from CircuitPython's ``board.board_id``; the device's code.py calls ``load``."""

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
    """Import and return the profile module for ``board_id`` (this sets up the board's hardware)."""
    name = profile_name(board_id)
    module = __import__("boards." + name)
    return getattr(module, name)


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
