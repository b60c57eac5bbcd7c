# SPDX-License-Identifier: MIT
"""The rules in plain words, for the device's How to play (read by firmware/screens/howto.py), and the setup's
options in plain words (firmware/screens/new_game.py): (config field, short name, one line of what it changes).
The decision ids are in the config schema's comments and the docs, not on screen."""

SUMMARY = (
    "Roll six coloured dice and draft them in turn. Use each die to mark its square (colour row, value "
    "column) or for its action: re-roll, +1, first player, block a column, -1, re-roll. First to join two "
    "opposite sides of the grid wins. Solo: undrafted dice drop barriers; a barrier path loses."
)

OPTIONS = (
    ("unevendraft", "Uneven draft", "5 players: all 12 dice are drafted, the first two drafters take 3."),
    ("cascadeoverwritesmark", "Cascades cover marks", "A cascading barrier covers a mark instead of erasing it."),
    ("blockonlyplacement", "Black blocks less", "Solo: the black die blocks only its own cell; cascades go on."),
    ("rerolllosingsetup", "Re-roll lost setups", "Solo: a setup whose barriers cross the grid is rolled again."),
)
