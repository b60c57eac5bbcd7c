# SPDX-License-Identifier: MIT
"""Clear a path: a computer player restored from its carried state decides as the original would have (issue 20).
Portable: pytest and MicroPython run this module."""

from tests.core.carry import (carried_state_round_trips_and_a_damaged_one_is_refused,
                              restored_players_decide_as_the_originals)

# Compiling the computer player (with its hard level) from source needs the room.
HEAP_KB = 160  # it failed at 120 KB (2026-11-30)


def test_a_player_restored_from_its_carried_state_decides_as_the_original():
    restored_players_decide_as_the_originals("clear-a-path", "players=2", 4, 50)


def test_a_hard_player_restored_from_its_carried_state_decides_as_the_original():
    restored_players_decide_as_the_originals("clear-a-path", "players=2", 5, 50, ("hard", "normal"))
    restored_players_decide_as_the_originals("clear-a-path", "players=1", 5, 40, ("hard", "hard"))


def test_carried_state_round_trips_and_a_damaged_one_is_refused():
    carried_state_round_trips_and_a_damaged_one_is_refused("clear-a-path", 4)
