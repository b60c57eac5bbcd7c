# SPDX-License-Identifier: MIT
"""Clear a Path random playouts with the shared protocol checker, the computer player, and allocation (portable)."""

import gc

from core.clear_a_path import ai, notation, rules
from tests.core.playout import play_and_check

HEAP_KB = 192


def test_random_playouts_keep_the_protocol_invariants_in_every_mode():
    for players in range(1, 7):
        for seed in range(3):
            result, steps = play_and_check(rules, notation, "players={}".format(players), seed, 5000, deep_every=9)
            assert steps > 0


def test_computer_players_finish_games_and_are_deterministic():
    for config in ("players=1", "players=2", "players=5"):
        records = []
        for _ in range(2):
            game = rules.Game(config, 9)
            players = [ai.Ai("normal" if seat % 2 == 0 else "easy", 100 + seat) for seat in range(6)]
            moves = []
            while not game.is_over():
                move = players[game.current_player()].choose(game)
                game.apply(move)
                moves.append(move)
            records.append(moves)
        assert records[0] == records[1]


def test_moves_and_legal_move_generation_allocate_nothing():
    if not hasattr(gc, "mem_alloc"):
        return
    from tools.mpbench import job_alloc  # the bench's own measurement, so test and bench agree

    for config in ("players=1", "players=4"):
        figures = job_alloc(rules, None, config, range(3, 5), None)
        assert figures["moves_measured"] > 50
        assert figures["alloc_bytes_per_move"] == 0, figures


def test_one_computer_decision_allocates_at_most_1_kb():
    if not hasattr(gc, "mem_alloc"):
        return
    from tools.mpbench import job_decisions  # the bench's own measurement, so test and bench agree

    for config in ("players=1", "players=3"):
        for level in ("normal", "hard"):
            figures = job_decisions(rules, ai, config, range(4, 5), level)
            assert figures["decisions"] > 20
            # after each player's first decision, which allocates its scratch games once
            assert figures["alloc_bytes_per_decision_max"] <= 1024, figures
