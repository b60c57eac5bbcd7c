# SPDX-License-Identifier: MIT
"""Pave the Way computer player: urgency, a win this turn (decisions.md 1.11). With its road two pieces or less
from done, the player tries every pair of road moves whose first lands on one of its shortest roads, then on one
of its roads up to ``aiweights.DETOUR`` longer (own pieces count half a piece whether their numbers fit or not,
so the real shortest road may be one of those). If none wins and a Guard Move is left, it tries each Guard Move
that clears one of those squares (a shove, or guards stepping off: no guard and no opposing piece left there) and
leaves its road two pieces or less from done, and whose cleared square is on one of the new shortest roads; then
the pairs on those roads. Other Guard Moves (one that uncovers an own piece to relocate, say) rarely let a pair
win, and following each of them with the pairs made the slowest decision of ten self-play games take about 50 s
on the device (bench estimate). The search runs in slices like the beam (``ai._step``)."""

from core.compat import const
from core.pave_the_way.board import GUARD, KIND_SHIFT, NB, PLAY, RELOCATE, S_GMOVES, S_NG, S_OWN, S_RMOVES
from core.pave_the_way.aieval import PREPARE
from core.pave_the_way.aiweights import UNIT


FIRSTS = const(128)  # first road moves the search tries
GUARD_MOVES = const(96)  # Guard Moves the search tries before the pairs
WITHIN = 2 * UNIT + 1  # the road distance from which two road moves may finish


def win_start(ai, view, me):
    """Set up the search: the road moves onto its shortest roads (up to ``FIRSTS``) as first moves from the
    view, then the Guard Moves (up to ``GUARD_MOVES``) if the turn has one left."""
    n = 0
    s = view.state
    if s[S_GMOVES] < 2:
        count = view.legal_moves(ai.moves)
        for i in range(count):
            move = ai.moves[i]
            if move >> KIND_SHIFT == GUARD and n < GUARD_MOVES:
                ai.gmoves[n] = move
                n += 1
    ai.gw_n = n
    ai.gw_i = 0
    _firsts(ai, 0)


def _firsts(ai, at):
    """Road moves onto the critical squares as first moves: from the view (``at`` 0, the turn's analysis: the
    misfits moved away, its shortest roads, then the detours), or after the Guard Move in ``ai.nodes[2]`` (``at`` 1,
    its own analysis: the shortest roads only); a win puts them at ``at`` in the plan."""
    count = (ai.nodes[2] if at else ai.view).legal_moves(ai.moves)
    crit = (ai.ev.after if at else ai.ev.root).crit
    firsts = ai.firsts
    n = 0 if at else _misfits(ai, count)
    bit = 1
    while bit <= (1 if at else 4):  # the shortest roads first, then the detours (bit 4 includes bit 1's squares)
        for i in range(count):
            move = ai.moves[i]
            kind = move >> KIND_SHIFT
            if (kind == PLAY or kind == RELOCATE) and crit[(move >> 2) & 63] & (bit | 1) == bit and n < FIRSTS:
                firsts[n] = move
                n += 1
        bit <<= 2
    ai.fw_at = at
    ai.fw_n = n
    ai.fw_i = 0


def _misfits(ai, count):
    """The relocations of each misfit to one square off its roads: a misfit is an own piece on a shortest road,
    next to the rooted part of its road but not connected to it. The distance counts such a piece as half a piece
    whether its numbers fit or not, so only moving it away and filling its square finishes that road (with an
    empty bag the player would otherwise pass for ever). Return how many were put first in ``ai.firsts``."""
    root = ai.ev.root
    crit = root.crit
    rooted = root.rooted
    firsts = ai.firsts
    n = 0
    for i in range(count):
        move = ai.moves[i]
        if move >> KIND_SHIFT != RELOCATE:
            continue
        src = (move >> 8) & 63
        if not crit[src] & 1 or rooted[src] or crit[(move >> 2) & 63]:
            continue
        k = 0
        while k < n and (firsts[k] >> 8) & 63 != src:
            k += 1
        if k < n and (firsts[k] ^ move) & 0xFC:  # one square off its roads, in each orientation
            continue
        for j in range(src * 8, src * 8 + 4):
            b = NB[j]
            if b != 255 and rooted[b]:
                firsts[n] = move
                n += 1
                break
    return n


