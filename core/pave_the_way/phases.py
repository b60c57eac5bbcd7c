# SPDX-License-Identifier: MIT
"""Pave the Way: the setup phases (decisions.md 1.3), the end of a turn and the draw rules (1.7), as functions of
the game, kept apart from the move generation so that no module is large to compile."""

from core.compat import const
from core.pave_the_way.rules import HI, LO, NUMS

# copies of rules' constants, folded by MicroPython's compiler (tests/pave_the_way checks they agree)
_S_NR = const(272)
_HIDDEN = const(254)
_ONBOARD = const(192)
_PH_PLACE = const(3)
_BAG = const(255)
_HISTORY = const(32)
_INHAND = const(254)
_NONE = const(255)
_PH_FIRST = const(1)
_PH_HAND = const(0)
_PH_PLAY = const(4)
_RESULT_DRAW = const(3)
_S_BAGN = const(15)
_S_DLOC = const(20)
_S_FIRST = const(2)
_S_GMOVES = const(4)
_S_GUARD = const(132)
_S_HANDN = const(13)
_S_HIST = const(400)
_S_HISTN = const(17)
_S_IDLE = const(10)
_S_MERGED = const(7)
_S_MOVED = const(6)
_S_NG = const(208)
_S_OWN = const(144)
_S_PHASE = const(0)
_S_REVEAL = const(11)
_S_RMOVES = const(5)
_S_TO_MOVE = const(1)
_S_TURNS = const(8)
_UNPLACED = const(255)


def setup(game):
    """Bags full, hands dealt (section 1.3 step 2), then the hand checks and the first-player draw."""
    s = game.state
    for i in range(56):
        s[_S_DLOC + i] = _BAG
    for i in range(12):
        s[_S_GUARD + i] = _UNPLACED
    s[_S_BAGN] = 28
    s[_S_BAGN + 1] = 28
    s[_S_FIRST] = _NONE
    s[_S_MERGED] = _NONE
    s[_S_REVEAL] = _NONE
    s[_S_REVEAL + 1] = _NONE
    for side in range(2):
        game.refill(side)
    hand_check(game, 0)


def hand_valid(game, side):
    """Two hand pieces share a number (a double counts its number once) (section 1.3)."""
    s = game.state
    seen = 0
    base = _S_DLOC + side * 28
    for d in range(28):
        if s[base + d] == _INHAND:
            if seen & NUMS[d]:
                return True
            seen |= NUMS[d]
    return False


def hand_check(game, side):
    """Ask each side from ``side`` on whose hand has no pair; then the first-player draw (PTW-A37)."""
    s = game.state
    while side < 2:
        if not hand_valid(game, side):
            s[_S_PHASE] = _PH_HAND
            s[_S_TO_MOVE] = side
            return
        side += 1
    first_draw(game)


def redraw(game, side):
    """Return the hand and draw five, until the hand has a matching pair (PTW-A37)."""
    s = game.state
    while True:
        base = _S_DLOC + side * 28
        for d in range(28):
            if s[base + d] == _INHAND:
                s[base + d] = _BAG
        s[_S_BAGN + side] += s[_S_HANDN + side]
        s[_S_HANDN + side] = 0
        game.refill(side)
        if hand_valid(game, side):
            return


def first_draw(game):
    """Each side reveals a drawn domino; more pips chooses; a tie redraws; both go back (PTW-A31)."""
    s = game.state
    while True:
        a = game.draw(0)
        b = game.draw(1)
        return_piece(game, 0, a)
        return_piece(game, 1, b)
        s[_S_REVEAL] = a
        s[_S_REVEAL + 1] = b
        pa = LO[a] + HI[a]
        pb = LO[b] + HI[b]
        if pa != pb:
            s[_S_PHASE] = _PH_FIRST
            s[_S_TO_MOVE] = 0 if pa > pb else 1
            return


def return_piece(game, side, d):
    s = game.state
    s[_S_DLOC + side * 28 + d] = _BAG
    s[_S_HANDN + side] -= 1
    s[_S_BAGN + side] += 1


