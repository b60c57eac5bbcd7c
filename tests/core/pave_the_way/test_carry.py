# SPDX-License-Identifier: MIT
"""Pave the way: a computer player restored from its carried state decides as the original would have (issue 20).
Portable: pytest and MicroPython run this module."""

from tests.core.carry import (carried_state_round_trips_and_a_damaged_one_is_refused,
                              restored_players_decide_as_the_originals)

# Compiling the computer player from source needs the room, as in test_ai.
HEAP_KB = 192


def test_a_player_restored_from_its_carried_state_decides_as_the_original():
    restored_players_decide_as_the_originals("pave-the-way", "", 21, 90)


def test_carried_state_round_trips_and_a_damaged_one_is_refused():
    carried_state_round_trips_and_a_damaged_one_is_refused("pave-the-way", 21)
