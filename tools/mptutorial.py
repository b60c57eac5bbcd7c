# SPDX-License-Identifier: MIT
"""A game's tutorial on the device VM, as the device opens it:

    tools/mptutorial.mpy BUILT_INS GAME

BUILT_INS as for tools/mpfirmware.py (imported before the first reading: the device builds them in). A script of its
own, not a mode of mpfirmware.py, because a script's own code shares the heap of the runs it makes (tools/mpforms.py
says the same). Prints one JSON line: ``tutorial_peak``, the most heap in use after a collection, in bytes.
"""

import gc
import sys


def tutorial(name, base):
    """A game's tutorial as the device opens it, on a fresh heap like a game (``firmware.tutorials.open_tutorial``
    restarts the program into it): the app, the tutorial screen with its lesson and the game's view, and the
    lesson's game played step by step (its engine; no computer player: the lesson plays the other side)."""
    import firmware.app  # noqa: F401
    from core import games
    from firmware.screens.tutorial import start_game
    from firmware.tutorials import lesson

    steps = lesson(name).STEPS
    __import__("firmware.views." + name.replace("-", "_"))
    session = start_game(name)
    notation = games.load(name, "notation")
    gc.collect()
    peak = gc.mem_alloc() - base
    for _, _, move_text, replies in steps:
        for text in ((move_text,) if move_text is not None else ()) + tuple(replies):
            session.game.apply(notation.parse_move(session.game, text))
            gc.collect()
            peak = max(peak, gc.mem_alloc() - base)
    print('{"tutorial_peak": %d}' % peak)


def _load_profile():
    """The PyBadge's profile, loaded as code.py loads it: nothing keeps boards.select once this returns."""
    from boards.select import load

    return load("pybadge")


def main(argv):
    for module in argv[0].split(","):
        __import__(module)
    gc.collect()
    base = gc.mem_alloc()
    _load_profile()
    tutorial(argv[1], base)


main(sys.argv[1:])