def place(game, me, sq):
    """The next guard of ``me`` onto ``sq``; after the second side's sixth guard, play begins."""
    s = game.state
    base = _S_GUARD + me * 6
    g = 0
    while s[base + g] != _UNPLACED:
        g += 1
    s[base + g] = sq | (s[_S_NG + sq] << 6)
    s[_S_NG + sq] += 1
    s[_S_OWN + sq] = me + 1
    if g < 5:
        return
    if me == s[_S_FIRST]:
        s[_S_TO_MOVE] = 1 - me
    else:
        s[_S_PHASE] = _PH_PLAY
        s[_S_TO_MOVE] = s[_S_FIRST]
        remember(game)


def end_turn(game):
    """The explicit end of turn: the draw rules (section 1.7), then the other side's turn starts."""
    s = game.state
    me = s[_S_TO_MOVE]
    if s[_S_HANDN] + s[_S_HANDN + 1] + s[_S_BAGN] + s[_S_BAGN + 1] == 0:
        s[_S_IDLE] = 0 if s[_S_RMOVES] else min(s[_S_IDLE] + 1, 255)
    else:
        s[_S_IDLE] = 0
    turns = game.turns() + 1
    s[_S_TURNS] = turns & 0xFF
    s[_S_TURNS + 1] = turns >> 8
    s[_S_TO_MOVE] = 1 - me
    s[_S_GMOVES] = 0
    s[_S_RMOVES] = 0
    s[_S_MOVED] = 0
    s[_S_MERGED] = _NONE
    if s[_S_IDLE] >= game.idle_turns or turns >= game.turn_cap:
        game.finish(_RESULT_DRAW)
        return
    if remember(game) + 1 >= game.repetition > 0:
        game.finish(_RESULT_DRAW)


def position_hash(game):
    """A 30-bit hash of the position between turns: pieces, hands, bags and the side to move."""
    s = game.state
    h1 = 1 + s[_S_TO_MOVE]
    h2 = 7 + s[_S_TO_MOVE]
    for i in range(_S_DLOC, _S_DLOC + 112):
        v = s[i]
        h1 = (h1 * 1021 + v + 1) % 32749
        h2 = (h2 * 919 + v + 3) % 32719
    for sq in range(64):
        v = s[_S_OWN + sq] | (s[_S_NG + sq] << 2)
        h1 = (h1 * 1021 + v + 1) % 32749
        h2 = (h2 * 919 + v + 3) % 32719
    return (h1 << 15) | h2


def remember(game):
    """Store this turn start's hash; return how many earlier turn starts had the same position."""
    s = game.state
    h = position_hash(game)
    n = s[_S_HISTN]
    same = 0
    for i in range(n):
        if game.history(i) == h:
            same += 1
    if n == _HISTORY:
        for p in range(_S_HIST, _S_HIST + 4 * (_HISTORY - 1)):
            s[p] = s[p + 4]
        n -= 1
    p = _S_HIST + 4 * n
    s[p] = h & 0xFF
    s[p + 1] = (h >> 8) & 0xFF
    s[p + 2] = (h >> 16) & 0xFF
    s[p + 3] = h >> 24
    s[_S_HISTN] = n + 1
    return same


def hide(game, player):
    """Secret placement (PTW-A32): while guards are being placed, the other side's guards are hidden from
    ``player``'s view (code HIDDEN, out of the square tables)."""
    s = game.state
    if s[_S_PHASE] != _PH_PLACE or game.open_placement:
        return
    other = 1 - player
    for g in range(6):
        loc = s[_S_GUARD + other * 6 + g]
        if loc < _ONBOARD:
            sq = loc & 63
            s[_S_NG + sq] -= 1
            if s[_S_NG + sq] == 0 and s[_S_NR + sq] == 0:
                s[_S_OWN + sq] = 0
        s[_S_GUARD + other * 6 + g] = _HIDDEN
