# SPDX-License-Identifier: MIT
"""Pave the Way: the setup phases (decisions.md 1.3), the end of a turn and the draw rules (1.7), as functions of
the game, kept apart from the move generation so that no module is large to compile."""

from core.pave_the_way.board import (
    BAG, HI, HIDDEN, HISTORY, INHAND, LO, NONE, NUMS, ONBOARD, PH_FIRST, PH_HAND, PH_PLACE, PH_PLAY,
    RESULT_DRAW, S_BAGN, S_DLOC, S_FIRST, S_GMOVES, S_GUARD, S_HANDN, S_HIST, S_HISTN, S_IDLE, S_MERGED,
    S_MOVED, S_NG, S_NR, S_OWN, S_PHASE, S_REVEAL, S_RMOVES, S_TO_MOVE, S_TURNS, UNPLACED,
)



def setup(game):
    """Bags full, hands dealt (section 1.3 step 2), then the hand checks and the first-player draw."""
    s = game.state
    for i in range(56):
        s[S_DLOC + i] = BAG
    for i in range(12):
        s[S_GUARD + i] = UNPLACED
    s[S_BAGN] = 28
    s[S_BAGN + 1] = 28
    s[S_FIRST] = NONE
    s[S_MERGED] = NONE
    s[S_REVEAL] = NONE
    s[S_REVEAL + 1] = NONE
    for side in range(2):
        game.refill(side)
    hand_check(game, 0)


def hand_valid(game, side):
    """Two hand pieces share a number (a double counts its number once) (section 1.3)."""
    s = game.state
    seen = 0
    base = S_DLOC + side * 28
    for d in range(28):
        if s[base + d] == INHAND:
            if seen & NUMS[d]:
                return True
            seen |= NUMS[d]
    return False


def hand_check(game, side):
    """Ask each side from ``side`` on whose hand has no pair; then the first-player draw (PTW-A37)."""
    s = game.state
    while side < 2:
        if not hand_valid(game, side):
            s[S_PHASE] = PH_HAND
            s[S_TO_MOVE] = side
            return
        side += 1
    first_draw(game)


def redraw(game, side):
    """Return the hand and draw five, until the hand has a matching pair (PTW-A37)."""
    s = game.state
    while True:
        base = S_DLOC + side * 28
        for d in range(28):
            if s[base + d] == INHAND:
                s[base + d] = BAG
        s[S_BAGN + side] += s[S_HANDN + side]
        s[S_HANDN + side] = 0
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
        s[S_REVEAL] = a
        s[S_REVEAL + 1] = b
        pa = LO[a] + HI[a]
        pb = LO[b] + HI[b]
        if pa != pb:
            s[S_PHASE] = PH_FIRST
            s[S_TO_MOVE] = 0 if pa > pb else 1
            return


def return_piece(game, side, d):
    s = game.state
    s[S_DLOC + side * 28 + d] = BAG
    s[S_HANDN + side] -= 1
    s[S_BAGN + side] += 1


def place(game, me, sq):
    """The next guard of ``me`` onto ``sq``; after the second side's sixth guard, play begins."""
    s = game.state
    base = S_GUARD + me * 6
    g = 0
    while s[base + g] != UNPLACED:
        g += 1
    s[base + g] = sq | (s[S_NG + sq] << 6)
    s[S_NG + sq] += 1
    s[S_OWN + sq] = me + 1
    if g < 5:
        return
    if me == s[S_FIRST]:
        s[S_TO_MOVE] = 1 - me
    else:
        s[S_PHASE] = PH_PLAY
        s[S_TO_MOVE] = s[S_FIRST]
        remember(game)


