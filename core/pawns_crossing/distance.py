# SPDX-License-Identifier: MIT
"""Turns-to-goal estimates for the computer player (decisions.md 2.9), in units of 0.3 turn.

A move with die d passes any chain of halves below d, so a move needing "a die of at least d" costs the expected
wait for such a roll, 6 / (6 - d) turns (faces blank, 1..5): ``STEP_COST``. The distance of a space to a goal is
the cheapest sequence of moves, found by Dijkstra backwards from the goal tile(s) with a bucket queue. Paths are
symmetric, so the moves that end on a settled space q are found from q itself: every space next to q (any die),
and for each die d every space touching a component of halves below d that q touches. ``prepare`` builds the
adjacency, the components and the spaces touching each, once per board and colour (pawns of other colours cut
holes, PC-A9). Other tokens are ignored: they move.

Spaces are positional (``paths``): tile positions 0..15 and 16 + half.
"""

from array import array

from core.compat import const
from core.pawns_crossing.board import (
    DOMINO_PIPS, HALF_HOLE, HOLE_HALVES, SLOT_TILES, TILE_SLOTS, PUSHER_HALF, HALVES, NONE, pusher_tile,
)

INFINITE = const(65535)
STEP_COST = b"\x00\x04\x05\x07\x0a\x14"  # die 1..5: 4, 5, 7, 10, 20 (1.2, 1.5, 2, 3, 6 turns)
_S_PUSHER_AT = const(12)
_SPACES = const(66)
_DEGREE = const(10)  # a tile touches up to 10 halves; a half up to 6 spaces
_BUCKETS = const(32)  # more than the largest step cost, so the queue's window never wraps onto itself
_NIL = const(255)
_TOUCH_BYTES = const(3000)
# the work counted, in spaces settled: what a prepare and a table's setting up cost as many settled spaces would
PREPARE_WORK = const(72)
TABLE_WORK = const(8)


def new_table():
    return array("H", [INFINITE] * _SPACES)


