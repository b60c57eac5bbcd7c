# SPDX-License-Identifier: MIT
"""Pave the Way computer player: the beam search over the actions of one turn (decisions.md 1.11), as an explicit
state machine in the player's attributes, so that ``Ai.think`` can stop after any evaluation and resume without a
generator per level of the search (each would allocate)."""

from core.compat import const
from core.pave_the_way.board import END, KIND_SHIFT, PLAY, S_GMOVES, S_HISTN, S_RMOVES, S_TO_MOVE
from core.pave_the_way import aicand
from core.pave_the_way.aiweights import REPEATED
from core.pave_the_way.phases import position_hash

BEAM = const(2)  # nodes kept at each depth of the main search
ROAD_CANDIDATES = const(8)  # road and guard candidates tried from each node (measured: more guard ones lose)
GUARD_CANDIDATES = const(3)
INNER_CANDIDATES = const(3)  # road and guard candidates of the look one turn further (a greedy line)
TOPS = const(2)  # end positions a stalled turn looks beyond



def beam_start(ai, root, layer, keep):
    """A beam search over the rest of the turn from ``root``: layer 0 keeps the best sequence in
    ``found_seq`` / ``found_len`` (and with ``keep`` the best end positions in ``tops``), layer 1 (the look
    one turn further) only scores."""
    ev = ai.ev
    s = root.state
    ai.bm_layer = layer
    ai.bm_keep = keep
    ai.bm_left = 4 - s[S_GMOVES] - s[S_RMOVES]
    ai.bm_best = ev.evaluate(root, ai.me, -1, 0)
    if ai.rep and not layer:
        ai.bm_best -= REPEATED * repeats(root)
    ai.bm_won = False
    if not layer:
        ai.found_len = 0
        ai.bm_first = END  # the best single action, whatever it scores (a repeated position is left by it)
        ai.bm_first_score = -1000000000
    if keep:
        ai.tops_n = 0
        remember(ai, root, ai.bm_best, 0, 0)
    off = layer * 2 * BEAM
    ai.nodes[0].copy_from(root)
    ai.bopp[off] = ev.last_opp
    ai.bthreat[off] = ev.last_threat
    ai.bm_beam = 1
    ai.bm_base = 0  # nodes[base .. base + beam) hold the beam, nodes[BEAM - base ..] the next one
    ai.bm_depth = 0
    ai.bm_b = 0
    ai.bm_n = -1  # candidates of the current node not ranked yet
    ai.bm_kids = 0
    ai.bm_width = BEAM if layer == 0 else 1


def beam_step(ai):
    """Evaluate children until the budget is spent (False) or the beam search is over (True)."""
    ev = ai.ev
    me = ai.me
    nodes = ai.nodes
    layer = ai.bm_layer
    off = layer * 2 * BEAM
    bscore = ai.bscore
    bseq = ai.bseq
    crit = ev.root.crit
    work = ai.work
    width = ai.bm_width
    while ai.budget > 0:
        depth = ai.bm_depth
        if depth >= ai.bm_left:
            return True
        base = ai.bm_base
        other = BEAM - base
        b = ai.bm_b
        if b >= ai.bm_beam:  # this depth is done: its best children are the next beam
            if ai.bm_kids == 0:
                return True
            ai.bm_beam = ai.bm_kids
            ai.bm_base = other
            ai.bm_depth = depth + 1
            ai.bm_b = 0
            ai.bm_kids = 0
            continue
        node = nodes[base + b]
        if ai.bm_n < 0:
            if layer:
                ai.bm_n = aicand.candidates(ai, node, me, INNER_CANDIDATES, INNER_CANDIDATES)
            else:
                ai.bm_n = aicand.candidates(ai, node, me, ROAD_CANDIDATES, GUARD_CANDIDATES)
            ai.bm_i = 0
            ai.budget -= 1  # ranking the legal moves costs about an evaluation
        i = ai.bm_i
        if i >= ai.bm_n:
            ai.bm_b = b + 1
            ai.bm_n = -1
            continue
        ai.bm_i = i + 1
        ai.budget -= 1
        move = ai.cmove[i]
        work.copy_from(node)
        work.apply_legal(move)
        old = (off + base + b) * 4
        if work.result() == me:
            ai.bm_won = True
            if not layer:
                for k in range(depth):
                    ai.plan[k] = bseq[old + k]
                ai.plan[depth] = move
                ai.plan_len = depth + 1  # the game ends with it
            return True
        if move >> KIND_SHIFT == PLAY and not crit[(move >> 2) & 63] & 2:
            # a piece off the opponent's roads leaves its distance
            score = ev.evaluate(work, me, ai.bopp[off + base + b], ai.bthreat[off + base + b])
        else:
            score = ev.evaluate(work, me, -1, 0)
        if ai.rep and not layer:
            score -= REPEATED * repeats(work)
        if ai.bm_keep:
            remember(ai, work, score, depth + 1, old, move)
        if not depth and not layer and score > ai.bm_first_score:
            ai.bm_first_score = score
            ai.bm_first = move
        # keep the ``width`` best children
        slot = -1
        kids = ai.bm_kids
        if kids < width:
            slot = kids
            ai.bm_kids = kids + 1
        else:
            worst = 0
            for k in range(1, width):
                if bscore[off + other + k] < bscore[off + other + worst]:
                    worst = k
            if score > bscore[off + other + worst]:
                slot = worst
        if slot < 0:
            continue
        j = off + other + slot
        nodes[other + slot].copy_from(work)
        bscore[j] = score
        ai.bopp[j] = ev.last_opp
        ai.bthreat[j] = ev.last_threat
        for k in range(depth):
            bseq[j * 4 + k] = bseq[old + k]
        bseq[j * 4 + depth] = move
        if score > ai.bm_best:
            ai.bm_best = score
            if not layer:
                ai.found_len = depth + 1
                for k in range(depth + 1):
                    ai.found_seq[k] = bseq[j * 4 + k]
    return False


def repeats(game):
    """How many earlier turns started in the position ``game`` would hand the opponent if the turn ended now."""
    s = game.state
    me = s[S_TO_MOVE]
    s[S_TO_MOVE] = 1 - me
    h = position_hash(game)
    s[S_TO_MOVE] = me
    n = 0
    for i in range(s[S_HISTN]):
        if game.history(i) == h:
            n += 1
    return n


def remember(ai, game, score, length, old, move=END):
    """Remember one of the ``TOPS`` best end positions of the turn and the sequence reaching it."""
    n = ai.tops_n
    if n < TOPS:
        slot = n
        ai.tops_n = n + 1
    else:
        slot = 0
        for k in range(1, TOPS):
            if ai.tscore[k] < ai.tscore[slot]:
                slot = k
        if score <= ai.tscore[slot]:
            return
    ai.tops[slot][:] = game.state
    ai.tscore[slot] = score
    ai.tlen[slot] = length
    for k in range(length - 1):
        ai.tseq[slot * 4 + k] = ai.bseq[old + k]
    if length:
        ai.tseq[slot * 4 + length - 1] = move
