# SPDX-License-Identifier: MIT
"""Benchmarks of an engine and its computer player, under MicroPython and CPython.

    python -m tools.bench GAME [--json] [--games N] [--seeds N] [--players N] [--level L] [--reference-games N]
                               [--reference-playouts N]

prints (with ``--json``, as one JSON object):

  alloc_bytes_per_move           most bytes one legal_moves + apply_legal allocated in random games, after
                                 warm-up (collector off; on the device VM when it is built, else unix MicroPython)
  alloc_bytes_per_decision_max   most bytes one computer decision allocated, after the player's first decision;
                                 alloc_bytes_first_decision_max is that one-time allocation, alloc_bytes_per_turn_max
                                 the most one whole turn allocated (same VM as above)
  device_minstr_decision_median, _p95, _max
                                 computer decisions in computer-vs-computer games at the level (``--level``,
                                 default ``normal``; ``level`` in the report), in
                                 millions of instructions on the device VM (tools/devicevm: exact and
                                 repeatable; the collector runs)
  device_minstr_turn_median, _p95, _max
                                 the same per whole turn: the decisions one player makes in a row (a Pave the
                                 Way turn is up to five actions); device_turn_worst lists the worst turns as
                                 [M instructions, seed, turn number in that game (from 0), seat]
  device_s_turn_median, _p95, _max
                                 those turns in seconds on a 120 MHz SAMD51, at tools/refwork.py's
                                 DEVICE_INSTRUCTIONS_PER_S (docs/device.md: "Instructions to seconds")
  device_heap_min_kb             smallest device-VM heap (KB, 32-bit objects) in which a whole game with the most
                                 players (min_heap_config) at the level completes, imports of the .mpy
                                 files included
  device_import_bytes            heap the engine and computer player take once imported from .mpy, on the VM
  device_pystack_min_bytes       the Python stack's high-water mark in that game (the device has 2048 bytes)
  device_refwork_instr           tools/refwork.py's workload on the VM: one timing of it on a real board gives
                                 the real instructions-per-second rate
  min_heap_kb                    the same smallest heap under the 64-bit unix MicroPython (``-X heapsize``)
  playouts_per_s_cpython, _micropython   random playouts per second (host CPython, unix MicroPython)
  winrates                       match name -> {"won": fraction, "draws": n, "games": n, "ci95": [low, high]}
                                 (Wilson 95 % interval of "won"); the level against each other level,
                                 against uniform random play (``random``: the project's generator;
                                 ``random-python``: Python's) and the engine's ``BENCH_OPPONENTS``, seats
                                 alternated; solo games: each level alone. Then every level against the reference
                                 searcher of tools/reference.py, ``LEVEL_vs_reference`` (with its "playouts" per
                                 decision), and solo ``solo_reference``: --reference-games games each (default
                                 20; 0 leaves them out), --reference-playouts to change its budget

The device_* keys are None when the device VM is not built here (``device_vm`` then says why).
Host speed is measured here, never asserted in tests; instruction counts are asserted in
tests/test_device_budgets.py. The same functions serve the engines' own scripts.
"""

import argparse
import json
import subprocess
import sys
from pathlib import Path

from core import games
from core.game import move_buffer
from core.prng import Prng
from tools import devicevm, refwork
from tools.verify import most_players

ROOT = Path(__file__).resolve().parent.parent
from tools.mpvm import MICROPYTHON  # noqa: E402
MEASURE_HEAP_KB = 2048
HEAP_SEARCH_KB = (8, 1024)
RANDOM = "random"
# uniform random play too, from Python's generator rather than the project's: an opponent whose draws the engine's
# own generator cannot line up with (issue 22: it found Pave the Way draws the first did not)
OTHER_RANDOM = "random-python"
REFERENCE = "reference"  # tools/reference.py: the yardstick (issue 22)
REFERENCE_GAMES = 20  # games per reference match by default: each takes seconds to minutes of CPython


DEVICE_HEAP_SEARCH_KB = (16, 1024)


def _job_args(job, rules_module, ai_module, config, seeds, level):
    args = [job]
    if job != "refwork":
        args += [rules_module, ai_module, config, seeds] + ([level] if level else [])
    return args


