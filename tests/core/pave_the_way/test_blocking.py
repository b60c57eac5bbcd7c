# SPDX-License-Identifier: MIT
"""Pave the Way computer player: blocking an opponent who can finish in its next turn (decisions.md 1.11). Positions
from games against ``greedy`` that ``normal`` lost the turn after, with a block in reach. Its own module, as
test_draws: the positions are long texts. Portable: pytest and MicroPython run this module."""

from core.game import move_buffer
from core.notation import parse_position
from core.pave_the_way import rules
from core.pave_the_way.board import END
from tests.core.pave_the_way.helpers import (
    RECORDED_HEADER, finishes_through, modules, play, play_turn, player_carrying_a_siege,
)

# compiling the computer player and the scenario helpers from source needs the room: on 2026-12-01 it failed at 208 KB
# and passed from 216 KB up; the cap keeps 15 % over the largest heap it failed in (tests/core/portable.py)
HEAP_KB = 240
BUF = move_buffer(rules.Game.MAX_MOVES)  # made once: 8 KB blocks fragment MicroPython's heap


def _blocks_a_finish(text, player_for_seed, losing=""):
    """Assert that the opponent of the side to move in ``text`` can finish with two road moves if that side plays
    ``losing`` (a move, or nothing) and passes, and cannot once ``player_for_seed(seed)`` has played the turn, for a
    few seeds."""
    game = parse_position(text, modules)
    side = game.current_player()
    if losing:
        play(game, losing)
    game.apply(END)
    assert finishes_through(game, range(64), BUF)
    for seed in (1, 2, 3):
        game = parse_position(text, modules)
        play_turn(game, player_for_seed(seed))
        assert game.current_player() != side and not finishes_through(game, range(64), BUF), seed


# Seed 12 against `greedy`, turn 11, S (`normal`) to move, its road no shorter for a turn (a siege from this turn's
# start). N's road (a8-a5, b5, c5-c3) is two pieces from done: c2 and c1.
A_SIEGE_BESIDE_A_FINISH = RECORDED_HEADER + (
    "rng 82564563 596640723\n"
    "phase play turn S first N guards 0 roads 0 moved - merged - turns 11 idle 0\n"
    "reveal 4-4 0-6\n"
    "hand S 0-0 2-2 2-3 2-4 3-3\n"
    "hand N 0-5 3-3 3-5 5-5 6-6\n"
    "bag S 0-1 0-2 0-3 0-4 1-1 1-2 1-3 1-4 2-5 2-6 3-5 3-6 4-5 5-6 6-6\n"
    "bag N 0-0 0-1 0-3 0-4 1-1 1-3 1-5 1-6 2-3 2-5 3-4 4-4 5-6\n"
    "at g1 S V5/0\n"
    "at e2 S g5\n"
    "at g2 S V5/5\n"
    "at c3 N V4/5\n"
    "at f3 S g3 g4\n"
    "at g3 S H5/1\n"
    "at a4 S g0 g1\n"
    "at b4 S g2\n"
    "at c4 N H2/4\n"
    "at f4 S H0/6\n"
    "at g4 S V6/1\n"
    "at a5 N V6/3\n"
    "at b5 N H6/2\n"
    "at c5 N V2/2\n"
    "at f5 S V4/6\n"
    "at g5 S H4/4\n"
    "at h5 S H4/3\n"
    "at a6 N H4/6\n"
    "at c6 N g0 g1\n"
    "at a7 N V1/4\n"
    "at d7 N g2\n"
    "at e7 N g5\n"
    "at g7 N g3 g4\n"
    "at a8 N H1/2\n"
    "at f8 N V6/0\n"
    "at h8 N V2/0\n"
    "history 741340636\n"
    "# 8 N1.  .   .   .   .  N1.  .  N1.\n"
    "# 7 N1.  .   .  N.1 N.1  .  N.2  .\n"
    "# 6 N1.  .  N.2  .   .   .   .   .\n"
    "# 5 N1. N1. N1.  .   .  S1. S1. S1.\n"
    "# 4 S.2 S.1 N1.  .   .  S1. S1.  .\n"
    "# 3  .   .  N1.  .   .  S.2 S1.  .\n"
    "# 2  .   .   .   .  S.1  .  S1.  .\n"
    "# 1  .   .   .   .   .   .  S1.  .\n"
    "#    a   b   c   d   e   f   g   h\n"
    "\n"
)


