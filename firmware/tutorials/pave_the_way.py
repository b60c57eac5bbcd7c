# SPDX-License-Identifier: MIT
"""Pave the Way's tutorial (firmware/screens/tutorial.py): South's first turn and the start of the second, from a
game set up in the open (seed 7): guards, stacking, road pieces that match, turning a piece, ending the turn and a
shove. Each step is (card, instruction, the move it asks for, North's replies)."""

LEGEND = (
    "On the screen: your road pieces edged red (South) or blue (North), their numbers as pips; guards as a "
    "coloured block with one white dot per guard; lit squares are where the selected piece may go; a corner "
    "mark shows what the last move changed. Right: your hand, the bag (drop a piece on it to discard) and the "
    "guard and road moves left.\n"
    "Keys: d-pad moves the cursor, A selects and plays, B steps back, SELECT turns a road piece or picks another "
    "path (and on a square, shows it close up with every piece of its stack), RIGHT past the hand opens the menu "
    "(End turn), START pauses."
)

SEED = 7
PLAYERS = 2
CONFIG = "sequentialplacement=1"
PRELUDE = ("first N", "play d1 H0/2",
           "guard c6", "guard c6", "guard d7", "guard f6", "guard f6", "guard e7",
           "guard c3", "guard c3", "guard d2", "guard f3", "guard f3", "guard e2",
           "play b8 V1/1", "play b7 H1/2", "end")

STEPS = (
    ("You are South, red. Build a road of dominoes from your home row (the bottom) to the far row. A turn: "
     "2 guard moves and 2 road moves, any order.",
     "Take the stack on c3 (A) to c5 (A)", "c3-c4-c5", ()),
    ("Guards step 1 or 2 squares, round corners too, never jumping. On your own guards they stack, up to 3. "
     "The guard on d2 stands where your road should go.",
     "Move the guard on d2 onto e2", "d2-e2", ()),
    ("Now roads. Your piece on d1 shows 0 west and 2 east. A piece touching it side-on needs a 0 or a 2 on "
     "that end.",
     "Play the 2-2 from your hand on d2", "play d2 V2/2", ()),
    ("In a line, touching ends must be equal. While you aim a piece, SELECT turns it. Put the 0-5 on c1, "
     "its 0 against the 0 of d1.",
     "Aim 0-5 at c1, SELECT till 0 faces d1, A", "play c1 H5/0", ()),
    ("All four moves are used and your hand is full again. End turn is in the menu right of your hand; now it "
     "is the only choice, so it is open.",
     "Press A: End turn", "end", ("d7-d6", "end")),
    ("A stack of 2 or 3 shoves a smaller piece one square on, leaving its top guard behind. North's lone guard "
     "on d6 is in reach of your stack on c5.",
     "Move the c5 stack via d5 into d6", "c5-d5-d6>d7", ()),
    ("Guard your road, shove what blocks it, match the numbers, reach the far row first. Only a stack of 3 "
     "shoves a road piece. Next: the rules.", "", None, ()),
)
