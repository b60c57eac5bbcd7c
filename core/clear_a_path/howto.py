# SPDX-License-Identifier: MIT
"""The rules in plain words, for the device's How to play (read by firmware/screens/howto.py), and the setup's
options in plain words (firmware/screens/new_game.py): (config field, short name, one line of what it changes).
The decision ids are in the config schema's comments and the docs, not on screen."""

SUMMARY = (
    "Goal: mark a path of cells across your 6x6 grid joining two opposite sides. Rows are the dice colours (red, "
    "blue, yellow, black, white, grey), columns the values 1-6.\n"
    "Round: all dice are rolled; starting with the First Player, everyone drafts one die at a time until each "
    "holds their share. Then in turn each player uses one die: mark its cell (its colour's row, its value's "
    "column), or use its action. Discard a die only when none of yours has a use. Blocked columns clear at the "
    "end of the round.\n"
    "Actions, by colour or by value: red or 1 re-rolls an opponent's die; blue or 2 adds 1 to another die of "
    "yours; yellow or 3 takes First Player for next round; black or 4 blocks the column of its value this round; "
    "white or 5 takes 1 from another die of yours; grey or 6 re-rolls another die of yours.\n"
    "Solo: you draft 3 of 6 dice and may use them for actions (red re-rolls an undrafted die, yellow erases a "
    "barrier in its value's column), then Done. Each undrafted die drops a barrier on its cell (onto a barrier, "
    "it spills to a neighbour; onto a mark, it erases it). A barrier path across the grid loses; then your dice "
    "still held mark their cells, and a mark path wins."
)

OPTIONS = (
    ("unevendraft", "Uneven draft", "5 players: all 12 dice are drafted, the first two drafters take 3."),
    ("cascadeoverwritesmark", "Cascades cover marks", "A cascading barrier covers a mark instead of erasing it."),
    ("blockonlyplacement", "Black blocks less", "Solo: the black die blocks only its own cell; cascades go on."),
    ("rerolllosingsetup", "Re-roll lost setups", "Solo: a setup whose barriers cross the grid is rolled again."),
)
