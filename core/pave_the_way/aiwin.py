# SPDX-License-Identifier: MIT
"""Pave the Way computer player: urgency, a win this turn (decisions.md 1.11). With its road two pieces or less
from done, the player first tries the Guard Moves of its own guards standing on an empty square of one of its
shortest roads: no road piece can go there until they step off, and the pairs below cannot use it. Then it tries
every pair of road moves whose first lands on one of its shortest roads, then on one of its roads up to
``aiweights.DETOUR`` longer (own pieces count half a piece whether or not the hand can join them, so the real
shortest road may be one of those). If none wins and a Guard Move is left, it tries each other Guard Move. A Guard
Move is followed up when it clears one of those squares (a shove, or guards stepping off: no guard and no opposing piece
left there), leaves its road two pieces or less from done and the cleared square is on one of the new shortest
roads: then the misfits moved away and the pairs on those roads. Other Guard Moves rarely let a pair win, and
following each of them with the pairs made the slowest decision of ten self-play games take about 50 s on the
device (bench estimate). On a stalled turn (its road no shorter for ``ai.SIEGE_AFTER`` turns) the order varies
from turn to turn, and the search also runs when the road is more than two pieces from done but within reach once
its pieces already joined by their links count once (``WinSearch.start``, ``CHAINS``). The search runs in slices
like the beam (``ai._step``), as a ``WinSearch``."""

from array import array

from core.compat import const
from core.game import move_buffer
from core.pave_the_way.board import (
    GUARD, KIND_SHIFT, NB, PLAY, RELOCATE, S_GMOVES, S_NG, S_NR, S_OWN, S_RMOVES, move_from,
)
from core.pave_the_way.aieval import PREPARE, Analysis
from core.pave_the_way.aiweights import OWN_PIECE, UNIT


FIRSTS = const(128)  # first road moves the search tries
GUARD_MOVES = const(96)  # Guard Moves the search tries before the pairs
WITHIN = 2 * UNIT + 1  # the road distance from which two road moves may finish
# ... and more, read with its joined pieces counted once (``linked``): entering each of up to two of its chains
CHAINS = 2 * OWN_PIECE
ROTATE = const(5)  # how much further on each stalled turn's Guard Moves start (WinSearch.start)