def end_turn(game):
    """The explicit end of turn: the draw rules (section 1.7), then the other side's turn starts."""
    s = game.state
    me = s[S_TO_MOVE]
    s[S_IDLE] = idle_after_end(s)
    turns = game.turns() + 1
    s[S_TURNS] = turns & 0xFF
    s[S_TURNS + 1] = turns >> 8
    s[S_TO_MOVE] = 1 - me
    s[S_GMOVES] = 0
    s[S_RMOVES] = 0
    s[S_MOVED] = 0
    s[S_MERGED] = NONE
    if s[S_IDLE] >= game.idle_turns or turns >= game.turn_cap:
        game.finish(RESULT_DRAW)
        return
    if remember(game) + 1 >= game.repetition > 0:
        game.finish(RESULT_DRAW)


def idle_after_end(s):
    """The idle count once the turn of state ``s`` ends: turns in a row without a road move while both hands and
    bags are empty (section 1.7)."""
    if s[S_HANDN] + s[S_HANDN + 1] + s[S_BAGN] + s[S_BAGN + 1]:
        return 0
    return 0 if s[S_RMOVES] else min(s[S_IDLE] + 1, 255)


def position_hash(game):
    """A 30-bit hash of the position between turns: pieces, hands, bags and the side to move."""
    s = game.state
    h1 = 1 + s[S_TO_MOVE]
    h2 = 7 + s[S_TO_MOVE]
    for i in range(S_DLOC, S_DLOC + 112):
        v = s[i]
        h1 = (h1 * 1021 + v + 1) % 32749
        h2 = (h2 * 919 + v + 3) % 32719
    for sq in range(64):
        v = s[S_OWN + sq] | (s[S_NG + sq] << 2)
        h1 = (h1 * 1021 + v + 1) % 32749
        h2 = (h2 * 919 + v + 3) % 32719
    return (h1 << 15) | h2


def _side_shift(base, prime):
    """``base`` ** 176 % ``prime``: how far one more in the side to move moves each half of ``position_hash``."""
    shift = 1
    for _ in range(176):  # the 112 piece locations and 64 squares it folds in
        shift = shift * base % prime
    return shift


_SHIFT1 = _side_shift(1021, 32749)
_SHIFT2 = _side_shift(919, 32719)


def other_side_hash(h, to_move):
    """``position_hash`` of the same position with the other side to move, from its hash ``h`` with ``to_move`` to
    move. Each half of the hash is linear in its start value, which is a constant plus the side to move, so the
    other side's hash differs from this one by a fixed amount (a search hashes each end position once, not twice)."""
    sign = 1 if to_move == 0 else -1
    h1 = ((h >> 15) + sign * _SHIFT1) % 32749
    h2 = ((h & 0x7FFF) + sign * _SHIFT2) % 32719
    return (h1 << 15) | h2


def occurrences(game, h):
    """How many earlier turns started in the position of hash ``h``."""
    n = 0
    for i in range(game.state[S_HISTN]):
        if game.history(i) == h:
            n += 1
    return n


def remember(game):
    """Store this turn start's hash; return how many earlier turn starts had the same position."""
    s = game.state
    h = position_hash(game)
    n = s[S_HISTN]
    same = occurrences(game, h)
    if n == HISTORY:
        for p in range(S_HIST, S_HIST + 4 * (HISTORY - 1)):
            s[p] = s[p + 4]
        n -= 1
    p = S_HIST + 4 * n
    s[p] = h & 0xFF
    s[p + 1] = (h >> 8) & 0xFF
    s[p + 2] = (h >> 16) & 0xFF
    s[p + 3] = h >> 24
    s[S_HISTN] = n + 1
    return same


def hide(game, player):
    """Secret placement (PTW-A32): while guards are being placed, the other side's guards are hidden from
    ``player``'s view (code HIDDEN, out of the square tables)."""
    s = game.state
    if s[S_PHASE] != PH_PLACE or game.open_placement:
        return
    other = 1 - player
    for g in range(6):
        loc = s[S_GUARD + other * 6 + g]
        if loc < ONBOARD:
            sq = loc & 63
            s[S_NG + sq] -= 1
            if s[S_NG + sq] == 0 and s[S_NR + sq] == 0:
                s[S_OWN + sq] = 0
        s[S_GUARD + other * 6 + g] = HIDDEN
