# SPDX-License-Identifier: MIT
"""The measuring half of the bench tool: runs under MicroPython (and CPython) and prints one JSON line.

    micropython tools/mpbench.py JOB RULES_MODULE AI_MODULE CONFIG SEEDS [LEVEL]

JOB is one of:
  alloc      bytes allocated by legal_moves + apply_legal, per move, in random games (the first moves of each
             game are skipped as warm-up); prints max and median
  turns      the cost of each computer decision and each whole turn in computer-vs-computer games, measured
             with the collector running, and the worst turns: instructions on the device VM (tools/devicevm),
             microseconds elsewhere
  decisions  ``turns``, then the allocation of each decision in a replay of the same games with the collector
             disabled; each player's first decision, which allocates its scratch games once, is reported apart
  playouts   random playouts per second
  refwork    the reference workload's instructions on the device VM, its milliseconds elsewhere
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


def _clock():
    """(now, elapsed, unit): instructions on the device VM (exact, deterministic), else microseconds."""
    try:
        import devicevm
    except ImportError:
        from tools.refwork import ticks_diff, ticks_us

        return ticks_us, ticks_diff, "us"

    def elapsed(end, start):
        return (end - start) * devicevm.TICK

    return devicevm.ticks, elapsed, "instr"


_WORST_TURNS = 5


def _cost_keys(what, values, unit):
    """Median, p95 and max of ``values``: milliseconds (``*_ms_unix_*``) or instructions (``*_instr_*``)."""
    if unit == "us":
        return {"{}_ms_unix_median".format(what): _median(values) / 1000,
                "{}_ms_unix_p95".format(what): _p95(values) / 1000,
                "{}_ms_unix_max".format(what): (max(values) if values else 0) / 1000}
    return {"{}_instr_median".format(what): _median(values), "{}_instr_p95".format(what): _p95(values),
            "{}_instr_max".format(what): max(values) if values else 0}


def job_turns(rules, ai, config, seeds, level):
    """The cost of every decision and of every whole turn, the collector running; the worst turns with their
    seed, turn number (from 0, in that game) and seat."""
    now, elapsed, unit = _clock()
    decisions = []
    costs = []  # per finished turn
    where = []  # per finished turn: (seed << 15) | (turn number << 3) | seat, a small int
    for seed in seeds:
        # A turn is the run of decisions one player makes before another is to move (Pave the Way: up to 5
        # actions); ``turn`` is [the player of the turn under way, its cost so far, its seat, the turn number].
        turn = [None, 0, 0, -1]

        def timed(player, game):
            if turn[0] is not player:
                if turn[0] is not None:
                    costs.append(turn[1])
                    where.append((seed << 15) | (turn[3] << 3) | turn[2])
                turn[0] = player
                turn[1] = 0
                turn[2] = game.current_player()
                turn[3] += 1
            start = now()
            move = player.choose(game)
            used = elapsed(now(), start)
            decisions.append(used)
            turn[1] += used
            return move

        _play(rules, ai, config, seed, level, timed)
        if turn[0] is not None:
            costs.append(turn[1])
            where.append((seed << 15) | (turn[3] << 3) | turn[2])
    result = {"decisions": len(decisions), "turns": len(costs), "unit": unit}
    result.update(_cost_keys("decision", decisions, unit))
    result.update(_cost_keys("turn", costs, unit))
    worst = []
    taken = []
    for _ in range(min(_WORST_TURNS, len(costs))):
        best = -1
        for i in range(len(costs)):
            if i not in taken and (best < 0 or costs[i] > costs[best]):
                best = i
        taken.append(best)
        w = where[best]
        worst.append([costs[best], w >> 15, (w >> 3) & 4095, w & 7])
    result["turn_worst"] = worst
    try:
        import devicevm

        result["pystack_peak"] = devicevm.pystack_peak()
    except ImportError:
        pass
    return result


def job_decisions(rules, ai, config, seeds, level):
    """``job_turns``, then the allocation of each decision and turn in a replay of the same games with the
    collector disabled; each player's first decision, which allocates its scratch games once, is reported apart."""
    result = job_turns(rules, ai, config, seeds, level)
    allocs = []
    firsts = []
    seen = []
    turn_alloc = [None, 0, []]  # the player of the turn under way, its sum so far, the finished turns' sums

    def end_turn():
        if turn_alloc[0] is not None:
            turn_alloc[2].append(turn_alloc[1])
        turn_alloc[0] = None
        turn_alloc[1] = 0

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
            if turn_alloc[0] is not player:
                end_turn()
                turn_alloc[0] = player
            turn_alloc[1] += used
        else:
            seen.append(player)
            firsts.append(used)
        return move

    for seed in seeds:
        _play(rules, ai, config, seed, level, counted)
        end_turn()
    result.update({"alloc_bytes_per_decision_max": max(allocs) if allocs else 0,
                   "alloc_bytes_first_decision_max": max(firsts) if firsts else 0,
                   "alloc_bytes_per_turn_max": max(turn_alloc[2]) if turn_alloc[2] else 0})
    return result


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
    """The reference workload: its instructions on the device VM, its milliseconds elsewhere."""
    from tools import refwork

    now, elapsed, unit = _clock()
    if unit == "us":
        return {"refwork_ms": refwork.time_ms()}
    start = now()
    refwork.workload()
    return {"refwork_instr": elapsed(now(), start)}


JOBS = {"alloc": job_alloc, "decisions": job_decisions, "turns": job_turns, "playouts": job_playouts,
        "refwork": job_refwork}


def _json_value(value):
    if isinstance(value, float):
        return "{:.4f}".format(value)
    if isinstance(value, str):
        return '"{}"'.format(value)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_json_value(v) for v in value) + "]"
    return str(value)


def _json(result):
    # MicroPython has json (the device VM has not), and its float formatting differs: the few types used here
    # are written by hand.
    return "{" + ", ".join('"{}": {}'.format(key, _json_value(result[key])) for key in sorted(result)) + "}"


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
