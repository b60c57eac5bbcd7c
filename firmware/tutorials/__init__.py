# SPDX-License-Identifier: MIT
"""Each game's lesson for the tutorial screen (firmware/screens/tutorial.py) and its legend for How to play: one
module a game, named after it."""


# A tutorial's entry file on the drive (tools/build.py writes one a game): code.py's program with the game's tutorial
# open, run once through the board's reload(entry)
TUTORIAL_ENTRY = "/learn/{}.py"


def open_tutorial(app, name):
    """Open ``name``'s tutorial. Where the board can restart its program, in a program of its own, on a fresh heap
    as a game gets (the lesson's game, view and play screen do not fit beside the menus): its entry file runs once,
    then code.py again. (Here, not in the app: the game's program need not hold it.)"""
    reload = getattr(app.profile, "reload", None)
    if reload is None:
        app.go("tutorial.TutorialScreen", name)
        return
    reload(TUTORIAL_ENTRY.format(name.replace("-", "_")))


def tutorial_of_entry(entry):
    """The game whose tutorial the entry file ``entry`` opens."""
    return entry.rsplit("/", 1)[-1][:-3].replace("_", "-")


def lesson(name):
    """The lesson module of the game called ``name``; ImportError when it has none."""
    return __import__("firmware.tutorials." + name.replace("-", "_"), None, None, ["STEPS"])
