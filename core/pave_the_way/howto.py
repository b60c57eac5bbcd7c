# SPDX-License-Identifier: MIT
"""The rules in plain words, for the device's How to play (read by firmware/screens/howto.py), and the setup's
options in plain words (firmware/screens/new_game.py): (config field, short name, one line of what it changes).
The decision ids are in the config schema's comments and the docs, not on screen."""

SUMMARY = (
    "Goal: the first side with a road of dominoes from its home row to the far row wins, at once, whenever it "
    "is complete. Every link must match: ends in a line are equal, and an end meeting a piece side-on shows one "
    "of that piece's numbers.\n"
    "Setup: each side has 6 guards, a double-six set of dominoes and a hand of 5. A draw decides who chooses to "
    "start; the other side lays a free road piece on its home row. Then both place their guards on their first "
    "three rows, at most 2 pieces a square, in secret.\n"
    "Turn: up to 2 guard moves and 2 road moves, in any order, then End turn. A guard or stack steps 1-2 squares, "
    "straight or round a corner, never jumping; on your own guards it stacks (up to 3) and stops. Each guard "
    "moves once a turn, but a stack your first move made may make the second.\n"
    "Shoves: a stack of 2 or 3 entering a square with fewer pieces pushes them one square on (else toward their "
    "home, else aside); its top guard stays behind. A road piece counts as 2; only a stack of 3 shoves a bare "
    "road piece; a road piece with guards on it, or two stacked, cannot be shoved.\n"
    "Roads: play a hand piece on an empty square joined to one of your pieces, or anywhere on your home row; "
    "move a free piece (joined at one end at most, nothing on it) to join your road elsewhere; or discard a "
    "piece and draw. The hand refills to 5."
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
