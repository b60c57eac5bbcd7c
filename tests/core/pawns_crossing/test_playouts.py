# SPDX-License-Identifier: MIT
"""Pawns Crossing random playouts with the shared protocol checker, the computer player's determinism and
hidden-information discipline, and allocation (portable)."""

import gc

from core.pawns_crossing import ai, notation, rules
from core.pawns_crossing.rules import S_VALUE, S_TOKEN_AT, S_OWNER, SPACES
from tests.core.playout import play_and_check

HEAP_KB = 256  # compiled from source, plus the bench job's timing lists


def test_random_playouts_keep_the_protocol_invariants_for_every_player_count_and_flag():
    configs = ("players=2", "players=3", "players=4", "players=2 balance=1 strictentry=1 fixedpusher=1",
               "players=4 diecountssteps=1")
    for config in configs:
        result, steps = play_and_check(rules, notation, config + " turncap=60", 7, 5000, deep_every=7)
        assert steps > 60 and result != rules.ONGOING


def test_computer_players_finish_games_and_are_deterministic():
    for config in ("players=2", "players=4"):
        records = []
        for _ in range(2):
            game = rules.Game(config, 9)
            players = [ai.Ai("normal" if seat % 2 == 0 else "easy", 100 + seat) for seat in range(4)]
            moves = []
            while not game.is_over():
                move = players[game.current_player()].choose(game)
                game.apply(move)
                moves.append(move)
            records.append(moves)
            assert game.result() >= 0  # somebody delivered everything: no stalemate between computers
        assert records[0] == records[1]


def shuffled_hidden_values(game, viewer):
    """A copy of ``game`` where every other player's undelivered tokens swap values among their colour."""
    other = game.clone()
    s = other.state
    for colour in range(4):
        if s[S_OWNER + colour] in (viewer, 255):
            continue
        slots = [colour * 4 + k for k in range(4) if s[S_TOKEN_AT + colour * 4 + k] < SPACES]
        values = [s[S_VALUE + t] for t in slots]
        for i, t in enumerate(slots):
            s[S_VALUE + t] = values[(i + 1) % len(values)]
    return other


def test_the_computer_decides_the_same_whatever_the_hidden_values():
    for players in (2, 3, 4):
        game = rules.Game("players={}".format(players), 31 + players)
        seats = [ai.Ai("normal", 5 + seat) for seat in range(players)]
        for step in range(120):
            if game.is_over():
                break
            me = game.current_player()
            twin = shuffled_hidden_values(game, me)
            probe = ai.Ai("normal", 77)
            again = ai.Ai("normal", 77)
            assert probe.choose(game) == again.choose(twin), (players, step)
            game.apply(seats[me].choose(game))


def test_moves_and_legal_move_generation_allocate_nothing():
    if not hasattr(gc, "mem_alloc"):
        return
    from tools.mpbench import job_alloc  # the bench's own measurement, so test and bench agree

    for config in ("players=2", "players=4"):
        figures = job_alloc(rules, None, config + " turncap=80", range(3, 5), None)
        assert figures["moves_measured"] > 50
        assert figures["alloc_bytes_per_move"] == 0, figures


def test_one_computer_decision_allocates_at_most_2_kb():
    if not hasattr(gc, "mem_alloc"):
        return
    from tools.mpbench import job_decisions  # the bench's own measurement, so test and bench agree

    for config in ("players=2", "players=4"):
        for level in ("normal", "hard"):
            figures = job_decisions(rules, ai, config, range(4, 5), level)
            assert figures["decisions"] > 20
            # after each player's first decision, which allocates the shared scratch once
            assert figures["alloc_bytes_per_decision_max"] <= 2048, figures
