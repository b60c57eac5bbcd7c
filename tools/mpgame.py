# SPDX-License-Identifier: MIT
"""One whole computer-vs-computer game on a MicroPython heap, for the heap and stack figures of the bench.

    micropython tools/mpgame.py RULES_MODULE AI_MODULE CONFIG LEVEL SEED     (CONFIG may be "")

Prints one JSON line: ``import_bytes`` (the heap the engine and computer player take once imported, after a
collection), ``after_game`` (in use at the end, after a collection), ``moves``, ``result`` and, on the device
VM, ``pystack_peak`` (the Python stack's high-water mark in bytes). Nothing else is imported first, so the
smallest heap at which it completes is the game's real footprint; the bench runs it compiled to .mpy.
"""

import gc
import sys


def _module(path):
    module = __import__(path)
    for part in path.split(".")[1:]:
        module = getattr(module, part)
    return module


def main(argv):
    gc.collect()
    base = gc.mem_alloc()
    rules = _module(argv[0])
    ai = _module(argv[1])
    gc.collect()
    imported = gc.mem_alloc() - base
    game = rules.Game(argv[2], int(argv[4]))
    players = [ai.Ai(argv[3], 11 + seat) for seat in range(8)]
    moves = 0
    while not game.is_over() and moves < 20000:
        game.apply(players[game.current_player()].choose(game))
        moves += 1
    gc.collect()
    peak = -1
    try:
        import devicevm

        peak = devicevm.pystack_peak()
    except ImportError:
        pass
    print('{"import_bytes": %d, "after_game": %d, "moves": %d, "result": %d, "pystack_peak": %d}' % (
        imported, gc.mem_alloc() - base, moves, game.result(), peak))


main(sys.argv[1:])
