# SPDX-License-Identifier: MIT
"""The firmware's heap on the device VM, along the two paths the device takes.

    tools/mpfirmware.mpy BUILT_INS built-ins                   the heap the stand-ins take
    tools/mpfirmware.mpy BUILT_INS menus                       the board profile and the menus
    tools/mpfirmware.mpy BUILT_INS GAME CONFIG LEVEL SEED      a game played through the firmware

(on the device VM, from tools.verify's built tree). The CircuitPython-only modules are inert stand-ins
(tools/verify.py), so the display's own bitmaps and the hardware drivers' buffers are not counted. BUILT_INS names
them, comma-separated: they are imported before the first reading, because on the device they are built into the
firmware and their import costs no heap; ``built-ins`` prints what they take on the VM, by which tools.verify
enlarges the VM's heap.

A game never shares the heap with the menus: ``App.play`` restarts the program into the game (``supervisor.reload``),
so the game run imports what code.py imports then (the board profile, the app, the play screen, the game's view,
engine and computer player) and no menu screen. Prints one JSON line of heap in use after a collection, in bytes:
``before_game`` once the board profile and the menu screens are imported; or ``game_ready`` once a session with a
computer in every seat is set up, ``peak`` the most in use after any move of the whole game, ``moves`` and, on the
device VM, ``pystack_peak`` (the Python stack's high-water mark in bytes).
"""

import gc
import sys


def menus():
    import firmware.app  # noqa: F401
    import firmware.screens.main_menu  # noqa: F401
    import firmware.screens.new_game  # noqa: F401
    import firmware.screens.title  # noqa: F401


def game(name, config, level, seed, base):
    import firmware.app  # noqa: F401
    from core import games
    from firmware.session import Session

    # in the device's order: App.resume decodes the saved session (its engine and computer player, the state's
    # checks), then shows the play screen, which imports the game's view
    ai = games.load(name, "ai")
    level_index = list(ai.Ai.LEVELS).index(level)
    rules = games.load(name, "rules")
    seats = [1 + level_index] * rules.Game(config, seed).player_count()
    session = Session.decode(Session.new(name, config, seats, seed).encode())
    gc.collect()
    import firmware.screens.play  # noqa: F401

    __import__("firmware.views." + name.replace("-", "_"))
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
    print('{"game_ready": %d, "peak": %d, "moves": %d, "pystack_peak": %d}' % (game_ready, peak, moves, stack))


def main(argv):
    gc.collect()
    before = gc.mem_alloc()
    for module in argv[0].split(","):
        __import__(module)
    gc.collect()
    base = gc.mem_alloc()
    if argv[1] == "built-ins":
        print('{"built_ins": %d}' % (base - before))
        return
    from boards.select import load

    load("pybadge")
    if argv[1] == "menus":
        menus()
        gc.collect()
        print('{"before_game": %d}' % (gc.mem_alloc() - base))
    else:
        game(argv[1], argv[2], argv[3], int(argv[4]), base)


main(sys.argv[1:])
