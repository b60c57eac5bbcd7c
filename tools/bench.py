# SPDX-License-Identifier: MIT
"""Benchmarks of an engine and its computer player, under MicroPython and CPython.

    python -m tools.bench GAME [--json] [--games N] [--seeds N] [--players N]

prints (with ``--json``, as one JSON object):

  alloc_bytes_per_move           most bytes one legal_moves + apply_legal allocated in random games, after
                                 warm-up (MicroPython, collector off)
  alloc_bytes_per_decision_max   most bytes one computer decision allocated (MicroPython), after the player's
                                 first decision; alloc_bytes_first_decision_max is that one-time allocation
  min_heap_kb                    smallest ``micropython -X heapsize`` (KB) at which a whole computer-vs-computer
                                 game (most players, min_heap_config; strongest level) completes, imports of
                                 the .mpy files included
  decision_ms_unix_median, _p95  computer decision time under unix MicroPython
  device_factor                  estimated SAMD51-device time / unix-MicroPython time (tools/refwork.py)
  decision_s_device_median, _p95 the decision times converted with that factor
  turn_ms_unix_median, _p95, turn_s_device_median, _p95, alloc_bytes_per_turn_max
                                 the same per turn: the decisions one player makes in a row (a Pave the Way
                                 turn is up to five actions), its first decision's allocation left out
  playouts_per_s_cpython, _micropython   random playouts per second
  winrates                       match name -> {"won": fraction, "draws": n, "games": n}; the default level
                                 against each weaker level, against uniform random play and against the
                                 engine's ``BENCH_OPPONENTS``, seats alternated; solo games: each level alone

Speed is measured here, never asserted in tests. The same functions serve the engines' own scripts.
"""

import argparse
import json
import subprocess
import sys
from pathlib import Path

from core import games
from core.game import move_buffer
from core.prng import Prng
from tools import refwork
from tools.verify import most_players

ROOT = Path(__file__).resolve().parent.parent
from tools.mpvm import MICROPYTHON  # noqa: E402
MEASURE_HEAP_KB = 2048
HEAP_SEARCH_KB = (8, 1024)
RANDOM = "random"


def micropython_job(job, rules_module="", ai_module="", config="", seeds="0:1", level=None, heap_kb=MEASURE_HEAP_KB):
    """Run one tools/mpbench.py job under MicroPython; return its JSON result, or None if it failed."""
    args = [str(MICROPYTHON), "-X", "heapsize={}k".format(heap_kb), "tools/mpbench.py", job]
    if job != "refwork":
        args += [rules_module, ai_module, config, seeds] + ([level] if level else [])
    done = subprocess.run(args, cwd=ROOT, capture_output=True, text=True, timeout=3600)
    if done.returncode != 0:
        return None
    return json.loads(done.stdout.strip().splitlines()[-1])


def min_heap_kb(rules_module, ai_module, compiled=None, config=""):
    """Binary search for the smallest heap (KB) at which one whole computer game completes, imports included.

    The modules are compiled to .mpy first, as on the device: compiling source would need heap of its own.
    """
    import tempfile

    from tools.build import compile_packages
    from tools.verify import play_within

    if compiled is None:
        compiled = Path(tempfile.mkdtemp(prefix="bench-mpy-"))
        compile_packages(sorted({"core", rules_module.split(".")[0], ai_module.split(".")[0]}), compiled)
    low, high = HEAP_SEARCH_KB
    if play_within(compiled, rules_module, ai_module, high, config) is None:
        return None
    while low < high:
        mid = (low + high) // 2
        if play_within(compiled, rules_module, ai_module, mid, config) is None:
            low = mid + 1
        else:
            high = mid
    return low


def device_factor():
    """Estimated device time over unix-MicroPython time, from the reference workload timed in this run."""
    measured = micropython_job("refwork")["refwork_ms"]
    return refwork.DEVICE_MS / measured, measured


class RandomPlayer:
    """Uniformly random legal moves, from its own generator."""

    def __init__(self, rules, seed):
        self.rng = Prng(seed & 0x3FFFFFFF)
        self.buf = move_buffer(rules.Game.MAX_MOVES)

    def choose(self, game):
        return self.buf[self.rng.below(game.legal_moves(self.buf))]


def _player(rules, ai, level, seed):
    return RandomPlayer(rules, seed) if level == RANDOM else ai.Ai(level, seed)


