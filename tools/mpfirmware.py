# SPDX-License-Identifier: MIT
"""The firmware's heap on the device VM: the board profile and menus loaded, then one game played through it.

    tools/mpfirmware.mpy GAME CONFIG LEVEL SEED       (on the device VM, from tools.verify's built tree)

The CircuitPython-only modules are inert stand-ins (tools/verify.py), so the display's own bitmaps and the
hardware drivers' buffers are not counted. Prints one JSON line of heap in use after a collection, in bytes:
``before_game`` once the board profile (boards.select, as code.py loads it) and the menu screens are imported,
``game_ready`` once the play screen, the game's view, engine and computer player are imported and a session with
a computer in every seat is set up, ``peak`` the most in use after any move of the whole game, ``moves`` and, on
the device VM, ``pystack_peak`` (the Python stack's high-water mark in bytes).
"""

import gc
import sys


def main(argv):
    name, config, level, seed = argv[0], argv[1], argv[2], int(argv[3])
    gc.collect()
    base = gc.mem_alloc()
    from boards.select import load

    load("pybadge")
    import firmware.app  # noqa: F401
    import firmware.screens.main_menu  # noqa: F401
    import firmware.screens.new_game  # noqa: F401
    import firmware.screens.title  # noqa: F401

    gc.collect()
    before_game = gc.mem_alloc() - base
    import firmware.screens.play  # noqa: F401
    from firmware.session import Session

    __import__("firmware.views." + name.replace("-", "_"))
    from core import games

    ai = games.load(name, "ai")
    level_index = list(ai.Ai.LEVELS).index(level)
    rules = games.load(name, "rules")
    seats = [1 + level_index] * rules.Game(config, seed).player_count()
    session = Session.new(name, config, seats, seed)
    gc.collect()
    game_ready = gc.mem_alloc() - base
    peak = game_ready
    moves = 0
    while not session.game.is_over() and moves < 20000:
        session.computer_move()
        moves += 1
        gc.collect()
        used = gc.mem_alloc() - base
        if used > peak:
            peak = used
    stack = -1
    try:
        import devicevm

        stack = devicevm.pystack_peak()
    except ImportError:
        pass
    print('{"before_game": %d, "game_ready": %d, "peak": %d, "moves": %d, "pystack_peak": %d}' % (
        before_game, game_ready, peak, moves, stack))


main(sys.argv[1:])
