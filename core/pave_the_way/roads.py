# SPDX-License-Identifier: MIT
"""Pave the Way Road Moves (decisions.md 1.6): placement masks, generation and application.

For every empty square the engine computes six 7-bit masks from the side's structural pieces around it: for each
direction, the numbers a new piece's end facing that neighbour may show (the neighbour's facing end number, or
both its numbers when it shows its side), and for a V and an H piece the numbers that connect side-on to a
neighbour's end (the T-cap, PTW-A5). A domino in an orientation connects there if one of its facing numbers is
in the matching mask (``board.orients``), so checking a placement costs a few table look-ups.
"""

from core.pave_the_way.board import (
    BAG, DISCARD, FACE, HI, INHAND, KIND_SHIFT, LO, NB, NONE, NUMS, PLAY, RELOCATE, S_BAGN, S_BASE, S_DINF,
    S_DLOC, S_HANDN, S_NG, S_NR, S_OWN, S_TO_MOVE, home_component, orients,
)



def square_mask(game, sq, side, skip):
    """Write the six masks of empty square ``sq`` for ``side`` (ignoring square ``skip``); return their union."""
    s = game.state
    own = side + 1
    e0 = 0
    e1 = 0
    e2 = 0
    e3 = 0
    sv = 0
    sh = 0
    for d in range(4):
        b = NB[sq * 8 + d]
        if b == 255 or b == skip or s[S_OWN + b] != own or not s[S_NR + b]:
            continue
        if game.rooted_only and not game.root[b]:
            continue
        cb = s[S_BASE + b] & 127
        fb = FACE[cb * 4 + (d ^ 2)]
        if fb != 7:
            end = 1 << fb  # in-line: the new piece's facing end must show the same number
            if not game.strict:  # T-cap: a perpendicular new piece showing that number on its side
                if d & 1:
                    sv |= end
                else:
                    sh |= end
        else:
            end = NUMS[cb & 31]  # branch: the new piece's end shows either number of the piece it meets side-on
        if d == 0:
            e0 |= end
        elif d == 1:
            e1 |= end
        elif d == 2:
            e2 |= end
        else:
            e3 |= end
    m = game.mask
    base = sq * 6
    m[base] = e0
    m[base + 1] = e1
    m[base + 2] = e2
    m[base + 3] = e3
    m[base + 4] = sv
    m[base + 5] = sh
    u = e0 | e1 | e2 | e3 | sv | sh
    game.union[sq] = u
    return u


def fill_masks(game, side, skip):
    """Masks for every empty square; ``game.cand`` gets those where a piece could connect or that are on the home
    rank, ascending; return how many."""
    s = game.state
    home = 0 if side == 0 else 7
    cand = game.cand
    n = 0
    for sq in range(64):
        if s[S_OWN + sq] or sq == skip:
            continue
        if square_mask(game, sq, side, skip) or sq >> 3 == home:
            cand[n] = sq
            n += 1
    return n


def rooted(game, side, skip):
    """attachonlytorooted (PTW-A6 flag): mark in ``game.root`` the squares of components touching the home rank."""
    root = game.root
    for i in range(64):
        root[i] = 0
    home_component(game.state, side, root, 1, game.queue, skip)


def generate(game, buf, count):
    """R1/R2 plays, R3 relocations and R4 discards of the side to move, ascending."""
    s = game.state
    me = s[S_TO_MOVE]
    if game.rooted_only:
        rooted(game, me, NONE)
    n = fill_masks(game, me, NONE)
    cand = game.cand
    mask = game.mask
    union = game.union
    home = 0 if me == 0 else 7
    dloc = S_DLOC + me * 28
    if s[S_HANDN + me]:
        for d in range(28):
            if s[dloc + d] != INHAND:
                continue
            every = 5 if LO[d] == HI[d] else 15  # a double has no flip
            head = (PLAY << KIND_SHIFT) | (d << 8)
            for i in range(n):
                sq = cand[i]
                # R2: a new road on the home rank needs no match
                bits = every if sq >> 3 == home else orients(mask, sq * 6, d)
                o = sq << 2
                while bits:
                    if bits & 1:
                        buf[count] = head | o
                        count += 1
                    bits >>= 1
                    o += 1
    own = me + 1
    for src in range(64):
        if s[S_OWN + src] != own or s[S_NG + src]:
            continue
        h = s[S_NR + src]
        if not h or (h == 1 and game.degree(src) > 1):  # free: the top of a road stack, or degree 0-1
            continue
        d = game.road_id(me, src, h - 1)
        nums = NUMS[d]
        m = n
        if h == 1:  # the structural piece is lifted: its neighbours lose it as a partner
            m = _lift(game, me, src, True, n)
        head = (RELOCATE << KIND_SHIFT) | (src << 8)
        for i in range(m):
            sq = cand[i]
            if sq == src or not union[sq] & nums:
                continue
            bits = orients(mask, sq * 6, d)  # R3 must connect to a piece other than itself (PTW-A6, 1.6)
            o = sq << 2
            while bits:
                if bits & 1:
                    buf[count] = head | o
                    count += 1
                bits >>= 1
                o += 1
        if h == 1:
            _lift(game, me, src, False, n)
    if s[S_BAGN + me] and s[S_HANDN + me]:  # R4 is illegal while the bag is empty (PTW-A28)
        for d in range(28):
            if s[dloc + d] == INHAND:
                buf[count] = (DISCARD << KIND_SHIFT) | d
                count += 1
    return count


