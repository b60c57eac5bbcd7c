# SPDX-License-Identifier: MIT
"""Pave the Way computer player: the siege of a blocked road (decisions.md 1.11, "shove an articulation piece").

When its road has stopped getting shorter, the player marks the opposing pieces on its shortest roads (or, when no
shove clears one of those, on its roads up to ``aiweights.DETOUR`` longer) that a stack could shove (single guards:
a 2-stack; 2-stacks and bare road pieces: a 3-stack) and counts, for every square, how many Guard Moves a unit
standing there needs to reach a square next to one of them from which the shove clears the way: one that would push
the piece onto a square of its shortest roads and wall it there (onto a road piece, or into a 3-stack) does not
count, unless both squares are on the far rank (the road ends on the square cleared; the other was only another
end), and neither does a square the opponent holds, nor one shut in by the opponent's pieces where no unit strong
enough stands (no guard can come in to join one there). Guard Moves stop on own pieces, never pass through occupied
squares and never join a square past the cap of three guards, so this count, not the straight-line distance, says
how far a unit really is from the shove. The count spreads from every such square, even one an own unit holds: a
guard may join it there, or it may step aside.

The evaluation then rewards the guards for gathering, turn after turn: the unit of two guards nearest such a shove
(a stack, or two guards and the merge that stacks them), and where a target needs a 3-stack, the unit of three
nearest it (a 3-stack, a 2-stack and a single guard, or three single guards, and their merges). Stacks never split
and never pass three guards, so two 2-stacks make no 3-stack. A single guard walking up counts as much as its share
of a stack, so a 3-stack is built from guards spread over the board, not only from a stack already strong enough.
Once a target has been shoved away the maps say nothing more (the road distance prices the shove), and the term
keeps its start value for the rest of the turn.
"""

from core.compat import const
from core.pave_the_way.board import NB, S_GUARD, S_NG, S_NR, S_OWN
from core.pave_the_way.guards import shove_targets


FAR_MOVES = const(255)
CAP = const(12)  # moves counted at most
SIXTHS = const(6)  # Siege.closing's unit: a sixth of a Guard Move (a 2-stack's guard moves 3 of them, a 3-stack's 2)
TARGETS = const(16)  # target squares kept, to see that they still hold the opponent's pieces
# what ``Siege._fill`` found
_NO_TARGET = const(0)
_NOWHERE = const(1)  # pieces to shove, but no place to shove one from
_STAGED = const(2)  # a place to shove one from


class Siege:
    """The siege maps of the turn's start position: for every square, the Guard Moves a unit of two (``two``) or
    three (``three``) standing there needs to stand where it can shove a piece blocking the side's road."""

    def __init__(self):
        self.two = bytearray(64)
        self.three = bytearray(64)
        self.need3 = False  # some target needs a 3-stack (a bare road piece or a 2-stack)
        self.targets = bytearray(TARGETS)  # the squares of the pieces to shove (the first TARGETS of them)
        self.target_count = 0
        self.start = 0  # ``closing`` in the position the maps were built from

    def build(self, game, me, crit, queue):
        """Fill the maps for ``me`` in ``game``, whose critical squares are ``crit`` (bit 1: on its shortest
        roads, bit 4: on its roads up to ``DETOUR`` longer), from the pieces on its shortest roads, or from those
        on the longer ones when no shove clears a shortest one; return True if some opposing piece on the roads
        looked at can be shoved at all. ``queue``: 64 bytes of scratch."""
        found = self._fill(game, me, crit, queue, 1)
        if found < _STAGED:
            found = self._fill(game, me, crit, queue, 4)
        self.start = self.closing(game, me)
        return found > _NO_TARGET

    def _fill(self, game, me, crit, queue, on):
        """Fill the maps from the pieces on the squares whose ``crit`` has the bit ``on``; return ``_STAGED`` if
        some square is a place to shove one from, else ``_NOWHERE`` if there is a piece to shove, else
        ``_NO_TARGET``."""
        s = game.state
        found = _NO_TARGET
        self.need3 = False
        self.target_count = 0
        for m in (2, 3):
            dist = self.two if m == 2 else self.three
            for sq in range(64):
                dist[sq] = FAR_MOVES
            tail = 0
            for t in range(64):
                o = s[S_OWN + t]
                if o == 0 or o == me + 1 or not crit[t] & on:
                    continue
                ng = s[S_NG + t]
                nr = s[S_NR + t]
                if not ((nr == 0 and ng < m) or (nr == 1 and ng == 0 and m == 3)):
                    continue
                if found == _NO_TARGET:
                    found = _NOWHERE
                if m == 3 and (nr or ng == 2):
                    self.need3 = True
                if self.target_count < TARGETS and (m == 2 or not ng or ng == 2):  # each target once
                    self.targets[self.target_count] = t
                    self.target_count += 1
                for j in range(4):
                    f = NB[t * 8 + j]
                    # a square the opponent holds is no place to shove from: its guards never stand there (seed
                    # 112 against random-python: the shoves into the random side's full home ranks were all from
                    # inside them, so the maps stayed empty, yet the longer roads were never looked at)
                    if f == 255 or not dist[f] or s[S_OWN + f] == 2 - me \
                            or not _clears(game, t, (j + 2) & 3, f, me, crit):
                        continue
                    if s[S_OWN + f] != me + 1 or s[S_NG + f] < m:
                        # no unit strong enough stands there: a guard must come in from a neighbour the opponent
                        # does not hold (seed 912 against random play: a 2-stack shut in on the far rank by the
                        # opponent's pieces counted as a 3-stack but for one guard, which walked up and never joined)
                        shut = True
                        for i in range(f * 8, f * 8 + 4):
                            x = NB[i]
                            if x != 255 and s[S_OWN + x] != 2 - me:
                                shut = False
                        if shut:
                            continue
                    # queued even where an own unit stands: a guard may join it there, or it may step aside
                    tail = _visit(s, dist, queue, tail, f, 0, me, 0)
                    found = _STAGED
            head = 0
            while head < tail:  # each square enters the queue once: a plain breadth-first search
                y = queue[head]
                head += 1
                k = dist[y] + 1
                if k > CAP:
                    continue
                for j in range(y * 8, y * 8 + 4):
                    x1 = NB[j]
                    if x1 == 255:
                        continue
                    if dist[x1] > k:
                        tail = _visit(s, dist, queue, tail, x1, k, me, m)
                    if s[S_OWN + x1]:
                        continue
                    for i in range(x1 * 8, x1 * 8 + 4):  # two steps through the empty x1
                        x2 = NB[i]
                        if x2 != 255 and dist[x2] > k:
                            tail = _visit(s, dist, queue, tail, x2, k, me, m)
        return found

    def closing(self, game, me):
        """How far ``me``'s guards are from a shove, in ``SIXTHS`` of a Guard Move: for the nearest unit of two guards
        and its merge, three a guard's move; where a target needs a 3-stack, also for the nearest unit of three and
        its merges, two a guard's move (``_gather``). Stacked guards count one each, so a 2-stack's move is a whole
        Guard Move of the first, a 3-stack's of the second, and a single guard walking up counts its share."""
        s = game.state
        opp = 2 - me
        for i in range(self.target_count):
            if s[S_OWN + self.targets[i]] != opp:  # a target shoved away: the maps no longer say where to stand
                return self.start
        total = SIXTHS // 2 * _gather(s, me, self.two, 2)  # each guard of a unit of two moves half its Guard Move
        if self.need3:
            total += SIXTHS // 3 * _gather(s, me, self.three, 3)
        return total


