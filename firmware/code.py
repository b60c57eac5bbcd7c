# SPDX-License-Identifier: MIT
"""Device entry point (copied to the CIRCUITPY root): find this board's profile and run the application.

tools/build.py also writes each game's tutorial entry file (firmware.tutorials.TUTORIAL_ENTRY) from this file,
with TUTORIAL naming the game: the board runs it once on a fresh heap when a tutorial opens
(firmware.tutorials.open_tutorial)."""

import board

TUTORIAL = None


def board_profile():
    """This board's profile; on a board without one, say so and stop. boards.select forgets itself once the profile
    is loaded, and its names here end with this call, so its heap goes to the game."""
    from boards.select import UnsupportedBoard, load, show_unsupported

    try:
        return load(board.board_id)
    except UnsupportedBoard as err:
        show_unsupported(str(err))  # does not return


profile = board_profile()
from firmware.app import main  # noqa: E402

main(profile, TUTORIAL)
