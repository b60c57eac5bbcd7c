# SPDX-License-Identifier: MIT
"""Pave the Way computer player: ranking the legal moves of a search node by cheap features (decisions.md 1.11),
so that only the few best road and guard moves are applied and evaluated."""

from core.pave_the_way.aiweights import (
    BLOCK_NEAR, BLOCKS, CLOSES_IN, EXTENDS, GUARD_BLOCK_NEAR, GUARD_TO_END, GUARD_TOWARDS_END, HAND_CONTINUES, JITTER,
    LEAVES_BLOCK, MAKES_THREE, ON_ROAD, PROTECTS, RACE_CAP, RELOCATE_ROOTED, RELOCATES, SHOVE, SHOVE_CLEARS,
    SHOVE_ROAD, SIEGE_FAR, STANDS_ON_ROAD, STEPS_OFF, UNIT,
)
from core.pave_the_way.board import (
    DISCARD, END, FACE, GUARD, INHAND, KIND_SHIFT, NB, NUMS, RELOCATE, S_DLOC, S_NG, S_NR, S_OWN,
)
from core.pave_the_way.phases import idle_after_end


NEG = -1000000000


def candidates(ai, game, me, road_k, guard_k):
    """Rank the legal moves of ``game`` by cheap features; put the best road and guard moves into
    ``ai.cmove``; return how many."""
    ev = ai.ev
    s = game.state
    count = game.legal_moves(ai.moves)
    root = ev.root
    crit = root.crit
    opp_from = root.opp_from
    hand_nums = 0
    for d in range(28):
        if s[S_DLOC + me * 28 + d] == INHAND:
            hand_nums |= NUMS[d]
    total = road_k + guard_k
    cmove = ai.cmove
    cscore = ai.cscore
    for i in range(total):
        cscore[i] = NEG
    # where only a road move keeps the idle rule from drawing, every one is a candidate (not for the bench's greedy)
    any_road = not ev.simple and idle_draw_near(game)
    # in a siege with the opponent further behind than the race term counts, the evaluation counts no more blocking
    blocking = not ev.siege or ev.root_opp <= ev.root_me + RACE_CAP * 2 * UNIT
    for i in range(count):
        move = ai.moves[i]
        kind = move >> KIND_SHIFT
        if kind == END or kind == DISCARD:
            continue
        if kind == GUARD:
            score = guard_score(ai, game, me, move, crit, opp_from)
            lo = road_k
            hi = total
        else:
            t = (move >> 2) & 63
            c = crit[t]
            if not c and not any_road:
                continue
            score = 0
            if c & 1:
                score += ON_ROAD
                k = t * 8
                for j in range(k, k + 4):  # next to one of its pieces here: extends a road
                    b = NB[j]
                    if b != 255 and s[S_OWN + b] == me + 1 and s[S_NR + b]:
                        score += EXTENDS
                        break
            if c & 2 and blocking:
                score += BLOCKS + (BLOCK_NEAR - opp_from[t] if opp_from[t] < BLOCK_NEAR else 0)
            d = (move >> 8) & 31
            if kind == RELOCATE:
                src = (move >> 8) & 63
                d = game.road_id(me, src, s[S_NR + src] - 1)
                if root.me_from[src] == 0 and crit[src] & 1:
                    score += RELOCATE_ROOTED
                score += RELOCATES
            f = FACE[(((move & 3) << 5) | d) * 4 + (0 if me == 0 else 2)]
            if (hand_nums >> f) & 1 if f != 7 else hand_nums & NUMS[d]:
                score += HAND_CONTINUES
            score += ai.rng.below(JITTER)
            lo = 0
            hi = road_k
        # insert into the slots lo..hi-1, kept in descending order
        if score <= cscore[hi - 1]:
            continue
        k = hi - 1
        while k > lo and cscore[k - 1] < score:
            cscore[k] = cscore[k - 1]
            cmove[k] = cmove[k - 1]
            k -= 1
        cscore[k] = score
        cmove[k] = move
    n = 0
    for i in range(total):  # compact: roads then guards, skipping empty slots
        if cscore[i] > NEG:
            cmove[n] = cmove[i]
            n += 1
    return n


def idle_draw_near(game):
    """Whether ending the turn in ``game`` lets the idle rule draw (section 1.7), at this turn end or at the
    opponent's pass after it (seed 55 against random play: a relocation was legal, the turn ended, drawn)."""
    idle = idle_after_end(game.state)
    return idle > 0 and idle + 1 >= game.idle_turns


def guard_score(ai, game, me, move, crit, opp_from):
    s = game.state
    ev = ai.ev
    blocking = not ev.siege or ev.root_opp <= ev.root_me + RACE_CAP * 2 * UNIT  # as in candidates
    sq = (move >> 15) & 63
    d1 = (move >> 11) & 3
    d2 = (move >> 4) & 7
    q = NB[sq * 8 + d1]
    dest = NB[q * 8 + d2 - 1] if d2 else q
    score = ai.rng.below(JITTER)
    if crit[dest] & 2 and blocking:
        score += BLOCKS + (GUARD_BLOCK_NEAR - opp_from[dest] if opp_from[dest] < GUARD_BLOCK_NEAR else 0)
    if crit[sq] & 2 and blocking:
        score += LEAVES_BLOCK
    if crit[sq] & 1 and not s[S_NR + sq]:
        k = sq * 8
        for j in range(k, k + 4):  # off a square of its road it can build on now
            b = NB[j]
            if b != 255 and s[S_OWN + b] == me + 1 and s[S_NR + b]:
                score += STEPS_OFF
                break
    shoved = (move >> 7) & 15 or move & 15
    if crit[dest] & 1 and not s[S_NR + dest] and not shoved:
        score += STANDS_ON_ROAD
    if s[S_OWN + dest] == me + 1:
        if s[S_NR + dest] == 1 and crit[dest] & 1:
            score += PROTECTS
        if s[S_NG + dest] + s[S_NG + sq] == 3:
            score += MAKES_THREE
    if ai.ev.root.sealable:
        far = 56 if me == 0 else 0
        if far <= dest < far + 8 and not s[S_OWN + dest]:
            score += GUARD_TO_END
        elif (dest >> 3) != (sq >> 3) and ((dest >> 3) > (sq >> 3)) == (me == 0):
            score += GUARD_TOWARDS_END
    siege = ai.ev.siege
    if siege:  # a unit closing in on a piece that blocks its road, or gathering into a 3-stack where one is needed
        nearer = siege.three if siege.need3 else siege.two
        a = nearer[sq]
        b = nearer[dest]
        if b < a:
            score += CLOSES_IN * ((a if a < SIEGE_FAR else SIEGE_FAR) - b)
    if shoved:
        score += SHOVE
        if crit[q] & 1 and (move >> 7) & 15 or crit[dest] & 1 and move & 15:
            score += SHOVE_CLEARS
        if (move >> 7) & 15 and s[S_NR + q]:
            score += SHOVE_ROAD
        elif move & 15 and s[S_NR + dest]:
            score += SHOVE_ROAD
    return score
