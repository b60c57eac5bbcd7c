# SPDX-License-Identifier: MIT
"""Every legal move can be entered on the device with the keys its view gives, in few presses (tools/presses.py,
a bounded sample: the closing figures come from the tool's larger runs)."""

import os

import pytest

from tools import presses

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

BOARD_GAMES = ["pave-the-way"]  # the games whose views use the board cursor (firmware/views/cursor.py)


@pytest.mark.parametrize("name", BOARD_GAMES)
def test_sampled_legal_moves_are_entered_exactly_by_their_keys(name):
    result = presses.measure(name, game_count=1, sample=2, max_moves=60)
    assert not result["failures"], result["failures"][:3]
    figures = presses.summary(result["presses"])
    assert figures["count"] >= 60
    assert figures["median"] <= 6 and figures["p95"] <= 12, figures
