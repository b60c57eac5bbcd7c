# SPDX-License-Identifier: MIT
"""Where a token may go, and by which way: the legal-path rule of decisions.md 2.5 (PC-A2 .. PC-A6, PC-A10, PC-A22).

The search runs over **positional spaces**: tile positions 0..15 and ``16 + positional half`` (board.py), so the
geometry tables apply directly. ``sync(game)`` first maps the pieces in ``game.state`` onto positions, into
buffers allocated once per game by ``allocate``; nothing here allocates afterwards.

A destination q is legal for die d when a path reaches it whose intermediate spaces are all halves of value
below d (a half under another token counts 0 and may be passed but not stopped on, PC-A6), with at most one
tile/half transition, through holes without a pawn of another colour (PC-A9, PC-A10). So a path leaving a tile
visits only halves (never tile to tile, PC-A32), and a path from a half may end on a tile.

``reach`` is a breadth-first search that also keeps, per half, the half it was first reached from, so
``token_path`` reads one legal path back out of the same search: a shortest one (fewest spaces), the first the
search finds, so the same every time. No second copy of the rule exists to drift from the first.
"""

from core.compat import const
from core.pawns_crossing.board import (
    DOMINO_PIPS, HALF_HOLE, HOLE_HALVES, SLOT_TILES, TILE_SLOTS, PUSHER_HALF, HALVES, NONE, pusher_tile,
)

# mirrors of rules' layout (rules imports this module)
_S_PUSHER = const(11)
_S_PUSHER_AT = const(12)
_S_DICE = const(13)
_S_TILES = const(32)
_S_SLOTS = const(48)
_S_PAWN = const(72)
_S_TOKEN_AT = const(76)
_SPACES = const(66)
_TOKEN = const(4)
FAR = const(255)


def allocate(game):
    game.tile_pos = bytearray(16)  # tile piece -> position
    game.half_place = bytearray(HALVES)  # domino half piece (0..49) -> positional half, NONE off the board
    game.place_half = bytearray(HALVES)  # positional half -> domino half piece
    game.token_on = bytearray(HALVES)  # positional half -> 1 + token lying there, or 0
    game.hole_pawns = bytearray(9)  # colour bits of the pawn in each hole
    game.reach = bytearray(_SPACES)  # positional space -> 1 if a legal destination
    game.steps = bytearray(HALVES)  # BFS depth (diecountssteps) / visited marks
    game.queue = bytearray(HALVES)
    game.prev = bytearray(HALVES)  # the half each half was first reached from, NONE from the start (token_path)


def sync(game):
    """Map the pieces of ``game.state`` onto positions (tiles, halves, tokens, pawns)."""
    s = game.state
    for pos in range(16):
        game.tile_pos[s[_S_TILES + pos]] = pos
    half_place = game.half_place
    place_half = game.place_half
    for slot in range(24):
        code = s[_S_SLOTS + slot]
        first = code & ~1
        flip = code & 1
        half_place[first + flip] = slot * 2
        half_place[first + 1 - flip] = slot * 2 + 1
        place_half[slot * 2] = first + flip
        place_half[slot * 2 + 1] = first + 1 - flip
    code = s[_S_PUSHER]
    first = code & ~1
    flip = code & 1
    if s[_S_PUSHER_AT] == NONE:
        half_place[first] = NONE
        half_place[first + 1] = NONE
        place_half[PUSHER_HALF] = NONE
        place_half[PUSHER_HALF + 1] = NONE
    else:
        half_place[first + flip] = PUSHER_HALF
        half_place[first + 1 - flip] = PUSHER_HALF + 1
        place_half[PUSHER_HALF] = first + flip
        place_half[PUSHER_HALF + 1] = first + 1 - flip
    token_on = game.token_on
    for i in range(HALVES):
        token_on[i] = 0
    for t in range(16):
        piece = s[_S_TOKEN_AT + t]
        # a half off the board (NONE) holds no token in a valid state; validate() says so instead of crashing
        if 16 <= piece < _SPACES and half_place[piece - 16] != NONE:
            token_on[half_place[piece - 16]] = t + 1
    for hole in range(9):
        game.hole_pawns[hole] = 0
    for colour in range(4):
        hole = s[_S_PAWN + colour]
        if hole < 9:
            game.hole_pawns[hole] |= 1 << colour


def space_of(game, piece):
    """The positional space of a piece (after ``sync``); FAR for a half of the pusher before the first slide."""
    if piece < 16:
        return game.tile_pos[piece]
    place = game.half_place[piece - 16]
    return FAR if place == NONE else 16 + place


def piece_at(game, space):
    """The piece at a positional space (after ``sync``)."""
    if space < 16:
        return game.state[_S_TILES + space]
    return 16 + game.place_half[space - 16]


