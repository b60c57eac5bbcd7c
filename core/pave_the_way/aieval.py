# SPDX-License-Identifier: MIT
"""Pave the Way computer player: road distances and the position evaluation (decisions.md 1.11).

Road distance is a shortest-path search over the 64 squares in quarter pieces (``UNIT`` = 4 per road piece):
the side's home-rooted component costs nothing (it is the source), an empty square costs a piece, an own piece
outside the rooted component half a piece (it may connect or be relocated), an own guard a little more than an
empty square (it has to step aside). In the opponent's distance a road that reaches one of its pieces reaches the
whole road component of that piece at once (``link_pieces``): those links are made, and a chain of its pieces
that one piece joins to its road is a threat now, not one of half a piece a link. The player's own distance keeps
the half piece a link: counted whole, it built chains that its hand could not join, and drew far more. But a step
between two of its own pieces that do not connect (their numbers do not match) costs a piece more (``UNLINKED``):
that link has to be remade. An
opposing single guard, 2-stack or bare road piece costs a piece plus the price of the shove that clears it: small
when the side has a strong enough stack within three steps of it, large otherwise; a 3-stack or an immune square
is a wall. ``D`` is the cost of the cheapest far-rank square; the evaluation adds half the gap to the
second-cheapest one (``open_end``), because the opponent fills a road's only open end with a free start on its
home rank (but not before the opponent's next turn: whether it finishes then is judged without that half gap).
The search is a label-correcting queue over bytearrays: no allocation.

With ``simple`` (the bench's greedy opponent) shove prices ignore where the stacks are, and the evaluation is
just the difference of the two distances.
"""

from core.compat import const
from core.game import DRAW
from core.pave_the_way.board import NB, NONE, S_BASE, S_GUARD, S_NG, S_NR, S_OWN, connected, home_component
from core.pave_the_way import aiterms
from core.pave_the_way.aisiege import SIXTHS, Siege
from core.pave_the_way.aiweights import (
    CLOSING, DETOUR, DISTANCE_CAP, DRAWN, END_GAP, FINISH_NEXT, FIT, MINE, NEAR, OWN_GUARD, OWN_PIECE, PAIR_ALONE,
    PIECE, RACE, RACE_CAP, RESERVE, SCARCITY, SHOVE_MERGE, SHOVE_PAIR, SHOVE_SINGLE, SHOVE_STEP,
    SINGLE_ALONE, THEIRS, UNIT, UNLINKED, WALLED_AHEAD, WIDE, WIN,
)

FAR = const(250)
PREPARE = const(2)  # Evaluator.analyse's four distance searches, in the player's units of work (ai._step)


def _n4():
    table = bytearray(256)  # square * 4 + direction -> neighbour, 64 off the board
    for sq in range(64):
        for d in range(4):
            b = NB[sq * 8 + d]
            table[sq * 4 + d] = 64 if b == 255 else b
    return bytes(table)


N4 = _n4()
UNREACHED = bytes([FAR] * 64 + [0])  # a distance map before the search: square 64, off the board, is never beaten
UNMARKED = bytes(64)  # a map of the 64 squares with none marked (rooted, queued)
ALONE = bytes(range(64))  # Evaluator.ring with no square linked to another
NO_LINKS = bytes(65)  # Evaluator.unlinked with no unmatched pair of neighbours


class Analysis:
    """What a search reads about the position it starts from, filled by ``Evaluator.analyse``: both sides' distance
    maps from each end (65 entries: square 64 is the off-board sentinel), the critical squares, the side's rooted
    road and whether its far rank may be sealed. The turn's analysis (``Evaluator.root``) is made once per search
    and never overwritten while the search runs; the win search keeps its own for the position after a Guard Move
    (``aiwin.WinSearch.after``)."""

    def __init__(self):
        self.me_from = bytearray(65)
        self.me_to = bytearray(65)
        self.opp_from = bytearray(65)
        self.opp_to = bytearray(65)
        # squares on (or next to) a shortest road: bit 1 mine, bit 2 the opponent's; bit 4 mine up to ``DETOUR``
        # longer (own pieces count as half a piece, so the real shortest road may be one of these); bit 8 mine
        # exactly as long as the shortest (among bit 1's: the win search tries them first)
        self.crit = bytearray(64)
        self.rooted = bytearray(64)  # the side's pieces connected to its home rank
        self.me = FAR  # the side's road distance, and the opponent's
        self.opp = FAR
        self.sealable = False  # its far rank may be filled in the opponent's next turn (aiterms.far_rank_open)


