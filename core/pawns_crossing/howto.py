# SPDX-License-Identifier: MIT
"""The rules in plain words, for the device's How to play (read by firmware/screens/howto.py), and the setup's
options in plain words (firmware/screens/new_game.py): (config field, short name, one line of what it changes).
The decision ids are in the config schema's comments and the docs, not on screen."""

SUMMARY = (
    "Goal: deliver all your tokens. A token is delivered, and leaves the board, when it stops on the tile of its "
    "colour showing its value; a blank token on its colour's 2, 3 or 4. The first player to deliver their last "
    "token wins. With 2 players each plays two colours.\n"
    "Setup: 16 tiles with dominoes between them and holes where the gaps cross. Your tokens start on your "
    "colour's ace with hidden values, 2, 3 and 4 (and a blank with 3 or 4 players): only you can peek at yours. "
    "Highest roll places a pawn in a hole first; the last to place starts.\n"
    "Turn, one of three: Roll your die (both with 2 players) and move a token of the die's colour; a blank roll "
    "moves that colour's pawn to another hole. Or move a pawn to a free hole. Or slide a row or column one place "
    "with the spare domino; the next player may not slide it straight back.\n"
    "Token moves: a token crosses once, from its tile onto the dominoes or from a domino onto a tile. Every half "
    "it passes must show less than the die; it may stop on any half or tile. A half under another token counts "
    "as 0 and cannot be a stop. A hole with another colour's pawn cannot be crossed.\n"
    "Endgame: once any player has one token left, pawns no longer move and a blank roll takes your pawn off."
)

OPTIONS = (
    ("balance", "Balanced colours", "2 players: one takes the farthest and nearest colours, the other the middle two."),
    ("strictentry", "No passing tokens", "A token may not pass over another token on a domino."),
    ("fixedpusher", "Fixed pusher", "The pusher always goes in the same way round: no flip."),
    ("diecountssteps", "Die counts steps", "For testing: the die also caps how many spaces a token moves."),
)
