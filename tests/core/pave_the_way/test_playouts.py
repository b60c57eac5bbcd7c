# SPDX-License-Identifier: MIT
"""Pave the Way random playouts with the shared protocol checker, the computer players, and allocation
(portable: pytest and MicroPython run this module)."""

import gc

from core.game import THINKING, move_buffer, step_thinking
from core.pave_the_way import ai, notation, rules
from tests.core.playout import play_and_check

HEAP_KB = 384
FLAGS = ("", "strictplacement=1 attachonlytorooted=1 exactplusone=1", "allowsplit=1 guardsmaymovetwice=1",
         "diagonalfallback=1 drawbeforereturn=1 sequentialplacement=1", "repetition=0 turncap=40")


def test_random_playouts_keep_the_protocol_invariants_with_every_flag():
    for i in range(len(FLAGS)):
        result, steps = play_and_check(rules, notation, FLAGS[i], 7 + i, 20000, deep_every=11)
        assert steps > 20


def test_computer_players_finish_games_and_are_deterministic():
    for levels in (("normal", "easy"), ("easy", "normal")):
        records = []
        for _ in range(2):
            game = rules.Game(None, 5)
            players = [ai.Ai(levels[seat], 100 + seat) for seat in range(2)]
            moves = []
            while not game.is_over():
                move = players[game.current_player()].choose(game)
                game.apply(move)
                moves.append(move)
            records.append(moves)
        assert records[0] == records[1] and len(records[0]) > 20


def test_the_normal_level_beats_random_play():
    from core.prng import Prng

    buf = move_buffer(rules.Game.MAX_MOVES)
    for seed in range(2):
        game = rules.Game(None, seed)
        computer = ai.Ai("normal", seed)
        chooser = Prng(seed + 3)
        seat = seed % 2
        while not game.is_over():
            if game.current_player() == seat:
                game.apply(computer.choose(game))
            else:
                game.apply(buf[chooser.below(game.legal_moves(buf))])
        assert game.result() == seat


def test_moves_and_legal_move_generation_allocate_nothing():
    if not hasattr(gc, "mem_alloc"):
        return
    from tools.mpbench import job_alloc  # the bench's own measurement, so test and bench agree

    figures = job_alloc(rules, None, "", range(2), None)
    assert figures["moves_measured"] > 200
    assert figures["alloc_bytes_per_move"] == 0, figures


def test_a_computer_turn_allocates_at_most_2_kb():
    if not hasattr(gc, "mem_alloc"):
        return
    game = rules.Game(None, 6)
    players = [ai.Ai("normal", 1), ai.Ai("normal", 2)]
    worst = 0
    turns = 0
    while not game.is_over() and turns < 30:
        seat = game.current_player()
        first = game.state[rules.S_PHASE] != rules.PH_PLAY
        gc.collect()
        gc.disable()
        before = gc.mem_alloc()
        start = game.turns()
        while not game.is_over() and game.current_player() == seat and game.turns() == start:
            game.apply(players[seat].choose(game))
            if first:
                break
        used = gc.mem_alloc() - before
        gc.enable()
        if not first and turns >= 2:  # each player's first turns allocate its scratch games, once
            worst = max(worst, used)
        if not first:
            turns += 1
    assert turns >= 10 and worst <= 2048, worst


def test_think_yields_slices_and_decides_as_choose_does():
    games = [rules.Game(None, 8), rules.Game(None, 8)]
    players = [[ai.Ai("normal", 30 + seat) for seat in range(2)] for _ in range(2)]
    slices = 0
    worst = 0
    steps = 0
    while not games[0].is_over() and steps < 200:
        seat = games[0].current_player()
        move = players[0][seat].choose(games[0])
        thinking = players[1][seat].think(games[1])
        measure = hasattr(gc, "mem_alloc") and steps > 40
        if measure:
            gc.collect()
            gc.disable()
            before = gc.mem_alloc()
        other = step_thinking(thinking)
        while other == THINKING:
            slices += 1
            other = step_thinking(thinking)
        if measure:
            worst = max(worst, gc.mem_alloc() - before)
            gc.enable()
        assert other == move, steps
        games[0].apply(move)
        games[1].apply(other)
        steps += 1
    assert slices > steps and worst <= 512, (slices, worst)
