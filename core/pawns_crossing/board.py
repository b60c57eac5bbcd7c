# SPDX-License-Identifier: MIT
"""Pawns Crossing board geometry (decisions.md 2.2, PC-A1): fixed tables, computed once at import.

Positions are where things lie; the pieces (tiles, dominoes) move between positions when a line slides.

* **Tile positions** ``r * 4 + c`` (r, c = 0..3, top-left first).
* **Domino slots** 0..23: ``H(r, c)`` = ``r * 3 + c`` lies in the gap between tiles (r, c) and (r, c + 1), long axis
  vertical, halves N (end 0) and S (end 1); ``V(r, c)`` = ``12 + r * 4 + c`` lies between (r, c) and (r + 1, c),
  halves W (end 0) and E (end 1). Dominoes lie *along* the gap, so both halves touch both tiles.
* **Positional halves** ``slot * 2 + end`` (0..47), and 48/49 for the pusher's N-or-W and S-or-E ends.
* **Holes** ``X(r, c)`` = ``r * 3 + c`` (r, c = 0..2) where gap lines cross; each touches four halves.
* **Lines** 0..3 are rows, 4..7 columns. The pusher lies at ``line * 2 + end`` (end 0 = west/north of the line,
  1 = east/south), against that line's end tile.
"""

from core.compat import const

SLOTS = const(24)
HOLES = const(9)
PUSHER_HALF = const(48)  # positional halves 48 and 49
HALVES = const(50)
NO_HOLE = const(255)
NONE = const(255)

# The 25 dominoes of a double-six set without 6/6, 6/5 and 6/4 (decisions 2.1). Domino d has pips
# DOMINO_PIPS[2d] >= DOMINO_PIPS[2d + 1]; a physical half is ``2d + i``.
DOMINOES = const(25)


def _dominoes():
    pips = bytearray()
    for high in range(7):
        for low in range(high + 1):
            if high == 6 and low >= 4:
                continue
            pips.append(high)
            pips.append(low)
    return bytes(pips)


DOMINO_PIPS = _dominoes()


def domino_index(a, b):
    """The domino with pips a and b (either order), or -1 if it is not in the set."""
    if a < b:
        a, b = b, a
    for d in range(DOMINOES):
        if DOMINO_PIPS[2 * d] == a and DOMINO_PIPS[2 * d + 1] == b:
            return d
    return -1


def is_double(domino):
    return DOMINO_PIPS[2 * domino] == DOMINO_PIPS[2 * domino + 1]


def _tables():
    half_hole = bytearray([NO_HOLE] * HALVES)
    hole_halves = bytearray(HOLES * 4)
    slot_tiles = bytearray(SLOTS * 2)
    tile_slots = bytearray([NONE] * 64)
    for r in range(4):
        for c in range(3):
            slot = r * 3 + c
            slot_tiles[2 * slot] = r * 4 + c
            slot_tiles[2 * slot + 1] = r * 4 + c + 1
            if r >= 1:
                half_hole[2 * slot] = (r - 1) * 3 + c
            if r <= 2:
                half_hole[2 * slot + 1] = r * 3 + c
    for r in range(3):
        for c in range(4):
            slot = 12 + r * 4 + c
            slot_tiles[2 * slot] = r * 4 + c
            slot_tiles[2 * slot + 1] = (r + 1) * 4 + c
            if c >= 1:
                half_hole[2 * slot] = r * 3 + c - 1
            if c <= 2:
                half_hole[2 * slot + 1] = r * 3 + c
    filled = bytearray(HOLES)
    for half in range(48):
        hole = half_hole[half]
        if hole != NO_HOLE:
            hole_halves[hole * 4 + filled[hole]] = half
            filled[hole] += 1
    count = bytearray(16)
    for slot in range(SLOTS):
        for i in range(2):
            tile = slot_tiles[2 * slot + i]
            tile_slots[tile * 4 + count[tile]] = slot
            count[tile] += 1
    return bytes(half_hole), bytes(hole_halves), bytes(slot_tiles), bytes(tile_slots)


HALF_HOLE, HOLE_HALVES, SLOT_TILES, TILE_SLOTS = _tables()


def line_tile(line, i):
    """Tile position number ``i`` (0..3, west to east or north to south) of a line."""
    if line < 4:
        return line * 4 + i
    return i * 4 + line - 4


def line_slot(line, i):
    """Domino slot number ``i`` (0..2) of a line: the dominoes between the line's tiles."""
    if line < 4:
        return line * 3 + i
    return 12 + i * 4 + line - 4


def pusher_tile(place):
    """The tile position the pusher lies against when it is at ``place`` (line * 2 + end)."""
    return line_tile(place >> 1, 3 * (place & 1))


def hole_name(hole):
    return "x{}{}".format(hole // 3, hole % 3)
