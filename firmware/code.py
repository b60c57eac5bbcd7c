# SPDX-License-Identifier: MIT
"""Device entry point (copied to the CIRCUITPY root): find this board's profile and run the application.

tools/build.py also writes each game's tutorial entry file (firmware.tutorials.TUTORIAL_ENTRY) from this file,
with TUTORIAL naming the game: the board runs it once on a fresh heap when a tutorial opens
(firmware.tutorials.open_tutorial)."""

import board

from boards.select import UnsupportedBoard, load, show_unsupported

TUTORIAL = None

try:
    profile = load(board.board_id)
except UnsupportedBoard as err:
    show_unsupported(str(err))
else:
    from firmware.app import main

    main(profile, TUTORIAL)