def reach(game, start, die, colour):
    """Mark in ``game.reach`` the legal destinations of a token of ``colour`` at positional space ``start``."""
    out = game.reach
    seen = game.steps
    queue = game.queue
    prev = game.prev
    token_on = game.token_on
    place_half = game.place_half
    for i in range(_SPACES):
        out[i] = 0
    for i in range(HALVES):
        seen[i] = 0
    # steps are counted only under the PC-A2 testing flag; otherwise the limit is never reached
    limit = die if game.counts_steps else 99
    blocked = ~(1 << colour)
    pusher_at = game.state[_S_PUSHER_AT]
    head = 0
    tail = 0
    from_tile = start < 16
    if from_tile:
        # the tile's up to four slots, then the pusher if it lies against this tile: each half enters once
        for k in range(5):
            if k < 4:
                slot = TILE_SLOTS[start * 4 + k]
                if slot == NONE:
                    continue
                first = slot * 2
            elif pusher_at != NONE and pusher_tile(pusher_at) == start:
                first = PUSHER_HALF
            else:
                break
            for half in range(first, first + 2):
                if token_on[half] and game.strict_entry:
                    continue  # PC-A6 flag: a transition needs an empty half
                seen[half] = 1
                prev[half] = NONE
                if not token_on[half]:
                    out[16 + half] = 1
                if (0 if token_on[half] else DOMINO_PIPS[place_half[half]]) < die and limit > 1:
                    queue[tail] = half
                    tail += 1
    else:
        half = start - 16
        seen[half] = 1
        prev[half] = NONE
        queue[tail] = half
        tail += 1
    while head < tail:
        half = queue[head]
        head += 1
        depth = seen[half]  # spaces moved to reach this half (1 for the start's neighbours)
        if half == start - 16:
            depth = 0
        if not from_tile:
            # tiles touching a half passed through (or the start) end the move: the one transition
            if half >= PUSHER_HALF:
                out[pusher_tile(pusher_at)] = 1
            else:
                out[SLOT_TILES[half & ~1]] = 1
                out[SLOT_TILES[(half & ~1) + 1]] = 1
        for k in range(4):
            if k == 0:
                nxt = half ^ 1  # the other half of the same domino
            else:
                hole = HALF_HOLE[half] if half < PUSHER_HALF else NONE
                if hole == NONE or game.hole_pawns[hole] & blocked:
                    break  # PC-A9/PC-A10: a pawn of another colour closes the crossing
                nxt = HOLE_HALVES[hole * 4 + k - 1]
                if nxt == half:
                    nxt = HOLE_HALVES[hole * 4 + 3]
            if seen[nxt]:
                continue
            seen[nxt] = depth + 1
            prev[nxt] = half
            if not token_on[nxt]:
                out[16 + nxt] = 1
            if (0 if token_on[nxt] else DOMINO_PIPS[place_half[nxt]]) < die and depth + 1 < limit:
                queue[tail] = nxt
                tail += 1
    if not from_tile:
        out[start] = 0
    return tail


def token_path(game, token, dest, out):
    """One legal path of ``token`` to the piece ``dest`` with its colour's die, as ``reach`` finds it: the
    positional spaces entered, one a step, the destination last (the start not included), into ``out`` (51 bytes
    hold any); returns how many, 0 if ``dest`` is not a legal destination. A shortest path, the first found, so
    every intermediate space is a half below the die or under a token (PC-A2, PC-A3, PC-A6) and a hole crossed
    is open to the colour (PC-A9, PC-A10)."""
    sync(game)
    s = game.state
    colour = token >> 2
    start = space_of(game, s[_S_TOKEN_AT + token])
    tail = reach(game, start, s[_S_DICE + colour], colour)
    space = space_of(game, dest)
    if space == FAR or not game.reach[space]:
        return 0
    prev = game.prev
    half = space - 16
    if space < 16:
        # only a path from a half ends on a tile (PC-A4, PC-A5): through the first half the search took out of
        # its queue that touches the tile, so the fewest spaces
        for i in range(tail):
            half = game.queue[i]
            if half >= PUSHER_HALF:
                if pusher_tile(s[_S_PUSHER_AT]) == space:
                    break
            elif SLOT_TILES[half & ~1] == space or SLOT_TILES[(half & ~1) + 1] == space:
                break
    # back along prev to the start: its half, or NONE for the halves entered from a start tile
    stop = NONE if start < 16 else start - 16
    n = 1 if space < 16 else 0
    at = half
    while at != stop:
        n += 1
        at = prev[at]
    i = n
    if space < 16:
        i -= 1
        out[i] = space
    at = half
    while at != stop:
        i -= 1
        out[i] = 16 + at
        at = prev[at]
    return n


def token_moves(game, buf, colours):
    """Write TOKEN moves for the tokens of ``colours`` with their rolled dice into ``buf`` (ascending by token,
    then destination piece); with ``buf`` None only count them, stopping at the first."""
    sync(game)
    s = game.state
    n = 0
    for t in range(16):
        colour = t >> 2
        piece = s[_S_TOKEN_AT + t]
        if not colours & (1 << colour) or piece >= _SPACES:
            continue
        reach(game, space_of(game, piece), s[_S_DICE + colour], colour)
        out = game.reach
        for dest in range(_SPACES):
            space = space_of(game, dest)
            if space != FAR and out[space]:
                if buf is None:
                    return 1
                buf[n] = (_TOKEN << 12) | (t << 7) | dest
                n += 1
    return n


def tile_distance_sums(game):
    """PC-A25: per colour, the Manhattan distance in tiles from its ace to its 2, 3 and 4, summed."""
    s = game.state
    sums = [0, 0, 0, 0]
    for pos in range(16):
        game.tile_pos[s[_S_TILES + pos]] = pos
    for colour in range(4):
        ace = game.tile_pos[colour * 4]
        for rank in range(1, 4):
            pos = game.tile_pos[colour * 4 + rank]
            sums[colour] += abs(pos // 4 - ace // 4) + abs(pos % 4 - ace % 4)
    return sums


def balance_pairs(game):
    """PC-A25 as PC-C1 reads it: sort the colours by (distance total, colour index); one pair is the first and
    the last of that order, the other the middle two. Returns the two colour masks."""
    sums = tile_distance_sums(game)
    order = sorted([sums[colour] * 4 + colour for colour in range(4)])
    first = (1 << (order[0] & 3)) | (1 << (order[3] & 3))
    return first, 15 & ~first
