# SPDX-License-Identifier: MIT
"""The rules in plain words, for the device's How to play (read by firmware/screens/howto.py), and the setup's
options in plain words (firmware/screens/new_game.py): (config field, short name, one line of what it changes).
The decision ids are in the config schema's comments and the docs, not on screen."""

SUMMARY = (
    "2-4 players. Your tokens start on their ace tiles with hidden values. On a turn roll the dice and move "
    "tokens, move your pawn, or slide a row or column. A token moves along domino halves: every half it "
    "passes must show less than the die, and it may stop on any half or tile. It crosses from a tile to a "
    "half, or a half to a tile, once a move. Deliver every token to the tile matching its value to win."
)

OPTIONS = (
    ("balance", "Balanced colours", "2 players: one takes the farthest and nearest colours, the other the middle two."),
    ("strictentry", "No passing tokens", "A token may not pass over another token on a domino."),
    ("fixedpusher", "Fixed pusher", "The pusher always goes in the same way round: no flip."),
    ("diecountssteps", "Die counts steps", "For testing: the die also caps how many spaces a token moves."),
)
