# SPDX-License-Identifier: MIT
"""The measuring half of the bench tool: runs under MicroPython (and CPython) and prints one JSON line.

    micropython tools/mpbench.py JOB RULES_MODULE AI_MODULE CONFIG SEEDS [LEVEL]

JOB is one of:
  alloc      bytes allocated by legal_moves + apply_legal, per move, in random games (the first moves of each
             game are skipped as warm-up); prints max and median
  decisions  time and allocation of each computer decision in computer-vs-computer games; time is measured
             with the collector running, allocation in a replay of the same game with it disabled; each
             player's first decision, which allocates its scratch games once, is reported apart
  playouts   random playouts per second
  refwork    the reference workload's time in milliseconds
The heap-size search does not run here: tools/verify.py's minimal game script measures the real footprint.
"""

import gc
import sys

sys.path.insert(0, ".")

_WARMUP_MOVES = 3
_MOVE_LIMIT = 20000


def _module(path):
    module = __import__(path)
    for part in path.split(".")[1:]:
        module = getattr(module, part)
    return module


def _median(values):
    ordered = sorted(values)
    return ordered[len(ordered) // 2] if ordered else 0


def _p95(values):
    ordered = sorted(values)
    return ordered[(len(ordered) * 95) // 100] if ordered else 0


def _players(game, ai, level, seed):
    return [ai.Ai(level, (seed + 7919 * (seat + 1)) & 0x3FFFFFFF) for seat in range(8)]


def job_alloc(rules, ai, config, seeds, level):
    from core.game import move_buffer
    from core.prng import Prng

    buf = move_buffer(rules.Game.MAX_MOVES)
    measured = []
    for seed in seeds:
        game = rules.Game(config, seed)
        chooser = Prng(seed + 1)
        step = 0
        while step < _MOVE_LIMIT:
            gc.collect()
            gc.disable()
            before = gc.mem_alloc()
            count = game.legal_moves(buf)
            if count:
                game.apply_legal(buf[chooser.below(count)])
            after = gc.mem_alloc()
            gc.enable()
            if count == 0:
                break
            if step >= _WARMUP_MOVES:
                measured.append(after - before)
            step += 1
    return {"alloc_bytes_per_move": max(measured) if measured else 0, "alloc_bytes_per_move_median": _median(measured),
            "moves_measured": len(measured)}


def _play(rules, ai, config, seed, level, on_decision):
    game = rules.Game(config, seed)
    players = _players(game, ai, level, seed)
    moves = 0
    while not game.is_over() and moves < _MOVE_LIMIT:
        move = on_decision(players[game.current_player()], game)
        game.apply(move)
        moves += 1
    return game


def job_decisions(rules, ai, config, seeds, level):
    from tools.refwork import ticks_diff, ticks_us

    times = []
    allocs = []
    firsts = []
    seen = []
    # A turn is the run of decisions one player makes before another is to move (Pave the Way: up to 5
    # actions); each tracker is [the player of the turn under way, its sum so far, the finished turns' sums].
    turn_time = [None, 0, []]
    turn_alloc = [None, 0, []]

    def add(tracker, player, value):
        if tracker[0] is not player:
            end_turn(tracker)
            tracker[0] = player
        tracker[1] += value

    def end_turn(tracker):
        if tracker[0] is not None:
            tracker[2].append(tracker[1])
        tracker[0] = None
        tracker[1] = 0

    def timed(player, game):
        start = ticks_us()
        move = player.choose(game)
        used = ticks_diff(ticks_us(), start)
        times.append(used)
        add(turn_time, player, used)
        return move

    def counted(player, game):
        gc.collect()
        gc.disable()
        before = gc.mem_alloc()
        move = player.choose(game)
        used = gc.mem_alloc() - before
        gc.enable()
        # a player's first decision allocates its scratch games, once: reported apart
        if player in seen:
            allocs.append(used)
            add(turn_alloc, player, used)
        else:
            seen.append(player)
            firsts.append(used)
        return move

    for seed in seeds:
        _play(rules, ai, config, seed, level, timed)
        end_turn(turn_time)
        _play(rules, ai, config, seed, level, counted)
        end_turn(turn_alloc)
    turns = turn_time[2]
    return {"decision_ms_unix_median": _median(times) / 1000, "decision_ms_unix_p95": _p95(times) / 1000,
            "decision_ms_unix_max": (max(times) if times else 0) / 1000,
            "alloc_bytes_per_decision_max": max(allocs) if allocs else 0,
            "alloc_bytes_first_decision_max": max(firsts) if firsts else 0, "decisions": len(times),
            "turn_ms_unix_median": _median(turns) / 1000, "turn_ms_unix_p95": _p95(turns) / 1000,
            "turns": len(turns), "alloc_bytes_per_turn_max": max(turn_alloc[2]) if turn_alloc[2] else 0}


def job_playouts(rules, ai, config, seeds, level):
    from core.game import move_buffer
    from core.prng import Prng
    from tools.refwork import ticks_diff, ticks_us

    buf = move_buffer(rules.Game.MAX_MOVES)
    games = 0
    start = ticks_us()
    for seed in seeds:
        game = rules.Game(config, seed)
        chooser = Prng(seed + 1)
        count = game.legal_moves(buf)
        while count:
            game.apply_legal(buf[chooser.below(count)])
            count = game.legal_moves(buf)
        games += 1
    elapsed = ticks_diff(ticks_us(), start)
    return {"playouts_per_s": games * 1000000 / max(1, elapsed), "playouts": games}


def job_refwork(rules, ai, config, seeds, level):
    from tools import refwork

    return {"refwork_ms": refwork.time_ms()}


JOBS = {"alloc": job_alloc, "decisions": job_decisions, "playouts": job_playouts, "refwork": job_refwork}


def _json(result):
    # MicroPython has json, but its float formatting differs; write the few types used here by hand.
    parts = []
    for key in sorted(result):
        value = result[key]
        if isinstance(value, float):
            text = "{:.4f}".format(value)
        else:
            text = str(value)
        parts.append('"{}": {}'.format(key, text))
    return "{" + ", ".join(parts) + "}"


def main(argv):
    job = argv[0]
    if job == "refwork":
        print(_json(job_refwork(None, None, None, None, None)))
        return
    rules = _module(argv[1])
    ai = _module(argv[2])
    config = argv[3]
    first, count = argv[4].split(":")
    seeds = range(int(first), int(first) + int(count))
    level = argv[5] if len(argv) > 5 else ai.Ai.LEVELS[-1]
    print(_json(JOBS[job](rules, ai, config, seeds, level)))


if __name__ == "__main__":
    main(sys.argv[1:])