def _lift(game, me, src, lift, n):
    """Take the structural piece on ``src`` out of the tables (or put it back) and redo the affected masks;
    return the number of candidate squares."""
    s = game.state
    if lift:
        game.saved_base[0] = s[S_BASE + src]
        s[S_OWN + src] = 0
        s[S_NR + src] = 0
        s[S_BASE + src] = 0
    else:
        s[S_OWN + src] = me + 1
        s[S_NR + src] = 1
        s[S_BASE + src] = game.saved_base[0]
    if game.rooted_only:
        rooted(game, me, NONE)
        return fill_masks(game, me, src if lift else NONE)
    for d in range(4):
        b = NB[src * 8 + d]
        if b != 255 and not s[S_OWN + b]:
            square_mask(game, b, me, NONE)
    return n


def generate_setup(game, buf):
    """The second side's free road piece: any hand piece, any empty home-rank square, any orientation."""
    s = game.state
    me = s[S_TO_MOVE]
    home = 0 if me == 0 else 56
    count = 0
    for d in range(28):
        if s[S_DLOC + me * 28 + d] != INHAND:
            continue
        every = 5 if LO[d] == HI[d] else 15
        for sq in range(home, home + 8):
            if s[S_OWN + sq]:
                continue
            for o in range(4):
                if (every >> o) & 1:
                    buf[count] = (PLAY << KIND_SHIFT) | (d << 8) | (sq << 2) | o
                    count += 1
    return count


def play(game, me, d, sq, o):
    """R1/R2 (and the setup piece): a hand piece onto the board, then the hand refills (PTW-A30)."""
    s = game.state
    put_road(game, me, d, sq, o)
    s[S_HANDN + me] -= 1
    game.refill(me)
    game.forget()


def relocate(game, me, src, dst, o):
    put_road(game, me, lift_road(game, me, src), dst, o)


def discard(game, me, d):
    """R4: return then draw (PTW-A29), or draw then return with drawbeforereturn."""
    s = game.state
    if game.draw_first:
        game.draw(me)
    s[S_DLOC + me * 28 + d] = BAG
    s[S_HANDN + me] -= 1
    s[S_BAGN + me] += 1
    if not game.draw_first:
        game.draw(me)


def lift_road(game, side, a):
    """Take the top road piece of ``side`` off square ``a`` (nothing may be on it); return its id."""
    s = game.state
    h = s[S_NR + a] - 1
    d = game.road_id(side, a, h)
    s[S_NR + a] = h
    if h == 0:
        s[S_BASE + a] = 0
        if s[S_NG + a] == 0:
            s[S_OWN + a] = 0
    return d

def move_road(game, side, a, b):
    """Move the top road piece of ``side`` from ``a`` onto ``b``, keeping its orientation (PTW-A26)."""
    d = lift_road(game, side, a)
    put_road(game, side, d, b, (game.state[S_DINF + side * 28 + d] >> 5) & 3)

def put_road(game, side, d, b, o):
    """Put domino ``d`` of ``side`` with orientation ``o`` on top of square ``b``'s road stack."""
    s = game.state
    h = s[S_NR + b]
    s[S_DLOC + side * 28 + d] = b
    s[S_DINF + side * 28 + d] = h | (o << 5)
    if h == 0:
        s[S_BASE + b] = 0x80 | (o << 5) | d
    s[S_NR + b] = h + 1
    s[S_OWN + b] = side + 1
