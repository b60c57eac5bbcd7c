# SPDX-License-Identifier: MIT
"""Device entry point (copied to the CIRCUITPY root): find this board's profile and run the application."""

import board

from boards.select import UnsupportedBoard, load, show_unsupported

try:
    profile = load(board.board_id)
except UnsupportedBoard as err:
    show_unsupported(str(err))
else:
    from firmware.app import main

    main(profile)