def win_step(ai):
    """Try first moves, then Guard Moves, until the budget is spent (False) or all are tried or one wins (True;
    a win sets the plan)."""
    while ai.budget > 0:
        if ai.fw_i < ai.fw_n:
            if _try_first(ai):
                return True
        elif ai.gw_i < ai.gw_n:
            if _try_guard(ai):
                return True
        else:
            return True
    return False


def _try_guard(ai):
    """Try the next Guard Move: True if it wins at once, else set up the road pairs after it when they may
    finish the road."""
    me = ai.me
    ev = ai.ev
    move = ai.gmoves[ai.gw_i]
    ai.gw_i += 1
    ai.budget -= 1
    base = ai.nodes[2]  # nodes 0 and 1 hold the pairs
    base.copy_from(ai.view)
    base.apply_legal(move)
    ai.plan[0] = move
    if base.result() == me:
        ai.plan_len = 1
        return True
    if base.is_over() or base.state[S_RMOVES] >= 2 or not _opens(ai.view, base, me, ev.root.crit, 5) \
            or ev.distance(base, me, ev.tmp, False) > WITHIN:
        return False
    ev.analyse(base, me, ev.after)
    ai.budget -= PREPARE
    ai.fw_at = 1
    ai.fw_i = ai.fw_n = 0
    if _opens(ai.view, base, me, ev.after.crit, 1):  # a cleared square is on one of the shortest roads now
        _firsts(ai, 1)
    return False


def _opens(before, after, me, crit, bits):
    """Whether the Guard Move from ``before`` to ``after`` cleared a square marked with ``bits`` in ``crit`` (no
    guards and no opposing piece left)."""
    b = before.state
    a = after.state
    opp = 2 - me  # 1 + the opponent
    for t in range(64):
        if (b[S_NG + t] or b[S_OWN + t] == opp) and not (a[S_NG + t] or a[S_OWN + t] == opp):
            if crit[t] & bits:
                return True
    return False


def _try_first(ai):
    """Try the next first road move and every road move after it: True if one wins (the plan is set)."""
    ev = ai.ev
    me = ai.me
    first = ai.nodes[0]
    second = ai.nodes[1]
    at = ai.fw_at
    move = ai.firsts[ai.fw_i]
    ai.fw_i += 1
    ai.budget -= 1
    first.copy_from(ai.nodes[2] if at else ai.view)
    first.apply_legal(move)
    if first.result() == me:
        ai.plan[at] = move
        ai.plan_len = at + 1
        return True
    if first.state[S_RMOVES] >= 2:
        return False
    d = ev.distance(first, me, ev.tmp, False)
    crit = (ev.after if at else ev.root).crit
    if d > UNIT + 1 and crit[(move >> 2) & 63]:  # a misfit moved away (off the roads): the distance cannot tell
        return False
    # the finishing piece goes on a square of a cheapest road: the costs from both ends through it add up to the
    # distance, as Evaluator.analyse marks critical squares
    fwd = ev.tmp
    rev = ev.rev
    ev.distance(first, me, rev, True)
    cst = ev.cst
    n2 = first.legal_moves(ai.moves)
    tried = 0
    won = False
    for j in range(n2):
        m2 = ai.moves[j]
        k2 = m2 >> KIND_SHIFT
        if k2 != PLAY and k2 != RELOCATE:
            continue
        t = (m2 >> 2) & 63
        if fwd[t] + rev[t] - (0 if fwd[t] == 0 else cst[t]) > d + 2:
            continue
        tried += 1
        second.copy_from(first)
        second.apply_legal(m2)
        if second.result() == me:
            ai.plan[at] = move
            ai.plan[at + 1] = m2
            ai.plan_len = at + 2
            won = True
            break
    # units of work (ai._step), each about an evaluation of the beam: the reverse distance and the scan of the
    # legal moves (about 4 M instructions with the first unit's), and every eighth move tried
    ai.budget -= 1 + (tried >> 3)
    return won
