# SPDX-License-Identifier: MIT
"""The rules in plain words, for the device's How to play (read by firmware/screens/howto.py), and the setup's
options in plain words (firmware/screens/new_game.py): (config field, short name, one line of what it changes).
The decision ids are in the config schema's comments and the docs, not on screen."""

SUMMARY = (
    "Two sides. Each turn: up to 2 guard moves and 2 road moves, in any order, then end the turn. Guards step "
    "1-2 squares and stack up to 3; a stack of 2 or 3 can shove a smaller piece. Roads are dominoes played "
    "from your hand so that numbers match. First road from your home row to the far row wins."
)

OPTIONS = (
    ("strictplacement", "No T-caps", "A road piece may not be laid across the open end of another."),
    ("attachonlytorooted", "Roads from home", "Pieces you play or move must join a road linked to your home row."),
    ("allowsplit", "Split stacks", "A Guard Move may take only the top guards of a stack."),
    ("guardsmaymovetwice", "Guards move twice", "The same guard may make both Guard Moves of a turn."),
    ("diagonalfallback", "Diagonal shoves", "A shoved piece with no free square beside it may go diagonally."),
    ("exactplusone", "Shove by one", "A stack shoves only a piece with exactly one piece less."),
    ("drawbeforereturn", "Draw, then return", "A discard draws the new piece before the old one goes back."),
    ("sequentialplacement", "Open placement", "Guards are placed in the open, first side first, not in secret."),
)