class Distances:
    """Scratch for distance tables, allocated once. ``prepare(game, colour)`` (after ``paths.sync``) then
    ``table(dist, goals)`` for as many goals as needed on that board."""

    def __init__(self):
        self.work = 0  # counted work: PREPARE_WORK a prepare, TABLE_WORK a table plus 1 a space settled
        self.adjacent = bytearray(_SPACES * _DEGREE)
        self.degree = bytearray(_SPACES)
        self.components = bytearray(5 * HALVES)  # per die 1..5: 1 + component of each half below it, or 0
        self.touch_start = array("H", [0] * (5 * (HALVES + 1) + 1))  # per die and component: into ``touch``
        self.touch = bytearray(_TOUCH_BYTES)  # spaces touching each component (members included)
        self.done = bytearray(5 * (HALVES + 1))  # per die and component: 1 relaxed for a half, 2 for a tile
        self.mark = bytearray(_SPACES)
        self.stack = bytearray(HALVES)
        self.head = bytearray(_BUCKETS)
        self.next = bytearray(_SPACES)
        self.prev = bytearray(_SPACES)
        self.settled = bytearray(_SPACES)

    def prepare(self, game, colour):
        """Adjacency, components and touch lists of ``game``'s board for tokens of ``colour``."""
        self.work += PREPARE_WORK
        self._adjacency(game, colour)
        comp = self.components
        stack = self.stack
        adjacent = self.adjacent
        degree = self.degree
        place_half = game.place_half
        for i in range(5 * HALVES):
            comp[i] = 0
        for die in range(1, 6):
            base = (die - 1) * HALVES
            label = 0
            for half in range(HALVES):
                piece = place_half[half]
                if comp[base + half] or piece == NONE or DOMINO_PIPS[piece] >= die:
                    continue
                label += 1
                comp[base + half] = label
                stack[0] = half
                top = 1
                while top:
                    top -= 1
                    space = 16 + stack[top]
                    for k in range(space * _DEGREE, space * _DEGREE + degree[space]):
                        other = adjacent[k] - 16
                        if other >= 0 and not comp[base + other] and DOMINO_PIPS[place_half[other]] < die:
                            comp[base + other] = label
                            stack[top] = other
                            top += 1
        self._touch_lists()

    def _adjacency(self, game, colour):
        adjacent = self.adjacent
        degree = self.degree
        pusher_at = game.state[_S_PUSHER_AT]
        on_board = pusher_at != NONE
        pusher_by = pusher_tile(pusher_at) if on_board else NONE
        for space in range(_SPACES):
            n = space * _DEGREE
            if space < 16:
                for k in range(4):
                    slot = TILE_SLOTS[space * 4 + k]
                    if slot != NONE:
                        adjacent[n] = 16 + slot * 2
                        adjacent[n + 1] = 17 + slot * 2
                        n += 2
                if space == pusher_by:
                    adjacent[n] = 16 + PUSHER_HALF
                    adjacent[n + 1] = 17 + PUSHER_HALF
                    n += 2
            elif space >= 16 + PUSHER_HALF:
                if on_board:
                    adjacent[n] = space ^ 1
                    adjacent[n + 1] = pusher_by
                    n += 2
            else:
                half = space - 16
                adjacent[n] = space ^ 1
                adjacent[n + 1] = SLOT_TILES[half & ~1]
                adjacent[n + 2] = SLOT_TILES[(half & ~1) + 1]
                n += 3
                hole = HALF_HOLE[half]
                if hole != NONE and not game.hole_pawns[hole] & ~(1 << colour):
                    for k in range(hole * 4, hole * 4 + 4):
                        if HOLE_HALVES[k] != half:
                            adjacent[n] = 16 + HOLE_HALVES[k]
                            n += 1
            degree[space] = n - space * _DEGREE

    def _touch_lists(self):
        """For each die and component, the spaces touching it; a component's halves come first."""
        comp = self.components
        touch = self.touch
        start = self.touch_start
        mark = self.mark
        adjacent = self.adjacent
        degree = self.degree
        n = 0
        for i in range(_SPACES):
            mark[i] = 0
        for die in range(5):
            base = die * HALVES
            for label in range(HALVES + 1):
                start[die * (HALVES + 1) + label] = n
                if label == 0:
                    continue
                found = False
                for half in range(HALVES):
                    if comp[base + half] != label:
                        continue
                    found = True
                    space = 16 + half
                    for k in range(space * _DEGREE - 1, space * _DEGREE + degree[space]):
                        other = space if k < space * _DEGREE else adjacent[k]
                        if not mark[other]:
                            mark[other] = 1
                            touch[n] = other
                            n += 1
                for k in range(start[die * (HALVES + 1) + label], n):
                    mark[touch[k]] = 0
                if not found:
                    for rest in range(label + 1, HALVES + 1):
                        start[die * (HALVES + 1) + rest] = n
                    break
        start[5 * (HALVES + 1)] = n

    def table(self, dist, goals, target=-1):
        """Fill ``dist`` with distances to the goal tile positions in bit mask ``goals``; with ``target`` >= 0,
        stop once that space is settled and return its distance (INFINITE if unreachable)."""
        head = self.head
        nxt = self.next
        prev = self.prev
        settled = self.settled
        done = self.done
        comp = self.components
        adjacent = self.adjacent
        degree = self.degree
        touch = self.touch
        start = self.touch_start
        for i in range(_SPACES):
            dist[i] = INFINITE
            settled[i] = 0
        for i in range(5 * (HALVES + 1)):
            done[i] = 0
        for i in range(_BUCKETS):
            head[i] = _NIL
        self.work += TABLE_WORK
        queued = 0
        for pos in range(16):
            if goals & (1 << pos):
                dist[pos] = 0
                nxt[pos] = head[0]
                prev[pos] = _NIL
                if head[0] != _NIL:
                    prev[head[0]] = pos
                head[0] = pos
                queued += 1
        level = 0
        while queued:
            q = head[level % _BUCKETS]
            if q == _NIL:
                level += 1
                continue
            head[level % _BUCKETS] = nxt[q]
            if nxt[q] != _NIL:
                prev[nxt[q]] = _NIL
            queued -= 1
            settled[q] = 1
            self.work += 1
            if q == target:
                return level
            # one step to a neighbour: any die will do
            cost = level + STEP_COST[1]
            for k in range(q * _DEGREE, q * _DEGREE + degree[q]):
                p = adjacent[k]
                if cost < dist[p] and not settled[p]:
                    queued += self._move(dist, p, cost)
            # every space touching a component below d that q lies in or touches reaches q with die d
            mode = 1 if q >= 16 else 2  # from a tile q, tiles cannot start (two transitions)
            for die in range(1, 6):
                cost = level + STEP_COST[die]
                base = (die - 1) * HALVES
                for k in range(q * _DEGREE - 1, q * _DEGREE + degree[q]):
                    other = q if k < q * _DEGREE else adjacent[k]
                    if other < 16 or not comp[base + other - 16]:
                        continue
                    flag = (die - 1) * (HALVES + 1) + comp[base + other - 16]
                    if done[flag] & (mode | 1):
                        continue
                    done[flag] |= mode
                    for j in range(start[flag], start[flag + 1]):
                        p = touch[j]
                        if (p >= 16 or mode == 1) and cost < dist[p] and not settled[p]:
                            queued += self._move(dist, p, cost)
        return INFINITE

    def _move(self, dist, p, cost):
        """Put space p in the bucket of ``cost``; returns 1 if it was not queued before."""
        head = self.head
        nxt = self.next
        prev = self.prev
        added = 1
        if dist[p] != INFINITE:
            added = 0
            if prev[p] != _NIL:
                nxt[prev[p]] = nxt[p]
            else:
                head[dist[p] % _BUCKETS] = nxt[p]
            if nxt[p] != _NIL:
                prev[nxt[p]] = prev[p]
        dist[p] = cost
        bucket = cost % _BUCKETS
        nxt[p] = head[bucket]
        prev[p] = _NIL
        if head[bucket] != _NIL:
            prev[head[bucket]] = p
        head[bucket] = p
        return added
