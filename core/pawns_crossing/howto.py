# SPDX-License-Identifier: MIT
"""The rules in plain words, for the device's How to play (read by firmware/screens/howto.py)."""

SUMMARY = (
    "2-4 players. Your tokens start on their ace tiles with hidden values. On a turn roll the dice and move "
    "tokens, move your pawn, or slide a row or column. A token moves along domino halves: every half it "
    "passes must show less than the die, and it may stop on any half or tile. It crosses from a tile to a "
    "half, or a half to a tile, once a move. Deliver every token to the tile matching its value to win."
)
