# SPDX-License-Identifier: MIT
"""The rules in plain words, for the device's How to play (read by firmware/screens/howto.py)."""

SUMMARY = (
    "Roll six coloured dice and draft them in turn. Use each die to mark its square (colour row, value "
    "column) or for its action: re-roll, +1, first player, block a column, -1, re-roll. First to join two "
    "opposite sides of the grid wins. Solo: undrafted dice drop barriers; a barrier path loses."
)
