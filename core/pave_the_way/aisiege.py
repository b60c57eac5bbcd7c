# SPDX-License-Identifier: MIT
"""Pave the Way computer player: the siege of a blocked road (decisions.md 1.11, "shove an articulation piece").

When its road has stopped getting shorter, the player marks the opposing pieces on its shortest roads that a
stack could shove (single guards: a 2-stack; 2-stacks and bare road pieces: a 3-stack) and counts, for every
square, how many Guard Moves a unit standing there needs to reach a square next to one of them. Guard Moves stop
on own pieces and never pass through occupied squares, so this count, not the straight-line distance, says how
far a stack really is from the shove. The evaluation then rewards the nearest strong enough unit for closing in,
turn after turn, until the shove itself shortens the road.
"""

from core.compat import const
from core.pave_the_way.board import NB, S_GUARD, S_NG, S_NR, S_OWN


FAR_MOVES = const(255)
CAP = const(12)  # moves counted at most


class Siege:
    """The siege maps of the turn's start position: for every square, the Guard Moves a unit of two (``two``) or
    three (``three``) standing there needs to stand next to a piece blocking the side's road that it could shove."""

    def __init__(self):
        self.two = bytearray(64)
        self.three = bytearray(64)

    def build(self, game, me, crit, queue):
        """Fill the maps for ``me`` in ``game``, whose critical squares are ``crit`` (bit 1: on its shortest
        roads); return True if some opposing piece on its roads can be shoved at all. ``queue``: 64 bytes of
        scratch."""
        s = game.state
        any_target = False
        for m in (2, 3):
            dist = self.two if m == 2 else self.three
            for sq in range(64):
                dist[sq] = FAR_MOVES
            tail = 0
            for t in range(64):
                o = s[S_OWN + t]
                if o == 0 or o == me + 1 or not crit[t] & 1:
                    continue
                ng = s[S_NG + t]
                nr = s[S_NR + t]
                if not ((nr == 0 and ng < m) or (nr == 1 and ng == 0 and m == 3)):
                    continue
                any_target = True
                for j in range(t * 8, t * 8 + 4):
                    f = NB[j]
                    if f != 255 and dist[f] and _stand(s, f, me):
                        dist[f] = 0
                        queue[tail] = f
                        tail += 1
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
                    if dist[x1] > k and _stand(s, x1, me):
                        dist[x1] = k
                        queue[tail] = x1
                        tail += 1
                    if s[S_OWN + x1]:
                        continue
                    for i in range(x1 * 8, x1 * 8 + 4):  # two steps through the empty x1
                        x2 = NB[i]
                        if x2 != 255 and dist[x2] > k and _stand(s, x2, me):
                            dist[x2] = k
                            queue[tail] = x2
                            tail += 1
        return any_target

    def moves_from(self, sq, height):
        """Guard Moves a unit of ``height`` guards on ``sq`` needs to a shove: at most ``CAP``, else ``FAR_MOVES``
        (a single guard shoves nothing that blocks a road here)."""
        if height < 2:
            return FAR_MOVES
        d = self.two[sq]
        if height == 3 and self.three[sq] < d:
            d = self.three[sq]
        return d

    def closing(self, game, me):
        """Guard Moves the nearest strong enough unit of ``me`` still needs (at most ``CAP``)."""
        s = game.state
        best = CAP
        g0 = S_GUARD + me * 6
        for g in range(g0, g0 + 6):
            loc = s[g]
            if loc >= 64:
                continue
            d = self.moves_from(loc, s[S_NG + loc])
            if d < best:
                best = d
        return best


def _stand(s, sq, me):
    o = s[S_OWN + sq]
    return o == 0 or o == me + 1
