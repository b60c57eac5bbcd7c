# SPDX-License-Identifier: MIT
"""Print a seeded random game of every registered game (and the race fixture) as hex states, one per step.

Run by CPython and by MicroPython; the cross-VM test compares the two outputs byte for byte.
Usage: ``trace.py GAMES SEEDS MAX_STEPS``, e.g. ``tests/core/trace.py all 3 400``.
"""

import sys

sys.path.insert(0, ".")

from core import games
from core.game import move_buffer
from core.prng import Prng
from tests.fixtures import race


def _hex(data):
    return "".join("{:02x}".format(b) for b in data)


def trace(rules, config, seed, max_steps, out):
    game = rules.Game(config, seed)
    chooser = Prng(seed + 1)
    buf = move_buffer(rules.Game.MAX_MOVES)
    out("{} {} {}".format(rules.Game.NAME, seed, _hex(game.encode())))
    for _ in range(max_steps):
        count = game.legal_moves(buf)
        if count == 0:
            break
        game.apply(buf[chooser.below(count)])
        out(_hex(game.encode()))


def main(argv):
    which, seeds, max_steps = argv[0], int(argv[1]), int(argv[2])
    modules = [race]
    for name in games.names():
        if which in ("all", name):
            modules.append(games.load(name, "rules"))
    for rules in modules:
        schema = rules.Game.CONFIG_SCHEMA
        players = [f for f in schema if f[0] == "players"]
        for seed in range(seeds):
            config = ""
            if players:
                low, high = players[0][2], players[0][3]
                config = "players={}".format(low + seed % (high - low + 1))
            trace(rules, config, seed, max_steps, print)


if __name__ == "__main__":
    main(sys.argv[1:])
