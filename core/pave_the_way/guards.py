# SPDX-License-Identifier: MIT
"""Pave the Way Guard Moves (decisions.md 1.5): generation and application, functions of the game.

A Guard Move is one move code holding its whole path (1-2 orthogonal steps, straight or L) and where each shove
sends the shoved piece. Generation lifts the moving unit off its square in the square tables, walks the steps,
and for a second step after a shove writes the shove's effect into the tables, restoring every byte afterwards.
A second step that would be a blocked shove (PTW-C1) is simply not listed: "stop" is the one-step move that ends
on the square before the target, "redo" is choosing another move.
"""

from core.pave_the_way import roads
from core.pave_the_way.board import (
    GUARD, KIND_SHIFT, NB, NONE, ONBOARD, S_GMOVES, S_GUARD, S_MERGED, S_MOVED, S_NG, S_NR, S_OWN, S_TO_MOVE,
    guard_size, guard_step, guard_via, move_from, shove_direction,
)



def move_guards(game, side, a, b, n):
    """Move the top ``n`` guards of ``side`` from square ``a`` onto the top of square ``b``."""
    s = game.state
    base = s[S_NG + a] - n
    nb = s[S_NG + b]
    g0 = S_GUARD + side * 6
    for g in range(g0, g0 + 6):
        loc = s[g]
        if loc < ONBOARD and loc & 63 == a and loc >> 6 >= base:
            s[g] = b | (((loc >> 6) - base + nb) << 6)
    s[S_NG + a] = base
    if base == 0 and s[S_NR + a] == 0:
        s[S_OWN + a] = 0
    s[S_NG + b] = nb + n
    s[S_OWN + b] = side + 1


def unit_moved(game, side, sq, size):
    """Bitmask of the guards of ``side`` in the top ``size`` guards on ``sq``."""
    s = game.state
    base = s[S_NG + sq] - size
    bits = 0
    g0 = S_GUARD + side * 6
    for g in range(6):
        loc = s[g0 + g]
        if loc < ONBOARD and loc & 63 == sq and loc >> 6 >= base:
            bits |= 1 << g
    return bits


def eligible(game, sq, size):
    """The once-per-turn rule (PTW-A14) with the text's exception for the stack move 1 created (PTW-C2)."""
    s = game.state
    if game.move_twice:
        return True
    if s[S_GMOVES] == 1 and sq == s[S_MERGED] and size == s[S_NG + sq]:
        return True  # the whole new stack (with allowsplit, a part of it is no exception)
    return unit_moved(game, s[S_TO_MOVE], sq, size) & s[S_MOVED] == 0


def can_shove(game, size, q):
    """A unit of ``size`` guards may shove what is on ``q`` (PTW-A16, PTW-A17, section 1.5 table)."""
    s = game.state
    ng = s[S_NG + q]
    nr = s[S_NR + q]
    if nr > 1 or (nr == 1 and ng > 0):
        return False  # two stacked road pieces, or a road piece with guards on it: immune
    strength = ng + 2 * nr
    if game.exact:
        return size == strength + 1
    return size > strength


def available(game, c, victim, k, road):
    """Square ``c`` can take the shoved unit: ``k`` guards, or one road piece, of side ``victim`` (PTW-A21)."""
    s = game.state
    o = s[S_OWN + c]
    if o != 0 and o != victim + 1:
        return False
    if road:
        return s[S_NG + c] == 0
    return s[S_NG + c] + k <= 3


def shove_targets(game, q, d, f, victim):
    """Bitmask of the directions from ``q`` the piece on ``q`` may be shoved to when entered in direction ``d``
    from ``f``: straight on, else toward its owner, else any other neighbour the shover picks (PTW-A18..A21)."""
    s = game.state
    k = s[S_NG + q]
    road = k == 0
    a = NB[q * 8 + d]
    if a != 255 and a != f and available(game, a, victim, k, road):
        return 1 << d
    t = 2 if victim == 0 else 0  # toward the owner's home rank
    if t != d:
        b = NB[q * 8 + t]
        if b != 255 and b != f and available(game, b, victim, k, road):
            return 1 << t
    mask = 0
    for t in range(8 if game.diagonal else 4):
        c = NB[q * 8 + t]
        if c != 255 and c != f and available(game, c, victim, k, road):
            mask |= 1 << t
    return mask


def generate(game, buf, count):
    s = game.state
    me = s[S_TO_MOVE]
    own = me + 1
    for sq in range(64):
        if s[S_OWN + sq] != own:
            continue
        ng = s[S_NG + sq]
        if ng == 0:
            continue
        size = 1 if game.allow_split else ng
        while size <= ng:
            if eligible(game, sq, size):
                count = _unit(game, buf, count, me, sq, size)
            size += 1
    return count