def micropython_job(job, rules_module="", ai_module="", config="", seeds="0:1", level=None, heap_kb=MEASURE_HEAP_KB):
    """Run one tools/mpbench.py job under the unix MicroPython; return its JSON result, or None if it failed."""
    args = [str(MICROPYTHON), "-X", "heapsize={}k".format(heap_kb), "tools/mpbench.py"]
    args += _job_args(job, rules_module, ai_module, config, seeds, level)
    done = subprocess.run(args, cwd=ROOT, capture_output=True, text=True, timeout=3600)
    if done.returncode != 0:
        return None
    return json.loads(done.stdout.strip().splitlines()[-1])


def device_job(compiled, job, rules_module="", ai_module="", config="", seeds="0:1", level=None,
               heap_kb=MEASURE_HEAP_KB):
    """Run one tools/mpbench.py job on the device VM from the .mpy files in ``compiled``; its JSON result, or
    None if it failed."""
    done = devicevm.run(["tools/mpbench.mpy"] + _job_args(job, rules_module, ai_module, config, seeds, level),
                        cwd=compiled, heap_kb=heap_kb, pystack=64 * 1024)
    if done.returncode != 0:
        return None
    return json.loads(done.stdout.strip().splitlines()[-1])


def device_game(compiled, rules_module, ai_module, config, level, heap_kb, seed=1):
    """One whole computer game (tools/mpgame.py) on the device VM within ``heap_kb`` and the device's 2 KB Python
    stack; its JSON figures, or None if it did not complete."""
    done = devicevm.run(["tools/mpgame.mpy", rules_module, ai_module, config, level, str(seed)], cwd=compiled,
                        heap_kb=heap_kb)
    if done.returncode != 0:
        return None
    return json.loads(done.stdout.strip().splitlines()[-1])


def device_min_heap_kb(compiled, rules_module, ai_module, config, level):
    """Binary search for the smallest device-VM heap (KB) in which ``device_game`` completes; None if it does not
    complete even in the largest."""
    low, high = DEVICE_HEAP_SEARCH_KB
    if device_game(compiled, rules_module, ai_module, config, level, high) is None:
        return None
    while low < high:
        mid = (low + high) // 2
        if device_game(compiled, rules_module, ai_module, config, level, mid) is None:
            low = mid + 1
        else:
            high = mid
    return low


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


class RandomPlayer:
    """Uniformly random legal moves, from its own generator: the project's ``Prng``, or with ``python`` Python's
    ``random.Random``."""

    def __init__(self, rules, seed, python=False):
        if python:
            import random

            self.below = random.Random(seed).randrange
        else:
            self.below = Prng(seed & 0x3FFFFFFF).below
        self.buf = move_buffer(rules.Game.MAX_MOVES)

    def choose(self, game):
        return self.buf[self.below(game.legal_moves(self.buf))]


def _player(rules, ai, level, seed, playouts=None):
    if level in (RANDOM, OTHER_RANDOM):
        return RandomPlayer(rules, seed, level == OTHER_RANDOM)
    if level == REFERENCE:
        from tools.reference import Reference

        return Reference(rules.Game.NAME, playouts=playouts, seed=seed)
    return ai.Ai(level, seed)


def _record(wins, draws, games_count):
    """A match's record: A's share of wins, the draws, the games, and the Wilson 95 % interval of the share."""
    from tools.reference import wilson

    low, high = wilson(wins, games_count)
    return {"won": wins / max(1, games_count), "draws": draws, "games": games_count,
            "ci95": [round(low, 3), round(high, 3)]}


def play_match(rules, ai, config, level_a, level_b, games_count, first_seed=0, move_limit=20000, playouts=None):
    """Play ``level_a`` against ``level_b`` in two-player games, seats alternated; return A's record. A level is
    one of the player's, ``random`` or ``reference`` (tools/reference.py, with ``playouts`` per decision)."""
    won = draws = 0
    for i in range(games_count):
        seed = first_seed + i
        game = rules.Game(config, seed)
        a_seat = seed % 2  # seats alternate with the seed, so a match split into parts plays the same games
        players = [None, None]
        players[a_seat] = _player(rules, ai, level_a, seed * 2 + 1, playouts)
        players[1 - a_seat] = _player(rules, ai, level_b, seed * 2 + 2, playouts)
        moves = 0
        while not game.is_over() and moves < move_limit:
            game.apply(players[game.current_player()].choose(game))
            moves += 1
        result = game.result()
        if result == a_seat:
            won += 1
        elif result < 0:
            draws += 1
    return _record(won, draws, games_count)


