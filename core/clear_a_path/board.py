# SPDX-License-Identifier: MIT
"""Clear a Path: what every module of the engine shares: the state layout, the named values of dice, cells and
phases, and the move codes with their encoder and decoders.

``rules`` (the engine), ``solo`` (the solo round), ``checks``, the text and the computer player import these names
from here, and none of them imports ``rules``: so no module of the engine imports one that imports it back.
``rules`` re-exports them, as the documented interface (docs/game-interface.md, "Queries").

Grids are 6x6: rows are the colours red, blue, yellow, black, white, grey (0-5), columns the values 1-6 (0-5).
Die ``i`` has colour ``i % 6``; dice 6-11 are the second set (4-6 players, CAP-A12).

A move is ``kind << 12 | action << 8 | die << 4 | target``:

==========  =====================================================================================
DRAFT       take ``die`` from the pool
MARK        return ``die`` and mark its cell (multiplayer)
ACTION      return ``die`` and apply ``action`` (0 red/1 .. 5 grey/6) to ``target`` (a die; solo yellow: a row)
DISCARD     return ``die`` with no effect, only when no held die has a legal use (CAP-A5, CAP-C1)
DONE        solo: end the optional actions; barriers, then marks, follow (CAP-A17)
==========  =====================================================================================
"""

from core.compat import const

DRAFT = const(0)
MARK = const(1)
ACTION = const(2)
DISCARD = const(3)
DONE = const(4)

RED = const(0)
BLUE = const(1)
YELLOW = const(2)
BLACK = const(3)
WHITE = const(4)
GREY = const(5)

EMPTY = const(0)
MARKED = const(1)
BARRIER = const(2)

# zones of a die
POOL = const(0)  # rolled and not drafted, or returned after use: not targetable
# 1..6: held by player zone - 1
UNDRAFTED = const(7)  # solo
ABSENT = const(8)  # dice 6-11 with one set

# phases
PHASE_DRAFT = const(0)
PHASE_ACTION = const(1)  # multiplayer actions, solo optional actions
PHASE_OVER = const(2)

# state layout
S_PHASE = const(0)
S_TO_MOVE = const(1)
S_ROUND_FIRST = const(2)  # who drafts and acts first this round
S_TOKEN = const(3)  # who holds the First Player token (first next round, CAP-A9)
S_PICKS = const(4)  # picks made in this round's draft
S_BLOCKED = const(5)  # bit c: column c is blocked this round (CAP-A10, CAP-A22/A23)
S_RESULT = const(6)  # 0 ongoing, 1 + winner, 254 loss, 253 draw
S_ROUND = const(7)  # two bytes, little-endian: rounds completed
S_VALUE = const(16)  # 12 dice values
S_ZONE = const(28)  # 12 dice zones
S_GRID = const(40)  # 6 grids of 36 cells, row-major
STATE_SIZE = const(256)

RESULT_LOSS = const(254)
RESULT_DRAW = const(253)
MAX_DICE = const(12)


def make_move(kind, action, die, target):
    """The move code of ``kind`` with its fields (0 where the kind has none)."""
    return (kind << 12) | (action << 8) | (die << 4) | target


def move_kind(move):
    """DRAFT, MARK, ACTION, DISCARD or DONE."""
    return move >> 12


def move_action(move):
    """ACTION: the action (RED .. GREY: the colour or value, less one, that triggers it)."""
    return (move >> 8) & 15


def move_die(move):
    """The die drafted, marked with, acted with or discarded."""
    return (move >> 4) & 15


def move_target(move):
    """ACTION: the die acted on; a solo yellow (erase) action: the row of the barrier."""
    return move & 15