def play_match(rules, ai, config, level_a, level_b, games_count, first_seed=0, move_limit=20000):
    """Play ``level_a`` against ``level_b`` in two-player games, seats alternated; return A's record."""
    won = draws = 0
    for i in range(games_count):
        seed = first_seed + i
        game = rules.Game(config, seed)
        a_seat = i % 2
        players = [None, None]
        players[a_seat] = _player(rules, ai, level_a, seed * 2 + 1)
        players[1 - a_seat] = _player(rules, ai, level_b, seed * 2 + 2)
        moves = 0
        while not game.is_over() and moves < move_limit:
            game.apply(players[game.current_player()].choose(game))
            moves += 1
        result = game.result()
        if result == a_seat:
            won += 1
        elif result < 0:
            draws += 1
    return {"won": won / max(1, games_count), "draws": draws, "games": games_count}


def play_solo(rules, ai, config, level, games_count, first_seed=0, move_limit=20000):
    won = 0
    for seed in range(first_seed, first_seed + games_count):
        game = rules.Game(config, seed)
        player = _player(rules, ai, level, seed + 1)
        moves = 0
        while not game.is_over() and moves < move_limit:
            game.apply(player.choose(game))
            moves += 1
        won += game.result() == 0
    return {"won": won / max(1, games_count), "draws": 0, "games": games_count}


def playouts_per_s_cpython(rules, config, count):
    """The same random playouts as the MicroPython job, timed under this CPython."""
    from tools import mpbench

    return mpbench.job_playouts(rules, None, config, range(count), None)["playouts_per_s"]


def _config_text(rules, players):
    fields = [f[0] for f in rules.Game.CONFIG_SCHEMA]
    return "players={}".format(players) if players is not None and "players" in fields else ""


def run(rules_module, ai_module, players=None, games_count=100, seeds=5):
    """All measurements for one game; returns the JSON-ready dict."""
    rules = __import__(rules_module, fromlist=["Game"])
    ai = __import__(ai_module, fromlist=["Ai"])
    config = _config_text(rules, players)
    span = "0:{}".format(seeds)
    level = ai.Ai.LEVELS[-1] if "normal" not in ai.Ai.LEVELS else "normal"
    report = {"game": rules.Game.NAME, "config": rules.Game(config).config.text(), "level": level}
    report.update(micropython_job("alloc", rules_module, ai_module, config, span) or {"alloc_bytes_per_move": None})
    decisions = micropython_job("decisions", rules_module, ai_module, config, span, level) or {}
    report.update(decisions)
    heaviest = most_players(rules)
    report["min_heap_kb"] = min_heap_kb(rules_module, ai_module, config=heaviest)
    report["min_heap_config"] = heaviest
    factor, ref_ms = device_factor()
    report["device_factor"] = round(factor, 1)
    report["refwork_ms_unix"] = ref_ms
    for key in ("median", "p95"):
        for what in ("decision", "turn"):
            unix_ms = decisions.get("{}_ms_unix_{}".format(what, key))
            report["{}_s_device_{}".format(what, key)] = None if unix_ms is None else round(unix_ms * factor / 1000, 3)
    report["playouts_per_s_cpython"] = round(playouts_per_s_cpython(rules, config, max(seeds, 20)), 1)
    mp = micropython_job("playouts", rules_module, ai_module, config, "0:{}".format(max(seeds, 20)))
    report["playouts_per_s_micropython"] = None if mp is None else round(mp["playouts_per_s"], 1)
    report["winrates"] = winrates(rules, ai, level, games_count)
    return report


def winrates(rules, ai, level, games_count):
    schema = {f[0]: f for f in rules.Game.CONFIG_SCHEMA}
    rates = {}
    if "players" in schema and schema["players"][2] == 1:
        for solo_level in (RANDOM,) + tuple(getattr(ai, "BENCH_OPPONENTS", ())) + tuple(ai.Ai.LEVELS):
            rates["solo_" + solo_level] = play_solo(rules, ai, "players=1", solo_level, games_count)
    two = "players=2" if "players" in schema else ""
    opponents = [RANDOM] + list(getattr(ai, "BENCH_OPPONENTS", ())) + [l for l in ai.Ai.LEVELS if l != level]
    for opponent in opponents:
        rates["{}_vs_{}".format(level, opponent)] = play_match(rules, ai, two, level, opponent, games_count)
    return rates


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m tools.bench", description=__doc__.split("\n\n")[0])
    parser.add_argument("game", choices=games.names())
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--games", type=int, default=100, help="games per win-rate match")
    parser.add_argument("--seeds", type=int, default=5, help="games for allocation and timing")
    parser.add_argument("--players", type=int, help="player count for the MicroPython measurements")
    options = parser.parse_args(argv)
    package = games.package(options.game)
    report = run(package + ".rules", package + ".ai", options.players, options.games, options.seeds)
    if options.json:
        print(json.dumps(report, sort_keys=True))
    else:
        for key in sorted(report):
            print("{:32} {}".format(key, report[key]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
