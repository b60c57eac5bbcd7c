# SPDX-License-Identifier: MIT
"""Clear a Path's tutorial (firmware/screens/tutorial.py): the first round of a solo game (seed 10058), which shows
the core mechanics with no other player to follow: drafting, the cell a die marks, the barriers the undrafted dice
drop, an action (the yellow 3 erases a barrier) and the round's end. Each step is (card, instruction, the move it
asks for, replies: none in solo)."""

LEGEND = (
    "On the screen: the grid's rows are marked in the dice colours on the left, its columns 1-6 on top; marks "
    "are white, barriers red-brown, a blocked column's number red. Right: the pool of dice, then a strip per "
    "player: a badge in the colour that names them (a bar beside it marks whose turn it is), the dice they hold, "
    "a small map of their grid and 1st for the First Player. \"Orange needs 2\" "
    "counts the marks a player still needs, red when close. Outlines preview a move, or in solo where the round "
    "will drop barriers and marks.\n"
    "Keys: d-pad jumps between your dice, A drafts or selects a die and then plays it on a lit target, B steps "
    "back, SELECT picks the other effect on one target or shows the next player's grid, RIGHT past the last die "
    "opens the menu (Done, Discard), START pauses."
)

SEED = 10058
PLAYERS = 1
CONFIG = "players=1"
PRELUDE = ()

STEPS = (
    ("Solo: join two opposite sides of the grid with marks (white) before barriers (red-brown) do. A die's "
     "row is its colour, its column its value: red 4 marks red, column 4.",
     "Press A on the red 4 in the Pool", "draft red", ()),
    ("Each round you draft 3 of the 6 dice. The 3 you leave drop barriers on their cells at the round's end. "
     "The blue 4 marks blue, column 4, under the red 4.",
     "Move to the blue 4, press A", "draft blue", ()),
    ("A die can act instead of marking, by its colour or by its value. Yellow, or any 3, erases a barrier in "
     "the column of its value.",
     "Move to the yellow 3, press A", "draft yellow", ()),
    ("Outlines show the round's end: barriers where the Undrafted dice fall, marks where yours go. The yellow 3 "
     "can erase the one barrier in column 3.",
     "A on the yellow 3, then on the barrier", "erase yellow blue", ()),
    ("Done ends the round: each Undrafted die drops a barrier on its cell (on a barrier: next to it; on a mark: "
     "erases it). Then your dice mark their cells.",
     "RIGHT past your dice, then A on Done", "done", ()),
    ("Barriers fell on black 5, white 2 and grey 1; your dice marked red 4 and blue 4. \"To go\" says how near "
     "your path and a barrier path are. Next: the rules.", "", None, ()),
)
