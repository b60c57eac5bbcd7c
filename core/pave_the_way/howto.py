# SPDX-License-Identifier: MIT
"""The rules in plain words, for the device's How to play (read by firmware/screens/howto.py)."""

SUMMARY = (
    "Two sides. Each turn: up to 2 guard moves and 2 road moves, in any order, then end the turn. Guards step "
    "1-2 squares and stack up to 3; a stack of 2 or 3 can shove a smaller piece. Roads are dominoes played "
    "from your hand so that numbers match. First road from your home row to the far row wins."
)
