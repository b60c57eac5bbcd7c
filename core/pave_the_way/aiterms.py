# SPDX-License-Identifier: MIT
"""Pave the Way computer player: the evaluation terms beyond the two distances (decisions.md 1.11): pieces on
the board, hand fit at the road's frontier, exposure to and threat of 3-stack shoves, a far rank that may be
sealed. The middle three read the turn's critical squares (``ev.root.crit``) and a rooted road: the caller's, or
that of the last ``Evaluator.distance`` (``ev.rooted``)."""

from core.pave_the_way import roads
from core.pave_the_way.aiweights import ATTACK, EXPOSED, OPEN_ENDS, SEALING, TO_END
from core.pave_the_way.board import INHAND, NB, S_DLOC, S_GUARD, S_NG, S_NR, S_OWN, orients



def on_board(ev, game, me):
    s = game.state
    n = 0
    for d in range(S_DLOC + me * 28, S_DLOC + me * 28 + 28):
        if s[d] < 64:
            n += 1
    return n


def frontier_fit(ev, game, me, rooted):
    """How many empty squares next to ``rooted``, ``me``'s rooted road in ``game`` (on the root's critical
    squares), a hand piece fits, at most 4; ``ev.frontier`` gets how many such squares were looked at."""
    s = game.state
    crit = ev.root.crit
    n = 0
    ev.frontier = 0
    dloc = S_DLOC + me * 28
    for sq in range(64):
        if s[S_OWN + sq] or not crit[sq] & 1:
            continue
        k = sq * 8
        if not (rooted[NB[k]] if NB[k] != 255 else 0) and not (rooted[NB[k + 1]] if NB[k + 1] != 255 else 0) \
                and not (rooted[NB[k + 2]] if NB[k + 2] != 255 else 0) \
                and not (rooted[NB[k + 3]] if NB[k + 3] != 255 else 0):
            continue
        ev.frontier += 1
        roads.square_mask(game, sq, me, 255)
        for d in range(28):
            if s[dloc + d] == INHAND and orients(game.mask, sq * 6, d):
                n += 1
                break
        if n == 4:
            break
    return n


def exposure(ev, game, me):
    """Bare rooted pieces of ``me`` on its shortest roads that an opposing 3-stack could reach and shove next
    turn (two at most count). Reads ``ev.rooted``: call after ``distance(game, me, ...)``."""
    s = game.state
    opp_own = 2 - me
    rooted = ev.rooted
    crit = ev.root.crit
    total = 0
    for st in range(64):
        if s[S_OWN + st] != opp_own or s[S_NG + st] != 3:
            continue
        x = st & 7
        y = st >> 3
        for sq in range(64):
            if rooted[sq] and crit[sq] & 1 and s[S_NR + sq] == 1 and s[S_NG + sq] == 0:
                dx = (sq & 7) - x
                dy = (sq >> 3) - y
                if (dx if dx > 0 else -dx) + (dy if dy > 0 else -dy) <= 3:
                    total += EXPOSED
    return total if total < 2 * EXPOSED else 2 * EXPOSED


def threat(ev, game, me):
    """Bare rooted pieces of the opponent on its shortest roads within three steps of a 3-stack of ``me`` (or
    of a 2-stack with a single guard next to it, a merge away from one); two at most count. Reads
    ``ev.rooted``: call after ``distance(game, opponent, ...)``."""
    s = game.state
    crit = ev.root.crit
    own = me + 1
    rooted = ev.rooted
    total = 0
    for st in range(64):
        if s[S_OWN + st] != own:
            continue
        h = s[S_NG + st]
        if h < 2:
            continue
        weight = ATTACK
        if h == 2:
            weight = 0
            k = st * 8
            for j in range(k, k + 4):
                b = NB[j]
                if b != 255 and s[S_OWN + b] == own and s[S_NG + b] == 1:
                    weight = ATTACK >> 1
                    break
            if not weight:
                continue
        x = st & 7
        y = st >> 3
        for sq in range(64):
            if rooted[sq] and crit[sq] & 2 and s[S_NR + sq] == 1 and s[S_NG + sq] == 0:
                dx = (sq & 7) - x
                dy = (sq >> 3) - y
                if (dx if dx > 0 else -dx) + (dy if dy > 0 else -dy) <= 3:
                    total += weight
    return total if total < 2 * ATTACK else 2 * ATTACK


def far_rank_open(s, me):
    """Whether ``me``'s far rank may be sealed in the opponent's next turn: no own piece on it and at most
    ``OPEN_ENDS`` empty squares; then how many are empty (else -1)."""
    far = 56 if me == 0 else 0
    empty = 0
    for sq in range(far, far + 8):
        o = s[S_OWN + sq]
        if o == me + 1:
            return -1
        if o == 0:
            empty += 1
    return empty if empty <= OPEN_ENDS else -1


def sealing(game, me):
    """The price of a far rank the opponent may fill in its next turn (``far_rank_open``): ``SEALING`` for each
    empty square short of ``OPEN_ENDS`` + 1, and ``TO_END`` for each step the nearest own guard still has to walk
    to an empty one (standing there, it keeps the square: nobody can start a road on it)."""
    s = game.state
    empty = far_rank_open(s, me)
    if empty < 0:
        return 0
    price = SEALING * (OPEN_ENDS + 1 - empty)
    if empty:
        far = 56 if me == 0 else 0
        best = 99
        for g in range(S_GUARD + me * 6, S_GUARD + me * 6 + 6):
            loc = s[g]
            if loc >= 64:
                continue
            x = loc & 7
            y = loc >> 3
            for sq in range(far, far + 8):
                if s[S_OWN + sq] == 0:
                    dx = x - (sq & 7)
                    dy = y - (sq >> 3)
                    d = (dx if dx > 0 else -dx) + (dy if dy > 0 else -dy)
                    if d < best:
                        best = d
        if best < 99:
            price += TO_END * best
    return price
