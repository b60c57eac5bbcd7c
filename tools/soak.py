# SPDX-License-Identifier: MIT
"""Soak: many computer-vs-computer games in one process, checking every game ends and memory does not grow.

    python -m tools.soak GAME [--games N] [--micropython [--heap-kb 112]] [--seed S]

Under CPython it plays N games and checks each one ends with a result. With ``--micropython`` the games run in
one MicroPython process with a capped heap, the core loaded as .mpy files as on the device; after each game a
collection runs, and the heap in use (``gc.mem_alloc()``) must come back to the baseline of the first game
(within ``SLACK_BYTES``, since a dict or list may keep a grown capacity once). Prints the figures; exits 1 on a
failure, naming the seed.
"""

import argparse
import json
import subprocess
import sys
from pathlib import Path

from core import games

ROOT = Path(__file__).resolve().parent.parent
from tools.mpvm import MICROPYTHON  # noqa: E402
SLACK_BYTES = 512
# The MicroPython heap the games run in. The soak checks that memory does not grow; whether a game fits the device is
# checked on the device VM, with the device's 32-bit objects and heap budget (tests/test_device_budgets.py). The unix
# port's 64-bit objects need about 1.4 times as much: Pave the Way, the largest, needs 98 KB here (2026-11-28) and
# 72 KB on the device VM, where its budget is 82 KB (devicevm.GAME_HEAP_KB). So this is that budget scaled, 112 KB.
HEAP_KB = 112
MOVE_LIMIT = 20000

# Runs under both VMs: prints one JSON line per game.
_SOAK = '''import gc, sys
sys.path.insert(0, {root!r})
sys.path.insert(0, {compiled!r})
from {package}.rules import Game
from {package}.ai import Ai
def play(seed):
    game = Game({config!r}, seed)
    players = [Ai(Ai.LEVELS[(seed + seat) % len(Ai.LEVELS)], seed * 8 + seat) for seat in range(8)]
    moves = 0
    while not game.is_over() and moves < {limit}:
        game.apply(players[game.current_player()].choose(game))
        moves += 1
    return game.result(), moves
for seed in range({first}, {first} + {count}):
    result, moves = play(seed)
    gc.collect()
    used = gc.mem_alloc() if hasattr(gc, "mem_alloc") else 0
    print('{{"seed": %d, "result": %d, "moves": %d, "mem_alloc": %d}}' % (seed, result, moves, used))
'''


def soak(name, count, first_seed=0, micropython=False, heap_kb=HEAP_KB, config=""):
    """Play ``count`` games; return (figures, failures).

    Under MicroPython ``core`` and the game's package are loaded as .mpy files, as on the device (compiling the
    source takes heap of its own).
    """
    compiled = ""
    if micropython:
        import tempfile

        from tools.build import compile_packages

        compiled = tempfile.mkdtemp(prefix="soak-mpy-")
        # the game's own package compiled too: the build folds core's constants, so source importing them fails
        compile_packages(sorted({"core", games.package(name).split(".")[0]}), compiled)
    code = _SOAK.format(root=str(ROOT), compiled=compiled, package=games.package(name), config=config,
                        limit=MOVE_LIMIT, first=first_seed, count=count)
    if micropython:
        args = [str(MICROPYTHON), "-X", "heapsize={}k".format(heap_kb), "-c", code]
    else:
        args = [sys.executable, "-c", code]
    done = subprocess.run(args, cwd=ROOT, capture_output=True, text=True)
    rows = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
    failures = []
    if done.returncode != 0:
        seed = rows[-1]["seed"] + 1 if rows else first_seed
        # MicroPython's unix port prints an uncaught exception's traceback on stdout
        last = [line for line in done.stderr.splitlines() + done.stdout.splitlines()
                if line.strip() and line[0] != "{"][-1:]
        failures.append("seed {}: the process failed: {}".format(seed, last[0] if last else "no message"))
    for row in rows:
        if row["result"] < -2 or row["moves"] >= MOVE_LIMIT:
            failures.append("seed {}: no result after {} moves".format(row["seed"], row["moves"]))
    figures = {"games": len(rows), "moves": sum(r["moves"] for r in rows)}
    if micropython and rows:
        baseline = rows[0]["mem_alloc"]
        peak = max(r["mem_alloc"] for r in rows)
        figures.update({"mem_alloc_baseline": baseline, "mem_alloc_max": peak, "mem_alloc_last": rows[-1]["mem_alloc"]})
        if rows[-1]["mem_alloc"] > baseline + SLACK_BYTES:
            failures.append("heap in use grew from {} to {} bytes over {} games".format(
                baseline, rows[-1]["mem_alloc"], len(rows)))
    return figures, failures


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m tools.soak", description=__doc__.split("\n\n")[0])
    parser.add_argument("game", choices=games.names())
    parser.add_argument("--games", type=int, default=10000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--micropython", action="store_true")
    parser.add_argument("--heap-kb", type=int, default=HEAP_KB)
    options = parser.parse_args(argv)
    figures, failures = soak(options.game, options.games, options.seed, options.micropython, options.heap_kb)
    print(" ".join("{}={}".format(k, figures[k]) for k in sorted(figures)))
    for line in failures:
        print("FAILED:", line)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