def _gather(s, me, dist, m):
    """The Guard Moves the guards of ``me`` that can make a unit of ``m`` still need to stand next to a shove
    by ``dist`` (each at most ``CAP`` + 1), plus the merges that would make them one unit; the cheapest of the
    units they can make (stacks never split, and never pass three guards)."""
    far = CAP + 1
    s1 = s2 = s3 = pair = three = far  # the three nearest single guards, the nearest 2-stack and 3-stack
    g0 = S_GUARD + me * 6
    for g in range(g0, g0 + 6):
        loc = s[g]
        if loc >= 64:  # not on the board, or not a unit's bottom guard
            continue
        d = dist[loc]
        if d > far:
            d = far
        h = s[S_NG + loc]
        if h == 1:
            if d < s3:
                if d < s2:
                    s3 = s2
                    if d < s1:
                        s2 = s1
                        s1 = d
                    else:
                        s2 = d
                else:
                    s3 = d
        elif h == 2:
            if d < pair:
                pair = d
        elif d < three:
            three = d
    if m == 2:
        best = 2 * (pair if pair < three else three)
        if s1 + s2 + 1 < best:
            best = s1 + s2 + 1
        if s1 + pair + 1 < best:  # a single guard nearer than the 2-stack it joins
            best = s1 + pair + 1
        return best
    best = 3 * three
    if 2 * pair + s1 + 1 < best:
        best = 2 * pair + s1 + 1
    if s1 + s2 + s3 + 2 < best:
        best = s1 + s2 + s3 + 2
    return best


def _clears(game, t, d, f, me, crit):
    """A shove from ``f`` into ``t`` (direction ``d``) can push the piece there somewhere it does not wall the
    side's road: a square off its shortest roads, one where the piece can still be shoved (not onto a road piece,
    nor making a 3-stack), or, from a far-rank ``t``, another far-rank square (a full far rank of bare pieces is
    opened so: seed 1231 against random play)."""
    mask = shove_targets(game, t, d, f, 1 - me)
    s = game.state
    k = s[S_NG + t]
    far = 7 if me == 0 else 0
    for j in range(4):
        if mask >> j & 1:
            c = NB[t * 8 + j]
            if not crit[c] & 1 or not s[S_NR + c] and (k == 0 or s[S_NG + c] + k < 3):
                return True
            if t >> 3 == far and c >> 3 == far:  # the road ends on t: c was only another end
                return True
    return False


def _visit(s, dist, queue, tail, sq, moves, me, height):
    """Give ``sq`` the distance ``moves`` for a unit of ``height`` guards of ``me`` if such a unit can be there:
    queued to go on from when it may stop there (empty, or its own with room under the cap of 3), kept but not
    queued when a unit of its own already stands there (it may leave, but no unit can join it), skipped when the
    opponent's. A ``height`` of 0 queues a square whatever unit of its own stands there (where the search starts).
    Returns the queue's new tail."""
    o = s[S_OWN + sq]
    if o and o != me + 1:
        return tail
    dist[sq] = moves
    if o and s[S_NG + sq] + height > 3:
        return tail
    queue[tail] = sq
    return tail + 1