def play_solo(rules, ai, config, level, games_count, first_seed=0, move_limit=20000, playouts=None):
    won = 0
    for seed in range(first_seed, first_seed + games_count):
        game = rules.Game(config, seed)
        player = _player(rules, ai, level, seed + 1, playouts)
        moves = 0
        while not game.is_over() and moves < move_limit:
            game.apply(player.choose(game))
            moves += 1
        won += game.result() == 0
    return _record(won, 0, games_count)


def playouts_per_s_cpython(rules, config, count):
    """The same random playouts as the MicroPython job, timed under this CPython."""
    from tools import mpbench

    return mpbench.job_playouts(rules, None, config, range(count), None)["playouts_per_s"]


def _config_text(rules, players):
    fields = [f[0] for f in rules.Game.CONFIG_SCHEMA]
    return "players={}".format(players) if players is not None and "players" in fields else ""


def _minstr(instructions):
    return round(instructions / 1e6, 3)


def device_figures(rules_module, ai_module, config, heaviest, level, span):
    """The device_* keys (and the allocation figures, 32-bit) from the device VM."""
    import tempfile

    compiled = devicevm.compile_tree(Path(tempfile.mkdtemp(prefix="bench-vm-")),
                                     packages=sorted({"core", rules_module.split(".")[0], ai_module.split(".")[0]}))
    report = {}
    report.update(device_job(compiled, "alloc", rules_module, ai_module, config, span)
                  or {"alloc_bytes_per_move": None})
    decisions = device_job(compiled, "decisions", rules_module, ai_module, config, span, level) or {}
    for key in ("alloc_bytes_per_decision_max", "alloc_bytes_first_decision_max", "alloc_bytes_per_turn_max",
                "decisions", "turns"):
        report[key] = decisions.get(key)
    for what in ("decision", "turn"):
        for stat in ("median", "p95", "max"):
            instructions = decisions.get("{}_instr_{}".format(what, stat))
            report["device_minstr_{}_{}".format(what, stat)] = None if instructions is None else _minstr(instructions)
            if what == "turn":
                report["device_s_turn_{}".format(stat)] = (
                    None if instructions is None else round(instructions / refwork.DEVICE_INSTRUCTIONS_PER_S, 3))
    report["device_turn_worst"] = [[_minstr(t[0])] + t[1:] for t in decisions.get("turn_worst", [])]
    report["device_heap_min_kb"] = device_min_heap_kb(compiled, rules_module, ai_module, heaviest, level)
    game = device_game(compiled, rules_module, ai_module, heaviest, level, MEASURE_HEAP_KB) or {}
    report["device_import_bytes"] = game.get("import_bytes")
    report["device_pystack_min_bytes"] = game.get("pystack_peak")
    refwork_job = device_job(compiled, "refwork") or {}
    report["device_refwork_instr"] = refwork_job.get("refwork_instr")
    return report


DEVICE_KEYS = (
    "device_minstr_decision_median", "device_minstr_decision_p95", "device_minstr_decision_max",
    "device_minstr_turn_median", "device_minstr_turn_p95", "device_minstr_turn_max", "device_turn_worst",
    "device_s_turn_median", "device_s_turn_p95", "device_s_turn_max", "device_heap_min_kb", "device_import_bytes",
    "device_pystack_min_bytes", "device_refwork_instr",
)


def run(rules_module, ai_module, players=None, games_count=100, seeds=5, reference_games=REFERENCE_GAMES,
        reference_playouts=None, level=None, first_seed=0):
    """All measurements for one game; returns the JSON-ready dict. ``level`` (default ``normal``) is the level the
    device and allocation figures are for and the one matched against the others; the matches play the seeds from
    ``first_seed`` on."""
    rules = __import__(rules_module, fromlist=["Game"])
    ai = __import__(ai_module, fromlist=["Ai"])
    config = _config_text(rules, players)
    span = "0:{}".format(seeds)
    if level is None:
        level = ai.Ai.LEVELS[-1] if "normal" not in ai.Ai.LEVELS else "normal"
    elif level not in ai.Ai.LEVELS:
        raise ValueError("level must be one of: " + ", ".join(ai.Ai.LEVELS))
    report = {"game": rules.Game.NAME, "config": rules.Game(config).config.text(), "level": level}
    heaviest = most_players(rules)
    report["min_heap_config"] = heaviest
    reason = devicevm.unavailable_reason()
    if reason is None:
        report["device_vm"] = "built"
        report.update(device_figures(rules_module, ai_module, config, heaviest, level, span))
    else:
        report["device_vm"] = reason
        report.update({key: None for key in DEVICE_KEYS})
        report.update(micropython_job("alloc", rules_module, ai_module, config, span) or {"alloc_bytes_per_move": None})
        decisions = micropython_job("decisions", rules_module, ai_module, config, span, level) or {}
        for key in ("alloc_bytes_per_decision_max", "alloc_bytes_first_decision_max", "alloc_bytes_per_turn_max",
                    "decisions", "turns"):
            report[key] = decisions.get(key)
    report["min_heap_kb"] = min_heap_kb(rules_module, ai_module, config=heaviest)
    report["playouts_per_s_cpython"] = round(playouts_per_s_cpython(rules, config, max(seeds, 20)), 1)
    mp = micropython_job("playouts", rules_module, ai_module, config, "0:{}".format(max(seeds, 20)))
    report["playouts_per_s_micropython"] = None if mp is None else round(mp["playouts_per_s"], 1)
    report["first_seed"] = first_seed
    report["winrates"] = winrates(rules, ai, level, games_count, first_seed)
    report["winrates"].update(reference_winrates(rules, ai, reference_games, reference_playouts, first_seed))
    return report