def _unit(game, buf, count, me, sq, size):
    s = game.state
    own = me + 1
    opp = 1 - me
    head = (GUARD << KIND_SHIFT) | (sq << 15) | (size << 13)
    # lift the unit off its square in the tables
    saved_own = s[S_OWN + sq]
    saved_ng = s[S_NG + sq]
    s[S_NG + sq] = saved_ng - size
    if saved_ng == size and s[S_NR + sq] == 0:
        s[S_OWN + sq] = 0
    for d1 in range(4):
        q = NB[sq * 8 + d1]
        if q == 255:
            continue
        o = s[S_OWN + q]
        code = head | (d1 << 11)
        if o == 0:
            buf[count] = code
            count += 1
            count = _second(game, buf, count, code, me, q, d1, size)
        elif o == own:
            if s[S_NG + q] + size <= 3:
                buf[count] = code
                count += 1
        elif can_shove(game, size, q):
            targets = shove_targets(game, q, d1, sq, opp)
            for t in range(8):
                if not (targets >> t) & 1:
                    continue
                c1 = code | ((t + 1) << 7)
                buf[count] = c1
                count += 1
                # write the shove into the tables, list the second steps, restore
                dest = NB[q * 8 + t]
                q_own = s[S_OWN + q]
                q_ng = s[S_NG + q]
                q_nr = s[S_NR + q]
                d_own = s[S_OWN + dest]
                d_ng = s[S_NG + dest]
                d_nr = s[S_NR + dest]
                f_own = s[S_OWN + sq]
                f_ng = s[S_NG + sq]
                s[S_OWN + dest] = opp + 1
                s[S_NG + dest] = d_ng + q_ng
                s[S_NR + dest] = d_nr + q_nr
                s[S_OWN + q] = own
                s[S_NG + q] = size - 1
                s[S_NR + q] = 0
                s[S_OWN + sq] = own
                s[S_NG + sq] = f_ng + 1
                count = _second(game, buf, count, c1, me, q, d1, size - 1)
                s[S_OWN + sq] = f_own
                s[S_NG + sq] = f_ng
                s[S_OWN + dest] = d_own
                s[S_NG + dest] = d_ng
                s[S_NR + dest] = d_nr
                s[S_OWN + q] = q_own
                s[S_NG + q] = q_ng
                s[S_NR + q] = q_nr
    s[S_OWN + sq] = saved_own
    s[S_NG + sq] = saved_ng
    return count


def _second(game, buf, count, code, me, q1, d1, n):
    """The second steps of a unit of ``n`` guards standing (virtually) on ``q1`` after a first step ``d1``."""
    s = game.state
    own = me + 1
    back = d1 ^ 2
    for d2 in range(4):
        if d2 == back:  # never back to the starting square (PTW-A15)
            continue
        q = NB[q1 * 8 + d2]
        if q == 255:
            continue
        o = s[S_OWN + q]
        c2 = code | ((d2 + 1) << 4)
        if o == 0:
            buf[count] = c2
            count += 1
        elif o == own:
            if s[S_NG + q] + n <= 3:
                buf[count] = c2
                count += 1
        elif can_shove(game, n, q):
            targets = shove_targets(game, q, d2, q1, 1 - me)
            for t in range(8):
                if (targets >> t) & 1:
                    buf[count] = c2 | (t + 1)
                    count += 1
    return count


def apply(game, move):
    s = game.state
    me = s[S_TO_MOVE]
    sq = move_from(move)
    size = guard_size(move)
    d2 = guard_step(move, 2)
    s1 = shove_direction(move, 1)
    s[S_MOVED] |= unit_moved(game, me, sq, size)
    merged = False
    cur = guard_via(move)
    step = _step(game, me, sq, cur, size, s1)
    if step == 3:
        return  # a shoved road piece completed the opponent's road: the game is over
    if step == 1:
        merged = True
    if step == 0 and d2 >= 0:
        if s1 >= 0:
            size -= 1
        q = NB[cur * 8 + d2]
        step = _step(game, me, cur, q, size, shove_direction(move, 2))
        if step == 3:
            return
        if step == 1:
            merged = True
        cur = q
    used = s[S_GMOVES] + 1
    s[S_GMOVES] = used
    s[S_MERGED] = cur if used == 1 and merged else NONE


def _step(game, me, f, q, n, shove):
    """Move the top ``n`` guards on ``f`` into ``q``, a shoved piece going in direction ``shove`` from ``q``: 0 moved
    on (or shoved), 1 merged with own guards, 2 stacked on own road piece, 3 the game ended (a shoved road piece
    completed a road)."""
    s = game.state
    o = s[S_OWN + q]
    if o == me + 1:
        merged = s[S_NG + q] > 0
        move_guards(game, me, f, q, n)
        return 1 if merged else 2
    if o == 0:
        move_guards(game, me, f, q, n)
        return 0
    # shove (PTW-A22): the victim goes to ``dest``, the top guard stays on f, the others enter q
    opp = 1 - me
    dest = NB[q * 8 + shove]
    road = s[S_NR + q] > 0
    if road:
        roads.move_road(game, opp, q, dest)
    else:
        move_guards(game, opp, q, dest, s[S_NG + q])
    top = s[S_NG + f]
    base = top - n
    g0 = S_GUARD + me * 6
    for g in range(g0, g0 + 6):
        loc = s[g]
        if loc < ONBOARD and loc & 63 == f and loc >> 6 >= base:
            level = loc >> 6
            s[g] = f | (base << 6) if level == top - 1 else q | ((level - base) << 6)
    s[S_NG + f] = base + 1
    s[S_OWN + f] = me + 1
    s[S_NG + q] = n - 1
    s[S_OWN + q] = me + 1
    if road and game.wins(opp):  # a win handed over by this shove (PTW-A26, PTW-A36)
        game.finish(opp + 1)
        return 3
    return 0