def test_a_siege_gives_way_to_blocking_an_opponent_who_can_finish_next():
    # Before, the siege's ranking put the guards walking up (b4-b3, a4-a3-b3) above the single on e2, the one guard
    # that can reach N's road (e2-d2-c2), and S built its own road, 6 pieces from done; N laid c2 and c1 and won. With
    # the opponent two pieces or less from done there is no siege: blocking comes first.
    _blocks_a_finish(A_SIEGE_BESIDE_A_FINISH, lambda seed: player_carrying_a_siege(seed, 1, 20))


# Seed 7 against `greedy`, turn 91, N (`normal`) to move, its siege two turns old, its road 6.5 pieces from done. N's
# guard on d7 holds S's road (up file d to d6) 4 pieces from done: without it, 2.
A_BLOCK_TO_KEEP = RECORDED_HEADER + (
    "rng 80293644 886757469\n"
    "phase play turn N first S guards 0 roads 0 moved - merged - turns 91 idle 0\n"
    "reveal 1-4 0-1\n"
    "hand S 4-4 5-5 6-6\n"
    "hand N 3-6 4-5 5-5 5-6 6-6\n"
    "bag S -\n"
    "bag N -\n"
    "at a1 S V0/0\n"
    "at b1 S H0/5\n"
    "at d1 S H3/3\n"
    "at e1 S H0/4\n"
    "at f1 S V4/3\n"
    "at g1 S V0/1 g5\n"
    "at h1 S V2/0\n"
    "at b2 S V6/0\n"
    "at f2 S g2 g3 g4\n"
    "at g2 N V0/5\n"
    "at h2 S H2/2\n"
    "at b3 S V4/6\n"
    "at e3 S g0 g1\n"
    "at f3 N V2/2 g4 g3\n"
    "at g3 N V6/0\n"
    "at h3 N H0/1\n"
    "at a4 S V2/4\n"
    "at b4 S H4/5\n"
    "at c4 S H5/3\n"
    "at d4 S V6/3\n"
    "at e4 N V4/6\n"
    "at f4 N H4/2\n"
    "at g4 N V1/6\n"
    "at h4 N H1/3\n"
    "at b5 S V1/4\n"
    "at c5 N g0\n"
    "at d5 S V5/6\n"
    "at e5 N V3/4\n"
    "at f5 N H3/5\n"
    "at g5 N V5/1\n"
    "at a6 S V1/6\n"
    "at b6 S H1/3\n"
    "at c6 S V2/3\n"
    "at d6 S H2/1 V6/2\n"
    "at e6 S V1/1\n"
    "at f6 S H1/5\n"
    "at g6 N V2/5\n"
    "at h6 N H2/0\n"
    "at a7 N V3/2\n"
    "at b7 S V3/0\n"
    "at c7 N V0/3\n"
    "at d7 N g1 g2 g5\n"
    "at e7 N V4/4\n"
    "at f7 S V2/5\n"
    "at g7 N H1/2\n"
    "at h7 N V4/0\n"
    "at b8 N V2/6\n"
    "at c8 N V0/0\n"
    "at e8 N H3/3\n"
    "at f8 N V1/4\n"
    "at g8 N V1/1\n"
    "history 197677174 1040583907 592399112 362186613 800579841 570367342 136529977 979436710 136529977 979436710 "
    "800579841 570367342 577665291 347452792\n"
    "# 8  .  N1. N1.  .  N1. N1. N1.  .\n"
    "# 7 N1. S1. N1. N.3 N1. S1. N1. N1.\n"
    "# 6 S1. S1. S1. S2. S1. S1. N1. N1.\n"
    "# 5  .  S1. N.1 S1. N1. N1. N1.  .\n"
    "# 4 S1. S1. S1. S1. N1. N1. N1. N1.\n"
    "# 3  .  S1.  .   .  S.2 N12 N1. N1.\n"
    "# 2  .  S1.  .   .   .  S.3 N1. S1.\n"
    "# 1 S1. S1.  .  S1. S1. S1. S11 S1.\n"
    "#    a   b   c   d   e   f   g   h\n"
    "\n"
)


def test_a_turn_that_would_repeat_does_not_step_aside_from_a_block():
    # Passing hands back a position seen before, so the player keeps moving with its best single action. Before, that
    # action was d7-d8-e8 whatever it scored: it opened file d, and S relocated a piece to d7, laid d8 and won. An
    # action worth less than a draw is not played; N passes.
    _blocks_a_finish(A_BLOCK_TO_KEEP, lambda seed: player_carrying_a_siege(seed, 2, 26), "d7-d8-e8")