class WinSearch:
    """The search for a win this turn: its buffers (first road moves, Guard Moves), its own analysis of the
    position after a Guard Move and its reverse map, and its state between slices; on a win, ``seq[:found]`` (the
    game ends with it). One serves every player (they never think at once); it borrows the player's scratch games
    while the beam is idle."""

    def __init__(self):
        self.firsts = move_buffer(FIRSTS)  # the largest first, and without a list of zeros beside
        self.gmoves = move_buffer(GUARD_MOVES)
        self.seq = array("i", [0] * 3)
        self.after = Analysis()  # of the position after the Guard Move being tried
        self.rev = bytearray(65)  # costs to the far rank after a first road move
        self.found = 0
        self.at = self.first_i = self.first_n = self.guard_i = self.guard_n = self.guard_first = 0
        self.firsts_made = False
        self.linked = 0
        self.ev = self.view = self.nodes = self.moves = None
        self.me = 0

    def start(self, ev, view, me, nodes, moves, stalled=0, linked=0):
        """Set up the search for ``me`` from ``view``, whose analysis is ``ev.root``: if the turn has a Guard Move
        left, the Guard Moves (up to ``GUARD_MOVES``), first (``guard_first`` of them) those from a square of its
        shortest roads that holds no road piece; once those are tried, the road moves onto its roads (up to
        ``FIRSTS``) as first moves. ``nodes`` are three scratch games, ``moves`` a legal-move buffer.

        ``stalled`` counts the player's own turns in a row without a shorter road (0 when it is not stalled). A
        stalled turn's search is cut at the same few units, and its position is much as the last one's, so the
        same order would try the same few moves every turn: on every other stalled turn all Guard Moves come
        before the road pairs, and the list starts ``ROTATE`` further on each time, so that over a few stalled
        turns each is tried (a win needing a guard to step off an own piece to relocate it, seed 563 against
        random play).

        ``linked`` (2, else 0): its road is more than two pieces from done as ``ev.root`` reads it, but within two
        when its pieces already joined by their links count once (``Evaluator.distance``, ``CHAINS``): the search
        then reads its own road that way throughout, its first moves from an analysis of the view made so
        (``after``, made after the Guard Moves in the way; seed 372 against another random player: a chain of eight
        own pieces from the far rank read as five and a half pieces, two relocations short of a win for 28
        turns)."""
        self.ev = ev
        self.linked = linked
        self.view = view
        self.me = me
        self.nodes = nodes
        self.moves = moves
        self.found = 0
        crit = ev.root.crit
        gmoves = self.gmoves
        n = 0
        first = 0
        if view.state[S_GMOVES] < 2:
            count = view.legal_moves(moves)
            end = 1  # the list starts with END, then the Guard Moves (rules.Game.legal_moves)
            while end < count and moves[end] >> KIND_SHIFT == GUARD:
                end += 1
            s = view.state
            shift = (stalled >> 1) * ROTATE
            for in_the_way in (1, 0):
                for i in range(end - 1):
                    move = moves[1 + (i + shift) % (end - 1)]
                    src = move_from(move)
                    if (1 if crit[src] & 1 and not s[S_NR + src] else 0) == in_the_way and n < GUARD_MOVES:
                        gmoves[n] = move
                        n += 1
                if in_the_way:
                    first = n
        self.guard_n = n
        self.guard_first = n if stalled & 1 else first  # tried before the road pairs
        self.guard_i = 0
        self.first_i = self.first_n = 0
        self.firsts_made = False

    def step(self, ai):
        """Try the Guard Moves off the shortest roads, then first moves, then the other Guard Moves (each
        followed by its pairs), until ``ai.budget`` is spent (False) or all are tried or one wins (True; a win
        sets ``found``)."""
        while ai.budget > 0:
            if self.first_i < self.first_n:
                if self._try_first(ai):
                    return True
            elif self.guard_i < self.guard_first:
                if self._try_guard(ai):
                    return True
            elif not self.firsts_made:
                self.firsts_made = True
                if self.linked:
                    self.ev.analyse(self.view, self.me, self.after, self.linked)
                    ai.budget -= PREPARE
                self._firsts(0)
            elif self.guard_i < self.guard_n:
                if self._try_guard(ai):
                    return True
            else:
                return True
        return False

    def _firsts(self, at):
        """Road moves onto the critical squares as first moves: from the view (``at`` 0, the turn's analysis: the
        misfits moved away, its shortest roads, then the detours), or after the Guard Move in ``nodes[2]`` (``at``
        1, its own analysis: the shortest roads only); a win puts them at ``at`` in ``seq``. The cheapest roads come
        first."""
        moves = self.moves
        count = (self.nodes[2] if at else self.view).legal_moves(moves)
        analysis = self.after if at or self.linked else self.ev.root
        crit = analysis.crit
        firsts = self.firsts
        n = self._misfits(count, analysis)
        # its cheapest roads (bit 8), the rest of its shortest (bit 1), then the detours (bit 4): each pass leaves out
        # the squares of the one before, among which it lies (seed 372 against another random player: the winning
        # relocations came after the 16 units, behind plays onto roads two quarters longer)
        bit = 8
        prior = 0
        while bit <= 8:
            for i in range(count):
                move = moves[i]
                kind = move >> KIND_SHIFT
                c = crit[(move >> 2) & 63]
                if (kind == PLAY or kind == RELOCATE) and c & bit and not c & prior and n < FIRSTS:
                    firsts[n] = move
                    n += 1
            prior = bit
            bit = 1 if bit == 8 else (4 if bit == 1 and not at else 16)
        self.at = at
        self.first_n = n
        self.first_i = 0

    def _misfits(self, count, analysis):
        """The relocations of each misfit to one square off its roads: a misfit is an own piece on a shortest road,
        next to the rooted part of its road but not connected to it. The distance counts such a piece as a piece and a
        half (``aiweights.UNLINKED``), but only moving it away and filling its square finishes that road
        (with an empty bag the player would otherwise pass for ever). ``analysis`` is of the position the moves are
        legal in. Return how many were put first in ``firsts``."""
        crit = analysis.crit
        rooted = analysis.rooted
        firsts = self.firsts
        moves = self.moves
        n = 0
        for i in range(count):
            move = moves[i]
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

    def _try_guard(self, ai):
        """Try the next Guard Move: True if it wins at once, else set up the road pairs after it when they may
        finish the road."""
        me = self.me
        ev = self.ev
        move = self.gmoves[self.guard_i]
        self.guard_i += 1
        ai.budget -= 1
        base = self.nodes[2]  # nodes 0 and 1 hold the pairs
        base.copy_from(self.view)
        base.apply_legal(move)
        self.seq[0] = move
        if base.result() == me:
            self.found = 1
            return True
        if base.is_over() or base.state[S_RMOVES] >= 2 or not _opens(self.view, base, me, ev.root.crit, 5) \
                or ev.distance(base, me, ev.tmp, False, self.linked) > WITHIN + (CHAINS if self.linked else 0):
            return False
        ev.analyse(base, me, self.after, self.linked)
        ai.budget -= PREPARE
        self.first_i = self.first_n = 0
        if _opens(self.view, base, me, self.after.crit, 1):  # a cleared square is on one of the shortest roads now
            self._firsts(1)
        return False

    def _try_first(self, ai):
        """Try the next first road move and every road move after it: True if one wins (``seq`` is set)."""
        ev = self.ev
        me = self.me
        first = self.nodes[0]
        second = self.nodes[1]
        at = self.at
        move = self.firsts[self.first_i]
        self.first_i += 1
        ai.budget -= 1
        first.copy_from(self.nodes[2] if at else self.view)
        first.apply_legal(move)
        if first.result() == me:
            self.seq[at] = move
            self.found = at + 1
            return True
        if first.state[S_RMOVES] >= 2:
            return False
        linked = self.linked
        d = ev.distance(first, me, ev.tmp, False, linked)
        crit = (self.after if at or linked else ev.root).crit
        # one more road move cannot finish, unless this one moved a misfit off the roads (the distance cannot tell)
        if d > UNIT + 1 + (CHAINS if linked else 0) and crit[(move >> 2) & 63]:
            return False
        # the finishing piece goes on a square of a cheapest road: the costs from both ends through it add up to the
        # distance, as Evaluator.analyse marks critical squares
        fwd = ev.tmp
        rev = self.rev
        ev.distance(first, me, rev, True, linked)
        cst = ev.cst
        moves = self.moves
        n2 = first.legal_moves(moves)
        tried = 0
        won = False
        for j in range(n2):
            m2 = moves[j]
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
                self.seq[at] = move
                self.seq[at + 1] = m2
                self.found = at + 2
                won = True
                break
        # units of work (ai._step), each about an evaluation of the beam: the reverse distance and the scan of the
        # legal moves (about 4 M instructions with the first unit's), and every eighth move tried
        ai.budget -= 1 + (tried >> 3)
        return won


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
