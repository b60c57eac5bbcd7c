# SPDX-License-Identifier: MIT
"""Pave the Way computer player: urgency, a win this turn (decisions.md 1.11). With its road two pieces or less
from done, the player tries every pair of road moves whose first lands on one of its shortest roads, then on one
of its roads up to ``Evaluator.detour`` longer (own pieces count half a piece whether their numbers fit or not,
so the real shortest road may be one of those); the search runs in slices like the beam (``ai._step``)."""

from core.compat import const
from core.pave_the_way.aieval import UNIT

# copies of rules' constants, folded by MicroPython's compiler (tests/pave_the_way checks they agree)
_KIND_SHIFT = const(22)
_PLAY = const(2)
_RELOCATE = const(3)
_S_RMOVES = const(5)

FIRSTS = const(128)  # first road moves the search tries


def win_start(ai, view, me):
    """Set up the search: the road moves onto its shortest roads (up to ``FIRSTS``) as first moves."""
    count = view.legal_moves(ai.moves)
    crit = ai.ev.crit
    firsts = ai.firsts
    n = 0
    for bit in (1, 4):  # the shortest roads first, then the detours (bit 4 includes bit 1's squares)
        for i in range(count):
            move = ai.moves[i]
            kind = move >> _KIND_SHIFT
            if (kind == _PLAY or kind == _RELOCATE) and crit[(move >> 2) & 63] & (bit | 1) == bit and n < FIRSTS:
                firsts[n] = move
                n += 1
    ai.fw_n = n
    ai.fw_i = 0


def win_step(ai):
    """Try first moves until the budget is spent (False) or all are tried or one wins (True; a win sets the
    plan)."""
    ev = ai.ev
    me = ai.me
    view = ai.view
    first = ai.nodes[0]
    second = ai.nodes[1]
    while ai.budget > 0:
        if ai.fw_i >= ai.fw_n:
            return True
        move = ai.firsts[ai.fw_i]
        ai.fw_i += 1
        ai.budget -= 1
        first.copy_from(view)
        first.apply_legal(move)
        if first.result() == me:
            ai.plan[0] = move
            ai.plan_len = 1
            return True
        if first.state[_S_RMOVES] >= 2 or ev.distance(first, me, ev.tmp, False) > UNIT + 1:
            continue
        n2 = first.legal_moves(ai.moves)
        for j in range(n2):
            m2 = ai.moves[j]
            k2 = m2 >> _KIND_SHIFT
            if k2 != _PLAY and k2 != _RELOCATE:
                continue
            second.copy_from(first)
            second.apply_legal(m2)
            if second.result() == me:
                ai.plan[0] = move
                ai.plan[1] = m2
                ai.plan_len = 2
                return True
    return False