def winrates(rules, ai, level, games_count, first_seed=0):
    schema = {f[0]: f for f in rules.Game.CONFIG_SCHEMA}
    rates = {}
    if "players" in schema and schema["players"][2] == 1:
        for solo_level in (RANDOM,) + tuple(getattr(ai, "BENCH_OPPONENTS", ())) + tuple(ai.Ai.LEVELS):
            rates["solo_" + solo_level] = play_solo(rules, ai, "players=1", solo_level, games_count, first_seed)
    two = "players=2" if "players" in schema else ""
    opponents = [RANDOM, OTHER_RANDOM] + list(getattr(ai, "BENCH_OPPONENTS", ()))
    opponents += [other for other in ai.Ai.LEVELS if other != level]
    for opponent in opponents:
        rates["{}_vs_{}".format(level, opponent)] = play_match(rules, ai, two, level, opponent, games_count, first_seed)
    return rates


def reference_winrates(rules, ai, games_count, playouts=None, first_seed=0):
    """Every level against the reference searcher (tools/reference.py), seats alternated: ``LEVEL_vs_reference``;
    in a game with a solo mode also ``solo_reference``, the reference's own solo record beside each level's
    ``solo_LEVEL``. Nothing for a game the reference does not know (the test fixtures), or with 0 games."""
    from tools.reference import SETTINGS, Reference

    name = rules.Game.NAME
    if name not in SETTINGS or games_count <= 0:
        return {}
    schema = {f[0]: f for f in rules.Game.CONFIG_SCHEMA}
    rates = {}
    if "players" in schema and schema["players"][2] == 1:
        rates["solo_" + REFERENCE] = play_solo(rules, ai, "players=1", REFERENCE, games_count, first_seed,
                                               playouts=playouts)
    two = "players=2" if "players" in schema else ""
    for level in ai.Ai.LEVELS:
        record = play_match(rules, ai, two, level, REFERENCE, games_count, first_seed, playouts=playouts)
        record["playouts"] = Reference(name, playouts=playouts)._budget(rules.Game(two))
        rates["{}_vs_{}".format(level, REFERENCE)] = record
    return rates


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m tools.bench", description=__doc__.split("\n\n")[0])
    parser.add_argument("game", choices=games.names())
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--games", type=int, default=100, help="games per win-rate match")
    parser.add_argument("--seeds", type=int, default=5, help="games for allocation and instruction counts")
    parser.add_argument("--first-seed", type=int, default=0,
                        help="the first seed of the win-rate matches (they play --games seeds from it)")
    parser.add_argument("--players", type=int, help="player count for the MicroPython measurements")
    parser.add_argument("--level", help="the level measured and matched against the others (default: normal)")
    parser.add_argument("--reference-games", type=int, default=REFERENCE_GAMES,
                        help="games per match against the reference searcher (0: none)")
    parser.add_argument("--reference-playouts", type=int,
                        help="the reference's playouts per decision (default: tools/reference.py SETTINGS)")
    options = parser.parse_args(argv)
    package = games.package(options.game)
    report = run(package + ".rules", package + ".ai", options.players, options.games, options.seeds,
                 options.reference_games, options.reference_playouts, options.level, options.first_seed)
    if options.json:
        print(json.dumps(report, sort_keys=True))
    else:
        for key in sorted(report):
            print("{:32} {}".format(key, report[key]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