class Evaluator:
    """The road distances and the evaluation, one per computer player; their scratch is shared."""

    # scratch shared by every evaluator (no two run at once); maps have an off-board sentinel, square 64
    queue = bytearray(64)
    inq = bytearray(64)
    rooted = bytearray(64)  # of the last distance from the home rank
    unlinked = bytearray(65)  # of the last distance: per own road piece, its own neighbours it does not connect with
    own_roads = bytearray(32)  # the squares of the side's road pieces (``costs``), the first ``own_count``
    tmp = bytearray(65)
    cst = bytearray(65)
    ring = bytearray(64)  # the side's road components as cycles (link_pieces)
    stack = bytearray(6)  # squares of the side's guard units, and their sizes
    height = bytearray(6)
    sieges = Siege()  # the siege maps of the turn's start position, while a siege is on (``siege``)
    root = Analysis()  # the turn's start position, which the evaluation's terms and the candidate rankings read

    def __init__(self, simple=False):
        self.simple = simple
        self.root_me = FAR
        self.root_opp = FAR
        self.last_opp = FAR
        self.last_threat = 0
        self.second = FAR  # the second-cheapest far-rank square of the last distance
        self.own_count = 0
        self.frontier = 0
        self.siege = None  # ``sieges`` while the player lays siege to its blocked road (its maps are the turn's)

    # -- distances ---------------------------------------------------------------------------------------------
    def costs(self, game, side, own_road=False):
        """``self.cst``: what entering each square costs ``side`` (FAR: a wall). Clearing an opposing piece by a
        shove costs a base price plus two for each step the nearest unit of ``side`` strong enough for it
        still has to make to stand next to it, plus four when that unit must first grow by a merge. ``own_road``:
        the player's own road, where a shove that walls the far square ahead costs ``WALLED_AHEAD`` more."""
        s = game.state
        own = side + 1
        cst = self.cst
        units = singles = pairs = 0
        xs = self.stack
        hs = self.height
        if not self.simple:
            g0 = S_GUARD + side * 6
            for g in range(g0, g0 + 6):
                loc = s[g]
                if loc < 64:  # the bottom guard of a unit on the board
                    xs[units] = loc
                    h = s[S_NG + loc]
                    hs[units] = h
                    units += 1
                    if h == 1:
                        singles += 1
                    elif h == 2:
                        pairs += 1
        roads = self.own_roads
        count = 0
        before = 48 if side == 0 else 8  # the rank before the far rank
        for sq in range(64):
            o = s[S_OWN + sq]
            if o == 0:
                cst[sq] = UNIT
                continue
            if o == own:
                if s[S_NR + sq]:
                    cst[sq] = OWN_PIECE
                    roads[count] = sq
                    count += 1
                else:
                    cst[sq] = OWN_GUARD
                continue
            ng = s[S_NG + sq]
            nr = s[S_NR + sq]
            if nr:
                if nr > 1 or ng:
                    cst[sq] = FAR
                    continue
                strength = 2
                base = SHOVE_PAIR
                alone = PAIR_ALONE
            elif ng == 1:
                strength = 1
                base = SHOVE_SINGLE
                alone = SINGLE_ALONE
            elif ng == 2:
                strength = 2
                base = SHOVE_PAIR
                alone = PAIR_ALONE
            else:
                cst[sq] = FAR
                continue
            if units:
                best = FAR
                x = sq & 7
                y = sq >> 3
                for i in range(units):
                    h = hs[i]
                    # a unit as strong as the target must first grow by a merge (no split: two 2-stacks never
                    # make a 3-stack); a weaker one is counted by its partner
                    if h < strength or (h == strength and (singles < 1 if h == 2 else singles + pairs < 2)):
                        continue
                    u = xs[i]
                    dx = (u & 7) - x
                    dy = (u >> 3) - y
                    p = base + SHOVE_STEP * ((dx if dx > 0 else -dx) + (dy if dy > 0 else -dy) - 1)
                    if h == strength:
                        p += SHOVE_MERGE
                    if p < best:
                        best = p
                cst[sq] = UNIT + best if best < FAR else FAR
            else:
                cst[sq] = UNIT + alone
            if own_road and nr and before <= sq < before + 8 and cst[sq] < FAR and _walled_ahead(s, sq, side, o):
                cst[sq] += WALLED_AHEAD
        self.own_count = count

    def link_pieces(self, game, side, linked):
        """``self.ring``: with ``linked``, each road piece of ``side`` points to the next piece of its road component
        (the pieces connected to each other by matching links, section 1.1), round a cycle; every other square to
        itself. A road that reaches one of them reaches them all: their links are made already. Not for ``simple``
        (the bench's greedy yardstick keeps its distance)."""
        ring = self.ring
        ring[:] = ALONE
        if self.simple or not linked:
            return
        s = game.state
        own = side + 1
        seen = self.inq  # free until the distance search resets it
        seen[:] = UNMARKED
        queue = self.queue
        for start in range(64):
            if seen[start] or s[S_OWN + start] != own or not s[S_NR + start]:
                continue
            seen[start] = 1
            queue[0] = start
            head = 0
            tail = 1
            while head < tail:
                a = queue[head]
                head += 1
                ca = s[S_BASE + a]
                k = a * 8
                for j in range(k, k + 4):
                    b = NB[j]
                    if b == 255 or seen[b] or s[S_OWN + b] != own or not s[S_NR + b]:
                        continue
                    if connected(ca, s[S_BASE + b], j - k):
                        seen[b] = 1
                        queue[tail] = b
                        tail += 1
                        ring[b] = ring[start]
                        ring[start] = b

    def mark_unlinked(self, s, own):
        """``self.unlinked``: on each road piece of the side (``own`` = side + 1), bit ``1 << d`` (d: N, E, S, W)
        when the neighbour that way is a road piece of its own that it does not connect with (section 1.1)."""
        unlinked = self.unlinked
        roads = self.own_roads
        for i in range(self.own_count):  # the side's road pieces, listed by ``costs``
            a = roads[i]
            ca = s[S_BASE + a]
            b = a + 8  # north
            if b < 64 and s[S_OWN + b] == own and s[S_NR + b] and not connected(ca, s[S_BASE + b], 0):
                unlinked[a] |= 1
                unlinked[b] |= 4
            b = a + 1  # east
            if a & 7 != 7 and s[S_OWN + b] == own and s[S_NR + b] and not connected(ca, s[S_BASE + b], 1):
                unlinked[a] |= 2
                unlinked[b] |= 8

    def root_component(self, game, side):
        """Mark in ``self.rooted`` the side's pieces connected to its home rank."""
        rooted = self.rooted
        rooted[:] = UNMARKED
        home_component(game.state, side, rooted, 1, self.queue, NONE)

    def distance(self, game, side, dist, reverse, linked=False):
        """Fill ``dist`` with each square's road cost from the side's home rank (or, ``reverse``, from the far
        rank, where the rooted component does not help); return the cost of reaching the other end, and keep the
        cost of its second-cheapest square in ``self.second``. ``dist`` has 65 entries: square 64 is the off-board
        sentinel, never improved. ``linked`` (1 or True): the opponent's distance, in which a road component is
        reached whole (``link_pieces``); otherwise a step between two of the side's pieces that do not connect costs
        ``UNLINKED`` more (``mark_unlinked``). ``linked`` 2: both, the player's own in the win search (``aiwin``)."""
        queue = self.queue
        inq = self.inq
        rooted = self.rooted
        cst = self.cst
        n4 = N4
        start = (56 if side == 0 else 0) if reverse else (0 if side == 0 else 56)
        goal = (0 if side == 0 else 56) if reverse else (56 if side == 0 else 0)
        self.costs(game, side, not (linked or self.simple))
        self.link_pieces(game, side, linked)
        unlinked = self.unlinked
        unlinked[:] = NO_LINKS
        if linked != 1 and not self.simple:
            self.mark_unlinked(game.state, side + 1)
        ring = self.ring
        tail = 0
        dist[:] = UNREACHED
        inq[:] = UNMARKED
        if not reverse:
            self.root_component(game, side)
            for sq in range(64):
                if rooted[sq]:
                    dist[sq] = 0
                    cst[sq] = FAR  # never entered again
                    inq[sq] = 1
                    queue[tail] = sq
                    tail += 1
        for sq in range(start, start + 8):
            c = cst[sq]
            if c < dist[sq]:
                dist[sq] = c
                if not inq[sq]:
                    inq[sq] = 1
                    queue[tail] = sq
                    tail += 1
        head = 0
        count = tail  # entries in the ring
        tail &= 63
        while count:
            a = queue[head]
            head = (head + 1) & 63
            count -= 1
            inq[a] = 0
            da = dist[a]
            c = ring[a]
            while c != a:  # the rest of its road component, reached with it
                if da < dist[c]:
                    dist[c] = da
                    if not inq[c]:
                        inq[c] = 1
                        queue[tail] = c
                        tail = (tail + 1) & 63
                        count += 1
                c = ring[c]
            k = a << 2
            ua = unlinked[a]
            # the four neighbours from N4, written out: the player's hottest loop (a loop over them cost a tenth of
            # each search on the device VM); off the board is square 64, whose distance 0 is never beaten
            b = n4[k]
            nd = da + cst[b]
            if ua & 1:
                nd += UNLINKED
            if nd < dist[b]:
                dist[b] = nd
                if not inq[b]:
                    inq[b] = 1
                    queue[tail] = b
                    tail = (tail + 1) & 63
                    count += 1
            b = n4[k + 1]
            nd = da + cst[b]
            if ua & 2:
                nd += UNLINKED
            if nd < dist[b]:
                dist[b] = nd
                if not inq[b]:
                    inq[b] = 1
                    queue[tail] = b
                    tail = (tail + 1) & 63
                    count += 1
            b = n4[k + 2]
            nd = da + cst[b]
            if ua & 4:
                nd += UNLINKED
            if nd < dist[b]:
                dist[b] = nd
                if not inq[b]:
                    inq[b] = 1
                    queue[tail] = b
                    tail = (tail + 1) & 63
                    count += 1
            b = n4[k + 3]
            nd = da + cst[b]
            if ua & 8:
                nd += UNLINKED
            if nd < dist[b]:
                dist[b] = nd
                if not inq[b]:
                    inq[b] = 1
                    queue[tail] = b
                    tail = (tail + 1) & 63
                    count += 1
        best = second = FAR
        for sq in range(goal, goal + 8):
            d = dist[sq]
            if d < best:
                second = best
                best = d
            elif d < second:
                second = d
        self.second = second
        return best

    def prepare(self, game, me):
        """Analyse the position a search starts from into ``root``; set ``root_me`` and ``root_opp``, this player's
        own (a save carries them; the analysis is shared scratch)."""
        self.analyse(game, me, self.root)
        self.root_me = self.root.me
        self.root_opp = self.root.opp

    def analyse(self, game, me, into, linked=False):
        """Fill the ``Analysis`` ``into`` for ``me`` in ``game``; ``linked`` (2): its own maps too reach a road
        component whole (``distance``)."""
        opp = 1 - me
        self.distance(game, me, into.me_to, True, linked)
        self.distance(game, opp, into.opp_to, True, True)
        do = self.distance(game, opp, into.opp_from, False, True)
        dm = self.distance(game, me, into.me_from, False, linked)  # last, so self.rooted and self.cst are mine
        crit = into.crit
        cst = self.cst
        mf = into.me_from
        mt = into.me_to
        rooted = into.rooted
        for sq in range(64):
            rooted[sq] = self.rooted[sq]
            crit[sq] = 0
            # a square is on a shortest road when the costs from both ends, less its own, add up to the distance
            # (bit 8: exactly; bit 1: within two quarters)
            if dm < FAR:
                through = mf[sq] + mt[sq] - (0 if mf[sq] == 0 else cst[sq])
                if through <= dm + 2:
                    crit[sq] = 9 if through <= dm else 1
                if through <= dm + 2 + DETOUR:
                    crit[sq] |= 4
        self.costs(game, opp)
        of = into.opp_from
        ot = into.opp_to
        # near its finish every way round a block matters: the blocks are searched only among these squares
        slack = 2 if do > NEAR * UNIT or self.simple else 2 + WIDE
        for sq in range(64):
            if do < FAR and of[sq] + ot[sq] - cst[sq] <= do + slack:
                crit[sq] |= 2
        into.me = dm
        into.opp = do
        into.sealable = not self.simple and aiterms.far_rank_open(game.state, me) >= 0

    # -- evaluation --------------------------------------------------------------------------------------------
    def evaluate(self, game, me, known_opp, known_threat):
        """The position's value for ``me`` after ``me``'s actions (the opponent moves next). ``known_opp`` and
        ``known_threat`` are the opponent's distance and the terms that read its road (``threat``, and its finish
        next turn) when the caller knows they did not change, else -1 and 0. Sets ``last_opp`` and ``last_threat``."""
        r = game.result()
        if r >= 0:
            return WIN if r == me else -WIN
        if r == DRAW:
            return DRAWN
        tmp = self.tmp
        dm = self.distance(game, me, tmp, False)
        if self.simple:
            do = self.distance(game, 1 - me, tmp, False) if known_opp < 0 else known_opp
            self.last_opp = do
            self.last_threat = 0
            return 10 * (do - dm)
        dm = self.open_end(dm)
        used = aiterms.on_board(self, game, me)
        surplus = 28 - used - dm // UNIT  # pieces left over after finishing: running out loses the race
        extra = aiterms.frontier_fit(self, game, me, self.rooted) * FIT - aiterms.exposure(self, game, me) \
            - used * PIECE
        if self.siege:
            extra -= CLOSING * self.siege.closing(game, me) // SIXTHS
        extra -= aiterms.sealing(game, me)
        if surplus < RESERVE:
            extra -= SCARCITY * (RESERVE - surplus)
        if known_opp < 0:
            do = self.distance(game, 1 - me, tmp, False, True)
            # in a siege the guards gather to break its own road free: a stack kept a merge away from a shove of
            # the opponent's road would hold back the guard the siege needs (seed 123 against random play)
            threat = 0 if self.siege else aiterms.threat(self, game, me)  # reads self.rooted: the opponent's
            # the opponent moves next, before any piece of ``me`` can fill its road's open end: whether it
            # finishes then is judged on its distance as it is, not the one ``open_end`` makes longer
            if do <= 2 * UNIT:
                threat -= FINISH_NEXT
            do = self.open_end(do)
        else:
            do = known_opp
            threat = known_threat
        self.last_opp = do
        self.last_threat = threat
        if self.siege and do > self.root_me + RACE_CAP * 2 * UNIT:
            # in a siege, blocking counts only up to the lead at which the race term stops counting (two pieces a
            # turn): further, breaking its own road free matters more (seed 912 against random play: every guard
            # stood as a block, the opponent 13 pieces from done, and none came up to the siege)
            do = self.root_me + RACE_CAP * 2 * UNIT
        return self.value(dm, do) + extra + threat

    def open_end(self, d):
        """``d``, the last ``distance``, plus half the gap to that road's second-cheapest far-rank square (at most
        ``end_gap``): the opponent fills the cheapest one with a start on its home rank, which needs no matching
        number, so a road with a single open end is worth less than its length says."""
        gap = self.second - d
        return d + ((gap if gap < END_GAP else END_GAP) >> 1)

    def value(self, dm, do):
        """Distances in quarter pieces. Each side lays two pieces a turn and the opponent moves next, so the
        race is won by whoever needs fewer turns, the opponent on a tie (a finish next turn: ``evaluate``)."""
        mine = dm if dm < DISTANCE_CAP else DISTANCE_CAP
        theirs = do if do < DISTANCE_CAP else DISTANCE_CAP
        v = THEIRS * theirs - MINE * mine
        t_me = (mine + 2 * UNIT - 1) // (2 * UNIT)
        t_opp = (theirs + 2 * UNIT - 1) // (2 * UNIT)
        race = t_opp - t_me
        if race > RACE_CAP:
            race = RACE_CAP
        elif race < -RACE_CAP:
            race = -RACE_CAP
        return v + RACE * race


def _walled_ahead(s, sq, side, o):
    """The opponent ``o``'s bare road piece on ``sq``, before ``side``'s far rank, can only be shoved from behind, onto
    the opponent's road piece on the far square ahead (``aiweights.WALLED_AHEAD``)."""
    ahead = sq + 8 if side == 0 else sq - 8
    if s[S_OWN + ahead] != o or not s[S_NR + ahead]:
        return False
    x = sq & 7
    return (x == 0 or s[S_OWN + sq - 1] == o) and (x == 7 or s[S_OWN + sq + 1] == o)
