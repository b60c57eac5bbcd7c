# SPDX-License-Identifier: MIT
"""Pave the Way computer player: the decisions that need no search: setup, the ``easy`` and ``greedy`` levels,
and which piece to discard."""

from core.compat import const
from core.pave_the_way import aicand
from core.pave_the_way.aiweights import DOUBLE_DISCARD, FORWARD_FIT
from core.pave_the_way.board import (
    DISCARD, END, FACE, FIRST, HAND, HI, INHAND, KIND_SHIFT, LO, NUMS, PH_FIRST, PH_HAND, PH_PLACE, PLACE, PLAY,
    RELOCATE, S_DLOC, S_NG, S_OWN,
)

_NEG = const(-1000000000)
# setup guard squares for S (N mirrors them): 2-stacks on c3 and f3, singles on d2 and e2 to merge into 3-stacks
PLACEMENT = (18, 18, 11, 21, 21, 12)



def setup_move(ai, view, me, phase):
    if phase == PH_HAND:
        return (HAND << KIND_SHIFT) | 1  # a hand without a pair is weak: redraw
    if phase == PH_FIRST:
        # normal lets the opponent start: the second side's free road piece is worth more than the first turn
        # (docs/pave-the-way.md has the figures); easy and greedy, the bench's yardstick, start themselves
        return (FIRST << KIND_SHIFT) | (1 - me if ai.level == "normal" or ai.level == "hard" else me)
    count = view.legal_moves(ai.moves)
    if phase == PH_PLACE:
        s = view.state
        placed = 0
        for sq in range(64):
            if s[S_OWN + sq] == me + 1:
                placed += s[S_NG + sq]
        sq = PLACEMENT[placed]
        if me == 1:
            sq = (7 - (sq >> 3)) * 8 + (sq & 7)
        move = (PLACE << KIND_SHIFT) | sq
        for i in range(count):
            if ai.moves[i] == move:
                return move
        return ai.moves[ai.rng.below(count)]
    # the second side's free piece: a central home square, facing forward with a number the hand covers
    best = ai.moves[0]
    best_score = _NEG
    for i in range(count):
        move = ai.moves[i]
        d = (move >> 8) & 31
        sq = (move >> 2) & 63
        x = 2 * (sq & 7) - 7
        score = forward_fit(ai, view, me, d, move & 3, d) * FORWARD_FIT - (x if x > 0 else -x)
        if score > best_score:
            best_score = score
            best = move
    return best


def forward_fit(ai, view, me, d, o, skip):
    """How many hand pieces (other than ``skip``) can continue forward from domino ``d`` in orientation ``o``."""
    s = view.state
    f = FACE[((o << 5) | d) * 4 + (0 if me == 0 else 2)]
    need = (1 << f) if f != 7 else NUMS[d]
    n = 0
    for h in range(28):
        if h != skip and s[S_DLOC + me * 28 + h] == INHAND and NUMS[h] & need:
            n += 1
    return n


def easy(ai, view, me):
    ev = ai.ev
    count = view.legal_moves(ai.moves)
    best = END
    best_d = ev.distance(view, me, ev.tmp, False)
    work = ai.work
    for i in range(count):
        move = ai.moves[i]
        kind = move >> KIND_SHIFT
        if kind != PLAY and kind != RELOCATE:
            continue
        work.copy_from(view)
        work.apply_legal(move)
        if work.result() == me:
            return move
        d = ev.distance(work, me, ev.tmp, False)
        if d < best_d or (d == best_d and best != END and ai.rng.below(2)):
            best_d = d
            best = move
    return best


def greedy(ai, view, me):
    ev = ai.ev
    ev.prepare(view, me)
    best = END
    best_score = ev.evaluate(view, me, -1, 0)
    n = aicand.candidates(ai, view, me, 12, 12)
    work = ai.work
    for i in range(n):
        move = ai.cmove[i]
        work.copy_from(view)
        work.apply_legal(move)
        score = ev.evaluate(work, me, -1, 0)
        if score > best_score:
            best_score = score
            best = move
    return best

# -- normal: a beam search over the turn -------------------------------------------------------------------
def discard(ai, view, me):
    """The hand piece least likely to help: a double first, else the one sharing fewest numbers with the
    rest of the hand."""
    s = view.state
    best = END
    best_score = _NEG
    for d in range(28):
        if s[S_DLOC + me * 28 + d] != INHAND:
            continue
        score = DOUBLE_DISCARD if LO[d] == HI[d] else 0
        for h in range(28):
            if h != d and s[S_DLOC + me * 28 + h] == INHAND and NUMS[h] & NUMS[d]:
                score -= 1
        if score > best_score:
            best_score = score
            best = (DISCARD << KIND_SHIFT) | d
    return best
