# SPDX-License-Identifier: MIT
"""Each game's lesson for the tutorial screen (firmware/screens/tutorial.py) and its legend for How to play: one
module a game, named after it."""


def lesson(name):
    """The lesson module of the game called ``name``; ImportError when it has none."""
    return __import__("firmware.tutorials." + name.replace("-", "_"), None, None, ["STEPS"])
