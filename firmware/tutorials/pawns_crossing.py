# SPDX-License-Identifier: MIT
"""Pawns Crossing's tutorial (firmware/screens/tutorial.py): Red-Black's first two turns, from a game set up in
the open (seed 72, the pawns placed): a roll with a blank, the forced pawn move that clears red's way (a pawn blocks
every other colour, the mover's own included), a token's run over low halves to beside its tile, and a slide that
carries Blue-Green's token off with the pusher. Each step is (card, instruction, the move it asks for, Blue-Green's
replies)."""

LEGEND = (
    "On the screen: tiles in their colour, their number as white dots along the top (one dot is the ace); "
    "dominoes between them show their pips; holes where the gaps cross. Tokens are discs in their colour, "
    "pawns small squares in the holes. Arrows round the edge slide a row or column, dark red when that slide "
    "is barred this turn. Right: the dice you rolled, and Endgame once it has begun. A yellow ring marks the "
    "token that moved last.\n"
    "Keys: d-pad jumps between pieces, A selects one and then plays it on a lit place, B steps back, SELECT "
    "peeks at your values (or turns the pusher over while you aim a slide), the menu (Roll, End turn) opens at "
    "the start of a turn or with RIGHT past the board, START pauses."
)

SEED = 72
PLAYERS = 2
CONFIG = ""
# Blue-Green won the starting roll and places first; Red-Black places last and so takes the first turn. The black
# pawn starts on the hole red-c will need.
PRELUDE = ("pawn blue x00", "pawn green x02", "pawn red x20", "pawn black x21")

STEPS = (
    ("You are Red-Black. Bring each token to the tile of its colour and value: 2, 3 or 4. Values are hidden; "
     "SELECT shows yours. A turn is a roll, or pawn moves, or a slide.",
     "Press A to roll the dice", "roll", ()),
    ("Red 4, black blank: the black pawn must move first, to any free hole. A pawn blocks tokens of every other "
     "colour, your red too. Move black out of red's way.",
     "Black pawn to hole south-east of black 2", "pawn black x12", ()),
    ("Red 4: a red token steps onto a domino half, then runs over halves below 4, crossing holes. It may stop on "
     "any space it reaches, but not on another token's half. red-c is your 4.",
     "Move red-c to the 3 next to red 4", "red-c h31n", ("roll", "blue-b h02s", "green-b h32n")),
    ("Instead of rolling you may slide a row or column one place: the tile pushed out comes in at the other end, "
     "the domino pushed out becomes the pusher.",
     "B, then slide the bottom row east", "slide row3 east", ()),
    ("Green-b rides the pusher, far from green 4. From its half any red number can take red-c onto red 4: a token "
     "that stops on its own tile is delivered. Deliver all 6 to win. Next: the rules.", "", None, ()),
)
