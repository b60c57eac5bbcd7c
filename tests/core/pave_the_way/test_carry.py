# SPDX-License-Identifier: MIT
"""Pave the way: a computer player restored from its carried state decides as the original would have (issue 20).
Portable: pytest and MicroPython run this module."""

from tests.core.carry import (carried_state_round_trips_and_a_damaged_one_is_refused,
                              restored_players_decide_as_the_originals)

# Compiling the computer player from source needs the room, as in test_ai.
HEAP_KB = 192


def test_a_player_restored_from_its_carried_state_decides_as_the_original():
    restored_players_decide_as_the_originals("pave-the-way", "", 21, 90)


def test_a_hard_player_restored_mid_turn_cuts_its_turn_where_the_original_does():
    # hard's turn budget (100 units) is carried as normal's (46) is, in the same spare bits
    restored_players_decide_as_the_originals("pave-the-way", "", 22, 90, ("hard", "normal"))


def test_carried_state_round_trips_and_a_damaged_one_is_refused():
    carried_state_round_trips_and_a_damaged_one_is_refused("pave-the-way", 21)
